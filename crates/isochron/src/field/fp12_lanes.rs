//! Fp12 products of the pairing tower on the eight lanes of AVX-512 IFMA (the backend of
//! `field::fp2_lanes`), for the tower `Fp2 = Fp[u]/(u² + 1)`, `ξ = 1 + u`, over a six-word
//! prime below `2^381` (BLS12-381): the 36 Fp products of a squaring, the 39 of a product by a
//! line and the 54 of a product, which the scalar code runs one after another, as five, five
//! and seven eight-lane products.
//!
//! - [`square`]: `f²` by the complex method (`Fp12::square`).
//! - [`mul_fp12`]: `f·g`, Karatsuba over Fp6 (`Fp12::mul`).
//! - [`mul_by_lines`]: `f` times M-twist lines `d0 + d1·v + d4·v·w` (`Fp12::mul_by_014`), then
//!   squared if asked: a Miller loop's lines of one step and the next step's squaring, with no
//!   conversion in between.
//! - [`Fp12OnLanes`]: a Miller loop's accumulator kept on the lanes from step to step.
//!
//! **Layout.** An Fp12 element is two vectors, its six Fp2 coefficients' real parts and their
//! imaginary parts (`[a0, a1, a2, b0, b1, b2, ·, ·]` for `f = a + b·w`), so that Fp2 sums and
//! permutations act on both alike and the product by `ξ`, `(re − im, re + im)`, is lane by lane.
//! Each Fp6 product is Karatsuba's six Fp2 products, each Fp2 product Karatsuba's three Fp
//! products (`re·re`, `im·im`, `(re + im)(re + im)`): eight Fp2 pairs are three eight-lane
//! products ([`products8`]), five pairs two ([`products5`], packed).
//!
//! **Scaling.** Inputs enter in the field's word-Montgomery form `x·2^384` without a
//! conversion product: a lane product divides by `2^416`, so a product of two such values is
//! its result in word form times `2^(−32)`. Every output here is a sum of products of the same
//! degree, so the whole output carries one factor `2^(−32k)` (`k` the depth of products) and
//! one product by `2^(416 + 32k) mod p` per vector takes it back to the word form, canonical.
//! [`Fp12OnLanes`] holds its value in the backend's own form `x·2^416` instead, so its steps
//! need no conversion of the accumulator.
//!
//! **Bounds.** Values are not reduced between the levels: each subtraction adds a multiple of
//! `p` at least its subtrahend's bound, noted (in multiples of `p`) where the value is made;
//! every product's operands stay far below [`Mont52::mul`]'s `a·b < 2^416·p`.
//!
//! **Constant time.** Straight-line vector code with constant lane indices, as in
//! `field::fp2_lanes`.

use core::arch::x86_64::*;
use core::marker::PhantomData;

use super::fp12::Fp12;
use super::fp2::{Fp2, TowerParams};
use super::fp2_lanes::{
    add, blend, double_line, lanes_in, lanes_out, mul, normalized, pick, set_from_words, sub, supported, words_of,
    LaneConsts, Multiples, V, X,
};
use super::fp6::Fp6;
use super::Fp;
use crate::limbs::x86_64_ifma::{self as ifma, Mont52, Row};

/// Whether the lanes run for this tower and CPU: `ξ = 1 + u` and [`supported`].
pub(crate) fn available<T: TowerParams<N>, const N: usize>() -> bool {
    T::XI == [1, 1] && supported::<T, N>()
}

/// The real parts (`part = 0`) or imaginary parts (`1`) of `f`'s six Fp2 coefficients as the
/// lanes `0..6` of a vector, in the word form (radix `2^52`, no conversion).
#[inline]
#[target_feature(enable = "avx512f")]
fn lanes_of<T: TowerParams<N>, const N: usize>(f: &Fp12<T, N>, part: usize) -> V {
    let zero: &[u64] = &[0; 6];
    let c = coefficients(f).map(|e| -> &[u64] {
        if part == 0 {
            e.c0.mont_limbs()
        } else {
            e.c1.mont_limbs()
        }
    });
    ifma::lanes_from_words::<8>([c[0], c[1], c[2], c[3], c[4], c[5], zero, zero])
}

/// Four Fp values as the lanes `0..4` of a vector, in the word form.
#[inline]
#[target_feature(enable = "avx512f")]
fn lanes_in_words<F: crate::field::FieldParams<N>, const N: usize>(x: [&Fp<F, N>; 4]) -> V {
    let zero: &[u64] = &[0; 6];
    let w = x.map(|e| -> &[u64] { e.mont_limbs() });
    ifma::lanes_from_words::<8>([w[0], w[1], w[2], w[3], zero, zero, zero, zero])
}

/// The line `[d0, d1, d4]` as one vector in the word form, its real parts in lanes `0..3` and
/// its imaginary parts in `3..6`, and the imaginary parts moved to lanes `0..3`.
#[inline]
#[target_feature(enable = "avx512f")]
fn line_lanes<T: TowerParams<N>, const N: usize>(d: &[Fp2<T, N>; 3]) -> (V, V) {
    let zero: &[u64] = &[0; 6];
    let w = [&d[0].c0, &d[1].c0, &d[2].c0, &d[0].c1, &d[1].c1, &d[2].c1].map(|e| -> &[u64] { e.mont_limbs() });
    let l = ifma::lanes_from_words::<8>([w[0], w[1], w[2], w[3], w[4], w[5], zero, zero]);
    let im = pick(&l, 0x07, [3, 4, 5, X, X, X, X, X]);
    (l, im)
}

