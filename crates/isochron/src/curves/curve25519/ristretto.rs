//! ristretto255 (RFC 9496 §4): the prime-order group of order `ℓ` built on Edwards25519.
//!
//! An element is represented by any Edwards25519 point of its coset `P + E[4]` (the 4-torsion
//! subgroup); the encoding (§4.3.2), the decoding (§4.3.1) and the equality (§4.3.3) are the
//! RFC's, which make the choice of representative invisible. The group law is Edwards25519's.
//! Every operation is constant time in its inputs, except the explicitly `vartime` ones and the
//! `Ok`/`Err` verdict of [`RistrettoPoint::decode`].

use core::fmt;
use core::ops::{Add, Mul, Neg, Sub};

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

use super::edwards::{EdwardsField, EdwardsPoint};
use super::field::Fe;
use super::scalar::Scalar;
use crate::error::Error;
use crate::hash_to_curve::{ExpandMessage, ExpandMsgXmd};

/// An element of ristretto255 (RFC 9496 §4), held as an Edwards25519 representative.
#[derive(Clone, Copy)]
pub struct RistrettoPoint<F: EdwardsField = Fe>(EdwardsPoint<F>);

impl<F: EdwardsField> RistrettoPoint<F> {
    /// The identity element (RFC 9496 §4: the class of the Edwards identity; encodes as 32
    /// zero bytes).
    pub const IDENTITY: Self = RistrettoPoint(EdwardsPoint::IDENTITY);

    /// The generator of RFC 9496 §4.4 (the class of the Ed25519 base point of RFC 8032 §5.1).
    pub fn generator() -> Self {
        RistrettoPoint(EdwardsPoint::basepoint())
    }

    /// The Edwards25519 point representing `self` (one of the four points of its coset).
    pub fn to_edwards(&self) -> EdwardsPoint<F> {
        self.0
    }

    /// RFC 9496 §4.3.1 Decode: accepts exactly the canonical encodings (rejects a non-canonical
    /// or negative `s` with [`Error::NonCanonical`]; a non-square, a negative `t` or `y = 0`
    /// with [`Error::NotOnCurve`]). Constant time in `bytes` up to the verdict.
    pub fn decode(bytes: &[u8; 32]) -> Result<Self, Error> {
        // Step 1: s must be canonical (< p, top bit clear) and non-negative.
        let (s, canonical) = F::from_bytes_checked(bytes);
        let s_ok = canonical & !s.is_negative();
        // Step 2.
        let ss = s.square();
        let u1 = F::ONE - ss;
        let u2 = F::ONE + ss;
        let u2_sqr = u2.square();
        let v = -(F::D * u1.square()) - u2_sqr;
        let (was_square, invsqrt) = F::sqrt_ratio_m1(&F::ONE, &(v * u2_sqr));
        let den_x = invsqrt * u2;
        let den_y = invsqrt * den_x * v;
        let x = (s.double() * den_x).abs();
        let y = u1 * den_y;
        let t = x * y;
        // Step 3 (the verdict is the only data-dependent branch).
        if !bool::from(s_ok) {
            return Err(Error::NonCanonical);
        }
        if !bool::from(was_square & !t.is_negative() & !y.is_zero()) {
            return Err(Error::NotOnCurve);
        }
        Ok(RistrettoPoint(EdwardsPoint::from_extended(x, y, F::ONE, t)))
    }

    /// RFC 9496 §4.3.2 Encode: the canonical 32-byte encoding. Constant time.
    pub fn encode(&self) -> [u8; 32] {
        let (x0, y0, z0, t0) = self.0.coords();
        let u1 = (z0 + y0) * (z0 - y0);
        let u2 = x0 * y0;
        // Ignore was_square: u1·u2² is always a nonzero square for a valid point (or zero).
        let (_, invsqrt) = F::sqrt_ratio_m1(&F::ONE, &(u1 * u2.square()));
        let den1 = invsqrt * u1;
        let den2 = invsqrt * u2;
        let z_inv = den1 * den2 * t0;
        let ix0 = x0 * F::SQRT_M1;
        let iy0 = y0 * F::SQRT_M1;
        let enchanted_denominator = den1 * F::INVSQRT_A_MINUS_D;
        let rotate = (t0 * z_inv).is_negative();
        let x = F::conditional_select(&x0, &iy0, rotate);
        let mut y = F::conditional_select(&y0, &ix0, rotate);
        let den_inv = F::conditional_select(&den2, &enchanted_denominator, rotate);
        y = F::conditional_select(&y, &-y, (x * z_inv).is_negative());
        let s = (den_inv * (z0 - y)).abs();
        s.to_bytes()
    }

