//! Batch verification of `n` independent (public key, message, signature) sets with one
//! multi-pairing: with random non-zero 64-bit scalars `rᵢ`,
//! `e(−P, Σ rᵢ·σᵢ) · ∏ e(rᵢ·PKᵢ, H(mᵢ)) = 1` (the small-exponents test of Bellare–Garay–Rabin,
//! "Fast batch verification for modular exponentiation and digital signatures", Eurocrypt
//! 1998 §3.2, applied to pairings as in Ferrara–Green–Hohenberger–Pedersen, "Practical short
//! signature batch verification", CT-RSA 2009). A batch containing an invalid set passes with
//! probability at most `2⁻⁶⁴` over the choice of the `rᵢ`, which the verifier draws after the
//! sets are fixed (from the OS by default).
//!
//! With the `parallel` feature the sets are split across rayon's threads: each thread hashes
//! its messages, blinds its keys and signatures and runs one multi-Miller loop; the partial
//! Miller-loop values are multiplied and one final exponentiation decides.

use alloc::vec::Vec;

use rand_core::{CryptoRng, RngCore};

use super::keys::PublicKey;
use super::scheme::{Ciphersuite, DomainTag, Scheme};
use super::signature::Signature;
use super::variant::Variant;
use crate::curve::{AffinePoint, Group};
use crate::curves::bls12_381::{Bls12_381, Fp12, Fr, G2Prepared};
use crate::pairing::PairingEngine;

/// One (public key, message, signature) triple of a batch.
#[derive(Clone, Copy, Debug)]
pub struct SignatureSet<'a, V: Variant> {
    /// The signer's validated public key.
    pub public_key: &'a PublicKey<V>,
    /// The signed message.
    pub message: &'a [u8],
    /// The signature (checked when decoded).
    pub signature: &'a Signature<V>,
}

