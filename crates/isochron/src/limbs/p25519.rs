//! Portable arithmetic modulo `p = 2^255 − 19` on four saturated 64-bit limbs (the Curve25519
//! base field, RFC 7748 §4.1), the reference and `const fn` path of
//! `curves::curve25519::field::Fe`; on x86-64 with BMI2/ADX the products and squares run in
//! [`super::x86_64_adx::p25519`] instead.
//!
//! **Representation.** A value is any `x < 2^256` congruent to the element ("weakly reduced"):
//! every operation maps inputs below `2^256` to an output below `2^256`, and only
//! [`canonical`] reduces to `[0, p)`. Since `2^256 = 2·p + 38`, `2^256 ≡ 38 (mod p)`, so a
//! carry out of bit 255 is folded back by adding 38 (a pseudo-Mersenne reduction, Crandall,
//! US patent 5,159,632, 1992; Bernstein, "Curve25519: new Diffie-Hellman speed records",
//! PKC 2006, §4).
//!
//! **Products.** The 512-bit schoolbook product `T = H·2^256 + L` (Menezes, van Oorschot,
//! Vanstone, *Handbook of Applied Cryptography*, Alg. 14.12, squares with each cross product
//! once, Alg. 14.16) is reduced as `L + 38·H < 2^256 + 38·2^256`: the fifth word `c ≤ 38` is
//! folded once more as `38·c < 2^11`, and the carry of that last addition (which can only occur
//! when the low words wrapped to a value below `2^11`) once more as 38, which cannot carry.
//!
//! **Constant time.** Straight-line code: `u128` products and sums (one `MUL`, `ADD`/`ADC`),
//! carries folded by multiplication with the carry bit, no branch or index on the values.

/// `p = 2^255 − 19`, little-endian limbs.
pub const P: [u64; 4] = [0xffff_ffff_ffff_ffed, u64::MAX, u64::MAX, 0x7fff_ffff_ffff_ffff];

/// Folds a fifth word `c` (with `c·38 < 2^64`) of `r + c·2^256` back into four words:
/// `r + 38·c`, then the carry of that (at most 1) as 38 more, which cannot carry again.
#[inline(always)]
const fn fold(r: [u64; 4], c: u64) -> [u64; 4] {
    let mut out = [0u64; 4];
    let mut acc = r[0] as u128 + (c * 38) as u128;
    out[0] = acc as u64;
    let mut i = 1;
    while i < 4 {
        acc = r[i] as u128 + (acc >> 64);
        out[i] = acc as u64;
        i += 1;
    }
    // A carry means the sum wrapped: out < 38·c + 1 < 2^11, so adding 38 cannot carry.
    out[0] += 38 * (acc >> 64) as u64;
    out
}

/// Reduces the 512-bit `t` (little-endian) to four words `≡ t (mod p)`, below `2^256`:
/// `low + 38·high`, then the fifth word folded once more.
#[inline(always)]
pub const fn reduce_wide(t: &[u64; 8]) -> [u64; 4] {
    let mut r = [0u64; 4];
    let mut carry: u128 = 0;
    let mut i = 0;
    while i < 4 {
        let v = t[i] as u128 + 38 * t[i + 4] as u128 + carry;
        r[i] = v as u64;
        carry = v >> 64;
        i += 1;
    }
    // carry ≤ 38.
    fold(r, carry as u64)
}

/// `a·b mod p` (weakly reduced: `< 2^256`) for `a, b < 2^256`.
#[inline(always)]
pub const fn mul(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let mut t = [0u64; 8];
    let mut i = 0;
    while i < 4 {
        let mut carry: u128 = 0;
        let mut j = 0;
        while j < 4 {
            let v = t[i + j] as u128 + a[i] as u128 * b[j] as u128 + carry;
            t[i + j] = v as u64;
            carry = v >> 64;
            j += 1;
        }
        t[i + 4] = carry as u64;
        i += 1;
    }
    reduce_wide(&t)
}

/// `a² mod p` (weakly reduced) for `a < 2^256`: the six cross products once, doubled, plus the
/// four squares on the diagonal (HAC Alg. 14.16).
#[inline(always)]
pub const fn sqr(a: &[u64; 4]) -> [u64; 4] {
    let mut t = [0u64; 8];
    // Cross products a[i]·a[j], i < j.
    let mut i = 0;
    while i < 3 {
        let mut carry: u128 = 0;
        let mut j = i + 1;
        while j < 4 {
            let v = t[i + j] as u128 + a[i] as u128 * a[j] as u128 + carry;
            t[i + j] = v as u64;
            carry = v >> 64;
            j += 1;
        }
        t[i + 4] = carry as u64;
        i += 1;
    }
    // Doubled (the sum of cross products is below 2^511, so nothing is lost), then the
    // squares added.
    let mut top = 0u64;
    let mut k = 0;
    while k < 8 {
        let w = t[k];
        t[k] = (w << 1) | top;
        top = w >> 63;
        k += 1;
    }
    let mut carry: u128 = 0;
    let mut i = 0;
    while i < 4 {
        let sq = a[i] as u128 * a[i] as u128;
        let v = t[2 * i] as u128 + (sq as u64) as u128 + carry;
        t[2 * i] = v as u64;
        let v = t[2 * i + 1] as u128 + (sq >> 64) + (v >> 64);
        t[2 * i + 1] = v as u64;
        carry = v >> 64;
        i += 1;
    }
    reduce_wide(&t)
}

