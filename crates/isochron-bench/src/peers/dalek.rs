//! The dalek crates (curve25519-dalek 4.1, ed25519-dalek 2.2, x25519-dalek 2.0), the peer of the
//! Curve25519 ops, in their default backend selection: curve25519-dalek picks its AVX2 vector
//! backend at run time where the CPU has it (the Edwards multiscalar and double-scalar
//! multiplications) and its 64-bit serial backend otherwise. Inputs are [`crate::ops::c25519`]'s;
//! keys are decoded and expanded outside the timed loop as on isochron's side.

use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::VartimeMultiscalarMul;
use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};

use super::Peer;
use crate::fixtures::Fixtures;
use crate::op::{C25519Op, Op};
use crate::ops::sec::{checked, verdict};
use crate::timing::Kernel;

/// `dalek`: every Curve25519 op.
pub struct Dalek;

impl Peer for Dalek {
    fn name(&self) -> &'static str {
        "dalek"
    }

    fn kernel(&self, op: Op, inputs: &[Vec<u8>], _: &Fixtures) -> Option<Kernel> {
        kernel(op, inputs).map(|(k, _)| k)
    }
}

fn a32(v: &[u8]) -> [u8; 32] {
    v.try_into().expect("32 bytes")
}

fn a64(v: &[u8]) -> [u8; 64] {
    v.try_into().expect("64 bytes")
}

/// The kernel for `op` on `x` and its output, or `None` for an op that is not Curve25519's.
pub fn kernel(op: Op, x: &[Vec<u8>]) -> Option<(Kernel, Vec<u8>)> {
    let Op::C25519(op, _) = op else {
        return None;
    };
    Some(match op {
        C25519Op::Ed25519Pubkey => {
            checked(a32(&x[0]), |seed| SigningKey::from_bytes(seed).verifying_key().to_bytes(), |pk| pk.to_vec())
        }
        C25519Op::Ed25519Sign => {
            let key = SigningKey::from_bytes(&a32(&x[0]));
            checked((key, x[1].clone()), |(k, m)| k.sign(m).to_bytes(), |s| s.to_vec())
        }
        C25519Op::Ed25519Verify | C25519Op::Ed25519VerifyStrict => {
            let pk = VerifyingKey::from_bytes(&a32(&x[0])).expect("a valid key");
            let sig = Signature::from_bytes(&a64(&x[2]));
            let strict = op == C25519Op::Ed25519VerifyStrict;
            checked(
                (pk, x[1].clone(), sig),
                move |(pk, m, s)| {
                    if strict {
                        pk.verify_strict(m, s).is_ok()
                    } else {
                        ed25519_dalek::Verifier::verify(pk, m, s).is_ok()
                    }
                },
                |ok| verdict(*ok),
            )
        }
        C25519Op::Ed25519BatchVerify(_) => {
            let sets: Vec<([u8; 32], Vec<u8>, [u8; 64])> =
                x.chunks(3).map(|c| (a32(&c[0]), c[1].clone(), a64(&c[2]))).collect();
            checked(
                sets,
                |sets| {
                    // From bytes, as isochron's side: the keys' and signatures' decoding is
                    // part of the op.
                    let keys: Vec<VerifyingKey> =
                        sets.iter().map(|(p, _, _)| VerifyingKey::from_bytes(p).expect("a valid key")).collect();
                    let sigs: Vec<Signature> = sets.iter().map(|(_, _, s)| Signature::from_bytes(s)).collect();
                    let msgs: Vec<&[u8]> = sets.iter().map(|(_, m, _)| m.as_slice()).collect();
                    ed25519_dalek::verify_batch(&msgs, &sigs, &keys).is_ok()
                },
                |ok| verdict(*ok),
            )
        }
        C25519Op::X25519Pubkey => checked(
            a32(&x[0]),
            |sk| *x25519_dalek::PublicKey::from(&x25519_dalek::StaticSecret::from(*sk)).as_bytes(),
            |pk| pk.to_vec(),
        ),
        C25519Op::X25519Shared => {
            let sk = x25519_dalek::StaticSecret::from(a32(&x[0]));
            let pk = x25519_dalek::PublicKey::from(a32(&x[1]));
            checked((sk, pk), |(sk, pk)| *sk.diffie_hellman(pk).as_bytes(), |s| s.to_vec())
        }
        C25519Op::RistrettoMulCt => {
            let p = CompressedRistretto(a32(&x[0])).decompress().expect("a valid point");
            let k = Scalar::from_canonical_bytes(a32(&x[1])).expect("a canonical scalar");
            checked((p, k), |(p, k)| p * k, |r| r.compress().to_bytes().to_vec())
        }
        C25519Op::RistrettoEncode => {
            let p = CompressedRistretto(a32(&x[0])).decompress().expect("a valid point");
            checked(p, |p| p.compress().to_bytes(), |e| e.to_vec())
        }
        C25519Op::RistrettoDecode => checked(
            CompressedRistretto(a32(&x[0])),
            |c| c.decompress().expect("a valid point"),
            |p| p.compress().to_bytes().to_vec(),
        ),
        C25519Op::RistrettoFromUniformBytes => {
            checked(a64(&x[0]), RistrettoPoint::from_uniform_bytes, |p| p.compress().to_bytes().to_vec())
        }
        C25519Op::EdwardsMsm(_) => {
            let points: Vec<EdwardsPoint> =
                x.chunks(2).map(|c| CompressedEdwardsY(a32(&c[0])).decompress().expect("a valid point")).collect();
            let scalars: Vec<Scalar> =
                x.chunks(2).map(|c| Scalar::from_canonical_bytes(a32(&c[1])).expect("a canonical scalar")).collect();
            checked(
                (scalars, points),
                |(s, p)| EdwardsPoint::vartime_multiscalar_mul(s.iter(), p.iter()),
                |r| r.compress().to_bytes().to_vec(),
            )
        }
    })
}
