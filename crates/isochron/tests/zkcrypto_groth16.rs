//! isochron as a drop-in zkcrypto engine: bellman's Groth16 (parameters, prove, verify) with
//! `isochron::curves::bls12_381::Bls12_381`, and proofs, verifying keys and parameters that
//! cross between isochron and zkcrypto's `bls12_381::Bls12` (the dev-dependency
//! `zk_bls12_381`) by bytes, both ways.
#![cfg(feature = "zkcrypto")]

use bellman::groth16::{
    create_random_proof, generate_random_parameters, prepare_verifying_key, verify_proof, Parameters, Proof,
    VerifyingKey,
};
use bellman::{Circuit, ConstraintSystem, SynthesisError};
use ff::PrimeField;
use pairing::Engine;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

type Iso = isochron::curves::bls12_381::Bls12_381;
type Zk = zk_bls12_381::Bls12;

/// Knowledge of `x` with `MiMC-style` rounds `xᵢ₊₁ = xᵢ³ + xᵢ + 5`, `ROUNDS` times, ending at the
/// public `y`.
#[derive(Clone)]
struct CubicChain<S> {
    x: Option<S>,
}

const ROUNDS: usize = 4;

fn chain<S: PrimeField>(mut x: S) -> S {
    for _ in 0..ROUNDS {
        x = x.square() * x + x + S::from(5);
    }
    x
}

impl<S: PrimeField> Circuit<S> for CubicChain<S> {
    fn synthesize<CS: ConstraintSystem<S>>(self, cs: &mut CS) -> Result<(), SynthesisError> {
        let mut val = self.x;
        let mut var = cs.alloc(|| "x", || val.ok_or(SynthesisError::AssignmentMissing))?;
        for i in 0..ROUNDS {
            let sq_val = val.map(|x| x.square());
            let sq = cs.alloc(|| format!("x² {i}"), || sq_val.ok_or(SynthesisError::AssignmentMissing))?;
            cs.enforce(|| format!("square {i}"), |lc| lc + var, |lc| lc + var, |lc| lc + sq);
            let next_val = val.map(|x| x.square() * x + x + S::from(5));
            let last = i == ROUNDS - 1;
            let get = || next_val.ok_or(SynthesisError::AssignmentMissing);
            let next = if last { cs.alloc_input(|| "y", get)? } else { cs.alloc(|| format!("x {i}"), get)? };
            // (x²)·x = next − x − 5
            cs.enforce(
                || format!("round {i}"),
                |lc| lc + sq,
                |lc| lc + var,
                |lc| lc + next - var - (S::from(5), CS::one()),
            );
            val = next_val;
            var = next;
        }
        Ok(())
    }
}

fn bytes_of_proof<E: Engine>(p: &Proof<E>) -> Vec<u8> {
    let mut v = Vec::new();
    p.write(&mut v).unwrap();
    v
}

fn bytes_of_vk<E: Engine>(vk: &VerifyingKey<E>) -> Vec<u8> {
    let mut v = Vec::new();
    vk.write(&mut v).unwrap();
    v
}

fn bytes_of_params<E: Engine>(p: &Parameters<E>) -> Vec<u8> {
    let mut v = Vec::new();
    p.write(&mut v).unwrap();
    v
}

/// The same field element in the other engine's scalar field, through the little-endian repr.
fn to_zk(x: isochron::curves::bls12_381::Fr) -> zk_bls12_381::Scalar {
    zk_bls12_381::Scalar::from_repr(x.to_repr()).unwrap()
}
fn to_iso(x: zk_bls12_381::Scalar) -> isochron::curves::bls12_381::Fr {
    isochron::curves::bls12_381::Fr::from_repr(x.to_repr()).unwrap()
}

#[test]
fn groth16_on_isochron() {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let params = generate_random_parameters::<Iso, _, _>(CubicChain { x: None }, &mut rng).unwrap();
    let pvk = prepare_verifying_key(&params.vk);
    let x = <Iso as Engine>::Fr::from(3u64);
    let y = chain(x);
    let proof = create_random_proof(CubicChain { x: Some(x) }, &params, &mut rng).unwrap();
    assert!(verify_proof(&pvk, &proof, &[y]).is_ok());
    assert!(verify_proof(&pvk, &proof, &[y + <Iso as Engine>::Fr::from(1u64)]).is_err());
    // A wrong witness gives a proof that does not verify.
    let bad = create_random_proof(CubicChain { x: Some(x + x) }, &params, &mut rng).unwrap();
    assert!(verify_proof(&pvk, &bad, &[y]).is_err());
    // Proofs, keys and parameters survive bellman's own serialization.
    let read = Proof::<Iso>::read(&bytes_of_proof(&proof)[..]).unwrap();
    assert!(read == proof);
    let vk = VerifyingKey::<Iso>::read(&bytes_of_vk(&params.vk)[..]).unwrap();
    assert!(vk == params.vk);
    let p2 = Parameters::<Iso>::read(&bytes_of_params(&params)[..], true).unwrap();
    assert!(p2 == params);
}

