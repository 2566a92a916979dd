//! Affine points `(x, y)` with an explicit point-at-infinity flag.

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};
use zeroize::Zeroize;

use super::{Projective, Scalar, SwCurve};
use crate::field::Field;

/// A point of `y² = x³ + ax + b` in affine coordinates, or the point at infinity.
///
/// Invariant: points built by the checked constructors satisfy the curve equation; the
/// infinity point is stored as `(0, 1)` with `infinity` set.
#[derive(Clone, Copy, Debug)]
pub struct Affine<C: SwCurve> {
    pub(crate) x: C::Base,
    pub(crate) y: C::Base,
    pub(crate) infinity: Choice,
}

impl<C: SwCurve> Affine<C> {
    /// The point at infinity (the group identity).
    pub fn identity() -> Self {
        Affine { x: C::Base::ZERO, y: C::Base::ONE, infinity: Choice::from(1) }
    }

    /// The fixed generator of the prime-order subgroup.
    pub fn generator() -> Self {
        Affine { x: C::GENERATOR.0, y: C::GENERATOR.1, infinity: Choice::from(0) }
    }

    /// The point `(x, y)` if it lies on the curve. Subgroup membership is *not* checked here;
    /// the named groups' decoders check it.
    pub fn from_xy(x: C::Base, y: C::Base) -> CtOption<Self> {
        let p = Self::from_xy_unchecked(x, y);
        CtOption::new(p, p.is_on_curve())
    }

    /// The point `(x, y)` without any check. **Dangerous:** a point off the curve or outside
    /// the subgroup breaks every guarantee of the group operations (invalid-curve and
    /// small-subgroup attacks); only for coordinates already validated.
    pub fn from_xy_unchecked(x: C::Base, y: C::Base) -> Self {
        Affine { x, y, infinity: Choice::from(0) }
    }

    /// The x-coordinate (zero for infinity).
    pub fn x(&self) -> C::Base {
        self.x
    }

    /// The y-coordinate (one for infinity).
    pub fn y(&self) -> C::Base {
        self.y
    }

    /// Whether this is the point at infinity.
    pub fn is_identity(&self) -> Choice {
        self.infinity
    }

    /// Whether the point satisfies `y² = x³ + ax + b` (infinity counts as on the curve).
    pub fn is_on_curve(&self) -> Choice {
        let lhs = self.y.square();
        let mut rhs = self.x.square() * self.x + C::B;
        if C::A_IS_MINUS_3 {
            rhs += super::mul_by_a::<C>(&self.x);
        }
        lhs.ct_eq(&rhs) | self.infinity
    }

    /// `-self`.
    pub fn neg(&self) -> Self {
        Affine { x: self.x, y: C::Base::conditional_select(&-self.y, &self.y, self.infinity), infinity: self.infinity }
    }

    /// The same point in projective coordinates.
    pub fn to_projective(&self) -> Projective<C> {
        Projective::from(*self)
    }
}

impl<C: SwCurve> Default for Affine<C> {
    fn default() -> Self {
        Self::identity()
    }
}

impl<C: SwCurve> ConstantTimeEq for Affine<C> {
    fn ct_eq(&self, other: &Self) -> Choice {
        let both_inf = self.infinity & other.infinity;
        let neither = !self.infinity & !other.infinity;
        both_inf | (neither & self.x.ct_eq(&other.x) & self.y.ct_eq(&other.y))
    }
}

impl<C: SwCurve> PartialEq for Affine<C> {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}
impl<C: SwCurve> Eq for Affine<C> {}

impl<C: SwCurve> ConditionallySelectable for Affine<C> {
    #[inline(always)]
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        Affine {
            x: C::Base::conditional_select(&a.x, &b.x, choice),
            y: C::Base::conditional_select(&a.y, &b.y, choice),
            infinity: Choice::conditional_select(&a.infinity, &b.infinity, choice),
        }
    }

    /// In place, coordinate by coordinate (no copy of the selected point): the table scans of
    /// constant-time scalar multiplication assign every entry in turn.
    #[inline(always)]
    fn conditional_assign(&mut self, other: &Self, choice: Choice) {
        self.x.conditional_assign(&other.x, choice);
        self.y.conditional_assign(&other.y, choice);
        self.infinity.conditional_assign(&other.infinity, choice);
    }
}

impl<C: SwCurve> Zeroize for Affine<C> {
    fn zeroize(&mut self) {
        self.x.zeroize();
        self.y.zeroize();
        self.infinity = Choice::from(1);
    }
}

impl<C: SwCurve> From<Projective<C>> for Affine<C> {
    fn from(p: Projective<C>) -> Self {
        p.to_affine()
    }
}

impl<C: SwCurve> core::ops::Neg for Affine<C> {
    type Output = Self;
    fn neg(self) -> Self {
        Affine::neg(&self)
    }
}

/// `point * scalar`: the projective product [`Projective::mul`], constant time in the scalar.
impl<C: SwCurve> core::ops::Mul<Scalar<C>> for Affine<C> {
    type Output = Projective<C>;
    fn mul(self, k: Scalar<C>) -> Projective<C> {
        self.to_projective().mul(&k)
    }
}
/// `point * &scalar`: the projective product [`Projective::mul`], constant time in the scalar.
impl<C: SwCurve> core::ops::Mul<&Scalar<C>> for Affine<C> {
    type Output = Projective<C>;
    fn mul(self, k: &Scalar<C>) -> Projective<C> {
        self.to_projective().mul(k)
    }
}