/// The six Fp2 coefficients `[a0, a1, a2, b0, b1, b2]` of `f = a + b·w`.
fn coefficients<T: TowerParams<N>, const N: usize>(f: &Fp12<T, N>) -> [&Fp2<T, N>; 6] {
    [&f.c0.c0, &f.c0.c1, &f.c0.c2, &f.c1.c0, &f.c1.c1, &f.c1.c2]
}

/// `f` from the lanes `0..6` of its real and imaginary parts, scaled by `2^(−32k)` (below
/// `2^9·p`): one product each by the constant that removes the scaling, then canonical.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn set_from_lanes<T: TowerParams<N>, const N: usize>(f: &mut Fp12<T, N>, m: &Mont52<8>, unscale: &Row, re: &V, im: &V) {
    let u: V = core::array::from_fn(|j| _mm512_set1_epi64(unscale.0[j] as i64));
    let [re, im] = [re, im].map(|v| ifma::words_from_lanes(&m.canon(&mul(m, v, &u)), 6));
    set_coefficients(f, &re, &im);
}

/// `f` from the canonical words of its six Fp2 coefficients' real parts (`re[k]`, lane `k`)
/// and imaginary parts.
fn set_coefficients<T: TowerParams<N>, const N: usize>(f: &mut Fp12<T, N>, re: &[[u64; 8]; 8], im: &[[u64; 8]; 8]) {
    let coefficient = |k: usize| {
        let limbs = |w: &[u64; 8]| {
            let mut l = [0u64; N];
            l.copy_from_slice(&w[..N]);
            Fp::from_mont_limbs(l)
        };
        Fp2::new(limbs(&re[k]), limbs(&im[k]))
    };
    *f = Fp12::new(
        Fp6::new(coefficient(0), coefficient(1), coefficient(2)),
        Fp6::new(coefficient(3), coefficient(4), coefficient(5)),
    );
}

/// Lane `i` of the result is lane `idx[i]` of the sixteen lanes `lo ‖ hi` (indices `8..16` from
/// `hi`) where bit `i` of `mask` is set, zero elsewhere.
#[inline]
#[target_feature(enable = "avx512f")]
fn pick2(lo: &V, hi: &V, mask: u8, idx: [i64; 8]) -> V {
    let idx = super::fp2_lanes::lanes(idx);
    core::array::from_fn(|j| _mm512_maskz_permutex2var_epi64(mask, lo[j], idx, hi[j]))
}

/// Up to eight Fp2 values as lanes: their real parts and their imaginary parts.
#[derive(Clone, Copy)]
struct Pairs {
    re: V,
    im: V,
}

/// [`Pairs`] whose lane `j` is the sum of the lanes `t[k][j]` ([`NONE`]: no term) of the
/// source's real part `r` and imaginary part `i`.
macro_rules! pairs {
    ($r:expr, $i:expr, $t:tt $(,)?) => {
        Pairs { re: lane_sums!($r, $t), im: lane_sums!($i, $t) }
    };
}

/// Lane `j` of the result is the sum of the lanes `t[j]` of `c` over the index lists `t`
/// ([`NONE`]: no term), the masks computed at compile time.
macro_rules! lane_sums {
    ($c:expr, [$first:expr $(, $rest:expr)* $(,)?]) => {{
        let c: &V = $c;
        let acc = pick(c, const { lane_mask(&$first) }, $first);
        $(let acc = add(&acc, &pick(c, const { lane_mask(&$rest) }, $rest));)*
        acc
    }};
}

/// Unused lane (masked off): `pairs!`'s and `combine!`'s "no term".
const NONE: i64 = -1;

/// The lanes of `idx` that name a term.
const fn lane_mask(idx: &[i64; 8]) -> u8 {
    let mut mask = 0;
    let mut j = 0;
    while j < 8 {
        if idx[j] != NONE {
            mask |= 1 << j;
        }
        j += 1;
    }
    mask
}

/// Eight Fp2 products `x_j·y_j` (Karatsuba: `re·re`, `im·im`, `(re + im)(re + im)`) in three
/// eight-lane products, the operands below `B·p` with `B ≤ 2^12`: real parts below `4p`,
/// imaginary below `6p`.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn products8(m: &Mont52<8>, k: &Multiples, x: &Pairs, y: &Pairs) -> Pairs {
    let m0 = mul(m, &x.re, &y.re);
    let m1 = mul(m, &x.im, &y.im);
    let m2 = mul(m, &add(&x.re, &x.im), &add(&y.re, &y.im));
    // re = Q0 − Q1, im = Q2 − Q0 − Q1 (products below 2p).
    Pairs { re: sub(&m0, &m1, &k.p2), im: sub(&m2, &add(&m0, &m1), &k.p4) }
}

