//! G1 and G2 of BLS12-381 and BN254 through one set of functions, the group named by an
//! `ISOCHRON_GROUP_*` constant. Points travel in the curve's own encodings (BLS12-381: the
//! ZCash format, G1 48/96 bytes and G2 96/192 bytes compressed/uncompressed; BN254: arkworks'
//! `CanonicalSerialize`, G1 32/64 and G2 64/128), chosen on input by the length and on output
//! by `compressed`; every decoder checks length, flags, canonical coordinates, the curve
//! equation and subgroup membership. Scalars are 32-byte big-endian integers below the group
//! order `r` (`ISOCHRON_NON_CANONICAL` otherwise).

use isochron::curve::{Group, PointEncoding};
use isochron::curves::{bls12_381, bn254};
use isochron::field::PrimeField;
use isochron::pairing::PairingEngine;

use crate::isochron_status::{self, *};
use crate::{input, input_items, run, verdict, write, Outcome};

/// BLS12-381 G1.
pub const ISOCHRON_GROUP_BLS12_381_G1: u32 = 1;
/// BLS12-381 G2.
pub const ISOCHRON_GROUP_BLS12_381_G2: u32 = 2;
/// BN254 G1.
pub const ISOCHRON_GROUP_BN254_G1: u32 = 3;
/// BN254 G2.
pub const ISOCHRON_GROUP_BN254_G2: u32 = 4;

/// The pairing-friendly curve BLS12-381 (for [`isochron_pairing_check`]).
pub const ISOCHRON_CURVE_BLS12_381: u32 = 1;
/// The pairing-friendly curve BN254 (alt_bn128).
pub const ISOCHRON_CURVE_BN254: u32 = 2;

/// Bytes of a scalar.
pub const ISOCHRON_SCALAR_BYTES: usize = 32;

/// Runs `$body` with `$g` the projective group type of the group id `$id`.
macro_rules! with_group {
    ($id:expr, $g:ident => $body:expr) => {
        match $id {
            ISOCHRON_GROUP_BLS12_381_G1 => {
                type $g = bls12_381::G1Projective;
                $body
            }
            ISOCHRON_GROUP_BLS12_381_G2 => {
                type $g = bls12_381::G2Projective;
                $body
            }
            ISOCHRON_GROUP_BN254_G1 => {
                type $g = bn254::G1Projective;
                $body
            }
            ISOCHRON_GROUP_BN254_G2 => {
                type $g = bn254::G2Projective;
                $body
            }
            _ => Err(ISOCHRON_INVALID_ARGUMENT),
        }
    };
}

fn compressed_len<G: Group>() -> usize
where
    G::Affine: PointEncoding,
{
    <<G::Affine as PointEncoding>::Compressed as isochron::curve::ByteArray>::ZERO.as_ref().len()
}

/// Decodes a point, compressed or uncompressed by its length, with every check.
fn decode<G: Group>(bytes: &[u8]) -> Result<G::Affine, isochron_status>
where
    G::Affine: PointEncoding,
{
    Ok(if bytes.len() == compressed_len::<G>() {
        G::Affine::from_compressed(bytes)?
    } else {
        G::Affine::from_uncompressed(bytes)?
    })
}

/// The bytes of one encoded point: uncompressed encodings are twice the compressed ones on
/// all four groups.
fn encoded_len<G: Group>(compressed: bool) -> usize
where
    G::Affine: PointEncoding,
{
    compressed_len::<G>() * if compressed { 1 } else { 2 }
}

fn encode<G: Group>(p: &G, compressed: bool) -> Vec<u8>
where
    G::Affine: PointEncoding,
{
    let a = p.to_affine();
    if compressed {
        a.to_compressed().as_ref().to_vec()
    } else {
        a.to_uncompressed().as_ref().to_vec()
    }
}

fn scalar<G: Group>(bytes: &[u8]) -> Result<G::Scalar, isochron_status> {
    Ok(G::Scalar::from_bytes_be(bytes)?)
}

/// Writes the point `p` of group `G`.
///
/// # Safety
/// `out` is valid for writes of `out_len` bytes.
unsafe fn emit<G: Group>(out: *mut u8, out_len: usize, p: &G, compressed: bool) -> Outcome
where
    G::Affine: PointEncoding,
{
    // SAFETY: forwarded contract.
    unsafe { write(out, out_len, &encode(p, compressed)) }
}

/// Decodes `point` (with every check) and writes it back in the form `compressed` asks for:
/// validation and conversion between the two encodings.
#[no_mangle]
pub unsafe extern "C" fn isochron_point_decode(
    out: *mut u8,
    out_len: usize,
    group: u32,
    point: *const u8,
    point_len: usize,
    compressed: bool,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        let point = unsafe { input(point, point_len) }?;
        with_group!(group, G => {
            let p = G::from(decode::<G>(point)?);
            // SAFETY: as above.
            unsafe { emit(out, out_len, &p, compressed) }
        })
    })
}

/// The group's standard generator.
#[no_mangle]
pub unsafe extern "C" fn isochron_point_generator(
    out: *mut u8,
    out_len: usize,
    group: u32,
    compressed: bool,
) -> isochron_status {
    // SAFETY: the output buffer is valid for its length (the crate's contract).
    run(|| with_group!(group, G => unsafe { emit(out, out_len, &G::generator(), compressed) }))
}

