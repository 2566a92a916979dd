//! Multi-precision integers as little-endian `[u64; N]` limbs.
//!
//! Everything here is generic over the number of limbs `N` and, unless its name ends in
//! `_vartime`, runs in time independent of the limb values. Most functions are `const fn` so
//! that Montgomery constants can be derived from a modulus at compile time ([`mont`]).
//! On x86-64 the run-time field arithmetic takes its modular addition, subtraction and
//! negation from [`x86_64_addsub`] instead: LLVM turns the `u128` carries of [`adc`]/[`sbb`]
//! into `setb`/re-add sequences rather than `ADC`/`SBB` chains.

use crate::error::Error;

// Assembly text for the x86-64 kernels below, from lists of register names and operand texts
// (a register name `r3` becomes the operand placeholder `{r3}`).

/// `op {r_i}, src_i` for each register and source operand, `$first` for the first and
/// `$rest` for the others (`add`/`adc`; `mov`/`mov` loads).
#[cfg(target_arch = "x86_64")]
macro_rules! chain {
    ($first:literal, $rest:literal; [$r0:ident $($r:ident)*]; [$s0:literal $($s:literal)*]) => {
        concat!(
            $first, " {", stringify!($r0), "}, ", $s0, "\n",
            $($rest, " {", stringify!($r), "}, ", $s, "\n",)*
        )
    };
}

/// `mov dst_i, {r_i}` for each register.
#[cfg(target_arch = "x86_64")]
macro_rules! store {
    ([$($r:ident)*]; [$($d:literal)*]) => {
        concat!($("mov ", $d, ", {", stringify!($r), "}\n",)*)
    };
}

/// `cmov<cc> {r_i}, src_i` for each register.
#[cfg(target_arch = "x86_64")]
macro_rules! cmov {
    ($cc:literal; [$($r:ident)*]; [$($s:literal)*]) => {
        concat!($("cmov", $cc, " {", stringify!($r), "}, ", $s, "\n",)*)
    };
}

pub mod mont;
pub mod p25519;
#[cfg(target_arch = "x86_64")]
pub mod x86_64_addsub;
#[cfg(target_arch = "x86_64")]
pub mod x86_64_adx;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64_ifma;
#[cfg(target_arch = "x86_64")]
pub mod x86_64_wide_addsub;
#[cfg(target_arch = "x86_64")]
pub mod x86_64_wide_sums;

/// The additive operations on double-width values `[low half, high half]` below `m·2^(64N)`
/// (lazy reduction, see `field/wide.rs`).
#[derive(Clone, Copy)]
pub enum WideOp {
    /// `(a + b) mod m·2^(64N)`.
    AddMod,
    /// `(a − b) mod m·2^(64N)`.
    SubMod,
    /// `a − b` for `a ≥ b`.
    Sub,
}

/// Add with carry: returns `(a + b + carry mod 2^64, carry_out)`, `carry ∈ {0, 1}`.
#[inline(always)]
pub const fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    let t = a as u128 + b as u128 + carry as u128;
    (t as u64, (t >> 64) as u64)
}

/// Subtract with borrow: returns `(a - b - borrow mod 2^64, borrow_out)`, `borrow ∈ {0, 1}`.
#[inline(always)]
pub const fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    let t = (a as u128).wrapping_sub(b as u128 + borrow as u128);
    (t as u64, ((t >> 64) as u64) & 1)
}

/// Multiply-accumulate: returns `(a + b·c + carry mod 2^64, high word)`; never overflows u128.
#[inline(always)]
pub const fn mac(a: u64, b: u64, c: u64, carry: u64) -> (u64, u64) {
    let t = a as u128 + (b as u128) * (c as u128) + carry as u128;
    (t as u64, (t >> 64) as u64)
}

/// `a + b`, returning the sum and the carry out (0 or 1).
#[inline(always)]
pub const fn add<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
    let mut r = [0u64; N];
    let mut carry = 0;
    let mut i = 0;
    while i < N {
        (r[i], carry) = adc(a[i], b[i], carry);
        i += 1;
    }
    (r, carry)
}

