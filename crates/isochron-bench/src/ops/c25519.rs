//! The Curve25519 ops (`ed25519/sign`, `x25519/shared`, `ristretto255/mul_ct`,
//! `edwards25519/msm/64`, …, [`crate::op::C25519Op`]), on isochron's own field kernels or, for
//! the `…_fiat` names, on fiat-crypto's (`isochron_fiat`: the library built with `fiat-only`; the
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

use isochron::curves::curve25519::edwards::EdwardsPoint;
use isochron::curves::curve25519::scalar;
use isochron::curves::curve25519::Fe;
use isochron::protocols::{ed25519, x25519};
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

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

/// isochron's kernel for `op` on `backend` over `inputs`, and its output
/// ([`checked`](super::sec::checked)): [`Backend::Native`] on `isochron` as users build it,
/// [`Backend::Fiat`] on `isochron_fiat` (built with `fiat-only`: the protocols always take
/// fiat-crypto's field, the group ops its `FiatFe` type).
pub fn kernel(op: C25519Op, backend: Backend, inputs: &[Vec<u8>]) -> (Kernel, Vec<u8>) {
    match backend {
        Backend::Native => native::kernel_on::<Fe>(op, inputs),
        Backend::Fiat => fiat::kernel_on::<isochron_fiat::curves::curve25519::field_fiat::FiatFe>(op, inputs),
    }
}

/// The kernels on `isochron`.
mod native {
    use isochron as lib;
    include!("c25519_kernel.rs");
}

/// The kernels on `isochron_fiat`.
mod fiat {
    use isochron_fiat as lib;
    include!("c25519_kernel.rs");
}
