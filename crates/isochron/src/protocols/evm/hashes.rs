//! 0x02 sha256, 0x03 ripemd160, 0x04 identity (Yellow Paper Appendix E).

use alloc::vec::Vec;

use sha2::Digest;

use super::{gas, PrecompileResult};

/// 0x02 (Yellow Paper Appendix E, "SHA256"): the SHA-256 digest of the input (any length),
/// 32 bytes; gas `60 + 12·⌈|I|/32⌉`. Never fails.
pub fn sha256(input: &[u8]) -> PrecompileResult {
    Ok((sha2::Sha256::digest(input).to_vec(), gas::sha256_gas(input)))
}

/// 0x03 (Yellow Paper Appendix E, "RIPEMD160"): the RIPEMD-160 digest of the input,
/// left-padded with 12 zero bytes to 32; gas `600 + 120·⌈|I|/32⌉`. Never fails.
pub fn ripemd160(input: &[u8]) -> PrecompileResult {
    let mut out = alloc::vec![0u8; 32];
    out[12..].copy_from_slice(&ripemd::Ripemd160::digest(input));
    Ok((out, gas::ripemd160_gas(input)))
}

/// 0x04 (Yellow Paper Appendix E, "IDENTITY"): the input itself; gas `15 + 3·⌈|I|/32⌉`.
/// Never fails.
pub fn identity(input: &[u8]) -> PrecompileResult {
    Ok((Vec::from(input), gas::identity_gas(input)))
}
