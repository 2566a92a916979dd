//! Short Weierstrass curves `y² = x³ + b` (`a = 0`) over a field `F` (Fp for G1, Fp2 for G2).
//!
//! [`Affine`] points are what encodings produce; [`Projective`] points use homogeneous
//! coordinates `(X : Y : Z)`, `x = X/Z`, `y = Y/Z`, with the complete, exception-free formulas of
//! Renes–Costello–Batina (eprint 2015/1060, Alg. 7–9): the same instruction sequence for every
//! input, the identity `(0 : 1 : 0)` included, which makes them the constant-time default.

use core::fmt::Debug;

use crate::field::{Field, FieldParams};

mod affine;
pub(crate) mod encoding;
pub mod endomorphism;
mod fixed_base;
pub mod glv;
mod group;
mod jacobian;
mod msm;
mod multi_msm;
mod projective;
mod scalar_mul;
mod xyzz;

pub use affine::Affine;
pub(crate) use fixed_base::generator_table;
pub use fixed_base::FixedBaseTable;
pub use msm::MsmTable;
pub(crate) use multi_msm::MultiFixedMsm;
pub use projective::Projective;

/// The parameters of a short Weierstrass curve `y² = x³ + b` and its prime-order subgroup.
/// A named curve declares these once (in `curves/`); everything else is generic.
pub trait SwCurve: 'static + Copy + Clone + Debug + Default + PartialEq + Eq + Send + Sync {
    /// The field of the coordinates.
    type Base: Field;
    /// Parameters of the scalar field `Fr`, of prime order `r`, the order of the subgroup.
    type ScalarParams: FieldParams<4>;
    /// Name for `Debug` output.
    const NAME: &'static str;
    /// The constant `b` of `y² = x³ + b`.
    const B: Self::Base;
    /// The affine coordinates `(x, y)` of the subgroup generator.
    const GENERATOR: (Self::Base, Self::Base);

    /// `3·b·x`, used by the complete formulas. Curves with a small `b` override this with
    /// additions.
    #[inline(always)]
    fn mul_by_3b(x: &Self::Base) -> Self::Base {
        let t = *x * Self::B;
        t.double() + t
    }

    /// The endomorphism used by scalar multiplication (GLV on G1, GLS with `ψ` on G2), acting on
    /// the order-`r` subgroup as `[λ]`; `None` for plain signed windows over the whole scalar.
    const ENDOMORPHISM: Option<glv::Endomorphism<Self>> = None;

    /// The precomputed multiples of the generator for [`Projective::mul_generator`], if the
    /// curve keeps one (declared with `generator_table!`); `None` by default.
    fn generator_table() -> Option<&'static FixedBaseTable<Self>> {
        None
    }

    /// Whether `p` lies in the order-`r` subgroup, for a public point. The default is the
    /// definition, `[r]P = O`; curves override it with an endomorphism test.
    fn is_torsion_free_vartime(p: &Projective<Self>) -> bool {
        let r = <Self::ScalarParams as FieldParams<4>>::MODULUS;
        bool::from(p.mul_limbs_vartime(&r).is_identity())
    }
}

/// The scalar field of a curve.
pub type Scalar<C> = crate::field::Fp<<C as SwCurve>::ScalarParams, 4>;
