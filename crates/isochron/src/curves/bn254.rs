//! BN254 as used by Ethereum (alt_bn128, "Snarks"; EIP-196/197): base field Fp and scalar field
//! Fr, both 254 bits (4 limbs). Moduli from EIP-197.

use crate::field::FieldParams;

/// Parameters of the BN254 base field, `p = 0x30644e72…d87cfd47` (EIP-197).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FpParams;

impl FieldParams<4> for FpParams {
    const MODULUS: [u64; 4] =
        crate::limbs::from_hex("0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47");
    const GENERATOR: u64 = 3;
    const NAME: &'static str = "bn254::Fp";
}

/// Parameters of the BN254 scalar field, `r = 0x30644e72…f0000001` (EIP-197), the group order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrParams;

impl FieldParams<4> for FrParams {
    const MODULUS: [u64; 4] =
        crate::limbs::from_hex("0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001");
    const GENERATOR: u64 = 5;
    const NAME: &'static str = "bn254::Fr";
}

/// The BN254 base field.
pub type Fp = crate::field::Fp<FpParams, 4>;
/// The BN254 scalar field.
pub type Fr = crate::field::Fp<FrParams, 4>;

/// The BN254 pairing tower (EIP-197; draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.2):
/// `Fp2 = Fp[u]/(u² + 1)`, `Fp6 = Fp2[v]/(v³ − (u + 9))`, `Fp12 = Fp6[w]/(w² − v)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tower;

impl crate::field::fp2::TowerParams<4> for Tower {
    type Fp = FpParams;
    const BETA: i64 = -1;
    /// `ξ = u + 9`.
    const XI: [u64; 2] = [9, 1];
}

/// The quadratic extension `Fp[u]/(u² + 1)` (G2 coordinates).
pub type Fp2 = crate::field::fp2::Fp2<Tower, 4>;
/// The cubic extension `Fp2[v]/(v³ − (u + 9))`.
pub type Fp6 = crate::field::fp6::Fp6<Tower, 4>;
/// The degree-12 extension `Fp6[w]/(w² − v)` (pairing values).
pub type Fp12 = crate::field::fp12::Fp12<Tower, 4>;
