//! 0x01 ecrecover (secp256k1), 0x0a point evaluation (EIP-4844) and 0x100 P256VERIFY
//! (EIP-7951): the precompiles built on the library's signature and KZG protocols.

use alloc::vec::Vec;

use sha3::{Digest, Keccak256};

use super::{gas, padded, PrecompileResult};
use crate::curve::short_weierstrass::{Affine, Projective, Scalar};
use crate::curve::PointEncoding;
use crate::curves::{p256, secp256k1::Secp256k1};
use crate::protocols::ecdsa::{Signature, VerifyingKey};

/// 0x01 ECRECOVER (Yellow Paper Appendix E, "ECREC"; Ethereum's rules): the input, right-padded
/// with zeros to 128 bytes (longer inputs truncated), is `h ‖ v ‖ r ‖ s`, each 32 bytes. With
/// `v ∈ {27, 28}` (as a 32-byte integer), `r, s ∈ [1, n)` (high `s` accepted) and a public key
/// recoverable from them, the output is the key's address (the last 20 bytes of the Keccak-256
/// of `X ‖ Y`) left-padded with 12 zero bytes; otherwise the output is empty. Gas 3000; never
/// fails.
pub fn ecrecover(input: &[u8]) -> PrecompileResult {
    let gas = gas::ecrecover_gas(input);
    let buf: [u8; 128] = padded(input, 0);
    Ok((recover_address(&buf).map(Vec::from).unwrap_or_default(), gas))
}

fn recover_address(buf: &[u8; 128]) -> Option<[u8; 32]> {
    let (h, v) = (&buf[..32], &buf[32..64]);
    if v[..31].iter().any(|&b| b != 0) || !(v[31] == 27 || v[31] == 28) {
        return None;
    }
    // r, s ∈ [1, n).
    let sig = Signature::<Secp256k1>::from_bytes(&buf[64..]).ok()?;
    // SEC 1 v2 §4.1.6 (as `VerifyingKey::recover_prehash`, with a variable-time
    // normalization: public data): R = (r, y) with y's parity from v, Q = r⁻¹(s·R − z·G).
    let mut enc = [0u8; 33];
    enc[0] = 2 | (v[31] - 27);
    enc[1..].copy_from_slice(&buf[64..96]);
    let big_r = Affine::<Secp256k1>::from_compressed(&enc).ok()?;
    let r_inv = sig.r().inverse_vartime()?;
    let z = Scalar::<Secp256k1>::from_bytes_be_wide(h);
    let q = Projective::<Secp256k1>::mul_generator_add_vartime(&-(z * r_inv), &big_r, &(*sig.s() * r_inv));
    if bool::from(q.is_identity()) {
        return None;
    }
    let q = super::to_affine_vartime(&q);
    let mut xy = [0u8; 64];
    xy[..32].copy_from_slice(q.x().to_bytes_be().as_ref());
    xy[32..].copy_from_slice(q.y().to_bytes_be().as_ref());
    let hash = Keccak256::digest(xy);
    let mut out = [0u8; 32];
    out[12..].copy_from_slice(&hash[12..]);
    Some(out)
}

/// 0x100 P256VERIFY (EIP-7951 "Specification"): the input is `h ‖ r ‖ s ‖ qx ‖ qy`, exactly 160
/// bytes. The output is 32 bytes `0x00…01` when `r, s ∈ [1, n)`, `qx, qy < p`, `(qx, qy)` is a
/// point of P-256 (not the point at infinity) and the signature verifies (`R' = (h·s⁻¹)·G +
/// (r·s⁻¹)·Q` is not infinity and `R'.x ≡ r mod n`); in every other case (any other length
/// included) the output is empty. Gas 6900; never fails.
pub fn p256verify(input: &[u8]) -> PrecompileResult {
    let gas = gas::p256verify_gas(input);
    let ok = input.len() == 160 && p256_verifies(input);
    let out = if ok {
        let mut o = alloc::vec![0u8; 32];
        o[31] = 1;
        o
    } else {
        Vec::new()
    };
    Ok((out, gas))
}

fn p256_verifies(input: &[u8]) -> bool {
    let Ok(sig) = Signature::<p256::P256>::from_bytes(&input[32..96]) else {
        return false;
    };
    let (Ok(x), Ok(y)) = (p256::Fp::from_bytes_be(&input[96..128]), p256::Fp::from_bytes_be(&input[128..160])) else {
        return false;
    };
    let Some(q) = Option::<Affine<p256::P256>>::from(Affine::from_xy(x, y)) else {
        return false;
    };
    match VerifyingKey::from_affine(q) {
        Ok(key) => key.verify_prehash(&input[..32], &sig),
        Err(_) => false,
    }
}

/// 0x0a POINT_EVALUATION (EIP-4844 "Point evaluation precompile"): the input is
/// `versioned_hash ‖ z ‖ y ‖ commitment ‖ proof` (32, 32, 32, 48, 48 bytes: exactly 192).
/// Fails unless `versioned_hash = 0x01 ‖ sha256(commitment)[1..]`, `z` and `y` are canonical
/// field elements, the commitment and proof are valid G1 points and the proof verifies
/// (`verify_kzg_proof` with the mainnet setup); the output is `FIELD_ELEMENTS_PER_BLOB ‖
/// BLS_MODULUS`, two 32-byte big-endian integers. Gas 50000.
#[cfg(feature = "std")]
pub fn point_evaluation(input: &[u8]) -> PrecompileResult {
    use super::PrecompileError;
    use crate::curves::bls12_381::Fr;
    use crate::field::PrimeField;
    use crate::protocols::eip4844::{KzgSettings, FIELD_ELEMENTS_PER_BLOB};

    let gas = gas::point_evaluation_gas(input);
    if input.len() != 192 {
        return Err(PrecompileError::InvalidInputLength);
    }
    let (hash, z, y, commitment, proof) =
        (&input[..32], &input[32..64], &input[64..96], &input[96..144], &input[144..192]);
    let digest = sha2::Sha256::digest(commitment);
    if hash[0] != 0x01 || hash[1..] != digest[1..] {
        return Err(PrecompileError::InvalidVersionedHash);
    }
    match KzgSettings::mainnet().verify_kzg_proof(commitment, z, y, proof) {
        Ok(true) => {}
        Ok(false) => return Err(PrecompileError::KzgVerificationFailed),
        Err(_) => return Err(PrecompileError::InvalidKzgInput),
    }
    let mut out = alloc::vec![0u8; 64];
    out[24..32].copy_from_slice(&(FIELD_ELEMENTS_PER_BLOB as u64).to_be_bytes());
    for (o, w) in out[32..].chunks_mut(8).zip(<Fr as PrimeField>::MODULUS.as_ref().iter().rev()) {
        o.copy_from_slice(&w.to_be_bytes());
    }
    Ok((out, gas))
}
