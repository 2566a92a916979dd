//! The EVM precompile ops (`evm/…`, [`crate::op::EvmOp`]): one call of a precompile of
//! [`isochron::protocols::evm`] (Osaka rules) on one valid input, the same bytes for every
//! side. The single input is the call's input; [`gas`] is what the call costs, from which the
//! report prints MGas/s.

use isochron::curve::short_weierstrass::{Projective, Scalar, SwCurve};
use isochron::curves::{bls12_381 as bls, bn254, p256::P256, secp256k1::Secp256k1};
use isochron::protocols::ecdsa::{self, SigningKey};
use isochron::protocols::eip4844::{KzgSettings, BYTES_PER_BLOB};
use isochron::protocols::evm::Fork;
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

use super::Side;
use crate::op::EvmOp;
use crate::timing::repeat;

/// The gas of the call of `op` on `input` (Osaka).
pub fn gas(op: EvmOp, input: &[u8]) -> u64 {
    op.precompile().gas(input, Fork::Osaka)
}

fn bytes(rng: &mut ChaCha8Rng, n: usize) -> Vec<u8> {
    let mut b = vec![0u8; n];
    rng.fill_bytes(&mut b);
    b
}

fn point<C: SwCurve>(rng: &mut ChaCha8Rng) -> isochron::curve::short_weierstrass::Affine<C> {
    Projective::<C>::generator().mul_vartime(&Scalar::<C>::random(rng)).to_affine()
}

/// A random EIP-2537 Fp element: 16 zero bytes, then 48 bytes below p (top byte < 0x1a).
fn fp_2537(rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut v = vec![0u8; 64];
    rng.fill_bytes(&mut v[16..]);
    v[16] &= 0x0f;
    v
}

/// The input of `op`, drawn from `rng`.
pub fn input(op: EvmOp, mut rng: ChaCha8Rng) -> Vec<u8> {
    let r = &mut rng;
    match op {
        EvmOp::Sha256(n) => bytes(r, n),
        EvmOp::Bn254Add => {
            [point::<bn254::G1Curve>(r).to_evm_bytes(), point::<bn254::G1Curve>(r).to_evm_bytes()].concat()
        }
        EvmOp::Bn254Mul => [point::<bn254::G1Curve>(r).to_evm_bytes().to_vec(), bytes(r, 32)].concat(),
        EvmOp::Bn254Pairing(k) => (0..k)
            .flat_map(|_| {
                [point::<bn254::G1Curve>(r).to_evm_bytes().to_vec(), point::<bn254::G2Curve>(r).to_evm_bytes().to_vec()]
                    .concat()
            })
            .collect(),
        EvmOp::Bls12G1Add => [point::<bls::G1Curve>(r).to_eip2537(), point::<bls::G1Curve>(r).to_eip2537()].concat(),
        EvmOp::Bls12G2Add => [point::<bls::G2Curve>(r).to_eip2537(), point::<bls::G2Curve>(r).to_eip2537()].concat(),
        EvmOp::Bls12G1Msm(k) => {
            (0..k).flat_map(|_| [point::<bls::G1Curve>(r).to_eip2537().to_vec(), bytes(r, 32)].concat()).collect()
        }
        EvmOp::Bls12G2Msm(k) => {
            (0..k).flat_map(|_| [point::<bls::G2Curve>(r).to_eip2537().to_vec(), bytes(r, 32)].concat()).collect()
        }
        EvmOp::Bls12Pairing(k) => (0..k)
            .flat_map(|_| {
                [point::<bls::G1Curve>(r).to_eip2537().to_vec(), point::<bls::G2Curve>(r).to_eip2537().to_vec()]
                    .concat()
            })
            .collect(),
        EvmOp::Bls12MapFpToG1 => fp_2537(r),
        EvmOp::Bls12MapFp2ToG2 => [fp_2537(r), fp_2537(r)].concat(),
        EvmOp::PointEvaluation => {
            let s = KzgSettings::mainnet();
            let mut blob = vec![0u8; BYTES_PER_BLOB];
            for fe in blob.chunks_mut(32) {
                r.fill_bytes(&mut fe[1..]);
                fe[1] &= 0x3f;
            }
            let commitment = s.blob_to_kzg_commitment(&blob).expect("a canonical blob");
            let mut z = [0u8; 32];
            r.fill_bytes(&mut z[1..]);
            let (proof, y) = s.compute_kzg_proof(&blob, &z).expect("a canonical point");
            let (mut hash, _) = isochron::protocols::evm::sha256(&commitment).expect("sha256 never fails");
            hash[0] = 1;
            [hash, z.to_vec(), y.to_vec(), commitment.to_vec(), proof.to_vec()].concat()
        }
        EvmOp::Modexp(bits) => {
            let n = bits / 8;
            let mut v = vec![0u8; 96];
            for i in 0..3 {
                v[32 * i + 24..32 * i + 32].copy_from_slice(&(n as u64).to_be_bytes());
            }
            let (b, mut e, mut m) = (bytes(r, n), bytes(r, n), bytes(r, n));
            e[0] |= 0x80;
            m[0] |= 0x80;
            m[n - 1] |= 1;
            [v, b, e, m].concat()
        }
        EvmOp::Ecrecover => {
            let key = SigningKey::<Secp256k1>::random(r);
            let h = bytes(r, 32);
            let (sig, id) = key.sign_prehash(&h).expect("a signature");
            let mut v = [0u8; 32];
            v[31] = 27 + id.to_u8();
            [h, v.to_vec(), sig.to_bytes().to_vec()].concat()
        }
        EvmOp::P256Verify => {
            let key = SigningKey::<P256>::random(r);
            let h = bytes(r, 32);
            let (sig, _) = key.sign_prehash(&h).expect("a signature");
            let pk: ecdsa::VerifyingKey<P256> = *key.verifying_key();
            [h, sig.to_bytes().to_vec(), pk.to_sec1_uncompressed().as_ref()[1..].to_vec()].concat()
        }
    }
}

/// isochron's side of `op`: the input, and a kernel calling the precompile on it.
pub fn evm(op: EvmOp, rng: ChaCha8Rng) -> Side {
    let input = input(op, rng);
    let p = op.precompile();
    let (_, gas_used) = p.run(&input, Fork::Osaka).expect("a valid input");
    debug_assert_eq!(gas_used, gas(op, &input));
    Side { inputs: vec![input.clone()], kernel: repeat(input, move |x| p.run(x, Fork::Osaka)) }
}
