//! Hashing to curve25519 and edwards25519 (RFC 9380): `hash_to_field` for GF(2^255 − 19)
//! with `L = 48` (§5.2, §8.5), the Elligator 2 map to curve25519 (§6.7.1, with `J = 486662`,
//! `K = 1`, `Z = 2`), the rational map to edwards25519 (§6.8.2, Appendix D), and the four
//! suites of §8.5: `edwards25519_XMD:SHA-512_ELL2_{RO,NU}_` and
//! `curve25519_XMD:SHA-512_ELL2_{RO,NU}_` (cofactor clearing by `h_eff = 8`).
//!
//! Everything is constant time in the message (its length aside): the maps use
//! `SQRT_RATIO_M1` and selections, never branches on data. The curve25519 suites compute the
//! sum and the cofactor multiple on the Edwards side through the birational map (a group
//! isomorphism) and map the result back.

use zeroize::Zeroize;

use super::edwards::{EdwardsField, EdwardsPoint};
use super::field::Fe25519;
use crate::error::Error;
use crate::hash_to_curve::{ExpandMessage, ExpandMsgXmd};

/// RFC 9380 §8.5: `L = 48` bytes per field element (`⌈(255 + 128)/8⌉`).
pub const L: usize = 48;

/// The Montgomery curve's `J = A = 486662` (RFC 7748 §4.1; RFC 9380 §6.7.1 with `K = 1`).
const J: u64 = 486662;

/// An affine point `(u, v)` of curve25519 `v² = u³ + 486662·u² + u` (RFC 7748 §4.1), as the
/// curve25519 suites (RFC 9380 §8.5) output it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MontgomeryAffine<F> {
    /// The `u` coordinate (X25519's coordinate).
    pub u: F,
    /// The `v` coordinate.
    pub v: F,
}

/// The 48-byte big-endian integer `bytes` reduced mod `p` (RFC 9380 §5.2 step 6, `OS2IP`
/// then `mod p`): split into two 24-byte halves `hi·2^192 + lo`, each below `2^192 < p`.
/// Constant time.
pub fn field_from_48_bytes<F: Fe25519>(bytes: &[u8; L]) -> F {
    let mut hi = [0u8; 32];
    let mut lo = [0u8; 32];
    for i in 0..24 {
        hi[i] = bytes[23 - i];
        lo[i] = bytes[47 - i];
    }
    let mut two_192 = [0u8; 32];
    two_192[24] = 1;
    let r = F::from_bytes(&hi) * F::from_bytes(&two_192) + F::from_bytes(&lo);
    hi.zeroize();
    lo.zeroize();
    r
}

/// RFC 9380 §5.2 `hash_to_field(msg, count)` for GF(2^255 − 19) with `expand_message_xmd`
/// and SHA-512 (§5.3.1), `L = 48`: fills `out` (`count = out.len()`, 1 or 2 for the suites).
/// Fails on an empty `dst` or too long an output (§5.3.1).
pub fn hash_to_field<F: Fe25519>(msg: &[u8], dst: &[u8], out: &mut [F]) -> Result<(), Error> {
    let mut bytes = [0u8; 2 * L];
    if out.len() > 2 {
        return Err(Error::ExpandLength { max: 2 * L, got: out.len() * L });
    }
    let n = out.len() * L;
    ExpandMsgXmd::<sha2::Sha512>::expand_message(msg, dst, &mut bytes[..n])?;
    for (e, chunk) in out.iter_mut().zip(bytes.chunks_exact(L)) {
        let mut c = [0u8; L];
        c.copy_from_slice(chunk);
        *e = field_from_48_bytes(&c);
        c.zeroize();
    }
    bytes.zeroize();
    Ok(())
}

