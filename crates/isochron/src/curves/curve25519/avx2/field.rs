//! Four elements of GF(2^255 − 19) at once in AVX2 registers ([`FeVec`]).
//!
//! Radix 2^25.5: an element is `Σ_{i<10} a_i·2^⌈25.5·i⌉`, limb `i` holding `b_i = 26` bits for
//! even `i` and `25` for odd `i` (Bernstein, "Curve25519: new Diffie-Hellman speed records",
//! PKC 2006, §4; the four-lane use of `vpmuludq` follows Hisil–Wong–Carter–Dawson's
//! "4-processor" view of the point formulas, Asiacrypt 2008, §4). Limb `i` of the four
//! lanes lives in the four 64-bit slots of one `__m256i`, the value in the slot's low 32 bits
//! between operations, so that one `_mm256_mul_epu32` is four 32×32→64-bit limb products.
//!
//! Bounds (all in the comments below refer to these):
//! - *reduced*: limb `i < 2^b_i + 2^18` (the output of [`FeVec::carry`], hence of
//!   [`FeVec::mul`] and [`FeVec::square`]);
//! - *loose*: every limb `< 2^27.6` (≈ 2.03·10^8): the inputs [`FeVec::mul`] accepts. A sum of
//!   two reduced elements (`< 2^27 + 2^19`) and `a + 2p − b` for reduced `a`, `b`
//!   (`< 2^26 + 2^18 + 2^27`) are loose.

use core::arch::x86_64::*;

use crate::curves::curve25519::field::Fe;

/// Four field elements, lane `l` of limb vector `i` holding limb `i` of element `l`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FeVec(pub(super) [__m256i; 10]);

/// `2^⌈25.5·i⌉`'s exponent: the weight of limb `i`.
const WEIGHT: [u32; 10] = [0, 26, 51, 77, 102, 128, 153, 179, 204, 230];

/// The limbs of `2p` in radix 2^25.5: `2·(2^26 − 19)`, then `2·(2^b_i − 1)`. Each limb is at
/// least `2^26 − 2 ≥` a reduced limb bound, so `a + 2p − b` has no negative limb for reduced `b`.
const TWO_P: [u64; 10] = [
    0x7ff_ffda, 0x3ff_fffe, 0x7ff_fffe, 0x3ff_fffe, 0x7ff_fffe, 0x3ff_fffe, 0x7ff_fffe, 0x3ff_fffe, 0x7ff_fffe,
    0x3ff_fffe,
];

/// `[f(0), …, f(9)]` for a limb-wise expression, as a plain loop: unlike
/// `core::array::from_fn`, whose closure would be called from a function compiled without AVX2
/// (and so not inlined when the crate is built without `-C target-feature=+avx2`), the loop
/// stays inside the calling AVX2 function.
macro_rules! limbwise {
    (|$i:ident| $e:expr) => {{
        let mut r = [_mm256_setzero_si256(); 10];
        for $i in 0..10 {
            r[$i] = $e;
        }
        r
    }};
}

/// `s` in all four lanes.
#[inline]
#[target_feature(enable = "avx2")]
fn splat(s: u64) -> __m256i {
    _mm256_set1_epi64x(s as i64)
}

/// `19·x` lane-wise as `16x + 2x + x` (shifts and additions, leaving the multiplier ports to
/// the limb products); exact for `x < 2^59`.
#[inline]
#[target_feature(enable = "avx2")]
fn times19(x: __m256i) -> __m256i {
    _mm256_add_epi64(_mm256_add_epi64(_mm256_slli_epi64::<4>(x), _mm256_slli_epi64::<1>(x)), x)
}

/// The canonical limbs of `x` in radix 2^25.5.
fn fe_to_limbs(x: &Fe) -> [u64; 10] {
    words_to_limbs(x.to_canonical_limbs())
}

