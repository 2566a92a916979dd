//! Many multi-scalar multiplications of the same size over point sets fixed in advance,
//! computed together (the 128 MSMs of 64 points of FK20, EIP-7594 cell proofs).
//!
//! Method: fixed-base Pippenger with one window. Each point's shifted copies `[2^(c·w)]P` are
//! precomputed (`c` = [`WINDOW`] bits, `w` up to the scalar size after the GLV/GLS split), so a
//! scalar's signed `c`-bit digits (Booth-style, in `[−2^(c−1), 2^(c−1)]`) each add one copy,
//! or its endomorphism image, to one of `2^(c−1)` buckets: no doubling, and no window
//! combination. The buckets of all the MSMs are summed at once by rounds of independent
//! pairwise affine additions, each round sharing one inversion (Montgomery's trick; the
//! "batch-affine" method, eprint 2022/1400 §3), which needs no scheduling since every
//! addition of a round involves distinct points. Each MSM's buckets are then reduced by
//! running sums in XYZZ coordinates.
//!
//! Table: `n·⌈(bits + 1)/c⌉` affine points for `n` points (`bits` the size of the split
//! scalars: 128 on BLS12-381 G1, so 17 copies per point; the endomorphism images are computed
//! on the fly). Everything is variable time: points and scalars must be public.

use alloc::vec::Vec;
use core::ops::Range;

use super::msm::{map_affine, signed_digits};
use super::xyzz::Xyzz;
use super::{Affine, Projective, Scalar, SwCurve};
use crate::curve::Group;
use crate::field::{Field, PrimeField};

/// The window width: 2^7 buckets per MSM. With `m` split scalars of `b` bits per MSM, a
/// window of `c` bits costs about `m·b/c` affine additions plus `2^(c−1)` bucket reductions
/// (two XYZZ additions each); for FK20 (`m` = 128, `b` = 128) 8 bits is the minimum.
const WINDOW: u32 = 8;

/// Sets summed together: enough additions per round to amortize its inversion, few enough
/// that the round's points stay in cache (16 FK20 sets: about 35,000 points, 3.6 MB).
const SETS_PER_GROUP: usize = 16;

/// The precomputed copies of `count` sets of `len` points each; see the module documentation.
#[derive(Clone, Debug)]
pub(crate) struct MultiFixedMsm<C: SwCurve> {
    count: usize,
    len: usize,
    /// Digits per split scalar (`⌊bits/c⌋ + 1`).
    windows: usize,
    /// `copies[(k·len + i)·windows + w] = [2^(c·w)]·P_(k,i)`.
    copies: Vec<Affine<C>>,
}

impl<C: SwCurve> MultiFixedMsm<C> {
    /// The table of `points.len() / len` sets of `len` points each (set `k` is
    /// `points[k·len..(k+1)·len]`; a last partial set is ignored).
    pub(crate) fn new(points: &[Affine<C>], len: usize) -> Self {
        let count = points.len().checked_div(len).unwrap_or(0);
        let bits = C::ENDOMORPHISM.map_or(Scalar::<C>::NUM_BITS, |e| e.lattice.bits());
        let windows = (bits / WINDOW + 1) as usize;
        let mut copies = Vec::with_capacity(count * len * windows);
        for p in &points[..count * len] {
            let mut q = Projective::from(*p);
            for w in 0..windows {
                copies.push(q);
                if w + 1 < windows {
                    for _ in 0..WINDOW {
                        q = q.double();
                    }
                }
            }
        }
        MultiFixedMsm { count, len, windows, copies: Projective::batch_normalize(&copies) }
    }

    /// `Σ_i [k_(s,i)]·P_(s,i)` for every set `s`, with `scalars[s·len + i]` (missing scalars
    /// count as zero); with `parallel` (and the feature), groups of sets on rayon's pool.
    pub(crate) fn msm_vartime(&self, scalars: &[Scalar<C>], parallel: bool) -> Vec<Projective<C>> {
        let groups = self.count.div_ceil(SETS_PER_GROUP);
        let group = |g: usize| self.sets_msm(g * SETS_PER_GROUP..((g + 1) * SETS_PER_GROUP).min(self.count), scalars);
        #[cfg(feature = "parallel")]
        if parallel {
            use rayon::prelude::*;
            return (0..groups).into_par_iter().flat_map_iter(group).collect();
        }
        let _ = parallel;
        (0..groups).flat_map(group).collect()
    }

