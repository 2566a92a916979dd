//! libsecp256k1 (Bitcoin Core's C library) through rust-bitcoin's `secp256k1` crate 0.31,
//! which bundles and builds its C code, with its global context (`SECP256K1`): ECDSA
//! (`sign_ecdsa_recoverable` with RFC 6979 nonces and low `s`, `verify_ecdsa`,
//! `recover_ecdsa`), BIP-340 (`sign_schnorr_with_aux_rand`, `verify_schnorr`), ECDH
//! (`ecdh::shared_secret_point`, the unhashed point, of which the x-coordinate is compared)
//! and `PublicKey::from_secret_key` for `pubkey`, on the inputs of [`crate::ops::sec`]. The
//! crate exposes no BIP-340 batch verification.

use ::secp256k1::ecdsa::{RecoverableSignature, RecoveryId, Signature};
use ::secp256k1::{ecdh, schnorr, Keypair, Message, PublicKey, SecretKey, XOnlyPublicKey, SECP256K1};

use super::Peer;
use crate::fixtures::Fixtures;
use crate::op::{Op, SecCurve, SecOp};
use crate::ops::sec::{checked, verdict};
use crate::timing::Kernel;

/// `libsecp256k1`: secp256k1's ECDSA, BIP-340 and ECDH ops, and `pubkey`.
pub struct Libsecp256k1;

impl Peer for Libsecp256k1 {
    fn name(&self) -> &'static str {
        "libsecp256k1"
    }

    fn kernel(&self, op: Op, inputs: &[Vec<u8>], _: &Fixtures) -> Option<Kernel> {
        kernel(op, inputs).map(|(k, _)| k)
    }
}

/// 32 bytes as an array.
fn array32(b: &[u8]) -> [u8; 32] {
    b.try_into().expect("32 bytes")
}

/// A secret key from its 32 bytes.
fn secret(b: &[u8]) -> SecretKey {
    SecretKey::from_byte_array(array32(b)).expect("a valid key")
}

/// The kernel for `op` on `x` and its output ([`checked`]), or `None` for an op the crate does
/// not have.
pub fn kernel(op: Op, x: &[Vec<u8>]) -> Option<(Kernel, Vec<u8>)> {
    let Op::Sec(SecCurve::Secp256k1, op, _) = op else {
        return None;
    };
    Some(match op {
        SecOp::Sign => checked(
            (secret(&x[0]), Message::from_digest(array32(&x[1]))),
            |(sk, msg)| SECP256K1.sign_ecdsa_recoverable(*msg, sk),
            |sig| {
                let (id, rs) = sig.serialize_compact();
                [&rs[..], &[i32::from(id) as u8]].concat()
            },
        ),
        SecOp::Verify => {
            let pk = PublicKey::from_slice(&x[0]).expect("a valid key");
            let sig = Signature::from_compact(&x[2]).expect("a valid signature");
            checked(
                (pk, Message::from_digest(array32(&x[1])), sig),
                |(pk, msg, sig)| SECP256K1.verify_ecdsa(*msg, sig, pk).is_ok(),
                |ok| verdict(*ok),
            )
        }
        SecOp::Recover => {
            let id = RecoveryId::try_from(i32::from(x[2][0])).expect("a recovery id");
            let sig = RecoverableSignature::from_compact(&x[1], id).expect("a valid signature");
            checked(
                (Message::from_digest(array32(&x[0])), sig),
                |(msg, sig)| SECP256K1.recover_ecdsa(*msg, sig).expect("a key"),
                |pk| pk.serialize().to_vec(),
            )
        }
        SecOp::SchnorrSign => {
            let keypair = Keypair::from_seckey_byte_array(SECP256K1, array32(&x[0])).expect("a valid key");
            checked(
                (keypair, x[1].clone(), array32(&x[2])),
                |(keypair, msg, aux)| SECP256K1.sign_schnorr_with_aux_rand(msg, keypair, aux),
                |sig| sig.to_byte_array().to_vec(),
            )
        }
        SecOp::SchnorrVerify => {
            let pk = XOnlyPublicKey::from_byte_array(array32(&x[0])).expect("a valid key");
            let sig = schnorr::Signature::from_byte_array(x[2].as_slice().try_into().expect("64 bytes"));
            checked(
                (pk, x[1].clone(), sig),
                |(pk, msg, sig)| SECP256K1.verify_schnorr(sig, msg, pk).is_ok(),
                |ok| verdict(*ok),
            )
        }
        SecOp::SchnorrBatchVerify(_) => return None,
        SecOp::Ecdh => {
            let pk = PublicKey::from_slice(&x[1]).expect("a valid key");
            checked((secret(&x[0]), pk), |(sk, pk)| ecdh::shared_secret_point(pk, sk), |xy| xy[..32].to_vec())
        }
        SecOp::Pubkey => {
            checked(x[0].clone(), |sk| PublicKey::from_secret_key(SECP256K1, &secret(sk)), |pk| pk.serialize().to_vec())
        }
    })
}
