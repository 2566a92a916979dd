//! Multiplication by a fixed public constant through Jacobian doublings: the chains of the
//! family parameter that subgroup checks and cofactor clearing run (`[|x|]P`, `[x²]P`).
//!
//! Jacobian coordinates (`x = X/Z²`, `y = Y/Z³`) double in 2M + 5S for `a = 0` ("dbl-2009-l"
//! of the Explicit-Formulas Database), against 6M + 2S for the complete homogeneous doubling.
//! The doubling has no exceptional case here: a curve with `a = 0` and a prime-order (or
//! cofactor-free-of-2) group has no point of order two, and `Z = 0` stays `Z = 0`. The few
//! additions go back to homogeneous coordinates and use the complete formula, so the sequence
//! of operations depends on the constant only, never on the point.

use super::{Projective, SwCurve};
use crate::field::Field;

/// A point in Jacobian coordinates.
struct Jacobian<F> {
    x: F,
    y: F,
    z: F,
}

impl<F: Field> Jacobian<F> {
    /// Homogeneous `(X : Y : Z)` → Jacobian `(X·Z, Y·Z², Z)`; the identity becomes `(0, 1, 0)`.
    fn from_homogeneous<C: SwCurve<Base = F>>(p: &Projective<C>) -> Self {
        let z2 = p.z.square();
        let y = F::conditional_select(&(p.y * z2), &F::ONE, p.z.is_zero());
        Jacobian { x: p.x * p.z, y, z: p.z }
    }

    /// Jacobian → homogeneous `(X·Z : Y : Z³)`.
    fn to_homogeneous<C: SwCurve<Base = F>>(&self) -> Projective<C> {
        Projective { x: self.x * self.z, y: self.y, z: self.z.square() * self.z }
    }

    /// `2·self` ("dbl-2009-l", `a = 0`).
    fn double(&self) -> Self {
        let a = self.x.square();
        let b = self.y.square();
        let c = b.square();
        let d = ((self.x + b).square() - a - c).double();
        let e = a.double() + a;
        let x = e.square() - d.double();
        let z = (self.y * self.z).double();
        let y = e * (d - x) - c.double().double().double();
        Jacobian { x, y, z }
    }
}

impl<C: SwCurve> Projective<C> {
    /// `[k]P` for a public constant `k ≥ 1` by its binary double-and-add chain (doublings in
    /// Jacobian coordinates, the additions with the complete formula). The time depends on
    /// `k` only, not on `P`; meant for the family-parameter chains of subgroup checks and
    /// cofactor clearing.
    pub fn mul_by_u64_chain(&self, k: u64) -> Self {
        debug_assert!(k != 0);
        let mut acc = Jacobian::from_homogeneous(self);
        for i in (0..63 - k.leading_zeros()).rev() {
            acc = acc.double();
            if (k >> i) & 1 == 1 {
                acc = Jacobian::from_homogeneous(&acc.to_homogeneous::<C>().add(self));
            }
        }
        acc.to_homogeneous()
    }
}
