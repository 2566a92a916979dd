//! x86-64 modular addition, subtraction and negation for N = 4 and N = 6 limbs: the run-time
//! path of [`Fp`](crate::field::Fp)'s `add`, `sub`, `neg` and `double`. The `const fn`
//! versions in [`crate::hazmat::limbs`] stay the portable reference and the compile-time path.
//!
//! **Why assembly.** LLVM compiles the portable `u128` carry chains of [`super::adc`] and
//! [`super::sbb`] to `setb`/re-add sequences rather than one `ADD`/`ADC` chain, which made an
//! Fp addition cost 4× a hand-written one; an Fp12 product does about 130 of them.
//!
//! **Algorithms** (Menezes, van Oorschot, Vanstone, *Handbook of Applied Cryptography*,
//! Alg. 14.7, 14.9 and the modular variants of §14.3):
//! - `add_mod`: `s = a + b` (one `ADD`/`ADC` chain; no carry out, since `a + b < 2m <
//!   2^(64N)` by the spare bit), `d = s − m` (one `SUB`/`SBB` chain on copies), then the borrow
//!   becomes a mask (`SBB r, r`) that selects `s` or `d` limb by limb with `XOR`/`AND`/`XOR`.
//!   For a 4-limb modulus with the top bit set (secp256k1, P-256) the carry of `a + b` is kept
//!   as a fifth word and the subtraction runs over five words.
//! - `sub_mod` and `neg_mod` need no spare bit: the result wraps modulo `2^(64N)` back into
//!   `[0, m)`.
//! - `sub_mod`: `d = a − b`, the borrow becomes a mask, then `d + (m AND mask)` (one more chain;
//!   the masked modulus is formed before the chain, as `AND` clears the carry flag).
//! - `neg_mod`: `m − a`, AND-ed with the mask "a ≠ 0" (`OR` of the limbs, `NEG`, `SBB r, r`), so
//!   zero maps to zero.
//!
//! - `add_fold4` and `sub_fold4`, for the weakly reduced values of `field::crandall`
//!   (`m = 2^256 − c`, any 4-word operands): the carry (borrow) out of the chain becomes the mask
//!   of `c`, added (subtracted) in a second chain, and the rare second carry (borrow) once more
//!   on the low word; see [`super::add_fold`] and [`super::sub_fold`].
//!
//! **Constant time.** Straight-line code: no branch, no `CMOV` (memcheck, which the ctgrind
//! checker uses, reports a conditional move on secret data like a branch), only mask
//! arithmetic, and memory is read at fixed offsets of the operands. Uses only base x86-64
//! instructions, so there is no CPU detection.

use core::arch::asm;

