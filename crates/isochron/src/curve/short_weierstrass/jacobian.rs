//! Jacobian coordinates for the doubling-heavy paths: multiplication by a fixed public
//! constant (the chains of the family parameter that subgroup checks and cofactor clearing run,
//! `[|x|]P`, `[x²]P`), the chains of doublings between the windows of constant-time scalar
//! multiplication, and the accumulator of variable-time wNAF multiplication.
//!
//! Jacobian coordinates (`x = X/Z²`, `y = Y/Z³`) double in 3M + 4S for `a = 0` (with fewer
//! additions than "dbl-2009-l"'s 2M + 5S, and one reduction fewer in the towers:
//! [`Jacobian::double`]), against 6M + 2S for the complete homogeneous doubling, and in
//! 3M + 5S for `a = −3` ("dbl-2001-b", Bernstein's variant of the `a = −3` doubling, P-256),
//! against 8M + 3S. The variable-time paths (wNAF sums, checks of public points) add affine
//! points in 8M + 3S ([`Jacobian::add_mixed_vartime`]); the fixed-base method adds
//! with the same formula without branches where it proves no exceptional case can occur. The doubling has no exceptional case here: a curve with a
//! prime-order (or cofactor-free-of-2) group has no point of order two, and `Z = 0` stays
//! `Z = 0`. The few
//! additions go back to homogeneous coordinates and use the complete formula, so the sequence
//! of operations depends on the constant only, never on the point.

use super::{Affine, Projective, SwCurve};
use crate::field::Field;
use subtle::{Choice, ConstantTimeEq};

/// A point in Jacobian coordinates; `Z = 0` is the identity.
pub(super) struct Jacobian<F> {
    x: F,
    y: F,
    z: F,
}

impl<F: Field> Jacobian<F> {
    /// The identity.
    pub(super) const IDENTITY: Self = Jacobian { x: F::ONE, y: F::ONE, z: F::ZERO };

    /// Homogeneous `(X : Y : Z)` → Jacobian `(X·Z, Y·Z², Z)`; the identity becomes `(0, 1, 0)`.
    fn from_homogeneous<C: SwCurve<Base = F>>(p: &Projective<C>) -> Self {
        let z2 = p.z.square();
        let y = F::conditional_select(&(p.y * z2), &F::ONE, p.z.is_zero());
        Jacobian { x: p.x * p.z, y, z: p.z }
    }

    /// Jacobian → homogeneous `(X·Z : Y : Z³)`.
    pub(super) fn to_homogeneous<C: SwCurve<Base = F>>(&self) -> Projective<C> {
        Projective { x: self.x * self.z, y: self.y, z: self.z.square() * self.z }
    }

    /// `2·self`: for `a = 0` the 3M + 4S doubling with the halved slope numerator (fewer
    /// additions than "dbl-2009-l"'s 2M + 5S: 6 against 15). With `L = 3X²/2`, `S = Y²`,
    /// `U = X·S`, the tangent slope is `L/(YZ)`, and `Z₃ = Y·Z`, `X₃ = L² − 2U`,
    /// `Y₃ = L·(U − X₃) − S²` (the affine `x₃ = λ² − 2x`, `y₃ = λ(x − x₃) − y` scaled by `Z₃²`,
    /// `Z₃³`), `Y₃` reduced once ([`Field::mul_minus_square`]); "dbl-2001-b" for `a = −3`.
    /// Constant time. `Z = 0` stays `Z₃ = 0`, with `Y₃ ≠ 0`: the identities reached here are
    /// `(0, Y, 0)` (`Y₃ = −Y⁴`) and `(t², t³, 0)` (the formulas are homogeneous, and
    /// `(1, 1, 0)` doubles to `(1/4, 1/8, 0)`).
    pub(super) fn double<C: SwCurve<Base = F>>(&self) -> Self {
        if C::A_IS_MINUS_3 {
            return self.double_a3();
        }
        if let Some([x, y, z]) = F::double_jacobian_a0([&self.x, &self.y, &self.z]) {
            return Jacobian { x, y, z };
        }
        let xx = self.x.square();
        let l = xx + xx.halve();
        let s = self.y.square();
        let u = self.x * s;
        let x = l.square() - u.double();
        let y = F::mul_minus_square(&l, &(u - x), &s);
        Jacobian { x, y, z: self.y * self.z }
    }