#[test]
fn isochron_proof_verifies_under_zkcrypto() {
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    let params = generate_random_parameters::<Iso, _, _>(CubicChain { x: None }, &mut rng).unwrap();
    let x = <Iso as Engine>::Fr::from(7u64);
    let proof = create_random_proof(CubicChain { x: Some(x) }, &params, &mut rng).unwrap();
    let (proof_bytes, vk_bytes) = (bytes_of_proof(&proof), bytes_of_vk(&params.vk));

    let zk_proof = Proof::<Zk>::read(&proof_bytes[..]).unwrap();
    let zk_vk = VerifyingKey::<Zk>::read(&vk_bytes[..]).unwrap();
    // Byte for byte the same objects in zkcrypto's encoding.
    assert_eq!(bytes_of_proof(&zk_proof), proof_bytes);
    assert_eq!(bytes_of_vk(&zk_vk), vk_bytes);
    let y = to_zk(chain(x));
    assert_eq!(y, chain(zk_bls12_381::Scalar::from(7u64)));
    let pvk = prepare_verifying_key(&zk_vk);
    assert!(verify_proof(&pvk, &zk_proof, &[y]).is_ok());
    assert!(verify_proof(&pvk, &zk_proof, &[y.double()]).is_err());

    // zkcrypto proves with isochron's parameters; isochron verifies.
    let zk_params = Parameters::<Zk>::read(&bytes_of_params(&params)[..], true).unwrap();
    let zk_proof2 =
        create_random_proof(CubicChain { x: Some(zk_bls12_381::Scalar::from(7u64)) }, &zk_params, &mut rng).unwrap();
    let iso_proof2 = Proof::<Iso>::read(&bytes_of_proof(&zk_proof2)[..]).unwrap();
    assert!(verify_proof(&prepare_verifying_key(&params.vk), &iso_proof2, &[chain(x)]).is_ok());
}

#[test]
fn zkcrypto_proof_verifies_under_isochron() {
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    let params = generate_random_parameters::<Zk, _, _>(CubicChain { x: None }, &mut rng).unwrap();
    let x = zk_bls12_381::Scalar::from(11u64);
    let proof = create_random_proof(CubicChain { x: Some(x) }, &params, &mut rng).unwrap();
    let (proof_bytes, vk_bytes) = (bytes_of_proof(&proof), bytes_of_vk(&params.vk));

    let iso_proof = Proof::<Iso>::read(&proof_bytes[..]).unwrap();
    let iso_vk = VerifyingKey::<Iso>::read(&vk_bytes[..]).unwrap();
    assert_eq!(bytes_of_proof(&iso_proof), proof_bytes);
    assert_eq!(bytes_of_vk(&iso_vk), vk_bytes);
    let y = to_iso(chain(x));
    let pvk = prepare_verifying_key(&iso_vk);
    assert!(verify_proof(&pvk, &iso_proof, &[y]).is_ok());
    assert!(verify_proof(&pvk, &iso_proof, &[y.double()]).is_err());

    // isochron proves with zkcrypto's parameters (read checked: every point validated);
    // zkcrypto verifies.
    let params_bytes = bytes_of_params(&params);
    let iso_params = Parameters::<Iso>::read(&params_bytes[..], true).unwrap();
    assert_eq!(bytes_of_params(&iso_params), params_bytes);
    let iso_proof2 = create_random_proof(CubicChain { x: Some(to_iso(x)) }, &iso_params, &mut rng).unwrap();
    let zk_proof2 = Proof::<Zk>::read(&bytes_of_proof(&iso_proof2)[..]).unwrap();
    assert!(verify_proof(&prepare_verifying_key(&params.vk), &zk_proof2, &[chain(x)]).is_ok());
}

/// A corrupted proof encoding is rejected by isochron's decoders as by zkcrypto's.
#[test]
fn corrupted_proof_bytes_are_rejected() {
    let mut rng = ChaCha20Rng::seed_from_u64(4);
    let params = generate_random_parameters::<Iso, _, _>(CubicChain { x: None }, &mut rng).unwrap();
    let proof =
        create_random_proof(CubicChain { x: Some(<Iso as Engine>::Fr::from(2u64)) }, &params, &mut rng).unwrap();
    let good = bytes_of_proof(&proof);
    for (i, flip) in [(0usize, 0x80u8), (5, 0x01), (48, 0x20), (150, 0x04)] {
        let mut bad = good.clone();
        bad[i] ^= flip;
        let iso = Proof::<Iso>::read(&bad[..]);
        let zk = Proof::<Zk>::read(&bad[..]);
        assert_eq!(iso.is_ok(), zk.is_ok(), "byte {i}");
        if let (Ok(a), Ok(b)) = (iso, zk) {
            assert_eq!(bytes_of_proof(&a), bytes_of_proof(&b));
        }
    }
}