    /// RFC 9496 §4.3.4 `MAP(t)`: the Elligator map from a field element to a group element
    /// (constant time).
    fn map(t: &F) -> EdwardsPoint<F> {
        let r = F::SQRT_M1 * t.square();
        let u = (r + F::ONE) * F::ONE_MINUS_D_SQ;
        let v = (-F::ONE - r * F::D) * (r + F::D);
        let (was_square, s0) = F::sqrt_ratio_m1(&u, &v);
        let s_prime = -(s0 * t).abs();
        let s = F::conditional_select(&s_prime, &s0, was_square);
        let c = F::conditional_select(&r, &-F::ONE, was_square);
        let n = c * (r - F::ONE) * F::D_MINUS_ONE_SQ - v;
        let w0 = (s * v).double();
        let w1 = n * F::SQRT_AD_MINUS_ONE;
        let ss = s.square();
        let w2 = F::ONE - ss;
        let w3 = F::ONE + ss;
        EdwardsPoint::from_extended(w0 * w3, w2 * w1, w1 * w3, w0 * w2)
    }

    /// RFC 9496 §4.3.4 one-way map (`from_uniform_bytes`, the RFC's element derivation): the
    /// two halves are read as field elements (top bit masked, reduced mod `p`), mapped with
    /// `MAP` and added. Constant time.
    pub fn from_uniform_bytes(bytes: &[u8; 64]) -> Self {
        let mut b0 = [0u8; 32];
        let mut b1 = [0u8; 32];
        b0.copy_from_slice(&bytes[..32]);
        b1.copy_from_slice(&bytes[32..]);
        let r0 = F::from_bytes(&b0);
        let r1 = F::from_bytes(&b1);
        b0.zeroize();
        b1.zeroize();
        RistrettoPoint(Self::map(&r0) + Self::map(&r1))
    }

    /// RFC 9380 Appendix B `hash_to_ristretto255` (suite
    /// `ristretto255_XMD:SHA-512_R255MAP_RO_`): `expand_message_xmd` with SHA-512 to 64 bytes
    /// (RFC 9380 §5.3.1), then [`RistrettoPoint::from_uniform_bytes`]. Fails only on a bad
    /// `dst` (empty, RFC 9380 §3.1).
    pub fn hash_to_group(msg: &[u8], dst: &[u8]) -> Result<Self, Error> {
        let mut uniform = [0u8; 64];
        ExpandMsgXmd::<sha2::Sha512>::expand_message(msg, dst, &mut uniform)?;
        let p = Self::from_uniform_bytes(&uniform);
        uniform.zeroize();
        Ok(p)
    }

    /// `[k]·self` for a secret scalar (constant time, [`EdwardsPoint::mul_ct`]).
    pub fn mul_ct(&self, k: &Scalar) -> Self {
        RistrettoPoint(self.0.mul_ct(k))
    }

    /// `[k]·G` for the generator (constant time, [`EdwardsPoint::mul_base`]).
    pub fn mul_base(k: &Scalar) -> Self {
        RistrettoPoint(EdwardsPoint::mul_base(k))
    }

    /// `[k]·self` for public `self` and `k` (variable time, [`EdwardsPoint::mul_vartime`]).
    pub fn mul_vartime(&self, k: &Scalar) -> Self {
        RistrettoPoint(self.0.mul_vartime(k))
    }

    /// `2·self`.
    pub fn double(&self) -> Self {
        RistrettoPoint(self.0.double())
    }

    /// Whether `self` is the identity (RFC 9496 §4.3.3 equality with it). Constant time.
    pub fn is_identity(&self) -> Choice {
        self.ct_eq(&Self::IDENTITY)
    }
}

/// RFC 9496 §4.3.3 Equals: `x1·y2 = y1·x2` or `y1·y2 = x1·x2` (equality of cosets), constant
/// time.
impl<F: EdwardsField> ConstantTimeEq for RistrettoPoint<F> {
    fn ct_eq(&self, o: &Self) -> Choice {
        let (x1, y1, _, _) = self.0.coords();
        let (x2, y2, _, _) = o.0.coords();
        (x1 * y2).ct_eq(&(y1 * x2)) | (y1 * y2).ct_eq(&(x1 * x2))
    }
}

/// RFC 9496 §4.3.3 equality (through [`ConstantTimeEq`]).
impl<F: EdwardsField> PartialEq for RistrettoPoint<F> {
    fn eq(&self, o: &Self) -> bool {
        self.ct_eq(o).into()
    }
}

impl<F: EdwardsField> Eq for RistrettoPoint<F> {}

/// Selection of representatives (constant time).
impl<F: EdwardsField> ConditionallySelectable for RistrettoPoint<F> {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        RistrettoPoint(EdwardsPoint::conditional_select(&a.0, &b.0, c))
    }
}

/// The identity (RFC 9496 §4).
impl<F: EdwardsField> Default for RistrettoPoint<F> {
    fn default() -> Self {
        Self::IDENTITY
    }
}

/// Overwrites the representative with zeros.
impl<F: EdwardsField> Zeroize for RistrettoPoint<F> {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

/// Shows the canonical encoding (RFC 9496 §4.3.2) in hex.
impl<F: EdwardsField> fmt::Debug for RistrettoPoint<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RistrettoPoint(")?;
        for b in self.encode() {
            write!(f, "{b:02x}")?;
        }
        write!(f, ")")
    }
}

