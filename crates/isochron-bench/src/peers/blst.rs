//! blst's kernels, through the functions the `blst` crate exports from the C library (the same
//! functions its own bindings build on). blst's `*_inverse` are its constant-time inversions.

use blst::*;

use super::{blst_bls, Peer};
use crate::fixtures::Fixtures;
use isochron::curve::PointEncoding;

use crate::op::{self, Curve, Field, FieldOp, Group, GroupOp, Op, PairingOp};
use crate::timing::{chain, repeat, Kernel};

/// blst (BLS12-381 only): its fields, groups and pairing here, its hashing and Ethereum BLS in
/// [`blst_bls`].
pub struct Blst;

impl Peer for Blst {
    fn name(&self) -> &'static str {
        "blst"
    }

    fn kernel(&self, op: Op, x: &[Vec<u8>], fixtures: &Fixtures) -> Option<Kernel> {
        match op {
            Op::Field(Curve::Bls12_381, Field::Fp, FieldOp::Sqrt) => Some(fp_sqrt(x)),
            Op::Field(Curve::Bls12_381, Field::Fp, f) => field::<blst_fp>(f, x),
            Op::Field(Curve::Bls12_381, Field::Fp2, f) => field::<blst_fp2>(f, x),
            Op::Field(Curve::Bls12_381, Field::Fp12, f) => field::<blst_fp12>(f, x),
            Op::Field(Curve::Bls12_381, Field::Fr, f) => field::<blst_fr>(f, x),
            Op::Pairing(Curve::Bls12_381, p) => Some(match p {
                PairingOp::MillerLoop => miller_loop(x),
                PairingOp::FinalExp => final_exp(x),
                PairingOp::Pairing => pairing(x),
                PairingOp::MultiPairing(_) => multi_pairing(x),
            }),
            Op::Group(Curve::Bls12_381, Group::G1, g) => Some(group::<blst_p1>(g, x)),
            Op::Group(Curve::Bls12_381, Group::G2, g) => Some(group::<blst_p2>(g, x)),
            Op::HashToCurve(Curve::Bls12_381, Group::G1) => Some(blst_bls::hash_to_g1(x)),
            Op::HashToCurve(Curve::Bls12_381, Group::G2) => Some(blst_bls::hash_to_g2(x)),
            Op::EthBls(e) => Some(blst_bls::eth_bls(e, x, fixtures)),
            Op::Msm(Curve::Bls12_381, Group::G1, m) => Some(msm_g1(m, fixtures)),
            Op::Msm(Curve::Bls12_381, Group::G2, m) => Some(msm_g2(m, fixtures)),
            Op::Field(Curve::Bn254, ..)
            | Op::Msm(Curve::Bn254, ..)
            | Op::Pairing(Curve::Bn254, _)
            | Op::Group(Curve::Bn254, ..)
            | Op::HashToCurve(Curve::Bn254, _)
            | Op::FrFft(..)
            | Op::Eip4844(_)
            | Op::Eip7594(_)
            | Op::Sec(..)
            | Op::Evm(_)
            | Op::C25519(..) => None,
        }
    }
}

/// A blst field type with the exported arithmetic the benchmark times.
pub trait BlstField: Copy + Default + PartialEq + core::fmt::Debug + 'static {
    /// The element whose canonical big-endian encoding (coefficients in tower order) is `bytes`.
    fn decode(bytes: &[u8]) -> Self;
    /// `a·b`.
    fn mul(a: &Self, b: &Self) -> Self;
    /// `a²`.
    fn square(a: &Self) -> Self;
    /// `a⁻¹` (constant time).
    fn inverse(a: &Self) -> Self;
}

