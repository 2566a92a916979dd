//! BLS12-381 against blst 0.3.17 (its exported C functions) on random points and scalars:
//! Miller loop, final exponentiation, pairing, GT encoding and membership, G1/G2 addition,
//! doubling and scalar multiplication, the ZCash compressed and uncompressed encodings in both
//! directions, and subgroup checks on valid and invalid points.
//!
//! What the comparison found: blst's `blst_miller_loop` and isochron's `miller_loop` differ by
//! a factor in Fp2 (the ratio is fixed by the `p²`-Frobenius, not by the `p`-Frobenius, and is
//! not a conjugation): the two scale their line functions by different Fp2 constants. Any
//! factor in a proper subfield is killed by the easy part `p⁶ − 1` of the final
//! exponentiation, and after it the values are identical: `blst_final_exp` and isochron's
//! final exponentiation agree bit for bit, on Miller loop values and on arbitrary Fp12
//! elements (both compute the same fixed power of `f^((p¹² − 1)/r)`, see `final_exp`). The
//! tests assert exactly that: the ratio in Fp2, the exponentiated values equal.

use blst::*;
use isochron::curve::short_weierstrass::{Affine, Projective, Scalar, SwCurve};
use isochron::curves::bls12_381::{Bls12_381, Fp, Fp12, Fp2, Fp6, G1Affine, G1Curve, G2Affine, G2Curve};
use isochron::field::{Field, SqrtField};
use isochron::pairing::{self, Gt};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

type S = Scalar<G1Curve>;

fn rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

fn random_g1(r: &mut ChaCha20Rng) -> G1Affine {
    Projective::<G1Curve>::generator().mul(&S::random(r)).to_affine()
}

fn random_g2(r: &mut ChaCha20Rng) -> G2Affine {
    Projective::<G2Curve>::generator().mul(&S::random(r)).to_affine()
}

/// A point on the curve outside the prime-order subgroup: the first `x ≥ start` with a square
/// `x³ + b` whose point fails the subgroup test (almost every one, the cofactors being large).
fn off_subgroup<C: SwCurve>(start: C::Base) -> Affine<C>
where
    C::Base: SqrtField,
{
    let mut x = start;
    loop {
        x += C::Base::ONE;
        if let Some(y) = Option::<C::Base>::from((x.square() * x + C::B).sqrt()) {
            let p = Affine::<C>::from_xy(x, y).unwrap();
            if !C::is_torsion_free_vartime(&p.to_projective()) {
                return p;
            }
        }
    }
}

/// The twelve Fp coefficients of an Fp12 element in tower order, big-endian.
fn fp12_bytes(f: &Fp12) -> Vec<u8> {
    [f.c0.c0, f.c0.c1, f.c0.c2, f.c1.c0, f.c1.c1, f.c1.c2]
        .iter()
        .flat_map(|x| [x.c0.to_bytes_be().to_vec(), x.c1.to_bytes_be().to_vec()].concat())
        .collect()
}

/// The same for blst's `blst_fp12` (`fp6[2]` of `fp2[3]` of `fp[2]`, the same tower), read
/// field by field: `blst_bendian_from_fp12` orders the coefficients by powers of `w` instead.
fn blst_fp12_bytes(f: &blst_fp12) -> Vec<u8> {
    let mut out = vec![0u8; 576];
    let coeffs = f.fp6.iter().flat_map(|x| x.fp2.iter()).flat_map(|x| x.fp.iter());
    for (o, c) in out.chunks_mut(48).zip(coeffs) {
        // SAFETY: FFI call; `o` holds the 48 bytes blst writes, `c` is a valid blst_fp.
        unsafe { blst_bendian_from_fp(o.as_mut_ptr(), c) };
    }
    out
}

fn from_blst_fp12(f: &blst_fp12) -> Fp12 {
    let c: Vec<Fp> = blst_fp12_bytes(f).chunks(48).map(|b| Fp::from_bytes_be(b).unwrap()).collect();
    let e2 = |i: usize| Fp2::new(c[2 * i], c[2 * i + 1]);
    Fp12::new(Fp6::new(e2(0), e2(1), e2(2)), Fp6::new(e2(3), e2(4), e2(5)))
}