/// `a - b`, returning the difference mod 2^(64N) and the borrow out (0 or 1).
#[inline(always)]
pub const fn sub<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
    let mut r = [0u64; N];
    let mut borrow = 0;
    let mut i = 0;
    while i < N {
        (r[i], borrow) = sbb(a[i], b[i], borrow);
        i += 1;
    }
    (r, borrow)
}

/// Returns `a` if `mask == 0` and `b` if `mask == u64::MAX` (branch-free).
#[inline(always)]
pub const fn select<const N: usize>(a: &[u64; N], b: &[u64; N], mask: u64) -> [u64; N] {
    let mut r = [0u64; N];
    let mut i = 0;
    while i < N {
        r[i] = a[i] ^ ((a[i] ^ b[i]) & mask);
        i += 1;
    }
    r
}

/// `(a + b) mod m` for `a, b < m`, assuming `m < 2^(64N-1)` (a spare top bit) is *not* required:
/// the carry out of the addition is folded into the comparison.
#[inline(always)]
pub const fn add_mod<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let (s, carry) = add(a, b);
    let (d, borrow) = sub(&s, m);
    // Keep s only when s < m as a (N+1)-limb number: borrow set and no carry.
    let keep_s = (borrow & !carry & 1).wrapping_neg();
    select(&d, &s, keep_s)
}

/// `(a - b) mod m` for `a, b < m`.
#[inline(always)]
pub const fn sub_mod<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let (d, borrow) = sub(a, b);
    let mask = borrow.wrapping_neg();
    let mut mm = [0u64; N];
    let mut i = 0;
    while i < N {
        mm[i] = m[i] & mask;
        i += 1;
    }
    add(&d, &mm).0
}

/// `a + b` modulo `m = 2^256 − c` (`c < 2^64`) for any 4-word `a`, `b`, weakly reduced: a
/// result below `2^256`, congruent to `a + b` modulo `m`. A carry out (`2^256 ≡ c`) adds `c`;
/// when that carries again the value is below `c`, so the second `c` does not.
#[inline(always)]
pub const fn add_fold(a: &[u64; 4], b: &[u64; 4], c: u64) -> [u64; 4] {
    let (s, k) = add(a, b);
    let (s, k) = add(&s, &[k.wrapping_neg() & c, 0, 0, 0]);
    [s[0].wrapping_add(k.wrapping_neg() & c), s[1], s[2], s[3]]
}

/// `a − b` modulo `m = 2^256 − c` (`c < 2^64`) for any 4-word `a`, `b`, weakly reduced: a
/// borrow (`2^256` too many) takes `c` off; when that borrows again the value wraps to at
/// least `2^256 − c`, so the second `c` does not.
#[inline(always)]
pub const fn sub_fold(a: &[u64; 4], b: &[u64; 4], c: u64) -> [u64; 4] {
    let (d, k) = sub(a, b);
    let (d, k) = sub(&d, &[k.wrapping_neg() & c, 0, 0, 0]);
    [d[0].wrapping_sub(k.wrapping_neg() & c), d[1], d[2], d[3]]
}

/// `(-a) mod m` for `a < m` (zero maps to zero).
#[inline(always)]
pub const fn neg_mod<const N: usize>(a: &[u64; N], m: &[u64; N]) -> [u64; N] {
    // 0 − a, plus m exactly when that borrows (a ≠ 0). A mask from `is_zero(a)` instead let
    // LLVM branch on the secret (found by the ctgrind checker).
    sub_mod(&[0u64; N], a, m)
}

/// Whether all limbs are zero (branch-free).
#[inline(always)]
pub const fn is_zero<const N: usize>(a: &[u64; N]) -> bool {
    let mut acc = 0u64;
    let mut i = 0;
    while i < N {
        acc |= a[i];
        i += 1;
    }
    // (acc | -acc) has its top bit set iff acc != 0.
    ((acc | acc.wrapping_neg()) >> 63) == 0
}

/// Whether `a < b` as integers (branch-free).
#[inline(always)]
pub const fn lt<const N: usize>(a: &[u64; N], b: &[u64; N]) -> bool {
    sub(a, b).1 == 1
}

