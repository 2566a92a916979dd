//! HMAC-SHA256 (RFC 2104) and HKDF (RFC 5869) for KeyGen (draft-irtf-cfrg-bls-signature-05
//! §2.3). Constant time in the key and the data: SHA-256 processes every byte the same way and
//! nothing here branches on their values (only on public lengths).

use sha2::{Digest, Sha256};
use zeroize::Zeroize;

/// SHA-256's block size, the HMAC key width.
const BLOCK: usize = 64;

/// HMAC-SHA256 (RFC 2104 §2) keyed once: the hash states after the inner and the outer key
/// pad, cloned for each message (HKDF-Expand MACs several blocks under one key). For keys of
/// at most one block (KeyGen's salt and PRK are 32 bytes). The key pads are zeroized; the
/// states hold only their compression (one-way) outputs.
struct Hmac {
    inner: Sha256,
    outer: Sha256,
}

impl Hmac {
    fn new(key: &[u8]) -> Self {
        debug_assert!(key.len() <= BLOCK);
        let mut pad = [0u8; BLOCK];
        pad[..key.len()].copy_from_slice(key);
        pad.iter_mut().for_each(|b| *b ^= 0x36);
        let inner = Sha256::new_with_prefix(pad);
        // ipad ⊕ opad = 0x36 ⊕ 0x5c = 0x6a turns the inner pad into the outer one.
        pad.iter_mut().for_each(|b| *b ^= 0x36 ^ 0x5c);
        let outer = Sha256::new_with_prefix(pad);
        pad.zeroize();
        Hmac { inner, outer }
    }

    /// `HMAC(key, part₀ ‖ part₁ ‖ …)`.
    fn mac(&self, parts: &[&[u8]]) -> [u8; 32] {
        let mut inner = self.inner.clone();
        for p in parts {
            inner.update(p);
        }
        let mut ih: [u8; 32] = inner.finalize().into();
        let mut outer = self.outer.clone();
        outer.update(ih);
        ih.zeroize();
        outer.finalize().into()
    }
}

/// `HMAC-SHA256(key, part₀ ‖ part₁ ‖ …)` (RFC 2104 §2) for a key of at most one block.
pub(crate) fn hmac_sha256(key: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    Hmac::new(key).mac(parts)
}

/// `HKDF-Extract(salt, IKM)` (RFC 5869 §2.2) with the input key material given in parts.
pub(crate) fn extract(salt: &[u8], ikm: &[&[u8]]) -> [u8; 32] {
    hmac_sha256(salt, ikm)
}

/// `HKDF-Expand(PRK, info, L)` (RFC 5869 §2.3) into `okm` (`L = okm.len() ≤ 255·32`), the info
/// given in at most six parts.
pub(crate) fn expand(prk: &[u8; 32], info: &[&[u8]], okm: &mut [u8]) {
    debug_assert!(okm.len() <= 255 * 32 && info.len() <= 6);
    let hmac = Hmac::new(prk);
    let mut t = [0u8; 32];
    for (i, chunk) in okm.chunks_mut(32).enumerate() {
        let counter = [(i + 1) as u8];
        let prev: &[u8] = if i == 0 { &[] } else { &t };
        let mut parts: [&[u8]; 8] = [&[]; 8];
        parts[0] = prev;
        let n = info.len().min(6);
        parts[1..1 + n].copy_from_slice(&info[..n]);
        parts[1 + n] = &counter;
        t = hmac.mac(&parts[..2 + n]);
        chunk.copy_from_slice(&t[..chunk.len()]);
    }
    t.zeroize();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unhex(s: &str) -> Vec<u8> {
        hex::decode(s).unwrap()
    }

    /// RFC 5869 Appendix A.1 (SHA-256, basic test case).
    #[test]
    fn rfc5869_case_1() {
        let ikm = [0x0bu8; 22];
        let salt = unhex("000102030405060708090a0b0c");
        let info = unhex("f0f1f2f3f4f5f6f7f8f9");
        let prk = extract(&salt, &[&ikm]);
        assert_eq!(prk.to_vec(), unhex("077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5"));
        let mut okm = [0u8; 42];
        expand(&prk, &[&info], &mut okm);
        assert_eq!(
            okm.to_vec(),
            unhex("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")
        );
    }

    /// RFC 5869 Appendix A.3 (zero-length salt and info).
    #[test]
    fn rfc5869_case_3() {
        let ikm = [0x0bu8; 22];
        let prk = extract(&[], &[&ikm]);
        let mut okm = [0u8; 42];
        expand(&prk, &[], &mut okm);
        assert_eq!(
            okm.to_vec(),
            unhex("8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8")
        );
    }
}
