//! Timing: each side of an op (isochron, then each peer) is calibrated to a sample of about
//! [`TARGET`] and the sides are then timed alternately, round after round, so that drift of a
//! shared machine (frequency, neighbours) hits all of them alike; the result per side is the
//! median over the rounds of the time per iteration.
//!
//! This module knows kernels only, not what they compute: the ops and the peers build on it.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// A timed body: runs its operation `iters` times on inputs it owns.
pub type Kernel = Box<dyn FnMut(u64)>;

/// Alternating rounds per op (DESIGN.md §3 asks for at least 5).
pub const ROUNDS: usize = 21;

/// The duration a calibrated sample aims at.
pub const TARGET: Duration = Duration::from_millis(3);

/// A calibrated sample takes at least this long (unless one iteration is slower than `TARGET`).
const MIN_SAMPLE: Duration = Duration::from_millis(2);

/// A kernel for a cheap operation: the dependent chain `x ← step(x, c)`, so that the loop
/// overhead is amortized identically on every side and the compiler cannot hoist or overlap
/// iterations. `x` and `c` pass through [`black_box`] once per sample.
pub fn chain<T, C>(x: T, c: C, step: impl Fn(T, &C) -> T + 'static) -> Kernel
where
    T: Copy + 'static,
    C: 'static,
{
    Box::new(move |iters| {
        let c = black_box(&c);
        let mut x = black_box(x);
        for _ in 0..iters {
            x = step(x, c);
        }
        black_box(x);
    })
}

/// A kernel applying `f` to the same input again and again (for operations whose output is
/// not a valid next input, e.g. a square root), with [`black_box`] around input and output.
pub fn repeat<T: 'static, R>(x: T, f: impl Fn(&T) -> R + 'static) -> Kernel {
    Box::new(move |iters| {
        for _ in 0..iters {
            black_box(f(black_box(&x)));
        }
    })
}

/// Wall-clock time of one sample of `iters` iterations.
fn sample(kernel: &mut Kernel, iters: u64) -> Duration {
    let start = Instant::now();
    kernel(iters);
    start.elapsed()
}

/// The iteration count that makes one sample of `kernel` take about [`TARGET`] (at least 1),
/// growing at most a hundredfold per step so that a cold first run cannot overshoot.
pub fn calibrate(kernel: &mut Kernel) -> u64 {
    let mut iters = 1u64;
    loop {
        let t = sample(kernel, iters);
        if t >= MIN_SAMPLE {
            return iters;
        }
        let scaled = (iters as f64 * TARGET.as_secs_f64() / t.as_secs_f64().max(1e-9)).ceil();
        iters = (scaled as u64).clamp(iters + 1, iters.saturating_mul(100));
    }
}

/// Median of a non-empty list (mean of the middle two for an even length).
pub fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

/// The result of measuring one op: median nanoseconds per operation for isochron and for each
/// peer, in the op's peer order.
#[derive(Clone, Debug)]
pub struct Measurement {
    /// The op's name (`curve/area/operation`).
    pub op: String,
    /// isochron's median time per operation, in nanoseconds.
    pub isochron_ns: f64,
    /// Each peer's name and median time per operation, in nanoseconds.
    pub peers: Vec<(&'static str, f64)>,
    /// The gas one operation costs, for the ops that have one (the `evm/…` ops): the report
    /// adds the throughput in MGas/s.
    pub gas: Option<u64>,
}

/// Calibrates every side of the op named `op` (isochron's kernel, then each named peer
/// kernel), then times them alternately for `rounds` rounds (isochron, peer 1, peer 2, …,
/// isochron, …) and takes the medians.
pub fn measure(op: &str, isochron: &mut Kernel, peers: &mut [(&'static str, Kernel)], rounds: usize) -> Measurement {
    assert!(rounds > 0, "at least one round");
    let iso_iters = calibrate(isochron);
    let peer_iters: Vec<u64> = peers.iter_mut().map(|(_, k)| calibrate(k)).collect();
    let mut iso = Vec::with_capacity(rounds);
    let mut peer_times = vec![Vec::with_capacity(rounds); peers.len()];
    let per_op = |t: Duration, iters: u64| t.as_secs_f64() * 1e9 / iters as f64;
    for _ in 0..rounds {
        iso.push(per_op(sample(isochron, iso_iters), iso_iters));
        for (((_, k), &iters), times) in peers.iter_mut().zip(&peer_iters).zip(&mut peer_times) {
            times.push(per_op(sample(k, iters), iters));
        }
    }
    Measurement {
        op: op.to_owned(),
        isochron_ns: median(iso),
        peers: peers.iter().map(|(name, _)| *name).zip(peer_times.into_iter().map(median)).collect(),
        gas: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_odd_and_even() {
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 3.0, 2.0]), 2.5);
    }

    #[test]
    fn measure_reports_every_side_in_order() {
        let step = |x: u64, c: &u64| x.wrapping_mul(*c).wrapping_add(1);
        let mut isochron = chain(1, 3, step);
        let mut peers = [("first", chain(1, 5, step)), ("second", chain(1, 7, step))];
        let m = measure("test/op/chain", &mut isochron, &mut peers, 5);
        assert_eq!(m.op, "test/op/chain");
        assert!(m.isochron_ns > 0.0);
        assert_eq!(m.peers.iter().map(|p| p.0).collect::<Vec<_>>(), ["first", "second"]);
        assert!(m.peers.iter().all(|p| p.1 > 0.0));
    }
}
