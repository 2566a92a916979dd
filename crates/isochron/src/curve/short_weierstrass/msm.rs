//! Variable-time multi-scalar multiplication `Σ [kᵢ]·Pᵢ` for public points and scalars: the core
//! behind [`crate::curve::Group::msm_vartime`] (the generic entry points live in `crate::msm`).
//!
//! Method, for `n` pairs (Pippenger, "On the evaluation of powers and monomials", SIAM J. Comput.
//! 1980; the bucket form as in Bernstein–Doumen–Lange–Oosterwijk, "Faster batch forgery
//! identification", INDOCRYPT 2012, §4):
//! 1. Below [`SMALL_SPLIT`] (128) scalars after the split of step 2 (64 pairs on G1, 32 on G2 of
//!    BLS12-381 and BN254): interleaved wNAF ([`Projective::multi_mul_limbs_vartime`], Straus).
//! 2. GLV/GLS split (the curve's [`SwCurve::ENDOMORPHISM`] lattice): each `kᵢ` becomes `d` short
//!    magnitudes (128 bits on G1, 64 on G2) with signs, the signs folded into the points
//!    (`−P` costs one negation) and the points `φʲ(Pᵢ)` computed once. Zero scalars and identity
//!    points are dropped here.
//! 3. Signed-digit windows of `c` bits: digits in `[−2^(c−1), 2^(c−1)]`, so `2^(c−1)` buckets per
//!    window, the top window's digits unsigned (its bits and the carry; it may be wider than
//!    `c`); the layout minimizes a cost model (additions into buckets plus bucket reduction, in
//!    field multiplications) over the input size ([`window_shape`]).
//! 4. Bucket accumulation by batch-affine addition: buckets are affine points; the additions of
//!    a window are gathered in batches of independent additions (at most one per bucket) and
//!    share one field inversion (Montgomery's trick), about 5M + 1S per addition against
//!    8M + 2S for a mixed XYZZ addition (the "batch-affine" technique of the ZPrize 2022 MSM
//!    entries, described in Aztec's and Yrrid's write-ups and in eprint 2022/1400 §3).
//!    `P + P` joins the batch as an affine doubling (`λ = 3x²/2y`) and `P + (−P)` empties the
//!    bucket directly; an addition meeting a bucket already in the batch is retried after it,
//!    or, when a few buckets are crowded by many additions, left to the reduction, which then
//!    runs in XYZZ coordinates (whose formulas handle every case). Windows below
//!    [`MIN_AFFINE_WINDOW`] bits (inputs of a few hundred points) have too few buckets each for
//!    such batches, so they share one bucket set ([`shared_window_sums`]).
//! 5. Bucket reduction by running sums (`Σ j·B_j`, two additions per bucket), in affine
//!    coordinates over segments of the buckets advancing side by side so that each step
//!    shares one inversion ([`reduce_affine`]); windows combined by `c` doublings each.
//!
//! On CPUs with AVX-512 IFMA (detected at run time) and a base field of four or six words, steps
//! 4 and 5 run on eight lanes of radix-`2^52` Montgomery arithmetic (`msm_ifma`): the same
//! scheduling and formulas, eight additions of a batch at a time.
//!
//! [`MsmTable`] adds shifted copies `[2^(c·t)]·P` of a fixed point set, so that several windows
//! share one set of buckets (fewer reductions and doublings, wider windows).
//!
//! With `parallel`, the windows run on rayon's pool; every window is computed the same way
//! either way and combined in the same order, so both paths return the same point.

use alloc::vec::Vec;

use super::xyzz::Xyzz;
use super::{Affine, Projective, Scalar, SwCurve};
use crate::field::Field;

/// Below this many split scalars (pairs times the endomorphism's dimension) the interleaved wNAF
/// (Straus) is used: its tables and shared doublings cost less than the bucket passes. Measured
/// crossover on BLS12-381 (2026-11-25, with and without the IFMA backend): G1 between 32 and 64
/// pairs, level at 64; G2 between 16 and 32 pairs, Pippenger 6–10% faster at 32 and 25% at 127.
const SMALL_SPLIT: usize = 128;

/// Whether `n` pairs take the interleaved wNAF ([`SMALL_SPLIT`]).
fn straus_wins<C: SwCurve>(n: usize) -> bool {
    n * split_shape::<C>().0 < SMALL_SPLIT
}

/// Whether [`msm_vartime`] of `n` pairs would run its bucket additions on the AVX-512 IFMA
/// backend (`msm_ifma`, where the CPU and the base field have it): Pippenger with windows of at
/// least [`MIN_AFFINE_WINDOW`] bits. Smaller inputs take the scalar code.
pub(crate) fn takes_vector_buckets<C: SwCurve>(n: usize) -> bool {
    let (dim, bits) = split_shape::<C>();
    !straus_wins::<C>(n) && window_shape(n * dim, bits, true, 1).c >= MIN_AFFINE_WINDOW
}