/// `(a + b) mod m` for `a, b < m`. Assembly for N ∈ {4, 6} with a spare top bit in `m`
/// (`m < 2^(64N−1)`, so the sum cannot carry out), and for N = 4 with the top bit set
/// (`add_mod4_full`); the portable [`super::add_mod`] otherwise.
#[inline(always)]
pub fn add_mod<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    if m[N - 1] >> 63 != 0 {
        if let (Ok(a4), Ok(b4), Ok(m4)) = (a.as_slice().try_into(), b.as_slice().try_into(), m.as_slice().try_into()) {
            let r = add_mod4_full(a4, b4, m4);
            let mut out = [0u64; N];
            out.copy_from_slice(&r);
            return out;
        }
        return super::add_mod(a, b, m);
    }
    if N != 4 && N != 6 {
        return super::add_mod(a, b, m);
    }
    let mut r = [0u64; N];
    let (pa, pb, pm) = (a.as_ptr(), b.as_ptr(), m.as_ptr());
    if N == 4 {
        // SAFETY: `pa`, `pb`, `pm` point to 4 readable limbs (N == 4); the block reads only
        // those, writes only its register operands and does not touch the stack.
        unsafe {
            asm!(
                "mov {s1}, [{a} + 8]",
                "mov {s2}, [{a} + 16]",
                "mov {s3}, [{a} + 24]",
                "mov {a}, [{a}]",
                "add {a}, [{b}]",
                "adc {s1}, [{b} + 8]",
                "adc {s2}, [{b} + 16]",
                "adc {s3}, [{b} + 24]",
                "mov {b}, {a}",
                "sub {b}, [{m}]",
                "mov {d1}, {s1}",
                "sbb {d1}, [{m} + 8]",
                "mov {d2}, {s2}",
                "sbb {d2}, [{m} + 16]",
                "mov {d3}, {s3}",
                "sbb {d3}, [{m} + 24]",
                "sbb {m}, {m}",
                "xor {a}, {b}", "and {a}, {m}", "xor {b}, {a}",
                "xor {s1}, {d1}", "and {s1}, {m}", "xor {d1}, {s1}",
                "xor {s2}, {d2}", "and {s2}, {m}", "xor {d2}, {s2}",
                "xor {s3}, {d3}", "and {s3}, {m}", "xor {d3}, {s3}",
                a = inout(reg) pa => _,
                b = inout(reg) pb => r[0],
                m = inout(reg) pm => _,
                s1 = out(reg) _, s2 = out(reg) _, s3 = out(reg) _,
                d1 = out(reg) r[1], d2 = out(reg) r[2], d3 = out(reg) r[3],
                options(pure, readonly, nostack),
            );
        }
    } else {
        // SAFETY: as above with 6 limbs (N == 6).
        unsafe {
            asm!(
                "mov {s1}, [{a} + 8]",
                "mov {s2}, [{a} + 16]",
                "mov {s3}, [{a} + 24]",
                "mov {s4}, [{a} + 32]",
                "mov {s5}, [{a} + 40]",
                "mov {a}, [{a}]",
                "add {a}, [{b}]",
                "adc {s1}, [{b} + 8]",
                "adc {s2}, [{b} + 16]",
                "adc {s3}, [{b} + 24]",
                "adc {s4}, [{b} + 32]",
                "adc {s5}, [{b} + 40]",
                "mov {b}, {a}",
                "sub {b}, [{m}]",
                "mov {d1}, {s1}",
                "sbb {d1}, [{m} + 8]",
                "mov {d2}, {s2}",
                "sbb {d2}, [{m} + 16]",
                "mov {d3}, {s3}",
                "sbb {d3}, [{m} + 24]",
                "mov {d4}, {s4}",
                "sbb {d4}, [{m} + 32]",
                "mov {d5}, {s5}",
                "sbb {d5}, [{m} + 40]",
                "sbb {m}, {m}",
                "xor {a}, {b}", "and {a}, {m}", "xor {b}, {a}",
                "xor {s1}, {d1}", "and {s1}, {m}", "xor {d1}, {s1}",
                "xor {s2}, {d2}", "and {s2}, {m}", "xor {d2}, {s2}",
                "xor {s3}, {d3}", "and {s3}, {m}", "xor {d3}, {s3}",
                "xor {s4}, {d4}", "and {s4}, {m}", "xor {d4}, {s4}",
                "xor {s5}, {d5}", "and {s5}, {m}", "xor {d5}, {s5}",
                a = inout(reg) pa => _,
                b = inout(reg) pb => r[0],
                m = inout(reg) pm => _,
                s1 = out(reg) _, s2 = out(reg) _, s3 = out(reg) _, s4 = out(reg) _, s5 = out(reg) _,
                d1 = out(reg) r[1], d2 = out(reg) r[2], d3 = out(reg) r[3], d4 = out(reg) r[4],
                d5 = out(reg) r[5],
                options(pure, readonly, nostack),
            );
        }
    }
    r
}

