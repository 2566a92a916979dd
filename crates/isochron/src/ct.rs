//! Constant-time building blocks: `subtle`'s [`Choice`]/[`CtOption`] as the currency, word-level
//! comparison, selection and swapping for `u8`, `u16`, `u32`, `u64` ([`Word`]) and for slices
//! of them, and `zeroize` for wiping secrets.
//!
//! Every function here takes time independent of the *values* of its arguments; slice lengths
//! are public. The comparisons are computed with the branch-free bit tricks of Warren,
//! *Hacker's Delight* (2nd ed.), §2-12 ("Comparison Predicates"): for words `x`, `y`,
//! - `x ≠ y` is the top bit of `d | -d` with `d = x ⊕ y`,
//! - `x < y` (unsigned) is the top bit of `(¬x ∧ y) ∨ (¬(x ⊕ y) ∧ (x − y))`,
//!
//! evaluated on 64-bit zero extensions, so one formula serves every width. Each resulting bit
//! becomes a [`Choice`] through `Choice::from`, which passes it through `subtle`'s optimization
//! barrier so the compiler cannot turn later uses back into branches.
//!
//! Multi-word comparisons treat slices as little-endian integers (limb 0 least significant),
//! the layout of [`crate::hazmat::limbs`], and run a full borrow chain over all limbs.
//!
//! Selection follows `subtle`'s convention: `ct_select(a, b, c)` is `a` when `c` is false and
//! `b` when it is true.

pub use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};
pub use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

use crate::error::Error;

mod sealed {
    pub trait Sealed {}
    impl Sealed for u8 {}
    impl Sealed for u16 {}
    impl Sealed for u32 {}
    impl Sealed for u64 {}
}

/// An unsigned machine word the constant-time primitives work on: `u8`, `u16`, `u32` or `u64`
/// (sealed). Values are handled as their 64-bit zero extension.
pub trait Word: Copy + sealed::Sealed {
    /// Zero extension to 64 bits.
    fn to_u64(self) -> u64;
    /// The low bits of `v` (truncation to the word width).
    fn from_u64(v: u64) -> Self;
}

macro_rules! impl_word {
    ($($t:ty),*) => {$(
        impl Word for $t {
            #[inline(always)]
            fn to_u64(self) -> u64 {
                self as u64
            }
            #[inline(always)]
            fn from_u64(v: u64) -> Self {
                v as $t
            }
        }
    )*};
}
impl_word!(u8, u16, u32, u64);

/// The top bit of `v` as a [`Choice`].
#[inline(always)]
fn top_bit(v: u64) -> Choice {
    Choice::from((v >> 63) as u8)
}

/// All-ones if `c` is true, zero otherwise.
#[inline(always)]
fn mask(c: Choice) -> u64 {
    u64::from(c.unwrap_u8()).wrapping_neg()
}

/// Top bit set iff `x ≠ y` (Hacker's Delight §2-12).
#[inline(always)]
fn ne_bit(x: u64, y: u64) -> u64 {
    let d = x ^ y;
    d | d.wrapping_neg()
}

/// Top bit set iff `x < y` as unsigned 64-bit integers (the borrow of `x − y`, Hacker's
/// Delight §2-12).
#[inline(always)]
fn lt_bit(x: u64, y: u64) -> u64 {
    (!x & y) | (!(x ^ y) & x.wrapping_sub(y))
}

/// `a == b`.
#[inline]
pub fn ct_eq<W: Word>(a: W, b: W) -> Choice {
    !top_bit(ne_bit(a.to_u64(), b.to_u64()))
}

/// `a != b`.
#[inline]
pub fn ct_ne<W: Word>(a: W, b: W) -> Choice {
    top_bit(ne_bit(a.to_u64(), b.to_u64()))
}

/// `a < b` (unsigned).
#[inline]
pub fn ct_lt<W: Word>(a: W, b: W) -> Choice {
    top_bit(lt_bit(a.to_u64(), b.to_u64()))
}

/// `a <= b` (unsigned).
#[inline]
pub fn ct_le<W: Word>(a: W, b: W) -> Choice {
    !ct_lt(b, a)
}

