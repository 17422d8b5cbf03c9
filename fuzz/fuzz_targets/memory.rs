//! AFL++ target: see `sightlines_fuzz::memory`.
fn main() {
    afl::fuzz!(|data: &[u8]| sightlines_fuzz::memory(data));
}
