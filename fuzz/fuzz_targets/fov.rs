//! AFL++ target: see `sightlines_fuzz::fov`.
fn main() {
    afl::fuzz!(|data: &[u8]| sightlines_fuzz::fov(data));
}
