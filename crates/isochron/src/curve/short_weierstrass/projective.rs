//! Homogeneous projective points `(X : Y : Z)` with the complete formulas of
//! Renes–Costello–Batina for `a = 0` (eprint 2015/1060, Alg. 7, 8, 9).
//!
//! Costs (M = multiplication, S = squaring, m3b = multiplication by `3b`): addition 12M + 2m3b,
//! mixed addition 11M + 2m3b, doubling 6M + 2S + 1m3b. None has an exceptional case: the same
//! sequence runs for the identity, for equal and for opposite points.

use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

use super::{Affine, Scalar, SwCurve};
use crate::field::Field;

/// A point in homogeneous projective coordinates: `x = X/Z`, `y = Y/Z`; the identity is
/// `(0 : 1 : 0)` (any `Z = 0`).
#[derive(Clone, Copy, Debug)]
pub struct Projective<C: SwCurve> {
    pub(crate) x: C::Base,
    pub(crate) y: C::Base,
    pub(crate) z: C::Base,
}

impl<C: SwCurve> Projective<C> {
    /// The identity `(0 : 1 : 0)`.
    pub fn identity() -> Self {
        Projective { x: C::Base::ZERO, y: C::Base::ONE, z: C::Base::ZERO }
    }

    /// The fixed generator of the prime-order subgroup.
    pub fn generator() -> Self {
        Affine::<C>::generator().to_projective()
    }

    /// Whether this is the identity (`Z = 0`).
    pub fn is_identity(&self) -> Choice {
        self.z.is_zero()
    }

    /// Whether `Y²Z = X³ + bZ³` (the identity counts as on the curve).
    pub fn is_on_curve(&self) -> Choice {
        let y2z = self.y.square() * self.z;
        let z3 = self.z.square() * self.z;
        let rhs = self.x.square() * self.x + z3 * C::B;
        y2z.ct_eq(&rhs) | self.is_identity()
    }

    /// `2·self` (eprint 2015/1060, Alg. 9).
    pub fn double(&self) -> Self {
        let (x, y, z) = (&self.x, &self.y, &self.z);
        let t0 = y.square();
        let y8 = t0.double().double().double();
        let t1 = *y * z;
        let b3z2 = C::mul_by_3b(&z.square());
        let y3 = t0 + b3z2;
        let z3 = t1 * y8;
        let t0 = t0 - (b3z2.double() + b3z2);
        let y3 = C::Base::sum_of_products(&t0, &y3, &b3z2, &y8);
        let t1 = *x * y;
        let x3 = (t0 * t1).double();
        Projective { x: x3, y: y3, z: z3 }
    }

    /// `self + rhs` (eprint 2015/1060, Alg. 7; the three final sums of products reduced once
    /// each, [`Field::sum_of_products`]).
    pub fn add(&self, rhs: &Self) -> Self {
        let (x1, y1, z1) = (&self.x, &self.y, &self.z);
        let (x2, y2, z2) = (&rhs.x, &rhs.y, &rhs.z);
        let t0 = *x1 * x2;
        let t1 = *y1 * y2;
        let t2 = *z1 * z2;
        let t3 = (*x1 + y1) * (*x2 + y2) - (t0 + t1);
        let t4 = (*y1 + z1) * (*y2 + z2) - (t1 + t2);
        let y3 = (*x1 + z1) * (*x2 + z2) - (t0 + t2);
        let t0 = t0.double() + t0;
        let t2 = C::mul_by_3b(&t2);
        let z3 = t1 + t2;
        let t1 = t1 - t2;
        let y3 = C::mul_by_3b(&y3);
        let x3 = C::Base::sum_of_products(&t3, &t1, &-t4, &y3);
        let y3 = C::Base::sum_of_products(&y3, &t0, &t1, &z3);
        let z3 = C::Base::sum_of_products(&z3, &t4, &t0, &t3);
        Projective { x: x3, y: y3, z: z3 }
    }

