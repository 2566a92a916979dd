//! Subgroup checks by endomorphisms against the definition `[r]P = O`, on points in and out of
//! the subgroups; encodings round-trip and reject malformed input with the right error.

use crate::common;

use isochron::curve::short_weierstrass::{Projective, Scalar, SwCurve};
use isochron::curve::PointEncoding;
use isochron::curves::{bls12_381, bn254};
use isochron::field::{FieldParams, SqrtField};
use isochron::Error;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

fn definition<C: SwCurve>(p: &Projective<C>) -> bool {
    bool::from(p.mul_limbs_vartime(&<C::ScalarParams as FieldParams<4>>::MODULUS).is_identity())
}

fn check_subgroup_test<C: SwCurve>(expect_some_outside: bool)
where
    C::Base: SqrtField,
{
    let mut rng = ChaCha20Rng::seed_from_u64(41);
    let mut outside = 0;
    for _ in 0..20 {
        let p = common::random_curve_point::<C>(&mut rng);
        let def = definition(&p);
        assert_eq!(C::is_torsion_free_vartime(&p), def);
        outside += !def as u32;
        // [r]P lies in the cofactor part only: outside the subgroup unless it is the identity.
        let cofactor_part = p.mul_limbs_vartime(&<C::ScalarParams as FieldParams<4>>::MODULUS);
        assert_eq!(C::is_torsion_free_vartime(&cofactor_part), bool::from(cofactor_part.is_identity()));
        let q = Projective::<C>::generator().mul(&Scalar::<C>::random(&mut rng));
        assert!(C::is_torsion_free_vartime(&q));
    }
    assert!(C::is_torsion_free_vartime(&Projective::identity()));
    assert_eq!(outside > 0, expect_some_outside);
}

#[test]
fn subgroup_checks_match_definition() {
    check_subgroup_test::<bls12_381::G1Curve>(true);
    check_subgroup_test::<bls12_381::G2Curve>(true);
    check_subgroup_test::<bn254::G1Curve>(false);
    check_subgroup_test::<bn254::G2Curve>(true);
}

#[test]
fn zcash_encodings_round_trip_and_reject() {
    let mut rng = ChaCha20Rng::seed_from_u64(42);
    for i in 0..10 {
        let p = if i == 0 {
            bls12_381::G1Projective::identity()
        } else {
            bls12_381::G1Projective::generator().mul(&Scalar::<bls12_381::G1Curve>::random(&mut rng))
        }
        .to_affine();
        let (c, u) = (p.to_compressed(), p.to_uncompressed());
        assert_eq!(bls12_381::G1Affine::from_compressed(&c).unwrap(), p);
        assert_eq!(bls12_381::G1Affine::from_uncompressed(&u).unwrap(), p);
        assert_eq!(bls12_381::G1Affine::from_compressed(&c[..47]), Err(Error::Length { expected: 48, got: 47 }));
        assert_eq!(bls12_381::G1Affine::from_compressed(&u), Err(Error::Length { expected: 48, got: 96 }));
        let mut bad = c;
        bad[0] &= 0x7f; // compression flag cleared
        assert_eq!(bls12_381::G1Affine::from_compressed(&bad), Err(Error::InvalidFlags));
        let q = bls12_381::G2Projective::generator().mul(&Scalar::<bls12_381::G2Curve>::random(&mut rng)).to_affine();
        let (c2, u2) = (q.to_compressed(), q.to_uncompressed());
        assert_eq!(bls12_381::G2Affine::from_compressed(&c2).unwrap(), q);
        assert_eq!(bls12_381::G2Affine::from_uncompressed(&u2).unwrap(), q);
    }
    // x = p is not canonical.
    let mut c = [0u8; 48];
    c.copy_from_slice(&bls12_381::Fp::ZERO.to_bytes_be());
    let pbytes: Vec<u8> = {
        let m = <bls12_381::FpParams as FieldParams<6>>::MODULUS;
        m.iter().rev().flat_map(|l| l.to_be_bytes()).collect()
    };
    c.copy_from_slice(&pbytes);
    c[0] |= 0x80;
    assert_eq!(bls12_381::G1Affine::from_compressed(&c), Err(Error::NonCanonical));
    // A point off the subgroup is rejected by the checked decoder only.
    let mut rng = ChaCha20Rng::seed_from_u64(43);
    let outside = loop {
        let p = common::random_curve_point::<bls12_381::G1Curve>(&mut rng);
        if !definition(&p) {
            break p.to_affine();
        }
    };
    let c = outside.to_compressed();
    assert_eq!(bls12_381::G1Affine::from_compressed(&c), Err(Error::NotInSubgroup));
    assert_eq!(bls12_381::G1Affine::from_compressed_unchecked(&c).unwrap(), outside);
}

#[test]
fn evm_encodings() {
    let g = bn254::G1Affine::generator();
    let mut b = g.to_evm_bytes();
    assert_eq!(b[31], 1);
    assert_eq!(b[63], 2);
    assert_eq!(bn254::G1Affine::from_evm_bytes(&b).unwrap(), g);
    assert!(bool::from(bn254::G1Affine::from_evm_bytes(&[0u8; 64]).unwrap().is_identity()));
    b[63] = 3;
    assert_eq!(bn254::G1Affine::from_evm_bytes(&b), Err(Error::NotOnCurve));
    let q = bn254::G2Affine::generator();
    let b2 = q.to_evm_bytes();
    assert_eq!(bn254::G2Affine::from_evm_bytes(&b2).unwrap(), q);
}
