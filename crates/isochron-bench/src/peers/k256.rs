//! RustCrypto's `k256` 0.14 (secp256k1 in pure Rust, with its precomputed generator tables):
//! ECDSA through `k256::ecdsa` (RFC 6979 signing with a recovery id, prehash verification,
//! `recover_from_prehash`), BIP-340 through `k256::schnorr` (`sign_raw`, `verify_raw`), ECDH
//! through `k256::ecdh::diffie_hellman`, and `SecretKey::from_slice` → `public_key` for
//! `pubkey`, on the inputs of [`crate::ops::sec`]. It has no BIP-340 batch verification.

use ::k256::ecdsa::signature::hazmat::PrehashVerifier;
use ::k256::ecdsa::{RecoveryId, Signature, SigningKey, VerifyingKey};
use ::k256::{schnorr, PublicKey, SecretKey};

use super::Peer;
use crate::fixtures::Fixtures;
use crate::op::{Op, SecCurve, SecOp};
use crate::ops::sec::{checked, verdict};
use crate::timing::Kernel;

/// `k256`: secp256k1's ECDSA, BIP-340 and ECDH ops, and `pubkey`.
pub struct K256;

impl Peer for K256 {
    fn name(&self) -> &'static str {
        "k256"
    }

    fn kernel(&self, op: Op, inputs: &[Vec<u8>], _: &Fixtures) -> Option<Kernel> {
        kernel(op, inputs).map(|(k, _)| k)
    }
}

/// The compressed SEC1 encoding of a key.
fn sec1(pk: &VerifyingKey) -> Vec<u8> {
    pk.to_sec1_bytes().to_vec()
}

/// The kernel for `op` on `x` and its output ([`checked`]), or `None` for an op k256 does not
/// have.
pub fn kernel(op: Op, x: &[Vec<u8>]) -> Option<(Kernel, Vec<u8>)> {
    let Op::Sec(SecCurve::Secp256k1, op, _) = op else {
        return None;
    };
    Some(match op {
        SecOp::Sign => {
            let sk = SigningKey::from_slice(&x[0]).expect("a valid key");
            checked(
                (sk, x[1].clone()),
                |(sk, digest)| sk.sign_prehash_recoverable(digest),
                |(sig, id)| [&sig.to_bytes()[..], &[id.to_byte()]].concat(),
            )
        }
        SecOp::Verify => {
            let pk = VerifyingKey::from_sec1_bytes(&x[0]).expect("a valid key");
            let sig = Signature::from_slice(&x[2]).expect("a valid signature");
            checked(
                (pk, x[1].clone(), sig),
                |(pk, digest, sig)| pk.verify_prehash(digest, sig).is_ok(),
                |ok| verdict(*ok),
            )
        }
        SecOp::Recover => {
            let sig = Signature::from_slice(&x[1]).expect("a valid signature");
            let id = RecoveryId::from_byte(x[2][0]).expect("a recovery id");
            checked(
                (x[0].clone(), sig, id),
                |(digest, sig, id)| VerifyingKey::recover_from_prehash(digest, sig, *id).expect("a key"),
                sec1,
            )
        }
        SecOp::SchnorrSign => {
            let sk = schnorr::SigningKey::from_slice(&x[0]).expect("a valid key");
            let aux: [u8; 32] = x[2].as_slice().try_into().expect("32 bytes");
            checked(
                (sk, x[1].clone(), aux),
                |(sk, msg, aux)| sk.sign_raw(msg, aux).expect("a signature"),
                |sig| sig.to_bytes().to_vec(),
            )
        }
        SecOp::SchnorrVerify => {
            let pk = schnorr::VerifyingKey::from_slice(&x[0]).expect("a valid key");
            let sig = schnorr::Signature::from_slice(&x[2]).expect("a valid signature");
            checked((pk, x[1].clone(), sig), |(pk, msg, sig)| pk.verify_raw(msg, sig).is_ok(), |ok| verdict(*ok))
        }
        SecOp::SchnorrBatchVerify(_) => return None,
        SecOp::Ecdh => {
            let sk = SecretKey::from_slice(&x[0]).expect("a valid key").to_nonzero_scalar();
            let pk = PublicKey::from_sec1_bytes(&x[1]).expect("a valid key");
            checked(
                (sk, pk),
                |(sk, pk)| ::k256::ecdh::diffie_hellman(sk, pk.as_affine()),
                |secret| secret.raw_secret_bytes().to_vec(),
            )
        }
        SecOp::Pubkey => checked(
            x[0].clone(),
            |sk| SecretKey::from_slice(sk).expect("a valid key").public_key(),
            |pk| sec1(&VerifyingKey::from_affine(*pk.as_affine()).expect("a valid key")),
        ),
    })
}
