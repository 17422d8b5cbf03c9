//! AFL++ target: see `sightlines_fuzz::hex`.
fn main() {
    afl::fuzz!(|data: &[u8]| sightlines_fuzz::hex(data));
}
