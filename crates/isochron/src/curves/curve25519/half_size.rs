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
//! The steps run mostly on the top 63 bits of the remainders (Lehmer's method: [`lehmer`]),
//! which decide about 30 of them per round, applied to the full values as one matrix.
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
        if let Some(m) = lehmer(&r0, &r1) {
            (r0, r1) = (m.remainder(&r0, &r1, false), m.remainder(&r0, &r1, true));
            (t0, t1) = (m.coefficient(&t0, &t1, false), m.coefficient(&t0, &t1, true));
            t1_negative ^= m.odd;
            continue;
        }
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

/// The cofactors of several Euclidean steps, `(r0, r1) ← (A·r0 + B·r1, C·r0 + D·r1)`, as
/// magnitudes: their signs alternate (`A` and `D` have the sign `(−1)^steps`, `B` and `C` the
/// other), so each new remainder is a difference of two products and each new coefficient
/// magnitude `|t|` a sum.
struct Cofactors {
    a: u64,
    b: u64,
    c: u64,
    d: u64,
    /// Whether the number of steps is odd.
    odd: bool,
}

impl Cofactors {
    /// `A·r0 + B·r1` (`second = false`) or `C·r0 + D·r1`: non-negative, as a remainder.
    fn remainder(&self, r0: &[u64; 4], r1: &[u64; 4], second: bool) -> [u64; 4] {
        let (x, y) = if second { (self.c, self.d) } else { (self.a, self.b) };
        let (p, q) = (mul_word(r0, x), mul_word(r1, y));
        // A·r0 is the positive term when A has sign +: (steps even) xor (second row).
        let d = if self.odd == second { limbs::sub(&p, &q).0 } else { limbs::sub(&q, &p).0 };
        [d[0], d[1], d[2], d[3]]
    }

    /// `|A|·|t0| + |B|·|t1|` (`second = false`) or `|C|·|t0| + |D|·|t1|`.
    fn coefficient(&self, t0: &[u64; 5], t1: &[u64; 5], second: bool) -> [u64; 5] {
        let (x, y) = if second { (self.c, self.d) } else { (self.a, self.b) };
        let (p, q) = (mul_word5(t0, x), mul_word5(t1, y));
        limbs::add(&p, &q).0
    }
}

/// `a·w` as five words.
fn mul_word(a: &[u64; 4], w: u64) -> [u64; 5] {
    mul_word5(&[a[0], a[1], a[2], a[3], 0], w)
}

/// `a·w` for a product below `2^320`.
fn mul_word5(a: &[u64; 5], w: u64) -> [u64; 5] {
    let mut out = [0u64; 5];
    let mut carry = 0u128;
    for (o, &x) in out.iter_mut().zip(a) {
        let v = u128::from(x) * u128::from(w) + carry;
        *o = v as u64;
        carry = v >> 64;
    }
    out
}