/// Whether the windows of [`MIN_AFFINE_WINDOW`] bits and more run on the AVX-512 IFMA backend
/// (`msm_ifma`) for this curve on this CPU.
fn vector_windows<C: SwCurve>() -> bool {
    #[cfg(target_arch = "x86_64")]
    return vector_enabled() && super::msm_ifma::supports::<C>();
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// Additions gathered per batch inversion, at most (and at most `1/BATCH_FRACTION` of the
/// buckets, so that few additions meet a bucket already in the batch).
const MAX_BATCH: usize = 1024;
/// See [`MAX_BATCH`].
const BATCH_FRACTION: usize = 8;
/// Additions per batch inversion, at least, in small windows (at most half the buckets): short
/// batches cost more in inversions than the retries of crowded ones.
const MIN_BATCH: usize = 128;

/// How many points ahead the bucket of a coming addition is prefetched.
pub(super) const PREFETCH_DISTANCE: usize = 8;

/// How many additions ahead a batch's bucket is prefetched while the additions are performed.
const STEP_PREFETCH: usize = 4;

/// How many points ahead a window's pass over the points prefetches ([`BucketSet::prefetch_point`]).
pub(super) const POINT_PREFETCH_DISTANCE: usize = 16;

/// How many scalars ahead an MSM over a table prefetches the points of its row (its copies).
const TABLE_PREFETCH_DISTANCE: usize = 2;

/// Rounds of batches for the additions still set aside when a window's points are all
/// scheduled ([`BucketSet::finish`]).
pub(super) const FINAL_ROUNDS: usize = 8;

/// Scalars after the GLV/GLS split: little-endian limbs of a non-negative magnitude, with the
/// number of significant bits (`bits`) shared by all.
struct Split<C: SwCurve> {
    points: Vec<Affine<C>>,
    scalars: Vec<[u64; 4]>,
    bits: u32,
}

/// `φ(p)` for an affine point, as an affine point: the curves' endomorphisms keep `Z = 1`
/// (`(βx, y, 1)`, `ψ` conjugates `Z`), otherwise one inversion.
pub(super) fn map_affine<C: SwCurve>(map: fn(&Projective<C>) -> Projective<C>, p: &Affine<C>) -> Affine<C> {
    let q = map(&Projective::from(*p));
    if q.z == C::Base::ONE {
        Affine::from_xy_unchecked(q.x, q.y)
    } else {
        q.to_affine()
    }
}

/// The images `φʲ(Pᵢ)`, `j < d`, of every point, `d` per point in order (`d = 1` without an
/// endomorphism); identity points stay the identity.
pub(super) fn expand_points<C: SwCurve>(points: &[Affine<C>]) -> Vec<Affine<C>> {
    let Some(endo) = C::ENDOMORPHISM else {
        return points.to_vec();
    };
    let dim = endo.lattice.dim();
    let mut out = Vec::with_capacity(points.len() * dim);
    for p in points {
        out.push(*p);
        if bool::from(p.infinity) {
            out.extend(core::iter::repeat_n(*p, dim - 1));
            continue;
        }
        let mut q = *p;
        for _ in 1..dim {
            q = map_affine(endo.map, &q);
            out.push(q);
        }
    }
    out
}

/// Splits each scalar by the curve's lattice, dropping zero scalars and identity points and
/// folding the signs into the points. With `expanded`, `points` holds the images `φʲ(Pᵢ)`, `d` per
/// point ([`expand_points`]); otherwise one point per scalar, whose images are computed here.
fn split<C: SwCurve>(points: &[Affine<C>], expanded: bool, scalars: &[Scalar<C>]) -> Split<C> {
    let Some(endo) = C::ENDOMORPHISM else {
        let mut out = Split { points: Vec::with_capacity(scalars.len()), scalars: Vec::new(), bits: 256 };
        for (p, k) in points.iter().zip(scalars) {
            let k = k.to_canonical_limbs();
            if !bool::from(p.infinity) && k != [0; 4] {
                out.points.push(*p);
                out.scalars.push(k);
            }
        }
        return out;
    };
    let lattice = &endo.lattice;
    let dim = lattice.dim();
    let stride = if expanded { dim } else { 1 };
    let n = scalars.len().min(points.len() / stride);
    let mut out =
        Split { points: Vec::with_capacity(n * dim), scalars: Vec::with_capacity(n * dim), bits: lattice.bits() };
    for (i, (p, k)) in points.iter().step_by(stride).zip(&scalars[..n]).enumerate() {
        if bool::from(p.infinity) {
            continue;
        }
        let k = k.to_canonical_limbs();
        if k == [0; 4] {
            continue;
        }
        let dec = lattice.decompose(&k);
        let mut image = *p;
        for (e, (m, neg)) in dec.magnitudes.iter().zip(&dec.negative).take(dim).enumerate() {
            if e > 0 {
                image = if expanded { points[i * dim + e] } else { map_affine(endo.map, &image) };
            }
            if *m == [0, 0] {
                continue;
            }
            out.points.push(if bool::from(*neg) { neg_vartime(&image) } else { image });
            out.scalars.push([m[0], m[1], 0, 0]);
        }
    }
    out
}

/// Inputs below this size are split and cut into digits on one thread.
const PARALLEL_PREP_MIN: usize = 4096;

/// [`split`] cut into [`pieces`] side by side on rayon's pool when `parallel`: the same result.
fn split_parallel<C: SwCurve>(points: &[Affine<C>], expanded: bool, scalars: &[Scalar<C>], parallel: bool) -> Split<C> {
    let stride = if expanded { split_shape::<C>().0 } else { 1 };
    let n = scalars.len().min(points.len() / stride);
    let parts = pieces(parallel);
    if parts == 1 || n < PARALLEL_PREP_MIN {
        return split(points, expanded, scalars);
    }
    let chunk = n.div_ceil(parts);
    let parts = par_map(n.div_ceil(chunk), parallel, |c| {
        let (a, b) = (c * chunk, n.min((c + 1) * chunk));
        split(&points[a * stride..b * stride], expanded, &scalars[a..b])
    });
    let total = parts.iter().map(|p| p.points.len()).sum();
    let mut out = Split { points: Vec::with_capacity(total), scalars: Vec::with_capacity(total), bits: parts[0].bits };
    for p in parts {
        out.points.extend(p.points);
        out.scalars.extend(p.scalars);
    }
    out
}

/// [`signed_digits`] cut into [`pieces`] side by side on rayon's pool when `parallel`: the same
/// digits.
fn signed_digits_parallel(scalars: &[[u64; 4]], c: u32, windows: usize, parallel: bool) -> Vec<i32> {
    let n = scalars.len();
    let parts = pieces(parallel);
    if parts == 1 || n < PARALLEL_PREP_MIN {
        return signed_digits(scalars, c, windows);
    }
    let chunk = n.div_ceil(parts);
    let blocks = par_map(n.div_ceil(chunk), parallel, |p| {
        signed_digits(&scalars[p * chunk..n.min((p + 1) * chunk)], c, windows)
    });
    let mut digits = Vec::with_capacity(n * windows);
    for w in 0..windows {
        for b in &blocks {
            let len = b.len() / windows;
            digits.extend_from_slice(&b[w * len..(w + 1) * len]);
        }
    }
    digits
}

/// Estimated cost, in field multiplications, of accumulating one point into a bucket:
/// batch-affine (5M + 1S and a share of the batch's inversion) from [`MIN_AFFINE_WINDOW`] bits
/// on, a mixed XYZZ addition (8M + 2S) below.
const fn add_cost(c: u32) -> u64 {
    if c >= MIN_AFFINE_WINDOW {
        6
    } else {
        10
    }
}

/// Estimated cost, in field multiplications, of the bucket reduction of one `c`-bit window
/// (`2^(c−1)` buckets; see [`reduction_cost_of`]).
const fn reduction_cost(c: u32) -> u64 {
    reduction_cost_of(1 << (c - 1))
}

/// Estimated cost, in field multiplications, of the reduction of `m` buckets: two batch-affine
/// additions per bucket (about 13M) from [`MIN_AFFINE_REDUCTION`] buckets on
/// ([`reduce_affine`]), two XYZZ additions (about 24M) below.
const fn reduction_cost_of(m: usize) -> u64 {
    if m >= MIN_AFFINE_REDUCTION {
        13 * m as u64
    } else {
        24 * m as u64
    }
}

/// Estimated cost of one XYZZ doubling, in field multiplications (6M + 3S).
const DOUBLING_COST: u64 = 9;

/// Estimated cost of a field inversion, in field multiplications.
const INVERSION_COST: u64 = 100;

/// Windows with fewer buckets than this, sharing a bucket set ([`shared_window_sums`]), are
/// crowded: many of their additions meet a busy bucket and end in the reduction, as XYZZ
/// additions.
const CROWDED_BUCKETS: usize = 8;

/// The window layout minimizing the estimated cost, in field multiplications, of the additions
/// of `n` points into the buckets of every window and of the bucket reductions: `c`-bit
/// windows, `⌊bits/c⌋ + 1` of them, or `⌊bits/c⌋` with a top window of `c + bits mod c` bits
/// (at most [`MAX_TOP_BITS`]; one window fewer of additions for a wider top bucket set, as 8
/// windows of 14 bits and one of 15 for 127-bit scalars instead of 10 of 13). The additions
/// are batch-affine at every width (about 6M, small windows sharing one bucket set,
/// [`shared_window_sums`]), and the model counts what makes a top window of few bits (the last
/// bits of the scalars and the carry) expensive: from
/// [`MIN_AFFINE_WINDOW`] bits on its batches are short (one inversion for at most half its
/// buckets), and in a shared set its additions crowd a few buckets and are left to the
/// reduction (XYZZ, about 10M). With `vector` (the AVX-512 IFMA backend, which takes the
/// bucket additions of the windows of [`MIN_AFFINE_WINDOW`] bits and more) those additions cost
/// [`VECTOR_COST`] of the scalar estimate. The windows are spread over `threads` threads
/// ([`pieces`]), so a layout whose window count leaves threads idle in the last round costs
/// that much more.
pub(super) fn window_shape(n: usize, bits: u32, vector: bool, threads: usize) -> MsmShape {
    let threads = threads.max(1);
    let n = n as u64;
    let cost = |shape: &MsmShape| -> u64 {
        let c = shape.c;
        let shared = (0..shape.windows).map(|w| shape.buckets(w)).sum();
        (0..shape.windows)
            .map(|w| {
                let m = shape.buckets(w);
                let add = if c >= MIN_AFFINE_WINDOW {
                    6 * n + INVERSION_COST * n / batch_size(m) as u64
                } else if m < CROWDED_BUCKETS {
                    10 * n
                } else {
                    6 * n + INVERSION_COST * n / batch_size(shared) as u64
                };
                let add = if vector && c >= MIN_AFFINE_WINDOW { add * VECTOR_COST.0 / VECTOR_COST.1 } else { add };
                add + reduction_cost_of(m)
            })
            .sum()
    };
    // On `threads` threads the windows run side by side: the last round may leave some idle.
    let time =
        |shape: &MsmShape| cost(shape) * (shape.windows.div_ceil(threads) * threads) as u64 / shape.windows as u64;
    candidate_shapes(bits, 2..=16).min_by_key(|shape| (time(shape), shape.c, shape.windows)).unwrap_or(MsmShape {
        bits,
        c: 2,
        windows: (bits / 2 + 1) as usize,
    })
}

/// The window layouts [`window_shape`] chooses from for widths `cs`: `⌊bits/c⌋ + 1` windows of
/// `c` bits, and `⌊bits/c⌋` with a wide top window where it has at most [`MAX_TOP_BITS`] bits.
fn candidate_shapes(bits: u32, cs: impl Iterator<Item = u32>) -> impl Iterator<Item = MsmShape> {
    cs.flat_map(move |c| {
        let wide = (bits / c >= 2 && c + bits % c <= MAX_TOP_BITS).then_some(bits / c);
        core::iter::once(bits / c + 1).chain(wide).map(move |w| MsmShape { bits, c, windows: w as usize })
    })
}

/// The widest top window [`window_shape`] considers, in bits: `2^16` buckets.
const MAX_TOP_BITS: u32 = 16;

/// The time of a window's bucket additions on the AVX-512 IFMA backend against the scalar
/// code, as a fraction: about 0.5–0.6 measured (whole MSMs at 0.54 and 0.67 of the scalar
/// time, the bucket reductions staying scalar; BLS12-381 G1 at 65,536 and 1,024 points, Intel
/// Xeon, 2026-12-07).
const VECTOR_COST: (u64, u64) = (1, 2);

/// The smallest window width whose buckets are accumulated by batch-affine additions window by
/// window: below it a batch (at most an eighth of the `2^(c−1)` buckets) is too short to
/// amortize its inversion, and the windows of an MSM share one bucket set
/// ([`shared_window_sums`]; the fixed-base tables use XYZZ buckets with mixed additions).
const MIN_AFFINE_WINDOW: u32 = 9;

/// The most windows a scalar can have (`⌊256/2⌋ + 1`), for the digit buffers on the stack.
const MAX_WINDOWS: usize = 129;

/// The digits of one scalar of at most `bits` bits into `out[..windows]` with
/// `k = Σ_w digit·2^(c·w)`: signed `c`-bit digits in `[−2^(c−1), 2^(c−1)]`, except the top
/// window's, which takes the bits left and the carry unsigned (`[0, 2^(bits − c·w)]`, see
/// [`window_buckets`]). `windows` is `⌊bits/c⌋ + 1`, or `⌊bits/c⌋` for a wide top window
/// ([`window_shape`]).
#[inline]
fn scalar_digits(k: &[u64; 4], c: u32, out: &mut [i32]) {
    let mask = (1u64 << c) - 1;
    let half = 1i64 << (c - 1);
    let top = out.len().saturating_sub(1);
    let mut carry = 0i64;
    for (w, digit) in out.iter_mut().enumerate() {
        let bit = w * c as usize;
        let (limb, off) = (bit / 64, bit % 64);
        let mut v = k.get(limb).copied().unwrap_or(0) >> off;
        if off > 0 {
            v |= k.get(limb + 1).copied().unwrap_or(0) << (64 - off);
        }
        if w == top {
            // At most MAX_TOP_BITS bits are left below the scalar's bound.
            *digit = ((v & u64::from(u32::MAX >> 1)) as i64 + carry) as i32;
            break;
        }
        let mut d = (v & mask) as i64 + carry;
        carry = 0;
        if d > half {
            d -= 1 << c;
            carry = 1;
        }
        *digit = d as i32;
    }
}

/// The number of buckets window `w` of `windows` needs: its largest digit magnitude,
/// `2^(c−1)`, or for the top window `2^(bits − c·w)` (its bits and the carry from below).
fn window_buckets(bits: u32, c: u32, windows: usize, w: usize) -> usize {
    let left = bits.saturating_sub(c * w as u32);
    if w + 1 == windows {
        1 << left
    } else {
        1 << (c - 1).min(left)
    }
}

/// Signed `c`-bit digits of every scalar ([`scalar_digits`]), window-major
/// (`digits[w·n + i]`).
pub(super) fn signed_digits(scalars: &[[u64; 4]], c: u32, windows: usize) -> Vec<i32> {
    let n = scalars.len();
    let mut digits = alloc::vec![0i32; n * windows];
    let mut buf = [0i32; MAX_WINDOWS];
    for (i, k) in scalars.iter().enumerate() {
        scalar_digits(k, c, &mut buf[..windows]);
        for (w, d) in buf[..windows].iter().enumerate() {
            digits[w * n + i] = *d;
        }
    }
    digits
}

/// `−p` without the constant-time select (public points).
#[inline(always)]
fn neg_vartime<C: SwCurve>(p: &Affine<C>) -> Affine<C> {
    Affine { x: p.x, y: -p.y, infinity: p.infinity }
}

/// Bucket index flag of a batch entry that doubles its bucket (`B_j + B_j`).
const DOUBLE: u32 = 1 << 31;

/// Point index flag of an addition of the point's opposite.
pub(super) const NEG: u32 = 1 << 31;

/// A bucket set `B_j` (digit magnitude `j + 1`) over a slice of points and its weighted sum
/// `Σ_j (j + 1)·B_j`.
pub(super) trait BucketSet<C: SwCurve> {
    /// `B_j += ±points[i]` (`−` when `neg`; the point not the identity).
    fn add(&mut self, j: usize, i: usize, neg: bool);
    /// `Σ_j (j + 1)·B_j`.
    fn finish(self) -> Xyzz<C::Base>;
    /// A hint that bucket `j` is about to be used (brings it towards the cache).
    #[inline(always)]
    fn prefetch(&self, _j: usize) {}
    /// A hint that point `i` is about to be read (brings all its cache lines towards the
    /// cache): the pass over the points is sequential, but a point spans two or three lines and
    /// the bucket accesses between them hide the pattern from the hardware prefetcher.
    #[inline(always)]
    fn prefetch_point(&self, _i: usize) {}
}

/// Hints the processor to bring the cache line at `p` into the cache (no effect elsewhere).
#[inline(always)]
pub(super) fn prefetch<T>(p: &T) {
    prefetch_address((p as *const T).cast());
}

/// [`prefetch`] for every cache line `*p` spans.
#[inline(always)]
pub(super) fn prefetch_lines<T>(p: &T) {
    let start = (p as *const T).cast::<u8>();
    let mut offset = 0;
    while offset < core::mem::size_of::<T>() {
        prefetch_address(start.wrapping_add(offset));
        offset += 64;
    }
    prefetch_address(start.wrapping_add(core::mem::size_of::<T>().saturating_sub(1)));
}

/// The prefetch hint for the cache line holding `address` (never read: any address will do).
#[inline(always)]
fn prefetch_address(address: *const u8) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: `_mm_prefetch` needs SSE, which every x86-64 processor has; a prefetch is
        // a hint that never faults and reads nothing into the program, whatever the address.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(address.cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
}

