//! Scalar multiplication: constant-time signed fixed windows for secret scalars, wNAF for public
//! ones, both over the GLV/GLS decomposition of [`super::glv`] when the curve declares an
//! endomorphism (`k·P = Σ [k_i] φ^i(P)` with `d` digits of about `log2(r)/d` bits sharing one
//! chain of doublings: 125 doublings on G1, 60 on G2 instead of 255).

use alloc::vec::Vec;

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

use super::glv::{Endomorphism, MAX_DIM};
use super::jacobian::Jacobian;
use super::xyzz::Xyzz;
use super::{Affine, Projective, Scalar, SwCurve};
use crate::field::Field;

/// Window width of the constant-time method: signed digits in `[-16, 16]`, a table of
/// `[1]P … [16]P`.
const CT_WINDOW: u32 = 5;
/// Entries of a constant-time table.
pub(super) const CT_TABLE: usize = 1 << (CT_WINDOW - 1);
/// Windows covering a scalar below `2^255` plus the final carry (the most any method uses).
pub(super) const MAX_WINDOWS: usize = (255 / CT_WINDOW as usize) + 1;
/// Width of the variable-time wNAF.
const WNAF_WINDOW: u32 = 5;

/// Windows needed for a value below `2^bits`, the top one absorbing the last carry.
const fn ct_windows(bits: u32) -> usize {
    (bits / CT_WINDOW) as usize + 1
}

/// Signed base-32 digits `d_i ∈ [-16, 16]` with `k = Σ d_i·32^i`, computed without branches
/// (the scalar is secret); `out.len()` windows, which must cover `k` and one carry
/// (`k < 2^(5·len − 1)`).
pub(super) fn signed_digits(k: &[u64], out: &mut [i8]) {
    let mut carry = 0u64;
    for (i, d) in out.iter_mut().enumerate() {
        let bit = i * CT_WINDOW as usize;
        let (limb, off) = (bit / 64, bit % 64);
        let mut w = k.get(limb).copied().unwrap_or(0) >> off;
        if off + CT_WINDOW as usize > 64 {
            w |= k.get(limb + 1).copied().unwrap_or(0) << (64 - off);
        }
        let v = (w & ((1 << CT_WINDOW) - 1)) + carry;
        // v ∈ [0, 32]; a digit ≥ 16 becomes v − 32 with a carry into the next window.
        carry = (v + (1 << (CT_WINDOW - 1))) >> CT_WINDOW;
        *d = (v as i64 - ((carry as i64) << CT_WINDOW)) as i8;
    }
}

impl<C: SwCurve> Projective<C> {
    /// `[k]·self` for a secret scalar `k`, constant time in `k` and `self`: signed 5-bit fixed
    /// windows with constant-time table lookups, over the GLV/GLS decomposition of `k` when the
    /// curve declares an endomorphism ([`SwCurve::ENDOMORPHISM`]).
    ///
    /// `self` must lie in the order-`r` subgroup (every checked decoder ensures it): the
    /// endomorphism acts as `[λ]` only there.
    pub fn mul(&self, k: &Scalar<C>) -> Self {
        if let Some(r) = C::mul_special(self, k) {
            return r;
        }
        let mut limbs = k.to_canonical_limbs();
        let r = match C::ENDOMORPHISM {
            Some(endo) => self.mul_endo_ct(&limbs, &endo),
            None => self.mul_window_ct(&limbs),
        };
        limbs.zeroize();
        r
    }

    /// `[1]P … [16]P`.
    fn ct_table(&self) -> [Self; CT_TABLE] {
        let mut table = [*self; CT_TABLE];
        self.ct_table_into(&mut table);
        table
    }

    /// [`Self::ct_table`] written into `table` (no copy of the table).
    fn ct_table_into(&self, table: &mut [Self; CT_TABLE]) {
        table[0] = *self;
        for i in 1..CT_TABLE {
            table[i] = if i % 2 == 1 { table[i / 2].double() } else { table[i - 1].add(self) };
        }
    }

