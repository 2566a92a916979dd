//! Extended Jacobian ("XYZZ") coordinates for variable-time work on `y² = x³ + b`.
//!
//! A point is `(X, Y, ZZ, ZZZ)` with `x = X/ZZ`, `y = Y/ZZZ` and `ZZ³ = ZZZ²` (Jacobian
//! coordinates with `Z²` and `Z³` kept instead of `Z`); `ZZ = ZZZ = 0` is the identity. The
//! formulas are those of the Explicit-Formulas Database, "g1p/auto-shortw-xyzz" (after
//! Sutherland's notes on XYZZ coordinates, 2008), specialized to `a = 0`:
//!
//! | operation                          | EFD name        | cost (`a = 0`) |
//! |------------------------------------|-----------------|----------------|
//! | addition, both XYZZ                | add-2008-s      | 12M + 2S       |
//! | mixed addition (affine right side) | madd-2008-s     | 8M + 2S        |
//! | doubling                           | dbl-2008-s-1    | 6M + 3S        |
//!
//! Against Jacobian coordinates (mixed addition 8M + 3S, add-2007-bl 11M + 5S, doubling
//! 3M + 4S): cheaper additions, dearer doublings. None of the additions is complete: they
//! branch on the identity and on `P = ±Q` (equal inputs are doubled, opposite ones give the
//! identity), so every function here ends in `_vartime` and takes public points only. The
//! doubling needs no branch: the identity and a point of order two (`Y = 0`) both give
//! `ZZ = ZZZ = 0`.
//!
//! Where they win, measured in-process (`x86_64`, release profile, best of 7 rounds; one
//! operation, then one whole multiplication):
//!
//! | group        | doubling Jac / XYZZ | mixed addition Jac / XYZZ |
//! |--------------|---------------------|---------------------------|
//! | BLS12-381 G1 | 245 / 270 ns        | 357 / 301 ns              |
//! | BLS12-381 G2 | 595 / 747 ns        | 1005 / 833 ns             |
//! | BN254 G1     | 145 / 154 ns        | 207 / 181 ns              |
//!
//! | accumulator of the wNAF sum                 | Jacobian | XYZZ     |
//! |---------------------------------------------|----------|----------|
//! | `mul_vartime`, BLS12-381 G1                 | 55.1 µs  | 56.4 µs  |
//! | `mul_vartime`, BLS12-381 G2                 | 114.1 µs | 122.3 µs |
//! | `mul_vartime`, BN254 G1                     | 32.7 µs  | 33.1 µs  |
//! | `multi_mul_vartime`, 16 × 64 bits, BLS G1   | 155.4 µs | 146.4 µs |
//! | `multi_mul_vartime`, 16 × 64 bits, BLS G2   | 424.7 µs | 392.1 µs |
//! | `multi_mul_vartime`, 16 × 64 bits, BN254 G1 | 90.3 µs  | 83.8 µs  |
//!
//! A single `mul_vartime` (width-5 wNAF over the GLV/GLS decomposition: about one mixed
//! addition per three doublings on G1, two per three on G2) is doubling-bound, and XYZZ loses
//! there (1–4 % on G1, 6–7 % on G2); interleaved sums over many points are addition-bound,
//! and XYZZ wins (6–8 % at 16 points; the break-even lies between 4 and 6 points of 64-bit
//! scalars). The wNAF sum of `scalar_mul.rs` therefore takes XYZZ when the digits call for at
//! least as many additions as doublings and Jacobian coordinates otherwise. XYZZ is also the
//! coordinate system for the buckets of the coming multi-scalar multiplication, where mixed
//! additions dominate and [`Xyzz::add_vartime`] sums the buckets.

use super::{Affine, Projective, SwCurve};
use crate::field::Field;

/// A point in XYZZ coordinates: `x = X/ZZ`, `y = Y/ZZZ`, `ZZ³ = ZZZ²`; `ZZ = ZZZ = 0` is the
/// identity.
#[derive(Clone, Copy, Debug)]
pub(super) struct Xyzz<F> {
    x: F,
    y: F,
    zz: F,
    zzz: F,
}