/// Implements [`BlstField`]'s arithmetic for a blst type from its exported functions.
macro_rules! blst_field {
    ($t:ty, decode = $decode:expr, mul = $mul:ident, square = $sqr:ident, inverse = $inv:ident) => {
        impl BlstField for $t {
            fn decode(bytes: &[u8]) -> Self {
                $decode(bytes)
            }
            #[inline(always)]
            fn mul(a: &Self, b: &Self) -> Self {
                let mut r = Self::default();
                // SAFETY: FFI call on valid, aligned values of the function's parameter types
                // (`r` a distinct output).
                unsafe { $mul(&mut r, a, b) };
                r
            }
            #[inline(always)]
            fn square(a: &Self) -> Self {
                let mut r = Self::default();
                // SAFETY: FFI call on valid, aligned values of the function's parameter types.
                unsafe { $sqr(&mut r, a) };
                r
            }
            #[inline(always)]
            fn inverse(a: &Self) -> Self {
                let mut r = Self::default();
                // SAFETY: FFI call on valid, aligned values of the function's parameter types.
                unsafe { $inv(&mut r, a) };
                r
            }
        }
    };
}

/// `bytes` (48, big-endian, below p) as a blst_fp, converted into Montgomery form by blst.
fn decode_fp(bytes: &[u8]) -> blst_fp {
    let bytes: &[u8; 48] = bytes.try_into().expect("a BLS12-381 Fp element is 48 bytes");
    let mut r = blst_fp::default();
    // SAFETY: FFI call; `bytes` points to the 48 bytes blst reads, `r` is a valid blst_fp.
    unsafe { blst_fp_from_bendian(&mut r, bytes.as_ptr()) };
    r
}

/// `bytes` (96: c0 then c1) as a blst_fp2.
fn decode_fp2(bytes: &[u8]) -> blst_fp2 {
    assert_eq!(bytes.len(), 96, "a BLS12-381 Fp2 element is 96 bytes");
    blst_fp2 { fp: [decode_fp(&bytes[..48]), decode_fp(&bytes[48..])] }
}

/// `bytes` (576: the six Fp2 coefficients of c0, then of c1) as a blst_fp12.
fn decode_fp12(bytes: &[u8]) -> blst_fp12 {
    assert_eq!(bytes.len(), 576, "a BLS12-381 Fp12 element is 576 bytes");
    let fp6 = |b: &[u8]| blst_fp6 { fp2: [decode_fp2(&b[..96]), decode_fp2(&b[96..192]), decode_fp2(&b[192..])] };
    blst_fp12 { fp6: [fp6(&bytes[..288]), fp6(&bytes[288..])] }
}

/// `bytes` (32, big-endian, below r) as a blst_fr (via blst_scalar, into Montgomery form).
fn decode_fr(bytes: &[u8]) -> blst_fr {
    let bytes: &[u8; 32] = bytes.try_into().expect("a BLS12-381 Fr element is 32 bytes");
    let mut s = blst_scalar::default();
    let mut r = blst_fr::default();
    // SAFETY: FFI calls; `bytes` points to the 32 bytes blst reads, `s` and `r` are valid.
    unsafe {
        blst_scalar_from_bendian(&mut s, bytes.as_ptr());
        blst_fr_from_scalar(&mut r, &s);
    }
    r
}

blst_field!(blst_fp, decode = decode_fp, mul = blst_fp_mul, square = blst_fp_sqr, inverse = blst_fp_inverse);
blst_field!(blst_fp2, decode = decode_fp2, mul = blst_fp2_mul, square = blst_fp2_sqr, inverse = blst_fp2_inverse);
blst_field!(blst_fp12, decode = decode_fp12, mul = blst_fp12_mul, square = blst_fp12_sqr, inverse = blst_fp12_inverse);
blst_field!(blst_fr, decode = decode_fr, mul = blst_fr_mul, square = blst_fr_sqr, inverse = blst_fr_inverse);

