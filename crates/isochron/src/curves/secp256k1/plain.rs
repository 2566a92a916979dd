//! secp256k1's variable-time `[a]·G + [b]·P` (ECDSA and BIP-340 verification, key recovery)
//! and MSM (BIP-340 batch verification), and its constant-time `[k]·P` and `[k]·G` (ECDH, key
//! generation, signing) on the plain, weakly reduced base field [`CrandallFp`] instead of the
//! Montgomery one: the same curve declared a second time ([`Plain`]) over that field, so that
//! the generic code runs unchanged on it, with generator tables of its own. Points enter with
//! two or three conversions and the result leaves with three (one Montgomery product each);
//! the fiat-crypto backend, when selected, keeps the generic path on its Montgomery code.

use alloc::vec::Vec;

use super::{mul_by_21, FpParams, FqParams, Point, PointAffine, Secp256k1, BETA, GENERATOR_HEX, LATTICE};
use crate::curve::short_weierstrass::glv::Endomorphism;
use crate::curve::short_weierstrass::{Affine, Projective, Scalar, SwCurve};
use crate::curve::Group;
use crate::field::crandall::CrandallFp;
use crate::field::FieldParams;
use crate::limbs::mont;

/// The secp256k1 base field, plain and weakly reduced.
type Fe = CrandallFp<FpParams>;

/// secp256k1 over [`Fe`]: the curve of [`Secp256k1`], coordinates in the other form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Plain;

impl SwCurve for Plain {
    crate::curve::short_weierstrass::generator_table!(Plain);
    const GENERATOR_WNAF_WIDTH: u32 = Secp256k1::GENERATOR_WNAF_WIDTH;

    type Base = Fe;
    type ScalarParams = FqParams;
    const NAME: &'static str = "secp256k1 (plain base field)";
    const B: Fe = Fe::from_limbs([7, 0, 0, 0]);
    const GENERATOR: (Fe, Fe) = (Fe::from_hex(GENERATOR_HEX.0), Fe::from_hex(GENERATOR_HEX.1));

    #[inline(always)]
    fn mul_by_3b(x: &Fe) -> Fe {
        mul_by_21(x)
    }

    const ENDOMORPHISM: Option<Endomorphism<Self>> =
        Some(Endomorphism { map: phi, lattice: LATTICE, map_squared: None });

    /// Always true (cofactor 1), as for [`Secp256k1`].
    fn is_torsion_free_vartime(_: &Projective<Self>) -> bool {
        true
    }
}

/// Whether secp256k1's computations run on the plain field: always, unless the fiat-crypto
/// backend is selected (its Montgomery code then computes every field operation).
#[inline(always)]
pub(super) fn selected() -> bool {
    #[cfg(feature = "fiat")]
    if crate::field::fiat::enabled() {
        return false;
    }
    true
}

/// [`BETA`] in plain form.
const BETA_PLAIN: Fe = Fe::from_limbs(mont::redc(BETA.mont_limbs(), &[0; 4], &FpParams::MODULUS, FpParams::INV));

/// `φ(x, y) = (βx, y)`.
fn phi(p: &Projective<Plain>) -> Projective<Plain> {
    Projective { x: p.x * BETA_PLAIN, y: p.y, z: p.z }
}

/// `[a]·G + [b]·P` on [`Plain`] (the module documentation); the same point as the generic
/// path. Variable time (public inputs).
pub(super) fn mul_generator_add_vartime(a: &Scalar<Secp256k1>, p: &PointAffine, b: &Scalar<Secp256k1>) -> Point {
    let q = Affine::<Plain> { x: p.x.into(), y: p.y.into(), infinity: p.infinity };
    to_montgomery(&Projective::<Plain>::mul_generator_add_vartime(a, &q, b))
}

/// `[k]·P` on [`Plain`] (the constant-time [`Projective::mul`]); the same point as the generic
/// path. Constant time in `k` and `P`.
pub(super) fn mul(p: &Point, k: &Scalar<Secp256k1>) -> Point {
    let q = Projective::<Plain> { x: p.x.into(), y: p.y.into(), z: p.z.into() };
    to_montgomery(&q.mul(k))
}

/// `[k]·G` on [`Plain`] (the constant-time [`Projective::mul_generator`] on its own fixed-base
/// table); the same point as the generic path. Constant time in `k`.
pub(super) fn mul_generator(k: &Scalar<Secp256k1>) -> Point {
    to_montgomery(&Projective::<Plain>::mul_generator(k))
}

/// `Σ [kᵢ]·Pᵢ` on [`Plain`] (the variable-time MSM, on rayon's pool when `parallel`); the
/// same point as the generic path. Variable time (public inputs).
pub(super) fn msm_vartime(points: &[PointAffine], scalars: &[Scalar<Secp256k1>], parallel: bool) -> Point {
    let points: Vec<Affine<Plain>> =
        points.iter().map(|p| Affine { x: p.x.into(), y: p.y.into(), infinity: p.infinity }).collect();
    #[cfg(feature = "parallel")]
    if parallel {
        return to_montgomery(&<Projective<Plain> as Group>::msm_vartime_parallel(&points, scalars));
    }
    let _ = parallel;
    to_montgomery(&<Projective<Plain> as Group>::msm_vartime(&points, scalars))
}

/// A point of [`Plain`] as a point of [`Secp256k1`] (one Montgomery product per coordinate).
fn to_montgomery(r: &Projective<Plain>) -> Point {
    Projective { x: r.x.to_montgomery(), y: r.y.to_montgomery(), z: r.z.to_montgomery() }
}