/// The group law (RFC 9496 §4: Edwards25519 addition on representatives).
impl<F: EdwardsField> Add<&RistrettoPoint<F>> for RistrettoPoint<F> {
    type Output = RistrettoPoint<F>;
    fn add(self, q: &RistrettoPoint<F>) -> RistrettoPoint<F> {
        RistrettoPoint(self.0 + q.0)
    }
}

/// The group law (RFC 9496 §4).
impl<F: EdwardsField> Add for RistrettoPoint<F> {
    type Output = RistrettoPoint<F>;
    fn add(self, q: RistrettoPoint<F>) -> RistrettoPoint<F> {
        RistrettoPoint(self.0 + q.0)
    }
}

/// Subtraction (RFC 9496 §4).
impl<F: EdwardsField> Sub<&RistrettoPoint<F>> for RistrettoPoint<F> {
    type Output = RistrettoPoint<F>;
    fn sub(self, q: &RistrettoPoint<F>) -> RistrettoPoint<F> {
        RistrettoPoint(self.0 - q.0)
    }
}

/// Subtraction (RFC 9496 §4).
impl<F: EdwardsField> Sub for RistrettoPoint<F> {
    type Output = RistrettoPoint<F>;
    fn sub(self, q: RistrettoPoint<F>) -> RistrettoPoint<F> {
        RistrettoPoint(self.0 - q.0)
    }
}

/// Negation (RFC 9496 §4).
impl<F: EdwardsField> Neg for RistrettoPoint<F> {
    type Output = RistrettoPoint<F>;
    fn neg(self) -> RistrettoPoint<F> {
        RistrettoPoint(-self.0)
    }
}

/// `[k]·P`, constant time ([`RistrettoPoint::mul_ct`]).
impl<F: EdwardsField> Mul<&Scalar> for &RistrettoPoint<F> {
    type Output = RistrettoPoint<F>;
    fn mul(self, k: &Scalar) -> RistrettoPoint<F> {
        self.mul_ct(k)
    }
}

/// `[k]·P`, constant time ([`RistrettoPoint::mul_ct`]).
impl<F: EdwardsField> Mul<&Scalar> for RistrettoPoint<F> {
    type Output = RistrettoPoint<F>;
    fn mul(self, k: &Scalar) -> RistrettoPoint<F> {
        self.mul_ct(k)
    }
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;

    use super::*;
    use crate::curves::curve25519::field::Fe25519;

    fn p() -> BigUint {
        (BigUint::from(1u8) << 255) - BigUint::from(19u8)
    }

    fn val<F: Fe25519>(x: &F) -> BigUint {
        BigUint::from_bytes_le(&x.to_bytes())
    }

    /// Re-derives the RFC 9496 §4.1 and RFC 9380 Appendix D constants from `d` and `√−1`.
    fn check_constants<F: EdwardsField>() {
        let p = p();
        let d = F::D;
        let minus_one = -F::ONE;
        // SQRT_AD_MINUS_ONE² = a·d − 1 = −d − 1, and it is the RFC's odd root.
        assert_eq!(F::SQRT_AD_MINUS_ONE.square(), minus_one * d - F::ONE);
        assert!(bool::from(F::SQRT_AD_MINUS_ONE.is_negative()));
        // INVSQRT_A_MINUS_D² · (a − d) = 1, non-negative.
        assert_eq!(F::INVSQRT_A_MINUS_D.square() * (minus_one - d), F::ONE);
        assert!(!bool::from(F::INVSQRT_A_MINUS_D.is_negative()));
        assert_eq!(F::ONE_MINUS_D_SQ, F::ONE - d.square());
        assert_eq!(F::D_MINUS_ONE_SQ, (d - F::ONE).square());
        // √−486664 with sgn0 = 0.
        assert_eq!(F::SQRT_MINUS_486664.square(), -F::from_u64(486664));
        assert!(!bool::from(F::SQRT_MINUS_486664.is_negative()));
        // The RFC 9496 §4.1 decimal values.
        let dec = |s: &str| BigUint::parse_bytes(s.as_bytes(), 10).unwrap();
        assert_eq!(
            val(&F::SQRT_AD_MINUS_ONE),
            dec("25063068953384623474111414158702152701244531502492656460079210482610430750235")
        );
        assert_eq!(
            val(&F::INVSQRT_A_MINUS_D),
            dec("54469307008909316920995813868745141605393597292927456921205312896311721017578")
        );
        assert_eq!(
            val(&F::ONE_MINUS_D_SQ),
            dec("1159843021668779879193775521855586647937357759715417654439879720876111806838")
        );
        assert_eq!(
            val(&F::D_MINUS_ONE_SQ),
            dec("40440834346308536858101042469323190826248399146238708352240133220865137265952")
        );
        assert!(val(&F::SQRT_MINUS_486664) < p);
    }

    #[test]
    fn constants_own() {
        check_constants::<Fe>();
    }

    #[cfg(feature = "fiat")]
    #[test]
    fn constants_fiat() {
        check_constants::<super::super::field_fiat::FiatFe>();
    }
}