/// `a > b` (unsigned).
#[inline]
pub fn ct_gt<W: Word>(a: W, b: W) -> Choice {
    ct_lt(b, a)
}

/// `a >= b` (unsigned).
#[inline]
pub fn ct_ge<W: Word>(a: W, b: W) -> Choice {
    !ct_lt(a, b)
}

/// `a` if `choice` is false, `b` if it is true.
#[inline]
pub fn ct_select<W: Word>(a: W, b: W, choice: Choice) -> W {
    let (x, y) = (a.to_u64(), b.to_u64());
    W::from_u64(x ^ ((x ^ y) & mask(choice)))
}

/// Swaps `a` and `b` if `choice` is true.
#[inline]
pub fn ct_swap<W: Word>(a: &mut W, b: &mut W, choice: Choice) {
    let t = (a.to_u64() ^ b.to_u64()) & mask(choice);
    *a = W::from_u64(a.to_u64() ^ t);
    *b = W::from_u64(b.to_u64() ^ t);
}

/// `a == b`: the same (public) length and equal elements. Slices of different lengths are
/// unequal (a truncated tag never matches), decided from the lengths alone.
pub fn ct_eq_slice<W: Word>(a: &[W], b: &[W]) -> Choice {
    !ct_ne_slice(a, b)
}

/// `a != b`: different lengths, or a differing element (see [`ct_eq_slice`]).
pub fn ct_ne_slice<W: Word>(a: &[W], b: &[W]) -> Choice {
    if a.len() != b.len() {
        return Choice::from(1);
    }
    let diff = a.iter().zip(b).fold(0u64, |acc, (x, y)| acc | (x.to_u64() ^ y.to_u64()));
    top_bit(ne_bit(diff, 0))
}

/// The `i`-th word of `a`, zero past its end (`i` and the length are public).
#[inline(always)]
fn word_or_zero<W: Word>(a: &[W], i: usize) -> u64 {
    a.get(i).map_or(0, |w| w.to_u64())
}

/// `a < b` for little-endian multi-word integers: the borrow out of the full subtraction
/// `a − b`. Slices of different lengths compare as integers, the shorter one zero-extended.
pub fn ct_lt_slice<W: Word>(a: &[W], b: &[W]) -> Choice {
    let borrow = (0..a.len().max(b.len())).fold(0u64, |borrow, i| {
        let (x, y) = (word_or_zero(a, i), word_or_zero(b, i));
        // x − y − borrow in 128 bits: negative iff bit 64 of the wrapped result is set.
        let t = u128::from(x).wrapping_sub(u128::from(y) + u128::from(borrow));
        ((t >> 64) as u64) & 1
    });
    Choice::from(borrow as u8)
}

/// `a <= b` for little-endian multi-word integers (different lengths: see [`ct_lt_slice`]).
pub fn ct_le_slice<W: Word>(a: &[W], b: &[W]) -> Choice {
    !ct_lt_slice(b, a)
}

/// `a > b` for little-endian multi-word integers (different lengths: see [`ct_lt_slice`]).
pub fn ct_gt_slice<W: Word>(a: &[W], b: &[W]) -> Choice {
    ct_lt_slice(b, a)
}

/// `a >= b` for little-endian multi-word integers (different lengths: see [`ct_lt_slice`]).
pub fn ct_ge_slice<W: Word>(a: &[W], b: &[W]) -> Choice {
    !ct_lt_slice(a, b)
}

/// [`Error::Length`] unless the slices have the same (public) number of elements.
fn same_len(expected: usize, got: usize) -> Result<(), Error> {
    if expected != got {
        return Err(Error::Length { expected, got });
    }
    Ok(())
}

/// Writes `a` (if `choice` is false) or `b` (if true) into `out`, element-wise. All three must
/// have the same length; otherwise [`Error::Length`] (counting elements) and `out` untouched.
pub fn ct_select_slice<W: Word>(out: &mut [W], a: &[W], b: &[W], choice: Choice) -> Result<(), Error> {
    same_len(out.len(), a.len())?;
    same_len(out.len(), b.len())?;
    for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
        *o = ct_select(*x, *y, choice);
    }
    Ok(())
}

