//! Field elements from bytes: `Fp::from_bytes_be` / `from_bytes_le` of BLS12-381's Fp and Fr
//! and BN254's Fp and Fr, against arkworks' `CanonicalDeserialize` (little-endian, rejects
//! values ≥ p). Input: a selector byte (bit 0: little-endian; bits 1–2: the field), then the
//! encoding (any length).
#![no_main]

use ark_ff::PrimeField;
use isochron::curves::{bls12_381, bn254};
use isochron::field::{FieldParams, Fp};
use isochron_fuzz::agree;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, bytes)) = data.split_first() else { return };
    let le = sel & 1 == 1;
    match (sel >> 1) % 4 {
        0 => check::<bls12_381::FpParams, 6, ark_bls12_381::Fq>("bls12_381 Fp", bytes, le),
        1 => check::<bls12_381::FrParams, 4, ark_bls12_381::Fr>("bls12_381 Fr", bytes, le),
        2 => check::<bn254::FpParams, 4, ark_bn254::Fq>("bn254 Fp", bytes, le),
        _ => check::<bn254::FrParams, 4, ark_bn254::Fr>("bn254 Fr", bytes, le),
    }
});

fn check<P: FieldParams<N>, const N: usize, F: PrimeField>(what: &str, bytes: &[u8], le: bool) {
    let ours = if le {
        Fp::<P, N>::from_bytes_le(bytes).ok().map(|x| x.to_bytes_le().to_vec())
    } else {
        Fp::<P, N>::from_bytes_be(bytes).ok().map(|x| x.to_bytes_be().to_vec())
    };
    let peer = if le {
        peer::decode_le::<F>(bytes)
    } else {
        let rev: Vec<u8> = bytes.iter().rev().copied().collect();
        peer::decode_le::<F>(&rev).map(|mut v| {
            v.reverse();
            v
        })
    };
    agree(&format!("{what} ({})", if le { "LE" } else { "BE" }), bytes, ours, peer, true);
}

/// arkworks, the peer.
mod peer {
    use super::*;

    /// arkworks' canonical little-endian decoding of exactly its encoded size, re-encoded.
    pub fn decode_le<F: PrimeField>(le: &[u8]) -> Option<Vec<u8>> {
        if le.len() != F::zero().compressed_size() {
            return None;
        }
        let f = F::deserialize_compressed(le).ok()?;
        let mut out = Vec::new();
        f.serialize_compressed(&mut out).expect("serialize");
        Some(out)
    }
}
