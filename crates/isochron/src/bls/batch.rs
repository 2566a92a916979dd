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

use alloc::vec;
use alloc::vec::Vec;

use rand_core::{CryptoRng, RngCore};

use super::keys::PublicKey;
use super::scheme::{Ciphersuite, DomainTag, Scheme};
use super::signature::Signature;
use super::variant::Variant;
use crate::curve::short_weierstrass::{Affine, Projective, SwCurve};
#[cfg(feature = "parallel")]
use crate::curves::bls12_381::G1Affine;
use crate::curves::bls12_381::{Bls12_381, Fp12};
use crate::pairing::{self, G2Prepared};

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
    /// multiplied, and one final exponentiation decides.
    #[cfg(feature = "parallel")]
    pub fn batch_verify_parallel_with_rng(sets: &[SignatureSet<'_, V>], rng: &mut (impl RngCore + CryptoRng)) -> bool {
        use rayon::prelude::*;
        if sets.is_empty() {
            return false;
        }
        let rs = blinding_scalars(sets.len(), rng);
        let dst = Self::dst();
        let prepared: Vec<(G1Affine, G2Prepared<Bls12_381, 6>)> = sets
            .par_iter()
            .zip(rs.par_iter())
            .map(|(s, r)| {
                let h = Self::hash_message(s.public_key, s.message, &dst).to_affine();
                let k = s.public_key.point.to_projective().mul_limbs_vartime(&[*r]).to_affine();
                let (p, q) = V::pair(&k, &h);
                (p, G2Prepared::from(q))
            })
            .collect();
        let chunk = sets.len().div_ceil(rayon::current_num_threads().max(1));
        let sigs: Vec<Affine<V::SigCurve>> = sets.iter().map(|s| s.signature.point).collect();
        let f = prepared
            .par_chunks(chunk)
            .map(pairing::multi_miller_loop::<Bls12_381, 6>)
            .reduce(|| Fp12::ONE, |a, b| a * b);
        let s = sigs
            .par_chunks(chunk)
            .zip(rs.par_chunks(chunk))
            .map(|(s, r)| short_multi_mul_vartime(s, r))
            .reduce(Projective::identity, |a, b| a.add(&b));
        Self::finish(f, &s)
    }

    /// [`Ciphersuite::batch_verify_parallel_with_rng`] with the operating system's random
    /// source.
    #[cfg(feature = "parallel")]
    pub fn batch_verify_parallel(sets: &[SignatureSet<'_, V>]) -> bool {
        Self::batch_verify_parallel_with_rng(sets, &mut rand_core::OsRng)
    }

    /// For a chunk of sets: the multi-Miller loop `∏ f(rᵢ·PKᵢ, H(mᵢ))` and `Σ rᵢ·σᵢ`.
    fn partial(sets: &[SignatureSet<'_, V>], rs: &[u64], dst: &DomainTag) -> (Fp12, Projective<V::SigCurve>) {
        let n = sets.len();
        let hashes: Vec<Projective<V::SigCurve>> =
            sets.iter().map(|s| Self::hash_message(s.public_key, s.message, dst)).collect();
        let keys: Vec<Projective<V::PkCurve>> =
            sets.iter().zip(rs).map(|(s, r)| s.public_key.point.to_projective().mul_limbs_vartime(&[*r])).collect();
        let (mut h_aff, mut k_aff) = (vec![Affine::identity(); n], vec![Affine::identity(); n]);
        Projective::normalize_into(&hashes, &mut h_aff);
        Projective::normalize_into(&keys, &mut k_aff);
        let pairs: Vec<_> = k_aff
            .iter()
            .zip(&h_aff)
            .map(|(k, h)| {
                let (p, q) = V::pair(k, h);
                (p, G2Prepared::from(q))
            })
            .collect();
        let f = pairing::multi_miller_loop::<Bls12_381, 6>(&pairs);
        let sigs: Vec<Affine<V::SigCurve>> = sets.iter().map(|s| s.signature.point).collect();
        (f, short_multi_mul_vartime(&sigs, rs))
    }

    /// `f · f(−P, S)`, exponentiated: whether the product of pairings is one.
    fn finish(f: Fp12, s: &Projective<V::SigCurve>) -> bool {
        let (p, q) = V::pair(&Affine::<V::PkCurve>::generator().neg(), &s.to_affine());
        let f = f * pairing::multi_miller_loop::<Bls12_381, 6>(&[(p, G2Prepared::from(q))]);
        bool::from(pairing::final_exponentiation::<Bls12_381, 6>(&f).is_identity())
    }
}

/// `n` uniformly random non-zero 64-bit scalars.
fn blinding_scalars(n: usize, rng: &mut (impl RngCore + CryptoRng)) -> Vec<u64> {
    (0..n)
        .map(|_| loop {
            let r = rng.next_u64();
            if r != 0 {
                break r;
            }
        })
        .collect()
}

/// `Σ rᵢ·Pᵢ` for the 64-bit blinding scalars ([`Projective::multi_mul_vartime`]).
fn short_multi_mul_vartime<C: SwCurve>(points: &[Affine<C>], scalars: &[u64]) -> Projective<C> {
    let limbs: Vec<&[u64]> = scalars.iter().map(core::slice::from_ref).collect();
    Projective::multi_mul_vartime(points, &limbs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::bls12_381::{Fr, G2Projective};

    #[test]
    fn short_multi_mul_matches_separate_muls() {
        let g = G2Projective::generator();
        let pts: Vec<_> = (1..6u64).map(|i| g.mul_vartime(&Fr::from_u64(i * 7919)).to_affine()).collect();
        let ks = [u64::MAX, 1, 0x1234_5678_9abc_def0, 3, 1 << 63];
        let want = pts
            .iter()
            .zip(ks)
            .fold(G2Projective::identity(), |acc, (p, k)| acc.add(&p.to_projective().mul_limbs_vartime(&[k])));
        assert_eq!(short_multi_mul_vartime(&pts, &ks), want);
    }
}
