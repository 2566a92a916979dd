//! Montgomery "sum of products": `(Σₖ aₖ·bₖ)·R⁻¹ mod m` with a single reduction, by one
//! interleaved CIOS pass (Koç–Acar–Kaliski 1996) that adds all `K` products of a row before
//! reducing it. This is the lazy reduction of Scott ("Implementing cryptographic pairings",
//! 2007) and Aranha et al. (eprint 2010/526 §3): an Fp2 product needs two reductions instead of
//! three.
//!
//! **Bound.** With `aₖ ≤ m`, `bₖ < m` and `R = 2^(64N)`: before each row the accumulator is
//! below `(K+1)·m`, and adding `K` products of `aₖ` by a word plus `q·m` keeps it below
//! `(K+1)·m·2^64`, which fits in `N + 1` words when `(K+1)·m < R` ([`fits`]). The result is
//! `(Σ aₖbₖ + Q·m)/R < K·m²/R + m < 2m` (since `K·m < R`), so one conditional subtraction
//! finishes it. BLS12-381's p (3 spare bits) and BN254's p (2 spare bits, `3p < 2^256`) both
//! allow `K = 2`.

use super::{adc, mac, select, sub};

/// Whether `(K+1)·m < 2^(64N)`, the condition under which [`sum_of_products`] is exact.
pub const fn fits<const N: usize, const K: usize>(m: &[u64; N]) -> bool {
    // (K+1)·m as N words plus an overflow word.
    let mut c = 0u64;
    let mut i = 0;
    while i < N {
        (_, c) = mac(0, m[i], (K + 1) as u64, c);
        i += 1;
    }
    c == 0
}

/// `(Σₖ a[k]·b[k])·R⁻¹ mod m` for `a[k] ≤ m`, `b[k] < m`, with `inv = -m⁻¹ mod 2⁶⁴`. Requires
/// [`fits`]`::<N, K>(m)` (checked in debug builds). Constant time.
#[inline(always)]
pub fn sum_of_products<const N: usize, const K: usize>(
    a: [&[u64; N]; K],
    b: [&[u64; N]; K],
    m: &[u64; N],
    inv: u64,
) -> [u64; N] {
    debug_assert!(fits::<N, K>(m));
    // `while` loops over the const bounds, as in `mont`, so that everything unrolls.
    let mut t = [0u64; N];
    let mut hi = 0u64; // word N of the accumulator
    let mut i = 0;
    while i < N {
        // All K products of the row in one pass over the words, one carry chain each.
        let mut c = [0u64; K];
        let mut j = 0;
        while j < N {
            let mut k = 0;
            while k < K {
                (t[j], c[k]) = mac(t[j], a[k][j], b[k][i], c[k]);
                k += 1;
            }
            j += 1;
        }
        let mut k = 0;
        while k < K {
            // Exact: the accumulator stays below (K+1)·m·2^64 < 2^(64(N+1)).
            hi += c[k];
            k += 1;
        }
        let q = t[0].wrapping_mul(inv);
        let (_, mut c) = mac(t[0], q, m[0], 0);
        let mut j = 1;
        while j < N {
            (t[j - 1], c) = mac(t[j], q, m[j], c);
            j += 1;
        }
        (t[N - 1], hi) = adc(hi, c, 0);
        i += 1;
    }
    // hi·2^(64N) + t < 2m: subtract m unless that borrows past the top word.
    let (d, borrow) = sub(&t, m);
    let keep_t = (borrow & !hi & 1).wrapping_neg();
    select(&d, &t, keep_t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limbs::{from_hex, mont};
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};

    fn big<const N: usize>(a: &[u64; N]) -> BigUint {
        a.iter().rev().fold(BigUint::default(), |v, &l| (v << 64) + l)
    }

    fn limbs_of<const N: usize>(v: &BigUint) -> [u64; N] {
        let mut r = [0u64; N];
        for (i, d) in v.to_u64_digits().into_iter().enumerate() {
            r[i] = d;
        }
        r
    }

    fn check<const N: usize, const K: usize>(m: [u64; N]) {
        assert!(fits::<N, K>(&m));
        let inv = mont::neg_inv64(m[0]);
        let bm = big(&m);
        let r_inv = (BigUint::from(1u8) << (64 * N)).modinv(&bm).unwrap();
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(11);
        let rand_below = |rng: &mut rand_chacha::ChaCha20Rng| {
            let mut v = [0u64; N];
            v.iter_mut().for_each(|w| *w = rng.gen());
            limbs_of::<N>(&(big(&v) % &bm))
        };
        let m_minus_1 = limbs_of::<N>(&(&bm - 1u8));
        for it in 0..3000 {
            let mut a = [[0u64; N]; K];
            let mut b = [[0u64; N]; K];
            for k in 0..K {
                a[k] = rand_below(&mut rng);
                b[k] = rand_below(&mut rng);
            }
            // Extremes: a = m (the "p − 0" of a negated zero) and b = m − 1.
            if it < 4 {
                a = [m; K];
                b = [m_minus_1; K];
            }
            let want = (0..K).map(|k| big(&a[k]) * big(&b[k])).sum::<BigUint>() % &bm * &r_inv % &bm;
            let got =
                sum_of_products::<N, K>(core::array::from_fn(|k| &a[k]), core::array::from_fn(|k| &b[k]), &m, inv);
            assert_eq!(big(&got), want);
        }
    }

    #[test]
    fn matches_bigint() {
        let bls: [u64; 6] = from_hex(
            "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
        );
        let bn: [u64; 4] = from_hex("0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47");
        check::<6, 1>(bls);
        check::<6, 2>(bls);
        check::<6, 3>(bls);
        check::<4, 1>(bn);
        check::<4, 2>(bn);
        assert!(!fits::<4, 5>(&bn), "6·p ≥ 2^256 for BN254");
    }
}
