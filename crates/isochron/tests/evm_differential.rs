//! Differential test of the EVM precompiles (`protocols::evm`) against revm's
//! (`revm-precompile`: blst, c-kzg, libsecp256k1, arkworks, aurora-engine-modexp) on random
//! valid inputs, mutated inputs (bit flips, bytes changed, truncated, extended) and random
//! garbage of random length, for every precompile and every fork: the same output and gas on
//! success, failure on the same inputs.

use isochron::curve::short_weierstrass::{Projective, Scalar, SwCurve};
use isochron::curves::{bls12_381 as bls, bn254, p256::P256, secp256k1::Secp256k1};
use isochron::protocols::ecdsa::SigningKey;
use isochron::protocols::evm::{Fork, Precompile};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use revm_precompile::{PrecompileSpecId, Precompiles};

const GAS_LIMIT: u64 = 100_000_000;

fn spec(fork: Fork) -> PrecompileSpecId {
    match fork {
        Fork::Istanbul => PrecompileSpecId::ISTANBUL,
        Fork::Berlin => PrecompileSpecId::BERLIN,
        Fork::Cancun => PrecompileSpecId::CANCUN,
        Fork::Prague => PrecompileSpecId::PRAGUE,
        Fork::Osaka => PrecompileSpecId::OSAKA,
    }
}

/// revm's answer: `Some((output, gas))` on success, `None` on failure (halt, or the
/// precompile absent from the fork).
fn revm(p: Precompile, input: &[u8], fork: Fork) -> Option<(Vec<u8>, u64)> {
    let address = revm_precompile::primitives::Address::from(p.address_bytes());
    let pc = Precompiles::new(spec(fork)).get(&address)?;
    match pc.execute(input, GAS_LIMIT, 0) {
        Ok(out) if out.status.is_success() => Some((out.bytes.to_vec(), out.gas_used)),
        _ => None,
    }
}

/// Compares isochron and revm on one input; returns whether the call succeeded.
fn check(p: Precompile, input: &[u8], fork: Fork) -> bool {
    let ours = p.execute(input, GAS_LIMIT, fork).ok();
    let theirs = revm(p, input, fork);
    assert_eq!(ours, theirs, "{p} {fork}: input {}", hex::encode(input));
    ours.is_some()
}

fn mutate(rng: &mut ChaCha20Rng, input: &[u8]) -> Vec<u8> {
    let mut v = input.to_vec();
    match rng.gen_range(0..6) {
        0 if !v.is_empty() => {
            let i = rng.gen_range(0..v.len());
            v[i] ^= 1 << rng.gen_range(0..8);
        }
        1 if !v.is_empty() => {
            let i = rng.gen_range(0..v.len());
            v[i] = rng.gen();
        }
        2 if !v.is_empty() => {
            let n = rng.gen_range(0..v.len());
            v.truncate(n);
        }
        3 => {
            for _ in 0..rng.gen_range(1..40) {
                v.push(rng.gen());
            }
        }
        4 if !v.is_empty() => {
            // A whole 32-byte word of 0xff (non-canonical coordinates, huge lengths).
            let i = rng.gen_range(0..v.len().div_ceil(32)) * 32;
            for b in v.iter_mut().skip(i).take(32) {
                *b = 0xff;
            }
        }
        _ => {}
    }
    v
}

fn garbage(rng: &mut ChaCha20Rng, max: usize) -> Vec<u8> {
    let n = rng.gen_range(0..=max);
    let mut v = vec![0u8; n];
    rng.fill_bytes(&mut v);
    if rng.gen_bool(0.3) {
        // Mostly zeros: more inputs reach the deeper checks.
        for b in v.iter_mut() {
            if rng.gen_bool(0.8) {
                *b = 0;
            }
        }
    }
    v
}

/// Runs `valid` inputs, each also mutated, and garbage around the sizes `sizes`, in every fork.
fn run(
    p: Precompile,
    rng: &mut ChaCha20Rng,
    n: usize,
    sizes: &[usize],
    mut valid: impl FnMut(&mut ChaCha20Rng) -> Vec<u8>,
) {
    let mut ok = 0;
    let mut total = 0;
    for i in 0..n {
        let fork = Fork::ALL[i % Fork::ALL.len()];
        let v = valid(rng);
        ok += check(p, &v, fork) as usize;
        let m = mutate(rng, &v);
        check(p, &m, fork);
        let size = sizes[rng.gen_range(0..sizes.len())];
        let g = garbage(rng, size + 8);
        check(p, &g, fork);
        total += 3;
    }
    println!("{p}: {total} inputs, {ok} of {n} valid-case inputs succeeded");
    assert!(ok > 0, "{p}: no valid input succeeded");
}

fn rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

#[test]
fn hashes_and_identity() {
    let mut r = rng(2);
    for p in [Precompile::Sha256, Precompile::Ripemd160, Precompile::Identity] {
        run(p, &mut r, 200, &[0, 32, 64, 300], |r| garbage(r, 200));
    }
}

