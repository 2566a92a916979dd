//! The [`Group`] and [`AffinePoint`] traits for short Weierstrass points: each method is the
//! inherent one of [`Projective`] or [`Affine`].

use alloc::vec::Vec;

use subtle::Choice;

use super::msm::{self, MsmTable};
use super::{Affine, Projective, Scalar, SwCurve};
use crate::curve::{AffinePoint, Group};
use crate::field::PrimeField;

impl<C: SwCurve> Group for Projective<C> {
    type Scalar = Scalar<C>;
    type Affine = Affine<C>;

    fn identity() -> Self {
        Projective::identity()
    }
    fn generator() -> Self {
        Projective::generator()
    }
    fn is_identity(&self) -> Choice {
        Projective::is_identity(self)
    }
    fn double(&self) -> Self {
        Projective::double(self)
    }
    fn to_affine(&self) -> Affine<C> {
        Projective::to_affine(self)
    }
    fn batch_normalize(points: &[Self]) -> Vec<Affine<C>> {
        let mut out = alloc::vec![Affine::identity(); points.len()];
        Projective::normalize_into(points, &mut out);
        out
    }
    fn mul_generator(k: &Scalar<C>) -> Self {
        Projective::mul_generator(k)
    }
    fn mul_vartime(&self, k: &Scalar<C>) -> Self {
        Projective::mul_vartime(self, k)
    }
    fn multi_mul_vartime(points: &[Affine<C>], scalars: &[Scalar<C>]) -> Self {
        let words: Vec<[u64; 4]> = scalars.iter().map(PrimeField::to_words).collect();
        let refs: Vec<&[u64]> = words.iter().map(|w| &w[..]).collect();
        Projective::multi_mul_limbs_vartime(points, &refs)
    }
    fn is_torsion_free_vartime(&self) -> bool {
        C::is_torsion_free_vartime(self)
    }
    fn msm_vartime(points: &[Affine<C>], scalars: &[Scalar<C>]) -> Self {
        msm::msm_vartime(points, scalars, false)
    }
    #[cfg(feature = "parallel")]
    fn msm_vartime_parallel(points: &[Affine<C>], scalars: &[Scalar<C>]) -> Self {
        msm::msm_vartime(points, scalars, true)
    }
    type MsmTable = MsmTable<C>;
    fn msm_table_vartime(points: &[Affine<C>]) -> MsmTable<C> {
        MsmTable::new(points, None)
    }
    fn msm_table_with_copies_vartime(points: &[Affine<C>], copies: usize) -> MsmTable<C> {
        MsmTable::new(points, Some(copies))
    }
    fn msm_table_size_bytes(table: &MsmTable<C>) -> usize {
        table.size_bytes()
    }
    fn msm_with_table_vartime(table: &MsmTable<C>, scalars: &[Scalar<C>]) -> Self {
        msm::msm_with_table_vartime(table, scalars, false)
    }
    #[cfg(feature = "parallel")]
    fn msm_with_table_vartime_parallel(table: &MsmTable<C>, scalars: &[Scalar<C>]) -> Self {
        msm::msm_with_table_vartime(table, scalars, true)
    }
}

impl<C: SwCurve> AffinePoint for Affine<C> {
    type Scalar = Scalar<C>;
    type Group = Projective<C>;

    fn identity() -> Self {
        Affine::identity()
    }
    fn generator() -> Self {
        Affine::generator()
    }
    fn is_identity(&self) -> Choice {
        Affine::is_identity(self)
    }
    fn is_on_curve(&self) -> Choice {
        Affine::is_on_curve(self)
    }
    fn to_group(&self) -> Projective<C> {
        self.to_projective()
    }
}
