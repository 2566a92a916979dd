//! The pairing target group GT: the order-`r` subgroup of `Fp12*`, written multiplicatively.
//!
//! Every element of GT lies in the cyclotomic subgroup `{g : g^(p⁴ − p² + 1) = 1}`, where the
//! inverse is the conjugate (`g^(p⁶) = g⁻¹`) and squaring is the Granger–Scott cyclotomic
//! squaring (eprint 2009/565 §3.2, [`Fp12::cyclotomic_square`]). Exponentiation by a secret
//! scalar uses signed 5-bit fixed windows (digits in `[−16, 16]`) with a constant-time table
//! lookup, negative digits by a constant-time conjugation.
//!
//! **Membership** (Scott, "A note on group membership tests for G1, G2 and GT", eprint
//! 2021/1130, §5–6): `p ≡ λ (mod r)` with `λ = t − 1` (`t` the trace), so every `g ∈ GT`
//! satisfies `g^p = g^λ`: `λ = x` for BLS12, `λ = 6u²` for BN. For `g` in the cyclotomic
//! subgroup (cyclic, of order `Φ₁₂(p) = p⁴ − p² + 1`), the elements with `g^(p − λ) = 1` form
//! the subgroup of order `gcd(Φ₁₂(p), p − λ)`; the test is exact when that gcd is `r`, which
//! holds for BLS12-381 and for BN254 (`tests/gt.rs` recomputes both gcds). So
//! `g ∈ GT ⟺ g ≠ 0, g^(p⁴)·g = g^(p²), g^p = g^λ`: three Frobenius maps and one exponentiation
//! by the 64-bit `x` (BLS12) or the 127-bit `6u²` (BN) instead of one by `r`.

use core::fmt;
use core::ops::{Mul, MulAssign};

use alloc::vec;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

use super::{Family, PairingParams};
use crate::curve::short_weierstrass::Scalar;
use crate::error::Error;
use crate::field::fp12::Fp12;
use crate::field::fp2::{Fp2, TowerParams};
use crate::field::fp6::Fp6;
use crate::field::Fp;

/// Window width of the exponentiations: signed digits in `[−16, 16]`, a table of `g¹ … g¹⁶`.
const WINDOW: u32 = 5;
/// Digits of a 256-bit exponent (four limbs) and the final carry.
const SCALAR_DIGITS: usize = digit_count(4);

/// Signed digits needed for an exponent of `limbs` 64-bit words: every 5-bit window plus one
/// for the carry out of the top one.
const fn digit_count(limbs: usize) -> usize {
    (64 * limbs).div_ceil(WINDOW as usize) + 1
}

/// Signed base-32 digits `dᵢ ∈ [−16, 16]` of `k` (little-endian limbs), least significant
/// first, with `k = Σ dᵢ·32ⁱ`. `digits` must hold [`digit_count`]`(k.len())` entries. No
/// branch or index depends on the values of `k` (only on its public length).
fn signed_digits(k: &[u64], digits: &mut [i8]) {
    let mut carry = 0u64;
    for (i, d) in digits.iter_mut().enumerate() {
        let bit = i * WINDOW as usize;
        let (limb, off) = (bit / 64, (bit % 64) as u32);
        let mut w = if limb < k.len() { k[limb] >> off } else { 0 };
        if off + WINDOW > 64 && limb + 1 < k.len() {
            w |= k[limb + 1] << (64 - off);
        }
        let v = (w & ((1 << WINDOW) - 1)) + carry;
        // v ∈ [0, 32]; a digit ≥ 16 becomes v − 32 with a carry into the next window.
        carry = (v + (1 << (WINDOW - 1))) >> WINDOW;
        *d = (v as i64 - ((carry as i64) << WINDOW)) as i8;
    }
}

/// An element of the pairing target group GT of `E`, the order-`r` subgroup of `Fp12*`.
///
/// Invariant: the value lies in GT. [`final_exponentiation`](super::final_exponentiation)
/// and the checked decoder [`Gt::from_bytes`] (or [`Gt::from_fp12`]) are the only ways in,
/// and the group operations keep it there.
pub struct Gt<E: PairingParams<N>, const N: usize>(Fp12<E::Tower, N>);

impl<E: PairingParams<N>, const N: usize> Gt<E, N> {
    /// The identity, `1 ∈ Fp12`.
    pub const ONE: Self = Gt(Fp12::ONE);

    /// Length of the encoding: the twelve Fp coefficients (576 bytes for BLS12-381, 384 for
    /// BN254).
    pub const SIZE: usize = 12 * 8 * N;

    /// Wraps a value known to lie in GT (a final exponentiation's output).
    pub(super) fn from_fp12_unchecked(f: Fp12<E::Tower, N>) -> Self {
        Gt(f)
    }