/// RFC 9380 §6.7.1 Elligator 2 for curve25519 (`J = 486662`, `K = 1`, `Z = 2`), in fractions:
/// returns `(s_n, s_d, t)` with the Montgomery point `(s_n/s_d, t)`, `s_d ≠ 0`. Constant time.
fn elligator2<F: Fe25519>(u: &F) -> (F, F, F) {
    let j = F::from_u64(J);
    // x1 = −J / (1 + Z·u²); the denominator is never 0 (−1/2 is not a square mod p).
    let tv1 = u.square().double();
    let xd = tv1 + F::ONE;
    let x1n = -j;
    // g(x1) = (x1n³ + J·x1n²·xd + x1n·xd²) / xd³.
    let xd2 = xd.square();
    let gxd = xd2 * xd;
    // = x1n·(x1n·(x1n + J·xd) + xd²), and x1n + J·xd = J·tv1 (xd − 1 = tv1).
    let gx1 = (j * tv1 * x1n + xd2) * x1n;
    let (e1, r) = F::sqrt_ratio_m1(&gx1, &gxd);
    // When g(x1) is not a square, r² = √−1·g(x1)/gxd and g(x2) = 2u²·g(x1) (x2 = 2u²·x1):
    // √(2·g(x1)/gxd) = (1 − √−1)·r since (1 − √−1)² = −2·√−1.
    let y2 = *u * (F::ONE - F::SQRT_M1) * r;
    let x2n = x1n * tv1;
    let sn = F::conditional_select(&x2n, &x1n, e1);
    let mut y = F::conditional_select(&y2, &r, e1);
    // sgn0(y) = 1 for x1, 0 for x2 (§6.7.1 steps 6–7).
    let flip = y.is_negative() ^ e1;
    y = F::conditional_select(&y, &-y, flip);
    (sn, xd, y)
}

/// RFC 9380 §6.7.1 `map_to_curve_elligator2` for curve25519: the affine Montgomery point of
/// the field element `u` (the `Q` of the curve25519 suites). Constant time.
pub fn map_to_curve_elligator2_curve25519<F: Fe25519>(u: &F) -> MontgomeryAffine<F> {
    let (sn, sd, t) = elligator2(u);
    let inv = sd.invert().unwrap_or(F::ZERO);
    MontgomeryAffine { u: sn * inv, v: t }
}

/// The rational map of RFC 9380 Appendix D.1 / §6.8.2 from curve25519 to edwards25519,
/// `(x, y) = (√−486664·s/t, (s − 1)/(s + 1))`, on `(s_n/s_d, t)`. With `rfc_exception` the
/// exceptional inputs (`t = 0` or `s = −1`) go to the identity as in Appendix G.2.2's
/// straight-line map; without, `(0, 0)` goes to `(0, −1)` (its image under the group
/// isomorphism). Constant time.
fn montgomery_to_edwards<F: EdwardsField>(sn: &F, sd: &F, t: &F, rfc_exception: bool) -> EdwardsPoint<F> {
    let mut xn = F::SQRT_MINUS_486664 * sn;
    let mut xd = *sd * t;
    let mut yn = *sn - sd;
    let mut yd = *sn + sd;
    let e = (xd * yd).is_zero();
    let exc_y = if rfc_exception { F::ONE } else { -F::ONE };
    xn = F::conditional_select(&xn, &F::ZERO, e);
    xd = F::conditional_select(&xd, &F::ONE, e);
    yn = F::conditional_select(&yn, &exc_y, e);
    yd = F::conditional_select(&yd, &F::ONE, e);
    EdwardsPoint::from_extended(xn * yd, yn * xd, xd * yd, xn * yn)
}

/// RFC 9380 §6.8.2 `map_to_curve_elligator2_edwards25519`: Elligator 2 to curve25519 then the
/// rational map to edwards25519 (the `Q` of the edwards25519 suites). Constant time.
pub fn map_to_curve_elligator2_edwards25519<F: EdwardsField>(u: &F) -> EdwardsPoint<F> {
    let (sn, sd, t) = elligator2(u);
    montgomery_to_edwards(&sn, &sd, &t, true)
}