/// Whether `ours / theirs` is a non-zero element of Fp2 (fixed by the `p²`-Frobenius).
fn differ_by_fp2(ours: &Fp12, theirs: &blst_fp12) -> bool {
    let ratio = *ours * from_blst_fp12(theirs).invert().unwrap();
    ratio.frobenius_map(2) == ratio
}

fn to_blst_fp12(f: &Fp12) -> blst_fp12 {
    let bytes = fp12_bytes(f);
    let mut fp = [blst_fp::default(); 12];
    for (o, b) in fp.iter_mut().zip(bytes.chunks(48)) {
        // SAFETY: FFI call; `b` is 48 bytes, `o` a valid blst_fp.
        unsafe { blst_fp_from_bendian(o, b.as_ptr()) };
    }
    let fp2 = |i: usize| blst_fp2 { fp: [fp[2 * i], fp[2 * i + 1]] };
    blst_fp12 { fp6: [blst_fp6 { fp2: [fp2(0), fp2(1), fp2(2)] }, blst_fp6 { fp2: [fp2(3), fp2(4), fp2(5)] }] }
}

/// Our G1 point in blst, through our uncompressed encoding and `blst_p1_deserialize` (which
/// checks the curve equation but not the subgroup).
fn to_blst_p1(p: &G1Affine) -> blst_p1_affine {
    let mut b = [0u8; 96];
    p.write_uncompressed(&mut b);
    let mut out = blst_p1_affine::default();
    // SAFETY: FFI call; `b` holds the 96 bytes blst reads.
    assert_eq!(unsafe { blst_p1_deserialize(&mut out, b.as_ptr()) }, BLST_ERROR::BLST_SUCCESS);
    out
}

/// A blst G1 point as ours, through `blst_p1_affine_serialize` and our unchecked decoder.
fn from_blst_p1(p: &blst_p1_affine) -> G1Affine {
    let mut b = [0u8; 96];
    // SAFETY: FFI call; `b` holds the 96 bytes blst writes.
    unsafe { blst_p1_affine_serialize(b.as_mut_ptr(), p) };
    G1Affine::from_uncompressed_unchecked(&b).unwrap()
}

fn to_blst_p2(p: &G2Affine) -> blst_p2_affine {
    let mut b = [0u8; 192];
    p.write_uncompressed(&mut b);
    let mut out = blst_p2_affine::default();
    // SAFETY: FFI call; `b` holds the 192 bytes blst reads.
    assert_eq!(unsafe { blst_p2_deserialize(&mut out, b.as_ptr()) }, BLST_ERROR::BLST_SUCCESS);
    out
}

fn from_blst_p2(p: &blst_p2_affine) -> G2Affine {
    let mut b = [0u8; 192];
    // SAFETY: FFI call; `b` holds the 192 bytes blst writes.
    unsafe { blst_p2_affine_serialize(b.as_mut_ptr(), p) };
    G2Affine::from_uncompressed_unchecked(&b).unwrap()
}

fn p1_affine(p: &blst_p1) -> blst_p1_affine {
    let mut a = blst_p1_affine::default();
    // SAFETY: FFI call on valid values.
    unsafe { blst_p1_to_affine(&mut a, p) };
    a
}

fn p1_proj(a: &blst_p1_affine) -> blst_p1 {
    let mut p = blst_p1::default();
    // SAFETY: FFI call on valid values.
    unsafe { blst_p1_from_affine(&mut p, a) };
    p
}

fn p2_affine(p: &blst_p2) -> blst_p2_affine {
    let mut a = blst_p2_affine::default();
    // SAFETY: FFI call on valid values.
    unsafe { blst_p2_to_affine(&mut a, p) };
    a
}

