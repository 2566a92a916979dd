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

use core::fmt::Debug;
use core::ops::{Mul, MulAssign};

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

use crate::curve::short_weierstrass::{Affine, SwCurve};
use crate::curve::{AffinePoint, ByteArray, Group};
use crate::error::Error;
use crate::field::fp12::Fp12;
use crate::field::fp2::{Fp2, TowerParams};
use crate::field::{Fp, PrimeField};

mod final_exp;
mod gt;
mod miller_loop;

pub use gt::{Gt, GtBytes};
#[cfg(test)]
pub(crate) use miller_loop::check_new_checked;
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

/// The parameters of a pairing-friendly curve with a limb count `N`: G1 over Fp, G2 over Fp2
/// (a sextic twist), GT in Fp12. Named curves declare it; users and protocols use
/// [`PairingEngine`], which names no limb count.
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
    /// `(c_x, c_y)` of `ψ(x, y) = (x̄·c_x, ȳ·c_y)` on the twist
    /// ([`endomorphism::psi_coefficients`](crate::curve::short_weierstrass::endomorphism::psi_coefficients)),
    /// a constant of the curve: the BN Miller loop's Frobenius lines and the G2 test of
    /// [`PairingParams::G2_TEST_BY_LOOP`].
    const PSI: (Fp2<Self::Tower, N>, Fp2<Self::Tower, N>);
    /// Whether the point a Miller loop's doublings and additions end on decides G2
    /// membership, so that it doubles as the G2 subgroup test
    /// ([`PairingEngine::pairing_check_g2_unchecked`]): for BLS12, `Q ∈ G2 ⟺ ψ(Q) = [x]Q`
    /// (Scott, eprint 2021/1130 §4); for BN with `u > 0`, `Q ∈ G2 ⟺ [6u + 2]Q + ψ(Q) − ψ²(Q)
    /// + ψ³(Q) = O`. False unless a curve declares it (with the reason).
    const G2_TEST_BY_LOOP: bool = false;
}

/// A pairing engine `e: G1 × G2 → GT`: the groups, the target group and the pairing, with no
/// limb count in sight. Implemented by the engine types of the pairing curves
/// (`isochron::curves::bls12_381::Bls12_381`, `isochron::curves::bn254::Bn254`); protocols are
/// written against it (`fn verify<E: PairingEngine>(…)`).
pub trait PairingEngine: 'static + Copy + Clone + Debug + Default + Eq + Send + Sync {
    /// The scalar field of G1, G2 and GT (order `r`).
    type Scalar: PrimeField;
    /// G1 in projective coordinates.
    type G1: Group<Scalar = Self::Scalar, Affine = Self::G1Affine>;
    /// G1 in affine coordinates.
    type G1Affine: AffinePoint<Group = Self::G1, Scalar = Self::Scalar>;
    /// G2 in projective coordinates.
    type G2: Group<Scalar = Self::Scalar, Affine = Self::G2Affine>;
    /// G2 in affine coordinates.
    type G2Affine: AffinePoint<Group = Self::G2, Scalar = Self::Scalar>;
    /// A G2 point with its Miller-loop lines precomputed, for a fixed second argument.
    type G2Prepared: Clone + Debug + Send + Sync + From<Self::G2Affine>;
    /// The target group GT, written multiplicatively.
    type Gt: TargetGroup<Scalar = Self::Scalar>;
    /// A Miller loop's value (in `Fp12*`, in GT only after the final exponentiation).
    type MillerLoopOutput: Copy + Debug + Eq + Send + Sync + Mul<Output = Self::MillerLoopOutput> + MulAssign;

    /// The Miller loop `f_{loop, Q}(P)` of the optimal ate pairing.
    fn miller_loop(p: &Self::G1Affine, q: &Self::G2Affine) -> Self::MillerLoopOutput;
    /// `∏ f_{loop, Qᵢ}(Pᵢ)`, one shared chain of squarings.
    fn multi_miller_loop(terms: &[(&Self::G1Affine, &Self::G2Prepared)]) -> Self::MillerLoopOutput;
    /// The final exponentiation, into GT.
    fn final_exponentiation(f: &Self::MillerLoopOutput) -> Self::Gt;
    /// The optimal ate pairing `e(P, Q)`.
    fn pairing(p: &Self::G1Affine, q: &Self::G2Affine) -> Self::Gt {
        Self::final_exponentiation(&Self::miller_loop(p, q))
    }
    /// Whether `∏ e(Pᵢ, Qᵢ) = 1`: one multi-Miller loop and one final exponentiation (the check
    /// of signatures and commitments). Points are public.
    fn pairing_check(pairs: &[(Self::G1Affine, Self::G2Affine)]) -> bool;
    /// [`PairingEngine::pairing_check`] for G2 points not yet known to lie in G2 (the G1
    /// points must be): `None` if some `Qᵢ` lies outside G2 (the identity does not), else
    /// whether `∏ e(Pᵢ, Qᵢ) = 1`. Every `Qᵢ` is tested, also beside an identity `Pᵢ`; on BLS12
    /// curves the test of a `Qᵢ` that enters the Miller loop reuses the `[|x|]Qᵢ` the loop
    /// computes (EIP-2537's pairing check). Points are public.
    fn pairing_check_g2_unchecked(pairs: &[(Self::G1Affine, Self::G2Affine)]) -> Option<bool>;
}

