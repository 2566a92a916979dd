// `kernel_on`, included by `sec.rs` once per build of the library (`lib`: `isochron` or
// `isochron_fiat`).

use lib::curve::short_weierstrass::Affine;
use lib::curve::PointEncoding;
use lib::field::{PrimeField, SqrtField};
use lib::protocols::{bip340, ecdh, ecdsa};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use super::{checked, verdict};
use crate::op::SecOp;
use crate::timing::Kernel;

/// [`super::kernel`] on the curve `C`.
pub(super) fn kernel_on<C: ecdsa::EcdsaCurve>(op: SecOp, x: &[Vec<u8>]) -> (Kernel, Vec<u8>)
where
    C::Base: PrimeField + SqrtField,
    Affine<C>: PointEncoding,
{
    use ecdsa::{RecoveryId, Signature, SigningKey, VerifyingKey};
    let sec1 = |pk: &VerifyingKey<C>| pk.to_sec1_compressed().as_ref().to_vec();
    match op {
        SecOp::Sign => {
            let sk = SigningKey::<C>::from_bytes(&x[0]).expect("a valid key");
            let low_s = C::LOW_S;
            checked(
                (sk, x[1].clone()),
                |(sk, digest)| sk.sign_prehash(digest).expect("a signature"),
                |(sig, id)| {
                    let mut out = sig.to_bytes().to_vec();
                    // The recovery id with the signature on secp256k1 (its low-s curve).
                    if low_s {
                        out.push(id.to_u8());
                    }
                    out
                },
            )
        }
        SecOp::Verify => {
            let pk = VerifyingKey::<C>::from_sec1_bytes(&x[0]).expect("a valid key");
            let sig = Signature::<C>::from_bytes(&x[2]).expect("a valid signature");
            checked((pk, x[1].clone(), sig), |(pk, digest, sig)| pk.verify_prehash(digest, sig), |ok| verdict(*ok))
        }
        SecOp::Recover => {
            let sig = Signature::<C>::from_bytes(&x[1]).expect("a valid signature");
            let id = RecoveryId::new(x[2][0]).expect("a recovery id");
            checked(
                (x[0].clone(), sig, id),
                |(digest, sig, id)| VerifyingKey::<C>::recover_prehash(digest, sig, *id).expect("a key"),
                sec1,
            )
        }
        SecOp::SchnorrSign => {
            let sk = bip340::SigningKey::<C>::from_bytes(&x[0]).expect("a valid key");
            let aux: [u8; 32] = x[2].as_slice().try_into().expect("32 bytes");
            checked((sk, x[1].clone(), aux), |(sk, msg, aux)| sk.sign(msg, aux), |sig| sig.to_vec())
        }
        SecOp::SchnorrVerify => {
            let pk = bip340::VerifyingKey::<C>::from_bytes(&x[0]).expect("a valid key");
            checked((pk, x[1].clone(), x[2].clone()), |(pk, msg, sig)| pk.verify(msg, sig), |ok| verdict(*ok))
        }
        SecOp::SchnorrBatchVerify(_) => {
            let sets: Vec<(bip340::VerifyingKey<C>, Vec<u8>, Vec<u8>)> = x
                .chunks(3)
                .map(|c| {
                    (bip340::VerifyingKey::<C>::from_bytes(&c[0]).expect("a valid key"), c[1].clone(), c[2].clone())
                })
                .collect();
            checked(
                sets,
                |sets| {
                    let items: Vec<(&bip340::VerifyingKey<C>, &[u8], &[u8])> =
                        sets.iter().map(|(k, m, s)| (k, m.as_slice(), s.as_slice())).collect();
                    // The random weights from a seeded generator: its cost is part of the op.
                    let mut rng = ChaCha8Rng::seed_from_u64(items.len() as u64);
                    bip340::verify_batch(&items, &mut rng)
                },
                |ok| verdict(*ok),
            )
        }
        SecOp::Ecdh => {
            let sk = SigningKey::<C>::from_bytes(&x[0]).expect("a valid key");
            let pk = VerifyingKey::<C>::from_sec1_bytes(&x[1]).expect("a valid key");
            checked(
                (sk, pk),
                |(sk, pk)| ecdh::shared_secret(sk, pk).expect("a shared secret"),
                |secret| secret.to_vec(),
            )
        }
        SecOp::Pubkey => {
            checked(x[0].clone(), |sk| *SigningKey::<C>::from_bytes(sk).expect("a valid key").verifying_key(), sec1)
        }
    }
}
