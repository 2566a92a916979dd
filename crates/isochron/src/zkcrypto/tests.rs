//! The zkcrypto traits' laws, through the traits only, and agreement with zkcrypto's own
//! `bls12_381` on constants and encodings.

use ff::{Field, PrimeField, PrimeFieldBits};
use group::prime::PrimeCurveAffine;
use group::{Curve, Group, GroupEncoding, UncompressedEncoding, WnafGroup};
use pairing::{MillerLoopResult, MultiMillerLoop, PairingCurveAffine};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

use crate::curves::{bls12_381 as iso, bn254};

fn rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

/// Field axioms, inversion, square roots, `sqrt_ratio`'s four cases and `pow`.
fn field_laws<F: Field>(seed: u64) {
    let mut r = rng(seed);
    for _ in 0..16 {
        let (a, b, c) = (F::random(&mut r), F::random(&mut r), F::random(&mut r));
        assert_eq!((a + b) + c, a + (b + c));
        assert_eq!(a * (b + c), a * b + a * c);
        assert_eq!((a + b) - b, a);
        assert_eq!(a + a, a.double());
        assert_eq!(a * a, a.square());
        assert_eq!(a.cube(), a * a * a);
        assert_eq!(-a + a, F::ZERO);
        assert_eq!(a * F::ONE, a);
        let inv = a.invert().unwrap();
        assert_eq!(a * inv, F::ONE);
        let sq = a.square();
        let root = sq.sqrt().unwrap();
        assert_eq!(root.square(), sq);
        let (ok, root) = F::sqrt_ratio(&(sq * b), &b);
        assert!(bool::from(ok));
        assert_eq!(root.square(), sq);
        let e = [0x1234_5678_9abc_def0u64, 0xfedc_ba98_7654_3210, 5];
        assert_eq!(a.pow(e), a.pow_vartime(e));
        assert_eq!(a.pow([3u64]), a.cube());
    }
    assert!(bool::from(F::ZERO.invert().is_none()));
    let (ok, root) = F::sqrt_ratio(&F::ZERO, &F::ONE);
    assert!(bool::from(ok) && root == F::ZERO);
    let (ok, root) = F::sqrt_ratio(&F::ONE, &F::ZERO);
    assert!(!bool::from(ok) && root == F::ZERO);
}

/// The constants of `PrimeField`, the representation and the bits.
fn prime_field_laws<F: PrimeFieldBits>(seed: u64) {
    field_laws::<F>(seed);
    let g = F::MULTIPLICATIVE_GENERATOR;
    // 2^S-th roots of unity, DELTA, TWO_INV.
    let mut w = F::ROOT_OF_UNITY;
    for _ in 0..F::S - 1 {
        w = w.square();
    }
    assert_eq!(w, -F::ONE, "ROOT_OF_UNITY is primitive");
    assert_eq!(F::ROOT_OF_UNITY * F::ROOT_OF_UNITY_INV, F::ONE);
    let mut d = g;
    for _ in 0..F::S {
        d = d.square();
    }
    assert_eq!(d, F::DELTA);
    assert_eq!(F::TWO_INV.double(), F::ONE);
    assert_eq!(F::CAPACITY, F::NUM_BITS - 1);
    // g is a non-residue, and sqrt_ratio of a non-square returns √(ROOT_OF_UNITY·q).
    assert!(bool::from(g.sqrt().is_none()));
    let (ok, root) = F::sqrt_ratio(&g, &F::ONE);
    assert!(!bool::from(ok));
    assert_eq!(root.square(), g * F::ROOT_OF_UNITY);
    // The modulus string is p (ff's `from_str_vartime` reduces modulo p).
    let m = F::MODULUS.strip_prefix("0x").unwrap();
    let p = num_bigint::BigUint::parse_bytes(m.as_bytes(), 16).unwrap();
    assert_eq!(p.bits(), F::NUM_BITS as u64);
    assert_eq!(F::from_str_vartime(&(&p - 1u8).to_string()), Some(-F::ONE));
    assert_eq!(F::from_str_vartime(&p.to_string()), Some(F::ZERO));
    // Representation: little-endian, round trip, p rejected.
    let mut r = rng(seed);
    for _ in 0..8 {
        let a = F::random(&mut r);
        assert_eq!(F::from_repr(a.to_repr()).unwrap(), a);
        let bits = a.to_le_bits();
        let low = bits.iter().take(64).enumerate().fold(0u64, |acc, (i, b)| acc | ((*b as u64) << i));
        let repr = a.to_repr();
        assert_eq!(low, u64::from_le_bytes(repr.as_ref()[..8].try_into().unwrap()));
    }
    let mut p_repr = F::Repr::default();
    let p_le = p.to_bytes_le();
    p_repr.as_mut()[..p_le.len()].copy_from_slice(&p_le);
    assert!(bool::from(F::from_repr(p_repr).is_none()));
    assert_eq!(F::from(5u64) + F::from(7u64), F::from(12u64));
    assert_eq!(F::from_u128(1 << 70), F::from(1 << 35).square());
    let cbits = F::char_le_bits();
    assert_eq!(cbits.iter().rposition(|b| *b).map(|i| i as u32 + 1), Some(F::NUM_BITS));
}

