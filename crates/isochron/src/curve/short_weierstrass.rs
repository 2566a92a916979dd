//! Short Weierstrass curves `y² = x³ + ax + b` with `a = 0` (the pairing curves' G1 over Fp
//! and G2 over Fp2, secp256k1) or `a = −3` (P-256), over a field `F`.
//!
//! [`Affine`] points are what encodings produce; [`Projective`] points use homogeneous
//! coordinates `(X : Y : Z)`, `x = X/Z`, `y = Y/Z`, with the complete, exception-free formulas of
//! Renes–Costello–Batina (eprint 2015/1060, Alg. 7–9 for `a = 0`, Alg. 4–6 for `a = −3`): the
//! same instruction sequence for every input, the identity `(0 : 1 : 0)` included, which makes
//! them the constant-time default. Which set runs is decided at compile time by
//! [`SwCurve::A_IS_MINUS_3`], so the `a = 0` curves run exactly the code they ran before.

use core::fmt::Debug;

use crate::field::{Field, FieldParams};

mod affine;
#[cfg(target_arch = "x86_64")]
pub(crate) mod chain_ifma;
pub(crate) mod encoding;
pub mod endomorphism;
mod fixed_base;
pub mod glv;
mod group;
mod jacobian;
pub(crate) mod msm;
#[cfg(target_arch = "x86_64")]
mod msm_ifma;
mod multi_msm;
mod projective;
mod scalar_mul;
mod xyzz;

pub use affine::Affine;
pub(crate) use fixed_base::generator_table;
pub use fixed_base::{FixedBaseTable, GeneratorWnafTable};
pub use msm::MsmTable;
pub(crate) use multi_msm::MultiFixedMsm;
pub use projective::Projective;
pub(crate) use scalar_mul::wnaf;

