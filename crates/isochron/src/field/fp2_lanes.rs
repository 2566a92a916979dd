//! The Fp products of one element's tower arithmetic spread over the eight lanes of AVX-512
//! IFMA (`limbs::x86_64_ifma`), for `Fp2 = Fp[u]/(u² + 1)` over a six-word prime below `2^381`
//! (BLS12-381): the long, latency-bound chains that one value runs through, where the scalar
//! code waits on each product in turn and here the independent products of a step run as one
//! eight-lane Montgomery product ([`Mont52::mul`]).
//!
//! - [`double_n`]: runs of Jacobian doublings on `y² = x³ + b` over Fp2 (the cofactor clearing
//!   and subgroup test of G2, `[|x|]P`, and the windows of its constant-time multiplication),
//!   behind [`Field::double_n_jacobian_a0`].
//! - [`karabina_square_n`]: runs of Karabina's compressed cyclotomic squarings in Fp12 (the
//!   exponentiations by `x` of the final exponentiation), for `ξ = 1 + u`.
//! - [`double_line_n`]: the Miller loop's doubling steps with their tangent lines, on an
//!   M-twist with `ξ = 1 + u` (BLS12-381's G2), 21 products in two rounds.
//!
//! **Doubling.** `dbl-2009-l` (Explicit-Formulas Database, `a = 0`: `A = X²`, `B = Y²`,
//! `C = B²`, `D = 2((X + B)² − A − C)`, `E = 3A`, `F = E²`, `X₃ = F − 2D`,
//! `Y₃ = E(D − X₃) − 8C`, `Z₃ = 2YZ`) needs 16 Fp products in three rounds whose products are
//! independent: round 1 `A`, `B` (two each, the complex squaring
//! `(a₀ + a₁)(a₀ − a₁) + 2a₀a₁·u`) and `YZ` (three, Karatsuba), round 2 `C`, `(X + B)²` and `F`
//! (two each), round 3 `E(D − X₃)` (three). The state is one vector
//! `[X₀, X₁, Y₀, Y₁, Z₀, Z₁, 0, 0]`, below `34p` between doublings.
//!
//! **Compressed squaring.** Karabina (eprint 2010/542 §3.2) keeps `g2, g3, g4, g5` of a
//! cyclotomic element, the state `[g2₀, g2₁, g3₀, g3₁, g4₀, g4₁, g5₀, g5₁]`. With the Fp4
//! squares `(g2 + g3·s)² = (g2² + ξg3²) + 2g2g3·s` and the same for `(g4, g5)`, one squaring is
//! `g2' = 3ξ·2g4g5 + 2g2`, `g3' = 3(g4² + ξg5²) − 2g3`, `g4' = 3(g2² + ξg3²) − 2g4`,
//! `g5' = 3·2g2g3 + 2g5` (`Fp12::cyclotomic_square`'s formulas of those four coefficients):
//! two rounds, the four complex squares (eight products) and the two Karatsuba products
//! (six), both from the state alone.
//!
//! **Bounds.** Values are kept in the backend's Montgomery form (`x·2^416`) and are not reduced
//! between the rounds: every subtraction adds a multiple of `p` at least as large as what it
//! takes away, and the bounds stated at each step (in multiples of `p`) keep every product
//! within [`Mont52::mul`]'s `a·b < 2^416·p`, which for `p < 2^381` holds for operands below
//! `2^17·p`. Limbs are normalized only for the products. The compressed squaring's state grows
//! about fourfold per step (its `±2g` terms feed back); a product by one every four steps
//! brings it back below `2p`.
//!
//! **Constant time.** Straight-line vector code, lane permutations by constant indices, no
//! branch or memory access that depends on the values. Only the run length `n` (public)
//! decides how often the loops turn.

use core::arch::x86_64::*;

use crate::field::fp2::{Fp2, TowerParams};
#[cfg(doc)]
use crate::field::Field;
use crate::field::{FieldParams, Fp};
use crate::limbs::x86_64_ifma::{self as ifma, Lanes, Mont52, Mont52Rows, Row};

/// One vector of eight field elements (the backend's limbs for six-word moduli).
pub(super) type V = Lanes<8>;

/// Whether the lanes run for this field and this CPU: a six-word modulus below `2^381` (the
/// bounds of the module documentation), AVX-512F and AVX-512 IFMA, and the field's own
/// Montgomery words (not the `fiat` backend).
pub(super) fn supported<T: TowerParams<N>, const N: usize>() -> bool {
    let m = &<T::Fp as FieldParams<N>>::MODULUS;
    N == 6
        && m[N - 1] >> 61 == 0
        && <Fp<T::Fp, N> as crate::field::Field>::mont_modulus().is_some()
        && ifma::available()
}

/// The Montgomery words of up to eight coefficients (the rest zero).
pub(super) fn words_of<'a, T: TowerParams<N>, const N: usize>(
    coefficients: impl Iterator<Item = &'a Fp<T::Fp, N>>,
) -> [[u64; 6]; 8] {
    let mut words = [[0u64; 6]; 8];
    for (w, c) in words.iter_mut().zip(coefficients) {
        w.copy_from_slice(c.mont_limbs());
    }
    words
}

