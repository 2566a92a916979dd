//! Montgomery arithmetic modulo an odd `m < 2^(64N)`, portable and `const`.
//!
//! Elements are kept as `a·R mod m` with `R = 2^(64N)`. [`mul`] is the CIOS method (Koç,
//! Acar, Kaliski, "Analyzing and comparing Montgomery multiplication algorithms", 1996), with
//! the "no-carry" shortcut when the modulus leaves a spare top bit (`m[N-1] < 2^63 - 1`;
//! gnark-crypto's observation, also Constantine's): the running sum then fits in N words and
//! the two carry chains of each row need no extra word. Every constant a field needs (`-m⁻¹ mod
//! 2⁶⁴`, `R`, `R²`, `R³`, exponents) is derived here by `const fn` from the modulus alone.

use super::{adc, add_mod, mac, select, sub};

/// `-m⁻¹ mod 2⁶⁴` for odd `m0` (Newton–Hensel lifting: each step doubles the correct bits).
pub const fn neg_inv64(m0: u64) -> u64 {
    assert!(m0 & 1 == 1, "modulus must be odd");
    let mut inv = 1u64; // correct to 1 bit (m0 is odd)
    let mut i = 0;
    while i < 6 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(m0.wrapping_mul(inv)));
        i += 1;
    }
    inv.wrapping_neg()
}

/// The high word of `-m⁻¹ mod 2¹²⁸` for the modulus' two low words `m0` (odd) and `m1`: with
/// [`neg_inv64`] the low word, the quotient of two Montgomery reduction rows at once
/// (`x86_64_adx::redc`). One Newton step `y ← y·(2 − m·y)` doubles the precision of
/// `y = m⁻¹ mod 2⁶⁴`.
pub const fn neg_inv128_hi(m0: u64, m1: u64) -> u64 {
    let m = (m0 as u128) | ((m1 as u128) << 64);
    let y = neg_inv64(m0).wrapping_neg() as u128;
    let y = y.wrapping_mul(2u128.wrapping_sub(m.wrapping_mul(y)));
    (y.wrapping_neg() >> 64) as u64
}

/// Whether the modulus leaves the spare bit the no-carry CIOS shortcut needs.
pub const fn has_spare_bit<const N: usize>(m: &[u64; N]) -> bool {
    m[N - 1] < (u64::MAX >> 1) - 1
}

/// `2^k mod m` by repeated modular doubling (compile-time use only).
pub const fn pow2_mod<const N: usize>(k: usize, m: &[u64; N]) -> [u64; N] {
    // 1 mod m (m > 1)
    let mut r = [0u64; N];
    r[0] = 1;
    let mut i = 0;
    while i < k {
        r = add_mod(&r, &r, m);
        i += 1;
    }
    r
}

/// Montgomery product `a·b·R⁻¹ mod m` for `a, b < m` (CIOS). `inv = -m⁻¹ mod 2⁶⁴`.
#[inline(always)]
pub const fn mul<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    let (t, hi) = mul_unreduced(a, b, m, inv);
    final_sub(&t, hi, m)
}

/// [`mul`] for run-time use on secrets: the final subtraction's mask passes an optimization
/// barrier, so that the compiler cannot turn the selection into a branch or a conditional move
/// (which it did once inlined into a point doubling; found by the constant-time checker).
#[inline(always)]
pub fn mul_ct<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    let (t, hi) = mul_unreduced(a, b, m, inv);
    final_sub_ct(&t, hi, m)
}

/// The product before the final subtraction: `hi·2^(64N) + t < 2m`.
#[inline(always)]
const fn mul_unreduced<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N], inv: u64) -> ([u64; N], u64) {
    if has_spare_bit(m) {
        (mul_no_carry(a, b, m, inv), 0)
    } else {
        mul_general(a, b, m, inv)
    }
}

/// CIOS with the spare-bit shortcut (`m[N-1] < 2^63 - 1`).
#[inline(always)]
const fn mul_no_carry<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    let mut t = [0u64; N];
    let mut i = 0;
    while i < N {
        let (t0, mut c) = mac(t[0], a[0], b[i], 0);
        let k = t0.wrapping_mul(inv);
        let (_, mut c2) = mac(t0, k, m[0], 0);
        let mut j = 1;
        while j < N {
            let (tj, cj) = mac(t[j], a[j], b[i], c);
            c = cj;
            let (tj1, c2j) = mac(tj, k, m[j], c2);
            c2 = c2j;
            t[j - 1] = tj1;
            j += 1;
        }
        t[N - 1] = c.wrapping_add(c2);
        i += 1;
    }
    t
}