/// Five Fp2 products (lanes `0..5`) as [`products8`] in two eight-lane products, packed as
/// `[re·re (5), im·im (3)]` and `[im·im (2), sums (5)]`.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn products5(m: &Mont52<8>, k: &Multiples, x: &Pairs, y: &Pairs) -> Pairs {
    let packed = |o: &Pairs| {
        let d = add(&o.re, &pick(&o.im, 0xe0, [X, X, X, X, X, 0, 1, 2]));
        let e = pick2(&o.im, &add(&o.re, &o.im), 0x7f, [3, 4, 8, 9, 10, 11, 12, X]);
        (d, e)
    };
    let ((xd, xe), (yd, ye)) = (packed(x), packed(y));
    let md = mul(m, &xd, &yd);
    let me = mul(m, &xe, &ye);
    let q1 = pick2(&md, &me, 0x1f, [5, 6, 7, 8, 9, X, X, X]);
    let q2 = pick(&me, 0x1f, [2, 3, 4, 5, 6, X, X, X]);
    Pairs { re: sub(&md, &q1, &k.p2), im: sub(&q2, &add(&md, &q1), &k.p4) }
}

/// The real and imaginary parts of `lo` and `hi` as thirteen (or sixteen) logical lanes each,
/// the layout `combine!` reads: `[[lo.re, hi.re], [lo.im, hi.im]]`.
fn logical(lo: &Pairs, hi: &Pairs) -> [[V; 2]; 2] {
    [[lo.re, hi.re], [lo.im, hi.im]]
}

/// The indices of `idx` below 16 (the plain values of `combine!`), the others [`NONE`].
const fn plain(idx: &[i64; 8]) -> [i64; 8] {
    let mut out = [NONE; 8];
    let mut j = 0;
    while j < 8 {
        if idx[j] >= 0 && idx[j] < 16 {
            out[j] = idx[j];
        }
        j += 1;
    }
    out
}

/// The indices of `idx` from 16 on, less 16 (the products by `ξ` of `combine!`), the others
/// [`NONE`].
const fn by_xi(idx: &[i64; 8]) -> [i64; 8] {
    let mut out = [NONE; 8];
    let mut j = 0;
    while j < 8 {
        if idx[j] >= 16 {
            out[j] = idx[j] - 16;
        }
        j += 1;
    }
    out
}

/// One term of `combine!`: the lanes `idx` of the values `q` and of their products by `ξ`.
macro_rules! term {
    ($q:expr, $xq:expr, $idx:expr) => {
        add(
            &pick2(&$q[0], &$q[1], const { lane_mask(&plain(&$idx)) }, plain(&$idx)),
            &pick2(&$xq[0], &$xq[1], const { lane_mask(&by_xi(&$idx)) }, by_xi(&$idx)),
        )
    };
}

/// `Σ pos − Σ neg + kp` lane by lane over the thirteen logical lanes of `q = [lo, hi]` (the Fp2
/// products' layout) and of `xq` (the same values times `ξ`): each index list names, per
/// output lane, a logical lane (`0..13`) of `q`, or of `xq` (index `+ 16`), or [`NONE`].
macro_rules! combine {
    ($q:expr, $xq:expr, [$p0:expr $(, $p:expr)* $(,)?], [$n0:expr $(, $n:expr)* $(,)?], $kp:expr $(,)?) => {{
        let (q, xq): (&[V; 2], &[V; 2]) = ($q, $xq);
        let pos = term!(q, xq, $p0);
        $(let pos = add(&pos, &term!(q, xq, $p));)*
        let neg = term!(q, xq, $n0);
        $(let neg = add(&neg, &term!(q, xq, $n));)*
        sub(&pos, &neg, $kp)
    }};
}

/// The products by `ξ` of the Fp2 values `[re, im]` (real part `re + kp − im`, for `im`
/// below `kp`; imaginary part `re + im`), lane by lane.
#[inline]
#[target_feature(enable = "avx512f")]
fn times_xi([re, im]: &[[V; 2]; 2], kp: &V) -> [[V; 2]; 2] {
    [core::array::from_fn(|h| sub(&re[h], &im[h], kp)), core::array::from_fn(|h| add(&re[h], &im[h]))]
}

