//! Homogeneous projective points `(X : Y : Z)` with the complete formulas of
//! Renes–Costello–Batina (eprint 2015/1060): Alg. 7, 8, 9 for `a = 0`, Alg. 4, 5, 6 for
//! `a = −3` (chosen at compile time by [`SwCurve::A_IS_MINUS_3`]).
//!
//! Costs (M = multiplication, S = squaring, m3b / mb = multiplication by `3b` / `b`): for
//! `a = 0` addition 12M + 2m3b, mixed addition 11M + 2m3b, doubling 6M + 2S + 1m3b; for
//! `a = −3` addition 12M + 2mb, mixed addition 11M + 2mb, doubling 8M + 3S + 2mb. None has an
//! exceptional case: the same sequence runs for the identity, for equal and for opposite
//! points.

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

    /// Whether `Y²Z = X³ + aXZ² + bZ³` (the identity counts as on the curve).
    pub fn is_on_curve(&self) -> Choice {
        let y2z = self.y.square() * self.z;
        let z2 = self.z.square();
        let z3 = z2 * self.z;
        let mut rhs = self.x.square() * self.x + z3 * C::B;
        if C::A_IS_MINUS_3 {
            rhs += super::mul_by_a::<C>(&(self.x * z2));
        }
        y2z.ct_eq(&rhs) | self.is_identity()
    }

    /// `2·self` (eprint 2015/1060, Alg. 9 for `a = 0`, Alg. 6 for `a = −3`).
    pub fn double(&self) -> Self {
        if C::A_IS_MINUS_3 {
            return self.double_a3();
        }
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

    /// `self + rhs` (eprint 2015/1060, Alg. 7 for `a = 0`, the three final sums of products
    /// reduced once each, [`Field::sum_of_products`]; Alg. 4 for `a = −3`).
    pub fn add(&self, rhs: &Self) -> Self {
        if C::A_IS_MINUS_3 {
            return self.add_a3(rhs);
        }
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

    /// `self + rhs` for an affine `rhs` (eprint 2015/1060, Alg. 8 for `a = 0`, Alg. 5 for
    /// `a = −3`); `rhs` may be infinity.
    pub fn add_mixed(&self, rhs: &Affine<C>) -> Self {
        if C::A_IS_MINUS_3 {
            return self.add_mixed_a3(rhs);
        }
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

    /// `self + rhs` on a curve with `a = −3` (eprint 2015/1060, Alg. 4; step numbers of the
    /// paper in the comments).
    fn add_a3(&self, rhs: &Self) -> Self {
        let (x1, y1, z1) = (&self.x, &self.y, &self.z);
        let (x2, y2, z2) = (&rhs.x, &rhs.y, &rhs.z);
        let t0 = *x1 * x2; // 1
        let t1 = *y1 * y2; // 2
        let t2 = *z1 * z2; // 3
        let t3 = (*x1 + y1) * (*x2 + y2) - (t0 + t1); // 4–8
        let t4 = (*y1 + z1) * (*y2 + z2) - (t1 + t2); // 9–13
        let y3 = (*x1 + z1) * (*x2 + z2) - (t0 + t2); // 14–18
        let z3 = t2 * C::B; // 19
        let x3 = y3 - z3; // 20
        let x3 = x3.double() + x3; // 21–22
        let z3 = t1 - x3; // 23
        let x3 = t1 + x3; // 24
        let y3 = y3 * C::B; // 25
        let t2 = t2.double() + t2; // 26–27
        let y3 = y3 - t2 - t0; // 28–29
        let y3 = y3.double() + y3; // 30–31
        let t0 = t0.double() + t0 - t2; // 32–34
        Self::rcb_a3_tail(x3, y3, z3, t0, t3, t4)
    }

    /// `self + rhs` for an affine `rhs` on a curve with `a = −3` (eprint 2015/1060, Alg. 5,
    /// which assumes `Z2 = 1`: infinity is selected around, as for `a = 0`).
    fn add_mixed_a3(&self, rhs: &Affine<C>) -> Self {
        let (x1, y1, z1) = (&self.x, &self.y, &self.z);
        let (x2, y2) = (&rhs.x, &rhs.y);
        let t0 = *x1 * x2; // 1
        let t1 = *y1 * y2; // 2
        let t3 = (*x2 + y2) * (*x1 + y1) - (t0 + t1); // 3–7
        let t4 = *y2 * z1 + y1; // 8–9
        let y3 = *x2 * z1 + x1; // 10–11
        let z3 = *z1 * C::B; // 12
        let x3 = y3 - z3; // 13
        let x3 = x3.double() + x3; // 14–15
        let z3 = t1 - x3; // 16
        let x3 = t1 + x3; // 17
        let y3 = y3 * C::B; // 18
        let t2 = z1.double() + z1; // 19–20
        let y3 = y3 - t2 - t0; // 21–22
        let y3 = y3.double() + y3; // 23–24
        let t0 = t0.double() + t0 - t2; // 25–27
        let sum = Self::rcb_a3_tail(x3, y3, z3, t0, t3, t4);
        Self::conditional_select(&sum, self, rhs.infinity)
    }

    /// The common last steps of Alg. 4 (35–43) and Alg. 5 (28–36).
    #[inline(always)]
    fn rcb_a3_tail(x3: C::Base, y3: C::Base, z3: C::Base, t0: C::Base, t3: C::Base, t4: C::Base) -> Self {
        let t1 = t4 * y3;
        let t2 = t0 * y3;
        let y3 = x3 * z3 + t2;
        let x3 = t3 * x3 - t1;
        let z3 = t4 * z3 + t3 * t0;
        Projective { x: x3, y: y3, z: z3 }
    }

    /// `2·self` on a curve with `a = −3` (eprint 2015/1060, Alg. 6).
    fn double_a3(&self) -> Self {
        let (x, y, z) = (&self.x, &self.y, &self.z);
        let t0 = x.square(); // 1
        let t1 = y.square(); // 2
        let t2 = z.square(); // 3
        let t3 = (*x * y).double(); // 4–5
        let z3 = (*x * z).double(); // 6–7
        let y3 = t2 * C::B - z3; // 8–9
        let y3 = y3.double() + y3; // 10–11
        let x3 = t1 - y3; // 12
        let y3 = (t1 + y3) * x3; // 13–14
        let x3 = x3 * t3; // 15
        let t2 = t2.double() + t2; // 16–17
        let z3 = z3 * C::B - t2 - t0; // 18–20
        let z3 = z3.double() + z3; // 21–22
        let t0 = t0.double() + t0 - t2; // 23–25
        let y3 = y3 + t0 * z3; // 26–27
        let t0 = (*y * z).double(); // 28–29
        let x3 = x3 - t0 * z3; // 30–31
        let z3 = (t0 * t1).double().double(); // 32–34
        Projective { x: x3, y: y3, z: z3 }
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

    /// [`Projective::to_affine`] for a public point, with a variable-time inversion.
    pub fn to_affine_vartime(&self) -> Affine<C> {
        match self.z.inverse_vartime() {
            Some(zinv) => Affine { x: self.x * zinv, y: self.y * zinv, infinity: Choice::from(0) },
            None => Affine::identity(),
        }
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

impl<C: SwCurve> Projective<C> {
    /// [`Projective::normalize_into`] for public points, with a variable-time inversion.
    pub(crate) fn normalize_vartime(points: &[Self]) -> alloc::vec::Vec<Affine<C>> {
        let mut zs: alloc::vec::Vec<C::Base> = points.iter().map(|p| p.z).collect();
        C::Base::batch_inverse_vartime(&mut zs);
        points
            .iter()
            .zip(zs)
            .map(|(p, zinv)| match bool::from(p.is_identity()) {
                true => Affine::identity(),
                false => Affine { x: p.x * zinv, y: p.y * zinv, infinity: Choice::from(0) },
            })
            .collect()
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
