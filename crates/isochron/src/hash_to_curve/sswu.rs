//! The simplified Shallue–van de Woestijne–Ulas map (Brier et al., "Efficient indifferentiable
//! hashing into ordinary elliptic curves", CRYPTO 2010; Wahby–Boneh, "Fast and simple constant-
//! time hashing to the BLS12-381 elliptic curve", eprint 2019/403) onto a curve
//! `y² = x³ + A·x + B` with `A·B ≠ 0`, in the straight-line form of RFC 9380 §F.2.

use subtle::{Choice, ConditionallySelectable};

use super::MapField;
use crate::field::Field;

/// The curve `E': y² = x³ + A·x + B` (`A·B ≠ 0`) the map lands on, with its constant `Z`
/// (RFC 9380 §6.6.2) and the matching `sqrt_ratio` (§F.2.1).
pub trait SswuCurve {
    /// The field.
    type F: MapField;
    /// `A` of `E'`.
    const A: Self::F;
    /// `B` of `E'`.
    const B: Self::F;
    /// `Z`: a non-square, `≠ −1`, with `g(x) − Z` irreducible and `g(B/(Z·A))` a square.
    const Z: Self::F;
    /// `sqrt_ratio(u, v)` for this `Z` (RFC 9380 §F.2.1): `(u/v is square, √(u/v) or
    /// √(Z·u/v))`, constant time. `v ≠ 0`.
    fn sqrt_ratio(u: &Self::F, v: &Self::F) -> (Choice, Self::F);

    /// `A·x`; a curve whose `A` has a cheaper product than the general one overrides it.
    #[inline(always)]
    fn mul_by_a(x: &Self::F) -> Self::F {
        *x * Self::A
    }

    /// `B·x`, as [`Self::mul_by_a`].
    #[inline(always)]
    fn mul_by_b(x: &Self::F) -> Self::F {
        *x * Self::B
    }

    /// `Z·x`, as [`Self::mul_by_a`].
    #[inline(always)]
    fn mul_by_z(x: &Self::F) -> Self::F {
        *x * Self::Z
    }
}

/// `map_to_curve_simple_swu(u)` (RFC 9380 §6.6.2, straight-line §F.2): a point `(xn/xd, y)`
/// of `E'` with `xd ≠ 0`, returned as `(xn, xd, y)` so the caller can skip the division.
/// Constant time in `u`.
pub fn map_to_curve_simple_swu<S: SswuCurve>(u: &S::F) -> (S::F, S::F, S::F) {
    let tv1 = S::mul_by_z(&u.square());
    let tv2 = tv1.square() + tv1;
    let tv3 = S::mul_by_b(&(tv2 + S::F::ONE));
    // tv2 = 0 exactly for the exceptional u (Z²u⁴ + Zu² = 0): x1 = B/(Z·A) then.
    let tv4 = S::mul_by_a(&S::F::conditional_select(&-tv2, &S::Z, tv2.is_zero()));
    let tv6 = tv4.square();
    let gx1_den = tv6 * tv4;
    let gx1_num = (tv3.square() + S::mul_by_a(&tv6)) * tv3 + S::mul_by_b(&gx1_den);
    let x = tv1 * tv3;
    let (is_gx1_square, y1) = S::sqrt_ratio(&gx1_num, &gx1_den);
    let y = tv1 * u * y1;
    let x = S::F::conditional_select(&x, &tv3, is_gx1_square);
    let y = S::F::conditional_select(&y, &y1, is_gx1_square);
    let e1 = !(u.sgn0() ^ y.sgn0());
    let y = S::F::conditional_select(&-y, &y, e1);
    (x, tv4, y)
}

/// `P + Q` on `E'` for two outputs `(xn, xd, y)` of [`map_to_curve_simple_swu`], in homogeneous
/// projective coordinates `(X, Y, Z)`: each point taken as `(xn, y·xd, xd)`, then the complete
/// addition for any `a` (Renes–Costello–Batina, "Complete addition formulas for prime order
/// elliptic curves", Eurocrypt 2016, Algorithm 1: 12M + 3mₐ + 2m₃ᵦ; complete because `E'`,
/// isogenous to a curve of odd order, has no point of order two). The sum of the two maps of
/// `hash_to_curve` is then mapped once by the isogeny (a homomorphism) instead of twice
/// (RFC 9380 §6.6.3). Constant time.
pub fn add_outputs<S: SswuCurve>(p: &(S::F, S::F, S::F), q: &(S::F, S::F, S::F)) -> [S::F; 3] {
    let (x1, y1, z1) = (p.0, p.2 * p.1, p.1);
    let (x2, y2, z2) = (q.0, q.2 * q.1, q.1);
    let b3 = |t: &S::F| {
        let b = S::mul_by_b(t);
        b.double() + b
    };
    let t0 = x1 * x2;
    let t1 = y1 * y2;
    let t2 = z1 * z2;
    let t3 = (x1 + y1) * (x2 + y2) - (t0 + t1);
    let t4 = (x1 + z1) * (x2 + z2) - (t0 + t2);
    let t5 = (y1 + z1) * (y2 + z2) - (t1 + t2);
    let z3 = S::mul_by_a(&t4) + b3(&t2);
    let x3 = t1 - z3;
    let z3 = t1 + z3;
    let y3 = x3 * z3;
    let t2 = S::mul_by_a(&t2);
    let t1 = t0.double() + t0 + t2;
    let t4 = b3(&t4) + S::mul_by_a(&(t0 - t2));
    let y3 = y3 + t1 * t4;
    let x3 = x3 * t3 - t5 * t4;
    let z3 = z3 * t5 + t3 * t1;
    [x3, y3, z3]
}