/// `f²` for `f` in the lanes of the module documentation (`r`, `i`: real and imaginary parts
/// of `[a0, a1, a2, b0, b1, b2]`, any values below `2^12·p` with `i` below `kp`): the complex
/// method, `t = a·b`, `s = (a + b)(a + v·b)`, `c0 = s − t − v·t`, `c1 = 2t`. The result
/// carries one more factor `2^(−32)` than the product of two inputs' scalings and is below
/// `356p`.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn square_lanes(m: &Mont52<8>, k: &Multiples, r: &V, i: &V, kp: &V) -> [V; 2] {
    // ξb2 = (b2.re − b2.im, b2.re + b2.im) into lane 6.
    let to6 = |v: &V| pick(v, 0x40, [X, X, X, X, X, X, 5, X]);
    let (r, i) = (add(r, &to6(&sub(r, i, kp))), add(i, &to6(&add(r, i))));
    // With a0, a1, a2, b0, b1, b2, ξb2 in lanes 0..7, the Karatsuba pairs of t = a·b:
    //   x = [a0, a1, a2, a1 + a2, a0 + a1, a0 + a2], y = [b0, b1, b2, b1 + b2, b0 + b1, b0 + b2],
    // then of s: x + y for t's x, y with a + v·b = (a0 + ξb2, a1 + b0, a2 + b1).
    const N: i64 = NONE;
    let x = (
        pairs!(&r, &i, [[0, 1, 2, 1, 0, 0, 0, 1], [N, N, N, 2, 1, 2, 3, 4]]),
        pairs!(
            &r,
            &i,
            [[2, 1, 0, 0, N, N, N, N], [5, 2, 1, 2, N, N, N, N], [N, 4, 3, 3, N, N, N, N], [N, 5, 4, 5, N, N, N, N]]
        ),
    );
    let y = (
        pairs!(&r, &i, [[3, 4, 5, 4, 3, 3, 0, 1], [N, N, N, 5, 4, 5, 6, 3]]),
        pairs!(
            &r,
            &i,
            [[2, 1, 0, 0, N, N, N, N], [4, 2, 1, 2, N, N, N, N], [N, 3, 6, 6, N, N, N, N], [N, 4, 3, 4, N, N, N, N]]
        ),
    );
    let p = logical(&products8(m, k, &x.0, &y.0), &products5(m, k, &x.1, &y.1));
    let xp = times_xi(&p, &k.p8);
    // [t0, t1, t2, s0, s1, s2] with r0 = P0 + ξP3 − ξP1 − ξP2, r1 = P4 + ξP2 − P0 − P1,
    // r2 = P5 + P1 − P0 − P2 (P6..P11 for s; ξP at index + 16): below 50p.
    let fp6 = |h: usize| {
        combine!(
            &p[h],
            &xp[h],
            [[0, 4, 5, 6, 10, 11, N, N], [19, 18, 1, 25, 24, 7, N, N]],
            [[17, 0, 0, 23, 6, 6, N, N], [18, 1, 2, 24, 7, 8, N, N]],
            &k.p32,
        )
    };
    let ts = [fp6(0), fp6(1)];
    // c0 = [s0 − t0 − ξt2, s1 − t1 − t0, s2 − t2 − t1], c1 = 2t (subtrahends below 164p).
    let xts = times_xi(&[[ts[0], ts[0]], [ts[1], ts[1]]], &k.p64);
    core::array::from_fn(|h| {
        combine!(
            &[ts[h], ts[h]],
            &xts[h],
            [[3, 4, 5, 0, 1, 2, N, N], [N, N, N, 0, 1, 2, N, N]],
            [[0, 1, 2, N, N, N, N, N], [18, 0, 1, N, N, N, N, N]],
            &k.p256,
        )
    })
}

/// `f·(d0 + d1·v + d4·v·w)` for `f` in the lanes (`r`, `i`) and the line's `[d0, d1, d4]` in
/// lanes `0..3` of `lr`, `li`, all below `p`: Karatsuba over Fp6 with the line's halves `d0 +
/// d1·v` and `d4·v`, `t0 = a·(d0 + d1·v)` (five Fp2 products), `t1 = b·d4·v` (three), `S =
/// (a + b)(d0 + (d1 + d4)·v)` (five); `c0 = t0 + v·t1`, `c1 = S − t0 − t1`. Scaled by
/// `2^(−32)` and below `126p`.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn mul_by_014_lanes(m: &Mont52<8>, k: &Multiples, r: &V, i: &V, lr: &V, li: &V) -> [V; 2] {
    const N: i64 = NONE;
    // Pairs: a0·d0, a1·d1, (a1 + a2)·d1, (a0 + a1)(d0 + d1), (a0 + a2)·d0 (t0); b2·d4, b0·d4,
    // b1·d4 (t1); with x = a + b and e = d1 + d4: x0·d0, x1·e, (x1 + x2)·e, (x0 + x1)(d0 + e),
    // (x0 + x2)·d0 (S). Operands below 4p and 3p.
    let x = (
        pairs!(r, i, [[0, 1, 1, 0, 0, 5, 3, 4], [N, N, 2, 1, 2, N, N, N]]),
        pairs!(
            r,
            i,
            [[0, 1, 1, 0, 0, N, N, N], [3, 4, 2, 1, 2, N, N, N], [N, N, 4, 3, 3, N, N, N], [N, N, 5, 4, 5, N, N, N]]
        ),
    );
    let y = (
        pairs!(lr, li, [[0, 1, 1, 0, 0, 2, 2, 2], [N, N, N, 1, N, N, N, N]]),
        pairs!(lr, li, [[0, 1, 1, 0, 0, N, N, N], [N, 2, 2, 1, N, N, N, N], [N, N, N, 2, N, N, N, N]]),
    );
    let p = logical(&products8(m, k, &x.0, &y.0), &products5(m, k, &x.1, &y.1));
    let xp = times_xi(&p, &k.p8);
    core::array::from_fn(|h| {
        // [t0.0, t0.1, t0.2, S0, S1, S2]: t0 = (P0 + ξP2 − ξP1, P3 − P0 − P1, P4 + P1 − P0),
        // S = (P8 + ξP10 − ξP9, P11 − P8 − P9, P12 + P9 − P8), below 34p.
        let t = combine!(
            &p[h],
            &xp[h],
            [[0, 3, 4, 8, 11, 12, N, N], [18, N, 1, 26, N, 9, N, N]],
            [[17, 0, 0, 25, 8, 8, N, N], [N, 1, N, N, 9, N, N, N]],
            &k.p16,
        );
        // c0 = t0 + (ξP7, ξP5, P6), c1 = S − t0 − (ξP5, P6, P7).
        let u = combine!(&p[h], &xp[h], [[23, 21, 6, N, N, N, N, N]], [[N, N, N, 21, 6, 7, N, N]], &k.p16);
        sub(&add(&t, &u), &pick(&t, 0x38, [X, X, X, 0, 1, 2, X, X]), &k.p64)
    })
}

