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
//! points in 8M + 3S ([`Jacobian::add_mixed_assign_vartime`]); the fixed-base method adds
//! with the same formula without branches where it proves no exceptional case can occur. The doubling has no exceptional case here: a curve with a
//! prime-order (or cofactor-free-of-2) group has no point of order two, and `Z = 0` stays
//! `Z = 0`. The few
//! additions go back to homogeneous coordinates and use the complete formula, so the sequence
//! of operations depends on the constant only, never on the point.

use super::{Affine, Projective, SwCurve};
use crate::field::Field;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

/// A point in Jacobian coordinates `[X, Y, Z]`; `Z = 0` is the identity. One array, so that a
/// field's point kernels ([`Field::double_jacobian_a0`], [`Field::add_mixed_jacobian`]) work on
/// it in place.
pub(super) struct Jacobian<F> {
    c: [F; 3],
}

impl<F: Field> Jacobian<F> {
    /// The identity.
    pub(super) const IDENTITY: Self = Jacobian { c: [F::ONE, F::ONE, F::ZERO] };

    /// Homogeneous `(X : Y : Z)` → Jacobian `(X·Z, Y·Z², Z)`; the identity becomes `(0, 1, 0)`.
    fn from_homogeneous<C: SwCurve<Base = F>>(p: &Projective<C>) -> Self {
        let z2 = p.z.square();
        let y = F::conditional_select(&(p.y * z2), &F::ONE, p.z.is_zero());
        Jacobian { c: [p.x * p.z, y, p.z] }
    }

    /// Jacobian → homogeneous `(X·Z : Y : Z³)`.
    pub(super) fn to_homogeneous<C: SwCurve<Base = F>>(&self) -> Projective<C> {
        let [x, y, z] = &self.c;
        Projective { x: *x * z, y: *y, z: z.square() * z }
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
        let mut r = Jacobian { c: self.c };
        r.double_assign::<C>();
        r
    }

    /// `self = 2·self` ([`Self::double`]) in place, by the field's kernel where it has one
    /// ([`Field::double_jacobian_a0`]): the form for loops of doublings, where the point stays
    /// in one place in memory.
    pub(super) fn double_assign<C: SwCurve<Base = F>>(&mut self) {
        if C::A_IS_MINUS_3 {
            *self = self.double_a3();
            return;
        }
        if F::double_jacobian_a0(&mut self.c) {
            return;
        }
        let [x1, y1, z1] = &self.c;
        let xx = x1.square();
        let l = xx + xx.halve();
        let s = y1.square();
        let u = *x1 * s;
        let x = l.square() - u.double();
        let y = F::mul_minus_square(&l, &(u - x), &s);
        self.c = [x, y, *y1 * z1];
    }

    /// `2·self` for `a = −3` ("dbl-2001-b", 3M + 5S): `δ = Z²`, `γ = Y²`, `β = Xγ`,
    /// `α = 3(X − δ)(X + δ)`, `X₃ = α² − 8β`, `Z₃ = (Y + Z)² − γ − δ`,
    /// `Y₃ = α(4β − X₃) − 8γ²`. The identity (`Z = 0`) stays `Z₃ = 0` with `Y₃ = −8Y⁴ ≠ 0`.
    fn double_a3(&self) -> Self {
        let [x1, y1, z1] = &self.c;
        let delta = z1.square();
        let gamma = y1.square();
        let beta = (*x1 * gamma).double().double();
        let t = (*x1 - delta) * (*x1 + delta);
        let alpha = t.double() + t;
        let x = alpha.square() - beta.double();
        let z = (*y1 + z1).square() - gamma - delta;
        let y = alpha * (beta - x) - gamma.square().double().double().double();
        Jacobian { c: [x, y, z] }
    }

    /// `self = [2^n]·self` in place: `n` doublings ([`Self::double_assign`]), or the field's
    /// kernel for runs of them ([`Field::double_n_jacobian_a0`]), for runs between short
    /// stretches of other work (the chains). Constant time; `n` public.
    pub(super) fn double_n_assign<C: SwCurve<Base = F>>(&mut self, n: u32) {
        self.double_n_assign_after::<C>(n, false);
    }

    /// [`Self::double_n_assign`], saying whether the run comes after a pause of several
    /// microseconds of other work (`Field::double_n_jacobian_a0`'s `after_pause`).
    fn double_n_assign_after<C: SwCurve<Base = F>>(&mut self, n: u32, after_pause: bool) {
        if !C::A_IS_MINUS_3 && F::double_n_jacobian_a0(&mut self.c, n, after_pause) {
            return;
        }
        for _ in 0..n {
            self.double_assign::<C>();
        }
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
        Jacobian { c: [x, y, z] }
    }