    /// `[d]P` for a secret digit `d ∈ [-16, 16]` from `table = [1]P … [16]P`, negated once more
    /// if `flip`; scans the whole table.
    fn ct_lookup(table: &[Self; CT_TABLE], d: i8, flip: Choice) -> Self {
        let neg = Choice::from(((d as u8) >> 7) & 1);
        let abs = ((d as i16 ^ -(neg.unwrap_u8() as i16)) + neg.unwrap_u8() as i16) as u8;
        let mut p = Self::identity();
        for (j, t) in table.iter().enumerate() {
            p.conditional_assign(t, abs.ct_eq(&(j as u8 + 1)));
        }
        let y = p.y;
        p.y.conditional_assign(&-y, neg ^ flip);
        p
    }

    /// `[k]·self` for `k < 2^255` without an endomorphism: 255 doublings, 51 additions.
    fn mul_window_ct(&self, k: &[u64; 4]) -> Self {
        let mut table = self.ct_table();
        let mut digits = [0i8; MAX_WINDOWS];
        signed_digits(k, &mut digits);
        let mut acc = Self::ct_lookup(&table, digits[MAX_WINDOWS - 1], Choice::from(0));
        for &d in digits[..MAX_WINDOWS - 1].iter().rev() {
            for _ in 0..CT_WINDOW {
                acc = acc.double();
            }
            acc = acc.add(&Self::ct_lookup(&table, d, Choice::from(0)));
        }
        digits.zeroize();
        table.iter_mut().for_each(Zeroize::zeroize);
        acc
    }

    /// `[k]·self` by the decomposition `k ≡ Σ k_i λ^i`: one table `[1..16]·φ^i(P)` per digit
    /// (the images of the first under the endomorphism), the signs of the `k_i` folded into the
    /// lookups, and one shared chain of doublings (Gallant–Lambert–Vanstone 2001 §4, interleaved).
    ///
    /// The five doublings of each window run in Jacobian coordinates
    /// ([`Projective::double_n_jacobian`]: 13M + 25S per window with both conversions, against
    /// 30M + 10S for five complete homogeneous doublings), the additions with the complete
    /// homogeneous formula. The Jacobian doubling has no exceptional case here: every multiple
    /// of `P` lies in the subgroup of odd order `r`, so none has order two, and the identity
    /// stays the identity. Measured about 2% faster on G1 and G2 of BLS12-381 and BN254 (the
    /// doubling chain alone 6–9%; from build to build, code layout moves either variant by a
    /// few percent).
    ///
    /// Affine tables (one batch inversion, then mixed additions) were measured 3–7% slower on
    /// G1 and G2 of BLS12-381: normalizing the 16 entries (one inversion and 77
    /// multiplications) costs more than the one multiplication saved in each addition (52 on
    /// both groups).
    fn mul_endo_ct(&self, k: &[u64; 4], endo: &Endomorphism<C>) -> Self {
        let lattice = &endo.lattice;
        let (dim, windows) = (lattice.dim(), ct_windows(lattice.bits()));
        let mut dec = lattice.decompose(k);
        // Built in place: the tables are 4.6 KB each on G2, and copies of them showed in
        // profiles.
        let mut tables = [[Self::identity(); CT_TABLE]; MAX_DIM];
        self.ct_table_into(&mut tables[0]);
        for j in 1..dim {
            let (done, rest) = tables.split_at_mut(j);
            let (map, from) = match endo.map_squared {
                Some(map_squared) if j >= 2 => (map_squared, &done[j - 2]),
                _ => (endo.map, &done[j - 1]),
            };
            for (t, p) in rest[0].iter_mut().zip(from) {
                *t = map(p);
            }
        }
        let mut digits = [[0i8; MAX_WINDOWS]; MAX_DIM];
        for (d, m) in digits.iter_mut().zip(&dec.magnitudes).take(dim) {
            signed_digits(m, &mut d[..windows]);
        }
        let top = windows - 1;
        let mut acc = Self::ct_lookup(&tables[0], digits[0][top], dec.negative[0]);
        for j in 1..dim {
            acc = acc.add(&Self::ct_lookup(&tables[j], digits[j][top], dec.negative[j]));
        }
        for w in (0..top).rev() {
            acc = acc.double_n_jacobian(CT_WINDOW);
            for j in 0..dim {
                acc = acc.add(&Self::ct_lookup(&tables[j], digits[j][w], dec.negative[j]));
            }
        }
        dec.zeroize();
        digits.zeroize();
        tables[..dim].iter_mut().flatten().for_each(Zeroize::zeroize);
        acc
    }