/// The coefficients back from the words [`lanes_out`] gives.
pub(super) fn set_from_words<'a, T: TowerParams<N>, const N: usize>(
    coefficients: impl Iterator<Item = &'a mut Fp<T::Fp, N>>,
    words: &[[u64; 8]; 8],
) {
    for (c, w) in coefficients.zip(words) {
        let mut limbs = [0u64; N];
        limbs.copy_from_slice(&w[..N]);
        *c = Fp::from_mont_limbs(limbs);
    }
}

/// Doubles the Jacobian point `p = [X, Y, Z]` of a curve with `a = 0` over `Fp2` `n` times in
/// place on the vector lanes, and says whether it did (`false`: not supported here, `p`
/// untouched). The result is `[2^n]` of the point, as the triple `dbl-2009-l` gives (the
/// scalar doubling's formula gives another triple of the same point). The identity
/// (`Z = 0`) stays the identity: `Z₃ = 2YZ = 0`, and `(1, 1, 0)` doubles to itself.
pub(crate) fn double_n<T: TowerParams<N>, const N: usize>(p: &mut [Fp2<T, N>; 3], n: u32) -> bool {
    if !supported::<T, N>() {
        return false;
    }
    let words = words_of::<T, N>(p.iter().flat_map(|e| [&e.c0, &e.c1]));
    // SAFETY: `supported()` confirmed AVX-512F and AVX-512 IFMA.
    let out = unsafe { run_doublings(&words, n, LaneConsts::of::<T, N>()) };
    set_from_words::<T, N>(p.iter_mut().flat_map(|e| [&mut e.c0, &mut e.c1]), &out);
    true
}

/// Whether [`karabina_square_n`] runs here: a tower with `ξ = 1 + u` the lanes support, on a
/// CPU with AVX-512 IFMA.
pub(crate) fn karabina_available<T: TowerParams<N>, const N: usize>() -> bool {
    T::XI == [1, 1] && supported::<T, N>()
}

/// `n` compressed cyclotomic squarings of `g = [g2, g3, g4, g5]` (Karabina's form,
/// `Fp12::cyclotomic_powers_of_two`) in place on the vector lanes, for a tower with
/// `ξ = 1 + u`; says whether it did (`false`: not supported here, `g` untouched).
pub(crate) fn karabina_square_n<T: TowerParams<N>, const N: usize>(g: &mut [Fp2<T, N>; 4], n: u32) -> bool {
    if !karabina_available::<T, N>() {
        return false;
    }
    let words = words_of::<T, N>(g.iter().flat_map(|e| [&e.c0, &e.c1]));
    // SAFETY: `supported()` confirmed AVX-512F and AVX-512 IFMA.
    let out = unsafe { run_squarings(&words, n, LaneConsts::of::<T, N>()) };
    set_from_words::<T, N>(g.iter_mut().flat_map(|e| [&mut e.c0, &mut e.c1]), &out);
    true
}

/// The Miller loop's doubling steps on an M-twist `y² = x³ + b'` with `3b' = k·ξ`, `ξ = 1 + u`
/// (BLS12-381: `k = 12`), on the vector lanes: `lines.len()` times `T ← 2T` for the homogeneous
/// `t = [X, Y, Z]`, with the tangent line of each step in `lines` as `[H, J, I]` (the Miller
/// loop's scaling of lines): exactly the values of the scalar step (`pairing::miller_loop`,
/// eprint 2010/526 eq. (11)). Says whether it ran (`false`: not supported here or `k` outside
/// `1..=12`, nothing touched).
pub(crate) fn double_line_n<T: TowerParams<N>, const N: usize>(
    t: &mut [Fp2<T, N>; 3],
    k: u64,
    lines: &mut [[Fp2<T, N>; 3]],
) -> bool {
    if !(1..=12).contains(&k) || T::XI != [1, 1] || !supported::<T, N>() {
        return false;
    }
    let words = words_of::<T, N>(t.iter().flat_map(|e| [&e.c0, &e.c1]));
    let n = lines.len();
    let set_line = |i: usize, w: &[[u64; 8]; 8]| {
        set_from_words::<T, N>(lines[i].iter_mut().flat_map(|e| [&mut e.c0, &mut e.c1]), w);
    };
    // SAFETY: `supported()` confirmed AVX-512F and AVX-512 IFMA.
    let out = unsafe { run_line_doublings(&words, n, k, LaneConsts::of::<T, N>(), set_line) };
    set_from_words::<T, N>(t.iter_mut().flat_map(|e| [&mut e.c0, &mut e.c1]), &out);
    true
}

/// The lanes of eight coefficients' Montgomery words, in the backend's form.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub(super) fn lanes_in(m: &Mont52<8>, w: &[[u64; 6]; 8]) -> V {
    let lanes = ifma::lanes_from_words::<8>([&w[0], &w[1], &w[2], &w[3], &w[4], &w[5], &w[6], &w[7]]);
    m.vector_from_word(&lanes)
}