    /// `2·self` for a public point, the doubling of the variable-time wNAF sums: the identity
    /// returns at once, else [`Self::double`].
    pub(super) fn double_vartime<C: SwCurve<Base = F>>(&self) -> Self {
        let mut r = Jacobian { c: self.c };
        r.double_assign_vartime::<C>();
        r
    }

    /// `self = 2·self` in place ([`Self::double_vartime`]).
    pub(super) fn double_assign_vartime<C: SwCurve<Base = F>>(&mut self) {
        if !self.c[2].is_zero_vartime() {
            self.double_assign::<C>();
        }
    }

    /// An affine point (not the identity) with `Z = 1`.
    pub(super) fn from_affine<C: SwCurve<Base = F>>(q: &Affine<C>) -> Self {
        Jacobian { c: [q.x, q.y, F::ONE] }
    }

    /// `self = self + q` for an affine `q` by the formula of [`Jacobian::add_mixed_assign_vartime`]
    /// without its branches: constant time, and correct only when neither point is the
    /// identity and `self ≠ ±q` (the caller proves it; see `fixed_base`).
    pub(super) fn add_mixed_incomplete<C: SwCurve<Base = F>>(&mut self, q: &Affine<C>) {
        self.add_mixed_parts_assign(q, None);
    }

    /// The mixed addition's formula (8M + 3S, 7 additions; `Y₃`'s two products as one difference
    /// of products) with its `H` (the ratio `Z₃/Z₁`)
    /// and `R`: `H = x₂Z₁² − X₁`, `R = y₂Z₁³ − Y₁`, `X₃ = R² − H³ − 2X₁H²`,
    /// `Y₃ = R·(X₁H² − X₃) − Y₁H³`, `Z₃ = Z₁H` (the chord slope `R/(Z₁H)`; Cohen–Miyaji–Ono,
    /// Asiacrypt 1998, with `Z₂ = 1`). The sum is right when `Z₁ ≠ 0` and `H ≠ 0`.
    fn add_mixed_parts<C: SwCurve<Base = F>>(&self, q: &Affine<C>) -> (Self, F, F) {
        let mut sum = Jacobian { c: self.c };
        let (h, r) = sum.add_mixed_parts_assign(q, None);
        (sum, h, r)
    }

    /// [`Self::add_mixed_parts`] in place, by the field's kernel where it has one
    /// ([`Field::add_mixed_jacobian`]); returns `H` and `R`. With a `scale` `s`, adds
    /// `(x₂s², y₂s³)` instead: `Z₁²` and `Z₁³` are taken from `Z₁s` (one product where scaling
    /// `q` costs two).
    fn add_mixed_parts_assign<C: SwCurve<Base = F>>(&mut self, q: &Affine<C>, scale: Option<&F>) -> (F, F) {
        if let Some(hr) = F::add_mixed_jacobian(&mut self.c, [&q.x, &q.y], scale) {
            return hr;
        }
        let [x1, y1, z1] = &self.c;
        let zs = scale.map_or(*z1, |s| *z1 * s);
        let zz = zs.square();
        let h = q.x * zz - x1;
        let r = q.y * (zs * zz) - y1;
        let hh = h.square();
        let hhh = h * hh;
        let v = *x1 * hh;
        let x = r.square() - hhh - v.double();
        let y = F::difference_of_products(&r, &(v - x), y1, &hhh);
        self.c = [x, y, *z1 * h];
        (h, r)
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
        let [dx, dy, dz] = Jacobian::from_affine(p).double_vartime::<C>().c;
        if dz.is_zero_vartime() {
            return None;
        }
        let (zd2, dpt) = (dz.square(), Affine::<C> { x: dx, y: dy, infinity: Choice::from(0) });
        let first = Jacobian { c: [p.x * zd2, p.y * (zd2 * dz), F::ONE] };
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
            let [x, y, _] = &points[k].c;
            out[k] = Affine { x: *x * f2, y: *y * (f2 * f), infinity: Choice::from(0) };
            f *= ratios[k];
        }
        Some((out, dz * points[n - 1].c[2]))
    }

    /// `self + q` for a non-identity `self` and affine `q`, with the ratio `H = Z₃/Z₁`; `None`
    /// when `self = ±q`.
    fn add_affine_ratio<C: SwCurve<Base = F>>(&self, q: &Affine<C>) -> Option<(Self, F)> {
        let (sum, h, _) = self.add_mixed_parts(q);
        (!h.is_zero_vartime()).then_some((sum, h))
    }

    /// The point with `Z` multiplied by `s`: maps a sum computed on the isomorphic curve of
    /// [`Jacobian::odd_multiples_isomorphic`] back.
    pub(super) fn unscale(&self, s: &F) -> Self {
        let [x, y, z] = self.c;
        Jacobian { c: [x, y, z * s] }
    }

    /// `self = self + q` for an affine `q` ([`Jacobian::add_mixed_parts`]) in place, for public
    /// points: the identity on either side and `self = ±q` take branches.
    pub(super) fn add_mixed_assign_vartime<C: SwCurve<Base = F>>(&mut self, q: &Affine<C>) {
        self.add_mixed_checked(q, None);
    }

    /// `self = self + (x·s², y·s³)` for an affine `q = (x, y)` and the scale `s` of
    /// [`Jacobian::odd_multiples_isomorphic`] (`[s, s², s³]`) in place, for public points: a
    /// point of the curve added to a sum on the isomorphic curve, without scaling `q`
    /// ([`Self::add_mixed_parts_assign`]).
    pub(super) fn add_mixed_scaled_assign_vartime<C: SwCurve<Base = F>>(&mut self, q: &Affine<C>, scale: [&F; 3]) {
        self.add_mixed_checked(q, Some(scale));
    }

    /// The two above: the exceptional cases by branches, with `q` scaled only there.
    fn add_mixed_checked<C: SwCurve<Base = F>>(&mut self, q: &Affine<C>, scale: Option<[&F; 3]>) {
        if bool::from(q.infinity) {
            return;
        }
        let scaled = || match scale {
            Some([_, s2, s3]) => Affine::<C> { x: q.x * s2, y: q.y * s3, infinity: q.infinity },
            None => *q,
        };
        if self.c[2].is_zero_vartime() {
            *self = Self::from_affine(&scaled());
            return;
        }
        let (h, r) = self.add_mixed_parts_assign(q, scale.map(|[s, _, _]| s));
        if h.is_zero_vartime() {
            // `self = ±q`: the sum is 2q or the identity.
            *self = if r.is_zero_vartime() { Self::from_affine(&scaled()).double::<C>() } else { Self::IDENTITY };
        }
    }
}

