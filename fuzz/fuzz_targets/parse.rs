//! AFL++ target: see `sightlines_fuzz::parse`.
fn main() {
    afl::fuzz!(|data: &[u8]| sightlines_fuzz::parse(data));
}