#[test]
fn prime_fields() {
    prime_field_laws::<iso::Fr>(1);
    prime_field_laws::<iso::Fp>(2);
    prime_field_laws::<bn254::Fr>(3);
    prime_field_laws::<bn254::Fp>(4);
}

/// isochron's BLS12-381 scalar field has zkcrypto's constants and representation.
#[test]
fn scalar_field_matches_zkcrypto() {
    use zk_bls12_381::Scalar as Zk;
    assert_eq!(<iso::Fr as PrimeField>::MODULUS, Zk::MODULUS);
    assert_eq!(<iso::Fr as PrimeField>::NUM_BITS, Zk::NUM_BITS);
    assert_eq!(<iso::Fr as PrimeField>::CAPACITY, Zk::CAPACITY);
    assert_eq!(<iso::Fr as PrimeField>::S, Zk::S);
    let same = |a: iso::Fr, b: Zk| assert_eq!(a.to_repr(), b.to_repr());
    same(<iso::Fr as PrimeField>::MULTIPLICATIVE_GENERATOR, Zk::MULTIPLICATIVE_GENERATOR);
    same(<iso::Fr as PrimeField>::ROOT_OF_UNITY, Zk::ROOT_OF_UNITY);
    same(<iso::Fr as PrimeField>::ROOT_OF_UNITY_INV, Zk::ROOT_OF_UNITY_INV);
    same(<iso::Fr as PrimeField>::DELTA, Zk::DELTA);
    same(<iso::Fr as PrimeField>::TWO_INV, Zk::TWO_INV);
    let mut r = rng(5);
    for _ in 0..8 {
        let a = <iso::Fr as Field>::random(&mut r);
        let z = Zk::from_repr(a.to_repr()).unwrap();
        same(a.square() + a, z.square() + z);
        same(a.invert().unwrap(), z.invert().unwrap());
        let (ok_a, ra) = <iso::Fr as Field>::sqrt_ratio(&a, &(a + iso::Fr::ONE));
        let (ok_z, rz) = Zk::sqrt_ratio(&z, &(z + Zk::ONE));
        assert_eq!(bool::from(ok_a), bool::from(ok_z));
        // Either root may be returned: compare squares.
        same(ra.square(), rz.square());
    }
}

/// Group laws through `group::{Group, Curve}`, encodings round trip and reject garbage.
fn group_laws<G: group::prime::PrimeCurve + WnafGroup>(seed: u64)
where
    G::Affine: UncompressedEncoding,
{
    let mut r = rng(seed);
    for _ in 0..4 {
        let (a, b, c) = (G::random(&mut r), G::random(&mut r), G::random(&mut r));
        assert_eq!((a + b) + c, a + (b + c));
        assert_eq!(a + b, b + a);
        assert_eq!((a + b) - b, a);
        assert_eq!(a + -a, G::identity());
        assert_eq!(a.double(), a + a);
        let (k1, k2) = (G::Scalar::random(&mut r), G::Scalar::random(&mut r));
        assert_eq!(a * k1 + a * k2, a * (k1 + k2));
        assert_eq!(a * -G::Scalar::ONE, -a);
        let aff = a.to_affine();
        assert_eq!(b + aff, b + a);
        assert_eq!(b - aff, b - a);
        assert_eq!(aff.to_curve(), a);
        assert_eq!(aff * k1, a * k1);
        let mut batch = [G::Affine::identity(); 3];
        G::batch_normalize(&[a, b, G::identity()], &mut batch);
        assert_eq!(batch, [aff, b.to_affine(), G::Affine::identity()]);
        // Encodings.
        assert_eq!(G::from_bytes(&a.to_bytes()).unwrap(), a);
        assert_eq!(G::Affine::from_bytes(&aff.to_bytes()).unwrap(), aff);
        assert_eq!(G::Affine::from_uncompressed(&aff.to_uncompressed()).unwrap(), aff);
        let mut bad = aff.to_bytes();
        bad.as_mut()[0] ^= 0x80; // the ZCash compression flag / an arkworks x byte
        let decoded = G::Affine::from_bytes(&bad);
        assert!(bool::from(decoded.is_none()) || decoded.unwrap() != aff);
    }
    assert!(bool::from(G::identity().is_identity()));
    assert!(bool::from(G::Affine::identity().is_identity()));
    assert_eq!(G::from_bytes(&G::identity().to_bytes()).unwrap(), G::identity());
    assert_eq!(G::generator().to_affine(), G::Affine::generator());
    let w = G::recommended_wnaf_for_num_scalars(1);
    assert!((2..=16).contains(&w) && w <= G::recommended_wnaf_for_num_scalars(1 << 20));
    // group's own wNAF over isochron's groups.
    let mut wnaf = group::Wnaf::new();
    let k = G::Scalar::random(&mut r);
    assert_eq!(wnaf.scalar(&k).base(G::generator()), G::generator() * k);
}

