//! Edwards25519 point operations on four lanes ([`ExtendedVec`], [`CachedVec`]): one point per
//! vector, its four coordinates in the four lanes, so that every step of Hisil–Wong–Carter–
//! Dawson's formulas for `a = −1` ("Twisted Edwards curves revisited", Asiacrypt 2008, §4:
//! the 4-processor versions of the doubling of §3.3 and of the addition of §3.2 with a
//! cached operand) is one lane-wise product or square plus lane shuffles.

use super::field::{words_to_limbs, FeVec};
use crate::curves::curve25519::edwards::{consts, EdwardsPoint};
use crate::curves::curve25519::field::Fe;

/// `_mm256_permute4x64_epi64`'s immediate taking output lane `l` from input lane `s_l`.
const fn sel(s0: i32, s1: i32, s2: i32, s3: i32) -> i32 {
    s0 | (s1 << 2) | (s2 << 4) | (s3 << 6)
}

/// `_mm256_blend_epi32`'s immediate taking the lanes marked `1` from the second operand.
const fn lanes(l0: i32, l1: i32, l2: i32, l3: i32) -> i32 {
    (l0 * 0b11) | (l1 * 0b1100) | (l2 * 0b11_0000) | (l3 * 0b1100_0000)
}

/// The lane factors `(1, 1, 2, 2d)` of the cached form, as limbs.
const CACHED_FACTORS: [[u64; 10]; 4] = [
    words_to_limbs([1, 0, 0, 0]),
    words_to_limbs([1, 0, 0, 0]),
    words_to_limbs([2, 0, 0, 0]),
    words_to_limbs(consts::D2),
];

/// A point in extended coordinates, lanes `(X, Y, Z, T)` (HWCD §3.1), reduced limbs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ExtendedVec(FeVec);

/// A point prepared as the second operand of an addition, lanes `(Y − X, Y + X, 2Z, 2d·T)`
/// (HWCD §3.2 with `k = 2d`, pre-multiplied by the constants of the 4-processor addition),
/// reduced limbs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CachedVec(FeVec);

impl ExtendedVec {
    /// The neutral element `(0 : 1 : 1 : 0)`.
    #[target_feature(enable = "avx2")]
    pub(crate) fn identity() -> ExtendedVec {
        let one = words_to_limbs([1, 0, 0, 0]);
        ExtendedVec(FeVec::from_limbs(&[[0; 10], one, one, [0; 10]]))
    }

    /// `p` in vector form.
    #[target_feature(enable = "avx2")]
    pub(crate) fn from_point(p: &EdwardsPoint<Fe>) -> ExtendedVec {
        let (x, y, z, t) = p.coords();
        ExtendedVec(FeVec::from_fes([x, y, z, t]))
    }

    /// Back to the serial representation.
    #[target_feature(enable = "avx2")]
    pub(crate) fn to_point(self) -> EdwardsPoint<Fe> {
        let [x, y, z, t] = self.0.to_fes();
        EdwardsPoint::from_extended(x, y, z, t)
    }