/// The parameters of a short Weierstrass curve `y² = x³ + ax + b`, `a ∈ {0, −3}`, and its
/// prime-order subgroup.
/// A named curve declares these once (in `curves/`); everything else is generic.
pub trait SwCurve: 'static + Copy + Clone + Debug + Default + PartialEq + Eq + Send + Sync {
    /// The field of the coordinates.
    type Base: Field;
    /// Parameters of the scalar field `Fr`, of prime order `r`, the order of the subgroup.
    type ScalarParams: FieldParams<4>;
    /// Name for `Debug` output.
    const NAME: &'static str;
    /// The constant `b` of `y² = x³ + ax + b`.
    const B: Self::Base;
    /// Whether `a = −3` (P-256; SEC 2 v2 §2.4.2, FIPS 186-5 / SP 800-186 §3.2.1.3) rather than
    /// `a = 0` (the default). Every formula that depends on `a` (the complete projective
    /// formulas, RCB eprint 2015/1060 Alg. 4–6 against Alg. 7–9; the Jacobian and XYZZ
    /// doublings; the curve equation) branches on this constant, which the compiler folds.
    const A_IS_MINUS_3: bool = false;
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

    /// Width of the generator's wNAF digits in [`Projective::mul_generator_add_vartime`] when
    /// the curve keeps a [`GeneratorWnafTable`] (`2^(w−2)` odd multiples per endomorphism image,
    /// built once per process): wider saves additions per verification at the cost of a larger
    /// table. At most 15.
    const GENERATOR_WNAF_WIDTH: u32 = 8;

    /// The generator's odd multiples for the variable-time `a·G + b·P`
    /// ([`Projective::mul_generator_add_vartime`]), if the curve keeps them (declared with
    /// `generator_table!`); `None` by default.
    fn generator_wnaf_table() -> Option<&'static GeneratorWnafTable<Self>> {
        None
    }

    /// `[a]·G + [b]·P` for public inputs by a method of the curve's own, or `None` for the
    /// generic one ([`Projective::mul_generator_add_vartime`], which asks this first); `None`
    /// by default. secp256k1 runs it on a faster representation of its base field.
    fn mul_generator_add_special_vartime(
        a: &Scalar<Self>,
        p: &Affine<Self>,
        b: &Scalar<Self>,
    ) -> Option<Projective<Self>> {
        let _ = (a, p, b);
        None
    }

    /// `[k]·p` for a secret `k` by a method of the curve's own, or `None` for the generic one
    /// ([`Projective::mul`], which asks this first); `None` by default. Constant time in `k`
    /// and `p` like the generic method. secp256k1 runs it on a faster representation of its
    /// base field.
    fn mul_special(p: &Projective<Self>, k: &Scalar<Self>) -> Option<Projective<Self>> {
        let _ = (p, k);
        None
    }

    /// `[k]·G` for a secret `k` by a method of the curve's own, or `None` for the generic one
    /// ([`Projective::mul_generator`], which asks this first); `None` by default. Constant
    /// time in `k`.
    fn mul_generator_special(k: &Scalar<Self>) -> Option<Projective<Self>> {
        let _ = k;
        None
    }

    /// `Σ [kᵢ]·Pᵢ` for public inputs by a method of the curve's own, or `None` for the generic
    /// one (the variable-time MSM behind [`crate::curve::Group::msm_vartime`], which asks this
    /// first; `parallel` as there); `None` by default.
    fn msm_special_vartime(
        points: &[Affine<Self>],
        scalars: &[Scalar<Self>],
        parallel: bool,
    ) -> Option<Projective<Self>> {
        let _ = (points, scalars, parallel);
        None
    }

    /// Whether `p` lies in the order-`r` subgroup, for a public point. The default is the
    /// definition, `[r]P = O`; curves override it with an endomorphism test.
    fn is_torsion_free_vartime(p: &Projective<Self>) -> bool {
        let r = <Self::ScalarParams as FieldParams<4>>::MODULUS;
        bool::from(p.mul_limbs_vartime(&r).is_identity())
    }

    /// The index of the first of `points` outside the order-`r` subgroup, if any (public
    /// points). The default checks them one by one; curves may check them together.
    fn first_outside_subgroup_vartime(points: &[Affine<Self>]) -> Option<usize> {
        points.iter().position(|p| !Self::is_torsion_free_vartime(&Projective::from(*p)))
    }

    /// `Σ [kᵢ]·Pᵢ` over the first `min(points.len(), scalars.len())` pairs of public points not
    /// yet known to lie in the order-`r` subgroup, or the index of the first that does not
    /// (the EIP-2537 MSM precompiles). The default is [`Self::first_outside_subgroup_vartime`]
    /// then the variable-time MSM; a curve may reuse the multiples its subgroup test computes.
    fn msm_in_subgroup_vartime(points: &[Affine<Self>], scalars: &[Scalar<Self>]) -> Result<Projective<Self>, usize> {
        checked_msm_vartime(points, scalars)
    }
}

/// The default [`SwCurve::msm_in_subgroup_vartime`]: the subgroup test of every point, then the
/// variable-time MSM.
pub(crate) fn checked_msm_vartime<C: SwCurve>(
    points: &[Affine<C>],
    scalars: &[Scalar<C>],
) -> Result<Projective<C>, usize> {
    let n = points.len().min(scalars.len());
    match C::first_outside_subgroup_vartime(&points[..n]) {
        Some(i) => Err(i),
        None => Ok(msm::msm_vartime(&points[..n], &scalars[..n], false)),
    }
}

/// `a·x` for the curve's `a` (`0` or `−3x`): the `a` terms of the curve equation and of the
/// tangent slopes (decided at compile time).
#[inline(always)]
pub(crate) fn mul_by_a<C: SwCurve>(x: &C::Base) -> C::Base {
    if C::A_IS_MINUS_3 {
        -(x.double() + *x)
    } else {
        C::Base::ZERO
    }
}

/// The scalar field of a curve.
pub type Scalar<C> = crate::field::Fp<<C as SwCurve>::ScalarParams, 4>;