/// Field arithmetic: `x ← x·y`, chained, on inputs `[x, y]`; `x ← x²` and `x ← x⁻¹` (`x`
/// non-zero), chained, on input `[x]`; no generic square root.
pub fn field<F: BlstField>(op: FieldOp, inputs: &[Vec<u8>]) -> Option<Kernel> {
    Some(match op {
        FieldOp::Mul => chain(F::decode(&inputs[0]), F::decode(&inputs[1]), |x, y| F::mul(&x, y)),
        FieldOp::Square => chain(F::decode(&inputs[0]), (), |x, _| F::square(&x)),
        FieldOp::Inverse => chain(F::decode(&inputs[0]), (), |x, _| F::inverse(&x)),
        FieldOp::Sqrt => return None,
    })
}

/// `blst_fp_sqrt` of the same square, repeated, on input `[x]` (a square).
pub fn fp_sqrt(inputs: &[Vec<u8>]) -> Kernel {
    let x = decode_fp(&inputs[0]);
    repeat(x, |x| {
        let mut r = blst_fp::default();
        // SAFETY: FFI call on valid, aligned blst_fp values.
        let ok = unsafe { blst_fp_sqrt(&mut r, x) };
        (r, ok)
    })
}

/// `P = [a]G1`, `Q = [b]G2` (affine) from the op's two big-endian scalars.
fn points(inputs: &[Vec<u8>]) -> (blst_p1_affine, blst_p2_affine) {
    let mut out = (blst_p1_affine::default(), blst_p2_affine::default());
    let (mut a, mut b) = (blst_scalar::default(), blst_scalar::default());
    let (mut p, mut q) = (blst_p1::default(), blst_p2::default());
    // SAFETY: FFI calls on valid values; the scalar inputs are 32 bytes as blst reads them, and
    // the scalar byte arrays (`b` field, little-endian) hold 255 significant bits.
    unsafe {
        blst_scalar_from_bendian(&mut a, inputs[0].as_ptr());
        blst_scalar_from_bendian(&mut b, inputs[1].as_ptr());
        blst_p1_mult(&mut p, blst_p1_generator(), a.b.as_ptr(), 255);
        blst_p2_mult(&mut q, blst_p2_generator(), b.b.as_ptr(), 255);
        blst_p1_to_affine(&mut out.0, &p);
        blst_p2_to_affine(&mut out.1, &q);
    }
    out
}

/// The Miller loop of `e(P, Q)`.
pub fn miller_loop(inputs: &[Vec<u8>]) -> Kernel {
    repeat(points(inputs), |(p, q)| {
        let mut f = blst_fp12::default();
        // SAFETY: FFI call on valid affine points and a distinct output.
        unsafe { blst_miller_loop(&mut f, q, p) };
        f
    })
}

/// The final exponentiation of the Miller loop of `e(P, Q)`.
pub fn final_exp(inputs: &[Vec<u8>]) -> Kernel {
    let (p, q) = points(inputs);
    let mut f = blst_fp12::default();
    // SAFETY: FFI call on valid affine points and a distinct output.
    unsafe { blst_miller_loop(&mut f, &q, &p) };
    repeat(f, |f| {
        let mut r = blst_fp12::default();
        // SAFETY: FFI call on a valid value and a distinct output.
        unsafe { blst_final_exp(&mut r, f) };
        r
    })
}

/// `e(P, Q)`: the Miller loop and the final exponentiation.
pub fn pairing(inputs: &[Vec<u8>]) -> Kernel {
    repeat(points(inputs), |(p, q)| {
        let (mut f, mut r) = (blst_fp12::default(), blst_fp12::default());
        // SAFETY: FFI calls on valid affine points and distinct outputs.
        unsafe {
            blst_miller_loop(&mut f, q, p);
            blst_final_exp(&mut r, &f);
        }
        r
    })
}