impl<F: Field> Xyzz<F> {
    /// The identity (`ZZ = ZZZ = 0`).
    pub(super) const IDENTITY: Self = Xyzz { x: F::ONE, y: F::ONE, zz: F::ZERO, zzz: F::ZERO };

    /// Whether this is the identity (`ZZ = 0`).
    fn is_identity_vartime(&self) -> bool {
        bool::from(self.zz.is_zero())
    }

    /// Affine `(x, y)` → `(x, y, 1, 1)`; infinity becomes the identity. Constant time.
    pub(super) fn from_affine<C: SwCurve<Base = F>>(p: &Affine<C>) -> Self {
        let z = F::conditional_select(&F::ONE, &F::ZERO, p.infinity);
        Xyzz { x: p.x, y: p.y, zz: z, zzz: z }
    }

    /// Homogeneous `(X : Y : Z)` → `(X·Z, Y·Z², Z², Z³)`; `Z = 0` gives the identity. Constant
    /// time.
    #[cfg_attr(not(test), allow(dead_code))] // for callers holding projective points
    pub(super) fn from_homogeneous<C: SwCurve<Base = F>>(p: &Projective<C>) -> Self {
        let zz = p.z.square();
        Xyzz { x: p.x * p.z, y: p.y * zz, zz, zzz: zz * p.z }
    }

    /// XYZZ → homogeneous `(X·ZZZ : Y·ZZ : ZZ·ZZZ)`; the identity becomes `(0 : 1 : 0)`.
    /// Constant time.
    pub(super) fn to_homogeneous<C: SwCurve<Base = F>>(self) -> Projective<C> {
        let y = F::conditional_select(&(self.y * self.zz), &F::ONE, self.zz.is_zero());
        Projective { x: self.x * self.zzz, y, z: self.zz * self.zzz }
    }

    /// `2·self` ("dbl-2008-s-1" with `a = 0`, 6M + 3S; with `a = −3`, `M = 3X² + a·ZZ²`
    /// becomes `3(X − ZZ)(X + ZZ)`, 7M + 3S). Branches on the identity only (which the formula
    /// would map to the identity anyway).
    pub(super) fn double_vartime<C: SwCurve<Base = F>>(&self) -> Self {
        if self.is_identity_vartime() {
            return Self::IDENTITY;
        }
        let u = self.y.double();
        let v = u.square();
        let w = u * v;
        let s = self.x * v;
        let xx = if C::A_IS_MINUS_3 { (self.x - self.zz) * (self.x + self.zz) } else { self.x.square() };
        let m = xx.double() + xx;
        let x = m.square() - s.double();
        let y = F::sum_of_products(&m, &(s - x), &-w, &self.y);
        Xyzz { x, y, zz: v * self.zz, zzz: w * self.zzz }
    }

    /// `self + q` for an affine `q` ("madd-2008-s", 8M + 2S). The identity on either side and
    /// `self = ±q` take branches: `self = q` is doubled, `self = −q` gives
    /// the identity.
    pub(super) fn add_mixed_vartime<C: SwCurve<Base = F>>(&self, q: &Affine<C>) -> Self {
        if bool::from(q.infinity) {
            return *self;
        }
        if self.is_identity_vartime() {
            return Self::from_affine(q);
        }
        let u2 = q.x * self.zz;
        let s2 = q.y * self.zzz;
        let p = u2 - self.x;
        let r = s2 - self.y;
        if bool::from(p.is_zero()) {
            return if bool::from(r.is_zero()) { Self::from_affine(q).double_vartime::<C>() } else { Self::IDENTITY };
        }
        let pp = p.square();
        let ppp = p * pp;
        let q1 = self.x * pp;
        let x = r.square() - ppp - q1.double();
        let y = F::sum_of_products(&r, &(q1 - x), &-self.y, &ppp);
        Xyzz { x, y, zz: self.zz * pp, zzz: self.zzz * ppp }
    }