    /// [`MultiFixedMsm::msm_vartime`] for the sets in `sets`.
    fn sets_msm(&self, sets: Range<usize>, scalars: &[Scalar<C>]) -> Vec<Projective<C>> {
        let half = 1usize << (WINDOW - 1);
        let dim = C::ENDOMORPHISM.map_or(1, |e| e.lattice.dim());
        let first = sets.start * self.len;
        let count = sets.len();
        // Every (bucket, point) addition, grouped by bucket (counting sort).
        let mut split = Vec::with_capacity(count * self.len * dim);
        let mut signs = Vec::with_capacity(count * self.len * dim);
        for k in first..first + count * self.len {
            let s = scalars.get(k).map_or([0; 4], |s| s.to_canonical_limbs());
            match C::ENDOMORPHISM {
                None => {
                    split.push(s);
                    signs.push(false);
                }
                Some(e) => {
                    let dec = e.lattice.decompose(&s);
                    for j in 0..dim {
                        split.push([dec.magnitudes[j][0], dec.magnitudes[j][1], 0, 0]);
                        signs.push(bool::from(dec.negative[j]));
                    }
                }
            }
        }
        let digits = signed_digits(&split, WINDOW, self.windows);
        let m = split.len();
        let buckets = count * half;
        let mut start = alloc::vec![0usize; buckets + 1];
        for w in 0..self.windows {
            for (idx, d) in digits[w * m..(w + 1) * m].iter().enumerate() {
                if *d != 0 {
                    start[(idx / (self.len * dim)) * half + d.unsigned_abs() as usize] += 1;
                }
            }
        }
        for b in 0..buckets {
            start[b + 1] += start[b];
        }
        let mut fill = start.clone();
        let mut items = alloc::vec![Affine::<C>::identity(); start[buckets]];
        for w in 0..self.windows {
            for (idx, d) in digits[w * m..(w + 1) * m].iter().enumerate() {
                if *d == 0 {
                    continue;
                }
                let (point, j) = (idx / dim, idx % dim);
                let copy = &self.copies[(first + point) * self.windows + w];
                if bool::from(copy.infinity) {
                    continue;
                }
                let mut p = match C::ENDOMORPHISM {
                    Some(e) if j > 0 => {
                        let mut q = *copy;
                        for _ in 0..j {
                            q = map_affine(e.map, &q);
                        }
                        q
                    }
                    _ => *copy,
                };
                if (*d < 0) != signs[idx] {
                    p = p.neg();
                }
                let b = (idx / (self.len * dim)) * half + d.unsigned_abs() as usize - 1;
                items[fill[b]] = p;
                fill[b] += 1;
            }
        }
        // Identity copies were skipped: each bucket is items[start[b]..fill[b]].
        #[cfg(target_arch = "x86_64")]
        let vector =
            if super::msm::vector_enabled() { super::msm_ifma::bucket_sums(&items, &start, &fill) } else { None };
        #[cfg(target_arch = "x86_64")]
        let sums = vector.unwrap_or_else(|| bucket_sums(items, &start, &fill));
        #[cfg(not(target_arch = "x86_64"))]
        let sums = bucket_sums(items, &start, &fill);
        (0..count)
            .map(|k| {
                let mut running = Xyzz::IDENTITY;
                let mut total = Xyzz::IDENTITY;
                for b in sums[k * half..(k + 1) * half].iter().rev() {
                    if !bool::from(b.infinity) {
                        running = running.add_mixed_vartime(b);
                    }
                    total = total.add_vartime::<C>(&running);
                }
                total.to_homogeneous()
            })
            .collect()
    }
}

