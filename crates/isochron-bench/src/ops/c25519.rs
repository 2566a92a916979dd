//! The Curve25519 ops (`ed25519/sign`, `x25519/shared`, `ristretto255/mul_ct`,
//! `edwards25519/msm/64`, …, [`crate::op::C25519Op`]), on isochron's own field kernels or, for
//! the `…_fiat` names, on fiat-crypto's (`field::fiat::set_enabled` for the protocols, the
//! `FiatFe` type for the group ops).
//!
//! Inputs (drawn from the op's generator, standard encodings) and the output every side must
//! agree on:
//! - `ed25519/pubkey`: `[seed]` → the public key;
//! - `ed25519/sign`: `[seed, msg]` (32-byte message; the key expanded outside the loop) → the
//!   signature;
//! - `ed25519/verify`, `ed25519/verify_strict`: `[pk, msg, sig]` (the key decoded outside the
//!   loop) → 1 for valid;
//! - `ed25519/batch_verify/n`: `[pk₁, msg₁, sig₁, …]` from their bytes → 1 for valid;
//! - `x25519/pubkey`: `[sk]` → the public key; `x25519/shared`: `[sk, peer]` → the secret;
//! - `ristretto255/mul_ct`: `[P, k]` (P encoded, k a canonical little-endian scalar; P decoded
//!   outside the loop) → `[k]P` encoded; `ristretto255/encode`: `[P]` → its encoding;
//!   `ristretto255/decode`: `[P]` → the encoding again; `ristretto255/from_uniform_bytes`:
//!   `[64 bytes]` → the point's encoding;
//! - `edwards25519/msm/n`: `[P₁, k₁, …]` (compressed Edwards points, canonical scalars) → the
//!   compressed sum.

use isochron::curves::curve25519::edwards::{EdwardsField, EdwardsPoint};
use isochron::curves::curve25519::scalar::{self, Scalar};
use isochron::curves::curve25519::Fe;
use isochron::protocols::{ed25519, x25519};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use super::sec::{checked, verdict};
use super::Side;
use crate::op::{Backend, C25519Op};
use crate::timing::Kernel;

fn bytes<const N: usize>(rng: &mut ChaCha8Rng) -> [u8; N] {
    let mut b = [0u8; N];
    rng.fill_bytes(&mut b);
    b
}

/// A random canonical scalar.
fn scalar_bytes(rng: &mut ChaCha8Rng) -> [u8; 32] {
    scalar::to_bytes(&scalar::from_bytes_mod_order_wide(&bytes::<64>(rng)))
}

fn a32(v: &[u8]) -> [u8; 32] {
    v.try_into().expect("32 bytes")
}

fn a64(v: &[u8]) -> [u8; 64] {
    v.try_into().expect("64 bytes")
}

/// An Ed25519 key, message and signature: `[pk, msg, sig]`.
fn signed(rng: &mut ChaCha8Rng) -> Vec<Vec<u8>> {
    let key = ed25519::SigningKey::from_seed(&bytes(rng));
    let msg: [u8; 32] = bytes(rng);
    vec![key.public_key().to_vec(), msg.to_vec(), key.sign(&msg).to_vec()]
}

/// isochron's side of `op` with `backend`, its inputs drawn from `rng` (the generator of the
/// op's native name, so that both backends run on the same inputs).
pub fn build(op: C25519Op, backend: Backend, mut rng: ChaCha8Rng) -> Side {
    let rng = &mut rng;
    let inputs: Vec<Vec<u8>> = match op {
        C25519Op::Ed25519Pubkey | C25519Op::X25519Pubkey => vec![bytes::<32>(rng).to_vec()],
        C25519Op::Ed25519Sign => vec![bytes::<32>(rng).to_vec(), bytes::<32>(rng).to_vec()],
        C25519Op::Ed25519Verify | C25519Op::Ed25519VerifyStrict => signed(rng),
        C25519Op::Ed25519BatchVerify(n) => (0..n).flat_map(|_| signed(rng)).collect(),
        C25519Op::X25519Shared => vec![bytes::<32>(rng).to_vec(), x25519::public_key(&bytes(rng)).to_vec()],
        C25519Op::RistrettoMulCt => {
            let p = isochron::curves::curve25519::RistrettoPoint::<Fe>::mul_base(&scalar::from_bytes_mod_order_wide(
                &bytes(rng),
            ));
            vec![p.encode().to_vec(), scalar_bytes(rng).to_vec()]
        }
        C25519Op::RistrettoEncode | C25519Op::RistrettoDecode => {
            let p = isochron::curves::curve25519::RistrettoPoint::<Fe>::mul_base(&scalar::from_bytes_mod_order_wide(
                &bytes(rng),
            ));
            vec![p.encode().to_vec()]
        }
        C25519Op::RistrettoFromUniformBytes => vec![bytes::<64>(rng).to_vec()],
        C25519Op::EdwardsMsm(n) => (0..n)
            .flat_map(|_| {
                let p = EdwardsPoint::<Fe>::mul_base(&scalar::from_bytes_mod_order_wide(&bytes(rng)));
                [p.compress().to_vec(), scalar_bytes(rng).to_vec()]
            })
            .collect(),
    };
    let (kernel, _) = kernel(op, backend, &inputs);
    Side { inputs, kernel }
}

/// isochron's kernel for `op` on `backend` over `inputs`, and its output ([`checked`]).
pub fn kernel(op: C25519Op, backend: Backend, inputs: &[Vec<u8>]) -> (Kernel, Vec<u8>) {
    let fiat = backend == Backend::Fiat;
    isochron::field::fiat::set_enabled(fiat);
    let (mut run, output) = if fiat {
        kernel_on::<isochron::curves::curve25519::field_fiat::FiatFe>(op, inputs)
    } else {
        kernel_on::<Fe>(op, inputs)
    };
    let run: Kernel = Box::new(move |iters| {
        isochron::field::fiat::set_enabled(fiat);
        run(iters)
    });
    (run, output)
}

fn kernel_on<F: EdwardsField>(op: C25519Op, x: &[Vec<u8>]) -> (Kernel, Vec<u8>) {
    use isochron::curves::curve25519::RistrettoPoint;
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
                    ed25519::batch_verify(&items, &mut rng)
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
