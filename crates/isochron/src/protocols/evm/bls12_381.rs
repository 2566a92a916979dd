//! 0x0b–0x11: the BLS12-381 precompiles of EIP-2537.
//!
//! Encoding (EIP-2537 "Fine points and encoding"): an Fp element is 64 bytes, a big-endian
//! integer below `p` whose top 16 bytes are zero; Fp2 is `c0 ‖ c1`; a G1 point is `x ‖ y`
//! (128 bytes), a G2 point `x ‖ y` (256 bytes), the point at infinity all zeros; a scalar is a
//! 32-byte big-endian integer (any value).

use alloc::vec::Vec;

use super::{gas, PrecompileError, PrecompileResult};
use crate::curve::short_weierstrass::{Affine, Projective, Scalar, SwCurve};
use crate::curve::Group;
use crate::curves::bls12_381::{Bls12_381, Fp, Fp2, G1Affine, G1Curve, G1Suite, G2Affine, G2Curve, G2Suite};
use crate::hash_to_curve::Suite;
use crate::pairing::PairingEngine;

/// The EIP-2537 codec of one group.
trait Eip2537: Sized + Copy {
    const SIZE: usize;
    fn encode(&self) -> Vec<u8>;
    fn decode_unchecked(bytes: &[u8]) -> Result<Self, crate::Error>;
}

impl Eip2537 for G1Affine {
    const SIZE: usize = 128;
    fn encode(&self) -> Vec<u8> {
        self.to_eip2537().to_vec()
    }
    fn decode_unchecked(bytes: &[u8]) -> Result<Self, crate::Error> {
        G1Affine::from_eip2537_unchecked(bytes)
    }
}

impl Eip2537 for G2Affine {
    const SIZE: usize = 256;
    fn encode(&self) -> Vec<u8> {
        self.to_eip2537().to_vec()
    }
    fn decode_unchecked(bytes: &[u8]) -> Result<Self, crate::Error> {
        G2Affine::from_eip2537_unchecked(bytes)
    }
}

/// ADD: two points on the curve (no subgroup check), their sum.
fn add<C: SwCurve>(input: &[u8]) -> Result<Vec<u8>, PrecompileError>
where
    Affine<C>: Eip2537,
{
    let size = Affine::<C>::SIZE;
    if input.len() != 2 * size {
        return Err(PrecompileError::InvalidInputLength);
    }
    let p = Affine::<C>::decode_unchecked(&input[..size])?;
    let q = Affine::<C>::decode_unchecked(&input[size..])?;
    Ok(super::add_affine_vartime(&p, &q).encode())
}

/// MSM: `k ≥ 1` pairs of a subgroup point and a scalar, the sum of the products.
fn msm<C: SwCurve>(input: &[u8]) -> Result<Vec<u8>, PrecompileError>
where
    Affine<C>: Eip2537,
    Projective<C>: Group<Affine = Affine<C>, Scalar = Scalar<C>>,
{
    let size = Affine::<C>::SIZE + 32;
    if input.is_empty() || !input.len().is_multiple_of(size) {
        return Err(PrecompileError::InvalidInputLength);
    }
    let k = input.len() / size;
    // The points decoded up to the first malformed one, then checked for the subgroup together
    // (the first failing pair's error, as if each were decoded with every check in turn).
    let mut decoded = Vec::with_capacity(k);
    let mut malformed = None;
    for c in input.chunks_exact(size) {
        match Affine::<C>::decode_unchecked(&c[..size - 32]) {
            Ok(p) => decoded.push(p),
            Err(e) => {
                malformed = Some(e);
                break;
            }
        }
    }
    if let Some(e) = malformed {
        return Err(match C::first_outside_subgroup_vartime(&decoded) {
            Some(_) => PrecompileError::NotInSubgroup,
            None => e.into(),
        });
    }
    // The points have prime order r once checked: [k]P = [k mod r]P.
    let scalars: Vec<Scalar<C>> =
        input.chunks_exact(size).map(|c| Scalar::<C>::from_bytes_be_wide(&c[size - 32..])).collect();
    let sum = if k == 1 {
        if C::first_outside_subgroup_vartime(&decoded).is_some() {
            return Err(PrecompileError::NotInSubgroup);
        }
        decoded[0].to_projective().mul_vartime(&scalars[0])
    } else {
        C::msm_in_subgroup_vartime(&decoded, &scalars).map_err(|_| PrecompileError::NotInSubgroup)?
    };
    Ok(super::to_affine_vartime(&sum).encode())
}

/// An Fp element of the EIP-2537 encoding: 16 zero bytes, then 48 bytes below `p`.
fn fp(bytes: &[u8]) -> Result<Fp, PrecompileError> {
    if bytes[..16].iter().any(|&b| b != 0) {
        return Err(PrecompileError::InvalidFieldElement);
    }
    Fp::from_bytes_be(&bytes[16..64]).map_err(|_| PrecompileError::InvalidFieldElement)
}

/// 0x0b BLS12_G1ADD (EIP-2537 "ABI for G1 addition"): two G1 points (256 bytes), each on the
/// curve (no subgroup check); their sum, 128 bytes. Gas 375.
pub fn bls12_g1add(input: &[u8]) -> PrecompileResult {
    Ok((add::<G1Curve>(input)?, gas::bls12_g1add_gas(input)))
}