#[test]
fn ecrecover() {
    let mut r = rng(1);
    run(Precompile::Ecrecover, &mut r, 300, &[128], |r| {
        let key = SigningKey::<Secp256k1>::random(r);
        let mut h = [0u8; 32];
        r.fill_bytes(&mut h);
        let (sig, id) = key.sign_prehash(&h).unwrap();
        let mut input = h.to_vec();
        let mut v = [0u8; 32];
        v[31] = 27 + id.to_u8();
        if r.gen_bool(0.1) {
            v[31] ^= 1;
        }
        input.extend(v);
        input.extend(sig.to_bytes());
        input
    });
}

#[test]
fn p256verify() {
    let mut r = rng(0x100);
    run(Precompile::P256Verify, &mut r, 300, &[160], |r| {
        let key = SigningKey::<P256>::random(r);
        let mut h = [0u8; 32];
        r.fill_bytes(&mut h);
        let (sig, _) = key.sign_prehash(&h).unwrap();
        let mut input = h.to_vec();
        input.extend(sig.to_bytes());
        input.extend(&key.verifying_key().to_sec1_uncompressed().as_ref()[1..]);
        input
    });
}

#[test]
fn modexp() {
    let mut r = rng(5);
    let mut ok = 0;
    for i in 0..2000 {
        let fork = Fork::ALL[i % Fork::ALL.len()];
        let pick = |r: &mut ChaCha20Rng| -> usize {
            match r.gen_range(0..10) {
                0 => 0,
                1..=5 => r.gen_range(1..40),
                6..=8 => r.gen_range(1..300),
                _ => r.gen_range(1000..1030),
            }
        };
        let (bl, el, ml) = (pick(&mut r), pick(&mut r) % 70, pick(&mut r));
        let mut input = vec![0u8; 96];
        input[24..32].copy_from_slice(&(bl as u64).to_be_bytes());
        input[56..64].copy_from_slice(&(el as u64).to_be_bytes());
        input[88..96].copy_from_slice(&(ml as u64).to_be_bytes());
        let total = bl + el + ml;
        // Sometimes short: the rest reads as zeros.
        let len = if r.gen_bool(0.2) { r.gen_range(0..=total) } else { total };
        let mut body = vec![0u8; len];
        r.fill_bytes(&mut body);
        if ml > 0 && len == total && r.gen_bool(0.5) {
            // An even modulus, sometimes with many trailing zero bits.
            body[total - 1] &= 0xfe;
            if r.gen_bool(0.3) {
                let z = r.gen_range(0..ml);
                for b in &mut body[total - z..] {
                    *b = 0;
                }
            }
        }
        input.extend(body);
        ok += check(Precompile::Modexp, &input, fork) as usize;
        check(Precompile::Modexp, &mutate(&mut r, &input), fork);
        check(Precompile::Modexp, &garbage(&mut r, 200), fork);
    }
    println!("modexp: 6000 inputs, {ok} of 2000 structured inputs succeeded");
}

#[test]
fn blake2f() {
    let mut r = rng(9);
    run(Precompile::Blake2f, &mut r, 500, &[213], |r| {
        let mut v = vec![0u8; 213];
        r.fill_bytes(&mut v);
        v[..4].copy_from_slice(&r.gen_range(0u32..200).to_be_bytes());
        v[212] = r.gen_range(0..2);
        v
    });
}

fn bn_g1(r: &mut ChaCha20Rng) -> bn254::G1Affine {
    if r.gen_bool(0.1) {
        return bn254::G1Affine::identity();
    }
    Projective::<bn254::G1Curve>::generator().mul_vartime(&Scalar::<bn254::G1Curve>::random(r)).to_affine()
}

fn bn_g2(r: &mut ChaCha20Rng) -> bn254::G2Affine {
    if r.gen_bool(0.1) {
        return bn254::G2Affine::identity();
    }
    Projective::<bn254::G2Curve>::generator().mul_vartime(&Scalar::<bn254::G2Curve>::random(r)).to_affine()
}

#[test]
fn bn254() {
    let mut r = rng(6);
    run(Precompile::Bn254Add, &mut r, 300, &[128, 64], |r| {
        let mut v = bn_g1(r).to_evm_bytes().to_vec();
        v.extend(bn_g1(r).to_evm_bytes());
        let n = r.gen_range(64..=140);
        v.resize(n, 0);
        v
    });
    run(Precompile::Bn254Mul, &mut r, 300, &[96, 64], |r| {
        let mut v = bn_g1(r).to_evm_bytes().to_vec();
        let mut k = [0u8; 32];
        r.fill_bytes(&mut k);
        v.extend(k);
        let n = r.gen_range(64..=100);
        v.resize(n, 0);
        v
    });
    run(Precompile::Bn254Pairing, &mut r, 60, &[0, 192, 384], |r| {
        // e(aP, Q)·e(−aP, Q) = 1, or random pairs; now and then a twist point outside G2 (the
        // test inside the Miller loop).
        let k = r.gen_range(0..4);
        let mut v = Vec::new();
        for _ in 0..k {
            let q = if r.gen_bool(0.1) {
                loop {
                    let x = bn254::Fp2::random(r);
                    if let Some(y) = Option::from((x.square() * x + bn254::G2Curve::B).sqrt()) {
                        break bn254::G2Affine::from_xy_unchecked(x, y);
                    }
                }
            } else {
                bn_g2(r)
            };
            let p = bn_g1(r);
            v.extend(p.to_evm_bytes());
            v.extend(q.to_evm_bytes());
            if r.gen_bool(0.7) {
                v.extend(p.neg().to_evm_bytes());
                v.extend(q.to_evm_bytes());
            }
        }
        v
    });
}