/// The Montgomery words of the lanes of `v` (any bound of the module documentation).
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub(super) fn lanes_out(m: &Mont52<8>, v: V) -> [[u64; 8]; 8] {
    ifma::words_from_lanes(&m.word_from_vector(&normalized(v)), 6)
}

/// [`double_n`] on the lanes.
#[target_feature(enable = "avx512f,avx512ifma")]
fn run_doublings(words: &[[u64; 6]; 8], n: u32, c: &LaneConsts) -> [[u64; 8]; 8] {
    let m = Mont52::<8>::from_rows(&c.mont);
    let mut v = lanes_in(&m, words);
    let k = Multiples::new(c);
    for _ in 0..n {
        v = double(&m, &k, &v);
    }
    lanes_out(&m, v)
}

/// [`karabina_square_n`] on the lanes: blocks of four squarings, each block followed by a
/// product by one (`R'`), which takes the state back below `2p`. Step `i` of a block subtracts
/// with `2^SQUARE_K[i]·p` and `2^STEP_K[i]·p` ([`karabina_step`]).
#[target_feature(enable = "avx512f,avx512ifma")]
fn run_squarings(words: &[[u64; 6]; 8], n: u32, c: &LaneConsts) -> [[u64; 8]; 8] {
    let m = Mont52::<8>::from_rows(&c.mont);
    let mut v = lanes_in(&m, words);
    let square_k = SQUARE_K.map(|j| multiple(c, j));
    let step_k = STEP_K.map(|j| multiple(c, j));
    let one = m.one();
    for i in 0..n as usize {
        let s = i % 4;
        v = karabina_step(&m, &square_k[s], &step_k[s], &v);
        if s == 3 {
            v = m.mul(&normalized(v), &one);
        }
    }
    lanes_out(&m, v)
}

/// [`double_line_n`] on the lanes: `n` steps, each line handed to `line` (step index, words).
#[target_feature(enable = "avx512f,avx512ifma")]
fn run_line_doublings(
    words: &[[u64; 6]; 8],
    n: usize,
    k: u64,
    c: &LaneConsts,
    mut line: impl FnMut(usize, &[[u64; 8]; 8]),
) -> [[u64; 8]; 8] {
    let m = Mont52::<8>::from_rows(&c.mont);
    let mut v = lanes_in(&m, words);
    let multiples = Multiples::new(c);
    for i in 0..n {
        let (next, l) = double_line(&m, &multiples, k, &v);
        line(i, &lanes_out(&m, l));
        v = next;
    }
    lanes_out(&m, v)
}

/// `log2` of the multiples of `p` that step `i` of a block of compressed squarings adds: the
/// state enters step `i` below `B_i·p` with `B = 2, 60, 400, 1848` (and leaves step 3 below
/// `7816p`); the squares' operand `c₀ − c₁` takes `2^SQUARE_K[i]·p ≥ B_i·p`, the new state
/// `2^STEP_K[i]·p ≥ (24 + 2B_i)·p`, and `B_(i+1) = 24 + 2B_i + 2^STEP_K[i]`.
const SQUARE_K: [u32; 4] = [1, 6, 9, 11];
/// See [`SQUARE_K`].
const STEP_K: [u32; 4] = [5, 8, 10, 12];

/// The multiples `2^j·p` that the subtractions add (and `p` itself, for halving), in every
/// lane: those of the doublings here and of the Fp12 products (`field::fp12_lanes`).
pub(super) struct Multiples {
    pub(super) p: V,
    pub(super) p2: V,
    pub(super) p4: V,
    pub(super) p8: V,
    pub(super) p16: V,
    pub(super) p32: V,
    pub(super) p64: V,
    pub(super) p128: V,
    pub(super) p256: V,
    pub(super) p512: V,
}

impl Multiples {
    /// From the constants' rows.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(super) fn new(c: &LaneConsts) -> Self {
        Multiples {
            p: multiple(c, 0),
            p2: multiple(c, 1),
            p4: multiple(c, 2),
            p8: multiple(c, 3),
            p16: multiple(c, 4),
            p32: multiple(c, 5),
            p64: multiple(c, 6),
            p128: multiple(c, 7),
            p256: multiple(c, 8),
            p512: multiple(c, 9),
        }
    }
}

/// The constants of the lanes for one modulus `p`, computed at compile time: the backend's
/// ([`Mont52Rows`]) and the multiples `2^j·p`, `j ≤ 12`, that the subtractions add.
pub(super) struct LaneConsts {
    pub(super) mont: Mont52Rows,
    multiples: [Row; 13],
    /// `2^(416 + 32k) mod p` for `k = 1..=17` (index `k − 1`): the factor a product takes a
    /// value scaled by `2^(−32k)` back to the word-Montgomery form (`field::fp12_lanes`).
    pub(super) unscale: [Row; 17],
}

