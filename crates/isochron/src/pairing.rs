//! Optimal-ate pairings on BN and BLS12 curves: Miller loops with projective line functions
//! and sparse line multiplication, multi-Miller loops sharing the squarings, and the final
//! exponentiation.
//!
//! Literature: Vercauteren, "Optimal pairings" (eprint 2008/096); Costello–Lange–Naehrig,
//! "Faster pairing computations on curves with high-degree twists" (eprint 2009/615, §5
//! projective lines); Aranha et al., "Faster explicit formulas for computing pairings over
//! ordinary curves" (eprint 2010/526, §4); Granger–Scott (eprint 2009/565, cyclotomic
//! squaring); Hayashida–Hayasaka–Teruya (eprint 2020/875, BLS12 hard part); Fuentes-Castañeda–
//! Knapp–Rodríguez-Henríquez, "Faster hashing to G2" (BN hard part, via Duquesne–Ghammam
//! eprint 2015/192).

use crate::curve::short_weierstrass::{Affine, SwCurve};
use crate::field::fp12::Fp12;
use crate::field::fp2::{Fp2, TowerParams};
use crate::field::Fp;

mod final_exp;
mod gt;
mod miller_loop;

pub use gt::Gt;
pub use miller_loop::G2Prepared;

/// Which sextic twist G2 lives on; decides where a line's coefficients sit in Fp12.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TwistType {
    /// Multiplicative twist `y² = x³ + b·ξ` (BLS12-381): lines at positions 0, 1, 4.
    M,
    /// Divisive twist `y² = x³ + b/ξ` (BN254): lines at positions 0, 3, 4.
    D,
}

/// The pairing family, which fixes the Miller loop's tail and the final exponentiation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Barreto–Naehrig, `p = 36u⁴ + 36u³ + 24u² + 6u + 1`; loop over `6u + 2`, two Frobenius
    /// lines after it.
    Bn,
    /// Barreto–Lynn–Scott with embedding degree 12; loop over `x`.
    Bls12,
}

/// A pairing-friendly curve: G1 over Fp, G2 over Fp2 (a sextic twist), GT in Fp12.
pub trait PairingParams<const N: usize>: 'static + Copy + Clone + core::fmt::Debug + Send + Sync {
    /// The tower Fp ⊂ Fp2 ⊂ Fp6 ⊂ Fp12.
    type Tower: TowerParams<N>;
    /// The G1 curve over Fp.
    type G1: SwCurve<Base = Fp<<Self::Tower as TowerParams<N>>::Fp, N>>;
    /// The G2 curve over Fp2.
    type G2: SwCurve<Base = Fp2<Self::Tower, N>, ScalarParams = <Self::G1 as SwCurve>::ScalarParams>;
    /// The family.
    const FAMILY: Family;
    /// The twist type of G2.
    const TWIST: TwistType;
    /// `|u|` for BN, `|x|` for BLS12: the curve's family parameter.
    const PARAM: u64;
    /// Whether the family parameter is negative.
    const PARAM_IS_NEGATIVE: bool;
}

/// One `(P, Q)` argument pair of a pairing product.
pub type PairingInput<E, const N: usize> = (Affine<<E as PairingParams<N>>::G1>, Affine<<E as PairingParams<N>>::G2>);

/// The value of a Miller loop: an element of `Fp12*`, in GT only after the final
/// exponentiation.
pub type MillerLoopOutput<E, const N: usize> = Fp12<<E as PairingParams<N>>::Tower, N>;

/// The Miller loop `f_{|loop|, Q}(P)` of the optimal ate pairing (not yet exponentiated).
pub fn miller_loop<E: PairingParams<N>, const N: usize>(
    p: &Affine<E::G1>,
    q: &Affine<E::G2>,
) -> MillerLoopOutput<E, N> {
    miller_loop::miller_loop::<E, N>(p, q)
}

/// The product of the Miller loops of all pairs, sharing the Fp12 squarings.
pub fn multi_miller_loop<E: PairingParams<N>, const N: usize>(
    pairs: &[(Affine<E::G1>, G2Prepared<E, N>)],
) -> MillerLoopOutput<E, N> {
    miller_loop::multi_miller_loop::<E, N>(pairs)
}

/// The final exponentiation `f^((p¹² − 1)/r)` (for BLS12-381 its cube, see `final_exp`), an
/// element of GT for every non-zero `f` (every Miller loop value is non-zero; zero, which
/// has no such power, comes back as zero).
pub fn final_exponentiation<E: PairingParams<N>, const N: usize>(f: &MillerLoopOutput<E, N>) -> Gt<E, N> {
    Gt::from_fp12_unchecked(final_exp::final_exponentiation::<E, N>(f))
}

/// The optimal ate pairing `e(P, Q)`.
pub fn pairing<E: PairingParams<N>, const N: usize>(p: &Affine<E::G1>, q: &Affine<E::G2>) -> Gt<E, N> {
    final_exponentiation::<E, N>(&miller_loop::<E, N>(p, q))
}

/// Whether `∏ e(Pᵢ, Qᵢ) = 1`: one multi-Miller loop and one final exponentiation. The
/// primitive signature and commitment checks use. Points are public.
pub fn pairing_check<E: PairingParams<N>, const N: usize>(pairs: &[PairingInput<E, N>]) -> bool {
    let prepared: alloc::vec::Vec<_> = pairs.iter().map(|(p, q)| (*p, G2Prepared::from(*q))).collect();
    let f = multi_miller_loop::<E, N>(&prepared);
    bool::from(final_exponentiation::<E, N>(&f).is_identity())
}