    /// `[k]·self` for a public scalar `k` (width-5 wNAF, over the GLV/GLS decomposition when the
    /// curve has an endomorphism; `self` in the order-`r` subgroup as for [`Projective::mul`]);
    /// time depends on `k`.
    pub fn mul_vartime(&self, k: &Scalar<C>) -> Self {
        let limbs = k.to_canonical_limbs();
        match C::ENDOMORPHISM {
            Some(_) => self.mul_endo_vartime(&limbs),
            None => self.mul_limbs_vartime(&limbs),
        }
    }

    /// Odd multiples `P, 3P, …, 15P` for the width-5 wNAF.
    fn odd_multiples(&self) -> [Self; 8] {
        let mut table = [*self; 8];
        let twice = self.double();
        for i in 1..8 {
            table[i] = table[i - 1].add(&twice);
        }
        table
    }

    /// `Σ nafᵢ·Pᵢ` from the wNAF digits of each scalar and the affine odd multiples `Pᵢ, 3Pᵢ,
    /// …, 15Pᵢ` (`tables`, 8 per point, in order): one shared chain of doublings and a mixed
    /// addition per non-zero digit. The accumulator is chosen by the digit counts: Jacobian
    /// coordinates (doubling 3M + 4S, mixed addition 8M + 3S) unless there are at least as
    /// many additions as doublings, then XYZZ (6M + 3S, 8M + 2S; measured figures in
    /// `xyzz.rs`). Variable time.
    fn wnaf_sum(tables: &[Affine<C>], nafs: &[Vec<i16>]) -> Self {
        let tables: Vec<&[Affine<C>]> = tables.chunks_exact(8).collect();
        Self::wnaf_sum_tables(&tables, nafs)
    }

    /// [`Self::wnaf_sum`] with one table of odd multiples `P, 3P, …` per digit string, each of
    /// any length (a digit `d` reads entry `|d|/2`, so a table of `2^(w−2)` entries serves a
    /// width-`w` wNAF).
    fn wnaf_sum_tables(tables: &[&[Affine<C>]], nafs: &[Vec<i16>]) -> Self {
        let doublings = nafs.iter().map(Vec::len).max().unwrap_or(0);
        let additions = nafs.iter().flatten().filter(|&&d| d != 0).count();
        if additions >= doublings {
            Self::wnaf_sum_with::<Xyzz<C::Base>>(tables, nafs, doublings)
        } else {
            Self::wnaf_sum_with::<Jacobian<C::Base>>(tables, nafs, doublings)
        }
    }

    /// [`Self::wnaf_sum_tables`] with the accumulator `A`, over `len` digit positions.
    fn wnaf_sum_with<A: WnafAccumulator<C>>(tables: &[&[Affine<C>]], nafs: &[Vec<i16>], len: usize) -> Self {
        let mut acc = A::IDENTITY;
        for i in (0..len).rev() {
            acc.dbl();
            for (naf, table) in nafs.iter().zip(tables) {
                match naf.get(i).copied().unwrap_or(0) {
                    0 => {}
                    d if d > 0 => acc.add_affine(&table[(d as usize) / 2]),
                    d => acc.add_affine(&table[(-d as usize) / 2].neg()),
                }
            }
        }
        acc.finish()
    }

    /// The odd multiples of every point, normalized to affine with one batch inversion.
    fn affine_tables(points: &[Self]) -> Vec<Affine<C>> {
        let odd: Vec<Self> = points.iter().flat_map(|p| p.odd_multiples()).collect();
        Self::normalize_vartime(&odd)
    }

    /// Interleaved wNAF over the decomposition of a public `k` ([`Self::wnaf_sum`]; the
    /// tables of `φ^j(P)` are the images of `P`'s).
    fn mul_endo_vartime(&self, k: &[u64; 4]) -> Self {
        let nafs = Self::signed_wnafs(k, WNAF_WINDOW);
        // An affine P on an `a = 0` curve: tables without inversion.
        if !C::A_IS_MINUS_3 && self.z == C::Base::ONE {
            let p = Affine { x: self.x, y: self.y, infinity: Choice::from(0) };
            if let Some(sum) = Self::mul_endo_isomorphic(&p, &nafs) {
                return sum;
            }
        }
        Self::wnaf_sum(&Self::affine_tables_with_images(&[*self]), &nafs)
    }

