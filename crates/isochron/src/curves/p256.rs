//! P-256 (NIST P-256, secp256r1, prime256v1; FIPS 186-5, SP 800-186 §3.2.1.3, SEC 2 v2 §2.4.2):
//! `y² = x³ − 3x + b` over `p = 2^256 − 2^224 + 2^192 + 2^96 − 1`, a group of prime order `n`
//! (cofactor 1). Base field [`Fp`] and scalar field [`Fq`] are 4-limb Montgomery fields without
//! a spare top bit (the full-width kernels of `limbs`).
//!
//! The curve has `a = −3` ([`SwCurve::A_IS_MINUS_3`]): the complete formulas are
//! Renes–Costello–Batina's Alg. 4–6, the variable-time doublings the `a = −3` ones. It has no
//! cheap endomorphism, so scalar multiplication uses plain signed windows (constant time) and
//! wNAF (`_vartime`), with a precomputed generator table. Points are encoded in SEC1 form
//! (SEC 1 v2 §2.3.3–2.3.4, `encoding`).

use crate::curve::short_weierstrass::{Affine, Projective, SwCurve};
use crate::field::FieldParams;
use crate::limbs;

/// Parameters of the P-256 base field, `p = 2^256 − 2^224 + 2^192 + 2^96 − 1`
/// (SP 800-186 §3.2.1.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FpParams;

impl FieldParams<4> for FpParams {
    #[cfg(feature = "fiat")]
    const FIAT: Option<crate::field::fiat::FiatBackend<4>> = crate::field::fiat::fiat_backend!(
        fiat_crypto::p256_64,
        fiat_p256_montgomery_domain_field_element,
        fiat_p256_mul,
        fiat_p256_square,
        fiat_p256_add,
        fiat_p256_sub,
        fiat_p256_opp
    );
    const MODULUS: [u64; 4] = limbs::from_hex("0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff");
    /// 6 generates `F_p^*` (the least generator; 2, 3, 4, 5 do not).
    const GENERATOR: u64 = 6;
    const NAME: &'static str = "p256::Fp";
}

/// Parameters of the P-256 scalar field, the group order
/// `n = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551` (SP 800-186
/// §3.2.1.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FqParams;

impl FieldParams<4> for FqParams {
    #[cfg(feature = "fiat")]
    const FIAT: Option<crate::field::fiat::FiatBackend<4>> = crate::field::fiat::fiat_backend!(
        fiat_crypto::p256_scalar_64,
        fiat_p256_scalar_montgomery_domain_field_element,
        fiat_p256_scalar_mul,
        fiat_p256_scalar_square,
        fiat_p256_scalar_add,
        fiat_p256_scalar_sub,
        fiat_p256_scalar_opp
    );
    const MODULUS: [u64; 4] = limbs::from_hex("0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551");
    /// 7 generates `F_n^*`.
    const GENERATOR: u64 = 7;
    const NAME: &'static str = "p256::Fq";
}

/// The P-256 base field (coordinates), modulo `p` of SP 800-186 §3.2.1.3.
pub type Fp = crate::field::Fp<FpParams, 4>;
/// The P-256 scalar field, modulo the group order `n` of SP 800-186 §3.2.1.3 (keys, nonces).
pub type Fq = crate::field::Fp<FqParams, 4>;
/// The scalar field under the name the pairing curves use (`Fr`).
pub type Fr = Fq;

/// P-256: `y² = x³ − 3x + b` over Fp, `b` and the generator `G` of SP 800-186 §3.2.1.3,
/// cofactor 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct P256;

impl SwCurve for P256 {
    crate::curve::short_weierstrass::generator_table!(P256);

    /// 1024 odd multiples of `G` per image in the table of `a·G + b·P` (ECDSA verification):
    /// about a third fewer additions for `G` than width 8.
    const GENERATOR_WNAF_WIDTH: u32 = 12;

    type Base = Fp;
    type ScalarParams = FqParams;
    const NAME: &'static str = "p256";
    const B: Fp = Fp::from_hex("0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b");
    const A_IS_MINUS_3: bool = true;
    const GENERATOR: (Fp, Fp) = (
        Fp::from_hex("0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"),
        Fp::from_hex("0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5"),
    );

    /// Always true: the group of P-256 has prime order `n` (cofactor 1), so every point of the
    /// curve is in it.
    fn is_torsion_free_vartime(_: &Point) -> bool {
        true
    }
}

/// A P-256 point in homogeneous projective coordinates: the group, for arithmetic (complete
/// formulas for `a = −3`, eprint 2015/1060 Alg. 4–6).
pub type Point = Projective<P256>;
/// A P-256 point in affine coordinates: what the SEC1 encodings (SEC 1 v2 §2.3.3–2.3.4) read
/// and write.
pub type PointAffine = Affine<P256>;

/// The SEC1 point encodings (and `PointEncoding`).
mod encoding;
pub use encoding::{CompressedPoint, UncompressedPoint};

#[cfg(test)]
mod tests;
