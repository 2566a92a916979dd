//! Hashing to elliptic curves, RFC 9380 ("Hashing to Elliptic Curves", Faz-Hernández, Scott,
//! Sullivan, Wahby, Wood, 2023).
//!
//! The pipeline of §3: [`expand_message`] (§5.3) stretches a message and a domain separation
//! tag into uniform bytes, [`hash_to_field`](mod@hash_to_field) (§5.2) reduces them to field elements, a map sends
//! each element to the curve — the simplified SWU map onto an isogenous curve followed by the
//! isogeny ([`sswu`], [`isogeny`]; §6.6.2–6.6.3) or the Shallue–van de Woestijne map ([`svdw`],
//! §6.6.1) — and the cofactor is cleared (§7). `hash_to_curve` (the `_RO_` suites) maps two
//! field elements and adds the points; `encode_to_curve` (`_NU_`) maps one.
//!
//! The named suites are declared by their curves: `curves::bls12_381`
//! (`BLS12381G1_XMD:SHA-256_SSWU_{RO,NU}_` and `BLS12381G2_XMD:SHA-256_SSWU_{RO,NU}_`, §8.8:
//! `hash_to_g1`, `encode_to_g1`, `hash_to_g2`, `encode_to_g2`) and `curves::bn254`
//! (`BN254G1_XMD:SHA-256_SVDW_{RO,NU}_`, the suite gnark-crypto and the BBS drafts use; RFC 9380
//! names none for BN254).
//!
//! Everything is constant time in the message: the maps use conditional selects, a
//! constant-time `sgn0` and square roots whose exponentiations depend only on public exponents.

use subtle::Choice;

use crate::curve::short_weierstrass::{Projective, SwCurve};
use crate::error::Error;
use crate::field::fp2::{Fp2, TowerParams};
use crate::field::{FieldParams, Fp, SqrtField};
use crate::limbs::{self, mont};

pub mod expand_message;
pub mod hash_to_field;
pub mod isogeny;
pub mod sqrt_ratio;
pub mod sswu;
pub mod svdw;

pub use expand_message::{ExpandMessage, ExpandMsgXmd, ExpandMsgXof};
pub use hash_to_field::hash_to_field;

/// A field the maps of RFC 9380 run over: a prime field or Fp2.
pub trait MapField: SqrtField {
    /// The extension degree `m` (§5.2).
    const DEGREE: usize;

    /// `sgn0` (RFC 9380 §4.1): the parity of the first non-zero coefficient (for Fp2:
    /// `sgn0(x0) OR (x0 == 0 AND sgn0(x1))`). Constant time.
    fn sgn0(&self) -> Choice;

    /// The element whose coefficients are the `DEGREE` big-endian integers of `l` bytes each in
    /// `bytes`, reduced mod `p` (hash_to_field, §5.2 steps 4–8). `bytes.len() = DEGREE·l`; any
    /// other length gives an unspecified element (never a panic).
    fn from_uniform_bytes(bytes: &[u8], l: usize) -> Self;
}

impl<P: FieldParams<N>, const N: usize> MapField for Fp<P, N> {
    const DEGREE: usize = 1;

    fn sgn0(&self) -> Choice {
        self.is_odd()
    }

    fn from_uniform_bytes(bytes: &[u8], l: usize) -> Self {
        debug_assert_eq!(bytes.len(), l);
        Fp::from_bytes_be_wide(bytes)
    }
}

impl<T: TowerParams<N>, const N: usize> MapField for Fp2<T, N> {
    const DEGREE: usize = 2;

    fn sgn0(&self) -> Choice {
        self.c0.is_odd() | (self.c0.is_zero() & self.c1.is_odd())
    }

    fn from_uniform_bytes(bytes: &[u8], l: usize) -> Self {
        debug_assert_eq!(bytes.len(), 2 * l);
        let (c0, c1) = bytes.split_at(l.min(bytes.len()));
        Fp2::new(Fp::from_bytes_be_wide(c0), Fp::from_bytes_be_wide(c1))
    }
}

/// A hash-to-curve suite (RFC 9380 §8): the curve, the expander, `L`, the map and the cofactor
/// clearing; [`Suite::hash_to_curve`] and [`Suite::encode_to_curve`] follow from them (§3).
pub trait Suite {
    /// The field the map runs over (the curve's coordinate field).
    type Field: MapField;
    /// The target curve.
    type Curve: SwCurve<Base = Self::Field>;
    /// The `expand_message` variant.
    type Expander: ExpandMessage;
    /// `L`, bytes per field coefficient in `hash_to_field` (§5.1).
    const L: usize;