/// Textbook CIOS with an (N+2)-word accumulator, for moduli without a spare bit.
#[inline(always)]
const fn mul_general<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N], inv: u64) -> ([u64; N], u64) {
    let mut t = [0u64; N];
    let mut t_hi = 0u64; // word N of the accumulator; word N+1 is at most 1 and folded below
    let mut i = 0;
    while i < N {
        let mut c = 0;
        let mut j = 0;
        while j < N {
            (t[j], c) = mac(t[j], a[j], b[i], c);
            j += 1;
        }
        let (s, top) = adc(t_hi, c, 0);
        let k = t[0].wrapping_mul(inv);
        let (_, mut c2) = mac(t[0], k, m[0], 0);
        let mut j = 1;
        while j < N {
            (t[j - 1], c2) = mac(t[j], k, m[j], c2);
            j += 1;
        }
        let (s2, top2) = adc(s, c2, 0);
        t[N - 1] = s2;
        t_hi = top + top2;
        i += 1;
    }
    (t, t_hi)
}

/// Reduces `hi·2^(64N) + t < 2m` to `[0, m)` branch-free.
#[inline(always)]
const fn final_sub<const N: usize>(t: &[u64; N], hi: u64, m: &[u64; N]) -> [u64; N] {
    let (d, borrow) = sub(t, m);
    let keep_t = (borrow & !hi & 1).wrapping_neg();
    select(&d, t, keep_t)
}

/// [`final_sub`] with the mask through an optimization barrier (see [`mul_ct`]).
#[inline(always)]
fn final_sub_ct<const N: usize>(t: &[u64; N], hi: u64, m: &[u64; N]) -> [u64; N] {
    let (d, borrow) = sub(t, m);
    let keep_t = core::hint::black_box(borrow & !hi & 1).wrapping_neg();
    select(&d, t, keep_t)
}

/// Montgomery square `a²·R⁻¹ mod m`: the 2N-word square with doubled cross products, then
/// Montgomery reduction ([`redc`]).
#[inline(always)]
pub const fn sqr<const N: usize>(a: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    let (t, hi) = sqr_unreduced(a, m, inv);
    final_sub(&t, hi, m)
}

/// [`sqr`] for run-time use on secrets (the barrier of [`mul_ct`]).
#[inline(always)]
pub fn sqr_ct<const N: usize>(a: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    let (t, hi) = sqr_unreduced(a, m, inv);
    final_sub_ct(&t, hi, m)
}

/// The square before the final subtraction (as [`mul_unreduced`]).
#[inline(always)]
const fn sqr_unreduced<const N: usize>(a: &[u64; N], m: &[u64; N], inv: u64) -> ([u64; N], u64) {
    if !has_spare_bit(m) {
        return mul_general(a, a, m, inv);
    }
    let mut t = Wide::<N>::ZERO;
    // Cross products a[i]·a[j] for i < j; row i ends with its carry in word i + N.
    let mut i = 0;
    while i < N {
        let mut c = 0;
        let mut j = i + 1;
        while j < N {
            let w;
            (w, c) = mac(t.get(i + j), a[i], a[j], c);
            t.set(i + j, w);
            j += 1;
        }
        t.set(i + N, c);
        i += 1;
    }
    // Double, then add the diagonal squares a[i]².
    let mut k = 2 * N - 1;
    while k > 0 {
        t.set(k, (t.get(k) << 1) | (t.get(k - 1) >> 63));
        k -= 1;
    }
    t.set(0, t.get(0) << 1);
    let mut c = 0;
    let mut i = 0;
    while i < N {
        let sq = (a[i] as u128) * (a[i] as u128);
        let (w0, c0) = adc(t.get(2 * i), sq as u64, c);
        let (w1, c1) = adc(t.get(2 * i + 1), (sq >> 64) as u64, c0);
        t.set(2 * i, w0);
        t.set(2 * i + 1, w1);
        c = c1;
        i += 1;
    }
    redc_unreduced(&t.lo, &t.hi, m, inv)
}

/// The `2N`-word product `a·b` as `(low half, high half)` (schoolbook, HAC Alg. 14.12), for
/// lazy reduction: reduce it later with [`redc`].
#[inline(always)]
pub const fn mul_wide<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) {
    let mut t = Wide::<N>::ZERO;
    let mut i = 0;
    while i < N {
        let mut c = 0;
        let mut j = 0;
        while j < N {
            let w;
            (w, c) = mac(t.get(i + j), a[i], b[j], c);
            t.set(i + j, w);
            j += 1;
        }
        t.set(i + N, c);
        i += 1;
    }
    (t.lo, t.hi)
}

/// A 2N-word integer as two N-word halves (stable Rust cannot name `[u64; 2 * N]`).
struct Wide<const N: usize> {
    lo: [u64; N],
    hi: [u64; N],
}

impl<const N: usize> Wide<N> {
    const ZERO: Self = Wide { lo: [0; N], hi: [0; N] };