/// Whether `a == b` (branch-free).
#[inline(always)]
pub const fn eq<const N: usize>(a: &[u64; N], b: &[u64; N]) -> bool {
    let mut acc = 0u64;
    let mut i = 0;
    while i < N {
        acc |= a[i] ^ b[i];
        i += 1;
    }
    ((acc | acc.wrapping_neg()) >> 63) == 0
}

/// Logical right shift by one bit.
#[inline(always)]
pub const fn shr1<const N: usize>(a: &[u64; N]) -> [u64; N] {
    let mut r = [0u64; N];
    let mut i = 0;
    while i < N {
        r[i] = a[i] >> 1;
        if i + 1 < N {
            r[i] |= a[i + 1] << 63;
        }
        i += 1;
    }
    r
}

/// Logical right shift by `k < 64·N` bits (`k` is public).
pub const fn shr<const N: usize>(a: &[u64; N], k: u32) -> [u64; N] {
    let mut r = [0u64; N];
    let words = (k / 64) as usize;
    let bits = k % 64;
    let mut i = 0;
    while i + words < N {
        r[i] = a[i + words] >> bits;
        if bits != 0 && i + words + 1 < N {
            r[i] |= a[i + words + 1] << (64 - bits);
        }
        i += 1;
    }
    r
}

/// The number of significant bits of `a` (0 for zero). Variable time in the value of `a`.
pub const fn num_bits_vartime<const N: usize>(a: &[u64; N]) -> u32 {
    let mut i = N;
    while i > 0 {
        i -= 1;
        if a[i] != 0 {
            return 64 * i as u32 + 64 - a[i].leading_zeros();
        }
    }
    0
}

/// The number of trailing zero bits of `a` (`64·N` for zero). Variable time in `a`.
pub const fn trailing_zeros_vartime<const N: usize>(a: &[u64; N]) -> u32 {
    let mut i = 0;
    while i < N {
        if a[i] != 0 {
            return 64 * i as u32 + a[i].trailing_zeros();
        }
        i += 1;
    }
    64 * N as u32
}

/// The limbs with a single small value.
pub const fn from_u64<const N: usize>(v: u64) -> [u64; N] {
    let mut r = [0u64; N];
    r[0] = v;
    r
}

/// Parses a big-endian hexadecimal integer (with or without `0x`, `_` separators allowed) into
/// limbs. Panics — at compile time when used in a `const` — on a non-hex digit or overflow.
pub const fn from_hex<const N: usize>(s: &str) -> [u64; N] {
    let b = s.as_bytes();
    let mut start = 0;
    if b.len() >= 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
        start = 2;
    }
    let mut r = [0u64; N];
    let mut nibble = 0usize;
    let mut i = b.len();
    while i > start {
        i -= 1;
        let c = b[i];
        let v = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            b'_' => continue,
            _ => panic!("from_hex: not a hex digit"),
        } as u64;
        if v != 0 {
            assert!(nibble < 16 * N, "from_hex: value does not fit in N limbs");
            r[nibble / 16] |= v << (4 * (nibble % 16));
        }
        nibble += 1;
    }
    r
}

/// Parses a decimal integer into limbs (as EIP-197 prints BN254's constants). Panics — at
/// compile time when used in a `const` — on a non-digit or overflow.
pub const fn from_dec<const N: usize>(s: &str) -> [u64; N] {
    let b = s.as_bytes();
    let mut r = [0u64; N];
    let mut i = 0;
    while i < b.len() {
        assert!(b[i].is_ascii_digit(), "from_dec: not a decimal digit");
        // r = 10·r + digit
        let mut carry = (b[i] - b'0') as u64;
        let mut j = 0;
        while j < N {
            (r[j], carry) = mac(carry, r[j], 10, 0);
            j += 1;
        }
        assert!(carry == 0, "from_dec: value does not fit in N limbs");
        i += 1;
    }
    r
}