/// `a·k mod p` (weakly reduced) for `a < 2^256` and a word `k < 2^32`.
#[inline(always)]
pub const fn mul_small(a: &[u64; 4], k: u32) -> [u64; 4] {
    let mut r = [0u64; 4];
    let mut carry: u128 = 0;
    let mut i = 0;
    while i < 4 {
        let v = a[i] as u128 * k as u128 + carry;
        r[i] = v as u64;
        carry = v >> 64;
        i += 1;
    }
    // carry < 2^32, so 38·carry < 2^38.
    fold(r, carry as u64)
}

/// `a + b mod p` (weakly reduced) for `a, b < 2^256`: the carry of the sum folded as 38.
#[inline(always)]
pub const fn add(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let mut r = [0u64; 4];
    let mut carry: u128 = 0;
    let mut i = 0;
    while i < 4 {
        let v = a[i] as u128 + b[i] as u128 + carry;
        r[i] = v as u64;
        carry = v >> 64;
        i += 1;
    }
    fold(r, carry as u64)
}

/// `a − b mod p` (weakly reduced) for `a, b < 2^256`: a borrow out of the difference means
/// `2^256` was added, so 38 is subtracted; a second borrow (the difference was below 38 and
/// wrapped to at least `2^256 − 38`) subtracts 38 once more, which cannot borrow.
#[inline(always)]
pub const fn sub(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let mut r = [0u64; 4];
    let mut borrow = 0u64;
    let mut i = 0;
    while i < 4 {
        let v = (a[i] as u128).wrapping_sub(b[i] as u128 + borrow as u128);
        r[i] = v as u64;
        borrow = (v >> 127) as u64;
        i += 1;
    }
    let v = (r[0] as u128).wrapping_sub((38 * borrow) as u128);
    r[0] = v as u64;
    let mut borrow = (v >> 127) as u64;
    let mut i = 1;
    while i < 4 {
        let v = (r[i] as u128).wrapping_sub(borrow as u128);
        r[i] = v as u64;
        borrow = (v >> 127) as u64;
        i += 1;
    }
    r[0] = r[0].wrapping_sub(38 * borrow);
    r
}

/// `−a mod p` (weakly reduced) for `a < 2^256`.
#[inline(always)]
pub const fn neg(a: &[u64; 4]) -> [u64; 4] {
    sub(&[0; 4], a)
}

/// The canonical representative in `[0, p)` of `a < 2^256`: bit 255 folded as 19
/// (`2^255 ≡ 19`), leaving `x < 2^255 + 19 < 2p`; then `x − p` is kept when `x + 19` reaches
/// bit 255 (that is, `x ≥ p`), selected with a mask. The `const fn` path (constants); run-time
/// code on secrets uses [`canonical_ct`].
#[inline(always)]
pub const fn canonical(a: &[u64; 4]) -> [u64; 4] {
    let (x, y, ge) = canonical_candidates(a);
    select(&x, &y, ge.wrapping_neg())
}

/// [`canonical`] for run-time use on secrets: the mask passes an optimization barrier, so that
/// the compiler cannot turn the selection into a conditional move (which it did; found by the
/// constant-time checker), as in `mont::mul_ct`.
#[inline(always)]
pub fn canonical_ct(a: &[u64; 4]) -> [u64; 4] {
    let (x, y, ge) = canonical_candidates(a);
    select(&x, &y, core::hint::black_box(ge).wrapping_neg())
}

/// `(x, x − p mod 2^255, [x ≥ p])` for the `x < 2^255 + 19` of [`canonical`].
#[inline(always)]
const fn canonical_candidates(a: &[u64; 4]) -> ([u64; 4], [u64; 4], u64) {
    let top = a[3] >> 63;
    let mut x = [a[0], a[1], a[2], a[3] & (u64::MAX >> 1)];
    let mut acc = x[0] as u128 + 19 * top as u128;
    x[0] = acc as u64;
    let mut i = 1;
    while i < 4 {
        acc = x[i] as u128 + (acc >> 64);
        x[i] = acc as u64;
        i += 1;
    }
    // x < 2^255 + 19: y = x + 19 < 2^256 does not carry out.
    let mut y = [0u64; 4];
    let mut acc = x[0] as u128 + 19;
    y[0] = acc as u64;
    let mut i = 1;
    while i < 4 {
        acc = x[i] as u128 + (acc >> 64);
        y[i] = acc as u64;
        i += 1;
    }
    // x ≥ p iff y ≥ 2^255; then x − p = y − 2^255.
    let ge = y[3] >> 63;
    y[3] &= u64::MAX >> 1;
    (x, y, ge)
}

/// `b` where `mask` is all ones, `a` where it is zero, limb by limb with `XOR`/`AND`/`XOR`.
#[inline(always)]
const fn select(a: &[u64; 4], b: &[u64; 4], mask: u64) -> [u64; 4] {
    let mut r = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        r[i] = a[i] ^ (mask & (a[i] ^ b[i]));
        i += 1;
    }
    r
}

/// `a/2 mod p`, canonical, for `a < 2^256`: the canonical `x`, plus `p` when odd (below
/// `2^256`), shifted right by one. The parity mask passes an optimization barrier (see
/// [`canonical_ct`]).
#[inline(always)]
pub fn halve(a: &[u64; 4]) -> [u64; 4] {
    let x = canonical_ct(a);
    let mask = core::hint::black_box(x[0] & 1).wrapping_neg();
    let mut s = [0u64; 4];
    let mut carry: u128 = 0;
    let mut i = 0;
    while i < 4 {
        let v = x[i] as u128 + (P[i] & mask) as u128 + carry;
        s[i] = v as u64;
        carry = v >> 64;
        i += 1;
    }
    // x + p < 2p < 2^256: no carry out.
    [(s[0] >> 1) | (s[1] << 63), (s[1] >> 1) | (s[2] << 63), (s[2] >> 1) | (s[3] << 63), s[3] >> 1]
}
