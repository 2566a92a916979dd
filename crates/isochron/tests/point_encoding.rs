//! Every encoding of every curve: round trips (property tests on random points, the identity
//! and both signs of `y`), rejections (length, flags, non-canonical coordinates, off the curve,
//! outside the subgroup) with the typed error, and BN254's `PointEncoding` byte for byte
//! against arkworks' `CanonicalSerialize` (ark-bn254 0.6), including which mutated encodings
//! arkworks' deserializer accepts.

use crate::common;

use ark_ec::{AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::PrimeField as _;
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use isochron::curve::short_weierstrass::{Affine, Projective, Scalar, SwCurve};
use isochron::curve::{Group, PointEncoding};
use isochron::curves::{bls12_381, bn254};
use isochron::field::{Field, FieldParams, SqrtField};
use isochron::Error;
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

/// `[k]G` for a random `k` drawn from `seed`; the identity for seed 0.
fn point<C: SwCurve>(seed: u64) -> Affine<C> {
    if seed == 0 {
        return Affine::identity();
    }
    let k = Scalar::<C>::random(&mut ChaCha20Rng::seed_from_u64(seed));
    Projective::<C>::generator().mul(&k).to_affine()
}

/// A point of the curve outside the prime-order subgroup.
fn off_subgroup<C: SwCurve>(seed: u64) -> Affine<C>
where
    C::Base: SqrtField,
{
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    loop {
        let p = common::random_curve_point::<C>(&mut rng);
        if !C::is_torsion_free_vartime(&p) {
            return p.to_affine();
        }
    }
}

/// The smallest `x = 0, 1, 2, …` with `x³ + b` not a square (no point has it).
fn x_off_curve<C: SwCurve>() -> C::Base
where
    C::Base: SqrtField,
{
    let mut x = C::Base::ZERO;
    while bool::from((x.square() * x + C::B).is_square()) {
        x += C::Base::ONE;
    }
    x
}

/// The Fp modulus as `len` big-endian bytes.
fn modulus_be<P: FieldParams<N>, const N: usize>() -> Vec<u8> {
    P::MODULUS.iter().rev().flat_map(|l| l.to_be_bytes()).collect()
}

/// Round trips of the `PointEncoding` of `A` on `p` and `−p` (the other root of `y²`): the
/// checked and unchecked decoders give the point back, and the two signs encode differently.
fn point_encoding_round_trip<A: PointEncoding>(p: A) {
    for q in [p, -p] {
        let (c, u) = (q.to_compressed(), q.to_uncompressed());
        assert_eq!(A::from_compressed(c.as_ref()), Ok(q));
        assert_eq!(A::from_compressed_unchecked(c.as_ref()), Ok(q));
        assert_eq!(A::from_uncompressed(u.as_ref()), Ok(q));
        assert_eq!(A::from_uncompressed_unchecked(u.as_ref()), Ok(q));
    }
    if !bool::from(p.is_identity()) {
        assert_ne!(p.to_compressed(), (-p).to_compressed());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn bls12_381_g1_round_trips(seed in 0u64..u64::MAX) {
        let p = point::<bls12_381::G1Curve>(if seed % 8 == 0 { 0 } else { seed });
        point_encoding_round_trip(p);
        for q in [p, -p] {
            prop_assert_eq!(bls12_381::G1Affine::from_eip2537(&q.to_eip2537()), Ok(q));
            prop_assert_eq!(bls12_381::G1Affine::from_eip2537_unchecked(&q.to_eip2537()), Ok(q));
        }
    }

    #[test]
    fn bls12_381_g2_round_trips(seed in 0u64..u64::MAX) {
        let p = point::<bls12_381::G2Curve>(if seed % 8 == 0 { 0 } else { seed });
        point_encoding_round_trip(p);
        for q in [p, -p] {
            prop_assert_eq!(bls12_381::G2Affine::from_eip2537(&q.to_eip2537()), Ok(q));
            prop_assert_eq!(bls12_381::G2Affine::from_eip2537_unchecked(&q.to_eip2537()), Ok(q));
        }
    }

    #[test]
    fn bn254_g1_round_trips(seed in 0u64..u64::MAX) {
        let p = point::<bn254::G1Curve>(if seed % 8 == 0 { 0 } else { seed });
        point_encoding_round_trip(p);
        for q in [p, -p] {
            prop_assert_eq!(bn254::G1Affine::from_evm_bytes(&q.to_evm_bytes()), Ok(q));
            prop_assert_eq!(bn254::G1Affine::from_evm_bytes_unchecked(&q.to_evm_bytes()), Ok(q));
        }
    }

    #[test]
    fn bn254_g2_round_trips(seed in 0u64..u64::MAX) {
        let p = point::<bn254::G2Curve>(if seed % 8 == 0 { 0 } else { seed });
        point_encoding_round_trip(p);
        for q in [p, -p] {
            prop_assert_eq!(bn254::G2Affine::from_evm_bytes(&q.to_evm_bytes()), Ok(q));
            prop_assert_eq!(bn254::G2Affine::from_evm_bytes_unchecked(&q.to_evm_bytes()), Ok(q));
        }
    }
}

/// Every decoder of every curve on arbitrary bytes: an `Err` or a point, never a panic; a
/// point it accepts re-encodes to the same bytes (one encoding per point).
fn decode_everything(bytes: &[u8]) {
    fn canonical<A: PointEncoding>(bytes: &[u8]) {
        for (dec, compressed) in [
            (A::from_compressed as fn(&[u8]) -> Result<A, Error>, true),
            (A::from_compressed_unchecked, true),
            (A::from_uncompressed, false),
            (A::from_uncompressed_unchecked, false),
        ] {
            if let Ok(p) = dec(bytes) {
                let again = if compressed {
                    p.to_compressed().as_ref().to_vec()
                } else {
                    p.to_uncompressed().as_ref().to_vec()
                };
                assert_eq!(again, bytes);
            }
        }
    }
    canonical::<bls12_381::G1Affine>(bytes);
    canonical::<bls12_381::G2Affine>(bytes);
    canonical::<bn254::G1Affine>(bytes);
    canonical::<bn254::G2Affine>(bytes);
    if let Ok(p) = bls12_381::G1Affine::from_eip2537_unchecked(bytes) {
        assert_eq!(p.to_eip2537().to_vec(), bytes);
    }
    let _ = bls12_381::G1Affine::from_eip2537(bytes);
    if let Ok(p) = bls12_381::G2Affine::from_eip2537_unchecked(bytes) {
        assert_eq!(p.to_eip2537().to_vec(), bytes);
    }
    let _ = bls12_381::G2Affine::from_eip2537(bytes);
    if let Ok(p) = bn254::G1Affine::from_evm_bytes(bytes) {
        assert_eq!(p.to_evm_bytes().to_vec(), bytes);
    }
    if let Ok(p) = bn254::G2Affine::from_evm_bytes_unchecked(bytes) {
        assert_eq!(p.to_evm_bytes().to_vec(), bytes);
    }
    let _ = (bn254::G1Affine::from_evm_bytes_unchecked(bytes), bn254::G2Affine::from_evm_bytes(bytes));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn decoders_never_panic(
        len in prop::sample::select(vec![0usize, 1, 31, 32, 33, 47, 48, 63, 64, 96, 127, 128, 192, 256, 300]),
        seed in any::<u64>(),
        flags in any::<u8>(),
        zero_fill in any::<bool>(),
    ) {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let mut bytes = vec![0u8; len];
        if !zero_fill {
            rand::RngCore::fill_bytes(&mut rng, &mut bytes);
        }
        if let Some(b) = bytes.first_mut() {
            *b = (*b & 0x1f) | (flags & 0xe0);
        }
        if let Some(b) = bytes.last_mut() {
            *b = (*b & 0x3f) | (flags << 6);
        }
        decode_everything(&bytes);
    }
}

/// The identity round-trips (the property tests also draw it, one seed in eight), and the points outside the subgroup round-trip through the unchecked decoders.
#[test]
fn identity_and_off_subgroup_round_trips() {
    point_encoding_round_trip(bls12_381::G1Affine::identity());
    point_encoding_round_trip(bls12_381::G2Affine::identity());
    point_encoding_round_trip(bn254::G1Affine::identity());
    point_encoding_round_trip(bn254::G2Affine::identity());
    assert_eq!(bls12_381::G1Affine::identity().to_eip2537(), [0; 128]);
    assert_eq!(bls12_381::G2Affine::identity().to_eip2537(), [0; 256]);
    assert_eq!(bn254::G1Affine::identity().to_evm_bytes(), [0; 64]);
    assert_eq!(bn254::G2Affine::identity().to_evm_bytes(), [0; 128]);
    let b1 = off_subgroup::<bls12_381::G1Curve>(1);
    let b2 = off_subgroup::<bls12_381::G2Curve>(2);
    let n2 = off_subgroup::<bn254::G2Curve>(3);
    assert_eq!(bls12_381::G1Affine::from_compressed_unchecked(&b1.to_compressed()), Ok(b1));
    assert_eq!(bls12_381::G1Affine::from_uncompressed_unchecked(&b1.to_uncompressed()), Ok(b1));
    assert_eq!(bls12_381::G2Affine::from_compressed_unchecked(&b2.to_compressed()), Ok(b2));
    assert_eq!(bls12_381::G2Affine::from_uncompressed_unchecked(&b2.to_uncompressed()), Ok(b2));
    assert_eq!(bn254::G2Affine::from_compressed_unchecked(&n2.to_compressed()), Ok(n2));
    assert_eq!(bn254::G2Affine::from_uncompressed_unchecked(&n2.to_uncompressed()), Ok(n2));
    assert_eq!(bn254::G2Affine::from_evm_bytes_unchecked(&n2.to_evm_bytes()), Ok(n2));
}

/// The bug this layout fixes: BN254's p has 254 bits, so a ZCash-style sort flag `0x20` in the
/// first byte would be a value bit. Points whose encodings have any of the top value bits set
/// round-trip.
#[test]
fn bn254_high_value_bits_round_trip() {
    let (mut g1, mut g2) = (0, 0);
    for seed in 1..200 {
        let p = point::<bn254::G1Curve>(seed);
        let q = point::<bn254::G2Curve>(seed);
        g1 += (p.to_evm_bytes()[0] & 0x20 != 0) as u32;
        g2 += (q.to_evm_bytes()[0] & 0x20 != 0) as u32;
        assert_eq!(bn254::G1Affine::from_compressed(&p.to_compressed()), Ok(p));
        assert_eq!(bn254::G1Affine::from_uncompressed(&p.to_uncompressed()), Ok(p));
        assert_eq!(bn254::G2Affine::from_compressed(&q.to_compressed()), Ok(q));
        assert_eq!(bn254::G2Affine::from_uncompressed(&q.to_uncompressed()), Ok(q));
    }
    assert!(g1 > 0 && g2 > 0);
}

/// Wrong lengths: empty, one short, one long, the other encoding's length.
fn rejects_lengths<A: PointEncoding>() {
    let p = A::generator();
    let (c, u) = (p.to_compressed(), p.to_uncompressed());
    let (c, u) = (c.as_ref(), u.as_ref());
    let (nc, nu) = (c.len(), u.len());
    let long_c = [c, &[0]].concat();
    let long_u = [u, &[0]].concat();
    for (bytes, dec) in [
        (&[][..], A::from_compressed as fn(&[u8]) -> Result<A, Error>),
        (&c[..nc - 1], A::from_compressed),
        (&long_c[..], A::from_compressed),
        (u, A::from_compressed),
        (&c[..nc - 1], A::from_compressed_unchecked),
    ] {
        assert_eq!(dec(bytes), Err(Error::Length { expected: nc, got: bytes.len() }));
    }
    for (bytes, dec) in [
        (&[][..], A::from_uncompressed as fn(&[u8]) -> Result<A, Error>),
        (&u[..nu - 1], A::from_uncompressed),
        (&long_u[..], A::from_uncompressed),
        (c, A::from_uncompressed),
        (&u[..nu - 1], A::from_uncompressed_unchecked),
    ] {
        assert_eq!(dec(bytes), Err(Error::Length { expected: nu, got: bytes.len() }));
    }
}

#[test]
fn rejects_wrong_lengths() {
    rejects_lengths::<bls12_381::G1Affine>();
    rejects_lengths::<bls12_381::G2Affine>();
    rejects_lengths::<bn254::G1Affine>();
    rejects_lengths::<bn254::G2Affine>();
    let e = |expected, got| Some(Error::Length { expected, got });
    assert_eq!(bls12_381::G1Affine::from_eip2537(&[0; 127]).err(), e(128, 127));
    assert_eq!(bls12_381::G1Affine::from_eip2537_unchecked(&[0; 129]).err(), e(128, 129));
    assert_eq!(bls12_381::G2Affine::from_eip2537(&[0; 128]).err(), e(256, 128));
    assert_eq!(bls12_381::G2Affine::from_eip2537_unchecked(&[]).err(), e(256, 0));
    assert_eq!(bn254::G1Affine::from_evm_bytes(&[0; 63]).err(), e(64, 63));
    assert_eq!(bn254::G1Affine::from_evm_bytes_unchecked(&[0; 65]).err(), e(64, 65));
    assert_eq!(bn254::G2Affine::from_evm_bytes(&[0; 64]).err(), e(128, 64));
    assert_eq!(bn254::G2Affine::from_evm_bytes_unchecked(&[0; 127]).err(), e(128, 127));
}

/// ZCash flags (first byte): compressed `0x80`, infinity `0x40`, sort `0x20`.
fn zcash_rejects_flags<A: PointEncoding>() {
    let p = point_for::<A>();
    let (c, u) = (p.to_compressed(), p.to_uncompressed());
    let with = |b: &[u8], f: fn(&mut Vec<u8>)| {
        let mut v = b.to_vec();
        f(&mut v);
        v
    };
    // Compressed without the compression flag.
    assert_eq!(A::from_compressed(&with(c.as_ref(), |v| v[0] &= 0x7f)), Err(Error::InvalidFlags));
    // Uncompressed with the compression or the sort flag.
    assert_eq!(A::from_uncompressed(&with(u.as_ref(), |v| v[0] |= 0x80)), Err(Error::InvalidFlags));
    assert_eq!(A::from_uncompressed(&with(u.as_ref(), |v| v[0] |= 0x20)), Err(Error::InvalidFlags));
    // Infinity with a non-zero x, with the sort flag, or with a non-zero last byte.
    assert_eq!(A::from_compressed(&with(c.as_ref(), |v| v[0] |= 0x40)), Err(Error::InvalidFlags));
    assert_eq!(A::from_uncompressed(&with(u.as_ref(), |v| v[0] |= 0x40)), Err(Error::InvalidFlags));
    let inf_c = A::identity().to_compressed();
    let inf_u = A::identity().to_uncompressed();
    assert_eq!(inf_c.as_ref()[0], 0xc0);
    assert_eq!(inf_u.as_ref()[0], 0x40);
    assert_eq!(A::from_compressed(&with(inf_c.as_ref(), |v| v[0] |= 0x20)), Err(Error::InvalidFlags));
    assert_eq!(A::from_compressed(&with(inf_c.as_ref(), |v| *v.last_mut().unwrap() = 1)), Err(Error::InvalidFlags));
    assert_eq!(A::from_uncompressed(&with(inf_u.as_ref(), |v| *v.last_mut().unwrap() = 1)), Err(Error::InvalidFlags));
}

/// arkworks flags (last byte): `YIsNegative` `0x80`, `PointAtInfinity` `0x40`.
fn ark_rejects_flags<A: PointEncoding>() {
    let p = point_for::<A>();
    let (c, u) = (p.to_compressed(), p.to_uncompressed());
    let with = |b: &[u8], f: fn(&mut Vec<u8>)| {
        let mut v = b.to_vec();
        f(&mut v);
        v
    };
    // Both flags set (rejected by arkworks too).
    assert_eq!(A::from_compressed(&with(c.as_ref(), |v| *v.last_mut().unwrap() |= 0xc0)), Err(Error::InvalidFlags));
    assert_eq!(A::from_uncompressed(&with(u.as_ref(), |v| *v.last_mut().unwrap() |= 0xc0)), Err(Error::InvalidFlags));
    // Infinity with a non-zero coordinate (arkworks ignores the coordinates).
    let set_inf = |v: &mut Vec<u8>| {
        let i = v.len() - 1;
        v[i] = (v[i] & 0x3f) | 0x40;
    };
    assert_eq!(A::from_compressed(&with(c.as_ref(), set_inf)), Err(Error::InvalidFlags));
    assert_eq!(A::from_uncompressed(&with(u.as_ref(), set_inf)), Err(Error::InvalidFlags));
    let inf_u = A::identity().to_uncompressed();
    assert_eq!(A::from_uncompressed(&with(inf_u.as_ref(), |v| v[0] = 1)), Err(Error::InvalidFlags));
    // Uncompressed with the wrong sign of y (arkworks ignores it).
    assert_eq!(A::from_uncompressed(&with(u.as_ref(), |v| *v.last_mut().unwrap() ^= 0x80)), Err(Error::InvalidFlags));
    // Compressed with the other sign: the negated point.
    assert_eq!(A::from_compressed(&with(c.as_ref(), |v| *v.last_mut().unwrap() ^= 0x80)), Ok(-p));
}

/// A fixed point whose encodings have non-trivial bytes everywhere.
fn point_for<A: PointEncoding>() -> A {
    A::generator().to_group().double().double().to_affine()
}

#[test]
fn rejects_bad_flags() {
    zcash_rejects_flags::<bls12_381::G1Affine>();
    zcash_rejects_flags::<bls12_381::G2Affine>();
    ark_rejects_flags::<bn254::G1Affine>();
    ark_rejects_flags::<bn254::G2Affine>();
}

/// Non-canonical coordinates: a coefficient equal to p (and, where the layout has spare bits,
/// a coefficient with the top value bit set), in every coefficient position.
#[test]
fn rejects_non_canonical_coordinates() {
    // BLS12-381, ZCash: big-endian, Fp2 as c1 ‖ c0.
    let p381 = modulus_be::<bls12_381::FpParams, 6>();
    let g1 = point_for::<bls12_381::G1Affine>();
    let mut c = g1.to_compressed();
    c[..48].copy_from_slice(&p381);
    c[0] |= 0x80;
    assert_eq!(bls12_381::G1Affine::from_compressed(&c), Err(Error::NonCanonical));
    let mut c = g1.to_compressed();
    c[0] |= 0x1f; // x ≥ 2^380 > p
    assert_eq!(bls12_381::G1Affine::from_compressed_unchecked(&c), Err(Error::NonCanonical));
    for at in [0, 48] {
        let mut u = g1.to_uncompressed();
        u[at..at + 48].copy_from_slice(&p381);
        assert_eq!(bls12_381::G1Affine::from_uncompressed(&u), Err(Error::NonCanonical));
    }
    let g2 = point_for::<bls12_381::G2Affine>();
    for at in [0, 48] {
        let mut c = g2.to_compressed();
        c[at..at + 48].copy_from_slice(&p381);
        c[0] |= 0x80;
        assert_eq!(bls12_381::G2Affine::from_compressed(&c), Err(Error::NonCanonical));
    }
    for at in [0, 48, 96, 144] {
        let mut u = g2.to_uncompressed();
        u[at..at + 48].copy_from_slice(&p381);
        assert_eq!(bls12_381::G2Affine::from_uncompressed(&u), Err(Error::NonCanonical));
    }
    // EIP-2537: a coefficient p, and a non-zero padding byte.
    for at in [0, 64] {
        let mut b = g1.to_eip2537();
        b[at + 16..at + 64].copy_from_slice(&p381);
        assert_eq!(bls12_381::G1Affine::from_eip2537(&b), Err(Error::NonCanonical));
        let mut b = g1.to_eip2537();
        b[at + 15] = 1;
        assert_eq!(bls12_381::G1Affine::from_eip2537_unchecked(&b), Err(Error::NonCanonical));
    }
    for at in [0, 64, 128, 192] {
        let mut b = g2.to_eip2537();
        b[at + 16..at + 64].copy_from_slice(&p381);
        assert_eq!(bls12_381::G2Affine::from_eip2537(&b), Err(Error::NonCanonical));
        let mut b = g2.to_eip2537();
        b[at] = 0x80;
        assert_eq!(bls12_381::G2Affine::from_eip2537_unchecked(&b), Err(Error::NonCanonical));
    }

    // BN254, arkworks: little-endian, Fp2 as c0 ‖ c1, flags in the last byte.
    let p254: Vec<u8> = modulus_be::<bn254::FpParams, 4>().into_iter().rev().collect();
    let h1 = point_for::<bn254::G1Affine>();
    let mut c = h1.to_compressed();
    c.copy_from_slice(&p254);
    assert_eq!(bn254::G1Affine::from_compressed(&c), Err(Error::NonCanonical));
    c[31] |= 0x80; // with a flag: still x = p
    assert_eq!(bn254::G1Affine::from_compressed(&c), Err(Error::NonCanonical));
    let mut c = h1.to_compressed();
    c[31] |= 0x3f; // x ≥ 0x3f·2^248 > p
    assert_eq!(bn254::G1Affine::from_compressed(&c), Err(Error::NonCanonical));
    for at in [0, 32] {
        let mut u = h1.to_uncompressed();
        let flag = u[63] & 0xc0;
        u[at..at + 32].copy_from_slice(&p254);
        u[63] |= flag;
        assert_eq!(bn254::G1Affine::from_uncompressed(&u), Err(Error::NonCanonical));
    }
    let mut u = h1.to_uncompressed();
    u[31] |= 0x80; // a would-be flag bit on x is a value bit: x ≥ 2^255 > p
    assert_eq!(bn254::G1Affine::from_uncompressed(&u), Err(Error::NonCanonical));
    let h2 = point_for::<bn254::G2Affine>();
    for at in [0, 32] {
        let mut c = h2.to_compressed();
        let flag = c[63] & 0xc0;
        c[at..at + 32].copy_from_slice(&p254);
        c[63] |= flag;
        assert_eq!(bn254::G2Affine::from_compressed(&c), Err(Error::NonCanonical));
    }
    for at in [0, 32, 64, 96] {
        let mut u = h2.to_uncompressed();
        let flag = u[127] & 0xc0;
        u[at..at + 32].copy_from_slice(&p254);
        u[127] |= flag;
        assert_eq!(bn254::G2Affine::from_uncompressed(&u), Err(Error::NonCanonical));
    }
    // EVM: big-endian, any coefficient p, or a top bit set.
    let p254_be = modulus_be::<bn254::FpParams, 4>();
    for at in [0, 32] {
        let mut b = h1.to_evm_bytes();
        b[at..at + 32].copy_from_slice(&p254_be);
        assert_eq!(bn254::G1Affine::from_evm_bytes(&b), Err(Error::NonCanonical));
    }
    for at in [0, 32, 64, 96] {
        let mut b = h2.to_evm_bytes();
        b[at..at + 32].copy_from_slice(&p254_be);
        assert_eq!(bn254::G2Affine::from_evm_bytes(&b), Err(Error::NonCanonical));
        let mut b = h2.to_evm_bytes();
        b[at] |= 0x80;
        assert_eq!(bn254::G2Affine::from_evm_bytes_unchecked(&b), Err(Error::NonCanonical));
    }
}

/// Coordinates that are canonical but off the curve: a compressed `x` with no `y`, and
/// uncompressed `(x, y + 1)` (with the flag of `y + 1` where the format has one).
#[test]
fn rejects_points_off_the_curve() {
    // BLS12-381.
    let x = x_off_curve::<bls12_381::G1Curve>();
    let mut c = [0u8; 48];
    c.copy_from_slice(&x.to_bytes_be());
    c[0] |= 0x80;
    assert_eq!(bls12_381::G1Affine::from_compressed_unchecked(&c), Err(Error::NotOnCurve));
    let g1 = point_for::<bls12_381::G1Affine>();
    let off1 = Affine::<bls12_381::G1Curve>::from_xy_unchecked(g1.x(), g1.y() + bls12_381::Fp::ONE);
    assert_eq!(bls12_381::G1Affine::from_uncompressed_unchecked(&off1.to_uncompressed()), Err(Error::NotOnCurve));
    assert_eq!(bls12_381::G1Affine::from_eip2537_unchecked(&off1.to_eip2537()), Err(Error::NotOnCurve));
    let x = x_off_curve::<bls12_381::G2Curve>();
    let c = Affine::<bls12_381::G2Curve>::from_xy_unchecked(x, bls12_381::Fp2::ONE).to_compressed();
    assert_eq!(bls12_381::G2Affine::from_compressed_unchecked(&c), Err(Error::NotOnCurve));
    let g2 = point_for::<bls12_381::G2Affine>();
    let off2 = Affine::<bls12_381::G2Curve>::from_xy_unchecked(g2.x(), g2.y() + bls12_381::Fp2::ONE);
    assert_eq!(bls12_381::G2Affine::from_uncompressed_unchecked(&off2.to_uncompressed()), Err(Error::NotOnCurve));
    assert_eq!(bls12_381::G2Affine::from_eip2537_unchecked(&off2.to_eip2537()), Err(Error::NotOnCurve));

    // BN254 (the encoders write whatever coordinates the point holds, with the flag of its y).
    let x = x_off_curve::<bn254::G1Curve>();
    let c = Affine::<bn254::G1Curve>::from_xy_unchecked(x, bn254::Fp::ONE).to_compressed();
    assert_eq!(bn254::G1Affine::from_compressed(&c), Err(Error::NotOnCurve));
    let h1 = point_for::<bn254::G1Affine>();
    let off1 = Affine::<bn254::G1Curve>::from_xy_unchecked(h1.x(), h1.y() + bn254::Fp::ONE);
    assert_eq!(bn254::G1Affine::from_uncompressed(&off1.to_uncompressed()), Err(Error::NotOnCurve));
    assert_eq!(bn254::G1Affine::from_evm_bytes(&off1.to_evm_bytes()), Err(Error::NotOnCurve));
    let x = x_off_curve::<bn254::G2Curve>();
    let c = Affine::<bn254::G2Curve>::from_xy_unchecked(x, bn254::Fp2::ONE).to_compressed();
    assert_eq!(bn254::G2Affine::from_compressed_unchecked(&c), Err(Error::NotOnCurve));
    let h2 = point_for::<bn254::G2Affine>();
    let off2 = Affine::<bn254::G2Curve>::from_xy_unchecked(h2.x(), h2.y() + bn254::Fp2::ONE);
    assert_eq!(bn254::G2Affine::from_uncompressed_unchecked(&off2.to_uncompressed()), Err(Error::NotOnCurve));
    assert_eq!(bn254::G2Affine::from_evm_bytes_unchecked(&off2.to_evm_bytes()), Err(Error::NotOnCurve));
}

/// Points on the curve outside the subgroup: every checked decoder rejects them with
/// [`Error::NotInSubgroup`], every unchecked one accepts them (BLS12-381 G1 and G2, BN254 G2;
/// BN254 G1 has cofactor 1).
#[test]
fn rejects_points_outside_the_subgroup() {
    for seed in 10..13 {
        let b1 = off_subgroup::<bls12_381::G1Curve>(seed);
        assert_eq!(bls12_381::G1Affine::from_compressed(&b1.to_compressed()), Err(Error::NotInSubgroup));
        assert_eq!(bls12_381::G1Affine::from_uncompressed(&b1.to_uncompressed()), Err(Error::NotInSubgroup));
        assert_eq!(bls12_381::G1Affine::from_eip2537(&b1.to_eip2537()), Err(Error::NotInSubgroup));
        assert_eq!(bls12_381::G1Affine::from_eip2537_unchecked(&b1.to_eip2537()), Ok(b1));
        let b2 = off_subgroup::<bls12_381::G2Curve>(seed);
        assert_eq!(bls12_381::G2Affine::from_compressed(&b2.to_compressed()), Err(Error::NotInSubgroup));
        assert_eq!(bls12_381::G2Affine::from_uncompressed(&b2.to_uncompressed()), Err(Error::NotInSubgroup));
        assert_eq!(bls12_381::G2Affine::from_eip2537(&b2.to_eip2537()), Err(Error::NotInSubgroup));
        assert_eq!(bls12_381::G2Affine::from_eip2537_unchecked(&b2.to_eip2537()), Ok(b2));
        let n2 = off_subgroup::<bn254::G2Curve>(seed);
        assert_eq!(bn254::G2Affine::from_compressed(&n2.to_compressed()), Err(Error::NotInSubgroup));
        assert_eq!(bn254::G2Affine::from_uncompressed(&n2.to_uncompressed()), Err(Error::NotInSubgroup));
        assert_eq!(bn254::G2Affine::from_evm_bytes(&n2.to_evm_bytes()), Err(Error::NotInSubgroup));
    }
    // BN254 G1: every curve point is in the group, so the checked decoders accept them all.
    let mut rng = ChaCha20Rng::seed_from_u64(14);
    for _ in 0..5 {
        let p = common::random_curve_point::<bn254::G1Curve>(&mut rng);
        let r = <bn254::FrParams as FieldParams<4>>::MODULUS;
        assert!(bool::from(p.mul_limbs_vartime(&r).is_identity()));
        let p = p.to_affine();
        assert_eq!(bn254::G1Affine::from_compressed(&p.to_compressed()), Ok(p));
        assert_eq!(bn254::G1Affine::from_evm_bytes(&p.to_evm_bytes()), Ok(p));
    }
}

// ---------------------------------------------------------------------------------------------
// BN254 against arkworks' CanonicalSerialize / CanonicalDeserialize.

/// Our `[k]G` and arkworks' `[k]G` for the same random `k` (the same generators: EIP-196/197).
fn bn254_pair(seed: u64) -> (bn254::G1Affine, ark_bn254::G1Affine, bn254::G2Affine, ark_bn254::G2Affine) {
    if seed == 0 {
        return (
            bn254::G1Affine::identity(),
            ark_bn254::G1Affine::zero(),
            bn254::G2Affine::identity(),
            ark_bn254::G2Affine::zero(),
        );
    }
    let k = bn254::Fr::random(&mut ChaCha20Rng::seed_from_u64(seed));
    let ak = ark_bn254::Fr::from_le_bytes_mod_order(&k.to_bytes_le());
    (
        bn254::G1Projective::generator().mul(&k).to_affine(),
        (ark_bn254::G1Projective::generator() * ak).into_affine(),
        bn254::G2Projective::generator().mul(&k).to_affine(),
        (ark_bn254::G2Projective::generator() * ak).into_affine(),
    )
}

fn ark_bytes<T: CanonicalSerialize>(t: &T, compressed: bool) -> Vec<u8> {
    let mut v = Vec::new();
    if compressed {
        t.serialize_compressed(&mut v).unwrap();
    } else {
        t.serialize_uncompressed(&mut v).unwrap();
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Our bytes are arkworks' bytes, for both signs of y; arkworks reads ours back.
    #[test]
    fn bn254_bytes_match_arkworks(seed in 0u64..u64::MAX) {
        let (p, ap, q, aq) = bn254_pair(if seed % 8 == 0 { 0 } else { seed });
        for (p, ap, q, aq) in [(p, ap, q, aq), (-p, -ap, -q, -aq)] {
            prop_assert_eq!(p.to_compressed().to_vec(), ark_bytes(&ap, true));
            prop_assert_eq!(p.to_uncompressed().to_vec(), ark_bytes(&ap, false));
            prop_assert_eq!(q.to_compressed().to_vec(), ark_bytes(&aq, true));
            prop_assert_eq!(q.to_uncompressed().to_vec(), ark_bytes(&aq, false));
            prop_assert_eq!(ark_bn254::G1Affine::deserialize_compressed(&p.to_compressed()[..]).unwrap(), ap);
            prop_assert_eq!(ark_bn254::G1Affine::deserialize_uncompressed(&p.to_uncompressed()[..]).unwrap(), ap);
            prop_assert_eq!(ark_bn254::G2Affine::deserialize_compressed(&q.to_compressed()[..]).unwrap(), aq);
            prop_assert_eq!(ark_bn254::G2Affine::deserialize_uncompressed(&q.to_uncompressed()[..]).unwrap(), aq);
        }
    }
}

#[test]
fn bn254_identity_matches_arkworks() {
    let (p, ap, q, aq) = bn254_pair(0);
    assert_eq!(p.to_compressed().to_vec(), ark_bytes(&ap, true));
    assert_eq!(p.to_uncompressed().to_vec(), ark_bytes(&ap, false));
    assert_eq!(q.to_compressed().to_vec(), ark_bytes(&aq, true));
    assert_eq!(q.to_uncompressed().to_vec(), ark_bytes(&aq, false));
}

/// Whether arkworks' checked deserializer accepts `bytes`, and the point it gives re-encoded.
fn ark_decode<A: CanonicalDeserialize + CanonicalSerialize>(bytes: &[u8], compressed: bool) -> Option<Vec<u8>> {
    let r = if compressed { A::deserialize_compressed(bytes) } else { A::deserialize_uncompressed(bytes) };
    r.ok().map(|a| ark_bytes(&a, compressed))
}

/// Mutations of valid encodings: flag bits, value bits, a coordinate set to p. Both decoders
/// must agree on acceptance, and on the point when they accept, except where isochron is
/// documented stricter (arkworks ignores the coordinates under the infinity flag and the sign
/// flag of an uncompressed encoding); those cases are counted and must be the only ones.
fn mutations_agree<A, K>(seed: u64) -> (u32, u32)
where
    A: PointEncoding,
    K: CanonicalDeserialize + CanonicalSerialize,
{
    let (mut agreed, mut stricter) = (0, 0);
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let points = [
        A::identity(),
        point_for::<A>(),
        A::generator(),
        (A::generator().to_group() * A::Scalar::random(&mut rng)).to_affine(),
    ];
    for p in points {
        for compressed in [true, false] {
            let enc: Vec<u8> =
                if compressed { p.to_compressed().as_ref().to_vec() } else { p.to_uncompressed().as_ref().to_vec() };
            let n = enc.len();
            let mut muts: Vec<Vec<u8>> = Vec::new();
            for mask in [0x80u8, 0x40, 0xc0] {
                let mut m = enc.clone();
                m[n - 1] ^= mask;
                muts.push(m);
            }
            for i in [0, 1, n / 2, n - 2, n - 1] {
                let mut m = enc.clone();
                m[i] ^= 1;
                muts.push(m);
                let mut m = enc.clone();
                m[i] ^= 0x20;
                muts.push(m);
            }
            let mut m = enc.clone();
            m[n - 1] |= 0x3f;
            muts.push(m);
            for m in muts {
                let ours = if compressed { A::from_compressed(&m) } else { A::from_uncompressed(&m) };
                let ours = ours.ok().map(|q| {
                    if compressed {
                        q.to_compressed().as_ref().to_vec()
                    } else {
                        q.to_uncompressed().as_ref().to_vec()
                    }
                });
                let theirs = ark_decode::<K>(&m, compressed);
                if ours == theirs {
                    agreed += 1;
                    continue;
                }
                // The only differences: arkworks accepts, we reject, and the input is not the
                // canonical encoding of the point arkworks read.
                assert!(ours.is_none(), "isochron accepts what arkworks rejects: {m:02x?}");
                let flags = m[n - 1] & 0xc0;
                let inf_with_payload = flags == 0x40;
                let wrong_sign = !compressed && flags != 0x40;
                assert!(inf_with_payload || wrong_sign, "unexpected disagreement on {m:02x?}");
                assert_ne!(theirs.as_deref(), Some(&m[..]));
                stricter += 1;
            }
        }
    }
    (agreed, stricter)
}

#[test]
fn bn254_mutated_encodings_agree_with_arkworks() {
    let (a1, s1) = mutations_agree::<bn254::G1Affine, ark_bn254::G1Affine>(21);
    let (a2, s2) = mutations_agree::<bn254::G2Affine, ark_bn254::G2Affine>(22);
    eprintln!("G1: {a1} agreed, {s1} stricter; G2: {a2} agreed, {s2} stricter");
    assert!(a1 > 50 && a2 > 50, "agreed {a1} {a2}");
    assert!(s1 > 0 && s2 > 0, "stricter {s1} {s2}");
    // Points off G2's subgroup: both checked decoders reject, both unchecked ones accept.
    for seed in 30..33 {
        let q = off_subgroup::<bn254::G2Curve>(seed);
        for (bytes, compressed) in [(q.to_compressed().to_vec(), true), (q.to_uncompressed().to_vec(), false)] {
            assert_eq!(ark_decode::<ark_bn254::G2Affine>(&bytes, compressed), None);
            let unchecked = if compressed {
                ark_bn254::G2Affine::deserialize_compressed_unchecked(&bytes[..])
            } else {
                ark_bn254::G2Affine::deserialize_uncompressed_unchecked(&bytes[..])
            };
            assert_eq!(ark_bytes(&unchecked.unwrap(), compressed), bytes);
        }
    }
}