    /// `map_to_curve` (§6): a point of the curve (not yet in the subgroup). Constant time.
    fn map_to_curve(u: &Self::Field) -> Projective<Self::Curve>;

    /// `map_to_curve(u0) + map_to_curve(u1)`, the sum `hash_to_curve` clears; a suite whose map
    /// ends in an isogeny overrides it to add on the isogenous curve and map once (§6.6.3).
    /// Constant time.
    fn map_to_curve_sum(u0: &Self::Field, u1: &Self::Field) -> Projective<Self::Curve> {
        Self::map_to_curve(u0).add(&Self::map_to_curve(u1))
    }

    /// `clear_cofactor` (§7): `[h_eff]P`. Constant time.
    fn clear_cofactor(p: &Projective<Self::Curve>) -> Projective<Self::Curve>;

    /// `hash_to_curve(msg)` (§3, the `_RO_` suites): `u = hash_to_field(msg, 2)`,
    /// `P = clear_cofactor(map_to_curve(u0) + map_to_curve(u1))`. Fails only for an empty
    /// `dst`. Constant time in `msg` (its length aside).
    fn hash_to_curve(msg: &[u8], dst: &[u8]) -> Result<Projective<Self::Curve>, Error> {
        let mut u = [Self::Field::default(); 2];
        hash_to_field::<Self::Field, Self::Expander>(msg, dst, Self::L, &mut u)?;
        let q = Self::map_to_curve_sum(&u[0], &u[1]);
        Ok(Self::clear_cofactor(&q))
    }

    /// `encode_to_curve(msg)` (§3, the `_NU_` suites): `u = hash_to_field(msg, 1)`,
    /// `P = clear_cofactor(map_to_curve(u))`. Not a random oracle. Fails only for an empty
    /// `dst`. Constant time in `msg` (its length aside).
    fn encode_to_curve(msg: &[u8], dst: &[u8]) -> Result<Projective<Self::Curve>, Error> {
        let mut u = [Self::Field::default(); 1];
        hash_to_field::<Self::Field, Self::Expander>(msg, dst, Self::L, &mut u)?;
        Ok(Self::clear_cofactor(&Self::map_to_curve(&u[0])))
    }
}

/// `x^((p+1)/4)` at compile time, a square root of `x` when `p ≡ 3 (mod 4)`; fails to compile
/// if `x` is not a square. Which of the two roots is unspecified (callers that care normalize).
pub(crate) const fn const_sqrt_3mod4<P: FieldParams<N>, const N: usize>(x: &Fp<P, N>) -> Fp<P, N> {
    assert!(P::MODULUS[0] & 3 == 3, "p ≡ 3 (mod 4) only");
    let r = mont::pow_vartime(x.mont_limbs(), &P::SQRT_EXP_3MOD4, &P::R, &P::MODULUS, P::INV);
    let r2 = mont::mul(&r, &r, &P::MODULUS, P::INV);
    assert!(limbs::eq(&r2, x.mont_limbs()), "not a square");
    Fp::from_mont_limbs(r)
}

/// `−x` at compile time.
pub(crate) const fn const_neg<P: FieldParams<N>, const N: usize>(x: &Fp<P, N>) -> Fp<P, N> {
    Fp::from_mont_limbs(limbs::neg_mod(x.mont_limbs(), &P::MODULUS))
}

/// `x⁻¹ = x^(p−2)` at compile time (`x ≠ 0`).
pub(crate) const fn const_inv<P: FieldParams<N>, const N: usize>(x: &Fp<P, N>) -> Fp<P, N> {
    assert!(!limbs::is_zero(x.mont_limbs()), "zero has no inverse");
    Fp::from_mont_limbs(mont::pow_vartime(x.mont_limbs(), &P::MODULUS_MINUS_2, &P::R, &P::MODULUS, P::INV))
}

/// `x` or `−x`, whichever has `sgn0 = 0` (an even canonical value), at compile time.
pub(crate) const fn const_sgn0_zero<P: FieldParams<N>, const N: usize>(x: &Fp<P, N>) -> Fp<P, N> {
    let canonical = mont::redc(x.mont_limbs(), &[0; N], &P::MODULUS, P::INV);
    if canonical[0] & 1 == 1 {
        const_neg(x)
    } else {
        *x
    }
}
