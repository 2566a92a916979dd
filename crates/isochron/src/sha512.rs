//! SHA-512 (FIPS 180-4) with a wipeable state, for Ed25519 (RFC 8032 §5.1.5–5.1.6), whose
//! hashes take the secret seed and prefix: `sha2::Sha512` does not implement `Zeroize`, and its
//! buffer keeps the last partial block. Only the compression function (FIPS 180-4 §6.4.2) comes
//! from `sha2`; the padding (§5.1.2) is here. Branches and memory accesses depend on lengths
//! only.

use sha2::compress512;
use sha2::digest::generic_array::GenericArray;
use zeroize::{Zeroize, ZeroizeOnDrop};

/// SHA-512's block size in bytes.
const BLOCK: usize = 128;

/// SHA-512's initial hash value (FIPS 180-4 §5.3.5).
const IV: [u64; 8] = [
    0x6a09e667f3bcc908,
    0xbb67ae8584caa73b,
    0x3c6ef372fe94f82b,
    0xa54ff53a5f1d36f1,
    0x510e527fade682d1,
    0x9b05688c2b3e6c1f,
    0x1f83d9abfb41bd6b,
    0x5be0cd19137e2179,
];

/// A SHA-512 computation whose chaining value, pending block and length live here; zeroized
/// on drop.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub(crate) struct Sha512State {
    h: [u64; 8],
    block: [u8; BLOCK],
    fill: usize,
    len: u128,
}

impl Sha512State {
    pub(crate) fn new() -> Self {
        Sha512State { h: IV, block: [0; BLOCK], fill: 0, len: 0 }
    }

    fn compress(&mut self) {
        compress512(&mut self.h, core::slice::from_ref(GenericArray::from_slice(&self.block)));
    }

    pub(crate) fn update(&mut self, mut data: &[u8]) -> &mut Self {
        self.len = self.len.wrapping_add(data.len() as u128);
        while !data.is_empty() {
            let take = (BLOCK - self.fill).min(data.len());
            let (head, rest) = data.split_at(take);
            self.block[self.fill..self.fill + take].copy_from_slice(head);
            self.fill += take;
            data = rest;
            if self.fill == BLOCK {
                self.compress();
                self.fill = 0;
            }
        }
        self
    }

    /// The digest (padding: `0x80`, zeros, the bit length in 128 bits).
    pub(crate) fn finalize(&mut self) -> [u8; 64] {
        let bits = self.len.wrapping_mul(8);
        self.block[self.fill] = 0x80;
        self.block[self.fill + 1..].fill(0);
        if self.fill >= BLOCK - 16 {
            self.compress();
            self.block.fill(0);
        }
        self.block[BLOCK - 16..].copy_from_slice(&bits.to_be_bytes());
        self.compress();
        let mut out = [0u8; 64];
        for (o, w) in out.chunks_exact_mut(8).zip(self.h) {
            o.copy_from_slice(&w.to_be_bytes());
        }
        out
    }
}

/// `SHA-512(part₀ ‖ part₁ ‖ …)`.
pub(crate) fn sha512(parts: &[&[u8]]) -> [u8; 64] {
    let mut h = Sha512State::new();
    for p in parts {
        h.update(p);
    }
    h.finalize()
}

#[cfg(test)]
mod tests {
    use sha2::Digest;

    #[test]
    fn matches_sha2() {
        let data: alloc::vec::Vec<u8> = (0..600u32).map(|i| (i * 7 + 3) as u8).collect();
        for len in [0, 1, 111, 112, 113, 127, 128, 129, 255, 256, 600] {
            for split in [0, len / 3, len] {
                let want = sha2::Sha512::digest(&data[..len]);
                let got = super::sha512(&[&data[..split], &data[split..len]]);
                assert_eq!(got.as_slice(), want.as_slice(), "len {len} split {split}");
            }
        }
    }
}