fn p2_proj(a: &blst_p2_affine) -> blst_p2 {
    let mut p = blst_p2::default();
    // SAFETY: FFI call on valid values.
    unsafe { blst_p2_from_affine(&mut p, a) };
    p
}

fn blst_miller(p: &G1Affine, q: &G2Affine) -> blst_fp12 {
    let (bp, bq) = (to_blst_p1(p), to_blst_p2(q));
    let mut f = blst_fp12::default();
    // SAFETY: FFI call on valid affine points and a distinct output.
    unsafe { blst_miller_loop(&mut f, &bq, &bp) };
    f
}

fn blst_fexp(f: &blst_fp12) -> blst_fp12 {
    let mut r = blst_fp12::default();
    // SAFETY: FFI call on a valid value and a distinct output.
    unsafe { blst_final_exp(&mut r, f) };
    r
}

#[test]
fn miller_loop_and_final_exponentiation_match_blst() {
    let mut r = rng(61);
    for i in 0..6 {
        let (p, q) = (random_g1(&mut r), random_g2(&mut r));
        let ours = pairing::miller_loop::<Bls12_381, 6>(&p, &q);
        let theirs = blst_miller(&p, &q);
        assert!(differ_by_fp2(&ours, &theirs), "Miller loop {i}");
        let e = pairing::final_exponentiation::<Bls12_381, 6>(&ours);
        let mut e_bytes = vec![0u8; Gt::<Bls12_381, 6>::SIZE];
        e.write_bytes(&mut e_bytes).unwrap();
        assert_eq!(e_bytes, blst_fp12_bytes(&blst_fexp(&theirs)), "pairing {i}");
        // The final exponentiation alone, on a random Fp12 element (not a Miller loop value).
        let f = Fp12::random(&mut r);
        let ours = pairing::final_exponentiation::<Bls12_381, 6>(&f);
        assert_eq!(fp12_bytes(ours.as_fp12()), blst_fp12_bytes(&blst_fexp(&to_blst_fp12(&f))), "final exp {i}");
        // GT membership agrees with blst_fp12_in_group on GT and non-GT elements.
        // SAFETY: FFI calls on valid blst_fp12 values.
        unsafe {
            assert!(blst_fp12_in_group(&to_blst_fp12(ours.as_fp12())));
            assert!(!blst_fp12_in_group(&to_blst_fp12(&f)));
        }
        assert!(Gt::<Bls12_381, 6>::is_member_vartime(ours.as_fp12()));
        assert!(!Gt::<Bls12_381, 6>::is_member_vartime(&f));
    }
}

#[test]
fn multi_miller_loop_matches_blst() {
    let mut r = rng(62);
    let pairs: Vec<(G1Affine, G2Affine)> = (0..3).map(|_| (random_g1(&mut r), random_g2(&mut r))).collect();
    let prepared: Vec<_> = pairs.iter().map(|(p, q)| (*p, pairing::G2Prepared::from(*q))).collect();
    let ours = pairing::multi_miller_loop::<Bls12_381, 6>(&prepared);
    let bp: Vec<blst_p1_affine> = pairs.iter().map(|(p, _)| to_blst_p1(p)).collect();
    let bq: Vec<blst_p2_affine> = pairs.iter().map(|(_, q)| to_blst_p2(q)).collect();
    let (pp, qp): (Vec<*const blst_p1_affine>, Vec<*const blst_p2_affine>) =
        (bp.iter().map(|p| p as *const _).collect(), bq.iter().map(|q| q as *const _).collect());
    let mut theirs = blst_fp12::default();
    // SAFETY: FFI call; `pp` and `qp` point to 3 valid affine points each.
    unsafe { blst_miller_loop_n(&mut theirs, qp.as_ptr(), pp.as_ptr(), 3) };
    assert!(differ_by_fp2(&ours, &theirs));
    let e = pairing::final_exponentiation::<Bls12_381, 6>(&ours);
    assert_eq!(fp12_bytes(e.as_fp12()), blst_fp12_bytes(&blst_fexp(&theirs)));
}