impl LaneConsts {
    /// The constants for the six-word `p`.
    const fn new(p: &[u64; 6]) -> Self {
        let mut multiples = [Row([0; 8]); 13];
        let mut j = 0;
        while j < 13 {
            // 2^j·p in eight words (p < 2^381, so it fits), then in radix 2^52.
            let mut w = [0u64; 8];
            let mut i = 0;
            while i < 6 {
                w[i] |= p[i] << j;
                if j > 0 {
                    w[i + 1] |= p[i] >> (64 - j);
                }
                i += 1;
            }
            multiples[j as usize] = ifma::to_radix52(&w);
            j += 1;
        }
        let mut unscale = [Row([0; 8]); 17];
        let mut k = 0;
        while k < 17 {
            unscale[k] = ifma::to_radix52(&ifma::pow2_mod(416 + 32 * (k + 1), p));
            k += 1;
        }
        LaneConsts { mont: Mont52Rows::new(p, 8), multiples, unscale }
    }

    /// The constants of the field under the tower `T` (for a modulus of fewer than six words,
    /// which [`supported`] turns away, those of the same value padded with zeros).
    pub(super) fn of<T: TowerParams<N>, const N: usize>() -> &'static Self {
        const {
            let m = &<T::Fp as FieldParams<N>>::MODULUS;
            let mut w = [0u64; 6];
            let mut i = 0;
            while i < N && i < 6 {
                w[i] = m[i];
                i += 1;
            }
            &LaneConsts::new(&w)
        }
    }
}

/// `2^j·p` in every lane.
#[inline]
#[target_feature(enable = "avx512f")]
pub(super) fn multiple(c: &LaneConsts, j: u32) -> V {
    let row = &c.multiples[j as usize];
    core::array::from_fn(|i| _mm512_set1_epi64(row.0[i] as i64))
}

/// The lane indices `idx` (lane `i` of the result takes lane `idx[i]`).
#[inline]
#[target_feature(enable = "avx512f")]
pub(super) fn lanes(idx: [i64; 8]) -> __m512i {
    _mm512_set_epi64(idx[7], idx[6], idx[5], idx[4], idx[3], idx[2], idx[1], idx[0])
}

/// Lane `i` of the result is lane `idx[i]` of `v` where bit `i` of `mask` is set, zero elsewhere.
#[inline]
#[target_feature(enable = "avx512f")]
pub(super) fn pick(v: &V, mask: u8, idx: [i64; 8]) -> V {
    let idx = lanes(idx);
    core::array::from_fn(|j| _mm512_maskz_permutexvar_epi64(mask, idx, v[j]))
}

/// Lane `i` from `b` where bit `i` of `mask` is set, from `a` elsewhere.
#[inline]
#[target_feature(enable = "avx512f")]
pub(super) fn blend(mask: u8, a: &V, b: &V) -> V {
    core::array::from_fn(|j| _mm512_mask_blend_epi64(mask, a[j], b[j]))
}

/// `a + b`, limb by limb (not normalized: the limbs of a few such sums stay far inside 64 bits).
#[inline]
#[target_feature(enable = "avx512f")]
pub(super) fn add(a: &V, b: &V) -> V {
    core::array::from_fn(|j| _mm512_add_epi64(a[j], b[j]))
}

/// `a + kp − b` (`kp` a multiple of `p` at least `b`), limb by limb (limbs may be negative).
#[inline]
#[target_feature(enable = "avx512f")]
pub(super) fn sub(a: &V, b: &V, kp: &V) -> V {
    core::array::from_fn(|j| _mm512_sub_epi64(_mm512_add_epi64(a[j], kp[j]), b[j]))
}

/// `8a`, limb by limb.
#[inline]
#[target_feature(enable = "avx512f")]
fn times8(a: &V) -> V {
    core::array::from_fn(|j| _mm512_slli_epi64::<3>(a[j]))
}

/// The product of [`Mont52::mul`] (normalized, below `2p`) of two values given limb by limb
/// (normalized here, as the product requires).
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub(super) fn mul(m: &Mont52<8>, a: &V, b: &V) -> V {
    m.mul(&normalized(*a), &normalized(*b))
}

/// `v` with normalized limbs.
#[inline]
#[target_feature(enable = "avx512f")]
pub(super) fn normalized(mut v: V) -> V {
    ifma::normalize(&mut v);
    v
}

/// `3a`, limb by limb.
#[inline]
#[target_feature(enable = "avx512f")]
fn times3(a: &V) -> V {
    add(&add(a, a), a)
}

/// The complex squares of four Fp2 elements in the lane pairs `(2j, 2j + 1)` of `g` (below
/// `B·p`, with `kp ≥ B·p`): `[(c₀ + c₁)(c₀ + kp − c₁), 2c₀·c₁]` in each pair, from operands
/// below `2B·p` and `B·p + kp`.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn complex_squares(m: &Mont52<8>, g: &V, kp: &V) -> V {
    let l = add(&pick(g, 0xff, [0, 0, 2, 2, 4, 4, 6, 6]), &pick(g, 0xff, [1, 0, 3, 2, 5, 4, 7, 6]));
    let odd = pick(g, 0xff, [1, 1, 3, 3, 5, 5, 7, 7]);
    mul(m, &l, &blend(0x55, &odd, &sub(g, &odd, kp)))
}