/// The radix-2^25.5 limbs of a canonical value given as four little-endian words.
pub(crate) const fn words_to_limbs(w: [u64; 4]) -> [u64; 10] {
    let mut out = [0u64; 10];
    let mut i = 0;
    while i < 10 {
        let (pos, bits) = (WEIGHT[i], 26 - (i as u32 & 1));
        let (word, off) = ((pos / 64) as usize, pos % 64);
        let mut v = w[word] >> off;
        if off + bits > 64 {
            v |= w[word + 1] << (64 - off);
        }
        out[i] = v & ((1u64 << bits) - 1);
        i += 1;
    }
    out
}

/// The element `Σ l_i·2^⌈25.5·i⌉` for limbs below `2^32`.
fn limbs_to_fe(l: &[u64; 10]) -> Fe {
    // Σ < 2^32·2^230·(1 + 2^−25 + …) < 2^263: five words, the fifth folded as 2^256 ≡ 38.
    let mut acc = [0u64; 5];
    for (i, &v) in l.iter().enumerate() {
        let (word, off) = ((WEIGHT[i] / 64) as usize, WEIGHT[i] % 64);
        let mut carry = (v as u128) << off;
        for a in acc.iter_mut().skip(word) {
            let s = *a as u128 + (carry & u128::from(u64::MAX));
            *a = s as u64;
            carry = (carry >> 64) + (s >> 64);
            if carry == 0 {
                break;
            }
        }
    }
    // acc[4] < 2^7: 38·acc[4] fits a word.
    Fe::from_limbs([acc[0], acc[1], acc[2], acc[3]]).add(&Fe::from_limbs([38 * acc[4], 0, 0, 0]))
}

impl FeVec {
    /// The four elements `x` (lane `l` = `x[l]`), reduced.
    #[target_feature(enable = "avx2")]
    pub(crate) fn from_fes(x: [Fe; 4]) -> FeVec {
        FeVec::from_limbs(&x.map(|e| fe_to_limbs(&e)))
    }

    /// The four elements with radix-2^25.5 limbs `l` (lane `j` = `l[j]`).
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(crate) fn from_limbs(l: &[[u64; 10]; 4]) -> FeVec {
        FeVec(limbwise!(|i| _mm256_set_epi64x(l[3][i] as i64, l[2][i] as i64, l[1][i] as i64, l[0][i] as i64)))
    }

    /// The four lanes as [`Fe`] (any bound up to loose).
    #[target_feature(enable = "avx2")]
    pub(crate) fn to_fes(self) -> [Fe; 4] {
        let v = self.0;
        let lane = |l: usize| -> [u64; 10] {
            core::array::from_fn(|i| {
                (match l {
                    0 => _mm256_extract_epi64::<0>(v[i]),
                    1 => _mm256_extract_epi64::<1>(v[i]),
                    2 => _mm256_extract_epi64::<2>(v[i]),
                    _ => _mm256_extract_epi64::<3>(v[i]),
                }) as u64
            })
        };
        core::array::from_fn(|l| limbs_to_fe(&lane(l)))
    }

    /// Lane-wise `self + o`, no carry (reduced + reduced is loose).
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(crate) fn add(&self, o: &FeVec) -> FeVec {
        FeVec(limbwise!(|i| _mm256_add_epi64(self.0[i], o.0[i])))
    }