/// `f·g` for `f`, `g` in the lanes (`r`, `i` and `gr`, `gi`), below `p`: Karatsuba over Fp6,
/// `t0 = a·c`, `t1 = b·d`, `t2 = (a + b)(c + d)` for `f = a + b·w`, `g = c + d·w` (eighteen
/// Fp2 products, in the logical lanes `[t0's six, t1's two | t1's four, t2's one | t2's five]`),
/// `c0 = t0 + v·t1`, `c1 = t2 − t0 − t1`. Scaled by `2^(−32)` and below `292p`.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn mul_lanes(m: &Mont52<8>, k: &Multiples, r: &V, i: &V, gr: &V, gi: &V) -> [V; 2] {
    const N: i64 = NONE;
    // The same Karatsuba pairs of both factors' coefficients: [a0, a1, a2, a1 + a2, a0 + a1,
    // a0 + a2, b0, b1 | b2, b1 + b2, b0 + b1, b0 + b2, a0 + b0 | a1 + b1, a2 + b2, a1 + a2 +
    // b1 + b2, a0 + a1 + b0 + b1, a0 + a2 + b0 + b2] (below 4p).
    let operands = |r: &V, i: &V| {
        (
            pairs!(r, i, [[0, 1, 2, 1, 0, 0, 3, 4], [N, N, N, 2, 1, 2, N, N]]),
            pairs!(r, i, [[5, 4, 3, 3, 0, N, N, N], [N, 5, 4, 5, 3, N, N, N]]),
            pairs!(
                r,
                i,
                [
                    [1, 2, 1, 0, 0, N, N, N],
                    [4, 5, 2, 1, 2, N, N, N],
                    [N, N, 4, 3, 3, N, N, N],
                    [N, N, 5, 4, 5, N, N, N]
                ]
            ),
        )
    };
    let (x, y) = (operands(r, i), operands(gr, gi));
    let lo = products8(m, k, &x.0, &y.0);
    let (h1, h2) = (products5(m, k, &x.1, &y.1), products5(m, k, &x.2, &y.2));
    let (p, q) = (logical(&lo, &h1), logical(&h1, &h2));
    let (xp, xq) = (times_xi(&p, &k.p8), times_xi(&q, &k.p8));
    // [t0, t1] in lanes 0..6 from the first twelve pairs (as the squaring's [t, s]), t2 in
    // lanes 0..3 from the last six (logical lanes 4, 8..13 of [h1, h2]): below 50p each.
    let t: [[V; 2]; 2] = core::array::from_fn(|h| {
        let t01 = combine!(
            &p[h],
            &xp[h],
            [[0, 4, 5, 6, 10, 11, N, N], [19, 18, 1, 25, 24, 7, N, N]],
            [[17, 0, 0, 23, 6, 6, N, N], [18, 1, 2, 24, 7, 8, N, N]],
            &k.p32,
        );
        let t2 = combine!(
            &q[h],
            &xq[h],
            [[4, 11, 12, N, N, N, N, N], [26, 25, 8, N, N, N, N, N]],
            [[24, 4, 4, N, N, N, N, N], [25, 8, 9, N, N, N, N, N]],
            &k.p32,
        );
        [t01, t2]
    });
    // c0 = (t0.0 + ξt1.2, t0.1 + t1.0, t0.2 + t1.1), c1 = t2 − t0 − t1 (subtrahends below
    // 100p).
    let xt = times_xi(&t, &k.p64);
    core::array::from_fn(|h| {
        combine!(
            &t[h],
            &xt[h],
            [[0, 1, 2, 8, 9, 10, N, N], [21, 3, 4, N, N, N, N, N]],
            [[N, N, N, 0, 1, 2, N, N], [N, N, N, 3, 4, 5, N, N]],
            &k.p128,
        )
    })
}

/// `f ← f²` on the vector lanes ([`Fp12::square`]'s value, canonical); says whether it ran
/// (`false`: not supported here, `f` untouched).
pub(crate) fn square<T: TowerParams<N>, const N: usize>(f: &mut Fp12<T, N>) -> bool {
    mul_by_lines(f, &[], true)
}

/// `f ← f·g` on the vector lanes ([`Fp12::mul`]'s value, canonical); says whether it ran
/// (`false`: not supported here, `f` untouched).
pub(crate) fn mul_fp12<T: TowerParams<N>, const N: usize>(f: &mut Fp12<T, N>, g: &Fp12<T, N>) -> bool {
    if !available::<T, N>() {
        return false;
    }
    // SAFETY: `available()` confirmed AVX-512F and AVX-512 IFMA.
    unsafe { run_mul(f, g, LaneConsts::of::<T, N>()) };
    true
}

