//! secp256k1's variable-time `[a]·G + [b]·P` (ECDSA and BIP-340 verification, key recovery)
//! and MSM (BIP-340 batch verification), its constant-time `[k]·P` and `[k]·G` (ECDH, key
//! generation, signing) and its square root, on a plain (non-Montgomery) form of the base field
//! instead of the Montgomery one: the same curve declared again over that field, so that the
//! generic code runs unchanged on it, with generator tables of its own. Points enter with two
//! or three conversions and the result leaves with three (one Montgomery product each).
//!
//! Two plain forms, one per backend: [`Plain`] over [`CrandallFp`] (four words, the own
//! MULX/ADCX/ADOX kernels) and, with the `fiat` feature and fiat-crypto selected, `PlainFiat`
//! over `DettmanFp` (five 52-bit limbs, fiat-crypto's verified product and square).

use alloc::vec::Vec;

use super::{
    mul_by_21, sqrt_exp_chain, Fp, FpParams, FqParams, Point, PointAffine, Secp256k1, BETA, GENERATOR_HEX, LATTICE,
};
use crate::curve::short_weierstrass::glv::Endomorphism;
use crate::curve::short_weierstrass::{Affine, Projective, Scalar, SwCurve};
use crate::curve::Group;
use crate::field::crandall::CrandallFp;
use crate::field::{Field, FieldParams};
use crate::limbs::mont;

/// A plain form of secp256k1's base field, with the conversions from and to the Montgomery one.
pub(crate) trait PlainField: Field + From<Fp> {
    /// [`BETA`] in this form.
    const BETA: Self;

    /// The same element in Montgomery form.
    fn to_montgomery(self) -> Fp;
}

/// [`BETA`]'s canonical value.
const BETA_CANONICAL: [u64; 4] = mont::redc(BETA.mont_limbs(), &[0; 4], &FpParams::MODULUS, FpParams::INV);

impl PlainField for CrandallFp<FpParams> {
    const BETA: Self = Self::from_limbs(BETA_CANONICAL);
    fn to_montgomery(self) -> Fp {
        CrandallFp::to_montgomery(self)
    }
}

#[cfg(feature = "fiat")]
impl PlainField for crate::field::dettman::DettmanFp<FpParams> {
    const BETA: Self = Self::from_limbs(BETA_CANONICAL);
    fn to_montgomery(self) -> Fp {
        crate::field::dettman::DettmanFp::to_montgomery(self)
    }
}