fn bls_g1(r: &mut ChaCha20Rng) -> bls::G1Affine {
    if r.gen_bool(0.1) {
        return bls::G1Affine::identity();
    }
    Projective::<bls::G1Curve>::generator().mul_vartime(&Scalar::<bls::G1Curve>::random(r)).to_affine()
}

fn bls_g2(r: &mut ChaCha20Rng) -> bls::G2Affine {
    if r.gen_bool(0.1) {
        return bls::G2Affine::identity();
    }
    Projective::<bls::G2Curve>::generator().mul_vartime(&Scalar::<bls::G2Curve>::random(r)).to_affine()
}

fn scalar_bytes(r: &mut ChaCha20Rng) -> [u8; 32] {
    let mut k = [0u8; 32];
    match r.gen_range(0..4) {
        0 => {}
        1 => k[31] = r.gen(),
        _ => r.fill_bytes(&mut k),
    }
    k
}

#[test]
fn bls12_381() {
    let mut r = rng(7);
    run(Precompile::Bls12G1Add, &mut r, 200, &[256], |r| [bls_g1(r).to_eip2537(), bls_g1(r).to_eip2537()].concat());
    run(Precompile::Bls12G2Add, &mut r, 200, &[512], |r| [bls_g2(r).to_eip2537(), bls_g2(r).to_eip2537()].concat());
    run(Precompile::Bls12G1Msm, &mut r, 150, &[160, 320], |r| {
        let k = r.gen_range(1..10);
        (0..k).flat_map(|_| [bls_g1(r).to_eip2537().to_vec(), scalar_bytes(r).to_vec()].concat()).collect()
    });
    run(Precompile::Bls12G2Msm, &mut r, 100, &[288, 576], |r| {
        let k = r.gen_range(1..6);
        (0..k).flat_map(|_| [bls_g2(r).to_eip2537().to_vec(), scalar_bytes(r).to_vec()].concat()).collect()
    });
    // Now and then a G2 point on the twist but outside G2 (the test inside the Miller loop).
    let twist_point = |r: &mut ChaCha20Rng| loop {
        let x = bls::Fp2::random(r);
        if let Some(y) = Option::from((x.square() * x + bls::G2Curve::B).sqrt()) {
            return bls::G2Affine::from_xy_unchecked(x, y);
        }
    };
    run(Precompile::Bls12Pairing, &mut r, 40, &[384, 768], |r| {
        let k = r.gen_range(1..4);
        let mut v = Vec::new();
        for _ in 0..k {
            let (p, q) = (bls_g1(r), if r.gen_bool(0.1) { twist_point(r) } else { bls_g2(r) });
            v.extend(p.to_eip2537());
            v.extend(q.to_eip2537());
            if r.gen_bool(0.7) {
                v.extend(p.neg().to_eip2537());
                v.extend(q.to_eip2537());
            }
        }
        v
    });
    let fp = |r: &mut ChaCha20Rng| -> Vec<u8> {
        let mut v = vec![0u8; 64];
        r.fill_bytes(&mut v[16..]);
        // Below p most of the time (p's top byte is 0x1a).
        v[16] &= if r.gen_bool(0.9) { 0x0f } else { 0x1f };
        v
    };
    run(Precompile::Bls12MapFpToG1, &mut r, 300, &[64], fp);
    run(Precompile::Bls12MapFp2ToG2, &mut r, 200, &[128], |r| [fp(r), fp(r)].concat());
}

#[test]
fn point_evaluation() {
    use isochron::protocols::eip4844::{KzgSettings, BYTES_PER_BLOB};
    use sha2::Digest;
    let mut r = rng(10);
    let s = KzgSettings::mainnet();
    let mut blob = vec![0u8; BYTES_PER_BLOB];
    for c in blob.chunks_mut(32) {
        r.fill_bytes(&mut c[1..]);
        c[1] &= 0x3f;
    }
    let commitment = s.blob_to_kzg_commitment(&blob).unwrap();
    let mut hash = sha2::Sha256::digest(commitment).to_vec();
    hash[0] = 1;
    let mut cases = Vec::new();
    for _ in 0..4 {
        let mut z = [0u8; 32];
        r.fill_bytes(&mut z[1..]);
        let (proof, y) = s.compute_kzg_proof(&blob, &z).unwrap();
        cases.push([hash.clone(), z.to_vec(), y.to_vec(), commitment.to_vec(), proof.to_vec()].concat());
    }
    let mut i = 0;
    run(Precompile::PointEvaluation, &mut r, 100, &[192], |_| {
        i += 1;
        cases[i % cases.len()].clone()
    });
}
