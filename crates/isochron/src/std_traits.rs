//! `Display`, `LowerHex` and `Hash` for the extension fields, the curve points and GT (the
//! prime fields have theirs in [`field::fp`](crate::field::fp)).
//!
//! Formats: an Fp element is `0x` and its canonical big-endian value; Fp2 `a + b·u`, Fp6
//! `(a) + (b)·v + (c)·v²`, Fp12 `(a) + (b)·w`; a point `(x, y)` in affine coordinates or
//! `infinity` (a projective point is shown as its affine form); GT as its Fp12 value. `LowerHex`
//! is the same text (every coefficient is already hexadecimal).
//!
//! `Hash` is consistent with `Eq`: the canonical coefficients, a point's affine form (projective
//! points are normalised first). Hashing is **not** constant time: keep secrets out of hashed
//! collections.

use core::fmt;
use core::hash::{Hash, Hasher};

use crate::curve::short_weierstrass::{Affine, Projective, SwCurve};
use crate::field::fp12::Fp12;
use crate::field::fp2::{Fp2, TowerParams};
use crate::field::fp6::Fp6;
use crate::pairing::{Gt, PairingParams};

/// Display and LowerHex (the same text) for a tower level from a format of its coefficients.
macro_rules! tower_fmt {
    ($ty:ident, [$($c:ident),+], $fmt:literal) => {
        /// The coefficients in hex, lowest first (see the module documentation).
        impl<T: TowerParams<N>, const N: usize> fmt::Display for $ty<T, N> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, $fmt, $(self.$c),+)
            }
        }
        /// As `Display`.
        impl<T: TowerParams<N>, const N: usize> fmt::LowerHex for $ty<T, N> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(self, f)
            }
        }
        /// Hashes the canonical coefficients (consistent with `Eq`; not constant time).
        impl<T: TowerParams<N>, const N: usize> Hash for $ty<T, N> {
            fn hash<H: Hasher>(&self, state: &mut H) {
                $(self.$c.hash(state);)+
            }
        }
    };
}

tower_fmt!(Fp2, [c0, c1], "{} + {}·u");
tower_fmt!(Fp6, [c0, c1, c2], "({}) + ({})·v + ({})·v²");
tower_fmt!(Fp12, [c0, c1], "({}) + ({})·w");

/// `(x, y)`, or `infinity`.
impl<C: SwCurve> fmt::Display for Affine<C>
where
    C::Base: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if bool::from(self.infinity) {
            f.write_str("infinity")
        } else {
            write!(f, "({}, {})", self.x, self.y)
        }
    }
}

/// As `Display`: `(x, y)` in hex, or `infinity`.
impl<C: SwCurve> fmt::LowerHex for Affine<C>
where
    C::Base: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Hashes the affine form (consistent with `Eq`; not constant time).
impl<C: SwCurve> Hash for Affine<C>
where
    C::Base: Hash,
{
    fn hash<H: Hasher>(&self, state: &mut H) {
        let infinity = bool::from(self.infinity);
        infinity.hash(state);
        if !infinity {
            self.x.hash(state);
            self.y.hash(state);
        }
    }
}

/// The affine form ([`Affine`]'s `Display`).
impl<C: SwCurve> fmt::Display for Projective<C>
where
    C::Base: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_affine(), f)
    }
}

/// The affine form, as `Display`.
impl<C: SwCurve> fmt::LowerHex for Projective<C>
where
    C::Base: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_affine(), f)
    }
}

/// Hashes the affine form (consistent with `Eq`, which compares projective points across
/// representations; not constant time).
impl<C: SwCurve> Hash for Projective<C>
where
    C::Base: Hash,
{
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.to_affine().hash(state);
    }
}

/// The Fp12 value.
impl<E: PairingParams<N>, const N: usize> fmt::Display for Gt<E, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_fp12(), f)
    }
}

/// As `Display`.
impl<E: PairingParams<N>, const N: usize> fmt::LowerHex for Gt<E, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_fp12(), f)
    }
}

/// Hashes the Fp12 value (consistent with `Eq`; not constant time).
impl<E: PairingParams<N>, const N: usize> Hash for Gt<E, N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_fp12().hash(state);
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use alloc::format;
    use std::collections::HashSet;

    use crate::curves::{bls12_381, bn254};
    use crate::pairing::PairingEngine;

    #[test]
    fn display_formats() {
        let two = bls12_381::Fp::from_u64(2);
        let f2 = bls12_381::Fp2::new(two, bls12_381::Fp::ONE);
        let s = format!("{f2}");
        assert!(s.starts_with("0x0000") && s.ends_with("01·u") && s.contains("02 + 0x"), "{s}");
        assert_eq!(format!("{f2:x}"), s);
        assert_eq!(format!("{}", bn254::G1Affine::identity()), "infinity");
        let g = bn254::G1Affine::generator();
        assert_eq!(format!("{g}"), format!("({}, {})", bn254::Fp::from_u64(1), bn254::Fp::from_u64(2)));
        assert_eq!(
            format!("{:x}", bn254::G1Projective::generator().double().double()),
            format!("{}", (bn254::G1Projective::generator().double().double()).to_affine())
        );
        let e = bls12_381::Bls12_381::pairing(&bls12_381::G1Affine::generator(), &bls12_381::G2Affine::generator());
        assert_eq!(format!("{e}"), format!("{}", e.as_fp12()));
        assert!(format!("{e:x}").contains(")·w"));
    }

    #[test]
    fn hash_agrees_with_eq() {
        let g = bls12_381::G1Projective::generator();
        // The same point in two projective representations hashes once.
        let a = g.double() + g;
        let b = g + g.double();
        let c = (g * bls12_381::Fr::from_u64(3)).to_affine().to_projective();
        let set: HashSet<_> = [a, b, c, g].into_iter().collect();
        assert_eq!(set.len(), 2);
        let set: HashSet<_> =
            [a.to_affine(), c.to_affine(), bls12_381::G1Affine::identity(), (g - g).to_affine()].into_iter().collect();
        assert_eq!(set.len(), 2);
        let q = bls12_381::G2Projective::generator();
        let set: HashSet<_> = [q.double(), q + q].into_iter().collect();
        assert_eq!(set.len(), 1);
        let e = bn254::Bn254::pairing(&bn254::G1Affine::generator(), &bn254::G2Affine::generator());
        let set: HashSet<_> = [e, e * e, e * e].into_iter().collect();
        assert_eq!(set.len(), 2);
        let x = bls12_381::Fp12::ONE.double();
        let set: HashSet<_> = [x, x, bls12_381::Fp12::ONE].into_iter().collect();
        assert_eq!(set.len(), 2);
    }
}