    /// `2·self` for `a = −3` ("dbl-2001-b", 3M + 5S): `δ = Z²`, `γ = Y²`, `β = Xγ`,
    /// `α = 3(X − δ)(X + δ)`, `X₃ = α² − 8β`, `Z₃ = (Y + Z)² − γ − δ`,
    /// `Y₃ = α(4β − X₃) − 8γ²`. The identity (`Z = 0`) stays `Z₃ = 0` with `Y₃ = −8Y⁴ ≠ 0`.
    fn double_a3(&self) -> Self {
        let delta = self.z.square();
        let gamma = self.y.square();
        let beta = (self.x * gamma).double().double();
        let t = (self.x - delta) * (self.x + delta);
        let alpha = t.double() + t;
        let x = alpha.square() - beta.double();
        let z = (self.y + self.z).square() - gamma - delta;
        let y = alpha * (beta - x) - gamma.square().double().double().double();
        Jacobian { x, y, z }
    }

    /// `2·p` for a homogeneous `p`, returned in Jacobian coordinates: the conversion fused into
    /// the doubling, 3M + 4S against 4M + 6S for [`Self::from_homogeneous`] then
    /// [`Self::double`]. With `x = X/Z`, `y = Y/Z` the tangent slope is `λ = 3X²/(2YZ)`; taking
    /// `Z₃ = 2YZ` and `K = Y²Z`, the doubling formulas (`x₃ = λ² − 2x`, `y₃ = λ(x − x₃) − y`)
    /// become `X₃ = 9X⁴ − 8XK` and `Y₃ = 3X²(4XK − X₃) − 8K²`, with `2XK = (X + K)² − X² − K²`
    /// (a squaring for a multiplication, as in "dbl-2009-l"). The identity `(0 : Y : 0)` gives
    /// `(0, 0, 0)`, which is replaced by `(0, 1, 0)` (branch-free) so that it stays a valid
    /// identity through later doublings and the conversion back.
    /// For `a = −3`, the conversion followed by "dbl-2001-b".
    fn double_from_homogeneous<C: SwCurve<Base = F>>(p: &Projective<C>) -> Self {
        if C::A_IS_MINUS_3 {
            return Self::from_homogeneous(p).double::<C>();
        }
        let a = p.x.square();
        let g = p.y * p.z;
        let k = p.y * g;
        let kk = k.square();
        let h = ((p.x + k).square() - a - kk).double();
        let e = a.double() + a;
        let x = e.square() - h.double();
        let y = e * (h - x) - kk.double().double().double();
        let z = g.double();
        let y = F::conditional_select(&y, &F::ONE, z.is_zero());
        Jacobian { x, y, z }
    }

    /// `2·self` for a public point, the doubling of the variable-time wNAF sums: the identity
    /// returns at once, else [`Self::double`].
    pub(super) fn double_vartime<C: SwCurve<Base = F>>(&self) -> Self {
        if bool::from(self.z.is_zero()) {
            return Jacobian { x: self.x, y: self.y, z: self.z };
        }
        self.double::<C>()
    }

    /// An affine point (not the identity) with `Z = 1`.
    pub(super) fn from_affine<C: SwCurve<Base = F>>(q: &Affine<C>) -> Self {
        Jacobian { x: q.x, y: q.y, z: F::ONE }
    }

    /// `self + q` for an affine `q` by the formula of [`Jacobian::add_mixed_vartime`] without
    /// its branches: constant time, and correct only when neither point is the identity and
    /// `self ≠ ±q` (the caller proves it; see `fixed_base`).
    pub(super) fn add_mixed_incomplete<C: SwCurve<Base = F>>(&self, q: &Affine<C>) -> Self {
        self.add_mixed_parts(q).0
    }

    /// The mixed addition's formula (8M + 3S, 7 additions; `Y₃`'s two products as one difference
    /// of products) with its `H` (the ratio `Z₃/Z₁`)
    /// and `R`: `H = x₂Z₁² − X₁`, `R = y₂Z₁³ − Y₁`, `X₃ = R² − H³ − 2X₁H²`,
    /// `Y₃ = R·(X₁H² − X₃) − Y₁H³`, `Z₃ = Z₁H` (the chord slope `R/(Z₁H)`; Cohen–Miyaji–Ono,
    /// Asiacrypt 1998, with `Z₂ = 1`). The sum is right when `Z₁ ≠ 0` and `H ≠ 0`.
    fn add_mixed_parts<C: SwCurve<Base = F>>(&self, q: &Affine<C>) -> (Self, F, F) {
        if let Some(([x, y, z], h, r)) = F::add_mixed_jacobian([&self.x, &self.y, &self.z], [&q.x, &q.y]) {
            return (Jacobian { x, y, z }, h, r);
        }
        let z1z1 = self.z.square();
        let h = q.x * z1z1 - self.x;
        let r = q.y * (self.z * z1z1) - self.y;
        let hh = h.square();
        let hhh = h * hh;
        let v = self.x * hh;
        let x = r.square() - hhh - v.double();
        let y = F::difference_of_products(&r, &(v - x), &self.y, &hhh);
        (Jacobian { x, y, z: self.z * h }, h, r)
    }

