//! Fixed-base scalar multiplication: a precomputed table of a base point's multiples, so that
//! `[k]G` costs one mixed addition per 5-bit window and no doubling (the fixed-window method of
//! Brickell–Gordon–McCurley–Wilson, Eurocrypt 1992, with signed digits; Menezes–van
//! Oorschot–Vanstone, *Handbook of Applied Cryptography*, §14.6.3).
//!
//! Row `i` of the table holds `[1]·32^i·G … [16]·32^i·G` in affine coordinates. With the signed
//! digits `k = Σ d_i·32^i`, `d_i ∈ [-16, 16]`, `[k]G = Σ [d_i]·(32^i·G)`: each term is a
//! constant-time scan of one row (every entry is read), a conditional negation and a complete
//! mixed addition (which absorbs the identity for `d_i = 0`), so the time does not depend on
//! `k`.

use alloc::vec::Vec;

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

use super::scalar_mul::{signed_digits, CT_TABLE, MAX_WINDOWS};
use super::{Affine, Projective, Scalar, SwCurve};

/// The multiples of a fixed base for [`FixedBaseTable::mul`]: `MAX_WINDOWS` rows of `CT_TABLE`
/// affine points (52 × 16; 80 KiB for BLS12-381 G1, 160 KiB for G2).
#[derive(Clone, Debug)]
pub struct FixedBaseTable<C: SwCurve> {
    rows: Vec<[Affine<C>; CT_TABLE]>,
}

impl<C: SwCurve> FixedBaseTable<C> {
    /// The table of `base` (public): `[j]·32^i·base` for `j = 1..16`, `i = 0..52`, normalized
    /// to affine with one batch inversion.
    pub fn new(base: &Projective<C>) -> Self {
        let mut points = Vec::with_capacity(MAX_WINDOWS * CT_TABLE);
        let mut b = *base;
        for _ in 0..MAX_WINDOWS {
            let mut m = b;
            for _ in 0..CT_TABLE {
                points.push(m);
                m = m.add(&b);
            }
            // 32·b = 2·(16·b): the loop leaves m = 17·b, so double the 16th entry.
            b = points[points.len() - 1].double();
        }
        let mut affine = alloc::vec![Affine::identity(); points.len()];
        Projective::normalize_into(&points, &mut affine);
        let rows = affine.chunks_exact(CT_TABLE).map(|c| core::array::from_fn(|j| c[j])).collect();
        FixedBaseTable { rows }
    }

    /// `[k]·base` for a secret scalar `k`, constant time in `k`: 52 complete mixed additions of
    /// entries found by full-row scans.
    pub fn mul(&self, k: &Scalar<C>) -> Projective<C> {
        let mut limbs = k.to_canonical_limbs();
        let mut digits = [0i8; MAX_WINDOWS];
        signed_digits(&limbs, &mut digits);
        let mut acc = Projective::identity();
        for (row, &d) in self.rows.iter().zip(&digits) {
            let neg = Choice::from(((d as u8) >> 7) & 1);
            let abs = ((d as i16 ^ -(neg.unwrap_u8() as i16)) + neg.unwrap_u8() as i16) as u8;
            let mut p = Affine::identity();
            for (j, t) in row.iter().enumerate() {
                p.conditional_assign(t, abs.ct_eq(&(j as u8 + 1)));
            }
            let p = Affine::conditional_select(&p, &p.neg(), neg);
            acc = acc.add_mixed(&p);
        }
        limbs.zeroize();
        digits.zeroize();
        acc
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
