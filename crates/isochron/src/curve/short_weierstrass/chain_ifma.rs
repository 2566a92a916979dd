//! Multiplication chains by a fixed 64-bit scalar for many public affine points at once on
//! eight lanes of AVX-512 IFMA (`limbs::x86_64_ifma`), for curves with `a = 0`: `[k]([k]P)` over
//! a prime field (BLS12-381's G1 subgroup test, `[x²]P`, Scott, eprint 2021/1130 §6) and `[k]Q`
//! over its quadratic extension `Fp2 = Fp[u]/(u² + 1)` (the G2 test `ψ(Q) = [x]Q`, §4), for
//! batches of points such as the EIP-2537 precompiles' inputs. Lane `k` carries point `k` of a
//! group of eight through the same doublings and mixed additions (the scalar is fixed, so the
//! lanes never diverge). Public data only. The formulas are written once ([`chain_formulas`])
//! for both kinds of lane element: [`Mont52`] on `Lanes` and [`Fp2Lanes`] on pairs of them.
//!
//! Formulas: Jacobian doubling `dbl-2009-l` (2M + 5S) and mixed addition `madd-2007-bl`
//! (7M + 4S) of the Explicit-Formulas Database. Neither handles its exceptional cases
//! (the identity, `R = ±P`), which only points outside the prime-order subgroup can meet; each
//! of them leaves `Z = 0` for good (the identity's own `Z`), so a lane that ends with `Z = 0` is
//! reported as unknown and its caller computes it with the serial, complete code.

use alloc::vec::Vec;
use core::arch::x86_64::{_mm512_cmpeq_epi64_mask, _mm512_setzero_si512};

use super::msm_ifma::{backend, point_lanes, words};
use super::{Affine, Projective, SwCurve};
use crate::field::fp2::{Fp2, TowerParams};
use crate::field::{Field, Fp};
use crate::limbs::x86_64_ifma::{self as ifma, Lanes, Mont52};

