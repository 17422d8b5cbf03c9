//! The CPU time of the calling thread, which the benchmarks measure by
//! default.
//!
//! On a machine shared with other work, wall-clock time also counts the
//! moments the benchmark thread waits for a CPU; its CPU time does not. For
//! single-threaded work like a field of view the two agree on an idle
//! machine. (Other work still shares the caches, so a loaded machine is still
//! a little slower; the instruction counts are the figures that do not move.)

use std::time::Duration;

/// The CPU time the calling thread has used, or `None` where the platform
/// has no per-thread clock (the benchmarks then fall back to wall time).
///
/// ```
/// let t = sightlines_bench::cputime::thread_cpu_time();
/// assert!(cfg!(not(unix)) || t.is_some());
/// ```
#[cfg(unix)]
#[allow(unsafe_code)]
pub fn thread_cpu_time() -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable `timespec` for the duration of the
    // call, which only writes it; the clock id is a constant the platform's
    // libc defines. A non-zero return means the clock is not available.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
}

/// The CPU time the calling thread has used: not available here.
#[cfg(not(unix))]
pub fn thread_cpu_time() -> Option<Duration> {
    None
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::hint::black_box;
    use std::time::Instant;

    #[test]
    fn counts_work_and_not_sleep() {
        let t0 = thread_cpu_time().unwrap();
        std::thread::sleep(Duration::from_millis(50));
        let t1 = thread_cpu_time().unwrap();
        assert!(t1 - t0 < Duration::from_millis(25), "{:?}", t1 - t0);
        let start = Instant::now();
        let mut x = 0u64;
        while start.elapsed() < Duration::from_millis(30) {
            x = black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
        let t2 = thread_cpu_time().unwrap();
        assert!(t2 > t1, "busy work must use CPU time");
    }
}