/// `±points[i & !NEG]`, `−` with [`NEG`].
#[inline(always)]
fn signed_point<C: SwCurve>(points: &[Affine<C>], i: u32) -> Affine<C> {
    let p = &points[(i & !NEG) as usize];
    if i & NEG != 0 {
        neg_vartime(p)
    } else {
        *p
    }
}

/// Buckets in XYZZ coordinates with mixed additions (small windows).
struct XyzzBuckets<'a, C: SwCurve> {
    buckets: Vec<Xyzz<C::Base>>,
    points: &'a [Affine<C>],
}

impl<'a, C: SwCurve> XyzzBuckets<'a, C> {
    /// `count` empty buckets, for additions of `points`.
    fn new(count: usize, points: &'a [Affine<C>]) -> Self {
        XyzzBuckets { buckets: alloc::vec![Xyzz::IDENTITY; count], points }
    }
}

impl<C: SwCurve> BucketSet<C> for XyzzBuckets<'_, C> {
    #[inline]
    fn add(&mut self, j: usize, i: usize, neg: bool) {
        let p = &self.points[i];
        let b = &mut self.buckets[j];
        *b = if neg { b.add_mixed_vartime(&neg_vartime(p)) } else { b.add_mixed_vartime(p) };
    }

    #[inline(always)]
    fn prefetch_point(&self, i: usize) {
        if let Some(p) = self.points.get(i) {
            prefetch_lines(p);
        }
    }

    fn finish(self) -> Xyzz<C::Base> {
        let mut running = Xyzz::IDENTITY;
        let mut total = Xyzz::IDENTITY;
        for b in self.buckets.iter().rev() {
            running = running.add_vartime::<C>(b);
            total = total.add_vartime::<C>(&running);
        }
        total
    }
}

/// The additions that met a busy bucket, taken out of `conflicts` to be scheduled again; when
/// there are more than `batch_size` of them (inputs crowding few buckets) they go to `deferred`
/// (the reduction) instead and none is returned, which keeps the work linear.
pub(super) fn take_retries(
    conflicts: &mut Vec<(u32, u32)>,
    deferred: &mut Vec<(u32, u32)>,
    batch_size: usize,
) -> Vec<(u32, u32)> {
    let mut pending = core::mem::take(conflicts);
    if pending.len() > batch_size {
        deferred.append(&mut pending);
    }
    pending
}