    /// `[a]·G + [b]·P` for the curve's generator `G`, a public point `P` and public scalars (the
    /// double-scalar multiplication of ECDSA verification, SEC 1 v2 §4.1.4 step 5): Strauss–
    /// Shamir interleaving of width-5 wNAFs (Möller, "Algorithms for multi-exponentiation",
    /// SAC 2001 §3), over the GLV/GLS decompositions of `a` and `b` when the curve declares an
    /// endomorphism (on secp256k1 four half-length scalars sharing one chain of about 128
    /// doublings), else over the two full scalars. `P` must lie in the order-`r` subgroup, as
    /// for [`Projective::mul`]. Variable time in all inputs.
    ///
    /// With the curve's precomputed generator table ([`SwCurve::generator_wnaf_table`], built
    /// once per process) the generator's digits are wNAFs of width
    /// [`SwCurve::GENERATOR_WNAF_WIDTH`] read from it, and only `P`'s odd multiples (and their
    /// images) are computed per call.
    pub fn mul_generator_add_vartime(a: &Scalar<C>, p: &Affine<C>, b: &Scalar<C>) -> Self {
        if let Some(sum) = C::mul_generator_add_special_vartime(a, p, b) {
            return sum;
        }
        let (ka, kb) = (a.to_canonical_limbs(), b.to_canonical_limbs());
        let table = C::generator_wnaf_table();
        if let (Some(t), false, false) = (table, C::A_IS_MINUS_3, bool::from(p.infinity)) {
            if let Some(sum) = Self::mul_generator_add_isomorphic(t, &ka, p, &kb) {
                return sum;
            }
        }
        // Digits: the generator's (or its images'), then P's; the generator's tables computed
        // here with P's when the curve has no precomputed ones.
        let g_width = if table.is_some() { C::GENERATOR_WNAF_WIDTH } else { WNAF_WINDOW };
        let mut nafs = Self::signed_wnafs(&ka, g_width);
        nafs.extend(Self::signed_wnafs(&kb, WNAF_WINDOW));
        let fresh = match table {
            Some(_) => Self::affine_tables_with_images(&[Self::from(*p)]),
            None => Self::affine_tables_with_images(&[Self::generator(), Self::from(*p)]),
        };
        let mut tables: Vec<&[Affine<C>]> = Vec::with_capacity(nafs.len());
        if let Some(t) = table {
            tables.extend(t.images.iter().map(Vec::as_slice));
        }
        tables.extend(fresh.chunks_exact(8));
        Self::wnaf_sum_tables(&tables, &nafs)
    }

    /// The affine odd multiples `P, 3P, …, 15P` of public points and their images under
    /// `φ, …, φ^(d−1)` (`d` the lattice dimension of the curve's endomorphism, 1 without one),
    /// 8 per image, each point's images after its own table: the multiples normalized with one
    /// batch inversion, then mapped as affine points (the curves' maps keep `Z = 1`: a few
    /// multiplications each, where normalizing the images too would cost `d` times as much).
    fn affine_tables_with_images(points: &[Self]) -> Vec<Affine<C>> {
        let base = Self::affine_tables(points);
        let Some(endo) = C::ENDOMORPHISM else { return base };
        let dim = endo.lattice.dim();
        let mut out = Vec::with_capacity(base.len() * dim);
        for table in base.chunks_exact(8) {
            out.extend_from_slice(table);
            for _ in 1..dim {
                let prev = out.len() - 8;
                for i in prev..prev + 8 {
                    let q = super::msm::map_affine(endo.map, &out[i]);
                    out.push(q);
                }
            }
        }
        out
    }

    /// [`Self::mul_generator_add_vartime`] for `a = 0` with `P`'s odd multiples as affine points
    /// of an isomorphic curve ([`Self::isomorphic_tables`]). The sum runs on that curve: the
    /// generator's entries are mapped onto it as they are added (`(x·s², y·s³)`, two
    /// multiplications), and the result is mapped back by `Z·s`.
    fn mul_generator_add_isomorphic(
        table: &super::GeneratorWnafTable<C>,
        ka: &[u64; 4],
        p: &Affine<C>,
        kb: &[u64; 4],
    ) -> Option<Self> {
        let (fresh, s) = Self::isomorphic_tables(p)?;
        let mut nafs = Self::signed_wnafs(ka, C::GENERATOR_WNAF_WIDTH);
        let generator_tables = nafs.len();
        nafs.extend(Self::signed_wnafs(kb, WNAF_WINDOW));
        let mut tables: Vec<&[Affine<C>]> = table.images.iter().map(Vec::as_slice).collect();
        tables.extend(fresh.chunks_exact(8));
        Some(Self::isomorphic_sum(&tables, &nafs, generator_tables, &s))
    }