/// The binary double-and-add chain of `k ≥ 1` below its top bit as runs: for each set bit
/// below the top one, the doublings down to it and `true` (add there); then the doublings
/// left after the last set bit, if any, and `false`. The runs depend on `k` only.
fn double_add_runs(k: u64) -> impl Iterator<Item = (u32, bool)> {
    let mut i = 63 - k.leading_zeros();
    core::iter::from_fn(move || {
        (i > 0).then(|| {
            let rest = k & ((1 << i) - 1);
            let next = if rest == 0 { 0 } else { 63 - rest.leading_zeros() };
            let run = i - next;
            i = next;
            (run, rest != 0)
        })
    })
}

impl<C: SwCurve> Projective<C> {
    /// `[k]P` for a public constant `k ≥ 1` by its binary double-and-add chain, doublings in
    /// Jacobian coordinates, the additions of `P` as mixed additions on the curve isomorphic
    /// to this one where `P` is affine (`a = 0` curves), their exceptional cases by selection.
    /// The time depends on `k` only, not on `P`; meant for the family-parameter chains of
    /// cofactor clearing. Correct for every point of a curve without points of order two.
    pub fn mul_by_u64_chain(&self, k: u64) -> Self {
        self.mul_by_u64_chain_with(k, true)
    }

    /// [`Self::mul_by_u64_chain`]; without `doubling_case` the caller proves that no addition
    /// of the chain meets `[k_j]P = P`, i.e. that `k_j − 1` is prime to the order of the
    /// curve's group for every multiple `k_j` reached before an addition (or to the orders of
    /// the points it is given).
    ///
    /// On `a = 0` curves the additions are mixed additions (8M + 3S) on the isomorphic curve
    /// where `P` is affine (libsecp256k1's "effective affine" idea, as in
    /// [`Jacobian::odd_multiples_isomorphic`]): `P = (X : Y : Z)` is the Jacobian `(XZ, YZ², Z)`,
    /// i.e. the affine point `(XZ, YZ²)` of `y² = x³ + b·Z⁶`, which the doubling formula (free
    /// of `b`) and the addition formula serve unchanged; the sum `(X₃, Y₃, Z₃)` there is
    /// `(X₃, Y₃, Z₃·Z)` on the curve. Against a complete addition and two conversions per
    /// addition, 6M fewer. The formula's exceptional cases are taken without branches: a sum
    /// at the identity becomes `P`, `[k_j]P = −P` gives the identity by the formula itself
    /// (`H = 0`, so `Z₃ = 0`), `[k_j]P = P` takes a precomputed `2P` (with `doubling_case`),
    /// and `P` the identity gives the identity. `a = −3` curves add with the complete formula.
    pub(crate) fn mul_by_u64_chain_with(&self, k: u64, doubling_case: bool) -> Self {
        debug_assert!(k != 0);
        if C::A_IS_MINUS_3 {
            return self.mul_by_u64_chain_complete(k);
        }
        let zz = self.z.square();
        let base = Affine::<C>::from_xy_unchecked(self.x * self.z, self.y * zz);
        let start = Jacobian::from_affine(&base);
        let twice = doubling_case.then(|| start.double::<C>());
        let mut acc = Jacobian { c: start.c };
        for (run, add) in double_add_runs(k) {
            acc.double_n_assign::<C>(run);
            if add {
                let at_identity = acc.c[2].is_zero();
                let (h, r) = acc.add_mixed_parts_assign(&base, None);
                if let Some(twice) = &twice {
                    acc.conditional_assign(twice, h.is_zero() & r.is_zero() & !at_identity);
                }
                acc.conditional_assign(&start, at_identity);
            }
        }
        let [x, y, z] = &acc.c;
        let out = Jacobian { c: [*x, *y, *z * self.z] }.to_homogeneous::<C>();
        Projective::conditional_select(&out, &Projective::identity(), out.z.is_zero())
    }