/// `∏ e(Pᵢ, Qᵢ)` on the pairs `([aᵢ]G1, [bᵢ]G2)` of the inputs `a₁, b₁, a₂, …`:
/// `blst_miller_loop_n` and `blst_final_exp`.
pub fn multi_pairing(inputs: &[Vec<u8>]) -> Kernel {
    let pairs: Vec<_> = inputs.chunks(2).map(points).collect();
    let ps: Vec<blst_p1_affine> = pairs.iter().map(|(p, _)| *p).collect();
    let qs: Vec<blst_p2_affine> = pairs.iter().map(|(_, q)| *q).collect();
    repeat((ps, qs), |(ps, qs)| {
        let pp: Vec<*const blst_p1_affine> = ps.iter().map(|p| p as *const _).collect();
        let qp: Vec<*const blst_p2_affine> = qs.iter().map(|q| q as *const _).collect();
        let (mut f, mut r) = (blst_fp12::default(), blst_fp12::default());
        // SAFETY: FFI calls; `pp` and `qp` hold `ps.len()` pointers to valid affine points, the
        // outputs are distinct.
        unsafe {
            blst_miller_loop_n(&mut f, qp.as_ptr(), pp.as_ptr(), pp.len());
            blst_final_exp(&mut r, &f);
        }
        r
    })
}

/// A blst group (G1: `blst_p1`, G2: `blst_p2`) through its exported functions.
pub trait BlstGroup: Copy + Default + 'static {
    /// The affine type.
    type Affine: Copy + Default + 'static;
    /// `[k]G` for the generator `G` and 32 big-endian bytes `k`.
    fn from_scalar(k: &[u8]) -> Self;
    /// `a + b` (complete: handles doubling and infinity).
    fn add(a: &Self, b: &Self) -> Self;
    /// `2a`.
    fn double(a: &Self) -> Self;
    /// `[k]a`, `k` 32 little-endian bytes of which 255 bits are read (constant time).
    fn mult(a: &Self, k: &[u8; 32]) -> Self;
    /// The affine point.
    fn to_affine(a: &Self) -> Self::Affine;
    /// Whether the affine point is in the prime-order subgroup.
    fn in_group(a: &Self::Affine) -> bool;
    /// The ZCash compressed encoding.
    fn compress(a: &Self::Affine) -> Vec<u8>;
    /// Decompression (curve check) followed by the subgroup check.
    fn uncompress_checked(bytes: &[u8]) -> Option<Self::Affine>;
}

/// Implements [`BlstGroup`] for one of blst's two groups from its exported functions.
macro_rules! blst_group {
    ($p:ty, affine = $a:ty, compressed = $csize:literal, generator = $gen:ident, add = $add:ident, double = $dbl:ident,
     mult = $mult:ident, to_affine = $to_aff:ident, in_group = $in:ident, compress = $comp:ident,
     uncompress = $uncomp:ident) => {
        impl BlstGroup for $p {
            type Affine = $a;
            fn from_scalar(k: &[u8]) -> Self {
                let mut s = blst_scalar::default();
                let mut r = Self::default();
                // SAFETY: FFI calls; `k` is the 32 bytes blst reads, the scalar's byte array
                // (little-endian) holds 255 significant bits.
                unsafe {
                    blst_scalar_from_bendian(&mut s, k.as_ptr());
                    $mult(&mut r, $gen(), s.b.as_ptr(), 255);
                }
                r
            }
            #[inline(always)]
            fn add(a: &Self, b: &Self) -> Self {
                let mut r = Self::default();
                // SAFETY: FFI call on valid points and a distinct output.
                unsafe { $add(&mut r, a, b) };
                r
            }
            #[inline(always)]
            fn double(a: &Self) -> Self {
                let mut r = Self::default();
                // SAFETY: FFI call on a valid point and a distinct output.
                unsafe { $dbl(&mut r, a) };
                r
            }
            #[inline(always)]
            fn mult(a: &Self, k: &[u8; 32]) -> Self {
                let mut r = Self::default();
                // SAFETY: FFI call; `k` holds the 32 bytes of which blst reads 255 bits.
                unsafe { $mult(&mut r, a, k.as_ptr(), 255) };
                r
            }
            fn to_affine(a: &Self) -> $a {
                let mut r = <$a>::default();
                // SAFETY: FFI call on a valid point and a distinct output.
                unsafe { $to_aff(&mut r, a) };
                r
            }
            #[inline(always)]
            fn in_group(a: &$a) -> bool {
                // SAFETY: FFI call on a valid affine point.
                unsafe { $in(a) }
            }
            fn compress(a: &$a) -> Vec<u8> {
                let mut out = vec![0u8; $csize];
                // SAFETY: FFI call; `out` holds the compressed size blst writes.
                unsafe { $comp(out.as_mut_ptr(), a) };
                out
            }
            #[inline(always)]
            fn uncompress_checked(bytes: &[u8]) -> Option<$a> {
                let mut r = <$a>::default();
                // SAFETY: FFI calls; `bytes` holds the compressed size blst reads.
                let ok = unsafe { $uncomp(&mut r, bytes.as_ptr()) == BLST_ERROR::BLST_SUCCESS && $in(&r) };
                ok.then_some(r)
            }
        }
    };
}