/// `(a + b) mod m` for `a, b < m` and a 4-limb `m ≥ 2^255` (secp256k1, P-256), where the sum
/// can carry out of four words: the carry `c` becomes a fifth word, `d = (c, s) − m` borrows
/// exactly when `a + b < m` (`SBB` of the fifth word), and that borrow is the mask that keeps
/// `s` rather than `d`. The same straight-line, mask-only code as [`add_mod`].
#[inline(always)]
fn add_mod4_full(a: &[u64; 4], b: &[u64; 4], m: &[u64; 4]) -> [u64; 4] {
    let mut r = [0u64; 4];
    // SAFETY: `a`, `b`, `m` are valid `[u64; 4]` references; the block reads only those 12
    // words, writes only its register operands and does not touch the stack.
    unsafe {
        asm!(
            "mov {s1}, [{a} + 8]",
            "mov {s2}, [{a} + 16]",
            "mov {s3}, [{a} + 24]",
            "mov {a}, [{a}]",
            "add {a}, [{b}]",
            "adc {s1}, [{b} + 8]",
            "adc {s2}, [{b} + 16]",
            "adc {s3}, [{b} + 24]",
            "mov {c:e}, 0",
            "adc {c}, 0",
            "mov {b}, {a}",
            "sub {b}, [{m}]",
            "mov {d1}, {s1}",
            "sbb {d1}, [{m} + 8]",
            "mov {d2}, {s2}",
            "sbb {d2}, [{m} + 16]",
            "mov {d3}, {s3}",
            "sbb {d3}, [{m} + 24]",
            "sbb {c}, 0",
            "sbb {m}, {m}",
            "xor {a}, {b}", "and {a}, {m}", "xor {b}, {a}",
            "xor {s1}, {d1}", "and {s1}, {m}", "xor {d1}, {s1}",
            "xor {s2}, {d2}", "and {s2}, {m}", "xor {d2}, {s2}",
            "xor {s3}, {d3}", "and {s3}, {m}", "xor {d3}, {s3}",
            a = inout(reg) a.as_ptr() => _,
            b = inout(reg) b.as_ptr() => r[0],
            m = inout(reg) m.as_ptr() => _,
            c = out(reg) _,
            s1 = out(reg) _, s2 = out(reg) _, s3 = out(reg) _,
            d1 = out(reg) r[1], d2 = out(reg) r[2], d3 = out(reg) r[3],
            options(pure, readonly, nostack),
        );
    }
    r
}

/// `(a − b) mod m` for `a, b < m`. Assembly for N ∈ {4, 6}; the portable [`super::sub_mod`]
/// otherwise.
#[inline(always)]
pub fn sub_mod<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    if N != 4 && N != 6 {
        return super::sub_mod(a, b, m);
    }
    let mut r = [0u64; N];
    let (pa, pb, pm) = (a.as_ptr(), b.as_ptr(), m.as_ptr());
    if N == 4 {
        // SAFETY: `pa`, `pb`, `pm` point to 4 readable limbs (N == 4); the block reads only
        // those, writes only its register operands and does not touch the stack.
        unsafe {
            asm!(
                "mov {d1}, [{a} + 8]",
                "mov {d2}, [{a} + 16]",
                "mov {d3}, [{a} + 24]",
                "mov {a}, [{a}]",
                "sub {a}, [{b}]",
                "sbb {d1}, [{b} + 8]",
                "sbb {d2}, [{b} + 16]",
                "sbb {d3}, [{b} + 24]",
                "sbb {b}, {b}",
                "mov {t0}, [{m}]", "and {t0}, {b}",
                "mov {t1}, [{m} + 8]", "and {t1}, {b}",
                "mov {t2}, [{m} + 16]", "and {t2}, {b}",
                "and {b}, [{m} + 24]",
                "add {a}, {t0}",
                "adc {d1}, {t1}",
                "adc {d2}, {t2}",
                "adc {d3}, {b}",
                a = inout(reg) pa => r[0],
                b = inout(reg) pb => _,
                m = in(reg) pm,
                d1 = out(reg) r[1], d2 = out(reg) r[2], d3 = out(reg) r[3],
                t0 = out(reg) _, t1 = out(reg) _, t2 = out(reg) _,
                options(pure, readonly, nostack),
            );
        }
    } else {
        // SAFETY: as above with 6 limbs (N == 6).
        unsafe {
            asm!(
                "mov {d1}, [{a} + 8]",
                "mov {d2}, [{a} + 16]",
                "mov {d3}, [{a} + 24]",
                "mov {d4}, [{a} + 32]",
                "mov {d5}, [{a} + 40]",
                "mov {a}, [{a}]",
                "sub {a}, [{b}]",
                "sbb {d1}, [{b} + 8]",
                "sbb {d2}, [{b} + 16]",
                "sbb {d3}, [{b} + 24]",
                "sbb {d4}, [{b} + 32]",
                "sbb {d5}, [{b} + 40]",
                "sbb {b}, {b}",
                "mov {t0}, [{m}]", "and {t0}, {b}",
                "mov {t1}, [{m} + 8]", "and {t1}, {b}",
                "mov {t2}, [{m} + 16]", "and {t2}, {b}",
                "mov {t3}, [{m} + 24]", "and {t3}, {b}",
                "mov {t4}, [{m} + 32]", "and {t4}, {b}",
                "and {b}, [{m} + 40]",
                "add {a}, {t0}",
                "adc {d1}, {t1}",
                "adc {d2}, {t2}",
                "adc {d3}, {t3}",
                "adc {d4}, {t4}",
                "adc {d5}, {b}",
                a = inout(reg) pa => r[0],
                b = inout(reg) pb => _,
                m = in(reg) pm,
                d1 = out(reg) r[1], d2 = out(reg) r[2], d3 = out(reg) r[3], d4 = out(reg) r[4],
                d5 = out(reg) r[5],
                t0 = out(reg) _, t1 = out(reg) _, t2 = out(reg) _, t3 = out(reg) _, t4 = out(reg) _,
                options(pure, readonly, nostack),
            );
        }
    }
    r
}