/// `[k]([k]P)` in homogeneous projective coordinates for each point `P` (none the identity),
/// where this CPU and the curve have the vector backend (`None` otherwise, and for `a ≠ 0`);
/// an entry is `None` where a lane met an exceptional case (only possible outside the
/// prime-order subgroup).
pub(crate) fn mul_twice_vartime<C: SwCurve>(points: &[Affine<C>], k: u64) -> Option<Vec<Option<Projective<C>>>> {
    if C::A_IS_MINUS_3 || k < 2 {
        return None;
    }
    match backend::<C>()? {
        // SAFETY: `backend()` confirmed AVX-512F and AVX-512 IFMA.
        (modulus, 5) => Some(unsafe { run::<C, 5>(modulus, points, k) }),
        // SAFETY: as above.
        (modulus, 8) => Some(unsafe { run::<C, 8>(modulus, points, k) }),
        _ => None,
    }
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn run<C: SwCurve, const L: usize>(modulus: &[u64], points: &[Affine<C>], k: u64) -> Vec<Option<Projective<C>>> {
    let m = Mont52::<L>::new(modulus);
    let mut out = Vec::with_capacity(points.len());
    for group in points.chunks(8) {
        let (px, py) = point_lanes(&m, group);
        let (x, y, z) = chain(&m, &px, &py, k);
        // Q = [k]P to affine (one inversion for the eight lanes; a zero Z gives zero).
        let zi = super::msm_ifma::invert_lanes::<C::Base, L>(&m, &m.canon(&z));
        let zi2 = m.sqr(&zi);
        let qx = m.canon(&m.mul(&x, &zi2));
        let qy = m.canon(&m.mul(&y, &m.mul(&zi2, &zi)));
        let (x, y, z) = chain(&m, &qx, &qy, k);
        // Jacobian (X, Y, Z) to homogeneous (X·Z, Y, Z³).
        let zz = m.sqr(&z);
        let hx = words::<C::Base, L>(&m, &m.canon(&m.mul(&x, &z)));
        let hy = words::<C::Base, L>(&m, &m.canon(&y));
        let hz = words::<C::Base, L>(&m, &m.canon(&m.mul(&zz, &z)));
        let zero = is_zero(&m.canon(&z));
        for j in 0..group.len() {
            out.push(if zero & (1 << j) != 0 { None } else { Some(Projective { x: hx[j], y: hy[j], z: hz[j] }) });
        }
    }
    out
}

/// The lanes whose (canonical) value is zero.
#[inline]
#[target_feature(enable = "avx512f")]
fn is_zero<const L: usize>(a: &Lanes<L>) -> u8 {
    let zero = _mm512_setzero_si512();
    a.iter().fold(0xff, |mask, limb| mask & _mm512_cmpeq_epi64_mask(*limb, zero))
}

/// The chain `[k]P` and its two formulas for one kind of lane element: `$ctx` the arithmetic
/// (methods `one`, `add`, `sub`, `red`, `mul`, `sqr` with [`Mont52`]'s bounds), `$elem` the
/// element, and the names of the three functions.
macro_rules! chain_formulas {
    ($ctx:ty, $elem:ty, $chain:ident, $double:ident, $add:ident) => {
        /// `[k]P` in Jacobian coordinates for affine `P = (px, py)` in every lane: left to right over
        /// the bits of `k` below its top one.
        #[inline]
        #[target_feature(enable = "avx512f,avx512ifma")]
        fn $chain<const L: usize>(m: &$ctx, px: &$elem, py: &$elem, k: u64) -> ($elem, $elem, $elem) {
            let (mut x, mut y, mut z) = (*px, *py, m.one());
            for bit in (0..63 - k.leading_zeros()).rev() {
                (x, y, z) = $double(m, &x, &y, &z);
                if (k >> bit) & 1 == 1 {
                    (x, y, z) = $add(m, &x, &y, &z, px, py);
                }
            }
            (x, y, z)
        }

        /// `dbl-2009-l` (`a = 0`): inputs and outputs below `2p`.
        #[inline]
        #[target_feature(enable = "avx512f,avx512ifma")]
        fn $double<const L: usize>(m: &$ctx, x: &$elem, y: &$elem, z: &$elem) -> ($elem, $elem, $elem) {
            let a = m.sqr(x);
            let b = m.sqr(y);
            let c = m.sqr(&b);
            // D = 2·((X + B)² − A − C).
            let t = m.sqr(&m.add(x, &b));
            let t = m.red(&m.sub(&m.red(&m.sub(&t, &a, 2)), &c, 2));
            let d = m.red(&m.add(&t, &t));
            // E = 3A, F = E².
            let e = m.red(&m.add(&m.red(&m.add(&a, &a)), &a));
            let f = m.sqr(&e);
            // X3 = F − 2D.
            let x3 = m.red(&m.sub(&f, &m.red(&m.add(&d, &d)), 2));
            // Y3 = E·(D − X3) − 8C.
            let c2 = m.red(&m.add(&c, &c));
            let c4 = m.red(&m.add(&c2, &c2));
            let c8 = m.red(&m.add(&c4, &c4));
            let y3 = m.red(&m.sub(&m.mul(&e, &m.sub(&d, &x3, 2)), &c8, 2));
            // Z3 = 2·Y·Z.
            let yz = m.mul(y, z);
            let z3 = m.red(&m.add(&yz, &yz));
            (x3, y3, z3)
        }

        /// `madd-2007-bl`: `(X, Y, Z) + (x2, y2)` with the second point affine; inputs and outputs
        /// below `2p`.
        #[inline]
        #[target_feature(enable = "avx512f,avx512ifma")]
        fn $add<const L: usize>(
            m: &$ctx,
            x1: &$elem,
            y1: &$elem,
            z1: &$elem,
            x2: &$elem,
            y2: &$elem,
        ) -> ($elem, $elem, $elem) {
            let z1z1 = m.sqr(z1);
            let u2 = m.mul(x2, &z1z1);
            let s2 = m.mul(&m.mul(y2, z1), &z1z1);
            let h = m.red(&m.sub(&u2, x1, 2));
            let hh = m.sqr(&h);
            let hh2 = m.red(&m.add(&hh, &hh));
            let i = m.red(&m.add(&hh2, &hh2));
            let j = m.mul(&h, &i);
            let t = m.red(&m.sub(&s2, y1, 2));
            let r = m.red(&m.add(&t, &t));
            let v = m.mul(x1, &i);
            // X3 = r² − J − 2V.
            let x3 = m.red(&m.sub(&m.red(&m.sub(&m.sqr(&r), &j, 2)), &m.red(&m.add(&v, &v)), 2));
            // Y3 = r·(V − X3) − 2·Y1·J.
            let yj = m.mul(y1, &j);
            let y3 = m.red(&m.sub(&m.mul(&r, &m.sub(&v, &x3, 2)), &m.red(&m.add(&yj, &yj)), 2));
            // Z3 = (Z1 + H)² − Z1Z1 − HH.
            let zh = m.sqr(&m.add(z1, &h));
            let z3 = m.red(&m.sub(&m.red(&m.sub(&zh, &z1z1, 2)), &hh, 2));
            (x3, y3, z3)
        }
    };
}

chain_formulas!(Mont52<L>, Lanes<L>, chain, double, add_affine);
chain_formulas!(Fp2Lanes<'_, L>, Pair<L>, chain2, double2, add_affine2);

/// An element of `Fp2 = Fp[u]/(u² + 1)` in eight lanes: `c0 + c1·u`, each coordinate as
/// [`Mont52`] keeps it.
type Pair<const L: usize> = [Lanes<L>; 2];

/// [`Mont52`]'s arithmetic lifted to [`Pair`] (Karatsuba products, the complex-squaring
/// formula), with the same bounds: inputs and outputs normalized and below `2p` unless said.
struct Fp2Lanes<'a, const L: usize>(&'a Mont52<L>);

impl<const L: usize> Fp2Lanes<'_, L> {
    /// One.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn one(&self) -> Pair<L> {
        [self.0.one(), [_mm512_setzero_si512(); L]]
    }

    /// `a + b`, normalized.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn add(&self, a: &Pair<L>, b: &Pair<L>) -> Pair<L> {
        [self.0.add(&a[0], &b[0]), self.0.add(&a[1], &b[1])]
    }

    /// `a + k·p − b` in each coordinate, for `b ≤ k·p` there.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn sub(&self, a: &Pair<L>, b: &Pair<L>, k: u32) -> Pair<L> {
        [self.0.sub(&a[0], &b[0], k), self.0.sub(&a[1], &b[1], k)]
    }

    /// `a` reduced below `2p` in each coordinate (from below `4p`).
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn red(&self, a: &Pair<L>) -> Pair<L> {
        [self.0.red(&a[0]), self.0.red(&a[1])]
    }

    /// `a·b` by Karatsuba: `a0·b0 − a1·b1 + ((a0 + a1)(b0 + b1) − a0·b0 − a1·b1)·u`, for
    /// coordinates below `4p`.
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn mul(&self, a: &Pair<L>, b: &Pair<L>) -> Pair<L> {
        let m = self.0;
        let t0 = m.mul(&a[0], &b[0]);
        let t1 = m.mul(&a[1], &b[1]);
        let s = m.mul(&m.add(&a[0], &a[1]), &m.add(&b[0], &b[1]));
        [m.red(&m.sub(&t0, &t1, 2)), m.red(&m.sub(&m.red(&m.sub(&s, &t0, 2)), &t1, 2))]
    }

    /// `a²`: `(a0 + a1)(a0 − a1) + 2·a0·a1·u`, for coordinates below `4p`.
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn sqr(&self, a: &Pair<L>) -> Pair<L> {
        let m = self.0;
        [m.mul(&m.add(&a[0], &a[1]), &m.sub(&a[0], &a[1], 4)), m.mul(&m.add(&a[0], &a[0]), &a[1])]
    }
}