    /// `[k]·P` for `a = 0` and an affine `P` (not the identity) on the tables of
    /// [`Self::isomorphic_tables`]: [`Self::mul_endo_vartime`] without the inversion of its
    /// tables. `None` as for those tables.
    fn mul_endo_isomorphic(p: &Affine<C>, nafs: &[Vec<i16>]) -> Option<Self> {
        let (fresh, s) = Self::isomorphic_tables(p)?;
        let tables: Vec<&[Affine<C>]> = fresh.chunks_exact(8).collect();
        Some(Self::isomorphic_sum(&tables, nafs, 0, &s))
    }

    /// The odd multiples `P, 3P, …, 15P` of an affine `P` (not the identity, `a = 0`) and of
    /// its endomorphism images, as affine points of an isomorphic curve
    /// ([`Jacobian::odd_multiples_isomorphic`]: no inversion), with the scale `s` that maps
    /// them back. The images are taken on the isomorphic curve, which is valid when the map
    /// commutes with the scaling by `s`: always for `(x, y) ↦ (βx, y)`, and for the
    /// Frobenius-based `ψ` of G2 when `s` lies in the prime field (`None` otherwise, and when
    /// the tables meet an exceptional addition).
    fn isomorphic_tables(p: &Affine<C>) -> Option<(Vec<Affine<C>>, C::Base)> {
        // Over an extension field (G2) the scale is almost never in the prime field: do not
        // build tables that would be thrown away.
        let gx = C::GENERATOR.0;
        if C::ENDOMORPHISM.is_some() && Field::frobenius_map(&gx, 1) != gx {
            return None;
        }
        let (odd, s) = Jacobian::<C::Base>::odd_multiples_isomorphic(p, 8)?;
        if Field::frobenius_map(&s, 1) != s {
            return None;
        }
        let mut fresh = odd;
        if let Some(endo) = C::ENDOMORPHISM {
            for j in 1..endo.lattice.dim() {
                let prev = fresh[8 * (j - 1)..8 * j].to_vec();
                for q in prev {
                    let image = (endo.map)(&Self::from(q));
                    if image.z != C::Base::ONE {
                        return None;
                    }
                    fresh.push(Affine { x: image.x, y: image.y, infinity: Choice::from(0) });
                }
            }
        }
        Some((fresh, s))
    }

    /// `Σ nafᵢ·tableᵢ` on the isomorphic curve of scale `s`, mapped back: one chain of Jacobian
    /// doublings and mixed additions; the first `mapped` tables hold points of the curve itself,
    /// mapped onto the isomorphic one as they are added (`(x·s², y·s³)`).
    fn isomorphic_sum(tables: &[&[Affine<C>]], nafs: &[Vec<i16>], mapped: usize, s: &C::Base) -> Self {
        let (s2, len) = (s.square(), nafs.iter().map(Vec::len).max().unwrap_or(0));
        let s3 = s2 * s;
        let mut acc = Jacobian::IDENTITY;
        for i in (0..len).rev() {
            acc.double_assign_vartime::<C>();
            for (j, (naf, table)) in nafs.iter().zip(tables).enumerate() {
                let d = naf.get(i).copied().unwrap_or(0);
                if d == 0 {
                    continue;
                }
                let q = table[(d.unsigned_abs() as usize) / 2];
                let q = if d > 0 { q } else { q.neg() };
                if j < mapped {
                    acc.add_mixed_scaled_assign_vartime(&q, [s, &s2, &s3]);
                } else {
                    acc.add_mixed_assign_vartime(&q);
                }
            }
        }
        acc.unscale(s).to_homogeneous()
    }

    /// The signed width-`w` wNAFs of the decomposition of a public `k` (one per endomorphism
    /// power, the signs folded in), or of `k` itself without an endomorphism.
    fn signed_wnafs(k: &[u64; 4], w: u32) -> Vec<Vec<i16>> {
        let Some(endo) = C::ENDOMORPHISM else { return alloc::vec![wnaf(k, w)] };
        let dec = endo.lattice.decompose(k);
        (0..endo.lattice.dim())
            .map(|j| {
                let flip = bool::from(dec.negative[j]);
                wnaf(&dec.magnitudes[j], w).into_iter().map(|d| if flip { -d } else { d }).collect()
            })
            .collect()
    }