/// `a + b`.
#[no_mangle]
pub unsafe extern "C" fn isochron_point_add(
    out: *mut u8,
    out_len: usize,
    group: u32,
    a: *const u8,
    a_len: usize,
    b: *const u8,
    b_len: usize,
    compressed: bool,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        let (a, b) = unsafe { (input(a, a_len)?, input(b, b_len)?) };
        with_group!(group, G => {
            let s = G::from(decode::<G>(a)?) + decode::<G>(b)?;
            // SAFETY: as above.
            unsafe { emit(out, out_len, &s, compressed) }
        })
    })
}

/// `-a`.
#[no_mangle]
pub unsafe extern "C" fn isochron_point_neg(
    out: *mut u8,
    out_len: usize,
    group: u32,
    a: *const u8,
    a_len: usize,
    compressed: bool,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        let a = unsafe { input(a, a_len) }?;
        with_group!(group, G => {
            let n = -G::from(decode::<G>(a)?);
            // SAFETY: as above.
            unsafe { emit(out, out_len, &n, compressed) }
        })
    })
}

/// `[k]·point`, constant time in the scalar `k` (32 bytes, big-endian, below `r`).
#[no_mangle]
pub unsafe extern "C" fn isochron_point_mul(
    out: *mut u8,
    out_len: usize,
    group: u32,
    point: *const u8,
    point_len: usize,
    k: *const u8,
    k_len: usize,
    compressed: bool,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        let (point, k) = unsafe { (input(point, point_len)?, input(k, k_len)?) };
        with_group!(group, G => {
            let p = G::from(decode::<G>(point)?) * scalar::<G>(k)?;
            // SAFETY: as above.
            unsafe { emit(out, out_len, &p, compressed) }
        })
    })
}

/// `Σ [kᵢ]·Pᵢ` for public points and scalars (variable time: Pippenger, every core): `points`
/// are `n` concatenated encodings, all compressed (`points_compressed`) or all uncompressed,
/// `scalars` `n` concatenated 32-byte scalars. No points gives the identity.
#[no_mangle]
pub unsafe extern "C" fn isochron_point_msm(
    out: *mut u8,
    out_len: usize,
    group: u32,
    points: *const u8,
    points_len: usize,
    points_compressed: bool,
    scalars: *const u8,
    scalars_len: usize,
    compressed: bool,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        let ks = unsafe { input_items(scalars, scalars_len, ISOCHRON_SCALAR_BYTES) }?;
        with_group!(group, G => {
            // SAFETY: as above.
            let ps = unsafe { input_items(points, points_len, encoded_len::<G>(points_compressed)) }?;
            if ps.len() != ks.len() {
                return Err(ISOCHRON_COUNT_MISMATCH);
            }
            let ps = ps.iter().map(|p| decode::<G>(p)).collect::<Result<Vec<_>, _>>()?;
            let ks = ks.iter().map(|k| scalar::<G>(k)).collect::<Result<Vec<_>, _>>()?;
            let s = G::msm_vartime_parallel(&ps, &ks);
            // SAFETY: as above.
            unsafe { emit(out, out_len, &s, compressed) }
        })
    })
}

fn pairing_check<E: PairingEngine>(g1s: &[&[u8]], g2s: &[&[u8]]) -> Outcome
where
    E::G1Affine: PointEncoding,
    E::G2Affine: PointEncoding,
{
    if g1s.len() != g2s.len() {
        return Err(ISOCHRON_COUNT_MISMATCH);
    }
    let pairs = g1s
        .iter()
        .zip(g2s)
        .map(|(p, q)| Ok((decode::<E::G1>(p)?, decode::<E::G2>(q)?)))
        .collect::<Result<Vec<_>, isochron_status>>()?;
    verdict(E::pairing_check(&pairs))
}

/// Whether `∏ e(Pᵢ, Qᵢ) = 1` on `curve` (`ISOCHRON_CURVE_*`): `g1s` are `n` concatenated
/// compressed G1 points, `g2s` `n` concatenated compressed G2 points. `ISOCHRON_OK` if the
/// product is one (also for `n = 0`), `ISOCHRON_VERIFY_FAILED` if not.
#[no_mangle]
pub unsafe extern "C" fn isochron_pairing_check(
    curve: u32,
    g1s: *const u8,
    g1s_len: usize,
    g2s: *const u8,
    g2s_len: usize,
) -> isochron_status {
    run(|| {
        let (g1, g2) = match curve {
            ISOCHRON_CURVE_BLS12_381 => (ISOCHRON_GROUP_BLS12_381_G1, ISOCHRON_GROUP_BLS12_381_G2),
            ISOCHRON_CURVE_BN254 => (ISOCHRON_GROUP_BN254_G1, ISOCHRON_GROUP_BN254_G2),
            _ => return Err(ISOCHRON_INVALID_ARGUMENT),
        };
        let (n1, n2) =
            (with_group!(g1, G => Ok(compressed_len::<G>()))?, with_group!(g2, G => Ok(compressed_len::<G>()))?);
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        let (g1s, g2s) = unsafe { (input_items(g1s, g1s_len, n1)?, input_items(g2s, g2s_len, n2)?) };
        if curve == ISOCHRON_CURVE_BLS12_381 {
            pairing_check::<bls12_381::Bls12_381>(&g1s, &g2s)
        } else {
            pairing_check::<bn254::Bn254>(&g1s, &g2s)
        }
    })
}