/// `(−a) mod m` for `a < m` (zero maps to zero). Assembly for N ∈ {4, 6}; the portable
/// [`super::neg_mod`] otherwise.
#[inline(always)]
pub fn neg_mod<const N: usize>(a: &[u64; N], m: &[u64; N]) -> [u64; N] {
    if N != 4 && N != 6 {
        return super::neg_mod(a, m);
    }
    let mut r = [0u64; N];
    let (pa, pm) = (a.as_ptr(), m.as_ptr());
    if N == 4 {
        // SAFETY: `pa`, `pm` point to 4 readable limbs (N == 4); the block reads only those,
        // writes only its register operands and does not touch the stack.
        unsafe {
            asm!(
                "mov {z}, [{a}]",
                "or {z}, [{a} + 8]",
                "or {z}, [{a} + 16]",
                "or {z}, [{a} + 24]",
                "neg {z}",
                "sbb {z}, {z}",
                "mov {d0}, [{m}]",
                "mov {d1}, [{m} + 8]",
                "mov {d2}, [{m} + 16]",
                "mov {d3}, [{m} + 24]",
                "sub {d0}, [{a}]",
                "sbb {d1}, [{a} + 8]",
                "sbb {d2}, [{a} + 16]",
                "sbb {d3}, [{a} + 24]",
                "and {d0}, {z}",
                "and {d1}, {z}",
                "and {d2}, {z}",
                "and {d3}, {z}",
                a = in(reg) pa,
                m = in(reg) pm,
                z = out(reg) _,
                d0 = out(reg) r[0], d1 = out(reg) r[1], d2 = out(reg) r[2], d3 = out(reg) r[3],
                options(pure, readonly, nostack),
            );
        }
    } else {
        // SAFETY: as above with 6 limbs (N == 6).
        unsafe {
            asm!(
                "mov {z}, [{a}]",
                "or {z}, [{a} + 8]",
                "or {z}, [{a} + 16]",
                "or {z}, [{a} + 24]",
                "or {z}, [{a} + 32]",
                "or {z}, [{a} + 40]",
                "neg {z}",
                "sbb {z}, {z}",
                "mov {d0}, [{m}]",
                "mov {d1}, [{m} + 8]",
                "mov {d2}, [{m} + 16]",
                "mov {d3}, [{m} + 24]",
                "mov {d4}, [{m} + 32]",
                "mov {d5}, [{m} + 40]",
                "sub {d0}, [{a}]",
                "sbb {d1}, [{a} + 8]",
                "sbb {d2}, [{a} + 16]",
                "sbb {d3}, [{a} + 24]",
                "sbb {d4}, [{a} + 32]",
                "sbb {d5}, [{a} + 40]",
                "and {d0}, {z}",
                "and {d1}, {z}",
                "and {d2}, {z}",
                "and {d3}, {z}",
                "and {d4}, {z}",
                "and {d5}, {z}",
                a = in(reg) pa,
                m = in(reg) pm,
                z = out(reg) _,
                d0 = out(reg) r[0], d1 = out(reg) r[1], d2 = out(reg) r[2], d3 = out(reg) r[3],
                d4 = out(reg) r[4], d5 = out(reg) r[5],
                options(pure, readonly, nostack),
            );
        }
    }
    r
}

