// `kernel_on`, included by `c25519.rs` once per build of the library (`lib`: `isochron` or
// `isochron_fiat`).

use lib::curves::curve25519::edwards::{EdwardsField, EdwardsPoint};
use lib::curves::curve25519::scalar::{self, Scalar};
use lib::protocols::{ed25519, x25519};
use rand_core::SeedableRng;

use super::{a32, a64};
use crate::op::C25519Op;
use crate::ops::sec::{checked, verdict};
use crate::timing::Kernel;

/// [`super::kernel`] on the field `F`.
pub(super) fn kernel_on<F: EdwardsField>(op: C25519Op, x: &[Vec<u8>]) -> (Kernel, Vec<u8>) {
    use lib::curves::curve25519::RistrettoPoint;
    match op {
        C25519Op::Ed25519Pubkey => checked(a32(&x[0]), ed25519::public_key, |pk| pk.to_vec()),
        C25519Op::Ed25519Sign => {
            let key = ed25519::SigningKey::from_seed(&a32(&x[0]));
            checked((key, x[1].clone()), |(k, m)| k.sign(m), |s| s.to_vec())
        }
        C25519Op::Ed25519Verify | C25519Op::Ed25519VerifyStrict => {
            let pk = ed25519::VerifyingKey::from_bytes(&a32(&x[0])).expect("a valid key");
            let strict = op == C25519Op::Ed25519VerifyStrict;
            checked(
                (pk, x[1].clone(), a64(&x[2])),
                move |(pk, m, s)| if strict { pk.verify_strict(m, s) } else { pk.verify(m, s) },
                |ok| verdict(*ok),
            )
        }
        C25519Op::Ed25519BatchVerify(_) => {
            let sets: Vec<([u8; 32], Vec<u8>, [u8; 64])> =
                x.chunks(3).map(|c| (a32(&c[0]), c[1].clone(), a64(&c[2]))).collect();
            checked(
                sets,
                |sets| {
                    let items: Vec<(&[u8; 32], &[u8], &[u8; 64])> =
                        sets.iter().map(|(p, m, s)| (p, m.as_slice(), s)).collect();
                    // The random weights from a seeded generator: its cost is part of the op.
                    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(items.len() as u64);
                    // On one thread, as dalek: with `parallel` (on in this crate) the library
                    // splits the batch's multiscalar multiplication over rayon's pool.
                    crate::ops::one_thread().install(|| ed25519::batch_verify(&items, &mut rng))
                },
                |ok| verdict(*ok),
            )
        }
        C25519Op::X25519Pubkey => checked(a32(&x[0]), x25519::public_key, |pk| pk.to_vec()),
        C25519Op::X25519Shared => checked(
            (a32(&x[0]), a32(&x[1])),
            |(sk, pk)| x25519::shared_secret(sk, pk).expect("a shared secret"),
            |s| s.to_vec(),
        ),
        C25519Op::RistrettoMulCt => {
            let p = RistrettoPoint::<F>::decode(&a32(&x[0])).expect("a valid point");
            let k = scalar::from_canonical_bytes(&a32(&x[1])).expect("a canonical scalar");
            checked((p, k), |(p, k)| p.mul_ct(k), |r| r.encode().to_vec())
        }
        C25519Op::RistrettoEncode => {
            let p = RistrettoPoint::<F>::decode(&a32(&x[0])).expect("a valid point");
            checked(p, |p| p.encode(), |e| e.to_vec())
        }
        C25519Op::RistrettoDecode => {
            checked(a32(&x[0]), |e| RistrettoPoint::<F>::decode(e).expect("a valid point"), |p| p.encode().to_vec())
        }
        C25519Op::RistrettoFromUniformBytes => {
            checked(a64(&x[0]), |b| RistrettoPoint::<F>::from_uniform_bytes(b), |p| p.encode().to_vec())
        }
        C25519Op::EdwardsMsm(_) => {
            let points: Vec<EdwardsPoint<F>> =
                x.chunks(2).map(|c| EdwardsPoint::decompress(&a32(&c[0])).expect("a valid point")).collect();
            let scalars: Vec<Scalar> =
                x.chunks(2).map(|c| scalar::from_canonical_bytes(&a32(&c[1])).expect("a canonical scalar")).collect();
            checked(
                (scalars, points),
                |(s, p)| EdwardsPoint::multiscalar_mul_vartime(s, p).expect("equal lengths"),
                |r| r.compress().to_vec(),
            )
        }
    }
}