/// Unused lane index (its lane is masked off).
pub(super) const X: i64 = 0;

/// One `dbl-2009-l` doubling of the state `[X₀, X₁, Y₀, Y₁, Z₀, Z₁, 0, 0]` (below `34p`), with
/// the bounds of each value in multiples of `p`.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn double(m: &Mont52<8>, k: &Multiples, v: &V) -> V {
    // Round 1: [A₀, A₁, B₀, B₁, Y₀Z₀, Y₁Z₁, (Y₀ + Y₁)(Z₀ + Z₁), 0], from the operands
    // [X₀ + X₁, 2X₀, Y₀ + Y₁, 2Y₀, Y₀, Y₁, Y₀ + Y₁, 0] (< 68) and
    // [X₀ − X₁, X₁, Y₀ − Y₁, Y₁, Z₀, Z₁, Z₀ + Z₁, 0] (< 98).
    let l = add(&pick(v, 0x7f, [0, 0, 2, 2, 2, 3, 2, X]), &pick(v, 0x4f, [1, 0, 3, 2, X, X, 3, X]));
    let (b1, b2) = (pick(v, 0x7f, [0, 1, 2, 3, 4, 5, 4, X]), pick(v, 0x45, [1, X, 3, X, X, X, 5, X]));
    let r = blend(0x05, &add(&b1, &b2), &sub(&b1, &b2, &k.p64));
    let m1 = mul(m, &l, &r);
    // Z₃ = 2YZ in lanes 4, 5: 2·(t₀ − t₁, t₂ − t₀ − t₁) (< 12).
    let nz = add(&pick(&m1, 0x30, [X, X, X, X, 5, 4, X, X]), &pick(&m1, 0x20, [X, X, X, X, X, 5, X, X]));
    let yz = sub(&pick(&m1, 0x30, [X, X, X, X, 4, 6, X, X]), &nz, &k.p4);
    let z3 = add(&yz, &yz);
    // Round 2: [C₀, C₁, Q₀, Q₁, F₀, F₁, 0, 0] with Q = (X + B)², F = E², E = 3A: the complex
    // squarings of G = [B₀, B₁, W₀, W₁, E₀, E₁, 0, 0] (W = X + B < 36, E < 6; lanes 6, 7
    // give 0·64p = 0).
    let m1x3 = times3(&m1);
    let g = add(
        &add(&pick(&m1, 0x0f, [2, 3, 2, 3, X, X, X, X]), &pick(v, 0x0c, [X, X, 0, 1, X, X, X, X])),
        &pick(&m1x3, 0x30, [X, X, X, X, 0, 1, X, X]),
    );
    let m2 = complex_squares(m, &g, &k.p64);
    // X₃ = F − 2D with D = 2(Q − A − C), in lanes 0, 1: A + C < 4, Q − A − C < 6, D < 12,
    // X₃ < 34; H = D − X₃ < 76.
    let ac = add(&pick(&m1, 0x03, [0, 1, X, X, X, X, X, X]), &pick(&m2, 0x03, [0, 1, X, X, X, X, X, X]));
    let t = sub(&pick(&m2, 0x03, [2, 3, X, X, X, X, X, X]), &ac, &k.p4);
    let d = add(&t, &t);
    let x3 = sub(&pick(&m2, 0x03, [4, 5, X, X, X, X, X, X]), &add(&d, &d), &k.p32);
    let h = sub(&d, &x3, &k.p64);
    // Round 3: [K₀, K₁, K₂] = [E₀H₀, E₁H₁, (E₀ + E₁)(H₀ + H₁)] (operands < 12 and < 152).
    let l = add(&pick(&g, 0x07, [4, 5, 4, X, X, X, X, X]), &pick(&g, 0x04, [X, X, 5, X, X, X, X, X]));
    let r = add(&pick(&h, 0x07, [0, 1, 0, X, X, X, X, X]), &pick(&h, 0x04, [X, X, 1, X, X, X, X, X]));
    let m3 = mul(m, &l, &r);
    // Y₃ = E(D − X₃) − 8C = (K₀ − K₁ − 8C₀, K₂ − K₀ − K₁ − 8C₁) in lanes 2, 3 (subtrahend < 20,
    // Y₃ < 34).
    let c8 = times8(&pick(&m2, 0x0c, [X, X, 0, 1, X, X, X, X]));
    let ny = add(&add(&pick(&m3, 0x0c, [X, X, 1, 0, X, X, X, X]), &pick(&m3, 0x08, [X, X, X, 1, X, X, X, X])), &c8);
    let y3 = sub(&pick(&m3, 0x0c, [X, X, 0, 2, X, X, X, X]), &ny, &k.p32);
    // [X₃, X₃, Y₃, Y₃, Z₃, Z₃, 0, 0] by lanes.
    let xy = blend(0x0c, &x3, &y3);
    let xyz = blend(0x30, &xy, &z3);
    core::array::from_fn(|j| _mm512_maskz_mov_epi64(0x3f, xyz[j]))
}

