//! Half-size scalars for Ed25519 verification (Pornin, "Optimized Lattice Basis Reduction In
//! Dimension 2, and Fast Schnorr and EdDSA Signature Verification", eprint 2020/454): for a
//! public `k`, integers `c`, `d` of about 128 bits with `c ≡ d·k (mod 8ℓ)` and `d` odd, so that
//! `[S]B = R + [k]A` can be checked as `[d·S mod ℓ]B − [c]A − [d]R = 0` with half as many
//! doublings.
//!
//! **Why it is exact.** Every point of Edwards25519 has order dividing `8ℓ`, so `[c]A = [d·k]A`
//! for every `A`, torsion components included, and the left side equals `[d](([S]B − [k]A) −
//! R)`. With `d` odd and `0 < d < ℓ`, `d` is invertible modulo `8ℓ`, so `[d]T = 0` exactly when
//! `T = 0`: the cofactorless verdict. (The cofactored one, `[8]T = 0`, follows from
//! `[8d]T = 0` likewise.)
//!
//! **How.** The extended Euclidean algorithm on `(8ℓ, k)` keeps `r_i ≡ t_i·k (mod 8ℓ)` with
//! `|t_{i+1}| ≤ 8ℓ / r_i`; stopped at the first remainder below `2^128`, both `r_i` and `t_i`
//! are below `2^128` (rational reconstruction). Consecutive `t_i` are coprime, so one of
//! `(r_i, t_i)` and its predecessor (or successor) has an odd `t`; results over
//! [`MAX_BITS`] bits (rare) are refused and the caller falls back to the full-size method.
//! Variable time: public data only.

use crate::limbs;

/// The most bits `c` and `d` may have.
pub(crate) const MAX_BITS: u32 = 131;

/// `8ℓ` (below `2^256`).
const EIGHT_L: [u64; 4] = [0xc093_18d2_e7ae_9f68, 0xa6f7_cef5_17bc_e6b2, 0, 0x8000_0000_0000_0000];

/// A signed integer below `2^(64·3)` as sign and magnitude.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Signed {
    pub(crate) negative: bool,
    pub(crate) magnitude: [u64; 3],
}

/// `a << s` for `a < 2^(64·N − s)` (the caller guarantees no bits are lost).
fn shl<const N: usize>(a: &[u64; N], s: u32) -> [u64; N] {
    let (w, b) = ((s / 64) as usize, s % 64);
    let mut r = [0u64; N];
    for i in (w..N).rev() {
        let lo = a[i - w] << b;
        let carry = if b > 0 && i > w { a[i - w - 1] >> (64 - b) } else { 0 };
        r[i] = lo | carry;
    }
    r
}

/// `(c, d)` with `c ≡ d·k (mod 8ℓ)`, `d > 0` odd, both below `2^MAX_BITS`; `None` if the
/// reconstruction gives longer values (rare) or `k = 0`.
pub(crate) fn half_size_vartime(k: &[u64; 4]) -> Option<(Signed, [u64; 3])> {
    let limit: [u64; 4] = [0, 0, 1, 0]; // 2^128
                                        // Remainders r0 > r1 and the magnitudes of their coefficients; the sign of t alternates:
                                        // t_i = (−1)^(i+1)·|t_i| with t_0 = 0, t_1 = 1.
    let (mut r0, mut r1) = (EIGHT_L, *k);
    let (mut t0, mut t1) = ([0u64; 5], [1u64, 0, 0, 0, 0]);
    let mut t1_negative = false;
    if limbs::is_zero(&r1) {
        return None;
    }
    // One Euclidean step: (r0, r1, t0, t1) ← (r1, r0 mod r1, t1, t0 + q·t1), q = ⌊r0/r1⌋ by
    // shift-and-subtract (quotients are mostly 1–3).
    let step = |r0: &[u64; 4], r1: &[u64; 4], t0: &[u64; 5], t1: &[u64; 5]| -> ([u64; 4], [u64; 5]) {
        let (mut a, mut tb) = (*r0, *t0);
        let top = limbs::num_bits_vartime(&a) - limbs::num_bits_vartime(r1);
        for s in (0..=top).rev() {
            let b = shl(r1, s);
            if !limbs::lt(&a, &b) {
                a = limbs::sub(&a, &b).0;
                tb = limbs::add(&tb, &shl(t1, s)).0;
            }
        }
        (a, tb)
    };
    while !limbs::lt(&r1, &limit) {
        let (r2, t2) = step(&r0, &r1, &t0, &t1);
        (r0, r1, t0, t1) = (r1, r2, t1, t2);
        t1_negative = !t1_negative;
    }
    // Candidates: (r1, t1), then (r0, t0), then the next step's (r2, t2).
    let fits = |x: &[u64; 5]| limbs::num_bits_vartime(x) <= MAX_BITS;
    let pick = |r: &[u64; 4], t: &[u64; 5], t_negative: bool| -> Option<(Signed, [u64; 3])> {
        if t[0] & 1 == 0 || !fits(t) || limbs::num_bits_vartime(r) > MAX_BITS {
            return None;
        }
        // c = r, d = t (signed); make d positive: (c, d) → (−c, −d).
        let c = Signed { negative: t_negative, magnitude: [r[0], r[1], r[2]] };
        Some((c, [t[0], t[1], t[2]]))
    };
    if let Some(x) = pick(&r1, &t1, t1_negative) {
        return Some(x);
    }
    if let Some(x) = pick(&r0, &t0, !t1_negative) {
        return Some(x);
    }
    if limbs::is_zero(&r1) {
        return None;
    }
    let (r2, t2) = step(&r0, &r1, &t0, &t1);
    pick(&r2, &t2, !t1_negative)
}

#[cfg(test)]
mod tests {
    use num_bigint::{BigInt, Sign};
    use rand::{Rng, SeedableRng};

    use super::*;

    fn big(l: &[u64]) -> BigInt {
        let bytes: Vec<u8> = l.iter().flat_map(|w| w.to_le_bytes()).collect();
        BigInt::from_bytes_le(Sign::Plus, &bytes)
    }

    #[test]
    fn eight_l() {
        use crate::field::FieldParams;
        let l = big(&<crate::curves::curve25519::scalar::ScalarParams as FieldParams<4>>::MODULUS);
        assert_eq!(big(&EIGHT_L), l * 8);
    }

    #[test]
    fn congruence_and_sizes() {
        let n = big(&EIGHT_L);
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(454);
        let mut found = 0;
        for i in 0..5000 {
            let mut k: [u64; 4] = rng.gen();
            k[3] &= 0x0fff_ffff_ffff_ffff; // below 2^252 < ℓ
            if i < 4 {
                k = [i as u64 + 1, 0, 0, 0];
            }
            let Some((c, d)) = half_size_vartime(&k) else { continue };
            found += 1;
            let c_int = if c.negative { -big(&c.magnitude) } else { big(&c.magnitude) };
            let d_int = big(&d);
            assert!(d[0] & 1 == 1);
            assert!(d_int.bits() <= u64::from(MAX_BITS) && big(&c.magnitude).bits() <= u64::from(MAX_BITS));
            let diff: BigInt = (c_int - d_int * big(&k)) % &n;
            assert_eq!(diff, BigInt::from(0), "k = {k:x?}");
        }
        assert!(found > 4900, "{found}");
    }
}