    /// `(Y − X, Y + X, Z, T)`: the first step of the 4-processor addition (loose lanes 0, 1,
    /// reduced lanes 2, 3).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn diff_sum(&self) -> FeVec {
        let p = &self.0;
        let s = p.swap_pairs(); // (Y, X, T, Z)
        s.sub::<2>(p).blend::<{ lanes(0, 1, 0, 0) }>(&p.add(&s)).blend::<{ lanes(0, 0, 1, 1) }>(p)
    }

    /// The cached form `(Y − X, Y + X, 2Z, 2d·T)` (one lane-wise product by `(1, 1, 2, 2d)`).
    #[target_feature(enable = "avx2")]
    pub(crate) fn to_cached(self) -> CachedVec {
        let k = FeVec::from_limbs(&CACHED_FACTORS);
        CachedVec(self.diff_sum().mul(&k))
    }

    /// `self ← self + q` (HWCD §4.2's 4-processor addition for `a = −1`, "add-2008-hwcd-3" with
    /// `k = 2d`): `(A, B, D, C) = (Y₁−X₁, Y₁+X₁, Z₁, T₁) ∘ (Y₂−X₂, Y₂+X₂, 2Z₂, 2d·T₂)`, then
    /// `E = B − A`, `F = D − C`, `G = D + C`, `H = B + A` (one in-lane swap) and
    /// `(X₃, Y₃, Z₃, T₃) = (E, G, F, E) ∘ (F, H, G, H)`: two lane-wise products and two lane
    /// permutations. Complete (any two points). The product is stored in place: a by-value
    /// form in a loop `q = q + e` copies the 320-byte point at every step (measured: 15% of an
    /// Ed25519 verification).
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(crate) fn add_assign(&mut self, q: &CachedVec) {
        // Loose ∘ loose (q's lane 3 may be 2p − 2dT after a negation: < 2^27, loose).
        let abdc = self.diff_sum().mul(&q.0);
        // (B, A, C, D); then (B − A, ·, ·, D − C) and (·, A + B, C + D, ·): reduced ± reduced,
        // loose.
        let badc = abdc.swap_pairs();
        let ehgf = badc.sub::<2>(&abdc).blend::<{ lanes(0, 1, 1, 0) }>(&badc.add(&abdc));
        let op1 = ehgf.permute::<{ sel(0, 2, 3, 0) }>(); // (E, G, F, E)
        let op2 = ehgf.permute::<{ sel(3, 1, 2, 1) }>(); // (F, H, G, H)
        op1.mul_into(&op2, &mut self.0);
    }

    /// `2·self` (HWCD §4.3's 4-processor doubling for `a = −1`, "dbl-2008-hwcd"): `(A, B, C, D)
    /// = (X², Y², Z², (X + Y)²)` in one lane-wise square, then with `E = D − A − B`, `G = B − A`
    /// and the negated `F' = 2C − G`, `H' = A + B`, `(E, G, F', E) ∘ (F', H', G, H')` is
    /// `−(X₃, Y₃, Z₃, T₃)`, the same projective point (`T` of the input is not used).
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(crate) fn double(&self) -> ExtendedVec {
        let mut r = *self;
        r.double_assign();
        r
    }

    /// `self ← 2·self` ([`ExtendedVec::double`] stored in place, as in
    /// [`ExtendedVec::add_assign`]).
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(crate) fn double_assign(&mut self) {
        let p = &self.0;
        // (X + Y) in every lane, from the pair sums; (X, Y, Z, X + Y): reduced, X + Y loose.
        let xy = p.add(&p.swap_pairs()).permute::<{ sel(0, 0, 0, 0) }>();
        let v = p.blend::<{ lanes(0, 0, 0, 1) }>(&xy);
        // (A, B, C, D), reduced; swapped in pairs: (B, A, D, C).
        let s = v.square();
        let sw = s.swap_pairs();
        // (G, H') = (B + 2p − A, A + B) in lanes 0, 1: loose. Then (G, H', H', G).
        let gh = sw.sub::<2>(&s).blend::<{ lanes(0, 1, 0, 0) }>(&sw.add(&s));
        let n = gh.permute::<{ sel(0, 1, 1, 0) }>();
        // (·, ·, D, 2C).
        let m = sw.blend::<{ lanes(0, 0, 0, 1) }>(&sw.add(&sw));
        // (E, F') = (D + 4p − H', 2C + 4p − G) in lanes 2, 3: H' < 2^27 + 2^19 and
        // G < 2^27 + 2^26 + 2^18 in even limbs, H' < 2^26 + 2^19 and G < 2^26 + 2^25 + 2^18 in
        // odd ones, within 4p's limbs (2^28 − 76 and 2^27 − 4 at least), so no limb goes
        // negative; the sums stay below 2^29, reduced by the carry.
        let u = n.blend::<{ lanes(0, 0, 1, 1) }>(&m.sub::<4>(&n)).reduce(); // (G, H', E, F')
        let op1 = u.permute::<{ sel(2, 0, 3, 2) }>(); // (E, G, F', E)
        let op2 = u.permute::<{ sel(3, 1, 0, 1) }>(); // (F', H', G, H')
        op1.mul_into(&op2, &mut self.0);
    }

    /// `self + q`, by value ([`ExtendedVec::add_assign`]).
    #[cfg(test)]
    #[target_feature(enable = "avx2")]
    pub(crate) fn add(&self, q: &CachedVec) -> ExtendedVec {
        let mut r = *self;
        r.add_assign(q);
        r
    }

    /// `self − q`.
    #[cfg(test)]
    #[target_feature(enable = "avx2")]
    pub(crate) fn sub(&self, q: &CachedVec) -> ExtendedVec {
        self.add(&q.neg())
    }

    /// `self ← self − q`.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(crate) fn sub_assign(&mut self, q: &CachedVec) {
        self.add_assign(&q.neg());
    }
}

impl CachedVec {
    /// `−q`: `(Y + X, Y − X, 2Z, 2p − 2d·T)` (the swap of `X ↦ −X` and `T ↦ −T`).
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(crate) fn neg(&self) -> CachedVec {
        let s = self.0.permute::<{ sel(1, 0, 2, 3) }>();
        CachedVec(s.blend::<{ lanes(0, 0, 0, 1) }>(&s.neg::<2>()))
    }
}

/// The odd multiples `[1, 3, …, 2n − 1]·p` in cached form.
#[target_feature(enable = "avx2")]
pub(crate) fn odd_multiples(p: &ExtendedVec, n: usize) -> alloc::vec::Vec<CachedVec> {
    let twice = p.double().to_cached();
    let mut out = alloc::vec::Vec::with_capacity(n);
    let mut q = *p;
    out.push(q.to_cached());
    for _ in 1..n {
        q.add_assign(&twice);
        out.push(q.to_cached());
    }
    out
}