/// Declares secp256k1 (the curve of [`Secp256k1`]) over a [`PlainField`].
macro_rules! plain_curve {
    ($(#[$doc:meta])* $name:ident, $fe:ty, $label:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub(crate) struct $name;

        impl SwCurve for $name {
            crate::curve::short_weierstrass::generator_table!($name);
            const GENERATOR_WNAF_WIDTH: u32 = Secp256k1::GENERATOR_WNAF_WIDTH;

            type Base = $fe;
            type ScalarParams = FqParams;
            const NAME: &'static str = $label;
            const B: $fe = <$fe>::from_limbs([7, 0, 0, 0]);
            const GENERATOR: ($fe, $fe) = (<$fe>::from_hex(GENERATOR_HEX.0), <$fe>::from_hex(GENERATOR_HEX.1));

            #[inline(always)]
            fn mul_by_3b(x: &$fe) -> $fe {
                mul_by_21(x)
            }

            const ENDOMORPHISM: Option<Endomorphism<Self>> =
                Some(Endomorphism { map: phi::<$name, $fe>, lattice: LATTICE, map_squared: None });

            /// Always true (cofactor 1), as for [`Secp256k1`].
            fn is_torsion_free_vartime(_: &Projective<Self>) -> bool {
                true
            }
        }
    };
}

plain_curve!(
    /// secp256k1 over [`CrandallFp`]: the curve of [`Secp256k1`] on the own plain kernels.
    Plain,
    CrandallFp<FpParams>,
    "secp256k1 (plain base field)"
);

#[cfg(feature = "fiat")]
plain_curve!(
    /// secp256k1 over `DettmanFp`: the curve of [`Secp256k1`] on fiat-crypto's 5×52 code.
    PlainFiat,
    crate::field::dettman::DettmanFp<FpParams>,
    "secp256k1 (plain base field, fiat-crypto)"
);

/// `φ(x, y) = (βx, y)`.
fn phi<C: SwCurve<Base = F>, F: PlainField>(p: &Projective<C>) -> Projective<C> {
    Projective { x: p.x * F::BETA, y: p.y, z: p.z }
}

/// Runs `$body` with `$c` the plain curve of the selected backend: `PlainFiat` when the
/// `fiat` feature is on and fiat-crypto selected, [`Plain`] otherwise.
macro_rules! on_plain {
    ($c:ident => $body:expr) => {{
        #[cfg(feature = "fiat")]
        if crate::field::fiat::enabled() {
            type $c = PlainFiat;
            return $body;
        }
        type $c = Plain;
        $body
    }};
}

/// `[a]·G + [b]·P` on the plain curve (the module documentation); the same point as the
/// generic path. Variable time (public inputs).
pub(super) fn mul_generator_add_vartime(a: &Scalar<Secp256k1>, p: &PointAffine, b: &Scalar<Secp256k1>) -> Point {
    on_plain!(C => {
        let q = Affine::<C> { x: p.x.into(), y: p.y.into(), infinity: p.infinity };
        to_montgomery(&Projective::<C>::mul_generator_add_vartime(a, &q, b))
    })
}

/// `[k]·P` on the plain curve (the constant-time [`Projective::mul`]); the same point as the
/// generic path. Constant time in `k` and `P`.
pub(super) fn mul(p: &Point, k: &Scalar<Secp256k1>) -> Point {
    on_plain!(C => {
        let q = Projective::<C> { x: p.x.into(), y: p.y.into(), z: p.z.into() };
        to_montgomery(&q.mul(k))
    })
}

/// `[k]·G` on the plain curve (the constant-time [`Projective::mul_generator`] on its own
/// fixed-base table); the same point as the generic path. Constant time in `k`.
pub(super) fn mul_generator(k: &Scalar<Secp256k1>) -> Point {
    on_plain!(C => to_montgomery(&Projective::<C>::mul_generator(k)))
}

/// `Σ [kᵢ]·Pᵢ` on the plain curve (the variable-time MSM, on rayon's pool when `parallel`);
/// the same point as the generic path. Variable time (public inputs).
pub(super) fn msm_vartime(points: &[PointAffine], scalars: &[Scalar<Secp256k1>], parallel: bool) -> Point {
    on_plain!(C => {
        let points: Vec<Affine<C>> =
            points.iter().map(|p| Affine { x: p.x.into(), y: p.y.into(), infinity: p.infinity }).collect();
        #[cfg(feature = "parallel")]
        if parallel {
            return to_montgomery(&<Projective<C> as Group>::msm_vartime_parallel(&points, scalars));
        }
        let _ = parallel;
        to_montgomery(&<Projective<C> as Group>::msm_vartime(&points, scalars))
    })
}

/// `x^((p+1)/4)` by [`sqrt_exp_chain`] on the plain form of the field (its squarings are about
/// a quarter faster in a chain than Montgomery ones). Constant time.
pub(super) fn sqrt_exp(x: &Fp) -> Fp {
    on_plain!(C => sqrt_exp_chain(&<C as SwCurve>::Base::from(*x)).to_montgomery())
}

/// A point of a plain curve as a point of [`Secp256k1`] (one Montgomery product per
/// coordinate).
fn to_montgomery<C: SwCurve<Base = F>, F: PlainField>(r: &Projective<C>) -> Point {
    Projective { x: r.x.to_montgomery(), y: r.y.to_montgomery(), z: r.z.to_montgomery() }
}
