//! Endomorphisms of the pairing curves used for fast subgroup checks (Scott, "A note on group
//! membership tests for G1, G2 and GT on BLS pairing-friendly curves", eprint 2021/1130;
//! Dai–Lin–Zhao–Zhou, eprint 2022/348 for BN curves) and for the BN Miller loop's Frobenius
//! lines.

use super::{Projective, SwCurve};
use crate::field::fp2::{Fp2, TowerParams};
use crate::field::Fp;

/// `ψ = untwist⁻¹ ∘ π_p ∘ untwist` on a sextic twist over Fp2 with `ξ = w⁶`, as the two
/// coordinate factors `(c_x, c_y)` with `ψ(x, y) = (x̄·c_x, ȳ·c_y)`.
///
/// D-type twist (untwist `(x, y) ↦ (x·w², y·w³)`): `c_x = ξ^((p−1)/3)`, `c_y = ξ^((p−1)/2)`;
/// M-type (untwist `(x, y) ↦ (x/w², y/w³)`): their inverses. With the tower's table
/// `γ_{1,i} = ξ^(i(p−1)/6)`: `ξ^((p−1)/3) = γ_{1,2}` and `ξ^((p−1)/2) = γ_{1,1}·γ_{1,2}`.
pub fn psi_coefficients<T: TowerParams<N>, const N: usize>(m_twist: bool) -> (Fp2<T, N>, Fp2<T, N>) {
    let g1 = Fp2::from_raw(&T::FROBENIUS[1][0]);
    let g2 = Fp2::from_raw(&T::FROBENIUS[1][1]);
    let (cx, cy) = (g2, g1 * g2);
    if m_twist {
        // γ's are public constants: the variable-time inversion is fine.
        (cx.inverse_vartime().expect("non-zero"), cy.inverse_vartime().expect("non-zero"))
    } else {
        (cx, cy)
    }
}

/// `ψ(P)` for a projective point on a twist over Fp2 (see [`psi_coefficients`]).
pub fn psi<C, T, const N: usize>(p: &Projective<C>, coeffs: &(Fp2<T, N>, Fp2<T, N>)) -> Projective<C>
where
    C: SwCurve<Base = Fp2<T, N>>,
    T: TowerParams<N>,
{
    Projective { x: p.x.conjugate() * coeffs.0, y: p.y.conjugate() * coeffs.1, z: p.z.conjugate() }
}

/// `ψ²(P) = (X·N(c_x) : −Y : Z)` for a projective point on a twist over Fp2, with the norm
/// `N(c_x) = c_x·c̄_x ∈ Fp` of [`psi_coefficients`] (`ψ(ψ(x, y)) = (x·c̄_x·c_x, y·c̄_y·c_y)`, the
/// conjugations cancelling, and `N(c_y) = −1`: see `glv::psi_squared_coefficient_const`): two
/// Fp products and a negation instead of the two Fp2 products and three conjugations of `ψ`
/// applied twice.
pub fn psi_squared<C, T, const N: usize>(p: &Projective<C>, norm_x: &Fp<T::Fp, N>) -> Projective<C>
where
    C: SwCurve<Base = Fp2<T, N>>,
    T: TowerParams<N>,
{
    Projective { x: p.x.mul_by_fp(norm_x), y: p.y.neg(), z: p.z }
}