/// The inverse of the rational map (RFC 9380 Appendix D.1): `(s, t) = ((1 + y)/(1 − y),
/// √−486664·s/x)` with `inv0`; the identity has no affine image and is [`Error::Identity`]
/// (the only verdict revealed). Constant time otherwise.
fn edwards_to_montgomery<F: EdwardsField>(p: &EdwardsPoint<F>) -> Result<MontgomeryAffine<F>, Error> {
    if bool::from(p.is_identity()) {
        return Err(Error::Identity);
    }
    let (x, y, z, _) = p.coords();
    // s = (Z + Y)/(Z − Y), t = √−486664·(Z + Y)·Z / ((Z − Y)·X).
    let den = (z - y) * x;
    let inv = den.invert().unwrap_or(F::ZERO);
    let zy = z + y;
    let u = zy * x * inv;
    let v = F::SQRT_MINUS_486664 * zy * z * inv;
    // The 2-torsion point (0, −1) ↦ (0, 0): X = 0 makes both products 0 through inv0.
    Ok(MontgomeryAffine { u, v })
}

/// RFC 9380 §8.5 suite `edwards25519_XMD:SHA-512_ELL2_RO_`: `hash_to_field` (count 2), the
/// map of each element, their sum, and cofactor clearing by 8 (§3, §7). Fails only on a bad
/// `dst`. Constant time in `msg` (its length aside).
pub fn hash_to_edwards25519_ro<F: EdwardsField>(msg: &[u8], dst: &[u8]) -> Result<EdwardsPoint<F>, Error> {
    let mut u = [F::ZERO; 2];
    hash_to_field(msg, dst, &mut u)?;
    let q0 = map_to_curve_elligator2_edwards25519(&u[0]);
    let q1 = map_to_curve_elligator2_edwards25519(&u[1]);
    Ok((q0 + q1).mul_by_cofactor())
}

/// RFC 9380 §8.5 suite `edwards25519_XMD:SHA-512_ELL2_NU_`: `hash_to_field` (count 1), the
/// map, and cofactor clearing by 8 (`encode_to_curve`, §3). Fails only on a bad `dst`.
/// Constant time in `msg` (its length aside).
pub fn hash_to_edwards25519_nu<F: EdwardsField>(msg: &[u8], dst: &[u8]) -> Result<EdwardsPoint<F>, Error> {
    let mut u = [F::ZERO; 1];
    hash_to_field(msg, dst, &mut u)?;
    Ok(map_to_curve_elligator2_edwards25519(&u[0]).mul_by_cofactor())
}

/// The Edwards image of the Montgomery point of `u` under the group isomorphism.
fn elligator2_on_edwards<F: EdwardsField>(u: &F) -> EdwardsPoint<F> {
    let (sn, sd, t) = elligator2(u);
    montgomery_to_edwards(&sn, &sd, &t, false)
}

/// RFC 9380 §8.5 suite `curve25519_XMD:SHA-512_ELL2_RO_`: `hash_to_field` (count 2), Elligator
/// 2 (§6.7.1) on each, their sum and cofactor clearing by 8 (computed on edwards25519 through
/// the birational map), as an affine `(u, v)`. [`Error::Identity`] if the result is the point
/// at infinity (probability about 2^−252); otherwise fails only on a bad `dst`.
pub fn hash_to_curve25519_ro<F: EdwardsField>(msg: &[u8], dst: &[u8]) -> Result<MontgomeryAffine<F>, Error> {
    let mut u = [F::ZERO; 2];
    hash_to_field(msg, dst, &mut u)?;
    let p = (elligator2_on_edwards(&u[0]) + elligator2_on_edwards(&u[1])).mul_by_cofactor();
    edwards_to_montgomery(&p)
}

/// RFC 9380 §8.5 suite `curve25519_XMD:SHA-512_ELL2_NU_`: `hash_to_field` (count 1), Elligator
/// 2 and cofactor clearing by 8, as an affine `(u, v)`. [`Error::Identity`] if the result is
/// the point at infinity; otherwise fails only on a bad `dst`.
pub fn hash_to_curve25519_nu<F: EdwardsField>(msg: &[u8], dst: &[u8]) -> Result<MontgomeryAffine<F>, Error> {
    let mut u = [F::ZERO; 1];
    hash_to_field(msg, dst, &mut u)?;
    edwards_to_montgomery(&elligator2_on_edwards(&u[0]).mul_by_cofactor())
}