/// One compressed squaring of the state `[g2, g3, g4, g5]` (lane pairs; below `B·p`, with
/// `ka ≥ B·p` and `k ≥ (24 + 2B)·p`); the result is below `(24 + 2B)·p + k`.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn karabina_step(m: &Mont52<8>, ka: &V, k: &V, v: &V) -> V {
    // [g2², g3², g4², g5²] (s₀, …, s₇), and [K₀, K₁, K₂, M₀, M₁, M₂, 0, 0], the Karatsuba
    // products of g2·g3 = (K₀ − K₁, K₂ − K₀ − K₁) and of g4·g5 (the same with M).
    let sq = complex_squares(m, v, ka);
    let l = add(&pick(v, 0x3f, [0, 1, 0, 4, 5, 4, X, X]), &pick(v, 0x24, [X, X, 1, X, X, 5, X, X]));
    let r = add(&pick(v, 0x3f, [2, 3, 2, 6, 7, 6, X, X]), &pick(v, 0x24, [X, X, 3, X, X, 7, X, X]));
    let kar = mul(m, &l, &r);
    // With ξ(a + bu) = (a − b) + (a + b)u, the new state is 3(P − N) ± 2·state:
    //   g2' = 3·(4M₀ − 2M₂, 2M₂ − 4M₁) + 2g2           (3ξ·2g4g5 + 2g2)
    //   g3' = 3·(s₄ + s₆ − s₇, s₅ + s₆ + s₇) − 2g3     (3(g4² + ξg5²) − 2g3)
    //   g4' = 3·(s₀ + s₂ − s₃, s₁ + s₂ + s₃) − 2g4     (3(g2² + ξg3²) − 2g4)
    //   g5' = 3·(2K₀ − 2K₁, 2K₂ − 2K₀ − 2K₁) + 2g5     (3·2g2g3 + 2g5)
    // P and N are below 8 in every lane, so each side is below 24 + 2B.
    let mk = add(&pick(&kar, 0xc3, [3, 5, X, X, X, X, 0, 2]), &pick(&kar, 0x01, [3, X, X, X, X, X, X, X]));
    let s = add(
        &add(&pick(&sq, 0x3c, [X, X, 4, 5, 0, 1, X, X]), &pick(&sq, 0x3c, [X, X, 6, 6, 2, 2, X, X])),
        &pick(&sq, 0x28, [X, X, X, 7, X, 3, X, X]),
    );
    let p = add(&add(&mk, &mk), &s);
    let nk = add(&pick(&kar, 0xc3, [5, 4, X, X, X, X, 1, 0]), &pick(&kar, 0x82, [X, 4, X, X, X, X, X, 1]));
    let n = add(&add(&nk, &nk), &pick(&sq, 0x14, [X, X, 7, X, 3, X, X, X]));
    let twice = add(v, v);
    let pos = add(&times3(&p), &pick(&twice, 0xc3, [0, 1, X, X, X, X, 6, 7]));
    let neg = add(&times3(&n), &pick(&twice, 0x3c, [X, X, 2, 3, 4, 5, X, X]));
    sub(&pos, &neg, k)
}

/// `v/2 mod p` lane by lane for `v ≥ 0` below `B·p`: `(v + p)/2` where `v` is odd, `v/2` where
/// it is even (a masked addition, no branch); the result is below `(B + 1)/2·p`.
#[inline]
#[target_feature(enable = "avx512f")]
fn halve(v: &V, p: &V) -> V {
    let v = normalized(*v);
    let odd = _mm512_test_epi64_mask(v[0], _mm512_set1_epi64(1));
    let s = normalized(core::array::from_fn(|j| _mm512_mask_add_epi64(v[j], odd, v[j], p[j])));
    let one = _mm512_set1_epi64(1);
    core::array::from_fn(|j| {
        let down = _mm512_srli_epi64::<1>(s[j]);
        if j + 1 < 8 {
            _mm512_or_si512(down, _mm512_slli_epi64::<51>(_mm512_and_si512(s[j + 1], one)))
        } else {
            down
        }
    })
}

/// `k·v` for a small public `k ≥ 1`, limb by limb (double-and-add over the bits of `k`).
#[inline]
#[target_feature(enable = "avx512f")]
fn times(v: &V, k: u64) -> V {
    let mut r = *v;
    for bit in (0..63 - k.leading_zeros()).rev() {
        r = add(&r, &r);
        if (k >> bit) & 1 == 1 {
            r = add(&r, v);
        }
    }
    r
}

