//! Deterministic ECDSA nonces: RFC 6979 §3.2 (HMAC_DRBG with HMAC-SHA-256, instantiated with
//! the secret key and the message hash), with the additional data of §3.6 ("k'") appended
//! after the hash in both key updates when the caller mixes in extra entropy.
//!
//! For a group order `q` of `qlen` bits with `qlen` a multiple of 8 (`rlen = qlen/8` bytes,
//! both curves here: 256 bits): `int2octets` is the `rlen`-byte big-endian encoding,
//! `bits2int` keeps the leftmost `qlen` bits of a byte string (§2.3.2), and `bits2octets(h) =
//! int2octets(bits2int(h) mod q)` (§2.3.4).
//!
//! Constant time in the key, the hash and the nonce: HMAC-SHA-256 is, the reduction mod `q`
//! and the range test `1 ≤ k < q` are mask arithmetic. The only branch on secret data is the
//! loop of step 3.2.h, taken again when a candidate is out of range (probability below 2⁻³²
//! for both curves): it tells an observer that a candidate was rejected, nothing about the
//! accepted one. All intermediate values are zeroized. The helpers are never inlined into
//! [`nonce`], so that the constant-time checker, which declassifies that one loop branch in
//! `nonce` itself, still checks them.

use alloc::vec::Vec;

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::{Zeroize, Zeroizing};

use crate::hmac::Hmac;

/// SHA-256's output length, `hlen/8`.
const HLEN: usize = 32;

/// `a − b` over big-endian byte strings of one length, and whether it borrowed (`a < b`).
#[inline(never)]
fn sub_be(a: &[u8], b: &[u8], out: &mut [u8]) -> Choice {
    let mut borrow = 0u16;
    for ((o, x), y) in out.iter_mut().zip(a).zip(b).rev() {
        let d = u16::from(*x).wrapping_sub(u16::from(*y)).wrapping_sub(borrow);
        *o = d as u8;
        borrow = (d >> 15) & 1;
    }
    Choice::from(borrow as u8)
}

/// `bits2int(bytes)` as `rlen` big-endian bytes (RFC 6979 §2.3.2), for `qlen = 8·rlen`: the
/// first `rlen` bytes of a longer string, a shorter one left-padded with zeros.
#[inline(never)]
fn bits2int(bytes: &[u8], out: &mut [u8]) {
    let rlen = out.len();
    out.fill(0);
    if bytes.len() >= rlen {
        out.copy_from_slice(&bytes[..rlen]);
    } else {
        out[rlen - bytes.len()..].copy_from_slice(bytes);
    }
}

/// `bits2octets(bytes)` (RFC 6979 §2.3.4): `bits2int(bytes) mod q` in `rlen` bytes; one
/// conditional subtraction suffices as `bits2int(bytes) < 2^qlen < 2q` (`q` has its top bit
/// set).
#[inline(never)]
fn bits2octets(bytes: &[u8], q: &[u8], out: &mut [u8]) {
    let mut z1 = Zeroizing::new(alloc::vec![0u8; q.len()]);
    bits2int(bytes, &mut z1);
    let mut z2 = Zeroizing::new(alloc::vec![0u8; q.len()]);
    let below = sub_be(&z1, q, &mut z2);
    for ((o, a), b) in out.iter_mut().zip(z1.iter()).zip(z2.iter()) {
        *o = u8::conditional_select(b, a, below);
    }
}

/// Whether `1 ≤ k < q` for big-endian `k` and `q` of one length, in constant time.
#[inline(never)]
fn in_range(k: &[u8], q: &[u8]) -> Choice {
    let mut scratch = Zeroizing::new(alloc::vec![0u8; q.len()]);
    let below = sub_be(k, q, &mut scratch);
    let zero = k.iter().fold(0u8, |acc, b| acc | b).ct_eq(&0);
    below & !zero
}

