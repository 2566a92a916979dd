//! BN254 (alt_bn128) G1 suites `BN254G1_XMD:SHA-256_SVDW_{RO,NU}_`: `expand_message_xmd` with
//! SHA-256, `L = ⌈(254 + 128)/8⌉ = 48`, the Shallue–van de Woestijne map with `Z = 1` (RFC 9380
//! §6.6.1; `y² = x³ + 3` has `A = 0`, so neither SSWU nor an isogeny is needed) and no cofactor
//! (G1 has prime order). RFC 9380 defines no BN254 suite; this is the one gnark-crypto and the
//! BBS drafts use (suite ID `BN254G1_XMD:SHA-256_SVDW_RO_`).

use sha2::Sha256;

use super::{Fp, FpParams, G1Curve, G1Projective};
use crate::error::Error;
use crate::field::FieldParams;
use crate::hash_to_curve::svdw::{map_to_curve_svdw, SvdwConstants};
use crate::hash_to_curve::{const_inv, const_neg, const_sgn0_zero, const_sqrt_3mod4, ExpandMsgXmd, Suite};

/// The SVDW constants for `Z = 1`, `g(x) = x³ + 3` (RFC 9380 §6.6.1), derived at compile time:
/// `c1 = g(1) = 4`, `c2 = −1/2`, `c3 = √(−12)` with `sgn0(c3) = 0`, `c4 = −16/3`.
pub const SVDW: SvdwConstants<Fp> = SvdwConstants {
    z: Fp::ONE,
    c1: Fp::from_u64(4),
    // −1/2 = (p − 1)/2.
    c2: Fp::from_canonical_limbs(FpParams::EULER_EXP),
    c3: const_sgn0_zero(&const_sqrt_3mod4(&const_neg(&Fp::from_u64(12)))),
    c4: const_neg(&Fp::from_mont_limbs(crate::limbs::mont::mul(
        Fp::from_u64(16).mont_limbs(),
        const_inv(&Fp::from_u64(3)).mont_limbs(),
        &FpParams::MODULUS,
        FpParams::INV,
    ))),
};

/// The G1 suite `BN254G1_XMD:SHA-256_SVDW_{RO,NU}_`.
#[derive(Clone, Copy, Debug, Default)]
pub struct G1Suite;

impl Suite for G1Suite {
    type Field = Fp;
    type Curve = G1Curve;
    type Expander = ExpandMsgXmd<Sha256>;
    const L: usize = crate::hash_to_curve::hash_to_field::coefficient_len(254, 128);

    fn map_to_curve(u: &Fp) -> G1Projective {
        map_to_curve_svdw::<G1Curve>(u, &SVDW)
    }

    /// The identity map: BN254 G1 has cofactor 1.
    fn clear_cofactor(p: &G1Projective) -> G1Projective {
        *p
    }
}

/// `hash_to_curve` with `BN254G1_XMD:SHA-256_SVDW_RO_`. Fails only for an empty `dst`.
pub fn hash_to_g1(msg: &[u8], dst: &[u8]) -> Result<G1Projective, Error> {
    G1Suite::hash_to_curve(msg, dst)
}

/// `encode_to_curve` with `BN254G1_XMD:SHA-256_SVDW_NU_`. Fails only for an empty `dst`.
pub fn encode_to_g1(msg: &[u8], dst: &[u8]) -> Result<G1Projective, Error> {
    G1Suite::encode_to_curve(msg, dst)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::short_weierstrass::SwCurve;

    #[test]
    fn svdw_constants_match_their_definition() {
        assert_eq!(SVDW, SvdwConstants::derive_vartime(Fp::ONE, <G1Curve as SwCurve>::B).unwrap());
    }
}