/// 0x0d BLS12_G2ADD (EIP-2537 "ABI for G2 addition"): two G2 points (512 bytes), each on the
/// curve (no subgroup check); their sum, 256 bytes. Gas 600.
pub fn bls12_g2add(input: &[u8]) -> PrecompileResult {
    Ok((add::<G2Curve>(input)?, gas::bls12_g2add_gas(input)))
}

/// 0x0c BLS12_G1MSM (EIP-2537 "ABI for G1 MSM"): `k ≥ 1` pairs of a G1 point (in the
/// subgroup) and a 32-byte scalar, 160 bytes each; `Σ sᵢ·Pᵢ`, 128 bytes. Gas: EIP-2537 "Gas
/// schedule", the G1 discount table ([`gas::bls12_g1msm_gas`]).
pub fn bls12_g1msm(input: &[u8]) -> PrecompileResult {
    Ok((msm::<G1Curve>(input)?, gas::bls12_g1msm_gas(input)))
}

/// 0x0e BLS12_G2MSM (EIP-2537 "ABI for G2 MSM"): `k ≥ 1` pairs of a G2 point (in the
/// subgroup) and a 32-byte scalar, 288 bytes each; `Σ sᵢ·Pᵢ`, 256 bytes. Gas: EIP-2537 "Gas
/// schedule", the G2 discount table ([`gas::bls12_g2msm_gas`]).
pub fn bls12_g2msm(input: &[u8]) -> PrecompileResult {
    Ok((msm::<G2Curve>(input)?, gas::bls12_g2msm_gas(input)))
}

/// 0x0f BLS12_PAIRING_CHECK (EIP-2537 "ABI for pairing check"): `k ≥ 1` pairs of a G1 and a
/// G2 point (both in the subgroup), 384 bytes each; 32 bytes, `0x00…01` when
/// `∏ e(Pᵢ, Qᵢ) = 1` and zero otherwise. Gas `32600·k + 37700`.
pub fn bls12_pairing(input: &[u8]) -> PrecompileResult {
    if input.is_empty() || !input.len().is_multiple_of(384) {
        return Err(PrecompileError::InvalidInputLength);
    }
    // As in `msm`: the points decoded up to the first malformed one, then each group checked
    // for the subgroup together (the first failing point's error, as if each point were decoded
    // with every check in turn).
    let k = input.len() / 384;
    let (mut ps, mut qs) = (Vec::with_capacity(k), Vec::with_capacity(k));
    let mut malformed = None;
    for c in input.chunks_exact(384) {
        let q = G1Affine::from_eip2537_unchecked(&c[..128])
            .map(|p| ps.push(p))
            .and_then(|()| G2Affine::from_eip2537_unchecked(&c[128..]));
        match q {
            Ok(q) => qs.push(q),
            Err(e) => {
                malformed = Some(e);
                break;
            }
        }
    }
    if G1Curve::first_outside_subgroup_vartime(&ps).is_some() {
        return Err(PrecompileError::NotInSubgroup);
    }
    if let Some(e) = malformed {
        if G2Curve::first_outside_subgroup_vartime(&qs).is_some() {
            return Err(PrecompileError::NotInSubgroup);
        }
        return Err(e.into());
    }
    // The G2 test of each point within its Miller loop (identity pairs contribute one).
    let pairs: Vec<(G1Affine, G2Affine)> = ps.into_iter().zip(qs).collect();
    let ok = Bls12_381::pairing_check_g2_unchecked(&pairs).ok_or(PrecompileError::NotInSubgroup)?;
    let mut out = alloc::vec![0u8; 32];
    out[31] = ok as u8;
    Ok((out, gas::bls12_pairing_gas(input)))
}

/// 0x10 BLS12_MAP_FP_TO_G1 (EIP-2537 "ABI for mapping Fp element to G1 point"): one Fp element
/// (64 bytes); the simplified SWU map with the 11-isogeny and cofactor clearing of RFC 9380
/// §8.8.1 (`map_to_curve` then `clear_cofactor`), 128 bytes. Gas 5500.
pub fn bls12_map_fp_to_g1(input: &[u8]) -> PrecompileResult {
    if input.len() != 64 {
        return Err(PrecompileError::InvalidInputLength);
    }
    let u = fp(input)?;
    let p = super::to_affine_vartime(&G1Suite::clear_cofactor(&G1Suite::map_to_curve(&u)));
    Ok((p.encode(), gas::bls12_map_fp_to_g1_gas(input)))
}

/// 0x11 BLS12_MAP_FP2_TO_G2 (EIP-2537 "ABI for mapping Fp2 element to G2 point"): one Fp2
/// element `c0 ‖ c1` (128 bytes); the simplified SWU map with the 3-isogeny and cofactor
/// clearing of RFC 9380 §8.8.2, 256 bytes. Gas 23800.
pub fn bls12_map_fp2_to_g2(input: &[u8]) -> PrecompileResult {
    if input.len() != 128 {
        return Err(PrecompileError::InvalidInputLength);
    }
    let u = Fp2::new(fp(&input[..64])?, fp(&input[64..])?);
    let p = super::to_affine_vartime(&G2Suite::clear_cofactor(&G2Suite::map_to_curve(&u)));
    Ok((p.encode(), gas::bls12_map_fp2_to_g2_gas(input)))
}