    /// The odd multiples `P, 3P, …, (2n − 1)P` of a public affine `P` (not the identity) on a
    /// curve with `a = 0`, as affine points of an isomorphic curve, and the scale `s` that maps
    /// them back: the entry `(x, y)` stands for the point `(x/s², y/s³)` of the curve (the
    /// "effective affine" tables of libsecp256k1's `ecmult`, no inversion). With `D = 2P =
    /// (X_D, Y_D, Z_D)`, the map `(x, y) ↦ (x·Z_D², y·Z_D³)` takes the curve to
    /// `y² = x³ + b·Z_D⁶`, where `D` is the affine `(X_D, Y_D)`: the multiples are mixed
    /// additions there, then brought to the common `Z` of the last by the ratios `Z₃/Z₁ = H` of
    /// the additions (a backward pass, 4M + 1S each), and `s = Z_D·Z_last`. The doubling and
    /// addition formulas of `a = 0` do not involve `b`, so a sum computed on the isomorphic curve
    /// maps back by scaling its `Z` by `s`. `None` when an addition meets an exceptional case
    /// (possible only for points of tiny order).
    pub(super) fn odd_multiples_isomorphic<C: SwCurve<Base = F>>(
        p: &Affine<C>,
        n: usize,
    ) -> Option<(alloc::vec::Vec<Affine<C>>, F)> {
        debug_assert!(!C::A_IS_MINUS_3 && !bool::from(p.infinity) && n >= 1);
        let d = Jacobian::from_affine(p).double_vartime::<C>();
        if bool::from(d.z.is_zero()) {
            return None;
        }
        let (zd2, dpt) = (d.z.square(), Affine::<C> { x: d.x, y: d.y, infinity: Choice::from(0) });
        let first = Jacobian { x: p.x * zd2, y: p.y * (zd2 * d.z), z: F::ONE };
        let mut points = alloc::vec::Vec::with_capacity(n);
        let mut ratios = alloc::vec::Vec::with_capacity(n);
        points.push(first);
        ratios.push(F::ONE);
        for _ in 1..n {
            let (q, h) = points[points.len() - 1].add_affine_ratio(&dpt)?;
            points.push(q);
            ratios.push(h);
        }
        // Backward: f = Z_last / Z_k, the entry (X_k·f², Y_k·f³).
        let mut f = F::ONE;
        let mut out = alloc::vec![Affine::<C>::identity(); n];
        for k in (0..n).rev() {
            let f2 = f.square();
            out[k] = Affine { x: points[k].x * f2, y: points[k].y * (f2 * f), infinity: Choice::from(0) };
            f *= ratios[k];
        }
        Some((out, d.z * points[n - 1].z))
    }

    /// `self + q` for a non-identity `self` and affine `q`, with the ratio `H = Z₃/Z₁`; `None`
    /// when `self = ±q`.
    fn add_affine_ratio<C: SwCurve<Base = F>>(&self, q: &Affine<C>) -> Option<(Self, F)> {
        let (sum, h, _) = self.add_mixed_parts(q);
        (!bool::from(h.is_zero())).then_some((sum, h))
    }

    /// The point with `Z` multiplied by `s`: maps a sum computed on the isomorphic curve of
    /// [`Jacobian::odd_multiples_isomorphic`] back.
    pub(super) fn unscale(&self, s: &F) -> Self {
        Jacobian { x: self.x, y: self.y, z: self.z * s }
    }

    /// `self + q` for an affine `q` ([`Jacobian::add_mixed_parts`]), for public points: the
    /// identity on either side and `self = ±q` take branches.
    pub(super) fn add_mixed_vartime<C: SwCurve<Base = F>>(&self, q: &Affine<C>) -> Self {
        if bool::from(q.infinity) {
            return Jacobian { x: self.x, y: self.y, z: self.z };
        }
        if bool::from(self.z.is_zero()) {
            return Jacobian { x: q.x, y: q.y, z: F::ONE };
        }
        let (sum, h, r) = self.add_mixed_parts(q);
        if bool::from(h.is_zero()) {
            return if bool::from(r.is_zero()) { self.double_vartime::<C>() } else { Self::IDENTITY };
        }
        sum
    }
}