/// One doubling step of the Miller loop with its line, on the state `[X₀, X₁, Y₀, Y₁, Z₀, Z₁,
/// 0, 0]` (below `10p`) of an M-twist with `3b' = k·ξ`, `1 ≤ k ≤ 12`; returns the new state
/// (below `10p`) and the line `[H, J, I]` in the lane pairs 0–2. The scalar step: `A = XY/2`,
/// `B = Y²`, `C = Z²`, `E = 3b'C`, `F = 3E`, `G = (B + F)/2`, `H = (Y + Z)² − B − C`,
/// `I = E − B`, `J = X²`; `X₃ = A(B − F)`, `Y₃ = G² − 3E²`, `Z₃ = BH`. Round 1: `XY`
/// (Karatsuba), `B`, `C`, `J` (complex squares) and `(Y + Z)²`, eleven products in two lane
/// products; round 2: `A(B − F)` and `BH` (Karatsuba), `G²` and `E²`, ten in two. The bound of
/// each value, in multiples of `p`, is noted where it is made.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub(super) fn double_line(m: &Mont52<8>, c: &Multiples, k: u64, v: &V) -> (V, V) {
    // Round 1: [X₀Y₀, X₁Y₁, (X₀ + X₁)(Y₀ + Y₁), B₀, B₁, C₀, C₁, J₀] from operands below 20 and
    // 36; [J₁, S₀, S₁] with S = W², W = Y + Z (below 20), from operands below 40 and 52.
    let l = add(&pick(v, 0xff, [0, 1, 0, 2, 2, 4, 4, 0]), &pick(v, 0xfc, [X, X, 1, 3, 2, 5, 4, 1]));
    let r = sub(
        &add(&pick(v, 0xff, [2, 3, 2, 2, 3, 4, 5, 0]), &pick(v, 0x04, [X, X, 3, X, X, X, X, X])),
        &pick(v, 0xa8, [X, X, X, 3, X, 5, X, 1]),
        &c.p32,
    );
    let w = add(v, &pick(v, 0x0c, [X, X, 4, 5, X, X, X, X]));
    let lb = add(&pick(&w, 0x07, [0, 2, 2, X, X, X, X, X]), &pick(&w, 0x07, [0, 3, 2, X, X, X, X, X]));
    let rb = sub(&pick(&w, 0x07, [1, 2, 3, X, X, X, X, X]), &pick(&w, 0x02, [X, 3, X, X, X, X, X, X]), &c.p32);
    let (m1, m1b) = (mul(m, &l, &r), mul(m, &lb, &rb));
    // Lane pairs 0–1 from here: ξC = (C₀ − C₁, C₀ + C₁) < 6, E < 72, F < 216, XY < 6, B < 2,
    // B + F < 218, B − F < 258, H < 6, I < 76, J < 2; A < 4 and G < 112 by halving
    // [XY, B + F] together.
    let (c0, c1) = (pick(&m1, 0x03, [5, 5, X, X, X, X, X, X]), pick(&m1, 0x03, [6, 6, X, X, X, X, X, X]));
    let e = times(&blend(0x02, &sub(&c0, &c1, &c.p4), &add(&c0, &c1)), k);
    let f = times3(&e);
    let xy = sub(
        &pick(&m1, 0x03, [0, 2, X, X, X, X, X, X]),
        &add(&pick(&m1, 0x03, [1, 0, X, X, X, X, X, X]), &pick(&m1, 0x02, [X, 1, X, X, X, X, X, X])),
        &c.p4,
    );
    let b = pick(&m1, 0x03, [3, 4, X, X, X, X, X, X]);
    let ag = halve(&blend(0x0c, &xy, &pick(&add(&b, &f), 0x0c, [X, X, 0, 1, X, X, X, X])), &c.p);
    let d = sub(&b, &f, &c.p256);
    let s = pick(&m1b, 0x03, [1, 2, X, X, X, X, X, X]);
    let h = sub(&s, &add(&b, &pick(&m1, 0x03, [5, 6, X, X, X, X, X, X])), &c.p4);
    let i = sub(&e, &b, &c.p4);
    let j = add(&pick(&m1, 0x01, [7, X, X, X, X, X, X, X]), &pick(&m1b, 0x02, [X, 0, X, X, X, X, X, X]));
    // Round 2: from S = [A₀, A₁, G₀, G₁, E₀, E₁, B₀, B₁] and D = [D₀, D₁, H₀, H₁] (D = B − F):
    // [A₀D₀, A₁D₁, (A₀ + A₁)(D₀ + D₁), (G₀ + G₁)(G₀ − G₁), 2G₀G₁, (E₀ + E₁)(E₀ − E₁), 2E₀E₁,
    // B₀H₀] (operands below 224 and 772) and [B₁H₁, (B₀ + B₁)(H₀ + H₁)].
    let sv = add(
        &add(&pick(&ag, 0x0f, [0, 1, 2, 3, X, X, X, X]), &pick(&e, 0x30, [X, X, X, X, 0, 1, X, X])),
        &pick(&b, 0xc0, [X, X, X, X, X, X, 0, 1]),
    );
    let dv = add(&pick(&d, 0x03, [0, 1, X, X, X, X, X, X]), &pick(&h, 0x0c, [X, X, 0, 1, X, X, X, X]));
    let l = add(&pick(&sv, 0xff, [0, 1, 0, 2, 2, 4, 4, 6]), &pick(&sv, 0x7c, [X, X, 1, 3, 2, 5, 4, X]));
    let r = sub(
        &add(
            &add(&pick(&dv, 0x87, [0, 1, 0, X, X, X, X, 2]), &pick(&dv, 0x04, [X, X, 1, X, X, X, X, X])),
            &pick(&sv, 0x78, [X, X, X, 2, 3, 4, 5, X]),
        ),
        &pick(&sv, 0x28, [X, X, X, 3, X, 5, X, X]),
        &c.p256,
    );
    let lb = add(&pick(&sv, 0x03, [7, 6, X, X, X, X, X, X]), &pick(&sv, 0x02, [X, 7, X, X, X, X, X, X]));
    let rb = add(&pick(&dv, 0x03, [3, 2, X, X, X, X, X, X]), &pick(&dv, 0x02, [X, 3, X, X, X, X, X, X]));
    let (m2, m2b) = (mul(m, &l, &r), mul(m, &lb, &rb));
    // X₃ = (K₀ − K₁, K₂ − K₀ − K₁) < 6 in pair 0, Y₃ = G² − 3E² < 10 in pair 1, Z₃ =
    // (N₀ − N₁, N₂ − N₀ − N₁) < 6 in pair 2.
    let x3 = sub(
        &pick(&m2, 0x03, [0, 2, X, X, X, X, X, X]),
        &add(&pick(&m2, 0x03, [1, 0, X, X, X, X, X, X]), &pick(&m2, 0x02, [X, 1, X, X, X, X, X, X])),
        &c.p4,
    );
    let y3 =
        sub(&pick(&m2, 0x0c, [X, X, 3, 4, X, X, X, X]), &times3(&pick(&m2, 0x0c, [X, X, 5, 6, X, X, X, X])), &c.p8);
    let z3 = sub(
        &add(&pick(&m2, 0x10, [X, X, X, X, 7, X, X, X]), &pick(&m2b, 0x20, [X, X, X, X, X, 1, X, X])),
        &add(
            &pick(&m2b, 0x10, [X, X, X, X, 0, X, X, X]),
            &add(&pick(&m2, 0x20, [X, X, X, X, X, 7, X, X]), &pick(&m2b, 0x20, [X, X, X, X, X, 0, X, X])),
        ),
        &c.p4,
    );
    let state = blend(0x30, &blend(0x0c, &x3, &y3), &z3);
    let state = core::array::from_fn(|j| _mm512_maskz_mov_epi64(0x3f, state[j]));
    // The line [H, J, I] (below 6, 2 and 76; the Miller loop's scaling of lines).
    let line = add(
        &add(&pick(&h, 0x03, [0, 1, X, X, X, X, X, X]), &pick(&j, 0x0c, [X, X, 0, 1, X, X, X, X])),
        &pick(&i, 0x30, [X, X, X, X, 0, 1, X, X]),
    );
    (state, line)
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha20Rng;

    use super::*;
    use crate::curves::bls12_381::Fp2;

    /// `dbl-2009-l` in the scalar field arithmetic.
    fn dbl_2009_l(p: &[Fp2; 3]) -> [Fp2; 3] {
        let [x, y, z] = p;
        let a = x.square();
        let b = y.square();
        let c = b.square();
        let d = ((*x + b).square() - a - c).double();
        let e = a.double() + a;
        let f = e.square();
        let x3 = f - d.double();
        let y3 = e * (d - x3) - c.double().double().double();
        [x3, y3, (*y * z).double()]
    }

    /// `n` doublings on the lanes give exactly the triples of `n` scalar `dbl-2009-l` steps (the
    /// formula is a polynomial map, so any triple of field elements is a test input), for
    /// random triples, zero coordinates and the extremes `p − 1`, and run lengths up to 40.
    #[test]
    fn lane_doublings_agree() {
        let mut rng = ChaCha20Rng::seed_from_u64(16);
        let m1 = -Fp2::ONE;
        let mut inputs = vec![[Fp2::ONE, Fp2::ONE, Fp2::ZERO], [m1, m1, m1], [Fp2::ZERO; 3]];
        inputs.extend((0..10).map(|_| [Fp2::random(&mut rng), Fp2::random(&mut rng), Fp2::random(&mut rng)]));
        for (i, start) in inputs.iter().enumerate() {
            for n in [1, 2, 5, 17, 40] {
                let want = (0..n).fold(*start, |q, _| dbl_2009_l(&q));
                let mut got = *start;
                if !double_n(&mut got, n) {
                    assert!(!ifma::available());
                    return;
                }
                assert_eq!(got, want, "input {i}, {n} doublings");
            }
        }
    }
}