    /// [`Self::mul_by_u64_chain`] with the complete addition of homogeneous coordinates (the
    /// `a = −3` curves).
    fn mul_by_u64_chain_complete(&self, k: u64) -> Self {
        // After an addition the sum stays homogeneous, and the next doubling converts it back
        // (`double_from_homogeneous`, 3M + 4S instead of a conversion and a doubling).
        let mut sum = Some(*self);
        let mut acc = Jacobian::IDENTITY;
        for (run, add) in double_add_runs(k) {
            match sum.take() {
                Some(h) => {
                    acc = Jacobian::double_from_homogeneous(&h);
                    acc.double_n_assign::<C>(run - 1);
                }
                None => acc.double_n_assign::<C>(run),
            }
            if add {
                sum = Some(acc.to_homogeneous::<C>().add(self));
            }
        }
        sum.unwrap_or_else(|| acc.to_homogeneous())
    }
}

impl<F: Field> Jacobian<F> {
    /// `self = other` where `choice` is set, without a branch.
    fn conditional_assign(&mut self, other: &Self, choice: Choice) {
        for (a, b) in self.c.iter_mut().zip(&other.c) {
            *a = F::conditional_select(a, b, choice);
        }
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
        // After the previous window's additions and table scans (about 4 µs on G2).
        acc.double_n_assign_after::<C>(n - 1, true);
        acc.to_homogeneous()
    }
}

impl<F: Field> Jacobian<F> {
    /// `self + q` for Jacobian points ("add-2007-bl", 11M + 5S), for public points: the
    /// identity on either side and `self = ±q` take branches.
    fn add_vartime<C: SwCurve<Base = F>>(&self, q: &Self) -> Self {
        let ([x1, y1, z1], [x2, y2, z2]) = (&self.c, &q.c);
        if z2.is_zero_vartime() {
            return Jacobian { c: self.c };
        }
        if z1.is_zero_vartime() {
            return Jacobian { c: q.c };
        }
        let z1z1 = z1.square();
        let z2z2 = z2.square();
        let u1 = *x1 * z2z2;
        let u2 = *x2 * z1z1;
        let s1 = *y1 * z2 * z2z2;
        let s2 = *y2 * z1 * z1z1;
        let h = u2 - u1;
        let r = (s2 - s1).double();
        if h.is_zero_vartime() {
            return if r.is_zero_vartime() { self.double_vartime::<C>() } else { Self::IDENTITY };
        }
        let i = h.double().square();
        let j = h * i;
        let v = u1 * i;
        let x = r.square() - j - v.double();
        let y = F::difference_of_products(&r, &(v - x), &s1.double(), &j);
        let z = ((*z1 + z2).square() - z1z1 - z2z2) * h;
        Jacobian { c: [x, y, z] }
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
        let mut acc = Jacobian { c: base.c };
        for (run, add) in double_add_runs(k) {
            if !acc.c[2].is_zero_vartime() {
                acc.double_n_assign::<C>(run);
            }
            if add {
                match &affine {
                    Some(q) => acc.add_mixed_assign_vartime(q),
                    None => acc = acc.add_vartime::<C>(&base),
                }
            }
        }
        acc.to_homogeneous()
    }
}

#[cfg(test)]
mod tests {
    use super::double_add_runs;

    /// The runs spell `k` back: starting from the top bit's 1, each run doubles and each `true`
    /// adds one, and only the last run may skip its addition.
    #[test]
    fn double_add_runs_spell_k() {
        for k in [1u64, 2, 3, 0b1011_0000, 1234567, 0xd201_0000_0001_0000, u64::MAX, 1 << 63] {
            let runs: Vec<_> = double_add_runs(k).collect();
            let value = runs.iter().fold(1u128, |v, &(run, add)| (v << run) + add as u128);
            assert_eq!(value, k as u128, "{k:#x}");
            assert!(runs.iter().all(|&(run, _)| run > 0));
            assert!(runs.iter().rev().skip(1).all(|&(_, add)| add), "{k:#x}");
        }
    }
}