    #[inline(always)]
    const fn get(&self, k: usize) -> u64 {
        if k < N {
            self.lo[k]
        } else {
            self.hi[k - N]
        }
    }

    #[inline(always)]
    const fn set(&mut self, k: usize, v: u64) {
        if k < N {
            self.lo[k] = v;
        } else {
            self.hi[k - N] = v;
        }
    }
}

/// Montgomery reduction `(hi·2^(64N) + lo)·R⁻¹ mod m` of a value below `m·R`, for spare-bit
/// moduli (the value before the final subtraction is below `2m`).
#[inline(always)]
pub const fn redc<const N: usize>(lo: &[u64; N], hi: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    let (t, top) = redc_unreduced(lo, hi, m, inv);
    final_sub(&t, top, m)
}

/// [`redc`] for run-time use on secrets (the barrier of [`mul_ct`]).
#[inline(always)]
pub fn redc_ct<const N: usize>(lo: &[u64; N], hi: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    let (t, top) = redc_unreduced(lo, hi, m, inv);
    final_sub_ct(&t, top, m)
}

/// The reduction before the final subtraction (as [`mul_unreduced`]).
#[inline(always)]
const fn redc_unreduced<const N: usize>(lo: &[u64; N], hi: &[u64; N], m: &[u64; N], inv: u64) -> ([u64; N], u64) {
    let mut t = Wide { lo: *lo, hi: *hi };
    let mut top = 0u64; // carry beyond word i + N of the rows so far
    let mut i = 0;
    while i < N {
        let k = t.get(i).wrapping_mul(inv);
        let mut c = 0;
        let mut j = 0;
        while j < N {
            let w;
            (w, c) = mac(t.get(i + j), k, m[j], c);
            t.set(i + j, w);
            j += 1;
        }
        let (w, c2) = adc(t.get(i + N), c, top);
        t.set(i + N, w);
        top = c2;
        i += 1;
    }
    (t.hi, top)
}

/// `base^exp` in Montgomery form (square-and-multiply, MSB first; `exp` is public). `one` is
/// `R mod m`.
pub const fn pow_vartime<const N: usize, const E: usize>(
    base: &[u64; N],
    exp: &[u64; E],
    one: &[u64; N],
    m: &[u64; N],
    inv: u64,
) -> [u64; N] {
    let mut r = *one;
    let mut i = 64 * E;
    while i > 0 {
        i -= 1;
        r = mul(&r, &r, m, inv);
        if (exp[i / 64] >> (i % 64)) & 1 == 1 {
            r = mul(&r, base, m, inv);
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::{big, limbs_of};
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};

    fn check<const N: usize>(m: [u64; N]) {
        let inv = neg_inv64(m[0]);
        assert_eq!(m[0].wrapping_mul(inv), u64::MAX, "-m^-1 mod 2^64");
        let bm = big(&m);
        let two128 = BigUint::from(1u8) << 128;
        let low: BigUint = &bm % &two128;
        let neg_inv128 = &two128 - low.modinv(&two128).unwrap();
        let inv_hi = neg_inv128_hi(m[0], m[1]);
        assert_eq!(BigUint::from(inv) + (BigUint::from(inv_hi) << 64), neg_inv128, "-m^-1 mod 2^128");
        let r_inv = (BigUint::from(1u8) << (64 * N)).modinv(&bm).unwrap();
        assert_eq!(big(&pow2_mod(64 * N, &m)), (BigUint::from(1u8) << (64 * N)) % &bm);
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        for _ in 0..2000 {
            let mut a: [u64; N] = [0; N];
            let mut b: [u64; N] = [0; N];
            for i in 0..N {
                a[i] = rng.gen();
                b[i] = rng.gen();
            }
            let a = limbs_of::<N>(&(big(&a) % &bm));
            let b = limbs_of::<N>(&(big(&b) % &bm));
            let want = big(&a) * big(&b) % &bm * &r_inv % &bm;
            assert_eq!(big(&mul(&a, &b, &m, inv)), want);
            assert_eq!(big(&sqr(&a, &m, inv)), big(&a) * big(&a) % &bm * &r_inv % &bm);
            let (t, hi) = mul_general(&a, &b, &m, inv);
            assert_eq!(big(&final_sub(&t, hi, &m)), want);
            assert_eq!(mul_ct(&a, &b, &m, inv), mul(&a, &b, &m, inv));
            assert_eq!(sqr_ct(&a, &m, inv), sqr(&a, &m, inv));
        }
    }

    #[test]
    fn montgomery_matches_bigint() {
        check::<6>(crate::limbs::from_hex(
            "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
        ));
        check::<4>(crate::limbs::from_hex("0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47"));
        // secp256k1's p has no spare bit: exercises the general path.
        check::<4>(crate::limbs::from_hex("0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"));
    }
}