/// [`mul_fp12`] on the lanes.
#[target_feature(enable = "avx512f,avx512ifma")]
fn run_mul<T: TowerParams<N>, const N: usize>(f: &mut Fp12<T, N>, g: &Fp12<T, N>, c: &LaneConsts) {
    let m = Mont52::<8>::from_rows(&c.mont);
    let k = Multiples::new(c);
    let [r, i] = mul_lanes(&m, &k, &lanes_of(f, 0), &lanes_of(f, 1), &lanes_of(g, 0), &lanes_of(g, 1));
    set_from_lanes(f, &m, &c.unscale[0], &r, &i);
}

/// The most lines [`mul_by_lines`] takes in one call.
pub(crate) const MAX_LINES: usize = 8;

/// `f ← f·∏ (d0 + d1·v + d4·v·w)` over the lines `[d0, d1, d4]` of `lines` (at most
/// [`MAX_LINES`]), then squared if `square` (a Miller loop's lines of one step, then the next
/// step's squaring), on the vector lanes with no conversion in between: [`Fp12::mul_by_014`]'s
/// and [`Fp12::square`]'s values, canonical. Says whether it ran (`false`: not supported here
/// or too many lines, `f` untouched).
pub(crate) fn mul_by_lines<T: TowerParams<N>, const N: usize>(
    f: &mut Fp12<T, N>,
    lines: &[[Fp2<T, N>; 3]],
    square: bool,
) -> bool {
    if lines.len() > MAX_LINES || !available::<T, N>() {
        return false;
    }
    if lines.is_empty() && !square {
        return true;
    }
    // SAFETY: `available()` confirmed AVX-512F and AVX-512 IFMA.
    unsafe { run(f, lines, square, LaneConsts::of::<T, N>()) };
    true
}

/// [`mul_by_lines`] on the lanes. After `j` lines the value carries `2^(−32j)`; the squaring
/// makes that `2^(−32(2j + 1))`, at most `2^(−32·17)`.
#[target_feature(enable = "avx512f,avx512ifma")]
fn run<T: TowerParams<N>, const N: usize>(f: &mut Fp12<T, N>, lines: &[[Fp2<T, N>; 3]], square: bool, c: &LaneConsts) {
    let m = Mont52::<8>::from_rows(&c.mont);
    let k = Multiples::new(c);
    let (mut r, mut i) = (lanes_of(f, 0), lanes_of(f, 1));
    for d in lines {
        // Below 126p after the first line, whatever the input's bound.
        let (lr, li) = line_lanes(d);
        [r, i] = mul_by_014_lanes(&m, &k, &r, &i, &lr, &li);
    }
    let mut depth = lines.len();
    if square {
        [r, i] = square_lanes(&m, &k, &r, &i, if depth > 0 { &k.p256 } else { &k.p });
        depth = 2 * depth + 1;
    }
    set_from_lanes(f, &m, &c.unscale[depth - 1], &r, &i);
}

/// An Fp12 value kept on the lanes between operations, in the backend's own Montgomery form
/// (`x·2^416`), limb-major words (`re[limb][lane]`), below `2^9·p`: a Miller loop's
/// accumulator, whose steps then convert only their lines (one lane product each), not the
/// accumulator. Exists only where the lanes run ([`Fp12OnLanes::new`]).
pub(crate) struct Fp12OnLanes<T: TowerParams<N>, const N: usize> {
    re: [[u64; 8]; 8],
    im: [[u64; 8]; 8],
    tower: PhantomData<T>,
}

impl<T: TowerParams<N>, const N: usize> Fp12OnLanes<T, N> {
    /// `f` on the lanes, or `None` where they do not run ([`available`]).
    pub(crate) fn new(f: &Fp12<T, N>) -> Option<Self> {
        if !available::<T, N>() {
            return None;
        }
        let mut out = Fp12OnLanes { re: [[0; 8]; 8], im: [[0; 8]; 8], tower: PhantomData };
        // SAFETY: `available()` confirmed AVX-512F and AVX-512 IFMA.
        unsafe { out.set_from(f, LaneConsts::of::<T, N>()) };
        Some(out)
    }

    /// [`Self::new`] on the lanes: one product per vector into the backend's form.
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn set_from(&mut self, f: &Fp12<T, N>, c: &LaneConsts) {
        let m = Mont52::<8>::from_rows(&c.mont);
        self.store(&m.vector_from_word(&lanes_of(f, 0)), &m.vector_from_word(&lanes_of(f, 1)));
    }

    /// `f ← f·∏ (d0 + d1·v + d4·v·w)` over the lines `[d0, d1, d4]` (any number), then squared
    /// if `square`: [`mul_by_lines`] with the accumulator staying on the lanes.
    pub(crate) fn mul_by_lines(&mut self, lines: &[[Fp2<T, N>; 3]], square: bool) {
        // SAFETY: a value exists only where `available()` confirmed AVX-512F and AVX-512 IFMA.
        unsafe { self.run(lines, square, LaneConsts::of::<T, N>()) }
    }