/// Additions per batch for `count` buckets (see [`MAX_BATCH`]).
pub(super) fn batch_size(count: usize) -> usize {
    (count / BATCH_FRACTION).max((count / 2).min(MIN_BATCH)).clamp(1, MAX_BATCH)
}

/// One window's buckets, accumulated by batch-affine additions. Pending additions name their
/// point by index (with [`NEG`]) rather than copying it.
struct Buckets<'a, C: SwCurve> {
    /// `B_j` for digit magnitude `j + 1` (the identity when empty).
    affine: Vec<Affine<C>>,
    /// Whether bucket `j` has an addition pending in the current batch.
    busy: Vec<bool>,
    /// The points added.
    points: &'a [Affine<C>],
    /// The pending batch: bucket index (with [`DOUBLE`] for a doubling) and point index (with
    /// [`NEG`]).
    batch: Vec<(u32, u32)>,
    /// Prefix products of the denominators, for Montgomery's trick.
    prefix: Vec<C::Base>,
    /// The batch's denominators, then their inverses.
    inverses: Vec<C::Base>,
    /// Additions that met a bucket already in the batch, retried after it.
    conflicts: Vec<(u32, u32)>,
    /// Additions left to the reduction (buckets crowded by many additions).
    deferred: Vec<(u32, u32)>,
    batch_size: usize,
}

impl<'a, C: SwCurve> Buckets<'a, C> {
    /// `count` empty buckets, for additions of `points` (fewer than `2^31`).
    fn new(count: usize, points: &'a [Affine<C>]) -> Self {
        let batch_size = batch_size(count);
        Buckets {
            affine: alloc::vec![Affine::identity(); count],
            busy: alloc::vec![false; count],
            points,
            batch: Vec::with_capacity(batch_size),
            prefix: Vec::with_capacity(batch_size),
            inverses: Vec::with_capacity(batch_size),
            conflicts: Vec::new(),
            deferred: Vec::new(),
            batch_size,
        }
    }
}

impl<C: SwCurve> BucketSet<C> for Buckets<'_, C> {
    #[inline(always)]
    fn prefetch(&self, j: usize) {
        if let Some(b) = self.affine.get(j) {
            prefetch(b);
        }
    }

    #[inline(always)]
    fn prefetch_point(&self, i: usize) {
        if let Some(p) = self.points.get(i) {
            prefetch_lines(p);
        }
    }

    /// Schedules `B_j += ±points[i]`; performs the batch when it is full, then retries the
    /// additions that met a busy bucket.
    #[inline]
    fn add(&mut self, j: usize, i: usize, neg: bool) {
        self.push(j, i as u32 | if neg { NEG } else { 0 });
        if self.batch.len() >= self.batch_size {
            self.flush();
            self.retry();
        }
    }

    /// `Σ_j (j + 1)·B_j`: the batch-affine reduction ([`reduce_affine`]) when every addition
    /// went through the batches, otherwise running sums in XYZZ coordinates with the
    /// set-aside additions folded in.
    fn finish(mut self) -> Xyzz<C::Base> {
        self.settle();
        finish_buckets(&self.affine, self.deferred, self.points)
    }
}

/// `Σ_j (j + 1)·(B_j + Σ ±points[i])` over the affine buckets `B_j` and the additions
/// `(j, i)` set aside (`i` with [`NEG`]): the batch-affine reduction ([`reduce_affine`]) when
/// none were set aside, otherwise running sums in XYZZ coordinates with them folded in.
pub(super) fn finish_buckets<C: SwCurve>(
    affine: &[Affine<C>],
    mut deferred: Vec<(u32, u32)>,
    points: &[Affine<C>],
) -> Xyzz<C::Base> {
    if deferred.is_empty() && affine.len() >= MIN_AFFINE_REDUCTION {
        return reduce_affine(affine);
    }
    deferred.sort_unstable_by_key(|(j, _)| *j);
    let mut running = Xyzz::IDENTITY;
    let mut total = Xyzz::IDENTITY;
    for j in (0..affine.len()).rev() {
        running = running.add_mixed_vartime(&affine[j]);
        while let Some((k, i)) = deferred.last() {
            if *k as usize != j {
                break;
            }
            running = running.add_mixed_vartime(&signed_point(points, *i));
            deferred.pop();
        }
        total = total.add_vartime::<C>(&running);
    }
    total
}

impl<C: SwCurve> Buckets<'_, C> {
    /// `B_j += ±points[i]` into the batch, or at once when no field operation is needed (empty
    /// bucket, `P + (−P)`); `P + P` goes into the batch as a doubling; a bucket already in the
    /// batch is set aside.
    #[inline]
    fn push(&mut self, j: usize, i: u32) {
        if self.busy[j] {
            self.conflicts.push((j as u32, i));
            return;
        }
        let b = &mut self.affine[j];
        let p = &self.points[(i & !NEG) as usize];
        if bool::from(b.infinity) {
            *b = signed_point(self.points, i);
            return;
        }
        if b.x == p.x {
            let same = if i & NEG != 0 { b.y == -p.y } else { b.y == p.y };
            if same && !bool::from(b.y.is_zero()) {
                self.busy[j] = true;
                self.batch.push((j as u32 | DOUBLE, i));
            } else {
                // P + (−P), or the double of a point of order 2.
                *b = Affine::identity();
            }
            return;
        }
        self.busy[j] = true;
        self.batch.push((j as u32, i));
    }

    /// Re-schedules the additions that met a busy bucket, now that the batch is done; when
    /// there are more than a batch of them (inputs crowding few buckets), they are left to the
    /// reduction instead, which keeps the work linear.
    fn retry(&mut self) {
        for (j, i) in take_retries(&mut self.conflicts, &mut self.deferred, self.batch_size) {
            self.push(j as usize, i);
        }
    }

    /// Completes the scheduled additions: the last batch, then a few rounds of short batches
    /// for the conflicts left (each round takes at least one addition per bucket met); what
    /// is still left goes to `deferred`, for the reduction.
    fn settle(&mut self) {
        self.flush();
        for _ in 0..FINAL_ROUNDS {
            if self.conflicts.is_empty() {
                break;
            }
            self.retry();
            self.flush();
        }
        self.deferred.append(&mut self.conflicts);
    }

    /// Performs the pending additions with one inversion: the denominators and their running
    /// products, their inverses ([`invert_denominators`]), then the additions themselves
    /// ([`affine_step`]), which no longer depend on one another.
    fn flush(&mut self) {
        if self.batch.is_empty() {
            return;
        }
        self.inverses.clear();
        for (j, i) in &self.batch {
            let b = &self.affine[(j & !DOUBLE) as usize];
            // The x-coordinate only: the sign does not matter here.
            let p = &self.points[(i & !NEG) as usize];
            self.inverses.push(denominator(b, p, j & DOUBLE != 0));
        }
        running_products(&mut self.prefix, &self.inverses);
        invert_denominators(&self.prefix, &mut self.inverses);
        for (k, ((j, i), d_inv)) in self.batch.iter().zip(&self.inverses).enumerate() {
            if let Some((ahead, _)) = self.batch.get(k + STEP_PREFETCH) {
                prefetch(&self.affine[(ahead & !DOUBLE) as usize]);
            }
            let idx = (j & !DOUBLE) as usize;
            let p = &self.points[(i & !NEG) as usize];
            affine_step(&mut self.affine[idx], p, i & NEG != 0, j & DOUBLE != 0, d_inv);
            self.busy[idx] = false;
        }
        self.batch.clear();
    }
}

/// The denominator of `λ` for `b + p`, `x_P − x_B` or `2·y_B` for a doubling, left partly
/// reduced ([`Field::sub_lazy`], [`Field::add_lazy`]): it only feeds products.
#[inline(always)]
fn denominator<C: SwCurve>(b: &Affine<C>, p: &Affine<C>, double: bool) -> C::Base {
    if double {
        b.y.add_lazy(&b.y)
    } else {
        p.x.sub_lazy(&b.x)
    }
}

/// `prefix[k] = dens[0]·…·dens[k−1]` for `k ≤ n` (partly reduced, [`Field::mul_lazy`]): the
/// forward pass of Montgomery's trick, each product written in place, where the next one reads
/// it.
fn running_products<F: Field>(prefix: &mut Vec<F>, dens: &[F]) {
    prefix.clear();
    prefix.resize(dens.len() + 1, F::ONE);
    for (k, d) in dens.iter().enumerate() {
        prefix[k + 1] = prefix[k].mul_lazy(d);
    }
}