/// `[k]Q` in homogeneous projective coordinates for each point `Q` (none the identity) of a
/// curve over `Fp2 = Fp[u]/(u² + 1)`, where this CPU and `Fp` have the vector backend (`None`
/// otherwise, and for `a ≠ 0`); an entry is `None` where a lane met an exceptional case (only
/// possible outside the prime-order subgroup).
pub(crate) fn mul_fp2_vartime<C, T, const N: usize>(points: &[Affine<C>], k: u64) -> Option<Vec<Option<Projective<C>>>>
where
    C: SwCurve<Base = Fp2<T, N>>,
    T: TowerParams<N>,
{
    if C::A_IS_MINUS_3 || k < 2 {
        return None;
    }
    let modulus = <Fp<T::Fp, N> as Field>::mont_modulus()?;
    if !ifma::available() {
        return None;
    }
    match ifma::limbs_for(modulus.len())? {
        // SAFETY: `available()` confirmed AVX-512F and AVX-512 IFMA.
        5 => Some(unsafe { run2::<C, T, N, 5>(modulus, points, k) }),
        // SAFETY: as above.
        8 => Some(unsafe { run2::<C, T, N, 8>(modulus, points, k) }),
        _ => None,
    }
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn run2<C, T, const N: usize, const L: usize>(
    modulus: &[u64],
    points: &[Affine<C>],
    k: u64,
) -> Vec<Option<Projective<C>>>
where
    C: SwCurve<Base = Fp2<T, N>>,
    T: TowerParams<N>,
{
    let m = Mont52::<L>::new(modulus);
    let f = Fp2Lanes(&m);
    let mut out = Vec::with_capacity(points.len());
    for group in points.chunks(8) {
        let coords = |c: fn(&Affine<C>) -> [&Fp<T::Fp, N>; 2]| -> Pair<L> {
            let mut w = [[c(&group[0])[0].mont_words(); 8]; 2];
            for (j, p) in group.iter().enumerate() {
                w[0][j] = c(p)[0].mont_words();
                w[1][j] = c(p)[1].mont_words();
            }
            w.map(|w| m.vector_from_word(&ifma::lanes_from_words::<L>(w)))
        };
        let px = coords(|p| [&p.x.c0, &p.x.c1]);
        let py = coords(|p| [&p.y.c0, &p.y.c1]);
        let (x, y, z) = chain2(&f, &px, &py, k);
        // Jacobian (X, Y, Z) to homogeneous (X·Z, Y, Z³).
        let hx = f.mul(&x, &z);
        let hz = f.mul(&f.sqr(&z), &z);
        let words2 = |v: &Pair<L>| v.map(|c| words::<Fp<T::Fp, N>, L>(&m, &m.canon(&c)));
        let (hx, hy, hz) = (words2(&hx), words2(&y), words2(&hz));
        let zero = is_zero(&m.canon(&z[0])) & is_zero(&m.canon(&z[1]));
        for j in 0..group.len() {
            out.push(if zero & (1 << j) != 0 {
                None
            } else {
                Some(Projective {
                    x: Fp2::new(hx[0][j], hx[1][j]),
                    y: Fp2::new(hy[0][j], hy[1][j]),
                    z: Fp2::new(hz[0][j], hz[1][j]),
                })
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;
    use rand::SeedableRng;
    use rand_chacha::ChaCha20Rng;

    use super::*;
    use crate::curve::Group;
    use crate::curves::bls12_381::{Fp, G1Affine, G1Curve, G1Projective};
    use crate::test_util::sw::curve_point;

    /// The batched subgroup test (vector lanes where the CPU has them) agrees with the test of
    /// one point at a time, on subgroup points, points of the whole curve group, points of order
    /// 3 (exceptional cases in the lanes) and the identity.
    #[test]
    fn batch_subgroup_check_agrees() {
        let mut rng = ChaCha20Rng::seed_from_u64(8);
        // #E(Fp) = p + 1 − t with t = x + 1, so #E = p − x = p + |x|; #E/3 times a point has
        // order 1 or 3.
        let p = BigUint::from_bytes_be(&(-Fp::ONE).to_bytes_be()) + 1u32;
        let cofactor3 = ((p + BigUint::from(0xd201_0000_0001_0000u64)) / 3u32).to_u64_digits();
        let mut points = Vec::new();
        for i in 0..40 {
            points.push(match i % 5 {
                0 => G1Projective::random(&mut rng).to_affine(),
                1 => Projective::from(curve_point::<G1Curve>(&mut rng)).mul_limbs_vartime(&cofactor3).to_affine(),
                2 => G1Affine::identity(),
                _ => curve_point::<G1Curve>(&mut rng),
            });
        }
        let alone: Vec<bool> =
            points.iter().map(|p| G1Curve::is_torsion_free_vartime(&G1Projective::from(*p))).collect();
        assert!(alone.iter().any(|t| *t) && alone.iter().any(|t| !*t));
        for start in 0..points.len() {
            let want = alone[start..].iter().position(|t| !*t);
            assert_eq!(G1Curve::first_outside_subgroup_vartime(&points[start..]), want, "from {start}");
        }
        // A point of order 3 meets `2P = −P`, then `−P + P`: its lane reports an exceptional case.
        let order3: Vec<G1Affine> =
            points.iter().skip(1).step_by(5).copied().filter(|p| !bool::from(p.infinity)).collect();
        if let Some(r) = mul_twice_vartime(&order3, 0xd201_0000_0001_0000) {
            assert!(!order3.is_empty() && r.iter().all(Option::is_none));
        }
        let good: Vec<G1Affine> = points.iter().zip(&alone).filter(|(_, t)| **t).map(|(p, _)| *p).collect();
        assert_eq!(G1Curve::first_outside_subgroup_vartime(&good), None);
        if let Some(r) = mul_twice_vartime(&good, 0xd201_0000_0001_0000) {
            for (p, r) in good.iter().zip(r) {
                if !bool::from(p.infinity) {
                    let q = G1Projective::from(*p).mul_by_u64_vartime(0xd201_0000_0001_0000);
                    assert_eq!(r, Some(q.mul_by_u64_vartime(0xd201_0000_0001_0000)));
                }
            }
        }
    }

    /// The batched G2 test agrees with the test of one point at a time, on subgroup points,
    /// points of the whole twist group, points of order 13 or 169 (`13² | h₂`) and the identity.
    #[test]
    fn batch_g2_subgroup_check_agrees() {
        use crate::curves::bls12_381::tests::g2_cofactor;
        use crate::curves::bls12_381::{FrParams, G2Affine, G2Curve, G2Projective};
        use crate::field::FieldParams;
        use num_bigint::BigInt;
        let mut rng = ChaCha20Rng::seed_from_u64(13);
        // 13² divides h₂ exactly: `(h₂·r/13²)·R` has an order dividing 13².
        let r = BigInt::from(crate::test_util::big(&FrParams::MODULUS));
        let order13 = ((g2_cofactor() * r) / BigInt::from(169)).to_biguint().unwrap().to_u64_digits();
        let mut points = Vec::new();
        for i in 0..40 {
            points.push(match i % 5 {
                0 => G2Projective::random(&mut rng).to_affine(),
                1 => {
                    let q = Projective::from(curve_point::<G2Curve>(&mut rng)).mul_limbs_vartime(&order13);
                    assert!(bool::from(q.mul_limbs_vartime(&[169]).is_identity()));
                    q.to_affine()
                }
                2 => G2Affine::identity(),
                _ => curve_point::<G2Curve>(&mut rng),
            });
        }
        let alone: Vec<bool> =
            points.iter().map(|p| G2Curve::is_torsion_free_vartime(&G2Projective::from(*p))).collect();
        assert!(alone.iter().any(|t| *t) && alone.iter().any(|t| !*t));
        for start in 0..points.len() {
            let want = alone[start..].iter().position(|t| !*t);
            assert_eq!(G2Curve::first_outside_subgroup_vartime(&points[start..]), want, "from {start}");
        }
        let good: Vec<G2Affine> = points.iter().zip(&alone).filter(|(_, t)| **t).map(|(p, _)| *p).collect();
        assert_eq!(G2Curve::first_outside_subgroup_vartime(&good), None);
        if let Some(r) = mul_fp2_vartime(&good, 0xd201_0000_0001_0000) {
            for (p, r) in good.iter().zip(r) {
                if !bool::from(p.infinity) {
                    assert_eq!(r, Some(G2Projective::from(*p).mul_by_u64_vartime(0xd201_0000_0001_0000)));
                }
            }
        }
    }
}
