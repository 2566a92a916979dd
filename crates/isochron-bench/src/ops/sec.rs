//! The key and signature ops on secp256k1 and P-256 (`secp256k1/sign`, `p256/ecdh`, …,
//! [`crate::op::SecOp`]): ECDSA ([`isochron::protocols::ecdsa`]), BIP-340
//! ([`isochron::protocols::bip340`]) and ECDH ([`isochron::protocols::ecdh`]).
//!
//! Inputs are standard encodings, drawn from the op's generator: secret keys (32 bytes, in
//! `[1, n)`), 32-byte digests and messages, 32 bytes of BIP-340 auxiliary randomness, public
//! keys as compressed SEC1 (33 bytes) or x-only (32 bytes), signatures as `r ‖ s` (64 bytes)
//! made by isochron, recovery ids (1 byte). Each side decodes them outside the timed loop into
//! what its API takes (keys and ECDSA signatures as typed values; BIP-340 signatures as the
//! typed value of the peer's API, bytes for isochron's), except the `pubkey` op, which times
//! the secret key's decoding with the public key's computation.
//!
//! Every side's kernel is built by [`checked`], which also runs the operation once and encodes
//! its output ([`SecOp`]'s output encodings below), so that a test can check that every side
//! computes the same thing on the same bytes:
//!
//! - `sign`: `r ‖ s ‖ v` (65 bytes, `v` the recovery id) on secp256k1, `r ‖ s` on P-256;
//! - `verify`, `schnorr_verify`, `schnorr_batch_verify/n`: one byte, 1 for valid;
//! - `recover`, `pubkey`: the compressed SEC1 public key (33 bytes);
//! - `schnorr_sign`: the 64-byte signature; `ecdh`: the shared x-coordinate (32 bytes).

use isochron::curve::short_weierstrass::Affine;
use isochron::curve::PointEncoding;
use isochron::curves::{p256::P256, secp256k1::Secp256k1};
use isochron::field::{PrimeField, SqrtField};
use isochron::protocols::{bip340, ecdh, ecdsa};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use super::Side;
use crate::op::{Backend, SecCurve, SecOp};
use crate::timing::{repeat, Kernel};

/// A kernel repeating `f` on `x` ([`repeat`]), and `encode` of `f(x)` from one run made
/// beforehand: the output every side of an op must agree on.
pub fn checked<T: 'static, R>(
    x: T,
    f: impl Fn(&T) -> R + 'static,
    encode: impl FnOnce(&R) -> Vec<u8>,
) -> (Kernel, Vec<u8>) {
    let output = encode(&f(&x));
    (repeat(x, f), output)
}

/// The one-byte output of a verification.
pub fn verdict(ok: bool) -> Vec<u8> {
    vec![u8::from(ok)]
}

/// `n` random bytes.
fn bytes(rng: &mut ChaCha8Rng, n: usize) -> Vec<u8> {
    let mut b = vec![0u8; n];
    rng.fill_bytes(&mut b);
    b
}

/// A random secret key of `C`: 32 random bytes, drawn again until they are in `[1, n)`.
fn secret<C: ecdsa::EcdsaCurve>(rng: &mut ChaCha8Rng) -> Vec<u8>
where
    C::Base: PrimeField,
{
    loop {
        let sk = bytes(rng, 32);
        if ecdsa::SigningKey::<C>::from_bytes(&sk).is_ok() {
            return sk;
        }
    }
}

/// isochron's side of `op` on `curve` with `backend`, its inputs drawn from `rng` (the
/// generator of the op's [`Backend::Native`] name, so that both backends run on the same
/// inputs).
pub fn build(curve: SecCurve, op: SecOp, backend: Backend, rng: ChaCha8Rng) -> Side {
    let inputs = match curve {
        SecCurve::Secp256k1 => inputs::<Secp256k1>(op, rng),
        SecCurve::P256 => inputs::<P256>(op, rng),
    };
    let (kernel, _) = kernel(curve, op, backend, &inputs);
    Side { inputs, kernel }
}