/// The target group GT of a pairing: a prime-order subgroup of `Fp12*`, written
/// multiplicatively.
pub trait TargetGroup:
    Copy
    + Debug
    + Default
    + Eq
    + Send
    + Sync
    + ConditionallySelectable
    + ConstantTimeEq
    + Zeroize
    + Mul<Output = Self>
    + MulAssign
{
    /// The scalar field (exponents).
    type Scalar: PrimeField;
    /// The fixed-size encoding.
    type Bytes: ByteArray;
    /// The identity, one.
    fn identity() -> Self;
    /// Whether this is the identity.
    fn is_identity(&self) -> Choice;
    /// `self²`.
    fn square(&self) -> Self;
    /// `self⁻¹`.
    fn invert(&self) -> Self;
    /// `self^k`, constant time in `k` and `self`.
    fn pow(&self, k: &Self::Scalar) -> Self;
    /// `self^k` for a public `k`.
    fn pow_vartime(&self, k: &Self::Scalar) -> Self;
    /// The encoding (twelve big-endian Fp coefficients in tower order).
    fn to_bytes(&self) -> Self::Bytes;
    /// Decodes [`TargetGroup::to_bytes`] with every check (length, canonical coefficients,
    /// membership in GT).
    fn from_bytes(bytes: &[u8]) -> Result<Self, Error>;
}

impl<E: PairingParams<N>, const N: usize> TargetGroup for Gt<E, N> {
    type Scalar = crate::curve::short_weierstrass::Scalar<E::G1>;
    type Bytes = GtBytes<N>;
    fn identity() -> Self {
        Gt::ONE
    }
    fn is_identity(&self) -> Choice {
        Gt::is_identity(self)
    }
    fn square(&self) -> Self {
        Gt::square(self)
    }
    fn invert(&self) -> Self {
        Gt::invert(self)
    }
    fn pow(&self, k: &Self::Scalar) -> Self {
        Gt::pow(self, k)
    }
    fn pow_vartime(&self, k: &Self::Scalar) -> Self {
        Gt::pow_vartime(self, k)
    }
    fn to_bytes(&self) -> GtBytes<N> {
        Gt::to_bytes(self)
    }
    fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        Gt::from_bytes(bytes)
    }
}

/// Implements [`PairingEngine`] for a curve's engine type with `N`-limb base field, and
/// declares the curve's free functions `pairing`, `multi_miller_loop`,
/// `final_exponentiation` and `pairing_check` and the aliases `Gt`, `G2Prepared`,
/// `MillerLoopOutput` (used once per curve, in `curves/<name>.rs`).
macro_rules! pairing_engine {
    ($engine:ty, $n:literal) => {
        /// The pairing target group GT of this curve.
        pub type Gt = $crate::pairing::Gt<$engine, $n>;
        /// A G2 point with its Miller-loop lines precomputed.
        pub type G2Prepared = $crate::pairing::G2Prepared<$engine, $n>;
        /// A Miller loop's value (in GT after the final exponentiation).
        pub type MillerLoopOutput = Fp12;

        impl $crate::pairing::PairingEngine for $engine {
            type Scalar = Fr;
            type G1 = G1Projective;
            type G1Affine = G1Affine;
            type G2 = G2Projective;
            type G2Affine = G2Affine;
            type G2Prepared = G2Prepared;
            type Gt = Gt;
            type MillerLoopOutput = Fp12;

            fn miller_loop(p: &G1Affine, q: &G2Affine) -> Fp12 {
                $crate::pairing::miller_loop::<$engine, $n>(p, q)
            }
            fn multi_miller_loop(terms: &[(&G1Affine, &G2Prepared)]) -> Fp12 {
                $crate::pairing::multi_miller_loop::<$engine, $n>(terms)
            }
            fn final_exponentiation(f: &Fp12) -> Gt {
                $crate::pairing::final_exponentiation::<$engine, $n>(f)
            }
            fn pairing_check(pairs: &[(G1Affine, G2Affine)]) -> bool {
                $crate::pairing::pairing_check::<$engine, $n>(pairs)
            }
            fn pairing_check_g2_unchecked(pairs: &[(G1Affine, G2Affine)]) -> Option<bool> {
                $crate::pairing::pairing_check_g2_unchecked::<$engine, $n>(pairs)
            }
        }

        /// The optimal ate pairing `e(P, Q)` ([`PairingEngine::pairing`](crate::pairing::PairingEngine::pairing)).
        pub fn pairing(p: &G1Affine, q: &G2Affine) -> Gt {
            <$engine as $crate::pairing::PairingEngine>::pairing(p, q)
        }
        /// `∏ f_{loop, Qᵢ}(Pᵢ)` with shared squarings ([`PairingEngine::multi_miller_loop`](crate::pairing::PairingEngine::multi_miller_loop)).
        pub fn multi_miller_loop(terms: &[(&G1Affine, &G2Prepared)]) -> Fp12 {
            <$engine as $crate::pairing::PairingEngine>::multi_miller_loop(terms)
        }
        /// The final exponentiation into GT ([`PairingEngine::final_exponentiation`](crate::pairing::PairingEngine::final_exponentiation)).
        pub fn final_exponentiation(f: &Fp12) -> Gt {
            <$engine as $crate::pairing::PairingEngine>::final_exponentiation(f)
        }
        /// Whether `∏ e(Pᵢ, Qᵢ) = 1` ([`PairingEngine::pairing_check`](crate::pairing::PairingEngine::pairing_check)).
        pub fn pairing_check(pairs: &[(G1Affine, G2Affine)]) -> bool {
            <$engine as $crate::pairing::PairingEngine>::pairing_check(pairs)
        }
    };
}
pub(crate) use pairing_engine;