/// One round of Lehmer's method (Knuth, TAOCP vol. 2, §4.5.2, Algorithm L; Menezes, van
/// Oorschot, Vanstone, *Handbook of Applied Cryptography*, Alg. 14.57) on `r0 > r1 ≥ 2^128`:
/// the Euclidean steps of the top words `x̂ = ⌊r0/2^h⌋`, `ŷ = ⌊r1/2^h⌋` (63 bits) whose
/// quotients are certain (the same for the two extreme completions of the lower bits), and
/// whose new remainder provably stays at least `2^128`: with the low parts `e0, e1 < 2^h`,
/// the true remainder is `2^h·ŷ' + (C·e0 + D·e1)` and the second term (`C`, `D` of opposite
/// signs) exceeds `−2^h·max(|C|, |D|)`. `None` when no step qualifies.
fn lehmer(r0: &[u64; 4], r1: &[u64; 4]) -> Option<Cofactors> {
    // r0 ≥ 2^128: h ≥ 66, and 128 − h ≤ 62.
    let h = limbs::num_bits_vartime(r0) - 63;
    let floor: i128 = if h >= 128 { 1 } else { 1 << (128 - h) };
    let top = |r: &[u64; 4]| -> i128 {
        let (w, b) = ((h / 64) as usize, h % 64);
        let lo = r[w] >> b;
        let hi = if b > 0 && w + 1 < 4 { r[w + 1] << (64 - b) } else { 0 };
        i128::from(lo | hi)
    };
    let (mut x, mut y) = (top(r0), top(r1));
    let (mut a, mut b, mut c, mut d) = (1i128, 0i128, 0i128, 1i128);
    let mut steps = 0u32;
    loop {
        // Both completions' quotients, in words (all four terms are below 2^64 here; a
        // non-positive one ends the round).
        let (xa, xb, yc, yd) = (x + a, x + b, y + c, y + d);
        if xa < 0 || xb < 0 || yc <= 0 || yd <= 0 {
            break;
        }
        let q = (xa as u64) / (yc as u64);
        if q != (xb as u64) / (yd as u64) {
            break;
        }
        let q = i128::from(q);
        let (nc, nd, ny) = (a - q * c, b - q * d, x - q * y);
        if ny - nc.abs().max(nd.abs()) < floor {
            break;
        }
        (a, b, c, d, x, y) = (c, d, nc, nd, y, ny);
        steps += 1;
    }
    // The cofactors stay below 2^63 (each is at most x̂ over the last remainder).
    (steps > 0).then(|| Cofactors {
        a: a.unsigned_abs() as u64,
        b: b.unsigned_abs() as u64,
        c: c.unsigned_abs() as u64,
        d: d.unsigned_abs() as u64,
        odd: steps % 2 == 1,
    })
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

    /// The plain extended Euclidean algorithm (one step at a time), as the module computed it
    /// before Lehmer's rounds: the same `(c, d)` for every `k`.
    fn reference(k: &[u64; 4]) -> Option<(Signed, [u64; 3])> {
        let n = big(&EIGHT_L);
        let kk = big(k);
        if kk == BigInt::from(0) {
            return None;
        }
        let limit = BigInt::from(1) << 128;
        let (mut r0, mut r1, mut t0, mut t1) = (n.clone(), kk, BigInt::from(0), BigInt::from(1));
        while r1 >= limit {
            let q = &r0 / &r1;
            (r0, r1) = (r1.clone(), &r0 - &q * &r1);
            (t0, t1) = (t1.clone(), &t0 - &q * &t1);
        }
        let pick = |r: &BigInt, t: &BigInt| -> Option<(Signed, [u64; 3])> {
            let (tm, rm) = (t.magnitude(), r.magnitude());
            if !t.bit(0) || tm.bits() > u64::from(MAX_BITS) || rm.bits() > u64::from(MAX_BITS) {
                return None;
            }
            let words = |v: &num_bigint::BigUint| {
                let d = v.to_u64_digits();
                core::array::from_fn(|i| d.get(i).copied().unwrap_or(0))
            };
            Some((Signed { negative: t.sign() == Sign::Minus, magnitude: words(rm) }, words(tm)))
        };
        if let Some(x) = pick(&r1, &t1) {
            return Some(x);
        }
        if let Some(x) = pick(&r0, &t0) {
            return Some(x);
        }
        if r1 == BigInt::from(0) {
            return None;
        }
        let q = &r0 / &r1;
        pick(&(&r0 - &q * &r1), &(&t0 - &q * &t1))
    }

    #[test]
    fn lehmer_rounds_match_the_plain_algorithm() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(9_380);
        // 1, 2^128 − 1, 2^128, ℓ − 1 (= 8ℓ/8 − 1).
        let l = EIGHT_L;
        let l_minus_1 =
            [((l[0] >> 3) | (l[1] << 61)) - 1, (l[1] >> 3) | (l[2] << 61), (l[2] >> 3) | (l[3] << 61), l[3] >> 3];
        let mut ks: Vec<[u64; 4]> = vec![[1, 0, 0, 0], [u64::MAX, u64::MAX, 0, 0], [0, 0, 1, 0], l_minus_1];
        for _ in 0..20_000 {
            let mut k: [u64; 4] = rng.gen();
            k[3] &= 0x1fff_ffff_ffff_ffff;
            // Some near powers of two and with long runs of equal bits.
            match rng.gen_range(0..8) {
                0 => k[0] = 0,
                1 => k[1] = u64::MAX,
                2 => k = [k[0], 0, 0, 1 << rng.gen_range(0..61)],
                _ => {}
            }
            ks.push(k);
        }
        for k in ks {
            assert_eq!(half_size_vartime(&k), reference(&k), "k = {k:x?}");
        }
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