    /// [`Self::mul_by_lines`] on the lanes, in chunks of at most 17 lines. A line enters in one
    /// vector (real parts in lanes `0..3`, imaginary in `3..6`) in the word form, so each
    /// product by it leaves a factor `2^(−32)`; the last line of a chunk is first multiplied
    /// by `2^(416 + 32j) mod p` for `j` lines, which takes it to the backend's form and cancels
    /// the other lines' factors (one conversion product per chunk). `f` stays below `126p`
    /// after a line and `356p` after the squaring.
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn run(&mut self, lines: &[[Fp2<T, N>; 3]], square: bool, c: &LaneConsts) {
        let m = Mont52::<8>::from_rows(&c.mont);
        let k = Multiples::new(c);
        let [mut r, mut i] = self.loaded();
        for chunk in lines.chunks(c.unscale.len()) {
            for (n, d) in chunk.iter().enumerate() {
                let (mut lr, mut li) = line_lanes(d);
                if n + 1 == chunk.len() {
                    let u = &c.unscale[n];
                    lr = mul(&m, &lr, &core::array::from_fn(|j| _mm512_set1_epi64(u.0[j] as i64)));
                    li = pick(&lr, 0x07, [3, 4, 5, X, X, X, X, X]);
                }
                [r, i] = mul_by_014_lanes(&m, &k, &r, &i, &lr, &li);
            }
        }
        if square {
            [r, i] = square_lanes(&m, &k, &r, &i, &k.p512);
        }
        self.store(&r, &i);
    }

    /// `n` doubling steps of a Miller loop of one pair on an M-twist with `3b' = k·ξ`,
    /// `1 ≤ k ≤ 12` (BLS12-381: `k = 12`), all on the lanes: for each step `f ← f²` (not
    /// before the first: the caller has squared), the tangent line at `t` with `t ← 2t`
    /// (`field::fp2_lanes`'s doubling step, the homogeneous `t = [X, Y, Z]`), the line
    /// evaluated at `P` by one lane product (`[xp, yp] = [3xP, −yP]`, the factors of the Miller
    /// loop's lines), and `f ← f·ℓ(P)`: the values of the scalar steps and the scalar
    /// evaluation exactly. Says whether it ran (`false`: `k` out of range, nothing touched).
    pub(crate) fn double_steps(
        &mut self,
        t: &mut [Fp2<T, N>; 3],
        k: u64,
        [xp, yp]: [&Fp<T::Fp, N>; 2],
        n: usize,
    ) -> bool {
        if !(1..=12).contains(&k) {
            return false;
        }
        // SAFETY: a value exists only where `available()` confirmed AVX-512F and AVX-512 IFMA.
        unsafe { self.run_doublings(t, k, [xp, yp], n, LaneConsts::of::<T, N>()) };
        true
    }

    /// [`Self::double_steps`] on the lanes. The line `[H, J, I]` (lane pairs 0–2) times
    /// `[yp, yp, xp, xp, 1, 1]` gives `[c0·yp, c1·xp, c2]` = `[d4, d1, d0]` (below `2p`).
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn run_doublings(
        &mut self,
        t: &mut [Fp2<T, N>; 3],
        k: u64,
        [xp, yp]: [&Fp<T::Fp, N>; 2],
        n: usize,
        c: &LaneConsts,
    ) {
        let m = Mont52::<8>::from_rows(&c.mont);
        let k_mult = Multiples::new(c);
        let mut v = lanes_in(&m, &words_of::<T, N>(t.iter().flat_map(|e| [&e.c0, &e.c1])));
        let at = m.vector_from_word(&lanes_in_words([yp, yp, xp, xp]));
        let at = blend(0x30, &at, &m.one());
        let [mut r, mut i] = self.loaded();
        for step in 0..n {
            if step > 0 {
                [r, i] = square_lanes(&m, &k_mult, &r, &i, &k_mult.p512);
            }
            let (next, line) = double_line(&m, &k_mult, k, &v);
            v = next;
            let d = mul(&m, &line, &at);
            let (dr, di) = (pick(&d, 0x07, [4, 2, 0, X, X, X, X, X]), pick(&d, 0x07, [5, 3, 1, X, X, X, X, X]));
            [r, i] = mul_by_014_lanes(&m, &k_mult, &r, &i, &dr, &di);
        }
        self.store(&r, &i);
        set_from_words::<T, N>(t.iter_mut().flat_map(|e| [&mut e.c0, &mut e.c1]), &lanes_out(&m, v));
    }

