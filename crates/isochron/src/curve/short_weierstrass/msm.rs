//! Variable-time multi-scalar multiplication `Σ [kᵢ]·Pᵢ` for public points and scalars: the core
//! behind [`crate::curve::Group::msm_vartime`] (the generic entry points live in `crate::msm`).
//!
//! Method, for `n` pairs (Pippenger, "On the evaluation of powers and monomials", SIAM J. Comput.
//! 1980; the bucket form as in Bernstein–Doumen–Lange–Oosterwijk, "Faster batch forgery
//! identification", INDOCRYPT 2012, §4):
//! 1. Below [`SMALL_N`] (128) pairs: interleaved wNAF ([`Projective::multi_mul_limbs_vartime`], Straus).
//! 2. GLV/GLS split (the curve's [`SwCurve::ENDOMORPHISM`] lattice): each `kᵢ` becomes `d` short
//!    magnitudes (128 bits on G1, 64 on G2) with signs, the signs folded into the points
//!    (`−P` costs one negation) and the points `φʲ(Pᵢ)` computed once. Zero scalars and identity
//!    points are dropped here.
//! 3. Signed-digit windows of `c` bits: digits in `[−2^(c−1), 2^(c−1)]`, so `2^(c−1)` buckets per
//!    window; `c` minimizes a cost model (additions into buckets plus bucket reduction, in field
//!    multiplications) over the input size ([`window_bits`]).
//! 4. Bucket accumulation by batch-affine addition: buckets are affine points; the additions of
//!    a window are gathered in batches of independent additions (at most one per bucket) and
//!    share one field inversion (Montgomery's trick), about 5M + 1S per addition against
//!    8M + 2S for a mixed XYZZ addition (the "batch-affine" technique of the ZPrize 2022 MSM
//!    entries, described in Aztec's and Yrrid's write-ups and in eprint 2022/1400 §3).
//!    An addition meeting a bucket already in the batch, or one that would double a bucket,
//!    is set aside and added during the reduction in XYZZ coordinates, whose formulas handle
//!    `P + P` and `P + (−P)`; `P + (−P)` in the batch path empties the bucket directly.
//! 5. Bucket reduction by running sums (`Σ j·B_j` with `2·2^(c−1)` XYZZ additions), windows
//!    combined by `c` doublings each.
//!
//! With `parallel`, the windows run on rayon's pool; every window is computed the same way
//! either way and combined in the same order, so both paths return the same point.

use alloc::vec::Vec;

use super::glv::MAX_DIM;
use super::xyzz::Xyzz;
use super::{Affine, Projective, Scalar, SwCurve};
use crate::field::Field;

/// Below this many pairs the interleaved wNAF (Straus) is used: its tables and shared doublings
/// cost less than the bucket passes (estimated crossover, in field multiplications, between
/// 200 and 500 points on G1 of BLS12-381).
pub(crate) const SMALL_N: usize = 128;

/// Additions gathered per batch inversion, at most (and at most `1/BATCH_FRACTION` of the
/// buckets, so that few additions meet a bucket already in the batch).
const MAX_BATCH: usize = 1024;
/// See [`MAX_BATCH`].
const BATCH_FRACTION: usize = 8;
/// Additions per batch inversion, at least, in small windows (at most half the buckets): short
/// batches cost more in inversions than the retries of crowded ones.
const MIN_BATCH: usize = 128;

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