/// Montgomery's trick, backwards: given the running products of the non-zero denominators
/// `dens` ([`running_products`]), replaces every denominator by its inverse,
/// `prefix[n]⁻¹·prefix[k]·(dens[k+1]·…)`: one inversion and two products each. The inverses
/// are left partly reduced ([`Field::mul_lazy`]): they only feed products.
fn invert_denominators<F: Field>(prefix: &[F], dens: &mut [F]) {
    let n = dens.len();
    // Non-zero: a product of non-zero denominators.
    let mut inv = prefix[n].reduce_lazy().inverse_vartime().unwrap_or(F::ZERO);
    for (d, pre) in dens.iter_mut().zip(prefix).rev() {
        let next = inv.mul_lazy(d);
        *d = inv.mul_lazy(pre);
        inv = next;
    }
}

/// `b ← b ± p` (`−` when `neg`) given `d_inv`, the inverse of the denominator of `λ`
/// ([`denominator`]): `λ = (y_P − y_B)/(x_P − x_B)`, or `(3·x_B² + a)/(2·y_B)` for a doubling
/// (`b + b`: `p` is `±b`); `x = λ² − x_B − x_P`, `y = λ·(x_B − x) − y_B`. For `b − p` the code
/// computes `λ' = −λ = (y_P + y_B)/(x_P − x_B)` and `y = λ'·(x − x_B) − y_B`, so that `−p` is
/// never formed. What only feeds products (`λ`, its numerator, `x_B − x`) is left partly
/// reduced ([`Field::mul_lazy`], [`Field::sub_lazy`]); `x` and `y` are reduced.
#[inline(always)]
fn affine_step<C: SwCurve>(b: &mut Affine<C>, p: &Affine<C>, neg: bool, double: bool, d_inv: &C::Base) {
    if double {
        // 3x² + a (`a` is 0 or −3, fixed at compile time).
        let xx = b.x.square();
        let mut numerator = xx.double() + xx;
        if C::A_IS_MINUS_3 {
            numerator += super::mul_by_a::<C>(&C::Base::ONE);
        }
        let lambda = numerator.mul_lazy(d_inv);
        let x = lambda.square() - b.x.double();
        b.y = lambda * b.x.sub_lazy(&x) - b.y;
        b.x = x;
        return;
    }
    let sum_x = b.x + p.x;
    let (lambda, x, dx);
    if neg {
        lambda = p.y.add_lazy(&b.y).mul_lazy(d_inv);
        x = lambda.square() - sum_x;
        dx = x.sub_lazy(&b.x);
    } else {
        lambda = p.y.sub_lazy(&b.y).mul_lazy(d_inv);
        x = lambda.square() - sum_x;
        dx = b.x.sub_lazy(&x);
    }
    b.y = lambda * dx - b.y;
    b.x = x;
}

/// `acc[i] += add[i]` for every `i` with one inversion (any points: identities, equal and
/// opposite pairs are handled apart, doublings join the batch). `scratch` holds the running
/// products and the denominators, `kind` what each pair needs.
fn batch_add<C: SwCurve>(
    acc: &mut [Affine<C>],
    add: &[Affine<C>],
    scratch: &mut [Vec<C::Base>; 2],
    kind: &mut Vec<u8>,
) {
    const SKIP: u8 = 0;
    const ADD: u8 = 1;
    const DBL: u8 = 2;
    let [prefix, dens] = scratch;
    dens.clear();
    kind.clear();
    for (b, p) in acc.iter_mut().zip(add) {
        let k = if bool::from(p.infinity) {
            SKIP
        } else if bool::from(b.infinity) {
            *b = *p;
            SKIP
        } else if b.x == p.x {
            if b.y == p.y && !bool::from(b.y.is_zero()) {
                DBL
            } else {
                *b = Affine::identity();
                SKIP
            }
        } else {
            ADD
        };
        kind.push(k);
        if k != SKIP {
            dens.push(denominator(b, p, k == DBL));
        }
    }
    if dens.is_empty() {
        return;
    }
    running_products(prefix, dens);
    invert_denominators(prefix, dens);
    let pairs = acc.iter_mut().zip(add).zip(kind.iter()).filter(|(_, k)| **k != SKIP);
    for (((b, p), k), d_inv) in pairs.zip(dens.iter()) {
        affine_step(b, p, false, *k == DBL, d_inv);
    }
}

/// Bucket sets at least this large are reduced by [`reduce_affine`].
pub(super) const MIN_AFFINE_REDUCTION: usize = 512;

/// Segments of [`reduce_affine`], at most.
pub(super) const MAX_SEGMENTS: usize = 256;

/// `Σ_j (j + 1)·B_j` for affine buckets (their count a power of two, at least
/// [`MIN_AFFINE_REDUCTION`]) by running sums in affine coordinates: the buckets are cut into
/// `S` segments of `L`, whose running sums `R_s` and sums of running sums `T_s` advance side
/// by side, one batch inversion ([`batch_add`]) per step for all `S` segments (so about 6M per
/// addition, against 10–14M for the XYZZ additions of the usual running sums). Segment `s`
/// starts at bucket `s·L`, so `Σ_j (j + 1)·B_j = Σ_s T_s + L·Σ_s s·R_s`; the last sum, over
/// `S` terms, by XYZZ running sums.
fn reduce_affine<C: SwCurve>(buckets: &[Affine<C>]) -> Xyzz<C::Base> {
    let m = buckets.len();
    let segments = (m / 8).clamp(1, MAX_SEGMENTS);
    let len = m / segments;
    let mut running = alloc::vec![Affine::<C>::identity(); segments];
    let mut total = alloc::vec![Affine::<C>::identity(); segments];
    let mut column = alloc::vec![Affine::<C>::identity(); segments];
    let mut scratch = [Vec::with_capacity(segments), Vec::with_capacity(segments)];
    let mut kind = Vec::with_capacity(segments);
    for step in (0..len).rev() {
        for (s, b) in column.iter_mut().enumerate() {
            *b = buckets[s * len + step];
        }
        batch_add(&mut running, &column, &mut scratch, &mut kind);
        batch_add(&mut total, &running, &mut scratch, &mut kind);
    }
    combine_segments(&running, &total, len)
}

/// The end of [`reduce_affine`]: `Σ_s T_s + L·Σ_s s·R_s` from the segments' running sums `R_s`
/// and sums of running sums `T_s` (`L = len`, a power of two).
pub(super) fn combine_segments<C: SwCurve>(running: &[Affine<C>], total: &[Affine<C>], len: usize) -> Xyzz<C::Base> {
    let mut r = Xyzz::IDENTITY;
    let mut acc = Xyzz::IDENTITY;
    for p in running[1..].iter().rev() {
        r = r.add_mixed_vartime(p);
        acc = acc.add_vartime::<C>(&r);
    }
    let mut l = len;
    while l > 1 {
        acc = acc.double_vartime::<C>();
        l >>= 1;
    }
    debug_assert!(len.is_power_of_two());
    for p in total {
        acc = acc.add_mixed_vartime(p);
    }
    acc
}

/// Adds one window's digits (`digits[i]` for point `i`) into `buckets` and returns their sum.
#[inline(always)]
pub(super) fn add_digits<C: SwCurve, B: BucketSet<C>>(mut buckets: B, digits: &[i32]) -> Xyzz<C::Base> {
    for (i, &d) in digits.iter().enumerate() {
        if let Some(&ahead) = digits.get(i + PREFETCH_DISTANCE) {
            buckets.prefetch((ahead.unsigned_abs() as usize).wrapping_sub(1));
        }
        buckets.prefetch_point(i + POINT_PREFETCH_DISTANCE);
        if d != 0 {
            buckets.add(d.unsigned_abs() as usize - 1, i, d < 0);
        }
    }
    buckets.finish()
}

