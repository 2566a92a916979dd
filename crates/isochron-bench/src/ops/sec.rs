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
use isochron::protocols::{bip340, ecdsa};
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

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
/// them), and its output ([`checked`]): [`Backend::Native`] on `isochron` as users build it,
/// [`Backend::Fiat`] on `isochron_fiat`, the same library built with `fiat-only` (fiat-crypto's
/// field code, no run-time switch).
pub fn kernel(curve: SecCurve, op: SecOp, backend: Backend, inputs: &[Vec<u8>]) -> (Kernel, Vec<u8>) {
    match (backend, curve) {
        (Backend::Native, SecCurve::Secp256k1) => native::kernel_on::<Secp256k1>(op, inputs),
        (Backend::Native, SecCurve::P256) => native::kernel_on::<P256>(op, inputs),
        (Backend::Fiat, SecCurve::Secp256k1) => {
            fiat::kernel_on::<isochron_fiat::curves::secp256k1::Secp256k1>(op, inputs)
        }
        (Backend::Fiat, SecCurve::P256) => fiat::kernel_on::<isochron_fiat::curves::p256::P256>(op, inputs),
    }
}

/// The kernels on `isochron`.
mod native {
    use isochron as lib;
    include!("sec_kernel.rs");
}

/// The kernels on `isochron_fiat`.
mod fiat {
    use isochron_fiat as lib;
    include!("sec_kernel.rs");
}
