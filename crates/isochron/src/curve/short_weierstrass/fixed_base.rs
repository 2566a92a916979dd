//! Fixed-base scalar multiplication: a precomputed table of a base point's multiples, so that
//! `[k]G` costs one mixed addition per 5-bit window and no doubling (the fixed-window method of
//! Brickell–Gordon–McCurley–Wilson, Eurocrypt 1992; Menezes–van Oorschot–Vanstone, *Handbook of
//! Applied Cryptography*, §14.6.3) with the odd signed digits of Joye–Tunstall ("Exponent
//! recoding and regular exponentiation algorithms", Africacrypt 2009, Alg. 6).
//!
//! Row `i` of the table holds `[1, 3, …, 31]·32^i·G` in affine coordinates. An odd `k < 2^256`
//! is `Σ_{i<52} d_i·32^i` with every `d_i` odd in `[−31, 31]`: `d_i = 2·k[5i+1 .. 5i+6] + 1 − 32`
//! for `i < 51` (five bits of `k` from bit `5i + 1`) and `d_51 = 1`. An even `k` is replaced by the
//! odd `r − k` and the result negated. Each term is a constant-time scan of one row (every entry
//! is read) and a conditional negation, so the time does not depend on `k`.
//!
//! **No exceptional additions.** Every digit is odd, so the partial sum `P_i = Σ_{j<i} d_j·32^j`
//! is an odd integer with `|P_i| < 32^i ≤ |d_i·32^i|`, and `0 < |P_i ∓ d_i·32^i| < 32^(i+1)`. While
//! `32^(i+1) < r` (rows `i` with `5(i+1) < ⌊log₂ r⌋ + 1`), `P_i·G` is therefore neither the identity
//! nor `±d_i·32^i·G`, and the additions run the incomplete Jacobian mixed formula (8M + 3S). The
//! last rows, where a sum could wrap around `r`, use the complete formula (Renes–Costello–Batina,
//! eprint 2015/1060), which also covers `k = 0`.

use alloc::vec::Vec;

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

use super::jacobian::Jacobian;
use super::scalar_mul::{CT_TABLE, MAX_WINDOWS};
use super::{Affine, Projective, Scalar, SwCurve};
use crate::field::FieldParams;
use crate::limbs;

/// The multiples of a fixed base for [`FixedBaseTable::mul`]: `MAX_WINDOWS` rows of `CT_TABLE`
/// affine points (52 × 16; 80 KiB for BLS12-381 G1, 160 KiB for G2).
#[derive(Clone, Debug)]
pub struct FixedBaseTable<C: SwCurve> {
    rows: Vec<[Affine<C>; CT_TABLE]>,
}

impl<C: SwCurve> FixedBaseTable<C> {
    /// The table of `base` (public): `[2j + 1]·32^i·base` for `j = 0..16`, `i = 0..52`,
    /// normalized to affine with one batch inversion.
    pub fn new(base: &Projective<C>) -> Self {
        let mut points = Vec::with_capacity(MAX_WINDOWS * CT_TABLE);
        let mut b = *base;
        for _ in 0..MAX_WINDOWS {
            let twice = b.double();
            let mut m = b;
            for _ in 0..CT_TABLE {
                points.push(m);
                m = m.add(&twice);
            }
            // The loop leaves m = 33·b; 32·b = m − b.
            b = m.add(&b.neg());
        }
        let affine = Projective::normalize_vartime(&points);
        let rows = affine.chunks_exact(CT_TABLE).map(|c| core::array::from_fn(|j| c[j])).collect();
        FixedBaseTable { rows }
    }

    /// `[k]·base` for a secret scalar `k`, constant time in `k`: 51 mixed additions of
    /// entries found by full-row scans (module documentation).
    pub fn mul(&self, k: &Scalar<C>) -> Projective<C> {
        let modulus = &<C::ScalarParams as FieldParams<4>>::MODULUS;
        let mut k = k.to_canonical_limbs();
        // An even k becomes r − k (odd: r is odd); the sum is negated at the end.
        let even = Choice::from((k[0] & 1) as u8 ^ 1);
        let mut flipped = limbs::sub(modulus, &k).0;
        for (w, f) in k.iter_mut().zip(&flipped) {
            w.conditional_assign(f, even);
        }
        let mut digits = [1i8; MAX_WINDOWS];
        for (i, d) in digits.iter_mut().enumerate().take(MAX_WINDOWS - 1) {
            let bit = 5 * i + 1;
            let (limb, off) = (bit / 64, bit % 64);
            let mut w = k[limb] >> off;
            if off > 64 - 5 && limb + 1 < 4 {
                w |= k[limb + 1] << (64 - off);
            }
            *d = (2 * (w & 31) as i8) + 1 - 32;
        }
        // Rows 1 ..= last_safe take the incomplete formula (5(i + 1) < bits of r).
        let last_safe = (limbs::num_bits_vartime(modulus) as usize - 1) / 5 - 1;
        let mut acc = Jacobian::from_affine(&self.lookup(0, digits[0]));
        for (i, &d) in digits.iter().enumerate().take(last_safe + 1).skip(1) {
            acc = acc.add_mixed_incomplete(&self.lookup(i, d));
        }
        let mut sum: Projective<C> = acc.to_homogeneous();
        for (i, &d) in digits.iter().enumerate().skip(last_safe + 1) {
            sum = sum.add_mixed(&self.lookup(i, d));
        }
        k.zeroize();
        flipped.zeroize();
        digits.zeroize();
        Projective::conditional_select(&sum, &sum.neg(), even)
    }