/// The inputs of `op` on `C` (as the module documents them), drawn from `rng`; the signatures
/// among them are isochron's.
fn inputs<C: ecdsa::EcdsaCurve>(op: SecOp, mut rng: ChaCha8Rng) -> Vec<Vec<u8>>
where
    C::Base: PrimeField + SqrtField,
    Affine<C>: PointEncoding,
{
    let rng = &mut rng;
    let ecdsa_key = |sk: &[u8]| ecdsa::SigningKey::<C>::from_bytes(sk).expect("a key in range");
    let schnorr_key = |sk: &[u8]| bip340::SigningKey::<C>::from_bytes(sk).expect("a key in range");
    match op {
        // [sk, digest]
        SecOp::Sign => vec![secret::<C>(rng), bytes(rng, 32)],
        // [pk (SEC1 compressed), digest, r ‖ s]
        SecOp::Verify => {
            let sk = ecdsa_key(&secret::<C>(rng));
            let digest = bytes(rng, 32);
            let (sig, _) = sk.sign_prehash(&digest).expect("a signature");
            let pk = sk.verifying_key().to_sec1_compressed();
            vec![pk.as_ref().to_vec(), digest, sig.to_bytes().to_vec()]
        }
        // [digest, r ‖ s, recovery id]
        SecOp::Recover => {
            let sk = ecdsa_key(&secret::<C>(rng));
            let digest = bytes(rng, 32);
            let (sig, id) = sk.sign_prehash(&digest).expect("a signature");
            vec![digest, sig.to_bytes().to_vec(), vec![id.to_u8()]]
        }
        // [sk, msg, aux]
        SecOp::SchnorrSign => vec![secret::<C>(rng), bytes(rng, 32), bytes(rng, 32)],
        // [pk (x-only), msg, sig]
        SecOp::SchnorrVerify => schnorr_signed(rng, &schnorr_key),
        // [pk₁, msg₁, sig₁, …]: `n` distinct keys and messages.
        SecOp::SchnorrBatchVerify(n) => (0..n).flat_map(|_| schnorr_signed(rng, &schnorr_key)).collect(),
        // [sk, peer's pk (SEC1 compressed)]
        SecOp::Ecdh => {
            let sk = secret::<C>(rng);
            let peer = ecdsa_key(&secret::<C>(rng)).verifying_key().to_sec1_compressed();
            vec![sk, peer.as_ref().to_vec()]
        }
        // [sk]
        SecOp::Pubkey => vec![secret::<C>(rng)],
    }
}

/// A random BIP-340 key, message and signature (with random auxiliary randomness):
/// `[pk (x-only), msg, sig]`.
fn schnorr_signed<C: ecdsa::EcdsaCurve>(
    rng: &mut ChaCha8Rng,
    key: &impl Fn(&[u8]) -> bip340::SigningKey<C>,
) -> Vec<Vec<u8>>
where
    C::Base: PrimeField + SqrtField,
{
    let sk = key(&secret::<C>(rng));
    let msg = bytes(rng, 32);
    let aux: [u8; 32] = bytes(rng, 32).try_into().expect("32 bytes");
    let sig = sk.sign(&msg, &aux);
    vec![sk.verifying_key().to_bytes().to_vec(), msg, sig.to_vec()]
}

/// isochron's kernel for `op` on `curve` with `backend` over `inputs` (as [`build`] draws
/// them), and its output ([`checked`]).
/// The field backend is isochron's run-time choice (`field::fiat::set_enabled`, this crate
/// builds isochron with `fiat`): set before the reference output is computed and again at
/// every call of the kernel, so that each op runs on its own backend whatever ran before it.
pub fn kernel(curve: SecCurve, op: SecOp, backend: Backend, inputs: &[Vec<u8>]) -> (Kernel, Vec<u8>) {
    let fiat = backend == Backend::Fiat;
    isochron::field::fiat::set_enabled(fiat);
    let (mut run, output) = match curve {
        SecCurve::Secp256k1 => kernel_on::<Secp256k1>(op, inputs),
        SecCurve::P256 => kernel_on::<P256>(op, inputs),
    };
    let run: Kernel = Box::new(move |iters| {
        isochron::field::fiat::set_enabled(fiat);
        run(iters)
    });
    (run, output)
}

/// [`kernel`] on the curve `C`.
fn kernel_on<C: ecdsa::EcdsaCurve>(op: SecOp, x: &[Vec<u8>]) -> (Kernel, Vec<u8>)
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
