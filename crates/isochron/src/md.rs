//! SHA-256 and SHA-512 (FIPS 180-4) with wipeable states, for the hashes that take secrets:
//! HMAC-SHA256 (BLS KeyGen, RFC 6979 nonces), BIP-340's tagged hashes and Ed25519's seed and
//! prefix hashes (RFC 8032 §5.1.5–5.1.6). `sha2::Sha256`/`Sha512` do not implement `Zeroize`,
//! and their buffers keep the last partial block of the message, so every byte of a computation
//! lives in a state defined here (the chaining value, the pending block and the length),
//! zeroized on drop. Only the compression functions (FIPS 180-4 §6.2.2, §6.4.2) come from
//! `sha2`; the Merkle–Damgård padding (§5.1.1, §5.1.2) is here. Branches and memory accesses
//! depend on lengths only.

use sha2::digest::generic_array::GenericArray;
use zeroize::{Zeroize, ZeroizeOnDrop};

/// Defines a wipeable Merkle–Damgård state `$name` over `$word` chaining words with blocks of
/// `$block` bytes, a `$len`-bit length field, the initial value `$iv` and the compression
/// function `$compress`.
macro_rules! md_state {
    ($(#[$doc:meta])* $name:ident, $word:ty, $block:literal, $len:ty, $iv:expr, $compress:path) => {
        $(#[$doc])*
        #[derive(Clone)]
        pub(crate) struct $name {
            h: [$word; 8],
            block: [u8; $block],
            /// Bytes pending in `block` (`< BLOCK` between calls).
            fill: usize,
            /// Message length so far, in bytes.
            len: $len,
        }

        /// Wiped with plain stores that the compiler may widen (a byte-by-byte volatile
        /// loop over the block was a fifth of an HMAC), kept by the optimization barrier
        /// (`zeroize::optimization_barrier`: the compiler must assume the state is read).
        impl Zeroize for $name {
            fn zeroize(&mut self) {
                self.h = [0; 8];
                self.block = [0; $block];
                self.fill = 0;
                self.len = 0;
                zeroize::optimization_barrier(self);
            }
        }

        impl Drop for $name {
            fn drop(&mut self) {
                self.zeroize();
            }
        }

        impl ZeroizeOnDrop for $name {}

        impl $name {
            /// The block size in bytes.
            pub(crate) const BLOCK: usize = $block;
            /// The digest size in bytes.
            pub(crate) const DIGEST: usize = 8 * core::mem::size_of::<$word>();
            const LEN_BYTES: usize = core::mem::size_of::<$len>();

            /// A new computation (the initial hash value).
            pub(crate) fn new() -> Self {
                $name { h: $iv, block: [0; $block], fill: 0, len: 0 }
            }

            fn compress(&mut self) {
                $compress(&mut self.h, core::slice::from_ref(GenericArray::from_slice(&self.block)));
            }

            /// Appends `data` to the message.
            pub(crate) fn update(&mut self, mut data: &[u8]) -> &mut Self {
                self.len = self.len.wrapping_add(data.len() as $len);
                while !data.is_empty() {
                    let take = (Self::BLOCK - self.fill).min(data.len());
                    let (head, rest) = data.split_at(take);
                    self.block[self.fill..self.fill + take].copy_from_slice(head);
                    self.fill += take;
                    data = rest;
                    if self.fill == Self::BLOCK {
                        self.compress();
                        self.fill = 0;
                    }
                }
                self
            }

            /// The digest (padding: `0x80`, zeros, the bit length big-endian). The state is
            /// left in an unspecified but wipeable condition (its owner drops or reuses it).
            pub(crate) fn finalize(&mut self) -> [u8; Self::DIGEST] {
                let bits = self.len.wrapping_mul(8);
                self.block[self.fill] = 0x80;
                self.block[self.fill + 1..].fill(0);
                if self.fill >= Self::BLOCK - Self::LEN_BYTES {
                    self.compress();
                    self.block.fill(0);
                }
                self.block[Self::BLOCK - Self::LEN_BYTES..].copy_from_slice(&bits.to_be_bytes());
                self.compress();
                let mut out = [0u8; Self::DIGEST];
                for (o, w) in out.chunks_exact_mut(core::mem::size_of::<$word>()).zip(self.h) {
                    o.copy_from_slice(&w.to_be_bytes());
                }
                out
            }
        }
    };
}

md_state!(
    /// A SHA-256 computation (FIPS 180-4 §6.2), zeroized on drop.
    Sha256State,
    u32,
    64,
    u64,
    // FIPS 180-4 §5.3.3.
    [0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19],
    sha2::compress256
);

md_state!(
    /// A SHA-512 computation (FIPS 180-4 §6.4), zeroized on drop.
    Sha512State,
    u64,
    128,
    u128,
    // FIPS 180-4 §5.3.5.
    [
        0x6a09_e667_f3bc_c908,
        0xbb67_ae85_84ca_a73b,
        0x3c6e_f372_fe94_f82b,
        0xa54f_f53a_5f1d_36f1,
        0x510e_527f_ade6_82d1,
        0x9b05_688c_2b3e_6c1f,
        0x1f83_d9ab_fb41_bd6b,
        0x5be0_cd19_137e_2179
    ],
    sha2::compress512
);

impl Sha256State {
    /// The state after `len` bytes (a multiple of the block) that left the chaining value `h`:
    /// a computation resumed from a precomputed prefix of public data.
    pub(crate) const fn resumed(h: [u32; 8], len: u64) -> Self {
        Sha256State { h, block: [0; 64], fill: 0, len }
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
    use super::{Sha256State, Sha512State};
    use sha2::Digest;

    /// `zeroize` (and so the drop) clears every field of a state that has absorbed data.
    #[test]
    fn zeroize_clears_every_field() {
        use zeroize::Zeroize;
        let mut a = Sha256State::new();
        a.update(&[0xa5; 100]);
        a.zeroize();
        assert!(a.h == [0; 8] && a.block == [0; 64] && a.fill == 0 && a.len == 0);
        let mut b = Sha512State::new();
        b.update(&[0x5a; 200]);
        b.zeroize();
        assert!(b.h == [0; 8] && b.block == [0; 128] && b.fill == 0 && b.len == 0);
    }

    /// The padding against `sha2` for every length around the block boundaries of both, fed
    /// whole and in uneven pieces.
    #[test]
    fn matches_sha2() {
        let data: alloc::vec::Vec<u8> = (0..300u32).map(|i| (i * 37 + 11) as u8).collect();
        for len in 0..data.len() {
            for split in [0, len / 3, len] {
                let (a, b) = (&data[..split], &data[split..len]);
                let got = Sha512State::new().update(a).update(b).finalize();
                assert_eq!(
                    got.as_slice(),
                    sha2::Sha512::digest(&data[..len]).as_slice(),
                    "512: len {len} split {split}"
                );
                let got = Sha256State::new().update(a).update(b).finalize();
                assert_eq!(
                    got.as_slice(),
                    sha2::Sha256::digest(&data[..len]).as_slice(),
                    "256: len {len} split {split}"
                );
            }
        }
    }
}
