//! Runs of Jacobian doublings of one point of a curve `y² = x³ + b` over `Fp2 = Fp[u]/(u² + 1)`
//! (BLS12-381's G2) with the Fp products of each doubling spread over the eight lanes of AVX-512
//! IFMA (`limbs::x86_64_ifma`): the kernel behind [`Field::double_n_jacobian_a0`] for the
//! long doubling chains of the cofactor clearing and the subgroup test, `[|x|]P`.
//!
//! A doubling by `dbl-2009-l` (Explicit-Formulas Database, `a = 0`: `A = X²`, `B = Y²`,
//! `C = B²`, `D = 2((X + B)² − A − C)`, `E = 3A`, `F = E²`, `X₃ = F − 2D`,
//! `Y₃ = E(D − X₃) − 8C`, `Z₃ = 2YZ`) needs 16 Fp products in three rounds whose products are
//! independent: round 1 `A`, `B` (two each, the complex squaring
//! `(a₀ + a₁)(a₀ − a₁) + 2a₀a₁·u`) and `YZ` (three, Karatsuba), round 2 `C`, `(X + B)²` and `F`
//! (two each), round 3 `E(D − X₃)` (three). Each round is one eight-lane Montgomery product
//! ([`Mont52::mul`]); the operands are put in their lanes by lane permutations, and the sums
//! between the rounds are lane-wise. The scalar code runs the same doubling as about twenty
//! dependent products, each waiting on the last; here the three rounds wait on each other.
//!
//! The state is one vector `[X₀, X₁, Y₀, Y₁, Z₀, Z₁, 0, 0]` in the backend's Montgomery form
//! (`x·2^416`). Values are not reduced between the rounds: every subtraction adds a multiple
//! of `p` at least as large as what it takes away, and the bounds below (multiples of `p`)
//! keep each product within [`Mont52::mul`]'s `a·b < 2^416·p` (for `p < 2^381` anything below
//! `2^13·p` squared is far inside it). The state stays below `34p` between doublings.
//!
//! Constant time: straight-line vector code, lane permutations by constant indices, no
//! branch or memory access that depends on the point. Only the run length `n` (public)
//! decides how often the loop turns.

use core::arch::x86_64::*;

use crate::field::fp2::{Fp2, TowerParams};
#[cfg(doc)]
use crate::field::Field;
use crate::field::{FieldParams, Fp};
use crate::limbs::x86_64_ifma::{self as ifma, Lanes, Mont52, Mont52Rows};

/// One vector of eight field elements (the backend's limbs for six-word moduli).
type V = Lanes<8>;

/// Whether the doublings run on the lanes for this field and this CPU: a six-word modulus
/// below `2^381` (the bounds of the module documentation), AVX-512F and AVX-512 IFMA, and the
/// field's own Montgomery words (not the `fiat` backend).
fn supported<T: TowerParams<N>, const N: usize>() -> bool {
    let m = &<T::Fp as FieldParams<N>>::MODULUS;
    N == 6
        && m[N - 1] >> 61 == 0
        && <Fp<T::Fp, N> as crate::field::Field>::mont_modulus().is_some()
        && ifma::available()
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
    let mut words = [[0u64; 6]; 6];
    for (k, c) in p.iter().flat_map(|e| [&e.c0, &e.c1]).enumerate() {
        words[k].copy_from_slice(c.mont_limbs());
    }
    // SAFETY: `supported()` confirmed AVX-512F and AVX-512 IFMA.
    let out = unsafe { run(&words, n, const { &Mont52Rows::new(&<T::Fp as FieldParams<N>>::MODULUS, 8) }) };
    for (k, c) in p.iter_mut().flat_map(|e| [&mut e.c0, &mut e.c1]).enumerate() {
        let mut limbs = [0u64; N];
        limbs.copy_from_slice(&out[k][..N]);
        *c = Fp::from_mont_limbs(limbs);
    }
    true
}