    /// Lane-wise `self + k·p − o` (`k = 2` or `4`), no carry: `o`'s limbs must not exceed
    /// those of `k·p` (at least `2^27 − 38` in even limbs and `2^26 − 2` in odd ones for
    /// `k = 2`, twice that for `k = 4`): true for reduced `o` with `k = 2`, and for `o` the sum
    /// of a reduced and a loose element with `k = 4`.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(crate) fn sub<const K: u64>(&self, o: &FeVec) -> FeVec {
        FeVec(limbwise!(|i| _mm256_sub_epi64(_mm256_add_epi64(self.0[i], splat(TWO_P[i] * (K / 2))), o.0[i])))
    }

    /// Lane-wise `k·p − self` (`sub` from zero).
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(crate) fn neg<const K: u64>(&self) -> FeVec {
        FeVec(limbwise!(|i| _mm256_sub_epi64(splat(TWO_P[i] * (K / 2)), self.0[i])))
    }

    /// Lanes chosen per 32-bit slot: `_mm256_blend_epi32::<MASK>` on every limb (a set bit takes
    /// `o`; lane `l` is bits `2l` and `2l + 1`).
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(crate) fn blend<const MASK: i32>(&self, o: &FeVec) -> FeVec {
        FeVec(limbwise!(|i| _mm256_blend_epi32::<MASK>(self.0[i], o.0[i])))
    }

    /// Lane permutation `_mm256_permute4x64_epi64::<IMM>` on every limb (output lane `l` is
    /// input lane `(IMM >> 2l) & 3`).
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(crate) fn permute<const IMM: i32>(&self) -> FeVec {
        FeVec(limbwise!(|i| _mm256_permute4x64_epi64::<IMM>(self.0[i])))
    }

    /// Swaps the lanes in pairs, `(a, b, c, d) ↦ (b, a, d, c)` (an in-lane shuffle, cheaper
    /// than a cross-lane permutation).
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(crate) fn swap_pairs(&self) -> FeVec {
        FeVec(limbwise!(|i| _mm256_shuffle_epi32::<0b01_00_11_10>(self.0[i])))
    }

    /// Carry propagation to the reduced bound, for limbs below `2^63.8` (each limb keeps its
    /// low `b_i` bits and passes the rest up; the carry out of limb 9 re-enters limb 0 times
    /// 19, as `2^255 ≡ 19`). Two interleaved chains (0→5 and 4→9→0→1), as in ref10's `fe_mul`:
    /// afterwards every limb is masked except limb 1 (plus the second carry out of limb 0:
    /// `(2^26 + 19·2^39) >> 26 < 2^18`) and limb 5 (plus the second carry out of limb 4,
    /// `< 2^14`): reduced.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(crate) fn carry(mut z: [__m256i; 10]) -> FeVec {
        let m26 = splat((1 << 26) - 1);
        let m25 = splat((1 << 25) - 1);
        macro_rules! c {
            ($i:expr) => {{
                if $i % 2 == 0 {
                    let c = _mm256_srli_epi64::<26>(z[$i]);
                    z[$i] = _mm256_and_si256(z[$i], m26);
                    z[$i + 1] = _mm256_add_epi64(z[$i + 1], c);
                } else {
                    let c = _mm256_srli_epi64::<25>(z[$i]);
                    z[$i] = _mm256_and_si256(z[$i], m25);
                    z[($i + 1) % 10] = _mm256_add_epi64(z[($i + 1) % 10], c);
                }
            }};
        }
        c!(0);
        c!(4);
        c!(1);
        c!(5);
        c!(2);
        c!(6);
        c!(3);
        c!(7);
        c!(4);
        c!(8);
        // Limb 9 < 2^64 here, its carry c < 2^39: 19·c = 16c + 2c + c < 2^43.3, no overflow.
        let c = _mm256_srli_epi64::<25>(z[9]);
        z[9] = _mm256_and_si256(z[9], m25);
        z[0] = _mm256_add_epi64(z[0], times19(c));
        c!(0);
        FeVec(z)
    }

    /// Reduces every lane to the reduced bound ([`FeVec::carry`] of the limbs as they are).
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(crate) fn reduce(&self) -> FeVec {
        FeVec::carry(self.0)
    }

    /// Lane-wise `self · o` for loose inputs, reduced output. Schoolbook over the 10×10 limb
    /// products: `a_i·b_j` lands at weight `⌈25.5 i⌉ + ⌈25.5 j⌉`, which is limb `i + j`'s weight
    /// plus one bit when both `i` and `j` are odd (so odd `a_i` enter doubled), and products
    /// past limb 9 wrap to limb `i + j − 10` times 19 (`2^255 ≡ 19`, weights shifting by exactly
    /// 255). Bounds for loose inputs (`< 2^27.6`): `19·b_j < 2^31.85` and `2·a_i < 2^28.6`
    /// stay inside the 32-bit inputs of `vpmuludq`; each of the 10 terms of an output limb is
    /// `≤ 38·2^55.2`, their sum `< 2^63.8`, within [`FeVec::carry`]'s input bound.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(crate) fn mul(&self, o: &FeVec) -> FeVec {
        let mut out = FeVec([_mm256_setzero_si256(); 10]);
        self.mul_into(o, &mut out);
        out
    }

    /// [`FeVec::mul`] into `out`: the product's limbs stored straight from registers (a call
    /// returning the 320-byte value goes through a temporary and a copy when it lands in an
    /// existing variable, as in the point formulas' `self ← …`).
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(crate) fn mul_into(&self, o: &FeVec, out: &mut FeVec) {
        let a = &self.0;
        let b = &o.0;
        let b19 = limbwise!(|j| times19(b[j]));
        let a2 = limbwise!(|i| _mm256_add_epi64(a[i], a[i]));
        let mut z = [_mm256_setzero_si256(); 10];
        // Fully unrolled with literal indices, so that every array stays in registers.
        macro_rules! row {
            ($i:literal: $($j:literal)*) => {$({
                let ai = if ($i & $j & 1) == 1 { a2[$i] } else { a[$i] };
                let bj = if $i + $j >= 10 { b19[$j] } else { b[$j] };
                z[($i + $j) % 10] = _mm256_add_epi64(z[($i + $j) % 10], _mm256_mul_epu32(ai, bj));
            })*};
        }
        row!(0: 0 1 2 3 4 5 6 7 8 9);
        row!(1: 0 1 2 3 4 5 6 7 8 9);
        row!(2: 0 1 2 3 4 5 6 7 8 9);
        row!(3: 0 1 2 3 4 5 6 7 8 9);
        row!(4: 0 1 2 3 4 5 6 7 8 9);
        row!(5: 0 1 2 3 4 5 6 7 8 9);
        row!(6: 0 1 2 3 4 5 6 7 8 9);
        row!(7: 0 1 2 3 4 5 6 7 8 9);
        row!(8: 0 1 2 3 4 5 6 7 8 9);
        row!(9: 0 1 2 3 4 5 6 7 8 9);
        *out = FeVec::carry(z);
    }

    /// Lane-wise `self²` for loose input, reduced output: the 55 distinct products of
    /// [`FeVec::mul`] (`a_i·a_j` for `i < j` counted twice through a doubled factor). Each output
    /// limb is the same sum as in `mul` with both operands equal, so the same bounds hold.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(crate) fn square(&self) -> FeVec {
        let a = &self.0;
        let a19 = limbwise!(|j| times19(a[j]));
        let a2 = limbwise!(|i| _mm256_add_epi64(a[i], a[i]));
        let a4 = limbwise!(|i| _mm256_add_epi64(a2[i], a2[i]));
        let mut z = [_mm256_setzero_si256(); 10];
        macro_rules! row {
            ($i:literal: $($j:literal)*) => {$({
                // Factor: 2 for odd·odd, times 2 again for i ≠ j (the symmetric term).
                let ai = match (($i & $j & 1) == 1, $i != $j) {
                    (false, false) => a[$i],
                    (true, true) => a4[$i],
                    _ => a2[$i],
                };
                let bj = if $i + $j >= 10 { a19[$j] } else { a[$j] };
                z[($i + $j) % 10] = _mm256_add_epi64(z[($i + $j) % 10], _mm256_mul_epu32(ai, bj));
            })*};
        }
        row!(0: 0 1 2 3 4 5 6 7 8 9);
        row!(1: 1 2 3 4 5 6 7 8 9);
        row!(2: 2 3 4 5 6 7 8 9);
        row!(3: 3 4 5 6 7 8 9);
        row!(4: 4 5 6 7 8 9);
        row!(5: 5 6 7 8 9);
        row!(6: 6 7 8 9);
        row!(7: 7 8 9);
        row!(8: 8 9);
        row!(9: 9);
        FeVec::carry(z)
    }
}
