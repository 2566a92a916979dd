//! Fixed-base scalar multiplication: a precomputed table of a base point's multiples, so that
//! `[k]G` costs one mixed addition per 6-bit window and no doubling (the fixed-window method of
//! Brickell–Gordon–McCurley–Wilson, Eurocrypt 1992; Menezes–van Oorschot–Vanstone, *Handbook of
//! Applied Cryptography*, §14.6.3) with the odd signed digits of Joye–Tunstall ("Exponent
//! recoding and regular exponentiation algorithms", Africacrypt 2009, Alg. 6).
//!
//! Row `i` of the table holds `[1, 3, …, 63]·64^i·G` in affine coordinates. An odd `k < 2^256`,
//! `k = 2m + 1`, is `Σ_{i<43} d_i·64^i` with every `d_i` odd: `d_i = 2·m[6i .. 6i+6] + 1 − 64 ∈
//! [−63, 63]` for `i < 42` (six bits of `k` from bit `6i + 1`) and `d_42 = 2·(m ≫ 252) + 1 ∈ [1,
//! 15]` (the sum telescopes: `Σ_{i<42} (1 − 64)·64^i = 1 − 64^42`). An even `k` is replaced by
//! the odd `r − k` and the result negated. Each term is a constant-time scan of one row (every
//! entry is read) and a conditional negation, so the time does not depend on `k`. Six-bit
//! windows take 42 additions and scan 43 × 32 entries, against 51 and 52 × 16 for five bits:
//! an addition costs more than 16 entry reads.
//!
//! **No exceptional additions.** Every digit is odd, so the partial sum `P_i = Σ_{j<i} d_j·64^j`
//! is an odd integer with `|P_i| < 64^i ≤ |d_i·64^i|`, and `0 < |P_i ∓ d_i·64^i| < 64^(i+1)`. While
//! `64^(i+1) < r` (rows `i` with `6(i+1) < ⌊log₂ r⌋ + 1`), `P_i·G` is therefore neither the identity
//! nor `±d_i·64^i·G`, and the additions run the incomplete Jacobian mixed formula (8M + 3S). The
//! last rows, where a sum could wrap around `r`, use the complete formula (Renes–Costello–Batina,
//! eprint 2015/1060), which also covers `k = 0`.

use alloc::vec::Vec;

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

use super::jacobian::Jacobian;
use super::{Affine, Projective, Scalar, SwCurve};
use crate::field::FieldParams;
use crate::limbs;

/// Bits per digit of [`FixedBaseTable::mul`].
const WINDOW: usize = 6;
/// Entries per row: the odd multiples `1, 3, …, 2^WINDOW − 1`.
const ENTRIES: usize = 1 << (WINDOW - 1);
/// Rows (digits) for scalars below `2^256`: `⌈255 / WINDOW⌉` digits from bit 1, the last one
/// holding the top bits.
const ROWS: usize = 255 / WINDOW + 1;

/// The multiples of a fixed base for [`FixedBaseTable::mul`]: `ROWS` rows of `ENTRIES` affine
/// points (43 × 32; 99 KiB for secp256k1, 143 KiB for BLS12-381 G1, 275 KiB for G2).
#[derive(Clone, Debug)]
pub struct FixedBaseTable<C: SwCurve> {
    rows: Vec<[Affine<C>; ENTRIES]>,
}

impl<C: SwCurve> FixedBaseTable<C> {
    /// The table of `base` (public): `[2j + 1]·2^(WINDOW·i)·base` for `j < ENTRIES`, `i < ROWS`,
    /// normalized to affine with one batch inversion.
    pub fn new(base: &Projective<C>) -> Self {
        let mut points = Vec::with_capacity(ROWS * ENTRIES);
        let mut b = *base;
        for _ in 0..ROWS {
            let twice = b.double();
            let mut m = b;
            for _ in 0..ENTRIES {
                points.push(m);
                m = m.add(&twice);
            }
            // The loop leaves m = (2^WINDOW + 1)·b; 2^WINDOW·b = m − b.
            b = m.add(&b.neg());
        }
        let affine = Projective::normalize_vartime(&points);
        let rows = affine.chunks_exact(ENTRIES).map(|c| core::array::from_fn(|j| c[j])).collect();
        FixedBaseTable { rows }
    }

    /// `[k]·base` for a secret scalar `k`, constant time in `k`: `ROWS − 1` (42) mixed
    /// additions of entries found by full-row scans (module documentation).
    pub fn mul(&self, k: &Scalar<C>) -> Projective<C> {
        let modulus = &<C::ScalarParams as FieldParams<4>>::MODULUS;
        let mut k = k.to_canonical_limbs();
        // An even k becomes r − k (odd: r is odd); the sum is negated at the end.
        let even = Choice::from((k[0] & 1) as u8 ^ 1);
        let mut flipped = limbs::sub(modulus, &k).0;
        for (w, f) in k.iter_mut().zip(&flipped) {
            w.conditional_assign(f, even);
        }
        let mut digits = [0i8; ROWS];
        for (i, d) in digits.iter_mut().enumerate() {
            let bit = WINDOW * i + 1;
            let (limb, off) = (bit / 64, bit % 64);
            let mut w = k[limb] >> off;
            if off + WINDOW > 64 && limb + 1 < 4 {
                w |= k[limb + 1] << (64 - off);
            }
            // The last digit takes the remaining top bits as they are (`2w + 1 < 2^WINDOW`).
            let shift = if i + 1 < ROWS { 1 << WINDOW } else { 0 };
            *d = 2 * (w & ((1 << WINDOW) - 1)) as i8 + 1 - shift;
        }
        // Rows 1 ..= last_safe take the incomplete formula (WINDOW·(i + 1) < bits of r).
        let last_safe = (limbs::num_bits_vartime(modulus) as usize - 1) / WINDOW - 1;
        let mut acc = Jacobian::from_affine(&self.lookup(0, digits[0]));
        for (i, &d) in digits.iter().enumerate().take(last_safe + 1).skip(1) {
            acc.add_mixed_incomplete(&self.lookup(i, d));
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

    /// `[d]·2^(WINDOW·i)·base` for an odd digit `|d| < 2^WINDOW`: every entry of row `i` is read.
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
        if let Some(r) = C::mul_generator_special(k) {
            return r;
        }
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
