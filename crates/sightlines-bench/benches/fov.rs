//! Every algorithm of ours and every peer on the workloads of `DESIGN.md`, in
//! one criterion run.
//!
//! One criterion iteration computes the field of view from every viewpoint of
//! the case once (1000 for cave and rooms, 1 for open and pillars), so the
//! throughput criterion prints is fields of view per second, and the report
//! divides the median iteration time by the number of viewpoints to get the
//! median time per field of view.
//!
//! ```sh
//! cargo bench -p sightlines-bench                      # everything (~15 min)
//! cargo bench -p sightlines-bench --features libtcod   # with libtcod
//! cargo bench -p sightlines-bench -- 'cave-r16/'       # one case
//! cargo bench -p sightlines-bench -- 'cave-r16/sightlines/recursive'
//! ```

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use sightlines_bench::workload::{load_all, CASES};
use sightlines_bench::{contender, report};
use std::time::{Duration, Instant};

/// The one-minute load average, from /proc/loadavg (Linux).
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "?".to_owned())
}

fn fov(c: &mut Criterion) {
    let (start, load_at_start) = (Instant::now(), load());
    let workloads = load_all().unwrap_or_else(|e| {
        eprintln!("sightlines-bench: {e}");
        std::process::exit(1);
    });
    for case in CASES {
        let w = workloads
            .iter()
            .find(|w| w.name == case.map)
            .expect("load_all loads every case's map");
        let mut group = c.benchmark_group(case.name());
        group.throughput(Throughput::Elements(w.viewpoints.len() as u64));
        // Every sample is at least one pass over all viewpoints; the slow
        // peers take tens of milliseconds a pass on the 1000-viewpoint maps.
        group.sampling_mode(SamplingMode::Flat);
        for spec in contender::for_map(case.map) {
            let mut contender = (spec.build)(w, case.radius);
            group.bench_function(&spec.id, |b| b.iter(|| contender.run(&w.viewpoints)));
        }
        group.finish();
    }
    // For the report: how busy the machine was while we timed.
    let note = format!(
        "load average {load_at_start} at the start, {} at the end, {:.0} s",
        load(),
        start.elapsed().as_secs_f64()
    );
    let dir = report::out_dir();
    if let Err(e) = std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(dir.join("bench-run.txt"), note + "\n"))
    {
        eprintln!("sightlines-bench: cannot write {}: {e}", dir.display());
    }
}

criterion_group! {
    name = benches;
    // 9 cases x about 40 contenders: short runs keep the suite near 15 minutes;
    // 30 samples still give a stable median.
    config = Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_millis(1500))
        .without_plots();
    targets = fov
}
criterion_main!(benches);