    /// `f` as an element of GT if it is one ([`Gt::is_member_vartime`]), else
    /// [`Error::NotInSubgroup`]. Time depends on `f` (public data only).
    pub fn from_fp12(f: &Fp12<E::Tower, N>) -> Result<Self, Error> {
        if Self::is_member_vartime(f) {
            Ok(Gt(*f))
        } else {
            Err(Error::NotInSubgroup)
        }
    }

    /// The underlying Fp12 value.
    pub fn as_fp12(&self) -> &Fp12<E::Tower, N> {
        &self.0
    }

    /// Whether this is the identity.
    pub fn is_identity(&self) -> Choice {
        self.0.ct_eq(&Fp12::ONE)
    }

    /// `self²`, by cyclotomic squaring.
    pub fn square(&self) -> Self {
        Gt(self.0.cyclotomic_square())
    }

    /// `self⁻¹`, the conjugate (GT is unitary: `g^(p⁶) = g⁻¹`); always exists.
    pub fn invert(&self) -> Self {
        Gt(self.0.conjugate())
    }

    /// `self^k` for a secret scalar `k`: signed 5-bit fixed windows (255 cyclotomic squarings,
    /// 52 multiplications) with constant-time table lookups. Time is independent of `k` and
    /// `self`.
    pub fn pow(&self, k: &Scalar<E::G1>) -> Self {
        let mut limbs = k.to_canonical_limbs();
        let mut digits = [0i8; SCALAR_DIGITS];
        signed_digits(&limbs, &mut digits);
        let mut table = self.odd_and_even_powers();
        let lookup = |d: i8| -> Fp12<E::Tower, N> {
            let neg = Choice::from(((d as u8) >> 7) & 1);
            let abs = ((d as i16 ^ -(neg.unwrap_u8() as i16)) + neg.unwrap_u8() as i16) as u8;
            let mut t = Fp12::ONE;
            for (j, x) in table.iter().enumerate() {
                t.conditional_assign(x, abs.ct_eq(&(j as u8 + 1)));
            }
            Fp12::conditional_select(&t, &t.conjugate(), neg)
        };
        let mut acc = lookup(digits[SCALAR_DIGITS - 1]);
        for &d in digits[..SCALAR_DIGITS - 1].iter().rev() {
            for _ in 0..WINDOW {
                acc = acc.cyclotomic_square();
            }
            acc *= lookup(d);
        }
        limbs.zeroize();
        digits.zeroize();
        table.zeroize();
        Gt(acc)
    }

    /// `self^k` for a public scalar `k`; time depends on `k`.
    pub fn pow_vartime(&self, k: &Scalar<E::G1>) -> Self {
        self.pow_limbs_vartime(&k.to_canonical_limbs())
    }

    /// `self^k` for a public integer `k` of any length (little-endian limbs), by the same
    /// signed windows with zero digits skipped; time depends on `k`.
    pub fn pow_limbs_vartime(&self, k: &[u64]) -> Self {
        let mut digits = vec![0i8; digit_count(k.len())];
        signed_digits(k, &mut digits);
        let table = self.odd_and_even_powers();
        let mut acc: Option<Fp12<E::Tower, N>> = None;
        for &d in digits.iter().rev() {
            if let Some(a) = acc.as_mut() {
                for _ in 0..WINDOW {
                    *a = a.cyclotomic_square();
                }
            }
            if d != 0 {
                let t = table[d.unsigned_abs() as usize - 1];
                let t = if d < 0 { t.conjugate() } else { t };
                acc = Some(acc.map_or(t, |a| a * t));
            }
        }
        Gt(acc.unwrap_or(Fp12::ONE))
    }

    /// `[g, g², …, g¹⁶]`.
    fn odd_and_even_powers(&self) -> [Fp12<E::Tower, N>; 16] {
        let mut table = [self.0; 16];
        table[1] = self.0.cyclotomic_square();
        for i in 2..16 {
            table[i] = table[i - 1] * self.0;
        }
        table
    }

    /// Whether `f` lies in GT (see the module documentation): `f ≠ 0`, `f` is in the
    /// cyclotomic subgroup (`f^(p⁴)·f = f^(p²)`) and `f^p = f^λ`. Time depends on `f` (public
    /// data only).
    pub fn is_member_vartime(f: &Fp12<E::Tower, N>) -> bool {
        if bool::from(f.is_zero()) || f.frobenius_map(4) * f != f.frobenius_map(2) {
            return false;
        }
        let g = Gt::<E, N>(*f);
        let u = E::PARAM;
        let g_lambda = match E::FAMILY {
            Family::Bls12 => {
                let g_x = g.pow_limbs_vartime(&[u]);
                if E::PARAM_IS_NEGATIVE {
                    g_x.invert()
                } else {
                    g_x
                }
            }
            Family::Bn => {
                // 6u² as three limbs (u < 2⁶⁴).
                let u2 = (u as u128) * (u as u128);
                let lo = (u2 as u64 as u128) * 6;
                let hi = (u2 >> 64) * 6 + (lo >> 64);
                g.pow_limbs_vartime(&[lo as u64, hi as u64, (hi >> 64) as u64])
            }
        };
        f.frobenius_map(1) == g_lambda.0
    }