    /// `Σ [kᵢ]·Pᵢ` for public points and public integers (little-endian limbs, any length):
    /// interleaved width-5 wNAF (Möller, "Algorithms for multi-exponentiation", SAC 2001 §3)
    /// sharing the doublings, the tables of odd multiples normalized to affine with one batch
    /// inversion, the accumulator in Jacobian coordinates or, once the additions outnumber the
    /// doublings (about six points and more), in extended Jacobian "XYZZ" coordinates (EFD
    /// madd-2008-s). Pairs beyond the shorter slice are ignored. Variable time; for a handful
    /// to a few hundred points (short scalars, e.g. batch-verification blinding factors).
    pub fn multi_mul_limbs_vartime(points: &[Affine<C>], scalars: &[&[u64]]) -> Self {
        let n = points.len().min(scalars.len());
        let projective: Vec<Self> = points[..n].iter().map(|&p| Self::from(p)).collect();
        let nafs: Vec<Vec<i16>> = scalars[..n].iter().map(|k| wnaf(k, WNAF_WINDOW)).collect();
        Self::wnaf_sum(&Self::affine_tables(&projective), &nafs)
    }

    /// `Σ [kᵢ]·Pᵢ` for public points of the order-`r` subgroup and public scalars: the
    /// interleaved wNAF of [`Self::multi_mul_limbs_vartime`] over the GLV/GLS decomposition of
    /// each scalar (the curve's endomorphism; without one, the scalars as they are), so that the
    /// shared chain of doublings is as long as the short scalars (64 on G2 of BLS12-381 instead
    /// of 255). The tables of `φʲ(Pᵢ)` are the images of `Pᵢ`'s affine table (`φ` keeps `Z = 1`).
    /// Zero scalars and identity points are skipped. Variable time.
    pub(crate) fn multi_mul_endo_vartime(points: &[Affine<C>], scalars: &[Scalar<C>]) -> Self {
        let (points, scalars): (Vec<Self>, Vec<[u64; 4]>) = points
            .iter()
            .zip(scalars)
            .filter(|(p, k)| !bool::from(p.infinity) && !bool::from(k.is_zero()))
            .map(|(p, k)| (Self::from(*p), k.to_canonical_limbs()))
            .unzip();
        let all = Self::affine_tables_with_images(&points);
        let tables: Vec<&[Affine<C>]> = all.chunks_exact(8).collect();
        let nafs: Vec<Vec<i16>> = scalars.iter().flat_map(|k| Self::signed_wnafs(k, WNAF_WINDOW)).collect();
        Self::wnaf_sum_tables(&tables, &nafs)
    }

    /// `[k]·self` for a public integer `k` of any length (little-endian limbs), by width-5
    /// wNAF (affine table, Jacobian accumulator); time depends on `k`. Used for cofactors and the order-`r`
    /// check (valid for any point on the curve, in the subgroup or not).
    pub fn mul_limbs_vartime(&self, k: &[u64]) -> Self {
        Self::wnaf_sum(&Self::affine_tables(&[*self]), &[wnaf(k, WNAF_WINDOW)])
    }
}

/// The accumulator of the variable-time wNAF sums: a coordinate system with a doubling and a
/// mixed addition of an affine point (both for public points only), in place.
trait WnafAccumulator<C: SwCurve> {
    /// The identity.
    const IDENTITY: Self;
    /// `self = 2·self`.
    fn dbl(&mut self);
    /// `self = self + q`.
    fn add_affine(&mut self, q: &Affine<C>);
    /// The sum in homogeneous coordinates.
    fn finish(&self) -> Projective<C>;
}

impl<C: SwCurve> WnafAccumulator<C> for Jacobian<C::Base> {
    const IDENTITY: Self = Jacobian::IDENTITY;
    #[inline(always)]
    fn dbl(&mut self) {
        self.double_assign_vartime::<C>();
    }
    #[inline(always)]
    fn add_affine(&mut self, q: &Affine<C>) {
        self.add_mixed_assign_vartime(q);
    }
    #[inline(always)]
    fn finish(&self) -> Projective<C> {
        self.to_homogeneous()
    }
}