    /// The two vectors.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn loaded(&self) -> [V; 2] {
        [&self.re, &self.im].map(|w| core::array::from_fn(|j| Row(w[j]).load()))
    }

    /// Stores the two vectors.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn store(&mut self, r: &V, i: &V) {
        for (j, (wr, wi)) in self.re.iter_mut().zip(&mut self.im).enumerate() {
            let (mut a, mut b) = (Row(*wr), Row(*wi));
            a.store(r[j]);
            b.store(i[j]);
            (*wr, *wi) = (a.0, b.0);
        }
    }

    /// The value as an Fp12 element (canonical).
    pub(crate) fn to_fp12(&self) -> Fp12<T, N> {
        let mut f = Fp12::ZERO;
        // SAFETY: a value exists only where `available()` confirmed AVX-512F and AVX-512 IFMA.
        unsafe { self.write_to(&mut f, LaneConsts::of::<T, N>()) };
        f
    }

    /// [`Self::to_fp12`] on the lanes: one product per vector back to the word form.
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn write_to(&self, f: &mut Fp12<T, N>, c: &LaneConsts) {
        let m = Mont52::<8>::from_rows(&c.mont);
        let [re, im] = self.loaded().map(|v| ifma::words_from_lanes(&m.word_from_vector(&normalized(v)), 6));
        set_coefficients(f, &re, &im);
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha20Rng;

    use super::*;
    use crate::curves::bls12_381::{Fp12 as F12, Fp2 as F2};

    /// `a·b` by the Fp6 schoolbook formula (scalar Fp6 products: independent of the lanes).
    fn schoolbook(a: &F12, b: &F12) -> F12 {
        let v = |x: &Fp6<_, 6>| x.mul_by_nonresidue();
        Fp12::new(a.c0 * b.c0 + v(&(a.c1 * b.c1)), a.c0 * b.c1 + a.c1 * b.c0)
    }

    /// The M-twist's line `[d0, d1, d4]` as an Fp12 element.
    fn line_of(d: &[F2; 3]) -> F12 {
        Fp12::new(Fp6::new(d[0], d[1], F2::ZERO), Fp6::new(F2::ZERO, d[2], F2::ZERO))
    }

    /// Fp12 elements with extreme coefficients: random, zero, one, `p − 1`.
    fn inputs() -> Vec<F12> {
        let mut rng = ChaCha20Rng::seed_from_u64(12);
        let m1 = -F2::ONE;
        let mut v = vec![F12::ZERO, F12::ONE];
        let all = |e: F2| F12::new(Fp6::new(e, e, e), Fp6::new(e, e, e));
        v.push(all(m1));
        v.push(all(Fp2::new(-Fp::ONE, Fp::ZERO)));
        v.push(all(Fp2::new(Fp::ZERO, -Fp::ONE)));
        v.extend((0..20).map(|_| F12::random(&mut rng)));
        v
    }

    /// The squaring on the lanes gives exactly the scalar square.
    #[test]
    fn lane_square_agrees() {
        for f in inputs() {
            let mut got = f;
            if !square(&mut got) {
                assert!(!ifma::available());
                return;
            }
            assert_eq!(got, schoolbook(&f, &f));
        }
    }

    /// The product on the lanes gives exactly the scalar product.
    #[test]
    fn lane_product_agrees() {
        let fs = inputs();
        for (n, f) in fs.iter().enumerate() {
            let g = &fs[(n * 7 + 3) % fs.len()];
            let mut got = *f;
            if !mul_fp12(&mut got, g) {
                assert!(!ifma::available());
                return;
            }
            assert_eq!(got, schoolbook(f, g), "input {n}");
        }
    }

    /// The accumulator kept on the lanes gives exactly the scalar values over steps of lines
    /// and squarings (none, one and many lines per step).
    #[test]
    fn lanes_accumulator_agrees() {
        let fs = inputs();
        let line = |n: usize| {
            let g = &fs[n % fs.len()];
            [g.c0.c0, g.c1.c2, g.c1.c1]
        };
        let Some(mut acc) = Fp12OnLanes::new(&fs[7]) else {
            assert!(!ifma::available());
            return;
        };
        let mut want = fs[7];
        for (step, n) in [1, 0, 2, 1, 9, 1, 3].into_iter().enumerate() {
            let lines: Vec<_> = (0..n).map(|j| line(step * 5 + j)).collect();
            acc.mul_by_lines(&lines, step % 3 != 2);
            want = lines.iter().fold(want, |a, l| schoolbook(&a, &line_of(l)));
            if step % 3 != 2 {
                want = schoolbook(&want, &want);
            }
            assert_eq!(acc.to_fp12(), want, "step {step}");
        }
    }

    /// The products by one line and by the most lines, alone and then squared, on the lanes
    /// give exactly the scalar values.
    #[test]
    fn lane_line_products_agree() {
        let fs = inputs();
        for (n, f) in fs.iter().enumerate() {
            let g = &fs[(n * 7 + 3) % fs.len()];
            let h = &fs[(n * 5 + 1) % fs.len()];
            let d = [g.c0.c0, g.c0.c1, g.c1.c1];
            let e = [h.c1.c2, g.c1.c0, h.c0.c1];
            let want = schoolbook(f, &line_of(&d));
            let mut got = *f;
            if !mul_by_lines(&mut got, &[d], false) {
                assert!(!ifma::available());
                return;
            }
            assert_eq!(got, want, "input {n}");
            let mut got = *f;
            assert!(mul_by_lines(&mut got, &[d], true));
            assert_eq!(got, schoolbook(&want, &want), "input {n}");
            // The most lines in one call, and squared.
            let lines = [d, e, d, d, e, e, d, e];
            let want = lines.iter().fold(*f, |acc, l| schoolbook(&acc, &line_of(l)));
            let mut got = *f;
            assert!(mul_by_lines(&mut got, &lines, true));
            assert_eq!(got, schoolbook(&want, &want), "input {n}");
            assert!(!mul_by_lines(&mut got, &[d; MAX_LINES + 1], false));
        }
    }
}