    /// The encoding into `out` (`SIZE` bytes): the twelve Fp coefficients in tower order,
    /// lowest first (`c0.c0.c0, c0.c0.c1, c0.c1.c0, …, c1.c2.c1`), each big-endian.
    /// [`Error::Length`] (nothing written) unless `out` has `SIZE` bytes.
    pub fn write_bytes(&self, out: &mut [u8]) -> Result<(), Error> {
        if out.len() != Self::SIZE {
            return Err(Error::Length { expected: Self::SIZE, got: out.len() });
        }
        for (c, o) in self.coefficients().iter().zip(out.chunks_exact_mut(8 * N)) {
            o.copy_from_slice(&c.to_bytes_be());
        }
        Ok(())
    }

    /// Decodes [`Gt::write_bytes`]'s encoding with every check: length, each coefficient
    /// canonical (`< p`), and membership in GT. Time depends on the input (public data).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.len() != Self::SIZE {
            return Err(Error::Length { expected: Self::SIZE, got: bytes.len() });
        }
        let mut c = [Fp::ZERO; 12];
        for (c, b) in c.iter_mut().zip(bytes.chunks_exact(8 * N)) {
            *c = Fp::from_bytes_be(b)?;
        }
        let e2 = |i: usize| Fp2::new(c[2 * i], c[2 * i + 1]);
        let f = Fp12::new(Fp6::new(e2(0), e2(1), e2(2)), Fp6::new(e2(3), e2(4), e2(5)));
        Self::from_fp12(&f)
    }

    /// The twelve Fp coefficients in tower order.
    fn coefficients(&self) -> [Fp<<E::Tower as TowerParams<N>>::Fp, N>; 12] {
        let f = &self.0;
        [f.c0.c0, f.c0.c1, f.c0.c2, f.c1.c0, f.c1.c1, f.c1.c2]
            .map(|x| [x.c0, x.c1])
            .as_flattened()
            .try_into()
            .expect("twelve coefficients")
    }
}

impl<E: PairingParams<N>, const N: usize> Clone for Gt<E, N> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<E: PairingParams<N>, const N: usize> Copy for Gt<E, N> {}

impl<E: PairingParams<N>, const N: usize> Default for Gt<E, N> {
    fn default() -> Self {
        Self::ONE
    }
}

impl<E: PairingParams<N>, const N: usize> fmt::Debug for Gt<E, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Gt({:?})", self.0)
    }
}

impl<E: PairingParams<N>, const N: usize> ConstantTimeEq for Gt<E, N> {
    fn ct_eq(&self, other: &Self) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

impl<E: PairingParams<N>, const N: usize> PartialEq for Gt<E, N> {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}
impl<E: PairingParams<N>, const N: usize> Eq for Gt<E, N> {}

impl<E: PairingParams<N>, const N: usize> ConditionallySelectable for Gt<E, N> {
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        Gt(Fp12::conditional_select(&a.0, &b.0, choice))
    }
}

impl<E: PairingParams<N>, const N: usize> Zeroize for Gt<E, N> {
    /// Resets to the identity (staying in GT).
    fn zeroize(&mut self) {
        self.0.zeroize();
        self.0 = Fp12::ONE;
    }
}

impl<E: PairingParams<N>, const N: usize> Mul for Gt<E, N> {
    type Output = Self;
    fn mul(self, rhs: Self) -> Self {
        Gt(self.0 * rhs.0)
    }
}

impl<E: PairingParams<N>, const N: usize> MulAssign for Gt<E, N> {
    fn mul_assign(&mut self, rhs: Self) {
        self.0 *= rhs.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(digits: &[i8]) -> num_bigint::BigInt {
        digits.iter().rev().fold(num_bigint::BigInt::default(), |acc, &d| (acc << WINDOW) + d)
    }

    #[test]
    fn signed_digits_represent_the_exponent() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(5);
        for len in [1usize, 2, 3, 4] {
            for i in 0..300 {
                let mut k: alloc::vec::Vec<u64> = (0..len).map(|_| rng.gen()).collect();
                if i == 0 {
                    k.iter_mut().for_each(|l| *l = u64::MAX);
                }
                let mut d = vec![0i8; digit_count(len)];
                signed_digits(&k, &mut d);
                assert!(d.iter().all(|&x| (-16..=16).contains(&x)));
                let want = k.iter().rev().fold(num_bigint::BigInt::default(), |acc, &l| (acc << 64) + l);
                assert_eq!(eval(&d), want);
            }
        }
    }
}