/// The carry chains of [`add_lazy`] and [`sub_lazy`] over N ∈ {4, 6} words: `r = a`, then for
/// each pass `(op, opc, x)` in order, `r = r op x` (`op`/`opc` are `add`/`adc` or `sub`/`sbb`),
/// with every operand read from memory at fixed offsets.
macro_rules! lazy_chain {
    ($n:expr, $a:expr; $(($op:literal, $opc:literal, $x:ident = $xv:expr)),+) => {{
        let mut r = [0u64; 6];
        if $n == 4 {
            // SAFETY: every pointer operand points to 4 readable limbs (N == 4); the block reads
            // only those, writes only its register operands and does not touch the stack.
            unsafe {
                asm!(
                    "mov {r0}, [{a}]", "mov {r1}, [{a} + 8]", "mov {r2}, [{a} + 16]", "mov {r3}, [{a} + 24]",
                    $(
                        concat!($op, " {r0}, [{", stringify!($x), "}]"),
                        concat!($opc, " {r1}, [{", stringify!($x), "} + 8]"),
                        concat!($opc, " {r2}, [{", stringify!($x), "} + 16]"),
                        concat!($opc, " {r3}, [{", stringify!($x), "} + 24]"),
                    )+
                    a = in(reg) $a.as_ptr(),
                    $($x = in(reg) $xv.as_ptr(),)+
                    r0 = out(reg) r[0], r1 = out(reg) r[1], r2 = out(reg) r[2], r3 = out(reg) r[3],
                    options(pure, readonly, nostack),
                );
            }
        } else {
            // SAFETY: as above with 6 limbs (N == 6).
            unsafe {
                asm!(
                    "mov {r0}, [{a}]", "mov {r1}, [{a} + 8]", "mov {r2}, [{a} + 16]",
                    "mov {r3}, [{a} + 24]", "mov {r4}, [{a} + 32]", "mov {r5}, [{a} + 40]",
                    $(
                        concat!($op, " {r0}, [{", stringify!($x), "}]"),
                        concat!($opc, " {r1}, [{", stringify!($x), "} + 8]"),
                        concat!($opc, " {r2}, [{", stringify!($x), "} + 16]"),
                        concat!($opc, " {r3}, [{", stringify!($x), "} + 24]"),
                        concat!($opc, " {r4}, [{", stringify!($x), "} + 32]"),
                        concat!($opc, " {r5}, [{", stringify!($x), "} + 40]"),
                    )+
                    a = in(reg) $a.as_ptr(),
                    $($x = in(reg) $xv.as_ptr(),)+
                    r0 = out(reg) r[0], r1 = out(reg) r[1], r2 = out(reg) r[2], r3 = out(reg) r[3],
                    r4 = out(reg) r[4], r5 = out(reg) r[5],
                    options(pure, readonly, nostack),
                );
            }
        }
        let mut out = [0u64; N];
        out.copy_from_slice(&r[..N]);
        out
    }};
}

