//! BLS12-381 (Bowe, "BLS12-381: New zk-SNARK Elliptic Curve Construction", 2017;
//! draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.1): base field Fp (381 bits, 6 limbs) and
//! scalar field Fr (255 bits, 4 limbs).

use crate::field::FieldParams;

/// Parameters of the BLS12-381 base field, `p = 0x1a0111ea…aaab` (draft-irtf-cfrg-pairing-
/// friendly-curves-11 §4.2.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FpParams;

impl FieldParams<6> for FpParams {
    const MODULUS: [u64; 6] = crate::limbs::from_hex(
        "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
    );
    const GENERATOR: u64 = 2;
    const NAME: &'static str = "bls12_381::Fp";
}

/// Parameters of the BLS12-381 scalar field, `r = 0x73eda753…00000001`, the order of G1, G2, GT.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrParams;

impl FieldParams<4> for FrParams {
    const MODULUS: [u64; 4] =
        crate::limbs::from_hex("0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001");
    const GENERATOR: u64 = 7;
    const NAME: &'static str = "bls12_381::Fr";
}

/// The BLS12-381 base field.
pub type Fp = crate::field::Fp<FpParams, 6>;
/// The BLS12-381 scalar field.
pub type Fr = crate::field::Fp<FrParams, 4>;

/// The BLS12-381 pairing tower (draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.1):
/// `Fp2 = Fp[u]/(u² + 1)`, `Fp6 = Fp2[v]/(v³ − (u + 1))`, `Fp12 = Fp6[w]/(w² − v)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tower;

impl crate::field::fp2::TowerParams<6> for Tower {
    type Fp = FpParams;
    const BETA: i64 = -1;
    /// `ξ = u + 1`.
    const XI: [u64; 2] = [1, 1];
}

/// The quadratic extension `Fp[u]/(u² + 1)` (G2 coordinates).
pub type Fp2 = crate::field::fp2::Fp2<Tower, 6>;
/// The cubic extension `Fp2[v]/(v³ − (u + 1))`.
pub type Fp6 = crate::field::fp6::Fp6<Tower, 6>;
/// The degree-12 extension `Fp6[w]/(w² − v)` (pairing values).
pub type Fp12 = crate::field::fp12::Fp12<Tower, 6>;