/// The bucket sums of windows `ws` of small width (below [`MIN_AFFINE_WINDOW`] bits) with one
/// batch-affine bucket set for all of them, window `w`'s buckets after those of the windows
/// before it: a window alone has too few buckets for batches that amortize an inversion, the
/// windows together have enough (the points are taken in turn, each into every window, so
/// that one batch meets many buckets). Each window is then reduced on its own
/// ([`finish_buckets`]), with the additions the batches set aside.
fn shared_window_sums<C: SwCurve>(
    points: &[Affine<C>],
    digits: &[i32],
    shape: MsmShape,
    ws: core::ops::Range<usize>,
) -> Vec<Xyzz<C::Base>> {
    let n = points.len();
    let mut offsets = Vec::with_capacity(ws.len() + 1);
    let mut total = 0;
    for w in ws.clone() {
        offsets.push(total);
        total += shape.buckets(w);
    }
    offsets.push(total);
    let mut buckets = Buckets::new(total, points);
    for i in 0..n {
        for (&offset, w) in offsets.iter().zip(ws.clone()) {
            let d = digits[w * n + i];
            if d != 0 {
                buckets.add(offset + d.unsigned_abs() as usize - 1, i, d < 0);
            }
        }
    }
    buckets.settle();
    let mut deferred = core::mem::take(&mut buckets.deferred);
    deferred.sort_unstable_by_key(|(j, _)| *j);
    let mut rest = &deferred[..];
    offsets
        .windows(2)
        .map(|range| {
            let (lo, hi) = (range[0], range[1]);
            let k = rest.partition_point(|(j, _)| (*j as usize) < hi);
            let own = rest[..k].iter().map(|&(j, i)| (j - lo as u32, i)).collect();
            rest = &rest[k..];
            finish_buckets(&buckets.affine[lo..hi], own, points)
        })
        .collect()
}

/// The window layout of one Pippenger run: `windows` windows of `c` bits over `bits`-bit
/// scalars.
#[derive(Clone, Copy, Debug)]
pub(super) struct MsmShape {
    pub(super) bits: u32,
    pub(super) c: u32,
    pub(super) windows: usize,
}

impl MsmShape {
    /// The bucket count of window `w` ([`window_buckets`]).
    pub(super) fn buckets(&self, w: usize) -> usize {
        window_buckets(self.bits, self.c, self.windows, w)
    }
}

/// The bucket sum of every window (`digits` window-major): on the AVX-512 IFMA backend
/// (`msm_ifma`) where the CPU and the base field have it and the buckets are batch-affine,
/// else [`window_sum`].
fn window_sums<C: SwCurve>(
    points: &[Affine<C>],
    digits: &[i32],
    shape: MsmShape,
    parallel: bool,
) -> Vec<Xyzz<C::Base>> {
    #[cfg(target_arch = "x86_64")]
    if shape.c >= MIN_AFFINE_WINDOW && vector_enabled() {
        if let Some(sums) = super::msm_ifma::window_sums(points, digits, shape, parallel) {
            return sums;
        }
    }
    if shape.c < MIN_AFFINE_WINDOW {
        let group = shape.windows.div_ceil(pieces(parallel));
        let part = |g: usize| {
            let ws = g * group..((g + 1) * group).min(shape.windows);
            shared_window_sums(points, digits, shape, ws)
        };
        return par_map(shape.windows.div_ceil(group), parallel, part).concat();
    }
    let n = points.len();
    let one = |w: usize| add_digits(Buckets::new(shape.buckets(w), points), &digits[w * n..(w + 1) * n]);
    par_map(shape.windows, parallel, one)
}

/// Whether the vector backend may be used (tests can turn it off on their thread).
#[inline]
pub(super) fn vector_enabled() -> bool {
    #[cfg(test)]
    if SERIAL_ONLY.with(|f| f.get()) {
        return false;
    }
    true
}