/// `⌊a / d⌋` for a small non-zero divisor (schoolbook long division; compile-time use, as
/// `/` is variable time on most CPUs).
pub const fn div_small<const N: usize>(a: &[u64; N], d: u64) -> [u64; N] {
    let mut q = [0u64; N];
    let mut rem = 0u128;
    let mut i = N;
    while i > 0 {
        i -= 1;
        let cur = (rem << 64) | a[i] as u128;
        q[i] = (cur / d as u128) as u64;
        rem = cur % d as u128;
    }
    q
}

/// The big-endian encoding of `a` as `N` words of 8 bytes (most significant word first; flatten
/// for the `8·N`-byte string, SEC 1 v2 §2.3.7 `Integer-to-Octet-String`). Constant time.
pub fn to_be_bytes<const N: usize>(a: &[u64; N]) -> [[u8; 8]; N] {
    let mut out = [[0u8; 8]; N];
    for (o, limb) in out.iter_mut().zip(a.iter().rev()) {
        *o = limb.to_be_bytes();
    }
    out
}

/// Limbs from `N` big-endian words of 8 bytes (the inverse of [`to_be_bytes`]). Constant time.
pub fn from_be_words<const N: usize>(words: &[[u8; 8]; N]) -> [u64; N] {
    let mut r = [0u64; N];
    for (limb, w) in r.iter_mut().zip(words.iter().rev()) {
        *limb = u64::from_be_bytes(*w);
    }
    r
}

/// Limbs from exactly `8·N` big-endian bytes (SEC 1 v2 §2.3.8 `Octet-String-to-Integer`);
/// [`Error::Length`] for any other length. Constant time in the bytes.
pub fn from_be_bytes<const N: usize>(bytes: &[u8]) -> Result<[u64; N], Error> {
    if bytes.len() != 8 * N {
        return Err(Error::Length { expected: 8 * N, got: bytes.len() });
    }
    let mut r = [0u64; N];
    for (limb, chunk) in r.iter_mut().rev().zip(bytes.chunks_exact(8)) {
        *limb = chunk.iter().fold(0u64, |acc, &b| (acc << 8) | u64::from(b));
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::big;
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};

    #[test]
    fn add_sub_match_bigint() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
        let m = BigUint::from(1u8) << 256;
        for _ in 0..1000 {
            let a: [u64; 4] = rng.gen();
            let b: [u64; 4] = rng.gen();
            let (s, c) = add(&a, &b);
            assert_eq!(big(&s) + (BigUint::from(c) << 256), big(&a) + big(&b));
            let (d, br) = sub(&a, &b);
            assert_eq!(big(&d), (big(&a) + &m - big(&b)) % &m);
            assert_eq!(br == 1, big(&a) < big(&b));
            assert_eq!(lt(&a, &b), big(&a) < big(&b));
        }
    }

    #[test]
    fn hex_and_shifts() {
        let a: [u64; 2] = from_hex("0x1_0000000000000002");
        assert_eq!(a, [2, 1]);
        assert_eq!(shr1(&a), [1 | (1 << 63), 0]);
        assert_eq!(shr(&a, 64), [1, 0]);
        assert_eq!(num_bits_vartime(&a), 65);
        assert!(is_zero(&[0u64; 3]) && !is_zero(&[0, 0, 1]));
        assert_eq!(from_dec::<2>("18446744073709551617"), [1, 1]);
    }

    /// Byte conversions: round trip, and an error (never a panic) on a wrong length.
    #[test]
    fn be_bytes_round_trip_and_wrong_length() {
        let a = [0x0102_0304_0506_0708u64, 0x1112_1314_1516_1718];
        let words = to_be_bytes(&a);
        assert_eq!(words, [[0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18], [1, 2, 3, 4, 5, 6, 7, 8]]);
        assert_eq!(from_be_words(&words), a);
        assert_eq!(from_be_bytes::<2>(words.as_flattened()), Ok(a));
        for len in [0, 1, 8, 15, 17, 24, 100] {
            assert_eq!(from_be_bytes::<2>(&vec![0u8; len]), Err(Error::Length { expected: 16, got: len }));
        }
    }
}