impl<V: Variant, S: Scheme> Ciphersuite<V, S> {
    /// Verifies every set at once (see the module documentation) with blinding scalars drawn
    /// from `rng`: `true` iff (up to probability `2⁻⁶⁴`) every set passes Verify. `false` for
    /// an empty batch. Variable time (all inputs public; the scalars are secret until the
    /// verdict and need not be afterwards).
    pub fn batch_verify_with_rng(sets: &[SignatureSet<'_, V>], rng: &mut (impl RngCore + CryptoRng)) -> bool {
        if sets.is_empty() {
            return false;
        }
        let rs = blinding_scalars(sets.len(), rng);
        let (f, s) = Self::partial(sets, &rs, &Self::dst());
        Self::finish(f, &s)
    }

    /// [`Ciphersuite::batch_verify_with_rng`] with the operating system's random source.
    #[cfg(feature = "std")]
    pub fn batch_verify(sets: &[SignatureSet<'_, V>]) -> bool {
        Self::batch_verify_with_rng(sets, &mut rand_core::OsRng)
    }

    /// [`Ciphersuite::batch_verify_with_rng`] on all of rayon's threads: each set's message
    /// hash, blinded key and G2 line coefficients are computed as one task (rayon balances
    /// them across threads), then the prepared pairs are split into one chunk per thread, each
    /// chunk's multi-Miller loop runs on its thread, the partial Miller-loop values are
    /// multiplied, and one final exponentiation decides. All of it runs inside rayon's pool
    /// (`rayon::scope`): a call from outside hands the pool one job and wakes its workers
    /// once, where each parallel step called from outside would hand over its own and park
    /// the caller (measured, 60 sets on 2 cores: 1.93× the serial speed against 1.2–1.8×,
    /// 6 sets 1.56× against 1.1–1.4×).
    #[cfg(feature = "parallel")]
    pub fn batch_verify_parallel_with_rng(sets: &[SignatureSet<'_, V>], rng: &mut (impl RngCore + CryptoRng)) -> bool {
        if sets.is_empty() {
            return false;
        }
        let rs = blinding_scalars(sets.len(), rng);
        rayon::scope(|_| Self::batch_verify_in_pool(sets, &rs))
    }

    /// [`Ciphersuite::batch_verify_parallel_with_rng`] with its blinding scalars `rs`, on the
    /// pool's threads.
    #[cfg(feature = "parallel")]
    fn batch_verify_in_pool(sets: &[SignatureSet<'_, V>], rs: &[Fr]) -> bool {
        use rayon::prelude::*;
        let dst = Self::dst();
        let prepared: Vec<_> = sets
            .par_iter()
            .zip(rs.par_iter())
            .map(|(s, r)| {
                let h = Self::hash_message(s.public_key, s.message, &dst).to_affine();
                let k = V::PkGroup::multi_mul_vartime(&[s.public_key.point], core::slice::from_ref(r)).to_affine();
                let (p, q) = V::pair(&k, &h);
                (p, G2Prepared::from(q))
            })
            .collect();
        let chunk = sets.len().div_ceil(rayon::current_num_threads().max(1));
        let sigs: Vec<V::SigPoint> = sets.iter().map(|s| s.signature.point).collect();
        let f = prepared
            .par_chunks(chunk)
            .map(|c| Bls12_381::multi_miller_loop(&c.iter().map(|(p, q)| (p, q)).collect::<Vec<_>>()))
            .reduce(|| Fp12::ONE, |a, b| a * b);
        let s = sigs
            .par_chunks(chunk)
            .zip(rs.par_chunks(chunk))
            .map(|(s, r)| V::SigGroup::multi_mul_vartime(s, r))
            .reduce(V::SigGroup::identity, |a, b| a + b);
        Self::finish(f, &s)
    }

    /// [`Ciphersuite::batch_verify_parallel_with_rng`] with the operating system's random
    /// source.
    #[cfg(feature = "parallel")]
    pub fn batch_verify_parallel(sets: &[SignatureSet<'_, V>]) -> bool {
        Self::batch_verify_parallel_with_rng(sets, &mut rand_core::OsRng)
    }

    /// For a chunk of sets: the multi-Miller loop `∏ f(rᵢ·PKᵢ, H(mᵢ))` and `Σ rᵢ·σᵢ`.
    fn partial(sets: &[SignatureSet<'_, V>], rs: &[Fr], dst: &DomainTag) -> (Fp12, V::SigGroup) {
        let hashes: Vec<V::SigGroup> = sets.iter().map(|s| Self::hash_message(s.public_key, s.message, dst)).collect();
        // 64-bit public scalars: the wNAF of each has 64 digits (leading zeros dropped).
        let keys: Vec<V::PkGroup> = sets
            .iter()
            .zip(rs)
            .map(|(s, r)| V::PkGroup::multi_mul_vartime(&[s.public_key.point], core::slice::from_ref(r)))
            .collect();
        let h_aff = V::SigGroup::batch_normalize(&hashes);
        let k_aff = V::PkGroup::batch_normalize(&keys);
        let pairs: Vec<_> = k_aff
            .iter()
            .zip(&h_aff)
            .map(|(k, h)| {
                let (p, q) = V::pair(k, h);
                (p, G2Prepared::from(q))
            })
            .collect();
        let terms: Vec<_> = pairs.iter().map(|(p, q)| (p, q)).collect();
        let f = Bls12_381::multi_miller_loop(&terms);
        let sigs: Vec<V::SigPoint> = sets.iter().map(|s| s.signature.point).collect();
        (f, V::SigGroup::multi_mul_vartime(&sigs, rs))
    }

    /// `f · f(−P, S)`, exponentiated: whether the product of pairings is one.
    fn finish(f: Fp12, s: &V::SigGroup) -> bool {
        let (p, q) = V::pair(&-V::PkPoint::generator(), &s.to_affine());
        let f = f * Bls12_381::multi_miller_loop(&[(&p, &G2Prepared::from(q))]);
        bool::from(Bls12_381::final_exponentiation(&f).is_identity())
    }
}

/// `n` uniformly random non-zero 64-bit scalars.
fn blinding_scalars(n: usize, rng: &mut (impl RngCore + CryptoRng)) -> Vec<Fr> {
    (0..n)
        .map(|_| loop {
            let r = rng.next_u64();
            if r != 0 {
                break Fr::from_u64(r);
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::bls12_381::G2Projective;

    #[test]
    fn multi_mul_of_short_scalars_matches_separate_muls() {
        let g = G2Projective::generator();
        let pts: Vec<_> = (1..6u64).map(|i| g.mul_vartime(&Fr::from_u64(i * 7919)).to_affine()).collect();
        let ks = [u64::MAX, 1, 0x1234_5678_9abc_def0, 3, 1 << 63].map(Fr::from_u64);
        let want = pts.iter().zip(&ks).fold(G2Projective::identity(), |acc, (p, k)| acc + p.to_projective() * k);
        assert_eq!(G2Projective::multi_mul_vartime(&pts, &ks), want);
    }
}
