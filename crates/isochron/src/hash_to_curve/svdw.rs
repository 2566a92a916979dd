//! The Shallue–van de Woestijne map (Shallue–van de Woestijne, "Construction of rational points
//! on elliptic curves over finite fields", ANTS 2006; Fouque–Tibouchi, "Indifferentiable
//! hashing to Barreto–Naehrig curves", LATINCRYPT 2012) for `y² = x³ + B` (`A = 0`), in the
//! straight-line form of RFC 9380 §6.6.1 / §F.1.

use subtle::ConditionallySelectable;

use super::MapField;
use crate::curve::short_weierstrass::{Affine, Projective, SwCurve};
use crate::error::Error;
use crate::field::{Field, SqrtField};

/// The constants of the map for one curve and one `Z` (RFC 9380 §6.6.1): `c1 = g(Z)`,
/// `c2 = −Z/2`, `c3 = √(−g(Z)·3Z²)` with `sgn0(c3) = 0`, `c4 = −4·g(Z)/(3Z²)`, where
/// `g(x) = x³ + B` (`A = 0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvdwConstants<F> {
    /// `Z`.
    pub z: F,
    /// `c1 = g(Z)`.
    pub c1: F,
    /// `c2 = −Z/2`.
    pub c2: F,
    /// `c3 = √(−g(Z)·3Z²)`, the root with `sgn0 = 0`.
    pub c3: F,
    /// `c4 = −4·g(Z)/(3Z²)`.
    pub c4: F,
}

impl<F: MapField> SvdwConstants<F> {
    /// Derives the constants from `Z` and `B` (public values; uses variable-time inversion).
    /// Fails if `Z` does not meet the criteria of RFC 9380 §6.6.1: [`Error::Zero`] if `3Z² = 0`
    /// (or the characteristic is 2), [`Error::NotASquare`] if `−g(Z)·3Z²` is not a square.
    pub fn derive_vartime(z: F, b: F) -> Result<Self, Error> {
        let gz = z.square() * z + b;
        let three_z2 = z.square().double() + z.square();
        let half = F::ONE.double().inverse_vartime().ok_or(Error::Zero)?;
        let c3 = Option::<F>::from((-(gz * three_z2)).sqrt()).ok_or(Error::NotASquare)?;
        let c3 = F::conditional_select(&c3, &-c3, c3.sgn0());
        let inv = three_z2.inverse_vartime().ok_or(Error::Zero)?;
        Ok(Self { z, c1: gz, c2: -(z * half), c3, c4: -(gz.double().double() * inv) })
    }
}

/// `map_to_curve_svdw(u)` (RFC 9380 §F.1) onto `y² = x³ + B` with the constants `k`.
/// Constant time in `u` (one inversion, two Legendre symbols and one square root, all
/// constant time). For curves with `a = 0` only (a compile-time assertion rejects the others).
pub fn map_to_curve_svdw<C: SwCurve>(u: &C::Base, k: &SvdwConstants<C::Base>) -> Projective<C>
where
    C::Base: MapField,
{
    const { assert!(!C::A_IS_MINUS_3, "this SVDW map is written for a = 0") };
    let g = |x: &C::Base| x.square() * x + C::B;
    let tv1 = u.square() * k.c1;
    let tv2 = C::Base::ONE + tv1;
    let tv1 = C::Base::ONE - tv1;
    let tv3 = (tv1 * tv2).invert().unwrap_or(C::Base::ZERO);
    let tv4 = *u * tv1 * tv3 * k.c3;
    let x1 = k.c2 - tv4;
    let e1 = g(&x1).is_square();
    let x2 = k.c2 + tv4;
    let e2 = g(&x2).is_square() & !e1;
    let x3 = (tv2.square() * tv3).square() * k.c4 + k.z;
    let x = C::Base::conditional_select(&x3, &x1, e1);
    let x = C::Base::conditional_select(&x, &x2, e2);
    // g(x) is a square by construction (at least one of g(x1), g(x2), g(x3) is).
    let y = g(&x).sqrt().unwrap_or(C::Base::ZERO);
    let y = C::Base::conditional_select(&-y, &y, !(u.sgn0() ^ y.sgn0()));
    Affine::from_xy_unchecked(x, y).to_projective()
}