#[test]
fn g1_arithmetic_matches_blst() {
    let mut r = rng(63);
    for _ in 0..20 {
        let (a, b) = (random_g1(&mut r), random_g1(&mut r));
        let (ba, bb) = (p1_proj(&to_blst_p1(&a)), p1_proj(&to_blst_p1(&b)));
        let mut sum = blst_p1::default();
        let mut dbl = blst_p1::default();
        // SAFETY: FFI calls on valid points and distinct outputs.
        unsafe {
            blst_p1_add_or_double(&mut sum, &ba, &bb);
            blst_p1_double(&mut dbl, &ba);
        }
        assert_eq!((a.to_projective() + b.to_projective()).to_affine(), from_blst_p1(&p1_affine(&sum)));
        assert_eq!(a.to_projective().double().to_affine(), from_blst_p1(&p1_affine(&dbl)));
        let k = S::random(&mut r);
        let mut prod = blst_p1::default();
        // SAFETY: FFI call; the scalar is 32 little-endian bytes of which blst reads 255 bits.
        unsafe { blst_p1_mult(&mut prod, &ba, k.to_bytes_le().as_ptr(), 255) };
        let want = from_blst_p1(&p1_affine(&prod));
        assert_eq!(a.to_projective().mul(&k).to_affine(), want);
        assert_eq!(a.to_projective().mul_vartime(&k).to_affine(), want);
    }
}

#[test]
fn g2_arithmetic_matches_blst() {
    let mut r = rng(64);
    for _ in 0..10 {
        let (a, b) = (random_g2(&mut r), random_g2(&mut r));
        let (ba, bb) = (p2_proj(&to_blst_p2(&a)), p2_proj(&to_blst_p2(&b)));
        let mut sum = blst_p2::default();
        let mut dbl = blst_p2::default();
        // SAFETY: FFI calls on valid points and distinct outputs.
        unsafe {
            blst_p2_add_or_double(&mut sum, &ba, &bb);
            blst_p2_double(&mut dbl, &ba);
        }
        assert_eq!((a.to_projective() + b.to_projective()).to_affine(), from_blst_p2(&p2_affine(&sum)));
        assert_eq!(a.to_projective().double().to_affine(), from_blst_p2(&p2_affine(&dbl)));
        let k = S::random(&mut r);
        let mut prod = blst_p2::default();
        // SAFETY: FFI call; the scalar is 32 little-endian bytes of which blst reads 255 bits.
        unsafe { blst_p2_mult(&mut prod, &ba, k.to_bytes_le().as_ptr(), 255) };
        let want = from_blst_p2(&p2_affine(&prod));
        assert_eq!(a.to_projective().mul(&k).to_affine(), want);
        assert_eq!(a.to_projective().mul_vartime(&k).to_affine(), want);
    }
}

#[test]
fn g1_encodings_match_blst_both_ways() {
    let mut r = rng(65);
    let mut points: Vec<G1Affine> = (0..20).map(|_| random_g1(&mut r)).collect();
    points.push(G1Affine::identity());
    for p in points {
        let bp = to_blst_p1(&p);
        let (mut ours_c, mut theirs_c) = ([0u8; 48], [0u8; 48]);
        let (mut ours_u, mut theirs_u) = ([0u8; 96], [0u8; 96]);
        p.write_compressed(&mut ours_c);
        p.write_uncompressed(&mut ours_u);
        // SAFETY: FFI calls; the buffers hold the bytes blst writes.
        unsafe {
            blst_p1_affine_compress(theirs_c.as_mut_ptr(), &bp);
            blst_p1_affine_serialize(theirs_u.as_mut_ptr(), &bp);
        }
        assert_eq!(ours_c, theirs_c);
        assert_eq!(ours_u, theirs_u);
        assert_eq!(G1Affine::from_compressed(&theirs_c), Ok(p));
        assert_eq!(G1Affine::from_uncompressed(&theirs_u), Ok(p));
        let mut back = blst_p1_affine::default();
        // SAFETY: FFI call; `ours_c` holds the 48 bytes blst reads.
        assert_eq!(unsafe { blst_p1_uncompress(&mut back, ours_c.as_ptr()) }, BLST_ERROR::BLST_SUCCESS);
        // SAFETY: FFI call on valid affine points.
        assert!(unsafe { blst_p1_affine_is_equal(&back, &bp) });
    }
}