/// The nonce `k` of RFC 6979 §3.2 for the secret key `x` (`rlen` big-endian bytes, `1 ≤ x < q`)
/// and the message hash `h1` (any length; SHA-256 output for both curves here), with `extra`
/// (RFC 6979 §3.6 additional data, e.g. 32 random bytes; empty for the plain deterministic
/// nonce), for the group order `q` (big-endian, top bit set, `rlen` bytes). Returns `k` as
/// `rlen` big-endian bytes with `1 ≤ k < q`, zeroized on drop.
pub(crate) fn nonce(x: &[u8], h1: &[u8], q: &[u8], extra: &[u8]) -> Zeroizing<Vec<u8>> {
    let rlen = q.len();
    debug_assert!(x.len() == rlen && q[0] & 0x80 != 0);
    let mut h = Zeroizing::new(alloc::vec![0u8; rlen]);
    bits2octets(h1, q, &mut h);
    // Steps b–c: V = 0x01 0x01 …, K = 0x00 0x00 ….
    let mut v = Zeroizing::new([1u8; HLEN]);
    let mut key = Zeroizing::new([0u8; HLEN]);
    // Steps d–g: two key updates with the key and the hash, then V refreshed after each.
    for sep in [0u8, 1] {
        *key = Hmac::new(&*key).mac(&[&*v, &[sep], x, &h, extra]);
        *v = Hmac::new(&*key).mac(&[&*v]);
    }
    // Step h: candidates until one is in [1, q − 1].
    let mut t = Zeroizing::new(alloc::vec![0u8; rlen.div_ceil(HLEN) * HLEN]);
    loop {
        let mac = Hmac::new(&*key);
        for block in t.chunks_exact_mut(HLEN) {
            *v = mac.mac(&[&*v]);
            block.copy_from_slice(&*v);
        }
        let mut k = Zeroizing::new(alloc::vec![0u8; rlen]);
        bits2int(&t, &mut k);
        // The one declassified bit: whether this candidate is rejected (see the module docs).
        if bool::from(in_range(&k, q)) {
            return k;
        }
        *key = mac.mac(&[&*v, &[0u8]]);
        *v = Hmac::new(&*key).mac(&[&*v]);
        k.zeroize();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unhex(s: &str) -> Vec<u8> {
        (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
    }

    fn sha256(m: &[u8]) -> [u8; 32] {
        use sha2::Digest;
        sha2::Sha256::digest(m).into()
    }

    /// RFC 6979 appendix A.2.5 (P-256): the nonces for "sample" and "test" with SHA-256.
    #[test]
    fn rfc6979_a25_p256_sha256() {
        let q = unhex("FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551");
        let x = unhex("C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721");
        let k = nonce(&x, &sha256(b"sample"), &q, &[]);
        assert_eq!(*k, unhex("A6E3C57DD01ABE90086538398355DD4C3B17AA873382B0F24D6129493D8AAD60"));
        let k = nonce(&x, &sha256(b"test"), &q, &[]);
        assert_eq!(*k, unhex("D16B6AE827F17175E040871A1C7EC3500192C4C92677336EC2537ACAEE0008E0"));
    }

    /// RFC 6979 appendix A.1.2: the "detailed example" on the 163-bit order of ANSI X9.62's
    /// K-163 does not fit `qlen = 8·rlen`; instead the bits2octets reduction is checked on a
    /// hash above `q`.
    #[test]
    fn bits2octets_reduces_once() {
        let q = unhex("FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551");
        let mut out = [0u8; 32];
        bits2octets(&[0xff; 32], &q, &mut out);
        assert_eq!(out.to_vec(), unhex("00000000FFFFFFFF00000000000000004319055258E8617B0C46353D039CDAAE"));
        // Shorter and longer inputs: left-padded, or truncated to the leftmost 256 bits.
        bits2octets(&[0x12; 20], &q, &mut out);
        assert_eq!(out[..12], [0u8; 12]);
        bits2octets(&[0x01; 40], &q, &mut out);
        assert_eq!(out, [0x01; 32]);
    }

    #[test]
    fn range_test() {
        let q = [0x80u8, 0, 0, 5];
        assert!(!bool::from(in_range(&[0, 0, 0, 0], &q)));
        assert!(bool::from(in_range(&[0, 0, 0, 1], &q)));
        assert!(bool::from(in_range(&[0x80, 0, 0, 4], &q)));
        assert!(!bool::from(in_range(&[0x80, 0, 0, 5], &q)));
        assert!(!bool::from(in_range(&[0xff, 0, 0, 0], &q)));
    }

    /// Extra data changes the nonce, and the same extra data gives the same nonce.
    #[test]
    fn extra_entropy() {
        let q = unhex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141");
        let x = [7u8; 32];
        let h = sha256(b"m");
        let plain = nonce(&x, &h, &q, &[]);
        let a = nonce(&x, &h, &q, &[1u8; 32]);
        assert_ne!(*plain, *a);
        assert_eq!(*a, *nonce(&x, &h, &q, &[1u8; 32]));
    }
}