/// Splits each scalar by the curve's lattice (points from [`expand_points`], `d` per scalar),
/// dropping zero scalars and identity points and folding the signs into the points.
fn split<C: SwCurve>(expanded: &[Affine<C>], scalars: &[Scalar<C>]) -> Split<C> {
    let Some(endo) = C::ENDOMORPHISM else {
        let mut out = Split { points: Vec::with_capacity(scalars.len()), scalars: Vec::new(), bits: 256 };
        for (p, k) in expanded.iter().zip(scalars) {
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
    let n = scalars.len().min(expanded.len() / dim);
    let mut out =
        Split { points: Vec::with_capacity(n * dim), scalars: Vec::with_capacity(n * dim), bits: lattice.bits() };
    for (images, k) in expanded.chunks_exact(dim).zip(&scalars[..n]) {
        if bool::from(images[0].infinity) {
            continue;
        }
        let k = k.to_canonical_limbs();
        if k == [0; 4] {
            continue;
        }
        let dec = lattice.decompose(&k);
        for ((image, m), neg) in images.iter().zip(&dec.magnitudes).zip(&dec.negative).take(MAX_DIM) {
            if *m == [0, 0] {
                continue;
            }
            out.points.push(if bool::from(*neg) { image.neg() } else { *image });
            out.scalars.push([m[0], m[1], 0, 0]);
        }
    }
    out
}

/// The window width minimizing the estimated cost, in field multiplications, of `n` additions
/// into buckets per window (batch-affine, about 6M, from [`MIN_AFFINE_WINDOW`] bits on; XYZZ
/// mixed additions, about 10M, below) plus the reduction of `2^(c−1)` buckets (two XYZZ
/// additions, about 22M), over `⌊bits/c⌋ + 1` windows.
pub(crate) fn window_bits(n: usize, bits: u32) -> u32 {
    let mut best = (u64::MAX, 2);
    for c in 2..=16u32 {
        let windows = u64::from(bits / c + 1);
        let add = if c >= MIN_AFFINE_WINDOW { 6 } else { 10 };
        let cost = windows * (add * n as u64 + 22 * (1u64 << (c - 1)));
        if cost < best.0 {
            best = (cost, c);
        }
    }
    best.1
}

/// The smallest window width whose buckets are accumulated by batch-affine additions: below
/// it a batch (at most an eighth of the `2^(c−1)` buckets) is too short to amortize its
/// inversion, and the buckets are XYZZ points with mixed additions instead.
const MIN_AFFINE_WINDOW: u32 = 9;

/// Signed `c`-bit digits of every scalar, window-major (`digits[w·n + i]`), each in
/// `[−2^(c−1), 2^(c−1)]` with `kᵢ = Σ_w digit·2^(c·w)`; `windows = ⌊bits/c⌋ + 1` absorbs the
/// last carry.
pub(super) fn signed_digits(scalars: &[[u64; 4]], c: u32, windows: usize) -> Vec<i32> {
    let n = scalars.len();
    let mut digits = alloc::vec![0i32; n * windows];
    let mask = (1u64 << c) - 1;
    let half = 1i64 << (c - 1);
    for (i, k) in scalars.iter().enumerate() {
        let mut carry = 0i64;
        for w in 0..windows {
            let bit = w * c as usize;
            let (limb, off) = (bit / 64, bit % 64);
            let mut v = k.get(limb).copied().unwrap_or(0) >> off;
            if off + c as usize > 64 {
                v |= k.get(limb + 1).copied().unwrap_or(0) << (64 - off);
            }
            let mut d = (v & mask) as i64 + carry;
            carry = 0;
            if d > half {
                d -= 1 << c;
                carry = 1;
            }
            digits[w * n + i] = d as i32;
        }
    }
    digits
}

/// One window's buckets, accumulated by batch-affine additions.
struct Buckets<C: SwCurve> {
    /// `B_j` for digit magnitude `j + 1` (the identity when empty).
    affine: Vec<Affine<C>>,
    /// Whether bucket `j` has an addition pending in the current batch.
    busy: Vec<bool>,
    /// The pending batch: bucket index and the point to add.
    batch: Vec<(u32, Affine<C>)>,
    /// Denominators `x_P − x_B`, inverted together.
    denominators: Vec<C::Base>,
    /// Prefix products for Montgomery's trick.
    prefix: Vec<C::Base>,
    /// Additions that met a bucket already in the batch, retried after it.
    conflicts: Vec<(u32, Affine<C>)>,
    /// Additions left to the reduction (doublings, crowded buckets).
    deferred: Vec<(u32, Affine<C>)>,
    batch_size: usize,
}

impl<C: SwCurve> Buckets<C> {
    fn new(count: usize) -> Self {
        let batch_size = (count / BATCH_FRACTION).max((count / 2).min(MIN_BATCH)).clamp(1, MAX_BATCH);
        Buckets {
            affine: alloc::vec![Affine::identity(); count],
            busy: alloc::vec![false; count],
            batch: Vec::with_capacity(batch_size),
            denominators: Vec::with_capacity(batch_size),
            prefix: Vec::with_capacity(batch_size),
            conflicts: Vec::new(),
            deferred: Vec::new(),
            batch_size,
        }
    }

    /// Schedules `B_j += p` (`p` not the identity); performs the batch when it is full, then
    /// retries the additions that met a busy bucket.
    #[inline]
    fn add(&mut self, j: usize, p: &Affine<C>) {
        self.push(j, p);
        if self.batch.len() >= self.batch_size {
            self.flush();
            self.retry();
        }
    }

    /// `B_j += p` into the batch, or at once when no addition is needed (empty bucket,
    /// `P + (−P)`); a doubling, or a bucket already in the batch, is set aside.
    #[inline]
    fn push(&mut self, j: usize, p: &Affine<C>) {
        if self.busy[j] {
            self.conflicts.push((j as u32, *p));
            return;
        }
        let b = &mut self.affine[j];
        if bool::from(b.infinity) {
            *b = *p;
            return;
        }
        if b.x == p.x {
            if b.y == p.y {
                // P + P: doubled in XYZZ coordinates during the reduction.
                self.deferred.push((j as u32, *p));
            } else {
                // P + (−P).
                *b = Affine::identity();
            }
            return;
        }
        self.busy[j] = true;
        self.batch.push((j as u32, *p));
    }

    /// Re-schedules the additions that met a busy bucket, now that the batch is done; when
    /// there are more than a batch of them (inputs crowding few buckets), they are left to the
    /// reduction instead, which keeps the work linear.
    fn retry(&mut self) {
        let mut pending = core::mem::take(&mut self.conflicts);
        if pending.len() > self.batch_size {
            self.deferred.append(&mut pending);
        } else {
            for (j, p) in &pending {
                self.push(*j as usize, p);
            }
            pending.clear();
        }
        // Keep the allocation for the next round.
        if self.conflicts.is_empty() {
            self.conflicts = pending;
        }
    }

    /// Performs the pending additions with one inversion: `λ = (y_P − y_B)/(x_P − x_B)`,
    /// `x = λ² − x_B − x_P`, `y = λ·(x_B − x) − y_B`.
    fn flush(&mut self) {
        if self.batch.is_empty() {
            return;
        }
        self.denominators.clear();
        self.prefix.clear();
        let mut acc = C::Base::ONE;
        for (j, p) in &self.batch {
            let d = p.x - self.affine[*j as usize].x;
            self.prefix.push(acc);
            acc *= d;
            self.denominators.push(d);
        }
        // Non-zero: every denominator is (x_P − x_B) with x_P ≠ x_B.
        let mut inv = acc.inverse_vartime().unwrap_or(C::Base::ZERO);
        for ((j, p), (d, pre)) in self.batch.iter().zip(self.denominators.iter().zip(&self.prefix)).rev() {
            let d_inv = inv * *pre;
            inv *= *d;
            let b = &mut self.affine[*j as usize];
            let lambda = (p.y - b.y) * d_inv;
            let x = lambda.square() - b.x - p.x;
            let y = lambda * (b.x - x) - b.y;
            *b = Affine::from_xy_unchecked(x, y);
            self.busy[*j as usize] = false;
        }
        self.batch.clear();
    }

    /// `Σ_j (j + 1)·B_j` by running sums, the set-aside additions included.
    fn reduce(mut self) -> Xyzz<C::Base> {
        self.flush();
        self.retry();
        self.flush();
        self.deferred.append(&mut self.conflicts);
        self.deferred.sort_unstable_by_key(|(j, _)| *j);
        let mut running = Xyzz::IDENTITY;
        let mut total = Xyzz::IDENTITY;
        for j in (0..self.affine.len()).rev() {
            running = running.add_mixed_vartime(&self.affine[j]);
            while let Some((k, p)) = self.deferred.last() {
                if *k as usize != j {
                    break;
                }
                running = running.add_mixed_vartime(p);
                self.deferred.pop();
            }
            total = total.add_vartime(&running);
        }
        total
    }
}

/// The bucket sum of one window from its digits: batch-affine buckets ([`Buckets`]) from
/// [`MIN_AFFINE_WINDOW`] bits on, XYZZ buckets with mixed additions (which handle `P + P` and
/// `P + (−P)` themselves) below.
fn window_sum<C: SwCurve>(points: &[Affine<C>], digits: &[i32], c: u32) -> Xyzz<C::Base> {
    if c < MIN_AFFINE_WINDOW {
        let mut buckets = alloc::vec![Xyzz::<C::Base>::IDENTITY; 1 << (c - 1)];
        for (p, &d) in points.iter().zip(digits) {
            if d > 0 {
                let b = &mut buckets[d as usize - 1];
                *b = b.add_mixed_vartime(p);
            } else if d < 0 {
                let b = &mut buckets[(-d) as usize - 1];
                *b = b.add_mixed_vartime(&p.neg());
            }
        }
        let mut running = Xyzz::IDENTITY;
        let mut total = Xyzz::IDENTITY;
        for b in buckets.iter().rev() {
            running = running.add_vartime(b);
            total = total.add_vartime(&running);
        }
        return total;
    }
    let mut buckets = Buckets::<C>::new(1 << (c - 1));
    for (p, &d) in points.iter().zip(digits) {
        if d > 0 {
            buckets.add(d as usize - 1, p);
        } else if d < 0 {
            buckets.add((-d) as usize - 1, &p.neg());
        }
    }
    buckets.reduce()
}

/// Pippenger over split scalars (steps 3–5 of the module documentation).
fn pippenger<C: SwCurve>(split: &Split<C>, parallel: bool) -> Projective<C> {
    let n = split.points.len();
    if n == 0 {
        return Projective::identity();
    }
    let c = window_bits(n, split.bits);
    let windows = (split.bits / c + 1) as usize;
    let digits = signed_digits(&split.scalars, c, windows);
    let one = |w: usize| window_sum::<C>(&split.points, &digits[w * n..(w + 1) * n], c);
    let sums: Vec<Xyzz<C::Base>> = window_sums(windows, parallel, one);
    let mut acc = Xyzz::IDENTITY;
    for s in sums.iter().rev() {
        for _ in 0..c {
            acc = acc.double_vartime();
        }
        acc = acc.add_vartime(s);
    }
    acc.to_homogeneous()
}

#[cfg(feature = "parallel")]
fn window_sums<T: Send>(windows: usize, parallel: bool, f: impl Fn(usize) -> T + Sync + Send) -> Vec<T> {
    use rayon::prelude::*;
    if parallel {
        (0..windows).into_par_iter().map(f).collect()
    } else {
        (0..windows).map(f).collect()
    }
}

#[cfg(not(feature = "parallel"))]
fn window_sums<T>(windows: usize, _parallel: bool, f: impl Fn(usize) -> T) -> Vec<T> {
    (0..windows).map(f).collect()
}

/// `Σ [kᵢ]·Pᵢ` over the first `min(points.len(), scalars.len())` pairs (see the module
/// documentation); the windows on rayon's pool when `parallel` (and the feature) is on.
/// Variable time in the points and scalars.
pub(crate) fn msm_vartime<C: SwCurve>(points: &[Affine<C>], scalars: &[Scalar<C>], parallel: bool) -> Projective<C> {
    let n = points.len().min(scalars.len());
    if n < SMALL_N {
        let words: Vec<[u64; 4]> = scalars[..n].iter().map(|k| k.to_canonical_limbs()).collect();
        let refs: Vec<&[u64]> = words.iter().map(|w| &w[..]).collect();
        return Projective::multi_mul_limbs_vartime(&points[..n], &refs);
    }
    let expanded = expand_points(&points[..n]);
    pippenger(&split(&expanded, &scalars[..n]), parallel)
}

/// Precomputed images `φʲ(Pᵢ)` of a fixed point set, for
/// [`Group::msm_with_table_vartime`](crate::curve::Group::msm_with_table_vartime) (the generic
/// wrapper is `isochron::msm::FixedBaseMsm`). Table size: `d·n` affine points.
#[derive(Clone, Debug)]
pub struct MsmTable<C: SwCurve> {
    pub(super) images: Vec<Affine<C>>,
    pub(super) len: usize,
}

impl<C: SwCurve> MsmTable<C> {
    /// The table of `points`: `d·n` affine points (`d` = 2 on G1, 4 on G2 of the pairing
    /// curves, 1 without an endomorphism).
    pub(crate) fn new(points: &[Affine<C>]) -> Self {
        MsmTable { images: expand_points(points), len: points.len() }
    }

    /// The number of points of the set.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// [`msm_vartime`] over a precomputed table (pairs beyond the shorter of the set and `scalars`
/// are ignored).
pub(crate) fn msm_with_table_vartime<C: SwCurve>(
    table: &MsmTable<C>,
    scalars: &[Scalar<C>],
    parallel: bool,
) -> Projective<C> {
    let n = table.len.min(scalars.len());
    let dim = table.images.len() / table.len.max(1);
    if n < SMALL_N {
        let points: Vec<Affine<C>> = table.images.iter().step_by(dim.max(1)).take(n).copied().collect();
        return msm_vartime(&points, &scalars[..n], false);
    }
    pippenger(&split(&table.images[..n * dim], &scalars[..n]), parallel)
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
        for bits in [64u32, 128, 256] {
            let mut scalars: Vec<[u64; 4]> = (0..50)
                .map(|_| {
                    let mut k = [rng.gen(), rng.gen(), rng.gen(), rng.gen()];
                    for (i, l) in k.iter_mut().enumerate() {
                        if 64 * i as u32 >= bits {
                            *l = 0;
                        }
                    }
                    k
                })
                .collect();
            let mut ones = [0u64; 4];
            for l in ones.iter_mut().take((bits / 64) as usize) {
                *l = u64::MAX;
            }
            scalars.extend([[0; 4], [1, 0, 0, 0], ones]);
            for c in 2..=16u32 {
                let windows = (bits / c + 1) as usize;
                let digits = signed_digits(&scalars, c, windows);
                let n = scalars.len();
                for (i, k) in scalars.iter().enumerate() {
                    let mut v = num_bigint::BigInt::default();
                    for w in (0..windows).rev() {
                        let d = digits[w * n + i];
                        assert!(d.unsigned_abs() <= 1 << (c - 1), "c = {c}, digit {d}");
                        v = (v << c) + d;
                    }
                    assert_eq!(v, big(k), "c = {c}, bits = {bits}");
                }
            }
        }
    }

    /// The window width grows with the input and stays within the digit storage.
    #[test]
    fn window_bits_grows_with_n() {
        let mut last = 0;
        for n in [1usize, 10, 100, 1000, 10_000, 100_000, 1_000_000, 100_000_000] {
            let c = window_bits(n, 128);
            assert!(c >= last && (2..=16).contains(&c), "n = {n}: c = {c}");
            last = c;
        }
    }
}
