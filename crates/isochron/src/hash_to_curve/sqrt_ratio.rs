//! `sqrt_ratio(u, v)` (RFC 9380 §F.2.1): whether `u/v` is a square, and `√(u/v)` if it is or
//! `√(Z·u/v)` if not (`Z` the simplified SWU constant, a non-square), without an inversion.
//! Both are constant time: every exponent is a public constant of the field.

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::field::fp2::{Fp2, TowerParams};
use crate::field::{FieldParams, Fp};

/// RFC 9380 §F.2.1.2, `sqrt_ratio` for `p ≡ 3 (mod 4)`, with `sqrt_minus_z = √(−Z)` (either
/// root): `y1 = u·v·(u·v³)^((p−3)/4)` squares to `±u/v`. Requires `v ≠ 0`.
pub fn sqrt_ratio_3mod4<P: FieldParams<N>, const N: usize>(
    u: &Fp<P, N>,
    v: &Fp<P, N>,
    sqrt_minus_z: &Fp<P, N>,
) -> (Choice, Fp<P, N>) {
    let tv2 = u.mul(v);
    let tv1 = v.square().mul(&tv2);
    let y1 = tv1.pow_p_minus_3_div_4().mul(&tv2);
    let y2 = y1.mul(sqrt_minus_z);
    let is_qr = y1.square().mul(v).ct_eq(u);
    (is_qr, Fp::conditional_select(&y2, &y1, is_qr))
}

/// `sqrt_ratio` in `Fp2 = Fp[i]/(i² + 1)` (`p ≡ 3 mod 4`) through the norm, with two
/// exponentiations in Fp instead of one of twice the length in Fp2. `z` is the SWU constant `Z`
/// and `sqrt_minus_norm_z = √(−N(Z))` in Fp (it exists: `N(Z)` and `−1` are non-squares).
/// Requires `v ≠ 0`.
///
/// With `n = N(v)` and `b = u·v̄·n`, `u/v = b/n²`, so `√(u/v) = √b / n`. `b` is a square in Fp2
/// iff `N(b)` is one in Fp, found from `s = N(b)^((p+1)/4)` (`s² = ±N(b)`); otherwise `b` is
/// replaced by `Z·b`, whose norm has the root `√(−N(Z))·s`. The root of `b = b0 + b1·i` is
/// then the complex method (Scott, "Implementing cryptographic pairings", §5; Adj–Rodríguez-
/// Henríquez, eprint 2012/685): `t = (b0 + √N(b))/2` (or `b0` when `b1 = 0`), and with
/// `r = t^((p−3)/4)`: `√b = r·t + (b1·r/2)·i` if `t` is a square (`r²·t = 1`), else
/// `√b = −b1·r/2 + r·t·i` (then `(r·t)² = −t`). The division by `n` is folded into the second
/// exponentiation: `r' = (t·n⁴)^((p−3)/4) = r/n²`, so `√b/n` has the same form with
/// `r·n⁻¹ = r'·n`.
pub fn sqrt_ratio_fp2<T: TowerParams<N>, const N: usize>(
    u: &Fp2<T, N>,
    v: &Fp2<T, N>,
    z: &Fp2<T, N>,
    sqrt_minus_norm_z: &Fp<T::Fp, N>,
) -> (Choice, Fp2<T, N>) {
    let n = v.norm();
    let b = u.mul(&v.conjugate()).mul_by_fp(&n);
    let nb = b.norm();
    let s = nb.pow_p_plus_1_div_4();
    let is_qr = s.square().ct_eq(&nb);
    let b = Fp2::conditional_select(&b.mul(z), &b, is_qr);
    let s = Fp::conditional_select(&s.mul(sqrt_minus_norm_z), &s, is_qr);
    let t = Fp::conditional_select(&b.c0.add(&s).halve(), &b.c0, b.c1.is_zero());
    let n2 = n.square();
    let r = t.mul(&n2.square()).pow_p_minus_3_div_4();
    let w = r.mul(&n2);
    let t_is_square = w.square().mul(&t).ct_eq(&Fp::ONE);
    let rn = r.mul(&n);
    let re = rn.mul(&t);
    let im = b.c1.mul(&rn).halve();
    let y = Fp2::conditional_select(&Fp2::new(im.neg(), re), &Fp2::new(re, im), t_is_square);
    (is_qr, y)
}