blst_group!(
    blst_p1,
    affine = blst_p1_affine,
    compressed = 48,
    generator = blst_p1_generator,
    add = blst_p1_add_or_double,
    double = blst_p1_double,
    mult = blst_p1_mult,
    to_affine = blst_p1_to_affine,
    in_group = blst_p1_affine_in_g1,
    compress = blst_p1_affine_compress,
    uncompress = blst_p1_uncompress
);
blst_group!(
    blst_p2,
    affine = blst_p2_affine,
    compressed = 96,
    generator = blst_p2_generator,
    add = blst_p2_add_or_double,
    double = blst_p2_double,
    mult = blst_p2_mult,
    to_affine = blst_p2_to_affine,
    in_group = blst_p2_affine_in_g2,
    compress = blst_p2_affine_compress,
    uncompress = blst_p2_uncompress
);

/// Group operations on `P = [a]G`, `Q = [b]G`: `add`, `double`, blst's one scalar
/// multiplication `blst_p*_mult` (constant time) for both `mul_ct` and `mul_vartime`,
/// `blst_p*_affine_in_g*` on `P` for `subgroup_check`, and `blst_p*_uncompress` followed by
/// `blst_p*_affine_in_g*` on the compressed `P` for `decompress_checked`.
pub fn group<G: BlstGroup>(op: GroupOp, inputs: &[Vec<u8>]) -> Kernel {
    let p = G::from_scalar(&inputs[0]);
    match op {
        GroupOp::Add => chain(p, G::from_scalar(&inputs[1]), |x, q| G::add(&x, q)),
        GroupOp::Double => chain(p, (), |x, _| G::double(&x)),
        GroupOp::MulCt | GroupOp::MulVartime => {
            let mut k: [u8; 32] = inputs[1].as_slice().try_into().expect("a 32-byte scalar");
            k.reverse();
            repeat((p, k), |(p, k)| G::mult(p, k))
        }
        GroupOp::SubgroupCheck => repeat(G::to_affine(&p), G::in_group),
        GroupOp::DecompressChecked => {
            let bytes = G::compress(&G::to_affine(&p));
            repeat(bytes, |b| G::uncompress_checked(b).expect("a valid encoding"))
        }
    }
}

/// A group's shared MSM inputs in blst's forms: the affine points (decoded from isochron's
/// uncompressed ZCash encodings, which blst shares) and the scalars as concatenated 32-byte
/// little-endian strings.
struct BlstMsmInputs<A> {
    points: Vec<A>,
    scalars: Vec<u8>,
}

