//! Rational isogeny maps `E' → E` (RFC 9380 §6.6.3, constants in Appendix E), evaluated on a
//! point whose x-coordinate is a fraction, without any inversion.

use subtle::ConditionallySelectable;

use crate::curve::short_weierstrass::{Projective, SwCurve};
use crate::field::Field;

/// Highest polynomial degree supported (the 11-isogeny of BLS12-381 G1 has degree 15).
const MAX_DEGREE: usize = 15;

/// An isogeny `(x', y') ↦ (x_num(x')/x_den(x'), y'·y_num(x')/y_den(x'))`: coefficient lists in
/// ascending order, `k_(i,0), k_(i,1), …` of RFC 9380 Appendix E, the monic denominators with
/// their leading one written out.
pub struct IsogenyMap<F: 'static> {
    /// `x_num` (`k_(1,·)`).
    pub x_num: &'static [F],
    /// `x_den` (`k_(2,·)`, then 1).
    pub x_den: &'static [F],
    /// `y_num` (`k_(3,·)`).
    pub y_num: &'static [F],
    /// `y_den` (`k_(4,·)`, then 1).
    pub y_den: &'static [F],
}

impl<F: Field> IsogenyMap<F> {
    /// The image of `(xn/xd, y)` (`xd ≠ 0`) in projective coordinates. Every polynomial is
    /// evaluated homogeneously, `Σ k_j·xn^j·xd^(D−j)` for the common degree `D`, so the powers
    /// of `xd` cancel in the quotients; points of the kernel (a zero denominator) map to the
    /// identity (RFC 9380 §6.6.3). The monomials `xn^j·xd^(D−j)` are formed once and shared by
    /// the four polynomials, each then one [`Field::inner_product`] with its constants (one
    /// reduction per polynomial where the field has lazy reduction): for the 11-isogeny of
    /// BLS12-381 G1, 42 products and 55 double-width ones, against 122 products by Horner's
    /// rule. Constant time. A map with a polynomial of degree above 15 is not one this crate
    /// declares: it sends every point to the identity.
    pub fn map<C: SwCurve<Base = F>>(&self, xn: &F, xd: &F, y: &F) -> Projective<C> {
        self.map_fraction(xn, xd, y, None)
    }

    /// The image of a point `(X : Y : Z)` of `E'` in homogeneous projective coordinates (the
    /// form of [`super::sswu::add_outputs`]): [`Self::map`] with `y = Y/Z`, one product more.
    /// Constant time.
    pub fn map_projective<C: SwCurve<Base = F>>(&self, p: &[F; 3]) -> Projective<C> {
        self.map_fraction(&p[0], &p[2], &p[1], Some(&p[2]))
    }

    /// The image of `(xn/xd, y/yd)` (`yd` one where absent).
    fn map_fraction<C: SwCurve<Base = F>>(&self, xn: &F, xd: &F, y: &F, yd: Option<&F>) -> Projective<C> {
        let polys = [self.x_num, self.x_den, self.y_num, self.y_den];
        // An empty coefficient list is the zero polynomial (degree 0 here). The degree is a
        // public property of the map; one above MAX_DEGREE is no isogeny this crate declares
        // and maps every point to the identity instead of panicking.
        let d = polys.iter().map(|k| k.len().saturating_sub(1)).max().unwrap_or(0);
        if d > MAX_DEGREE {
            return Projective::identity();
        }
        let (mut xn_pow, mut xd_pow) = ([F::ONE; MAX_DEGREE + 1], [F::ONE; MAX_DEGREE + 1]);
        (xn_pow[1], xd_pow[1]) = (*xn, *xd);
        for i in 2..=d {
            (xn_pow[i], xd_pow[i]) = if i % 2 == 0 {
                (xn_pow[i / 2].square(), xd_pow[i / 2].square())
            } else {
                (xn_pow[i - 1] * xn, xd_pow[i - 1] * xd)
            };
        }
        let mut monomials = [F::ZERO; MAX_DEGREE + 1];
        monomials[0] = xd_pow[d];
        monomials[d] = xn_pow[d];
        for j in 1..d {
            monomials[j] = xn_pow[j] * xd_pow[d - j];
        }
        let eval = |k: &[F]| F::inner_product(k, &monomials);
        let [nx, dx, ny, dy] = polys.map(eval);
        let dy = yd.map_or(dy, |yd| dy * yd);
        let z = dx * dy;
        let p = Projective { x: nx * dy, y: *y * ny * dx, z };
        Projective::conditional_select(&p, &Projective::identity(), z.is_zero())
    }
}