/// The run on the lanes: in, `n` doublings, out (Montgomery words of the six coordinates).
#[target_feature(enable = "avx512f,avx512ifma")]
fn run(words: &[[u64; 6]; 6], n: u32, rows: &Mont52Rows) -> [[u64; 8]; 8] {
    let m = Mont52::<8>::from_rows(rows);
    let zero = [0u64; 6];
    let w = &words;
    let lanes = ifma::lanes_from_words::<8>([&w[0], &w[1], &w[2], &w[3], &w[4], &w[5], &zero, &zero]);
    let mut v = m.vector_from_word(&lanes);
    let k = Multiples { p4: multiple(&m, 2), p32: multiple(&m, 5), p64: multiple(&m, 6) };
    for _ in 0..n {
        v = double(&m, &k, &v);
    }
    ifma::normalize(&mut v);
    ifma::words_from_lanes(&m.word_from_vector(&v), 6)
}

/// The multiples of `p` the subtractions add.
struct Multiples {
    p4: V,
    p32: V,
    p64: V,
}

/// `2^j·p` in every lane, normalized.
#[inline]
#[target_feature(enable = "avx512f")]
fn multiple(m: &Mont52<8>, j: u32) -> V {
    let p = m.modulus().load();
    let shift = _mm512_set1_epi64(j as i64);
    let mut r: V = core::array::from_fn(|i| {
        let limb = _mm512_permutexvar_epi64(_mm512_set1_epi64(i as i64), p);
        _mm512_sllv_epi64(limb, shift)
    });
    ifma::normalize(&mut r);
    r
}

/// The lane indices `idx` (lane `i` of the result takes lane `idx[i]`).
#[inline]
#[target_feature(enable = "avx512f")]
fn lanes(idx: [i64; 8]) -> __m512i {
    _mm512_set_epi64(idx[7], idx[6], idx[5], idx[4], idx[3], idx[2], idx[1], idx[0])
}

/// Lane `i` of the result is lane `idx[i]` of `v` where bit `i` of `mask` is set, zero elsewhere.
#[inline]
#[target_feature(enable = "avx512f")]
fn pick(v: &V, mask: u8, idx: [i64; 8]) -> V {
    let idx = lanes(idx);
    core::array::from_fn(|j| _mm512_maskz_permutexvar_epi64(mask, idx, v[j]))
}

/// Lane `i` from `b` where bit `i` of `mask` is set, from `a` elsewhere.
#[inline]
#[target_feature(enable = "avx512f")]
fn blend(mask: u8, a: &V, b: &V) -> V {
    core::array::from_fn(|j| _mm512_mask_blend_epi64(mask, a[j], b[j]))
}

/// `a + b`, limb by limb (not normalized: the limbs of a few such sums stay far inside 64 bits).
#[inline]
#[target_feature(enable = "avx512f")]
fn add(a: &V, b: &V) -> V {
    core::array::from_fn(|j| _mm512_add_epi64(a[j], b[j]))
}

/// `a + kp − b` (`kp` a multiple of `p` at least `b`), limb by limb (limbs may be negative).
#[inline]
#[target_feature(enable = "avx512f")]
fn sub(a: &V, b: &V, kp: &V) -> V {
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
fn mul(m: &Mont52<8>, a: &V, b: &V) -> V {
    let (mut a, mut b) = (*a, *b);
    ifma::normalize(&mut a);
    ifma::normalize(&mut b);
    m.mul(&a, &b)
}

/// Unused lane index (its lane is masked off).
const X: i64 = 0;

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
    // squarings of G = [B₀, B₁, W₀, W₁, E₀, E₁, 0, 0] (W = X + B < 36, E < 6).
    let m1x3 = add(&add(&m1, &m1), &m1);
    let g = add(
        &add(&pick(&m1, 0x0f, [2, 3, 2, 3, X, X, X, X]), &pick(v, 0x0c, [X, X, 0, 1, X, X, X, X])),
        &pick(&m1x3, 0x30, [X, X, X, X, 0, 1, X, X]),
    );
    let l = add(&pick(&g, 0x3f, [0, 0, 2, 2, 4, 4, X, X]), &pick(&g, 0x3f, [1, 0, 3, 2, 5, 4, X, X]));
    let odd = pick(&g, 0x3f, [1, 1, 3, 3, 5, 5, X, X]);
    let r = blend(0x15, &odd, &sub(&g, &odd, &k.p64));
    let m2 = mul(m, &l, &r);
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