#[test]
fn groups() {
    group_laws::<iso::G1Projective>(10);
    group_laws::<iso::G2Projective>(11);
    group_laws::<bn254::G1Projective>(12);
    group_laws::<bn254::G2Projective>(13);
}

/// BLS12-381 points encode exactly as zkcrypto's `bls12_381`, both ways.
#[test]
fn bls12_381_encodings_match_zkcrypto() {
    let mut r = rng(20);
    for _ in 0..4 {
        let k = <iso::Fr as Field>::random(&mut r);
        let kz = zk_bls12_381::Scalar::from_repr(k.to_repr()).unwrap();
        let p1 = (iso::G1Projective::generator() * k).to_affine();
        let z1 = zk_bls12_381::G1Affine::from(zk_bls12_381::G1Projective::generator() * kz);
        assert_eq!(p1.to_bytes().as_ref(), z1.to_compressed().as_ref());
        assert_eq!(p1.to_uncompressed().as_ref(), z1.to_uncompressed().as_ref());
        let p2 = (iso::G2Projective::generator() * k).to_affine();
        let z2 = zk_bls12_381::G2Affine::from(zk_bls12_381::G2Projective::generator() * kz);
        assert_eq!(p2.to_bytes().as_ref(), z2.to_compressed().as_ref());
        assert_eq!(p2.to_uncompressed().as_ref(), z2.to_uncompressed().as_ref());
    }
    assert_eq!(iso::G1Affine::identity().to_bytes().as_ref(), zk_bls12_381::G1Affine::identity().to_compressed());
}

/// GT in zkcrypto's additive notation, and the pairing traits.
fn pairing_laws<E: MultiMillerLoop>(seed: u64) {
    let mut r = rng(seed);
    let (a, b) = (E::Fr::random(&mut r), E::Fr::random(&mut r));
    let (p, q) = (E::G1Affine::generator(), E::G2Affine::generator());
    let e = E::pairing(&p, &q);
    assert_eq!(e, E::Gt::generator());
    assert!(!bool::from(e.is_identity()));
    let pa = (p * a).to_affine();
    let qb = (q * b).to_affine();
    assert_eq!(E::pairing(&pa, &qb), e * (a * b));
    assert_eq!(pa.pairing_with(&qb), qb.pairing_with(&pa));
    // Additive notation: + is the product, - the inverse, * a power.
    let (x, y) = (e * a, e * b);
    assert_eq!(x + y, e * (a + b));
    assert_eq!(x - y, e * (a - b));
    assert_eq!(-x + x, E::Gt::identity());
    assert_eq!(x.double(), x + x);
    assert_eq!([x, y].iter().sum::<E::Gt>(), x + y);
    let g = E::Gt::random(&mut r);
    assert_eq!(g * E::Fr::ONE, g);
    // Multi-Miller loop: e(aP, Q)·e(−P, aQ) = 1.
    let qa = E::G2Prepared::from((q * a).to_affine());
    let qp = E::G2Prepared::from(q);
    let np = -p;
    let f = E::multi_miller_loop(&[(&pa, &qp), (&np, &qa)]);
    assert!(bool::from(f.final_exponentiation().is_identity()));
    let f1 = E::multi_miller_loop(&[(&pa, &qp)]);
    let f2 = E::multi_miller_loop(&[(&np, &qa)]);
    assert!(bool::from((f1 + f2).final_exponentiation().is_identity()));
    assert_eq!(f1.final_exponentiation(), E::pairing(&pa, &q));
    assert_eq!(<E::Result as Default>::default().final_exponentiation(), E::Gt::identity());
}

#[test]
fn engines() {
    pairing_laws::<iso::Bls12_381>(30);
    pairing_laws::<bn254::Bn254>(31);
}