/// Builds blst's MSM kernels for one group: the serial `blst_p*s_mult_pippenger` (blst's own
/// Pippenger on the calling thread, with its scratch space) for `n`, blst's thread pool
/// (`MultiPoint::mult` on the affine slice) for `n_par`.
macro_rules! blst_msm {
    ($name:ident, $iso:ty, $affine:ty, $point:ty, $deser:ident, $pippenger:ident, $scratch:ident, $group:expr) => {
        fn $name(m: op::Msm, fixtures: &Fixtures) -> Kernel {
            let key = format!("blst/bls12_381/msm_{}", $group.name());
            let inputs = fixtures.shared(&key, || {
                let iso = crate::ops::msm_inputs::<$iso>(fixtures, Curve::Bls12_381, $group);
                let points = iso
                    .points
                    .iter()
                    .map(|p| {
                        let mut a = <$affine>::default();
                        let bytes = p.to_uncompressed();
                        // SAFETY: FFI call; `bytes` is a full uncompressed encoding.
                        let err = unsafe { $deser(&mut a, bytes.as_ptr()) };
                        assert_eq!(err, BLST_ERROR::BLST_SUCCESS);
                        a
                    })
                    .collect();
                let scalars = iso.scalars.iter().flat_map(|k| k.to_bytes_le().as_ref().to_vec()).collect();
                BlstMsmInputs::<$affine> { points, scalars }
            });
            let n = m.n;
            if m.parallel {
                repeat(inputs, move |x| x.points[..n].mult(&x.scalars[..32 * n], 255))
            } else {
                // SAFETY: FFI call for the scratch size of `n` points.
                let bytes = unsafe { $scratch(n) };
                let mut scratch = vec![0 as limb_t; bytes.div_ceil(8)];
                let scratch_ptr = scratch.as_mut_ptr() as usize;
                repeat((inputs, scratch), move |(x, _)| {
                    let mut r = <$point>::default();
                    let points: [*const $affine; 2] = [x.points.as_ptr(), core::ptr::null()];
                    let scalars: [*const u8; 2] = [x.scalars.as_ptr(), core::ptr::null()];
                    // SAFETY: FFI call on `n` contiguous valid points and `n` 32-byte scalars
                    // (blst reads 255 bits of each), with scratch space of the size blst asks
                    // for (owned by the kernel's state, which outlives the call).
                    unsafe {
                        $pippenger(&mut r, points.as_ptr(), n, scalars.as_ptr(), 255, scratch_ptr as *mut limb_t)
                    };
                    r
                })
            }
        }
    };
}

blst_msm!(
    msm_g1,
    isochron::curves::bls12_381::G1Projective,
    blst_p1_affine,
    blst_p1,
    blst_p1_deserialize,
    blst_p1s_mult_pippenger,
    blst_p1s_mult_pippenger_scratch_sizeof,
    Group::G1
);
blst_msm!(
    msm_g2,
    isochron::curves::bls12_381::G2Projective,
    blst_p2_affine,
    blst_p2,
    blst_p2_deserialize,
    blst_p2s_mult_pippenger,
    blst_p2s_mult_pippenger_scratch_sizeof,
    Group::G2
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::Encode;
    use isochron::curves::bls12_381::{Fp, Fp12, Fp2, Fr};
    use isochron::field::Field;
    use rand_core::SeedableRng;

    /// The decoding agrees with isochron's encoding: `decode(x·y) = decode(x)·decode(y)`.
    fn agrees<I: Field + Encode, B: BlstField>() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        for _ in 0..20 {
            let (x, y) = (I::random(&mut rng), I::random(&mut rng));
            let (bx, by) = (B::decode(&x.encode()), B::decode(&y.encode()));
            assert_eq!(B::decode(&(x * y).encode()), B::mul(&bx, &by));
            assert_eq!(B::decode(&x.square().encode()), B::square(&bx));
        }
    }

    #[test]
    fn fields_agree_with_isochron() {
        agrees::<Fp, blst_fp>();
        agrees::<Fr, blst_fr>();
        agrees::<Fp2, blst_fp2>();
        agrees::<Fp12, blst_fp12>();
    }
}
