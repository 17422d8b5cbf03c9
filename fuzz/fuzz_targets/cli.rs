//! AFL++ target: see `sightlines_fuzz::cli`.
fn main() {
    afl::fuzz!(|data: &[u8]| sightlines_fuzz::cli(data));
}