    /// `self + rhs` for an affine `rhs` (eprint 2015/1060, Alg. 8); `rhs` may be infinity.
    pub fn add_mixed(&self, rhs: &Affine<C>) -> Self {
        let (x1, y1, z1) = (&self.x, &self.y, &self.z);
        let (x2, y2) = (&rhs.x, &rhs.y);
        let t0 = *x1 * x2;
        let t1 = *y1 * y2;
        let t3 = (*x2 + y2) * (*x1 + y1) - (t0 + t1);
        let t4 = *y2 * z1 + y1;
        let y3 = *x2 * z1 + x1;
        let t0 = t0.double() + t0;
        let t2 = C::mul_by_3b(z1);
        let z3 = t1 + t2;
        let t1 = t1 - t2;
        let y3 = C::mul_by_3b(&y3);
        let x3 = C::Base::sum_of_products(&t3, &t1, &-t4, &y3);
        let y3 = C::Base::sum_of_products(&y3, &t0, &t1, &z3);
        let z3 = C::Base::sum_of_products(&z3, &t4, &t0, &t3);
        // Alg. 8 assumes Z2 = 1, so it cannot represent an affine infinity: select around it.
        Self::conditional_select(&Projective { x: x3, y: y3, z: z3 }, self, rhs.infinity)
    }

    /// `-self`.
    pub fn neg(&self) -> Self {
        Projective { x: self.x, y: -self.y, z: self.z }
    }

    /// `self - rhs`.
    pub fn sub(&self, rhs: &Self) -> Self {
        self.add(&rhs.neg())
    }

    /// The affine point (one constant-time inversion; the identity maps to infinity).
    pub fn to_affine(&self) -> Affine<C> {
        let zinv = self.z.invert().unwrap_or(C::Base::ZERO);
        let p = Affine { x: self.x * zinv, y: self.y * zinv, infinity: Choice::from(0) };
        Affine::conditional_select(&p, &Affine::identity(), self.is_identity())
    }

    /// Converts many points to affine with a single inversion (Montgomery's trick), into `out`
    /// (one entry per point by construction in the crate's callers: a longer `out` keeps its
    /// tail, a shorter one takes a prefix); constant time in the points. The public form is
    /// [`Group::batch_normalize`](crate::curve::Group::batch_normalize), which returns a vector.
    pub(crate) fn normalize_into(points: &[Self], out: &mut [Affine<C>]) {
        let mut zs: alloc::vec::Vec<C::Base> = points.iter().map(|p| p.z).collect();
        C::Base::batch_invert(&mut zs);
        for ((p, zinv), o) in points.iter().zip(zs).zip(out.iter_mut()) {
            let a = Affine { x: p.x * zinv, y: p.y * zinv, infinity: Choice::from(0) };
            *o = Affine::conditional_select(&a, &Affine::identity(), p.is_identity());
        }
    }
}

impl<C: SwCurve> From<Affine<C>> for Projective<C> {
    fn from(p: Affine<C>) -> Self {
        let z = C::Base::conditional_select(&C::Base::ONE, &C::Base::ZERO, p.infinity);
        let y = C::Base::conditional_select(&p.y, &C::Base::ONE, p.infinity);
        Projective { x: p.x * z, y, z }
    }
}

impl<C: SwCurve> Default for Projective<C> {
    fn default() -> Self {
        Self::identity()
    }
}

impl<C: SwCurve> ConstantTimeEq for Projective<C> {
    /// Equality of the represented points: `X1·Z2 = X2·Z1` and `Y1·Z2 = Y2·Z1`, or both the
    /// identity.
    fn ct_eq(&self, other: &Self) -> Choice {
        let (i1, i2) = (self.is_identity(), other.is_identity());
        let same = (self.x * other.z).ct_eq(&(other.x * self.z)) & (self.y * other.z).ct_eq(&(other.y * self.z));
        (i1 & i2) | (!i1 & !i2 & same)
    }
}

impl<C: SwCurve> PartialEq for Projective<C> {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}
impl<C: SwCurve> Eq for Projective<C> {}

impl<C: SwCurve> ConditionallySelectable for Projective<C> {
    #[inline(always)]
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        Projective {
            x: C::Base::conditional_select(&a.x, &b.x, choice),
            y: C::Base::conditional_select(&a.y, &b.y, choice),
            z: C::Base::conditional_select(&a.z, &b.z, choice),
        }
    }

    /// In place, coordinate by coordinate (no copy of the selected point): the table scans of
    /// constant-time scalar multiplication assign every entry in turn.
    #[inline(always)]
    fn conditional_assign(&mut self, other: &Self, choice: Choice) {
        self.x.conditional_assign(&other.x, choice);
        self.y.conditional_assign(&other.y, choice);
        self.z.conditional_assign(&other.z, choice);
    }
}