/// One `(P, Q)` argument pair of a pairing product.
pub(crate) type PairingInput<E, const N: usize> =
    (Affine<<E as PairingParams<N>>::G1>, Affine<<E as PairingParams<N>>::G2>);

/// The value of a Miller loop: an element of `Fp12*`, in GT only after the final
/// exponentiation.
pub(crate) type MillerLoopOutput<E, const N: usize> = Fp12<<E as PairingParams<N>>::Tower, N>;

/// The Miller loop `f_{|loop|, Q}(P)` of the optimal ate pairing (not yet exponentiated).
pub(crate) fn miller_loop<E: PairingParams<N>, const N: usize>(
    p: &Affine<E::G1>,
    q: &Affine<E::G2>,
) -> MillerLoopOutput<E, N> {
    miller_loop::miller_loop::<E, N>(p, q)
}

/// The product of the Miller loops of all pairs, sharing the Fp12 squarings.
pub(crate) fn multi_miller_loop<E: PairingParams<N>, const N: usize>(
    terms: &[(&Affine<E::G1>, &G2Prepared<E, N>)],
) -> MillerLoopOutput<E, N> {
    miller_loop::multi_miller_loop::<E, N>(terms)
}

/// The final exponentiation `f^((p¹² − 1)/r)` (for BLS12-381 its cube, see `final_exp`), an
/// element of GT for every non-zero `f` (every Miller loop value is non-zero; zero, which
/// has no such power, comes back as zero).
pub(crate) fn final_exponentiation<E: PairingParams<N>, const N: usize>(f: &MillerLoopOutput<E, N>) -> Gt<E, N> {
    Gt::from_fp12_unchecked(final_exp::final_exponentiation::<E, N>(f))
}

/// Whether `∏ e(Pᵢ, Qᵢ) = 1`: one multi-Miller loop and one final exponentiation.
pub(crate) fn pairing_check<E: PairingParams<N>, const N: usize>(pairs: &[PairingInput<E, N>]) -> bool {
    let prepared: alloc::vec::Vec<_> = pairs.iter().map(|(p, q)| (p, G2Prepared::from(*q))).collect();
    let terms: alloc::vec::Vec<_> = prepared.iter().map(|(p, q)| (*p, q)).collect();
    let f = multi_miller_loop::<E, N>(&terms);
    bool::from(final_exponentiation::<E, N>(&f).is_identity())
}

/// [`PairingEngine::pairing_check_g2_unchecked`]: each `Qᵢ` prepared with its G2 test
/// ([`G2Prepared::new_checked`]), then the product as in [`pairing_check`].
pub(crate) fn pairing_check_g2_unchecked<E: PairingParams<N>, const N: usize>(
    pairs: &[PairingInput<E, N>],
) -> Option<bool> {
    let mut prepared = alloc::vec::Vec::with_capacity(pairs.len());
    for (p, q) in pairs {
        prepared.push((p, G2Prepared::new_checked(q)?));
    }
    let terms: alloc::vec::Vec<_> = prepared.iter().map(|(p, q)| (*p, q)).collect();
    let f = multi_miller_loop::<E, N>(&terms);
    Some(bool::from(final_exponentiation::<E, N>(&f).is_identity()))
}