/// Swaps the contents of `a` and `b` if `choice` is true. Both must have the same length;
/// otherwise [`Error::Length`] (counting elements) and neither is touched.
pub fn ct_swap_slice<W: Word>(a: &mut [W], b: &mut [W], choice: Choice) -> Result<(), Error> {
    same_len(a.len(), b.len())?;
    for (x, y) in a.iter_mut().zip(b.iter_mut()) {
        ct_swap(x, y, choice);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    fn b(c: Choice) -> bool {
        c.into()
    }

    /// Checks every word primitive on one pair against the plain operators.
    fn check_pair<W: Word + Ord + core::fmt::Debug>(x: W, y: W) {
        assert_eq!(b(ct_eq(x, y)), x == y, "eq {x:?} {y:?}");
        assert_eq!(b(ct_ne(x, y)), x != y, "ne {x:?} {y:?}");
        assert_eq!(b(ct_lt(x, y)), x < y, "lt {x:?} {y:?}");
        assert_eq!(b(ct_le(x, y)), x <= y, "le {x:?} {y:?}");
        assert_eq!(b(ct_gt(x, y)), x > y, "gt {x:?} {y:?}");
        assert_eq!(b(ct_ge(x, y)), x >= y, "ge {x:?} {y:?}");
        assert_eq!(ct_select(x, y, Choice::from(0)), x);
        assert_eq!(ct_select(x, y, Choice::from(1)), y);
        let (mut p, mut q) = (x, y);
        ct_swap(&mut p, &mut q, Choice::from(0));
        assert_eq!((p, q), (x, y));
        ct_swap(&mut p, &mut q, Choice::from(1));
        assert_eq!((p, q), (y, x));
    }

    /// Edge values of a width: small numbers, around each power of two, and the top.
    fn edges(bits: u32) -> impl Iterator<Item = u64> {
        let max = u64::MAX >> (64 - bits);
        (0..bits)
            .flat_map(move |k| {
                let p = 1u64 << k;
                [p - 1, p, p + 1, max - p, max ^ p]
            })
            .chain([0, 1, 2, max - 1, max])
            .map(move |v| v & max)
    }

    #[test]
    fn u8_exhaustive() {
        for x in 0..=u8::MAX {
            for y in 0..=u8::MAX {
                check_pair(x, y);
            }
        }
    }

    #[test]
    fn u16_every_value_against_edges_and_neighbours() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(16);
        let edges: std::vec::Vec<u16> = edges(16).map(|v| v as u16).collect();
        for x in 0..=u16::MAX {
            for &y in &edges {
                check_pair(x, y);
                check_pair(y, x);
            }
            for y in [x.wrapping_sub(1), x, x.wrapping_add(1), x ^ 0x8000, rng.gen()] {
                check_pair(x, y);
            }
        }
    }

    #[test]
    fn u32_u64_random_and_edges() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(32);
        for x in edges(32) {
            for y in edges(32) {
                check_pair(x as u32, y as u32);
            }
        }
        for x in edges(64) {
            for y in edges(64) {
                check_pair(x, y);
            }
        }
        for _ in 0..200_000 {
            let (x, y): (u64, u64) = rng.gen();
            check_pair(x, y);
            check_pair(x as u32, y as u32);
            // Pairs that share high bits exercise the low-order part of the borrow.
            check_pair(x, x ^ (y >> (x % 64)));
            check_pair(x as u32, (x ^ (y >> (x % 32))) as u32);
        }
    }

    /// The slice as a big integer (little-endian words of `bits` bits), for comparisons.
    fn value<W: Word>(a: &[W], bits: u32) -> num_bigint::BigUint {
        a.iter().rev().fold(num_bigint::BigUint::default(), |v, w| (v << bits) + w.to_u64())
    }

    fn check_slices<W: Word + PartialEq + core::fmt::Debug>(x: &[W], y: &[W], bits: u32) {
        let (vx, vy) = (value(x, bits), value(y, bits));
        assert_eq!(b(ct_eq_slice(x, y)), x == y);
        assert_eq!(b(ct_ne_slice(x, y)), x != y);
        assert_eq!(b(ct_lt_slice(x, y)), vx < vy);
        assert_eq!(b(ct_le_slice(x, y)), vx <= vy);
        assert_eq!(b(ct_gt_slice(x, y)), vx > vy);
        assert_eq!(b(ct_ge_slice(x, y)), vx >= vy);
        let mut out = x.to_vec();
        ct_select_slice(&mut out, x, y, Choice::from(1)).unwrap();
        assert_eq!(out, y);
        ct_select_slice(&mut out, x, y, Choice::from(0)).unwrap();
        assert_eq!(out, x);
        let (mut p, mut q) = (x.to_vec(), y.to_vec());
        ct_swap_slice(&mut p, &mut q, Choice::from(0)).unwrap();
        assert_eq!((&p[..], &q[..]), (x, y));
        ct_swap_slice(&mut p, &mut q, Choice::from(1)).unwrap();
        assert_eq!((&p[..], &q[..]), (y, x));
    }

    /// Random slices, and slices differing from each other in one random word (so the
    /// comparison is decided at every possible position).
    fn random_slices<W: Word + PartialEq + core::fmt::Debug>(bits: u32, rng: &mut impl Rng) {
        for len in 0..8 {
            for _ in 0..500 {
                let x: std::vec::Vec<W> = (0..len).map(|_| W::from_u64(rng.gen())).collect();
                let mut y: std::vec::Vec<W> = (0..len).map(|_| W::from_u64(rng.gen())).collect();
                check_slices(&x, &y, bits);
                y.copy_from_slice(&x);
                check_slices(&x, &y, bits);
                if len > 0 {
                    let i = rng.gen_range(0..len);
                    y[i] = W::from_u64(rng.gen::<u64>() >> rng.gen_range(0..64));
                    check_slices(&x, &y, bits);
                }
            }
        }
    }

    #[test]
    fn slices_all_widths() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        random_slices::<u8>(8, &mut rng);
        random_slices::<u16>(16, &mut rng);
        random_slices::<u32>(32, &mut rng);
        random_slices::<u64>(64, &mut rng);
        // Arrays coerce to slices.
        let (x, y) = ([1u64, 2, 3, 4], [1u64, 2, 3, 5]);
        assert!(b(ct_lt_slice(&x, &y)) && b(ct_ne_slice(&x, &y)));
    }

    /// Different lengths never panic: equality is false, the order compares the integer values
    /// (the shorter zero-extended), select and swap report [`Error::Length`] and write nothing.
    #[test]
    fn slices_of_different_lengths() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(8);
        for _ in 0..2000 {
            let (la, lb) = (rng.gen_range(0..5), rng.gen_range(0..5));
            let x: std::vec::Vec<u16> = (0..la).map(|_| rng.gen::<u16>() >> rng.gen_range(0..17)).collect();
            let y: std::vec::Vec<u16> = (0..lb).map(|_| rng.gen::<u16>() >> rng.gen_range(0..17)).collect();
            let (vx, vy) = (value(&x, 16), value(&y, 16));
            assert_eq!(b(ct_eq_slice(&x, &y)), x == y);
            assert_eq!(b(ct_ne_slice(&x, &y)), x != y);
            assert_eq!(b(ct_lt_slice(&x, &y)), vx < vy);
            assert_eq!(b(ct_le_slice(&x, &y)), vx <= vy);
            assert_eq!(b(ct_gt_slice(&x, &y)), vx > vy);
            assert_eq!(b(ct_ge_slice(&x, &y)), vx >= vy);
        }
        assert!(!b(ct_eq_slice(&[1u32, 0], &[1u32])));
        let mut out = [0u32; 2];
        assert_eq!(
            ct_select_slice(&mut out, &[1, 2], &[3], Choice::from(1)),
            Err(Error::Length { expected: 2, got: 1 })
        );
        assert_eq!(
            ct_select_slice(&mut out, &[1], &[3, 4], Choice::from(1)),
            Err(Error::Length { expected: 2, got: 1 })
        );
        assert_eq!(out, [0, 0]);
        let (mut p, mut q) = ([1u8, 2], [3u8]);
        assert_eq!(ct_swap_slice(&mut p, &mut q, Choice::from(1)), Err(Error::Length { expected: 2, got: 1 }));
        assert_eq!((p, q), ([1, 2], [3]));
    }
}