impl<C: SwCurve> WnafAccumulator<C> for Xyzz<C::Base> {
    const IDENTITY: Self = Xyzz::IDENTITY;
    #[inline(always)]
    fn dbl(&mut self) {
        *self = self.double_vartime::<C>();
    }
    #[inline(always)]
    fn add_affine(&mut self, q: &Affine<C>) {
        *self = self.add_mixed_vartime(q);
    }
    #[inline(always)]
    fn finish(&self) -> Projective<C> {
        self.to_homogeneous()
    }
}

/// Width-`w` non-adjacent form of a public integer (`2 ≤ w ≤ 15`): digits odd in
/// `(-2^(w-1), 2^(w-1))` or zero, least significant first, any two non-zero digits at least `w`
/// positions apart, no trailing zeros. Scans the bits once, a window at a time (Solinas 2000;
/// Hankerson–Menezes–Vanstone, *Guide to ECC*, Alg. 3.35): at a bit that differs from the
/// pending carry a digit `d ≡ window + carry (mod 2^w)` is taken and the `w − 1` positions
/// after it are zero.
pub(crate) fn wnaf(k: &[u64], w: u32) -> Vec<i16> {
    debug_assert!((2..=15).contains(&w));
    let bits = 64 * k.len();
    let bit_at = |i: usize| if i < bits { (k[i / 64] >> (i % 64)) & 1 } else { 0 };
    let window_at = |i: usize| {
        let (limb, off) = (i / 64, i % 64);
        let mut v = k.get(limb).copied().unwrap_or(0) >> off;
        if off + w as usize > 64 {
            v |= k.get(limb + 1).copied().unwrap_or(0) << (64 - off);
        }
        v & ((1 << w) - 1)
    };
    let mut out = alloc::vec![0i16; bits + 1];
    let (mut carry, mut i) = (0u64, 0usize);
    while i < bits {
        if bit_at(i) == carry {
            i += 1;
            continue;
        }
        let v = window_at(i) + carry;
        carry = (v >> (w - 1)) & 1;
        out[i] = (v as i64 - ((carry as i64) << w)) as i16;
        i += w as usize;
    }
    out[bits] = carry as i16;
    let len = out.iter().rposition(|&d| d != 0).map_or(0, |p| p + 1);
    out.truncate(len);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval<D: Copy + Into<i64>>(digits: &[D], radix_bits: u32) -> num_bigint::BigInt {
        digits.iter().rev().fold(num_bigint::BigInt::default(), |acc, &d| (acc << radix_bits) + d.into())
    }

    fn big(k: &[u64]) -> num_bigint::BigInt {
        k.iter().rev().fold(num_bigint::BigInt::default(), |acc, &l| (acc << 64) + l)
    }

    #[test]
    fn recodings_represent_the_scalar() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(3);
        for i in 0..2000 {
            let mut k: [u64; 4] = rng.gen();
            k[3] >>= 1 + (i % 3); // below 2^255
            if i == 0 {
                k = [u64::MAX, u64::MAX, u64::MAX, u64::MAX >> 1];
            }
            let mut d = [0i8; MAX_WINDOWS];
            signed_digits(&k, &mut d);
            assert!(d.iter().all(|&x| (-16..=16).contains(&x)));
            assert_eq!(eval(&d, CT_WINDOW), big(&k));
            for w in [2u32, 5, 8, 12] {
                let n = wnaf(&k, w);
                let half = 1i16 << (w - 1);
                assert!(n.iter().all(|&x| x == 0 || (x % 2 != 0 && -half < x && x < half)));
                assert_ne!(n.last(), Some(&0));
                let nonzero: Vec<usize> = (0..n.len()).filter(|&p| n[p] != 0).collect();
                assert!(nonzero.windows(2).all(|p| p[1] - p[0] >= w as usize), "w = {w}");
                assert_eq!(eval(&n, 1), big(&k));
            }
            assert!(wnaf(&[0, 0], 5).is_empty());
        }
    }
    /// `multi_mul_limbs_vartime` against the sum of constant-time multiplications, on both sides of
    /// the accumulator switch (Jacobian for few points, XYZZ for many), with repeated points,
    /// opposite points, identities and zero scalars (which drive the XYZZ additions into their
    /// `P = ±Q` and identity branches).
    fn multi_mul_matches<C: SwCurve>(seed: u64) {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
        let g = Projective::<C>::generator();
        for n in [1usize, 2, 5, 6, 8, 16, 33] {
            for short in [true, false] {
                let mut pts: Vec<Projective<C>> = (0..n).map(|_| g.mul(&Scalar::<C>::random(&mut rng))).collect();
                let mut ks: Vec<[u64; 4]> = (0..n)
                    .map(|_| {
                        let k = Scalar::<C>::random(&mut rng).to_canonical_limbs();
                        if short {
                            [k[0], 0, 0, 0]
                        } else {
                            k
                        }
                    })
                    .collect();
                if n >= 5 {
                    pts[1] = pts[0];
                    ks[1] = ks[0];
                    pts[2] = pts[0].neg();
                    ks[2] = ks[0];
                    pts[3] = Projective::identity();
                    ks[4] = [0; 4];
                }
                let aff: Vec<Affine<C>> = pts.iter().map(Projective::to_affine).collect();
                let refs: Vec<&[u64]> = ks.iter().map(|k| &k[..]).collect();
                let want = pts.iter().zip(&ks).fold(Projective::identity(), |acc, (p, k)| {
                    acc.add(&p.mul(&Scalar::<C>::from_canonical_limbs(*k)))
                });
                assert_eq!(Projective::multi_mul_limbs_vartime(&aff, &refs), want, "n = {n}, short = {short}");
                if n == 1 {
                    // A single digit (as many additions as doublings: the XYZZ accumulator).
                    let one: [&[u64]; 1] = [&[1]];
                    assert_eq!(Projective::multi_mul_limbs_vartime(&aff, &one), pts[0]);
                    let three: [&[u64]; 1] = [&[3]];
                    assert_eq!(Projective::multi_mul_limbs_vartime(&aff, &three), pts[0].double().add(&pts[0]));
                }
            }
        }
        // All pairs cancel: the XYZZ sum ends at the identity.
        let p = g.mul(&Scalar::<C>::random(&mut rng)).to_affine();
        let aff = [p, p.neg(), p, p.neg(), p, p.neg(), p, p.neg()];
        let k = [0x1234_5678_9abc_def1u64];
        let refs: Vec<&[u64]> = aff.iter().map(|_| &k[..]).collect();
        assert!(bool::from(Projective::multi_mul_limbs_vartime(&aff, &refs).is_identity()));
    }

    #[test]
    fn multi_mul_both_accumulators() {
        use crate::curves::{bls12_381, bn254};
        multi_mul_matches::<bls12_381::G1Curve>(11);
        multi_mul_matches::<bls12_381::G2Curve>(12);
        multi_mul_matches::<bn254::G1Curve>(13);
        multi_mul_matches::<bn254::G2Curve>(14);
    }

    /// [`Projective::double_n_jacobian`] (the doublings of the constant-time windows) against
    /// complete homogeneous doublings, on the generator (`Z = 1`), random points (`Z ≠ 1`) and
    /// the identity in two representations; an identity result must stay a valid one (`Y ≠ 0`),
    /// which the complete addition then treats as the identity.
    fn jacobian_doublings_match<C: SwCurve>(seed: u64) {
        use crate::field::Field;
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
        let g = Projective::<C>::generator();
        let mut points = alloc::vec![g, Projective::identity()];
        points.push(Projective { x: C::Base::ZERO, y: -C::Base::ONE.double(), z: C::Base::ZERO });
        points.extend((0..4).map(|_| g.mul_vartime(&Scalar::<C>::random(&mut rng))));
        for p in &points {
            let mut want = *p;
            for n in 1..=6 {
                want = want.double();
                let got = p.double_n_jacobian(n);
                assert_eq!(got, want, "n = {n}");
                assert!(bool::from(got.is_on_curve()));
                assert!(!bool::from(got.y.is_zero() & got.z.is_zero()), "invalid identity");
                assert_eq!(got.add(&g), want.add(&g));
            }
        }
    }

    #[test]
    fn jacobian_window_doublings() {
        use crate::curves::{bls12_381, bn254};
        jacobian_doublings_match::<bls12_381::G1Curve>(21);
        jacobian_doublings_match::<bls12_381::G2Curve>(22);
        jacobian_doublings_match::<bn254::G1Curve>(23);
        jacobian_doublings_match::<bn254::G2Curve>(24);
    }
}