impl<C: SwCurve> Projective<C> {
    /// `[k]P` for a public constant `k ≥ 1` by its binary double-and-add chain (doublings in
    /// Jacobian coordinates, the additions with the complete formula). The time depends on
    /// `k` only, not on `P`; meant for the family-parameter chains of subgroup checks and
    /// cofactor clearing.
    pub fn mul_by_u64_chain(&self, k: u64) -> Self {
        debug_assert!(k != 0);
        // After an addition the sum stays homogeneous, and the next doubling converts it back
        // (`double_from_homogeneous`, 3M + 4S instead of a conversion and a doubling).
        let mut sum = Some(*self);
        let mut acc = Jacobian::IDENTITY;
        for i in (0..63 - k.leading_zeros()).rev() {
            acc = match sum.take() {
                Some(h) => Jacobian::double_from_homogeneous(&h),
                None => acc.double::<C>(),
            };
            if (k >> i) & 1 == 1 {
                sum = Some(acc.to_homogeneous::<C>().add(self));
            }
        }
        sum.unwrap_or_else(|| acc.to_homogeneous())
    }
}

impl<C: SwCurve> Projective<C> {
    /// `[2^n]·self` for `n ≥ 1` (public) through Jacobian coordinates: the first doubling
    /// fused with the conversion in (3M + 4S), `n − 1` doublings ([`Jacobian::double`],
    /// 3M + 4S) and the conversion out (2M + 1S), against `n·(6M + 2S)` for the homogeneous
    /// doubling; a saving where a squaring is much cheaper than a multiplication (over Fp2).
    /// Constant time in the point, with no exceptional case on curves without a point of order
    /// two (see the module documentation); the identity stays the identity.
    #[inline]
    pub(crate) fn double_n_jacobian(&self, n: u32) -> Self {
        debug_assert!(n >= 1);
        let mut acc = Jacobian::double_from_homogeneous(self);
        for _ in 1..n {
            acc = acc.double::<C>();
        }
        acc.to_homogeneous()
    }
}

impl<F: Field> Jacobian<F> {
    /// `self + q` for Jacobian points ("add-2007-bl", 11M + 5S), for public points: the
    /// identity on either side and `self = ±q` take branches.
    fn add_vartime<C: SwCurve<Base = F>>(&self, q: &Self) -> Self {
        if bool::from(q.z.is_zero()) {
            return Jacobian { x: self.x, y: self.y, z: self.z };
        }
        if bool::from(self.z.is_zero()) {
            return Jacobian { x: q.x, y: q.y, z: q.z };
        }
        let z1z1 = self.z.square();
        let z2z2 = q.z.square();
        let u1 = self.x * z2z2;
        let u2 = q.x * z1z1;
        let s1 = self.y * q.z * z2z2;
        let s2 = q.y * self.z * z1z1;
        let h = u2 - u1;
        let r = (s2 - s1).double();
        if bool::from(h.is_zero()) {
            return if bool::from(r.is_zero()) { self.double_vartime::<C>() } else { Self::IDENTITY };
        }
        let i = h.double().square();
        let j = h * i;
        let v = u1 * i;
        let x = r.square() - j - v.double();
        let y = F::difference_of_products(&r, &(v - x), &s1.double(), &j);
        let z = ((self.z + q.z).square() - z1z1 - z2z2) * h;
        Jacobian { x, y, z }
    }
}

impl<C: SwCurve> Projective<C> {
    /// `[k]P` for a public point and a public `k ≥ 1`, by the binary double-and-add chain in
    /// Jacobian coordinates (3M + 4S doublings; additions of `P` mixed, "madd-2007-bl", when
    /// `P` has `Z = 1` as decoded points do, else "add-2007-bl"). Faster than
    /// [`Projective::mul_by_u64_chain`], whose additions are the complete formula; for the
    /// subgroup checks of public points.
    pub fn mul_by_u64_vartime(&self, k: u64) -> Self {
        debug_assert!(k != 0);
        if bool::from(self.is_identity()) {
            return *self;
        }
        let base = Jacobian::from_homogeneous(self);
        let affine = bool::from(self.z.ct_eq(&C::Base::ONE)).then(|| Affine::<C> {
            x: self.x,
            y: self.y,
            infinity: Choice::from(0),
        });
        let mut acc = Jacobian { x: base.x, y: base.y, z: base.z };
        for i in (0..63 - k.leading_zeros()).rev() {
            acc = acc.double_vartime::<C>();
            if (k >> i) & 1 == 1 {
                acc = match &affine {
                    Some(q) => acc.add_mixed_vartime(q),
                    None => acc.add_vartime::<C>(&base),
                };
            }
        }
        acc.to_homogeneous()
    }
}