/// `a + b` without reduction, for `a + b < 2^(64N)` (below `2m` for `a, b < m`): operands of
/// Montgomery products that take values below `2m` ([`super::x86_64_adx::mul_lazy`]). Assembly
/// for N ∈ {4, 6}, the portable chain otherwise; straight-line, constant time.
#[inline(always)]
pub fn add_lazy<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    if N != 4 && N != 6 {
        return super::add(a, b).0;
    }
    lazy_chain!(N, a; ("add", "adc", b = b))
}

/// `a + m − b`, for `a, b < m` a value in `(0, 2m)` congruent to `a − b`, without a borrow to
/// correct: the difference fed to a product that takes values below `2m`
/// ([`super::x86_64_adx::mul_lazy`]); `m < 2^(64N−1)`. Assembly for N ∈ {4, 6}, the portable
/// chains otherwise; straight-line, constant time.
#[inline(always)]
pub fn sub_lazy<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    if N != 4 && N != 6 {
        return super::sub(&super::add(a, m).0, b).0;
    }
    lazy_chain!(N, a; ("add", "adc", m = m), ("sub", "sbb", b = b))
}

/// `a ± b` modulo `2^256 − c` with the carry or borrow folded back twice: `$op`/`$opc` are
/// `add`/`adc` or `sub`/`sbb` (the body of [`add_fold4`] and [`sub_fold4`]).
macro_rules! fold4 {
    ($a:expr, $b:expr, $c:expr, $op:literal, $opc:literal) => {{
        let [mut r0, mut r1, mut r2, mut r3] = *$a;
        // SAFETY: register operands only; base x86-64 instructions.
        unsafe {
            asm!(
                concat!($op, " {r0}, {b0}"),
                concat!($opc, " {r1}, {b1}"),
                concat!($opc, " {r2}, {b2}"),
                concat!($opc, " {r3}, {b3}"),
                "sbb {k}, {k}",
                "and {k}, {c}",
                concat!($op, " {r0}, {k}"),
                concat!($opc, " {r1}, 0"),
                concat!($opc, " {r2}, 0"),
                concat!($opc, " {r3}, 0"),
                "sbb {k}, {k}",
                "and {k}, {c}",
                concat!($op, " {r0}, {k}"),
                r0 = inout(reg) r0,
                r1 = inout(reg) r1,
                r2 = inout(reg) r2,
                r3 = inout(reg) r3,
                b0 = in(reg) $b[0],
                b1 = in(reg) $b[1],
                b2 = in(reg) $b[2],
                b3 = in(reg) $b[3],
                c = in(reg) $c,
                k = out(reg) _,
                options(pure, nomem, nostack),
            );
        }
        [r0, r1, r2, r3]
    }};
}

/// [`super::add_fold`]: `a + b` modulo `2^256 − c`, weakly reduced, with registers only.
#[inline(always)]
pub fn add_fold4(a: &[u64; 4], b: &[u64; 4], c: u64) -> [u64; 4] {
    fold4!(a, b, c, "add", "adc")
}

/// [`super::sub_fold`]: `a − b` modulo `2^256 − c`, weakly reduced, with registers only.
#[inline(always)]
pub fn sub_fold4(a: &[u64; 4], b: &[u64; 4], c: u64) -> [u64; 4] {
    fold4!(a, b, c, "sub", "sbb")
}

#[cfg(test)]
mod tests {
    use super::super as limbs;
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The folding sum and difference against the portable versions, for secp256k1's `c`, on
    /// edge values (0, 1, c − 1, c, 2^256 − c − 1 … 2^256 − 1, words of all ones) and random ones:
    /// both carries (borrows) of each chain are reached.
    #[test]
    fn fold_matches_portable() {
        let c = 0x1_0000_03d1u64;
        let top = |k: u64| [k.wrapping_neg(), u64::MAX, u64::MAX, u64::MAX];
        let mut vals = vec![[0u64; 4], [1, 0, 0, 0], [c - 1, 0, 0, 0], [c, 0, 0, 0], [0, 0, 0, 1 << 63]];
        vals.extend([1, 2, c - 1, c, c + 1, 2 * c].map(top));
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(9);
        vals.extend((0..100).map(|_| rng.gen::<[u64; 4]>()));
        for a in &vals {
            for b in &vals {
                assert_eq!(add_fold4(a, b, c), limbs::add_fold(a, b, c));
                assert_eq!(sub_fold4(a, b, c), limbs::sub_fold(a, b, c));
            }
        }
    }

