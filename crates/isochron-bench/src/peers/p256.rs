//! RustCrypto's `p256` 0.14 (P-256 in pure Rust, with its precomputed generator tables): ECDSA
//! through `p256::ecdsa` (RFC 6979 prehash signing, prehash verification) and ECDH through
//! `p256::ecdh::diffie_hellman`, on the inputs of [`crate::ops::sec`].

use ::p256::ecdsa::signature::hazmat::{PrehashSigner, PrehashVerifier};
use ::p256::ecdsa::{Signature, SigningKey, VerifyingKey};
use ::p256::{PublicKey, SecretKey};

use super::Peer;
use crate::fixtures::Fixtures;
use crate::op::{Op, SecCurve, SecOp};
use crate::ops::sec::{checked, verdict};
use crate::timing::Kernel;

/// `p256`: P-256's `sign`, `verify` and `ecdh`.
pub struct P256;

impl Peer for P256 {
    fn name(&self) -> &'static str {
        "p256"
    }

    fn kernel(&self, op: Op, inputs: &[Vec<u8>], _: &Fixtures) -> Option<Kernel> {
        kernel(op, inputs).map(|(k, _)| k)
    }
}

/// The kernel for `op` on `x` and its output ([`checked`]), or `None` for an op it does not
/// have (or that the registry does not list on P-256).
pub fn kernel(op: Op, x: &[Vec<u8>]) -> Option<(Kernel, Vec<u8>)> {
    let Op::Sec(SecCurve::P256, op, _) = op else {
        return None;
    };
    Some(match op {
        SecOp::Sign => {
            let sk = SigningKey::from_slice(&x[0]).expect("a valid key");
            checked(
                (sk, x[1].clone()),
                |(sk, digest)| -> Signature { sk.sign_prehash(digest).expect("a signature") },
                |sig| sig.to_bytes().to_vec(),
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
        SecOp::Ecdh => {
            let sk = SecretKey::from_slice(&x[0]).expect("a valid key").to_nonzero_scalar();
            let pk = PublicKey::from_sec1_bytes(&x[1]).expect("a valid key");
            checked(
                (sk, pk),
                |(sk, pk)| ::p256::ecdh::diffie_hellman(sk, pk.as_affine()),
                |secret| secret.raw_secret_bytes().to_vec(),
            )
        }
        SecOp::Recover | SecOp::SchnorrSign | SecOp::SchnorrVerify | SecOp::SchnorrBatchVerify(_) | SecOp::Pubkey => {
            return None
        }
    })
}
