//! HMAC-SHA256 (RFC 2104) and HKDF (RFC 5869): BLS KeyGen (draft-irtf-cfrg-bls-signature-05
//! §2.3) and ECDSA's deterministic nonces (RFC 6979 §3.2). Constant time in the key and the
//! data: SHA-256 processes every byte the same way and nothing here branches on their values
//! (only on public lengths). HKDF-Extract (RFC 5869 §2.2) is [`Hmac`] keyed by the salt:
//! callers key one, so that a fixed public salt can be keyed once ([`Hmac::from_pad_states`]).

use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::md::Sha256State;

/// SHA-256's block size, the HMAC key width.
const BLOCK: usize = Sha256State::BLOCK;

/// HMAC-SHA256 (RFC 2104 §2) keyed once: the hash states after the inner and the outer key
/// pad, cloned for each message (HKDF-Expand MACs several blocks under one key). A key longer
/// than the block is hashed first (RFC 2104 §2: "hash the key first"). The key pads, the
/// states and their clones (key-equivalent: they compute the MAC) are all zeroized.
#[derive(Zeroize, ZeroizeOnDrop)]
pub(crate) struct Hmac {
    inner: Sha256State,
    outer: Sha256State,
}

impl Hmac {
    #[inline(never)]
    pub(crate) fn new(key: &[u8]) -> Self {
        let mut pad = [0u8; BLOCK];
        if key.len() > BLOCK {
            let mut h = Sha256State::new();
            h.update(key);
            let mut digest = h.finalize();
            pad[..32].copy_from_slice(&digest);
            digest.zeroize();
        } else {
            pad[..key.len()].copy_from_slice(key);
        }
        // The states are keyed in place (no keyed copy is moved out of a local).
        let mut hmac = Hmac { inner: Sha256State::new(), outer: Sha256State::new() };
        pad.iter_mut().for_each(|b| *b ^= 0x36);
        hmac.inner.update(&pad);
        // ipad ⊕ opad = 0x36 ⊕ 0x5c = 0x6a turns the inner pad into the outer one.
        pad.iter_mut().for_each(|b| *b ^= 0x36 ^ 0x5c);
        hmac.outer.update(&pad);
        pad.zeroize();
        hmac
    }

    /// The HMAC of a public key whose pads' chaining values are precomputed: `inner` and
    /// `outer` are SHA-256's state after the one block `K ⊕ ipad`, resp. `K ⊕ opad`.
    pub(crate) const fn from_pad_states(inner: [u32; 8], outer: [u32; 8]) -> Self {
        Hmac { inner: Sha256State::resumed(inner, BLOCK as u64), outer: Sha256State::resumed(outer, BLOCK as u64) }
    }

    /// `HMAC(key, part₀ ‖ part₁ ‖ …)`.
    #[inline(never)]
    pub(crate) fn mac(&self, parts: &[&[u8]]) -> [u8; 32] {
        let mut inner = self.inner.clone();
        for p in parts {
            inner.update(p);
        }
        let mut ih = inner.finalize();
        let mut outer = self.outer.clone();
        outer.update(&ih);
        ih.zeroize();
        outer.finalize()
        // `inner` and `outer` are zeroized here, on drop.
    }
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

    /// `HMAC-SHA256(key, part₀ ‖ part₁ ‖ …)` (RFC 2104 §2).
    fn hmac_sha256(key: &[u8], parts: &[&[u8]]) -> [u8; 32] {
        Hmac::new(key).mac(parts)
    }

    /// `HKDF-Extract(salt, IKM)` (RFC 5869 §2.2): HMAC keyed by the salt.
    fn extract(salt: &[u8], ikm: &[&[u8]]) -> [u8; 32] {
        hmac_sha256(salt, ikm)
    }

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

    /// RFC 4231 §4.7 and §4.8 (test cases 6 and 7): keys longer than a block are hashed first.
    #[test]
    fn rfc4231_long_keys() {
        let key = [0xaau8; 131];
        assert_eq!(
            hmac_sha256(&key, &[b"Test Using Larger Than Block-Size Key - Hash Key First"]).to_vec(),
            unhex("60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
        );
        let data: &[u8] = b"This is a test using a larger than block-size key and a larger than block-size data. \
The key needs to be hashed before being used by the HMAC algorithm.";
        assert_eq!(
            hmac_sha256(&key, &[data]).to_vec(),
            unhex("9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2")
        );
    }

    /// RFC 4231 §4.2 (test case 1) and a 64-byte key (exactly one block, not hashed).
    #[test]
    fn rfc4231_short_and_block_keys() {
        assert_eq!(
            hmac_sha256(&[0x0b; 20], &[b"Hi ", b"There"]).to_vec(),
            unhex("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        );
        // A 64-byte key is used as is; a 65-byte key is hashed, so appending a byte changes
        // the MAC (and never panics).
        let k64 = [7u8; 64];
        let mut k65 = [7u8; 65];
        assert_ne!(hmac_sha256(&k64, &[b"m"]), hmac_sha256(&k65, &[b"m"]));
        k65[64] = 0;
        assert_ne!(hmac_sha256(&k64, &[b"m"]), hmac_sha256(&k65, &[b"m"]));
    }
}