    /// `[d]·32^i·base` for an odd digit `d ∈ [−31, 31]`: every entry of row `i` is read.
    fn lookup(&self, i: usize, d: i8) -> Affine<C> {
        let neg = Choice::from(((d as u8) >> 7) & 1);
        let mask = -(neg.unwrap_u8() as i8);
        let index = (((d ^ mask) - mask) as u8) >> 1;
        let mut p = self.rows[i][0];
        for (j, t) in self.rows[i].iter().enumerate().skip(1) {
            p.conditional_assign(t, index.ct_eq(&(j as u8)));
        }
        Affine::conditional_select(&p, &p.neg(), neg)
    }
}

impl<C: SwCurve> Projective<C> {
    /// `[k]·G` for the subgroup generator `G` and a secret `k`, constant time in `k`, with the
    /// curve's precomputed generator table ([`SwCurve::generator_table`], built once per
    /// process on first use) when it has one, and [`Projective::mul`] otherwise.
    pub fn mul_generator(k: &Scalar<C>) -> Self {
        match C::generator_table() {
            Some(table) => table.mul(k),
            None => Self::generator().mul(k),
        }
    }
}

/// The affine odd multiples `[1, 3, …, 2^(w−1) − 1]·φ^j(G)` of the generator and of its images
/// under the curve's endomorphism (`j` below the lattice dimension; `G` alone without one), for
/// the width-`w` wNAF digits of the generator in [`Projective::mul_generator_add_vartime`]
/// (`w` = [`SwCurve::GENERATOR_WNAF_WIDTH`]; public data: built once, read at digit-dependent
/// indices).
#[derive(Clone, Debug)]
pub struct GeneratorWnafTable<C: SwCurve> {
    pub(super) images: Vec<Vec<Affine<C>>>,
}

impl<C: SwCurve> GeneratorWnafTable<C> {
    /// Builds the table (one batch inversion).
    pub fn new() -> Self {
        let entries = 1usize << (C::GENERATOR_WNAF_WIDTH - 2);
        let dim = C::ENDOMORPHISM.map_or(1, |e| e.lattice.dim());
        let mut points = Vec::with_capacity(dim * entries);
        let mut base = Projective::<C>::generator();
        for _ in 0..dim {
            let twice = base.double();
            let mut m = base;
            for _ in 0..entries {
                points.push(m);
                m = m.add(&twice);
            }
            if let Some(endo) = C::ENDOMORPHISM {
                base = (endo.map)(&base);
            }
        }
        let affine = Projective::normalize_vartime(&points);
        GeneratorWnafTable { images: affine.chunks_exact(entries).map(<[Affine<C>]>::to_vec).collect() }
    }
}

impl<C: SwCurve> Default for GeneratorWnafTable<C> {
    fn default() -> Self {
        Self::new()
    }
}

/// Declares `SwCurve::generator_table` and `SwCurve::generator_wnaf_table` for a curve:
/// process-wide tables built on first use (`std`'s `OnceLock`); without `std`, no tables.
macro_rules! generator_table {
    ($curve:ty) => {
        fn generator_wnaf_table() -> Option<&'static $crate::curve::short_weierstrass::GeneratorWnafTable<Self>> {
            #[cfg(feature = "std")]
            {
                use $crate::curve::short_weierstrass::GeneratorWnafTable;
                static TABLE: std::sync::OnceLock<GeneratorWnafTable<$curve>> = std::sync::OnceLock::new();
                Some(TABLE.get_or_init(GeneratorWnafTable::new))
            }
            #[cfg(not(feature = "std"))]
            {
                None
            }
        }

        fn generator_table() -> Option<&'static $crate::curve::short_weierstrass::FixedBaseTable<Self>> {
            #[cfg(feature = "std")]
            {
                use $crate::curve::short_weierstrass::{FixedBaseTable, Projective};
                static TABLE: std::sync::OnceLock<FixedBaseTable<$curve>> = std::sync::OnceLock::new();
                Some(TABLE.get_or_init(|| FixedBaseTable::new(&Projective::generator())))
            }
            #[cfg(not(feature = "std"))]
            {
                None
            }
        }
    };
}
pub(crate) use generator_table;
