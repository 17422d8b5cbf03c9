//! Every algorithm of ours and every peer on the benchmark maps (`maps/`,
//! see [`sightlines_bench::workload`]), in one criterion run.
//!
//! One criterion iteration computes the field of view from every viewpoint of
//! the case once (1000 for cave and rooms, 1 for open and pillars), so the
//! throughput criterion prints is fields of view per second, and the report
//! divides the median iteration time by the number of viewpoints to get the
//! median time per field of view.
//!
//! Time is the benchmark thread's CPU time, so that waiting for a CPU on a
//! shared machine is not counted; `SIGHTLINES_BENCH_CLOCK=wall` measures
//! wall-clock time instead.
//!
//! ```sh
//! cargo bench -p sightlines-bench                      # everything (~15 min)
//! cargo bench -p sightlines-bench --features libtcod   # with libtcod
//! cargo bench -p sightlines-bench -- 'cave-r16/'       # one case
//! cargo bench -p sightlines-bench -- 'cave-r16/sightlines/recursive'
//! cargo bench -p sightlines-bench --profile lto        # fat LTO, one codegen unit
//! ```
//!
//! Each profile keeps its own results: `target/criterion` for `release` (the
//! `bench` profile), `target/criterion-lto` for `lto` (see
//! [`report::criterion_dir`]), unless `CRITERION_HOME` says otherwise.

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{Criterion, SamplingMode, Throughput};
use sightlines_bench::cputime::thread_cpu_time;
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

fn fov<M: Measurement>(c: &mut Criterion<M>, clock: &str, profile: &str) {
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
    // For the report: the clock, and how busy the machine was meanwhile.
    let note = format!(
        "times in {clock}; load average {load_at_start} at the start, {} at the end, {:.0} s",
        load(),
        start.elapsed().as_secs_f64()
    );
    let file = report::run_note_file(profile);
    if let Err(e) =
        std::fs::create_dir_all(report::out_dir()).and_then(|()| std::fs::write(&file, note + "\n"))
    {
        eprintln!("sightlines-bench: cannot write {}: {e}", file.display());
    }
}

/// The benchmark thread's CPU time, as a criterion measurement.
struct ThreadTime;

impl Measurement for ThreadTime {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        thread_cpu_time().expect("checked in main")
    }

    fn end(&self, start: Duration) -> Duration {
        thread_cpu_time().expect("checked in main") - start
    }

    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        &Nanoseconds
    }
}

/// Formats nanoseconds as criterion's wall clock does.
struct Nanoseconds;

impl ValueFormatter for Nanoseconds {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = match typical {
            t if t < 1e3 => (1.0, "ns"),
            t if t < 1e6 => (1e-3, "µs"),
            t if t < 1e9 => (1e-6, "ms"),
            _ => (1e-9, "s"),
        };
        values.iter_mut().for_each(|v| *v *= factor);
        unit
    }

    fn scale_throughputs(
        &self,
        typical: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let per_iteration = match *throughput {
            Throughput::Elements(n) | Throughput::ElementsAndBytes { elements: n, .. } => n,
            Throughput::Bytes(n) | Throughput::BytesDecimal(n) | Throughput::Bits(n) => n,
        } as f64;
        let per_second = per_iteration * 1e9 / typical;
        let (divisor, unit) = match per_second {
            p if p < 1e3 => (1.0, " elem/s"),
            p if p < 1e6 => (1e3, "Kelem/s"),
            p if p < 1e9 => (1e6, "Melem/s"),
            _ => (1e9, "Gelem/s"),
        };
        values
            .iter_mut()
            .for_each(|v| *v = per_iteration * 1e9 / *v / divisor);
        unit
    }

    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

/// 9 cases x about 40 contenders: short runs keep the suite near 15 minutes;
/// 30 samples still give a stable median.
fn config<M: Measurement>(c: Criterion<M>) -> Criterion<M> {
    c.sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_millis(1500))
        .without_plots()
        .configure_from_args()
}

fn main() {
    // Set before criterion reads it, so that each profile's results are kept
    // apart and the report can set them side by side.
    let profile = report::profile_of_exe();
    if std::env::var_os("CRITERION_HOME").is_none() {
        std::env::set_var("CRITERION_HOME", report::criterion_dir(&profile));
    }
    let wall = std::env::var("SIGHTLINES_BENCH_CLOCK").is_ok_and(|v| v == "wall");
    if wall || thread_cpu_time().is_none() {
        let mut c = config(Criterion::default().with_measurement(WallTime));
        fov(&mut c, "wall-clock time", &profile);
        c.final_summary();
    } else {
        let mut c = config(Criterion::default().with_measurement(ThreadTime));
        fov(&mut c, "the benchmark thread's CPU time", &profile);
        c.final_summary();
    }
}
