//! 0x06, 0x07, 0x08: BN254 (alt_bn128) addition, scalar multiplication and pairing check
//! (EIP-196, EIP-197; gas EIP-1108).

use alloc::vec::Vec;

use super::{gas, padded, PrecompileError, PrecompileResult};
use crate::curve::short_weierstrass::Scalar;
use crate::curves::bn254::{Bn254, G1Affine, G1Curve, G2Affine};
use crate::pairing::PairingEngine;

/// 0x06 ECADD (EIP-196 "Specification" and "Encoding"): the input, right-padded with zeros
/// to 128 bytes (longer inputs truncated), is two G1 points `x ‖ y` (32-byte big-endian
/// coordinates; all zeros the point at infinity); the output is their sum, 64 bytes. Fails
/// when a coordinate is not below `p` or a point is not on the curve. Gas 150 (EIP-1108).
pub fn bn254_add(input: &[u8]) -> PrecompileResult {
    let buf: [u8; 128] = padded(input, 0);
    let p = G1Affine::from_evm_bytes(&buf[..64])?;
    let q = G1Affine::from_evm_bytes(&buf[64..])?;
    let sum = super::add_affine_vartime(&p, &q);
    Ok((sum.to_evm_bytes().to_vec(), gas::bn254_add_gas(input)))
}

/// 0x07 ECMUL (EIP-196 "Specification" and "Encoding"): the input, right-padded with zeros
/// to 96 bytes (longer inputs truncated), is a G1 point and a 32-byte big-endian scalar (any
/// 256-bit integer); the output is the product, 64 bytes. Fails when a coordinate is not below
/// `p` or the point is not on the curve. Gas 6000 (EIP-1108).
pub fn bn254_mul(input: &[u8]) -> PrecompileResult {
    let buf: [u8; 96] = padded(input, 0);
    let p = G1Affine::from_evm_bytes(&buf[..64])?;
    // G1 has prime order r: [k]P = [k mod r]P.
    let k = Scalar::<G1Curve>::from_bytes_be_wide(&buf[64..]);
    let prod = super::to_affine_vartime(&p.to_projective().mul_vartime(&k));
    Ok((prod.to_evm_bytes().to_vec(), gas::bn254_mul_gas(input)))
}

/// 0x08 PAIRING (EIP-197 "Specification" and "Encoding"): the input is `k ≥ 0` pairs of a G1
/// point (64 bytes) and a G2 point (128 bytes, each Fp2 coordinate imaginary part first); the
/// output is 32 bytes, `0x00…01` when `∏ e(Pᵢ, Qᵢ) = 1` (so for `k = 0`) and zero otherwise.
/// Fails when the length is not a multiple of 192, a coordinate is not below `p`, a point is
/// not on its curve or a G2 point not in the order-`r` subgroup. Gas `34000·k + 45000`
/// (EIP-1108).
pub fn bn254_pairing(input: &[u8]) -> PrecompileResult {
    if !input.len().is_multiple_of(192) {
        return Err(PrecompileError::InvalidInputLength);
    }
    // The points decoded without the G2 subgroup test, which each point's Miller loop makes
    // (`PairingEngine::pairing_check_g2_unchecked`); on a malformed point, decoded again with
    // every check in turn for the first failing point's error.
    let mut pairs = Vec::with_capacity(input.len() / 192);
    for c in input.chunks_exact(192) {
        let decoded =
            G1Affine::from_evm_bytes(&c[..64]).and_then(|p| Ok((p, G2Affine::from_evm_bytes_unchecked(&c[64..])?)));
        match decoded {
            Ok(pair) => pairs.push(pair),
            Err(e) => {
                for c in input.chunks_exact(192) {
                    G1Affine::from_evm_bytes(&c[..64])?;
                    G2Affine::from_evm_bytes(&c[64..])?;
                }
                return Err(e.into());
            }
        }
    }
    let ok = Bn254::pairing_check_g2_unchecked(&pairs).ok_or(PrecompileError::from(crate::Error::NotInSubgroup))?;
    let mut out = alloc::vec![0u8; 32];
    out[31] = ok as u8;
    Ok((out, gas::bn254_pairing_gas(input)))
}