    /// Against the portable `const fn` versions, on random operands and the edge values
    /// 0, 1, m − 1 (BLS12-381 and BN254 moduli).
    fn check<const N: usize>(m: [u64; N]) {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        let below_m = |rng: &mut rand_chacha::ChaCha20Rng| loop {
            let mut v: [u64; N] = [0; N];
            for w in v.iter_mut() {
                *w = rng.gen();
            }
            v[N - 1] &= u64::MAX >> m[N - 1].leading_zeros();
            if limbs::lt(&v, &m) {
                return v;
            }
        };
        let edges = [[0u64; N], limbs::from_u64(1), limbs::sub(&m, &limbs::from_u64(1)).0];
        let mut vals: Vec<[u64; N]> = edges.to_vec();
        for _ in 0..200 {
            vals.push(below_m(&mut rng));
        }
        for a in &vals {
            assert_eq!(neg_mod(a, &m), limbs::neg_mod(a, &m));
            for b in vals.iter().take(40) {
                assert_eq!(add_mod(a, b, &m), limbs::add_mod(a, b, &m));
                assert_eq!(sub_mod(a, b, &m), limbs::sub_mod(a, b, &m));
                if m[N - 1] >> 63 == 0 {
                    // The unreduced forms: `a + b` and `a + m − b`, the latter in `(0, 2m)`.
                    assert_eq!(add_lazy(a, b), limbs::add(a, b).0);
                    let d = sub_lazy(a, b, &m);
                    assert_eq!(d, limbs::sub(&limbs::add(a, &m).0, b).0);
                    assert_eq!(limbs::sub_mod(&d, &m, &m), limbs::sub_mod(a, b, &m));
                    assert!(d != [0; N] && limbs::lt(&d, &limbs::add(&m, &m).0));
                }
            }
        }
    }

    #[test]
    fn asm_matches_portable() {
        check::<6>(limbs::from_hex(
            "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
        ));
        check::<4>(limbs::from_hex("0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47"));
    }

    /// Full-width 4-limb moduli (top bit set: secp256k1 and P-256 base and scalar fields,
    /// `2^256 − 1`), where sums carry out of four words; also against num-bigint.
    #[test]
    fn asm_matches_portable_full_width() {
        use crate::test_util::big;
        let moduli = [
            limbs::from_hex("0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"),
            limbs::from_hex("0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"),
            limbs::from_hex("0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff"),
            limbs::from_hex("0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"),
            [u64::MAX; 4],
        ];
        for m in moduli {
            check::<4>(m);
            let bm = big(&m);
            let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(9);
            let mut vals = vec![[0u64; 4], limbs::from_u64(1), limbs::sub(&m, &limbs::from_u64(1)).0];
            vals.push(limbs::sub(&m, &limbs::from_u64(2)).0);
            vals.push(limbs::shr1(&m));
            for _ in 0..100 {
                let v: [u64; 4] = core::array::from_fn(|_| rng.gen());
                if limbs::lt(&v, &m) {
                    vals.push(v);
                }
            }
            for a in &vals {
                assert_eq!(big(&neg_mod(a, &m)), (&bm - big(a)) % &bm);
                for b in &vals {
                    assert_eq!(big(&add_mod(a, b, &m)), (big(a) + big(b)) % &bm);
                    assert_eq!(big(&sub_mod(a, b, &m)), (&bm + big(a) - big(b)) % &bm);
                }
            }
        }
    }
}