    /// `self + q` ("add-2008-s", 12M + 2S). The identity on either side and `self = ±q` take
    /// branches: equal points are doubled, opposite ones give the identity.
    #[cfg_attr(not(test), allow(dead_code))] // for the multi-scalar multiplication's bucket sums
    pub(super) fn add_vartime<C: SwCurve<Base = F>>(&self, q: &Self) -> Self {
        if q.is_identity_vartime() {
            return *self;
        }
        if self.is_identity_vartime() {
            return *q;
        }
        let u1 = self.x * q.zz;
        let u2 = q.x * self.zz;
        let s1 = self.y * q.zzz;
        let s2 = q.y * self.zzz;
        let p = u2 - u1;
        let r = s2 - s1;
        if bool::from(p.is_zero()) {
            return if bool::from(r.is_zero()) { self.double_vartime::<C>() } else { Self::IDENTITY };
        }
        let pp = p.square();
        let ppp = p * pp;
        let q1 = u1 * pp;
        let x = r.square() - ppp - q1.double();
        let y = F::sum_of_products(&r, &(q1 - x), &-s1, &ppp);
        Xyzz { x, y, zz: self.zz * q.zz * pp, zzz: self.zzz * q.zzz * ppp }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha20Rng;
    use subtle::ConstantTimeEq;

    use super::*;
    use crate::curve::short_weierstrass::Scalar;
    use crate::curves::{bls12_381, bn254};

    type X<C> = Xyzz<<C as SwCurve>::Base>;

    /// The invariants of a point: `ZZ³ = ZZZ²` and `Y² = X³ + b·ZZZ²` (the curve equation
    /// multiplied by `ZZZ²`), or the identity.
    fn assert_valid<C: SwCurve>(p: &X<C>) {
        if p.is_identity_vartime() {
            assert!(bool::from(p.zzz.is_zero()), "identity with ZZZ ≠ 0");
            return;
        }
        assert!(bool::from((p.zz.square() * p.zz).ct_eq(&p.zzz.square())), "ZZ³ ≠ ZZZ²");
        let rhs = p.x.square() * p.x
            + C::B * p.zzz.square()
            + crate::curve::short_weierstrass::mul_by_a::<C>(&(p.x * p.zz.square()));
        assert!(bool::from(p.y.square().ct_eq(&rhs)), "not on the curve");
    }

    /// `p` checked for validity and compared with `want` (complete formulas).
    fn assert_is<C: SwCurve>(p: &X<C>, want: &Projective<C>) {
        assert_valid::<C>(p);
        assert_eq!(p.to_homogeneous::<C>(), *want);
        assert!(bool::from(p.to_homogeneous::<C>().is_on_curve()));
    }

    fn random_point<C: SwCurve>(rng: &mut ChaCha20Rng) -> Projective<C> {
        Projective::<C>::generator().mul(&Scalar::<C>::random(rng))
    }

    fn agrees_with_projective<C: SwCurve>(seed: u64) {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        for _ in 0..20 {
            let (p, q) = (random_point::<C>(&mut rng), random_point::<C>(&mut rng));
            let (pa, qa) = (p.to_affine(), q.to_affine());
            // Generic representations (ZZ ≠ 1) on both sides.
            let (xp, xq) = (X::<C>::from_homogeneous(&p), X::<C>::from_homogeneous(&q));
            let (xp2, xq3) = (xp.double_vartime::<C>(), xq.double_vartime::<C>().add_mixed_vartime(&qa));
            let (p2, q3) = (p.double(), q.double().add(&q));
            assert_is(&X::<C>::from_affine(&pa), &p);
            assert_is(&xp, &p);
            assert_is(&xp2, &p2);
            assert_is(&xq3, &q3);
            assert_is(&X::<C>::from_affine(&pa).double_vartime::<C>(), &p2);
            assert_is(&xp.add_vartime::<C>(&xq), &p.add(&q));
            assert_is(&xp2.add_vartime::<C>(&xq3), &p2.add(&q3));
            assert_is(&xq3.add_vartime::<C>(&xp2), &p2.add(&q3));
            assert_is(&xp.add_mixed_vartime(&qa), &p.add(&q));
            assert_is(&xp2.add_mixed_vartime(&qa), &p2.add(&q));
            assert_is(&xq3.add_mixed_vartime(&pa), &q3.add(&p));
            let mut acc = X::<C>::IDENTITY;
            let mut want = Projective::<C>::identity();
            for _ in 0..5 {
                acc = acc.double_vartime::<C>().add_mixed_vartime(&pa).add_vartime::<C>(&xq3);
                want = want.double().add(&p).add(&q3);
            }
            assert_is(&acc, &want);
        }
    }

    fn edge_cases<C: SwCurve>(seed: u64) {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let id = X::<C>::IDENTITY;
        let inf = Affine::<C>::identity();
        let o = Projective::<C>::identity();
        assert_is(&id, &o);
        assert_is(&id.double_vartime::<C>(), &o);
        assert_is(&id.add_vartime::<C>(&id), &o);
        assert_is(&id.add_mixed_vartime(&inf), &o);
        assert_is(&X::<C>::from_affine(&inf), &o);
        assert_is(&X::<C>::from_homogeneous(&o), &o);
        for _ in 0..5 {
            let p = random_point::<C>(&mut rng);
            let pa = p.to_affine();
            // Two representations of `p` (ZZ = 1 and ZZ = Z²) and of `−p`.
            let (xa, xp) = (X::<C>::from_affine(&pa), X::<C>::from_homogeneous(&p));
            let xp3 = xp.double_vartime::<C>().add_vartime::<C>(&xp);
            let p3 = p.double().add(&p);
            let (na, np) = (X::<C>::from_affine(&pa.neg()), X::<C>::from_homogeneous(&p.neg()));
            let p2 = p.double();
            // identity + P, P + identity
            assert_is(&id.add_vartime::<C>(&xp), &p);
            assert_is(&xp.add_vartime::<C>(&id), &p);
            assert_is(&id.add_mixed_vartime(&pa), &p);
            assert_is(&xp.add_mixed_vartime(&inf), &p);
            // P + P
            assert_is(&xp.add_vartime::<C>(&xp), &p2);
            assert_is(&xa.add_vartime::<C>(&xp), &p2);
            assert_is(&xp.add_vartime::<C>(&xa), &p2);
            assert_is(&xp.add_mixed_vartime(&pa), &p2);
            assert_is(&xa.add_mixed_vartime(&pa), &p2);
            assert_is(&xp3.add_vartime::<C>(&xp3), &p3.double());
            assert_is(&xp3.add_mixed_vartime(&p3.to_affine()), &p3.double());
            // P + (−P)
            assert_is(&xp.add_vartime::<C>(&np), &o);
            assert_is(&xa.add_vartime::<C>(&np), &o);
            assert_is(&na.add_vartime::<C>(&xp), &o);
            assert_is(&xp.add_mixed_vartime(&pa.neg()), &o);
            assert_is(&np.add_mixed_vartime(&pa), &o);
            assert_is(&xp3.add_mixed_vartime(&p3.neg().to_affine()), &o);
            assert_is(&xp3.add_vartime::<C>(&X::<C>::from_homogeneous(&p3.neg())), &o);
        }
    }

    #[test]
    fn xyzz_agrees_with_projective() {
        agrees_with_projective::<bls12_381::G1Curve>(1);
        agrees_with_projective::<bls12_381::G2Curve>(2);
        agrees_with_projective::<bn254::G1Curve>(3);
        agrees_with_projective::<bn254::G2Curve>(4);
        agrees_with_projective::<crate::curves::secp256k1::Secp256k1>(9);
        // a = −3: the doubling's 3(X − ZZ)(X + ZZ).
        agrees_with_projective::<crate::curves::p256::P256>(10);
    }

    #[test]
    fn xyzz_edge_cases() {
        edge_cases::<bls12_381::G1Curve>(5);
        edge_cases::<bls12_381::G2Curve>(6);
        edge_cases::<bn254::G1Curve>(7);
        edge_cases::<bn254::G2Curve>(8);
        edge_cases::<crate::curves::secp256k1::Secp256k1>(11);
        edge_cases::<crate::curves::p256::P256>(12);
    }
}