#[test]
fn g2_encodings_match_blst_both_ways() {
    let mut r = rng(66);
    let mut points: Vec<G2Affine> = (0..10).map(|_| random_g2(&mut r)).collect();
    points.push(G2Affine::identity());
    for p in points {
        let bp = to_blst_p2(&p);
        let (mut ours_c, mut theirs_c) = ([0u8; 96], [0u8; 96]);
        let (mut ours_u, mut theirs_u) = ([0u8; 192], [0u8; 192]);
        p.write_compressed(&mut ours_c);
        p.write_uncompressed(&mut ours_u);
        // SAFETY: FFI calls; the buffers hold the bytes blst writes.
        unsafe {
            blst_p2_affine_compress(theirs_c.as_mut_ptr(), &bp);
            blst_p2_affine_serialize(theirs_u.as_mut_ptr(), &bp);
        }
        assert_eq!(ours_c, theirs_c);
        assert_eq!(ours_u, theirs_u);
        assert_eq!(G2Affine::from_compressed(&theirs_c), Ok(p));
        assert_eq!(G2Affine::from_uncompressed(&theirs_u), Ok(p));
        let mut back = blst_p2_affine::default();
        // SAFETY: FFI call; `ours_c` holds the 96 bytes blst reads.
        assert_eq!(unsafe { blst_p2_uncompress(&mut back, ours_c.as_ptr()) }, BLST_ERROR::BLST_SUCCESS);
        // SAFETY: FFI call on valid affine points.
        assert!(unsafe { blst_p2_affine_is_equal(&back, &bp) });
    }
}

#[test]
fn subgroup_checks_match_blst() {
    let mut r = rng(67);
    let mut x1 = Fp::random(&mut r);
    let mut x2 = Fp2::random(&mut r);
    for _ in 0..10 {
        // Valid points.
        let (p, q) = (random_g1(&mut r), random_g2(&mut r));
        // SAFETY: FFI calls on valid affine points.
        unsafe {
            assert!(blst_p1_affine_in_g1(&to_blst_p1(&p)));
            assert!(blst_p2_affine_in_g2(&to_blst_p2(&q)));
        }
        // On the curve, outside the subgroup: both reject, and the checked decoders too.
        let bad1 = off_subgroup::<G1Curve>(x1);
        let bad2 = off_subgroup::<G2Curve>(x2);
        (x1, x2) = (bad1.x(), bad2.x());
        // SAFETY: FFI calls on valid (on-curve) affine points.
        unsafe {
            assert!(!blst_p1_affine_in_g1(&to_blst_p1(&bad1)));
            assert!(!blst_p2_affine_in_g2(&to_blst_p2(&bad2)));
        }
        let mut c1 = [0u8; 48];
        bad1.write_compressed(&mut c1);
        assert_eq!(G1Affine::from_compressed(&c1), Err(isochron::Error::NotInSubgroup));
        assert_eq!(G1Affine::from_compressed_unchecked(&c1), Ok(bad1));
        let mut c2 = [0u8; 96];
        bad2.write_compressed(&mut c2);
        assert_eq!(G2Affine::from_compressed(&c2), Err(isochron::Error::NotInSubgroup));
        assert_eq!(G2Affine::from_compressed_unchecked(&c2), Ok(bad2));
        // blst's uncompress accepts them too (it checks the curve, not the subgroup).
        let mut back = blst_p1_affine::default();
        // SAFETY: FFI call; `c1` holds the 48 bytes blst reads.
        assert_eq!(unsafe { blst_p1_uncompress(&mut back, c1.as_ptr()) }, BLST_ERROR::BLST_SUCCESS);
    }
}