#[cfg(test)]
std::thread_local! {
    static SERIAL_ONLY: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// Test hook: runs `f` with this thread's MSMs on the serial arithmetic.
#[cfg(test)]
pub(crate) fn serially<T>(f: impl FnOnce() -> T) -> T {
    SERIAL_ONLY.with(|s| s.set(true));
    let r = f();
    SERIAL_ONLY.with(|s| s.set(false));
    r
}

/// Pippenger over split scalars (steps 3–5 of the module documentation).
fn pippenger<C: SwCurve>(split: &Split<C>, parallel: bool) -> Projective<C> {
    let n = split.points.len();
    if n == 0 {
        return Projective::identity();
    }
    pippenger_in(split, window_shape(n, split.bits, vector_windows::<C>(), pieces(parallel)), parallel)
}

/// [`pippenger`] in the window layout `shape`.
fn pippenger_in<C: SwCurve>(split: &Split<C>, shape: MsmShape, parallel: bool) -> Projective<C> {
    let c = shape.c;
    let digits = signed_digits_parallel(&split.scalars, c, shape.windows, parallel);
    let sums = window_sums(&split.points, &digits, shape, parallel);
    let mut acc = Xyzz::IDENTITY;
    for s in sums.iter().rev() {
        for _ in 0..c {
            acc = acc.double_vartime::<C>();
        }
        acc = acc.add_vartime::<C>(s);
    }
    acc.to_homogeneous()
}

/// `[f(0), …, f(count − 1)]`, on rayon's pool when `parallel`.
#[cfg(feature = "parallel")]
pub(super) fn par_map<T: Send>(count: usize, parallel: bool, f: impl Fn(usize) -> T + Sync + Send) -> Vec<T> {
    use rayon::prelude::*;
    if parallel {
        (0..count).into_par_iter().map(f).collect()
    } else {
        (0..count).map(f).collect()
    }
}

#[cfg(not(feature = "parallel"))]
pub(super) fn par_map<T>(count: usize, _parallel: bool, f: impl Fn(usize) -> T) -> Vec<T> {
    (0..count).map(f).collect()
}

/// The number of pieces a parallel computation is cut into (one per thread of rayon's pool),
/// 1 when serial.
fn pieces(parallel: bool) -> usize {
    #[cfg(feature = "parallel")]
    if parallel {
        return rayon::current_num_threads().max(1);
    }
    let _ = parallel;
    1
}

/// `Σ [kᵢ]·Pᵢ` over the first `min(points.len(), scalars.len())` pairs (see the module
/// documentation); the windows on rayon's pool when `parallel` (and the feature) is on.
/// Variable time in the points and scalars.
pub(crate) fn msm_vartime<C: SwCurve>(points: &[Affine<C>], scalars: &[Scalar<C>], parallel: bool) -> Projective<C> {
    if let Some(sum) = C::msm_special_vartime(points, scalars, parallel) {
        return sum;
    }
    let n = points.len().min(scalars.len());
    if straus_wins::<C>(n) {
        return Projective::multi_mul_endo_vartime(&points[..n], &scalars[..n]);
    }
    pippenger(&split_parallel(&points[..n], false, &scalars[..n], parallel), parallel)
}

/// `Σ [kᵢ]·Pᵢ` over public inputs given every point's multiple `Qᵢ = [m]·Pᵢ` by a public
/// `m ≥ 2^63` (`multiples[i]`; the subgroup test of BLS12-381's G1 computes `[|x|]·P`), on a
/// curve with a two-dimensional endomorphism. Each half `h` of the GLV split is divided once
/// more, `h = a + b·m` with `a < m`, so that a point brings four entries, `a₁·P + b₁·Q +
/// a₂·φ(P) + b₂·φ(Q)`, of 64 bits instead of two of 128: the same number of bucket additions
/// over half as many windows (half the bucket reductions and doublings). Other curves, and
/// inputs small enough for the interleaved wNAF, take [`msm_vartime`].
pub(crate) fn msm_with_multiples_vartime<C: SwCurve>(
    points: &[Affine<C>],
    multiples: &[Affine<C>],
    m: u64,
    scalars: &[Scalar<C>],
) -> Projective<C> {
    let n = points.len().min(multiples.len()).min(scalars.len());
    let endo = match C::ENDOMORPHISM {
        Some(endo) if endo.lattice.dim() == 2 && m >> 63 == 1 && endo.lattice.bits() <= 127 => endo,
        _ => return msm_vartime(&points[..n], &scalars[..n], false),
    };
    if straus_wins::<C>(2 * n) {
        return msm_vartime(&points[..n], &scalars[..n], false);
    }
    // h < 2^127 and m ≥ 2^63: the quotient and the remainder are below 2^64.
    let mut out = Split { points: Vec::with_capacity(4 * n), scalars: Vec::with_capacity(4 * n), bits: 64 };
    for ((p, q), k) in points.iter().zip(multiples).zip(scalars).take(n) {
        let k = k.to_canonical_limbs();
        if bool::from(p.infinity) || k == [0; 4] {
            continue;
        }
        let dec = endo.lattice.decompose(&k);
        let (mut p, mut q) = (*p, *q);
        for (e, (h, neg)) in dec.magnitudes.iter().zip(&dec.negative).take(2).enumerate() {
            if e == 1 {
                p = map_affine(endo.map, &p);
                q = map_affine(endo.map, &q);
            }
            let h = u128::from(h[0]) | (u128::from(h[1]) << 64);
            let (b, a) = ((h / u128::from(m)) as u64, (h % u128::from(m)) as u64);
            for (point, digit) in [(&p, a), (&q, b)] {
                if digit != 0 && !bool::from(point.infinity) {
                    out.points.push(if bool::from(*neg) { neg_vartime(point) } else { *point });
                    out.scalars.push([digit, 0, 0, 0]);
                }
            }
        }
    }
    pippenger(&out, false)
}

/// The default memory bound of a [`MsmTable`]'s shifted copies: 64 MiB.
const DEFAULT_TABLE_BYTES: usize = 64 << 20;

/// Precomputed points of a fixed point set for
/// [`Group::msm_with_table_vartime`](crate::curve::Group::msm_with_table_vartime) (the generic
/// wrapper is `isochron::msm::FixedBaseMsm`).
///
/// For each point `P` of the set, each endomorphism image `φᵉ(P)` (`e < d`: `d` = 2 on G1, 4 on
/// G2 of the pairing curves, 1 without an endomorphism) and each `t < T` (the *copies*), the
/// table holds `[2^(c·t)]·φᵉ(P)` in affine coordinates, `c` the table's window width: `d·T·n`
/// affine points ([`MsmTable::size_bytes`]). With `T` copies, `T` consecutive `c`-bit windows
/// of the (split) scalars share one set of buckets: an MSM over the table runs
/// `⌈W/T⌉` bucket reductions and `c·T·(⌈W/T⌉ − 1)` doublings instead of `W` reductions and
/// `c·(W − 1)` doublings (`W = ⌊bits/c⌋ + 1` windows), for the same number of bucket additions,
/// and the saving lets `c` grow. `T = W` (the default when it fits `DEFAULT_TABLE_BYTES`)
/// leaves a single reduction and no doubling. `T = 1` keeps the endomorphism images only, and
/// the window width is then chosen per call as in `msm_vartime`.
///
/// Sizes for the 4096 points of the EIP-4844 setup on G1 of BLS12-381 (`d = 2`,
/// 104-byte affine points): the default `c = 13`, `T = 10` is 81 920 points, 8.1 MiB
/// (8 519 680 bytes); `T = 1` is 8192 points, 0.8 MiB. On a CPU with AVX-512 IFMA a table with
/// shifted copies also keeps its points in the vector backend's form (128 bytes a point: 10 MiB
/// more for the default layout).
#[derive(Clone, Debug)]
pub struct MsmTable<C: SwCurve> {
    /// `points[(i·d + e)·T + t] = [2^(c·t)]·φᵉ(Pᵢ)`.
    pub(super) points: Vec<Affine<C>>,
    pub(super) len: usize,
    dim: usize,
    copies: usize,
    window: u32,
    bits: u32,
    /// The points in the vector backend's form (`msm_ifma`), where this CPU and field have it
    /// and the table has shifted copies; empty otherwise.
    #[cfg(target_arch = "x86_64")]
    vector: Vec<super::msm_ifma::VPoint>,
}

/// The endomorphism dimension `d` and the bit bound of the split scalars of curve `C`.
fn split_shape<C: SwCurve>() -> (usize, u32) {
    match C::ENDOMORPHISM {
        Some(endo) => (endo.lattice.dim(), endo.lattice.bits()),
        None => (1, 256),
    }
}

/// The estimated cost, in field multiplications, of an MSM over `n` split scalars of `bits`
/// bits with `c`-bit windows and `copies` shifted copies per point (see [`MsmTable`]).
fn table_cost(n: usize, bits: u32, c: u32, copies: usize) -> u64 {
    let windows = (bits / c + 1) as usize;
    let copies = copies.clamp(1, windows);
    let groups = windows.div_ceil(copies) as u64;
    add_cost(c) * (n * windows) as u64
        + groups * reduction_cost(c)
        + (groups - 1) * u64::from(c) * copies as u64 * DOUBLING_COST
}

/// The window width of a table of `copies` copies over `n` split scalars of `bits` bits: the
/// cheapest by [`table_cost`].
fn table_window(n: usize, bits: u32, copies: usize) -> u32 {
    (2..=16u32).min_by_key(|&c| (table_cost(n, bits, c, copies), c)).unwrap_or(2)
}

impl<C: SwCurve> MsmTable<C> {
    /// The table of `points` with `copies` shifted copies (`None`: the default, the fewest
    /// copies whose estimated cost is within 2% of the best, within [`DEFAULT_TABLE_BYTES`]);
    /// `copies` is clamped to `[1, W]`.
    pub(crate) fn new(points: &[Affine<C>], copies: Option<usize>) -> Self {
        let n = points.len();
        let (dim, bits) = split_shape::<C>();
        let nd = (n * dim).max(1);
        let point_bytes = core::mem::size_of::<Affine<C>>();
        let copies = match copies {
            Some(t) => t.max(1),
            None => {
                let max_copies = (bits / 2 + 1) as usize;
                let cost = |t: usize| table_cost(nd, bits, table_window(nd, bits, t), t);
                let fits = |t: usize| t == 1 || nd * t * point_bytes <= DEFAULT_TABLE_BYTES;
                let best = (1..=max_copies).filter(|&t| fits(t)).map(cost).min().unwrap_or(0);
                (1..=max_copies).find(|&t| fits(t) && cost(t) * 50 <= best * 51).unwrap_or(1)
            }
        };
        if copies == 1 || straus_wins::<C>(n) {
            return MsmTable {
                points: expand_points(points),
                len: n,
                dim,
                copies: 1,
                window: 0,
                bits,
                #[cfg(target_arch = "x86_64")]
                vector: Vec::new(),
            };
        }
        let window = table_window(nd, bits, copies);
        let copies = copies.min((bits / window + 1) as usize);
        // [2^(c·t)]·P by c doublings a step, normalized together.
        let mut shifted = Vec::with_capacity(n * copies);
        for p in points {
            let mut q = Projective::from(*p);
            for t in 0..copies {
                if t > 0 {
                    for _ in 0..window {
                        q = q.double();
                    }
                }
                shifted.push(q);
            }
        }
        let mut affine = alloc::vec![Affine::identity(); shifted.len()];
        Projective::normalize_into(&shifted, &mut affine);
        drop(shifted);
        let mut table = alloc::vec![Affine::identity(); n * dim * copies];
        for (i, row) in affine.chunks_exact(copies).enumerate() {
            for (t, q) in row.iter().enumerate() {
                let mut image = *q;
                for e in 0..dim {
                    if e > 0 && !bool::from(image.infinity) {
                        // `dim > 1` only with an endomorphism.
                        if let Some(endo) = C::ENDOMORPHISM {
                            image = map_affine(endo.map, &image);
                        }
                    }
                    table[(i * dim + e) * copies + t] = image;
                }
            }
        }
        MsmTable {
            #[cfg(target_arch = "x86_64")]
            vector: if window >= MIN_AFFINE_WINDOW { super::msm_ifma::table_vector(&table) } else { Vec::new() },
            points: table,
            len: n,
            dim,
            copies,
            window,
            bits,
        }
    }

    /// The number of points of the set.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The number of shifted copies `T` of each point (1: endomorphism images only).
    pub fn copies(&self) -> usize {
        self.copies
    }

    /// The window width `c` of the shifted copies (0 when `T = 1`: chosen per call).
    pub fn window_bits(&self) -> u32 {
        self.window
    }

    /// The memory held by the table's points, in bytes (`d·T·n` affine points, and the same
    /// points in the form of the AVX-512 IFMA backend where the CPU has it).
    pub fn size_bytes(&self) -> usize {
        #[cfg(target_arch = "x86_64")]
        let vector = self.vector.len() * core::mem::size_of::<super::msm_ifma::VPoint>();
        #[cfg(not(target_arch = "x86_64"))]
        let vector = 0;
        self.points.len() * core::mem::size_of::<Affine<C>>() + vector
    }
}

/// [`msm_vartime`] over a precomputed table (pairs beyond the shorter of the set and `scalars`
/// are ignored): the same point.
pub(crate) fn msm_with_table_vartime<C: SwCurve>(
    table: &MsmTable<C>,
    scalars: &[Scalar<C>],
    parallel: bool,
) -> Projective<C> {
    let n = table.len.min(scalars.len());
    let stride = table.dim * table.copies;
    if straus_wins::<C>(n) {
        let points: Vec<Affine<C>> = table.points.iter().step_by(stride.max(1)).take(n).copied().collect();
        return msm_vartime(&points, &scalars[..n], false);
    }
    if table.copies == 1 {
        return pippenger(&split_parallel(&table.points[..n * table.dim], true, &scalars[..n], parallel), parallel);
    }
    // The split scalars: (index i·d + e of the table row, magnitude, sign).
    let mut entries: Vec<(u32, [u64; 4], bool)> = Vec::with_capacity(n * table.dim);
    for (i, k) in scalars[..n].iter().enumerate() {
        if bool::from(table.points[i * stride].infinity) {
            continue;
        }
        let k = k.to_canonical_limbs();
        if k == [0; 4] {
            continue;
        }
        match C::ENDOMORPHISM {
            Some(endo) => {
                let dec = endo.lattice.decompose(&k);
                for (e, (m, neg)) in dec.magnitudes.iter().zip(&dec.negative).take(table.dim).enumerate() {
                    if *m != [0, 0] {
                        entries.push(((i * table.dim + e) as u32, [m[0], m[1], 0, 0], bool::from(*neg)));
                    }
                }
            }
            None => entries.push((i as u32, k, false)),
        }
    }
    if entries.is_empty() {
        return Projective::identity();
    }
    let chunk = entries.len().div_ceil(pieces(parallel));
    #[cfg(target_arch = "x86_64")]
    if !table.vector.is_empty() && vector_enabled() {
        if let Some(parts) = super::msm_ifma::table_sums(table, &table.vector, &entries, chunk, parallel) {
            let mut acc = Xyzz::IDENTITY;
            for s in &parts {
                acc = acc.add_vartime::<C>(s);
            }
            return acc.to_homogeneous();
        }
    }
    let parts = par_map(entries.len().div_ceil(chunk), parallel, |p| {
        let part = &entries[p * chunk..((p + 1) * chunk).min(entries.len())];
        if table.window < MIN_AFFINE_WINDOW {
            table_sum(table, part, |count| XyzzBuckets::new(count, &table.points))
        } else {
            table_sum(table, part, |count| Buckets::new(count, &table.points))
        }
    });
    let mut acc = Xyzz::IDENTITY;
    for s in &parts {
        acc = acc.add_vartime::<C>(s);
    }
    acc.to_homogeneous()
}

/// `Σ` over split scalars `entries` of the table's points: `T` windows per bucket set, groups of
/// windows combined by `c·T` doublings.
pub(super) fn table_sum<C: SwCurve, B: BucketSet<C>>(
    table: &MsmTable<C>,
    entries: &[(u32, [u64; 4], bool)],
    make: impl Fn(usize) -> B,
) -> Xyzz<C::Base> {
    let c = table.window;
    let copies = table.copies;
    let windows = (table.bits / c + 1) as usize;
    let groups = windows.div_ceil(copies);
    let mut digits = [0i32; MAX_WINDOWS];
    let mut acc = Xyzz::IDENTITY;
    for g in (0..groups).rev() {
        for _ in 0..c as usize * copies {
            acc = acc.double_vartime::<C>();
        }
        let (first, last) = (g * copies, ((g + 1) * copies).min(windows));
        let count = (first..last).map(|w| window_buckets(table.bits, c, windows, w)).max().unwrap_or(1);
        let mut buckets = make(count);
        for (e, (row, k, neg)) in entries.iter().enumerate() {
            if let Some((ahead, _, _)) = entries.get(e + TABLE_PREFETCH_DISTANCE) {
                for t in 0..last - first {
                    buckets.prefetch_point(*ahead as usize * copies + t);
                }
            }
            scalar_digits(k, c, &mut digits[..windows]);
            let base = *row as usize * copies;
            for (t, &d) in digits[first..last].iter().enumerate() {
                if d != 0 {
                    buckets.add(d.unsigned_abs() as usize - 1, base + t, (d < 0) != *neg);
                }
            }
        }
        acc = acc.add_vartime::<C>(&buckets.finish());
    }
    acc
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha20Rng;

    use super::*;

    fn big(k: &[u64]) -> num_bigint::BigInt {
        k.iter().rev().fold(num_bigint::BigInt::default(), |acc, &l| (acc << 64) + l)
    }

    /// Every digit lies in `[−2^(c−1), 2^(c−1)]` and the digits give back the scalar, for every
    /// width and for scalars of 64, 128 and 256 bits (all ones included).
    #[test]
    fn signed_digits_recompose() {
        let mut rng = ChaCha20Rng::seed_from_u64(1);
        for bits in [64u32, 127, 128, 256] {
            // Below `2^bits`, as the split scalars are.
            let bound = |mut k: [u64; 4]| {
                for (i, l) in k.iter_mut().enumerate() {
                    let below = bits.saturating_sub(64 * i as u32).min(64);
                    *l &= if below == 64 { u64::MAX } else { (1u64 << below) - 1 };
                }
                k
            };
            let mut scalars: Vec<[u64; 4]> =
                (0..50).map(|_| bound([rng.gen(), rng.gen(), rng.gen(), rng.gen()])).collect();
            scalars.extend([[0; 4], [1, 0, 0, 0], bound([u64::MAX; 4])]);
            for shape in candidate_shapes(bits, 2..=16) {
                let (c, windows) = (shape.c, shape.windows);
                let digits = signed_digits(&scalars, c, windows);
                let n = scalars.len();
                for (i, k) in scalars.iter().enumerate() {
                    let mut v = num_bigint::BigInt::default();
                    for w in (0..windows).rev() {
                        let d = digits[w * n + i];
                        assert!(d >= 0 || w + 1 < windows, "c = {c}: negative top digit {d}");
                        assert!(d.unsigned_abs() as usize <= shape.buckets(w), "c = {c}, window {w}, digit {d}");
                        v = (v << c) + d;
                    }
                    assert_eq!(v, big(k), "c = {c}, bits = {bits}, windows = {windows}");
                }
            }
        }
    }

    /// Every window layout [`window_shape`] can choose, a wide top window included, gives the
    /// sum: on the serial buckets and, where the CPU has them, on the vector ones.
    #[test]
    fn every_window_shape_sums() {
        use crate::curve::Group;
        use crate::curves::bls12_381::G1Curve;
        type P = Projective<G1Curve>;
        let mut rng = ChaCha20Rng::seed_from_u64(3);
        let n = 700;
        let pts = P::batch_normalize(&(0..n).map(|_| P::random(&mut rng)).collect::<Vec<_>>());
        let ks: Vec<Scalar<G1Curve>> = (0..n).map(|_| Scalar::<G1Curve>::random(&mut rng)).collect();
        let want = P::multi_mul_endo_vartime(&pts, &ks);
        let split = split(&pts, false, &ks);
        let bits = split.bits;
        for shape in candidate_shapes(bits, [5, 9, 13, 14, 16].into_iter()) {
            assert!(pippenger_in(&split, shape, false) == want, "{shape:?}");
            assert!(serially(|| pippenger_in(&split, shape, true)) == want, "{shape:?}, serial buckets");
        }
    }

    /// The digits cut into pieces on the pool are the serial ones.
    #[cfg(feature = "parallel")]
    #[test]
    fn parallel_digits_are_serial_digits() {
        let mut rng = ChaCha20Rng::seed_from_u64(2);
        let scalars: Vec<[u64; 4]> = (0..10_001).map(|_| [rng.gen(), rng.gen(), 0, 0]).collect();
        for c in [9, 13, 16] {
            let windows = (128 / c + 1) as usize;
            assert_eq!(signed_digits_parallel(&scalars, c, windows, true), signed_digits(&scalars, c, windows));
        }
    }

    /// The window width grows with the input and stays within the digit storage.
    #[test]
    fn window_bits_grows_with_n() {
        for vector in [false, true] {
            let mut last = 0;
            for n in [1usize, 10, 100, 1000, 10_000, 100_000, 1_000_000, 100_000_000] {
                let c = window_shape(n, 128, vector, 1).c;
                assert!(c >= last && (2..=16).contains(&c), "n = {n}, vector = {vector}: c = {c}");
                last = c;
            }
        }
    }
}