impl<C: SwCurve> Zeroize for Projective<C> {
    fn zeroize(&mut self) {
        self.x.zeroize();
        self.y = C::Base::ONE;
        self.z.zeroize();
    }
}

impl<C: SwCurve> Add for Projective<C> {
    type Output = Self;
    fn add(self, rhs: Self) -> Self {
        Projective::add(&self, &rhs)
    }
}
impl<C: SwCurve> Add<&Affine<C>> for Projective<C> {
    type Output = Self;
    fn add(self, rhs: &Affine<C>) -> Self {
        self.add_mixed(rhs)
    }
}
impl<C: SwCurve> AddAssign for Projective<C> {
    fn add_assign(&mut self, rhs: Self) {
        *self = Projective::add(self, &rhs);
    }
}
impl<C: SwCurve> Sub for Projective<C> {
    type Output = Self;
    fn sub(self, rhs: Self) -> Self {
        Projective::sub(&self, &rhs)
    }
}
impl<C: SwCurve> SubAssign for Projective<C> {
    fn sub_assign(&mut self, rhs: Self) {
        *self = Projective::sub(self, &rhs);
    }
}
impl<C: SwCurve> Neg for Projective<C> {
    type Output = Self;
    fn neg(self) -> Self {
        Projective::neg(&self)
    }
}
impl<C: SwCurve> Add<&Projective<C>> for Projective<C> {
    type Output = Self;
    fn add(self, rhs: &Self) -> Self {
        Projective::add(&self, rhs)
    }
}
impl<C: SwCurve> Add<Affine<C>> for Projective<C> {
    type Output = Self;
    fn add(self, rhs: Affine<C>) -> Self {
        self.add_mixed(&rhs)
    }
}
impl<C: SwCurve> Sub<&Projective<C>> for Projective<C> {
    type Output = Self;
    fn sub(self, rhs: &Self) -> Self {
        Projective::sub(&self, rhs)
    }
}
impl<C: SwCurve> AddAssign<&Projective<C>> for Projective<C> {
    fn add_assign(&mut self, rhs: &Self) {
        *self = Projective::add(self, rhs);
    }
}
impl<C: SwCurve> AddAssign<Affine<C>> for Projective<C> {
    fn add_assign(&mut self, rhs: Affine<C>) {
        *self = self.add_mixed(&rhs);
    }
}
impl<C: SwCurve> AddAssign<&Affine<C>> for Projective<C> {
    fn add_assign(&mut self, rhs: &Affine<C>) {
        *self = self.add_mixed(rhs);
    }
}
impl<C: SwCurve> SubAssign<&Projective<C>> for Projective<C> {
    fn sub_assign(&mut self, rhs: &Self) {
        *self = Projective::sub(self, rhs);
    }
}
impl<C: SwCurve> core::iter::Sum for Projective<C> {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::identity(), |a, b| Projective::add(&a, &b))
    }
}
impl<'a, C: SwCurve> core::iter::Sum<&'a Projective<C>> for Projective<C> {
    fn sum<I: Iterator<Item = &'a Self>>(iter: I) -> Self {
        iter.fold(Self::identity(), |a, b| Projective::add(&a, b))
    }
}

/// `point * scalar`: [`Projective::mul`], constant time in the scalar.
impl<C: SwCurve> Mul<Scalar<C>> for Projective<C> {
    type Output = Self;
    fn mul(self, k: Scalar<C>) -> Self {
        Projective::mul(&self, &k)
    }
}
/// `point * &scalar`: [`Projective::mul`], constant time in the scalar.
impl<C: SwCurve> Mul<&Scalar<C>> for Projective<C> {
    type Output = Self;
    fn mul(self, k: &Scalar<C>) -> Self {
        Projective::mul(&self, k)
    }
}
/// `&point * &scalar`: [`Projective::mul`], constant time in the scalar.
impl<C: SwCurve> Mul<&Scalar<C>> for &Projective<C> {
    type Output = Projective<C>;
    fn mul(self, k: &Scalar<C>) -> Projective<C> {
        Projective::mul(self, k)
    }
}
impl<C: SwCurve> MulAssign<Scalar<C>> for Projective<C> {
    fn mul_assign(&mut self, k: Scalar<C>) {
        *self = Projective::mul(self, &k);
    }
}
impl<C: SwCurve> MulAssign<&Scalar<C>> for Projective<C> {
    fn mul_assign(&mut self, k: &Scalar<C>) {
        *self = Projective::mul(self, k);
    }
}