/// The sum of each bucket `items[start[b]..end[b]]`, by rounds of pairwise affine additions
/// with one inversion per round. Items are never the identity; sums may be.
fn bucket_sums<C: SwCurve>(mut items: Vec<Affine<C>>, start: &[usize], end: &[usize]) -> Vec<Affine<C>> {
    let buckets = start.len() - 1;
    let lo: Vec<usize> = start[..buckets].to_vec();
    let mut hi: Vec<usize> = end[..buckets].to_vec();
    let mut denominators: Vec<C::Base> = Vec::new();
    loop {
        // One round: in every bucket with two items or more, pair them up.
        denominators.clear();
        for b in 0..buckets {
            let mut i = lo[b];
            while i + 1 < hi[b] {
                let (p, q) = (&items[i], &items[i + 1]);
                denominators.push(if p.x != q.x {
                    q.x - p.x
                } else if p.y == q.y {
                    p.y + p.y
                } else {
                    // P + (−P): no inversion needed; 1 keeps the product non-zero.
                    C::Base::ONE
                });
                i += 2;
            }
        }
        if denominators.is_empty() {
            break;
        }
        // Non-zero: x_Q ≠ x_P, or 2y with y ≠ 0 (no point of order two in the subgroups).
        C::Base::batch_inverse_vartime(&mut denominators);
        let mut next = 0;
        for b in 0..buckets {
            let (from, to) = (lo[b], hi[b]);
            let mut out = from;
            let mut i = from;
            while i + 1 < to {
                let (p, q) = (items[i], items[i + 1]);
                let inv = denominators[next];
                next += 1;
                let lambda = if p.x != q.x {
                    (q.y - p.y) * inv
                } else if p.y == q.y {
                    let xx = p.x.square();
                    (xx + xx + xx) * inv
                } else {
                    i += 2;
                    continue;
                };
                let x = lambda.square() - p.x - q.x;
                let y = lambda * (p.x - x) - p.y;
                items[out] = Affine::from_xy_unchecked(x, y);
                out += 1;
                i += 2;
            }
            if i < to {
                items[out] = items[i];
                out += 1;
            }
            hi[b] = out;
        }
    }
    (0..buckets).map(|b| if hi[b] > lo[b] { items[lo[b]] } else { Affine::identity() }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::Group;
    use crate::curves::bls12_381::{Fr, G1Affine, G1Projective};
    use rand_core::SeedableRng;

    #[test]
    fn agrees_with_msm() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        let len = 5;
        let mut points: Vec<G1Affine> = (0..3 * len).map(|_| G1Projective::random(&mut rng).to_affine()).collect();
        // Repeated and opposite points, the identity, zero and small scalars.
        points[1] = points[0];
        points[2] = -points[0];
        points[3] = G1Affine::identity();
        let table = MultiFixedMsm::new(&points, len);
        let mut scalars: Vec<Fr> = (0..3 * len).map(|_| Fr::random(&mut rng)).collect();
        scalars[1] = scalars[0];
        scalars[2] = scalars[0];
        scalars[6] = Fr::ZERO;
        scalars[7] = Fr::ONE;
        scalars[8] = -Fr::ONE;
        // Both arithmetic backends (the vector one where the CPU has it).
        for serial in [false, true] {
            let run = || table.msm_vartime(&scalars, false);
            let got = if serial { super::super::msm::serially(run) } else { run() };
            assert_eq!(got.len(), 3);
            for k in 0..3 {
                let want = G1Projective::msm_vartime(&points[k * len..(k + 1) * len], &scalars[k * len..(k + 1) * len]);
                assert_eq!(got[k], want, "set {k}, serial {serial}");
            }
        }
        // Missing scalars are zero.
        let short = table.msm_vartime(&scalars[..len], true);
        assert_eq!(short[1], G1Projective::identity());
        assert_eq!(
            MultiFixedMsm::<crate::curves::bls12_381::G1Curve>::new(&points, 0).msm_vartime(&scalars, false).len(),
            0
        );
    }
}
