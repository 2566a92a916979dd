//! x86-64 Montgomery multiplication and squaring with MULX/ADCX/ADOX (BMI2 + ADX), for N = 4
//! and N = 6 limbs and moduli below `2^(64N-1)` (a spare top bit: BN254, BLS12-381), and for
//! N = 4 moduli with the top bit set (secp256k1, P-256; the `full` submodule, with an extra
//! accumulator word, and for `m = 2^256 − c`, `c < 2^64`, the `crandall` submodule: secp256k1's
//! base field). Selected at run time by [`available`]; every other case goes to the
//! portable [`mont`] code ([`supports`] tells which moduli have a kernel here).
//!
//! **Algorithm.** Coarsely integrated operand scanning (CIOS; Koç, Acar, Kaliski, "Analyzing and
//! comparing Montgomery multiplication algorithms", IEEE Micro 1996, §5) with the two
//! independent carry chains of ADX (Gueron, Krasnov, Ozturk, "Efficient software
//! implementations of modular exponentiation", J. Cryptogr. Eng. 2012; Intel white paper 327831,
//! "New instructions supporting large integer arithmetic", 2012): each row `T += x·y[0..N]` adds
//! the low words of the `MULX` products with `ADCX` (carry flag) and the high words, one word
//! up, with `ADOX` (overflow flag), so the two chains run side by side. Row `i` adds `a[i]·b`,
//! then the reduction row adds `k·m` with `k = T[0]·(-m⁻¹) mod 2⁶⁴`, which zeroes `T[0]`; the
//! division by `2⁶⁴` is a renaming of registers, never a move.
//!
//! **Spare bit.** With `m < 2^(64N-1)` and inputs below `m`, the accumulator stays below `2m <
//! 2^(64N)` between rows (the "no-carry" observation of gnark-crypto and Constantine), so it
//! lives in `N` registers plus one top word, and a single conditional subtraction reduces the
//! result to `[0, m)`.
//!
//! **Squaring** (`N = 6`, modulus below `2^(64N-2)`, e.g. BLS12-381). Row `i` adds only
//! `a[i]·(a[i]·2^(64i) + 2·Σ_{j>i} a[j]·2^(64j))`, so the cross products `a[i]·a[j]` are
//! computed once and the multiplication half takes 21 instead of 36 products (Menezes, van
//! Oorschot, Vanstone, *Handbook of Applied Cryptography*, Alg. 14.16), the doubling moved into
//! the operand so that each row can be followed by its reduction row as in CIOS. The kernel
//! first stores the doubled words, `a[i+1] << 1` and the words of `2a` from `i + 2` on, one word
//! store each (the rows load them; one wide store would not forward to them); `2a` fits in `N`
//! words thanks to the spare bit. Row `i` touches `T[i..=N]` only, and the rows' partial sums
//! `A_i·(2a - A_i)` (with `A_i = a mod 2^(64(i+1))`) stay below `2^(64(i+1))·2m`, so the
//! accumulator stays below `3m < 2^(64N)` (the second spare bit) and keeps the `N + 1` words of
//! the multiplication.
//!
//! **Registers.** The accumulator (`N + 1` words), the two `MULX` halves, the operands and `RDX`
//! take every general-purpose register the compiler hands out, so `-m⁻¹` comes in through an XMM
//! register (reading it from memory after the modulus measured slower: the padded modulus has to be
//! stored on every call). `a[i]` is needed only from row `i` on, so for `N = 4` it comes in
//! registers (for squaring all of `a` does): a chained `x = x·y` never goes through memory.
//! For `N = 6` the operands are read from memory. Each row starts by clearing the flags with `XOR`, which
//! also breaks the flag dependency on the previous row (dropping it measured slower, although the
//! flags are provably clear there). The code is straight-line: no branch, no memory access whose
//! address depends on data, and the final subtraction selects with `CMOV`.

use super::mont;

/// Whether the CPU has BMI2 (`MULX`) and ADX (`ADCX`, `ADOX`). Statically true when the build
/// enables both target features; otherwise asked of the CPU (CPUID) through the standard
/// library, which caches the answer, and `false` without `std`.
#[inline(always)]
pub fn available() -> bool {
    if cfg!(all(target_feature = "adx", target_feature = "bmi2")) {
        return true;
    }
    detected()
}

/// Run-time detection of BMI2 and ADX (cached by the standard library).
#[cfg(feature = "std")]
#[inline(always)]
fn detected() -> bool {
    std::is_x86_feature_detected!("adx") && std::is_x86_feature_detected!("bmi2")
}

/// Without `std` there is no run-time detection: only statically enabled features count.
#[cfg(not(feature = "std"))]
#[inline(always)]
fn detected() -> bool {
    false
}

/// Whether [`mul`] and [`sqr`] have an assembly kernel for the modulus `m` (otherwise they run
/// the portable [`mont`] code): N ∈ {4, 6} with the spare bit [`mont::has_spare_bit`], or
/// N = 4 with the top bit set. A compile-time constant for a field's modulus.
pub const fn supports<const N: usize>(m: &[u64; N]) -> bool {
    ((N == 4 || N == 6) && mont::has_spare_bit(m)) || (N == 4 && m[N - 1] >> 63 == 1)
}

/// Montgomery product `a·b·2^(-64N) mod m` for `a, b < m`, `m` odd, `inv = -m⁻¹ mod 2⁶⁴`.
/// Assembly for N ∈ {4, 6} with `m < 2^(64N-1)` and for N = 4 with `m ≥ 2^255` (the
/// full-width kernel); the portable [`mont::mul`] otherwise. Constant time in `a` and `b`;
/// inputs outside the stated ranges give a wrong result (never undefined behaviour).
///
/// With two spare bits (`4m < 2^(64N)`, N ∈ {4, 6}) the assembly also takes `a, b < 2m`
/// (unreduced sums): the accumulator stays below `4m` between rows, and the result
/// `(a·b + K·m)/2^(64N) < 4m²/2^(64N) + m < 2m` is still brought to `[0, m)` by the final
/// subtraction.
///
/// # Safety
/// The CPU must support BMI2 (`MULX`) and ADX (`ADCX`, `ADOX`): the caller has seen
/// [`available`] return `true`. On any other CPU the assembly raises an invalid-opcode fault.
#[inline(always)]
pub unsafe fn mul<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    if m[N - 1] >> 63 == 0 {
        if let (Some(a), Some(b), Some(m)) = (fit(a), fit(b), fit(m)) {
            // SAFETY: BMI2/ADX are present (this function's contract).
            return unfit(&unsafe { mul4(a, b, m, inv) });
        }
        if let (Some(a), Some(b), Some(m)) = (fit(a), fit(b), fit(m)) {
            // SAFETY: BMI2/ADX are present (this function's contract).
            return unfit(&unsafe { mul6(a, b, m, inv) });
        }
    }
    if let (Some(a), Some(b), Some(m)) = (fit(a), fit(b), fit(m)) {
        // m[3] ≥ 2^63 here (the branch above took the others).
        if is_crandall(m) {
            // SAFETY: BMI2/ADX are present (this function's contract).
            return unfit(&unsafe { crandall::mul4_crandall(a, b, m[0].wrapping_neg(), inv) });
        }
        // SAFETY: BMI2/ADX are present (this function's contract).
        return unfit(&unsafe { full::mul4_full(a, b, m, inv) });
    }
    mont::mul_ct(a, b, m, inv)
}

/// Plain (non-Montgomery) product `a·b mod m` for `m = 2^256 − c`, `c < 2^33`, and any
/// 4-word `a`, `b`, weakly reduced (below `2^256`, congruent modulo `m`): the pseudo-Mersenne
/// reduction of the `crandall` module. Constant time in `a` and `b`; a larger `c` gives a wrong
/// result, never undefined behaviour.
///
/// # Safety
/// The CPU must support BMI2 and ADX ([`available`] returned `true`).
#[inline(always)]
pub unsafe fn mul_plain(a: &[u64; 4], b: &[u64; 4], c: u64) -> [u64; 4] {
    // SAFETY: BMI2/ADX are present (this function's contract).
    unsafe { crandall::mul4_plain(a, b, c) }
}

/// Plain square `a² mod m`, as [`mul_plain`]. Constant time in `a`.
///
/// # Safety
/// The CPU must support BMI2 and ADX ([`available`] returned `true`).
#[inline(always)]
pub unsafe fn sqr_plain(a: &[u64; 4], c: u64) -> [u64; 4] {
    // SAFETY: BMI2/ADX are present (this function's contract).
    unsafe { crandall::sqr4_plain(a, c) }
}

/// The Jacobian doubling for `a = 0` over `m = 2^256 − c`, `c < 2^33`, in place on the point
/// `X, Y, Z` in the 12 words at `p` (weakly reduced), with `f` as scratch: one assembly block
/// of plain products (the `crandall::jacobian` module). Constant time.
///
/// # Safety
/// The CPU must support BMI2 and ADX ([`available`] returned `true`); `p` is valid for reads
/// and writes of 12 words and not accessed through another reference meanwhile.
#[inline(always)]
pub unsafe fn double_jacobian_plain(p: *mut u64, f: &mut [u64; 16], c: u64) {
    // SAFETY: this function's contract.
    unsafe { crandall::double_a0(p, f, c) }
}

/// The Jacobian-plus-affine addition over `m = 2^256 − c`, `c < 2^33`, in place on the point
/// `X₁, Y₁, Z₁` in the 12 words at `p`, of `(x₂, y₂)` in `f[0..8]` (with `scaled`, of
/// `(x₂s², y₂s³)` for the `s` in `f[36..40]`), leaving the formula's `H` and `R` in
/// `f[12..16]`, `f[16..20]` (the `crandall::jacobian` module; the sum is right when `Z₁ ≠ 0`
/// and `H ≠ 0`). Constant time.
///
/// # Safety
/// As for [`double_jacobian_plain`].
#[inline(always)]
pub unsafe fn add_mixed_jacobian_plain(p: *mut u64, f: &mut [u64; 44], c: u64, scaled: bool) {
    // SAFETY: this function's contract.
    unsafe { crandall::add_mixed(p, f, c, scaled) }
}

/// Montgomery square `a²·2^(-64N) mod m`, under the same conditions as [`mul`]; for `N = 6`
/// with a modulus below `2^(64N-2)` the dedicated 6-limb squaring, otherwise the product `a·a`.
/// Constant time in `a`.
///
/// # Safety
/// As for [`mul`]: the CPU must support BMI2 and ADX ([`available`] returned `true`).
#[inline(always)]
pub unsafe fn sqr<const N: usize>(a: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    if m[N - 1] >> 63 == 0 {
        if let (Some(a), Some(m)) = (fit(a), fit(m)) {
            // SAFETY: BMI2/ADX are present (this function's contract).
            return unfit(&unsafe { sqr4(a, m, inv) });
        }
        if let (Some(a), Some(m)) = (fit(a), fit(m)) {
            // SAFETY: BMI2/ADX are present (this function's contract).
            return unfit(&unsafe {
                if m[5] >> 62 == 0 {
                    sqr6(a, m, inv)
                } else {
                    mul6(a, a, m, inv)
                }
            });
        }
    }
    if let (Some(a), Some(m)) = (fit(a), fit(m)) {
        // m[3] ≥ 2^63: the full-width squaring.
        if is_crandall(m) {
            // SAFETY: BMI2/ADX are present (this function's contract).
            return unfit(&unsafe { crandall::sqr4_crandall(a, m[0].wrapping_neg(), inv) });
        }
        // SAFETY: BMI2/ADX are present (this function's contract).
        return unfit(&unsafe { full::sqr4_full(a, m, inv) });
    }
    mont::sqr_ct(a, m, inv)
}

/// Whether `m = 2^256 − c` with `c < 2^64` (the upper three limbs all ones), the shape the
/// `crandall` kernels reduce with two `MULX` per row. Decided at compile time for a field's
/// modulus.
#[inline(always)]
const fn is_crandall(m: &[u64; 4]) -> bool {
    m[1] == u64::MAX && m[2] == u64::MAX && m[3] == u64::MAX
}

/// `x` as a `[u64; K]` when `N == K` (decided at compile time after inlining).
#[inline(always)]
fn fit<const N: usize, const K: usize>(x: &[u64; N]) -> Option<&[u64; K]> {
    x.as_slice().try_into().ok()
}

/// The inverse of [`fit`]: only called with `K == N`.
#[inline(always)]
fn unfit<const K: usize, const N: usize>(x: &[u64; K]) -> [u64; N] {
    let mut r = [0u64; N];
    r.copy_from_slice(x);
    r
}

// The assembly text is generated by the macros below from lists of register names and operand
// texts; a register name `r3` becomes the operand placeholder `{r3}`, an operand is written out
// (`"{x1}"`, `"qword ptr [{m} + 8]"`). `T` is the accumulator, low word first.

/// `T[0..=N] += rdx·v[0..N]`, given the `N` operands of `v` and the registers `T[0], …, T[N]`.
/// Expects both flags clear.
macro_rules! mac_row {
    ([$v:literal $($vs:literal)*]; [$t:ident $u:ident $($rest:ident)*]) => {
        concat!(
            "mulx {hi}, {lo}, ", $v, "\n",
            "adcx {", stringify!($t), "}, {lo}\n",
            "adox {", stringify!($u), "}, {hi}\n",
            mac_row!([$($vs)*]; [$u $($rest)*]),
        )
    };
    ([]; [$top:ident]) => {
        concat!("adc {", stringify!($top), "}, 0\n")
    };
}

/// `T[1..=N] += rdx·v[1..N]` given `T[1], T[0]` already holding `rdx·v[0]`: one carry chain.
/// Takes the operands `v[1..N]` and the registers `T[1..=N]`; expects the carry flag clear.
macro_rules! first_row {
    ([$v:literal $($vs:literal)*]; [$t:ident $u:ident $($rest:ident)*]) => {
        concat!(
            "mulx {", stringify!($u), "}, {lo}, ", $v, "\n",
            "adcx {", stringify!($t), "}, {lo}\n",
            first_row!([$($vs)*]; [$u $($rest)*]),
        )
    };
    ([]; [$top:ident]) => {
        concat!("adc {", stringify!($top), "}, 0\n")
    };
}

/// Reduction row: `k = T[0]·inv`, `T += k·m` (operands of `m`), after which `T[0] = 0`.
macro_rules! reduce_row {
    ($m:tt; [$t0:ident $($t:ident)*]) => {
        concat!(
            "movq rdx, {inv}\n",
            "imul rdx, {", stringify!($t0), "}\n",
            "xor {lo:e}, {lo:e}\n",
            mac_row!($m; [$t0 $($t)*]),
        )
    };
}

/// Rows `i ≥ 1`: multiply `y` by `x[i]`, reduce, and rotate the register list so that the
/// zeroed `T[0]` becomes the next top word.
macro_rules! next_rows {
    ([$x:literal $($xs:literal)*]; $y:tt; $m:tt; [$t0:ident $($t:ident)*]) => {
        concat!(
            "mov rdx, ", $x, "\n",
            "xor {lo:e}, {lo:e}\n",
            mac_row!($y; [$t0 $($t)*]),
            reduce_row!($m; [$t0 $($t)*]),
            next_rows!([$($xs)*]; $y; $m; [$($t)* $t0]),
        )
    };
    ([]; $y:tt; $m:tt; [$($t:ident)*]) => {
        ""
    };
}

/// The whole product `x·y·2^(-64N) mod m`, before the final subtraction: row 0 (`T = x[0]·y`,
/// with `x[0]` already in `rdx`), its reduction, then the rows for `x[1..N]`. Takes the
/// operands of `x[1..N]`, `y` and `m`, and the `N + 1` accumulator registers. A word `x[i]` is
/// needed only at its row, so a chained operand belongs in `x`.
macro_rules! mont_mul {
    ($x:tt; [$y0:literal $($y:literal)*]; $m:tt; [$r0:ident $r1:ident $($r:ident)*]) => {
        concat!(
            "xor {lo:e}, {lo:e}\n",
            "mulx {", stringify!($r1), "}, {", stringify!($r0), "}, ", $y0, "\n",
            first_row!([$($y)*]; [$r1 $($r)*]),
            reduce_row!($m; [$r0 $r1 $($r)*]),
            next_rows!($x; [$y0 $($y)*]; $m; [$r1 $($r)* $r0]),
        )
    };
}

/// Final conditional subtraction: `S = T - m`; where it does not borrow (`T ≥ m`), `T = S`.
/// Takes the operands of `m`, the registers of `T[0..N]` and `N` free registers for `S` (as
/// text).
macro_rules! final_sub {
    ([$m0:literal $($m:literal)*]; [$t0:ident $($t:ident)*]; [$s0:literal $($s:literal)*]) => {
        concat!(
            "mov ", $s0, ", {", stringify!($t0), "}\n",
            "sub ", $s0, ", ", $m0, "\n",
            $(
                "mov ", $s, ", {", stringify!($t), "}\n",
                "sbb ", $s, ", ", $m, "\n",
            )*
            "cmovae {", stringify!($t0), "}, ", $s0, "\n",
            $("cmovae {", stringify!($t), "}, ", $s, "\n",)*
        )
    };
}

/// The 4-limb Montgomery product with `x[0]` in `rdx`, `x[1..4]` in registers `{x1}`–`{x3}`,
/// `y` as four operands and `m` behind `{m}`; the result lands in `r4, r0, r1, r2` (after four
/// rotations; `r3` is the zeroed top word), reduced to `[0, m)` unless the macro is given
/// `lazy` (then below `2m`, see [`mul_lazy`]).
macro_rules! mont_mul4 {
    ($y:tt) => {
        concat!(
            mont_mul4!($y lazy),
            final_sub!(
                ["qword ptr [{m}]" "qword ptr [{m} + 8]" "qword ptr [{m} + 16]" "qword ptr [{m} + 24]"];
                [r4 r0 r1 r2];
                ["{lo}" "{hi}" "rdx" "{r3}"]
            ),
        )
    };
    ($y:tt lazy) => {
        mont_mul!(
            ["{x1}" "{x2}" "{x3}"];
            $y;
            ["qword ptr [{m}]" "qword ptr [{m} + 8]" "qword ptr [{m} + 16]" "qword ptr [{m} + 24]"];
            [r0 r1 r2 r3 r4]
        )
    };
}

/// [`mul`] for 4 limbs. `a` comes in registers, so a chained operand never goes through memory.
///
/// # Safety
/// The CPU supports BMI2 and ADX.
#[inline(always)]
unsafe fn mul4(a: &[u64; 4], b: &[u64; 4], m: &[u64; 4], inv: u64) -> [u64; 4] {
    // SAFETY: the caller's contract.
    unsafe { mul4_rows::<true>(a, b, m, inv) }
}

/// [`mul4`]'s rows, then the final subtraction when `REDUCE`; without it the result is only
/// below `2m` ([`mul_lazy`]).
///
/// # Safety
/// The CPU supports BMI2 and ADX.
#[inline(always)]
unsafe fn mul4_rows<const REDUCE: bool>(a: &[u64; 4], b: &[u64; 4], m: &[u64; 4], inv: u64) -> [u64; 4] {
    let (t0, t1, t2, t3);
    /// The product's assembly, `mont_mul4!` given `$y` and the optional `lazy`.
    macro_rules! mul4_asm {
        ($($lazy:ident)?) => {
            core::arch::asm!(
                mont_mul4!(["qword ptr [{y}]" "qword ptr [{y} + 8]" "qword ptr [{y} + 16]" "qword ptr [{y} + 24]"] $($lazy)?),
                x1 = in(reg) a[1],
                x2 = in(reg) a[2],
                x3 = in(reg) a[3],
                y = in(reg) b.as_ptr(),
                m = in(reg) m.as_ptr(),
                inv = in(xmm_reg) inv,
                lo = out(reg) _,
                hi = out(reg) _,
                r0 = out(reg) t1,
                r1 = out(reg) t2,
                r2 = out(reg) t3,
                r3 = out(reg) _,
                r4 = out(reg) t0,
                inout("rdx") a[0] => _,
                options(pure, readonly, nostack),
            )
        };
    }
    // SAFETY: the assembly reads 4 words behind each of `b` and `m`, which are valid
    // `[u64; 4]` references, writes only the declared registers, does not touch the stack and
    // uses only BMI2/ADX instructions beyond x86-64, which the caller guarantees.
    unsafe {
        if REDUCE {
            mul4_asm!();
        } else {
            mul4_asm!(lazy);
        }
    }
    [t0, t1, t2, t3]
}

/// [`sqr`] for 4 limbs: the product of `a` by itself with every word in registers.
///
/// # Safety
/// The CPU supports BMI2 and ADX.
#[inline(always)]
unsafe fn sqr4(a: &[u64; 4], m: &[u64; 4], inv: u64) -> [u64; 4] {
    let (t0, t1, t2, t3);
    // SAFETY: the assembly reads 4 words behind `m`, a valid `[u64; 4]` reference, writes only
    // the declared registers, does not touch the stack and uses only BMI2/ADX instructions
    // beyond x86-64, which the caller guarantees.
    unsafe {
        core::arch::asm!(
            mont_mul4!(["{x0}" "{x1}" "{x2}" "{x3}"]),
            x0 = in(reg) a[0],
            x1 = in(reg) a[1],
            x2 = in(reg) a[2],
            x3 = in(reg) a[3],
            m = in(reg) m.as_ptr(),
            inv = in(xmm_reg) inv,
            lo = out(reg) _,
            hi = out(reg) _,
            r0 = out(reg) t1,
            r1 = out(reg) t2,
            r2 = out(reg) t3,
            r3 = out(reg) _,
            r4 = out(reg) t0,
            inout("rdx") a[0] => _,
            options(pure, readonly, nostack),
        );
    }
    [t0, t1, t2, t3]
}

/// [`mul`] for 6 limbs (also [`sqr`] when the modulus has a single spare bit).
///
/// # Safety
/// The CPU supports BMI2 and ADX.
#[inline(always)]
unsafe fn mul6(a: &[u64; 6], b: &[u64; 6], m: &[u64; 6], inv: u64) -> [u64; 6] {
    // SAFETY: the caller's contract.
    unsafe { mul6_rows::<true>(a, b, m, inv) }
}

/// [`mul6`]'s rows, then the final subtraction when `REDUCE`; without it the result is only
/// below `2m` ([`mul_lazy`]).
///
/// # Safety
/// The CPU supports BMI2 and ADX.
#[inline(always)]
unsafe fn mul6_rows<const REDUCE: bool>(a: &[u64; 6], b: &[u64; 6], m: &[u64; 6], inv: u64) -> [u64; 6] {
    let (t0, t1, t2, t3, t4, t5);
    /// The rows, then the given tail, as one assembly block.
    macro_rules! mul6_asm {
        ($($tail:expr),*) => {
            core::arch::asm!(
                "mov rdx, qword ptr [{x}]",
                mont_mul!(
                    [
                        "qword ptr [{x} + 8]" "qword ptr [{x} + 16]" "qword ptr [{x} + 24]"
                        "qword ptr [{x} + 32]" "qword ptr [{x} + 40]"
                    ];
                    [
                        "qword ptr [{y}]" "qword ptr [{y} + 8]" "qword ptr [{y} + 16]"
                        "qword ptr [{y} + 24]" "qword ptr [{y} + 32]" "qword ptr [{y} + 40]"
                    ];
                    [
                        "qword ptr [{m}]" "qword ptr [{m} + 8]" "qword ptr [{m} + 16]"
                        "qword ptr [{m} + 24]" "qword ptr [{m} + 32]" "qword ptr [{m} + 40]"
                    ];
                    [r0 r1 r2 r3 r4 r5 r6]
                ),
                $($tail,)*
                x = inout(reg) a.as_ptr() => _,
                y = inout(reg) b.as_ptr() => _,
                m = in(reg) m.as_ptr(),
                inv = in(xmm_reg) inv,
                lo = out(reg) _,
                hi = out(reg) _,
                r0 = out(reg) t1,
                r1 = out(reg) t2,
                r2 = out(reg) t3,
                r3 = out(reg) t4,
                r4 = out(reg) t5,
                r5 = out(reg) _,
                r6 = out(reg) t0,
                out("rdx") _,
                options(pure, readonly, nostack),
            )
        };
    }
    // SAFETY: the assembly reads 6 words behind each of `a`, `b` and `m`, which are valid
    // `[u64; 6]` references, writes only the declared registers, does not touch the stack and
    // uses only BMI2/ADX instructions beyond x86-64, which the caller guarantees.
    unsafe {
        if REDUCE {
            // After 6 rotations T[0..6] = r6, r0, …, r4 and the zero top word is r5; the
            // pointers to `a` and `b` are no longer needed and hold part of `T - m`.
            mul6_asm!(final_sub!(
                [
                    "qword ptr [{m}]" "qword ptr [{m} + 8]" "qword ptr [{m} + 16]"
                    "qword ptr [{m} + 24]" "qword ptr [{m} + 32]" "qword ptr [{m} + 40]"
                ];
                [r6 r0 r1 r2 r3 r4];
                ["{lo}" "{hi}" "rdx" "{r5}" "{x}" "{y}"]
            ));
        } else {
            mul6_asm!();
        }
    }
    [t0, t1, t2, t3, t4, t5]
}

/// Row `i ≥ 1` of [`sqr6`]: `T[i..=N] += a[i]·(a[i], 2·a[i+1..N])`, given those operands (the
/// first, `a[i]`, is also loaded into `rdx`), the registers `T[i..=N]` and all of `T`; then
/// the reduction row on `T`.
macro_rules! sqr6_row {
    ($ops:tt; $tail:tt; $t:tt) => {
        concat!(
            "mov rdx, ", sqr6_row!(@first $ops), "\n",
            "xor {lo:e}, {lo:e}\n",
            mac_row!($ops; $tail),
            reduce_row!(
                [
                    "qword ptr [{m}]" "qword ptr [{m} + 8]" "qword ptr [{m} + 16]"
                    "qword ptr [{m} + 24]" "qword ptr [{m} + 32]" "qword ptr [{m} + 40]"
                ];
                $t
            ),
        )
    };
    (@first [$first:literal $($rest:literal)*]) => {
        $first
    };
}

/// [`sqr`] for 6 limbs and `m < 2^382`: the cross products once, with doubled operands (see
/// the module documentation), each row followed by its reduction row.
///
/// # Safety
/// The CPU supports BMI2 and ADX.
#[inline(always)]
unsafe fn sqr6(a: &[u64; 6], m: &[u64; 6], inv: u64) -> [u64; 6] {
    // SAFETY: the CPU supports BMI2 and ADX (this function's contract).
    unsafe { sqr6_rows::<true>(a, m, inv) }
}

/// [`sqr6`]'s rows, then the final subtraction when `REDUCE`; without it the result is only
/// below `2m` ([`sqr_lazy`]).
///
/// # Safety
/// The CPU supports BMI2 and ADX.
#[inline(always)]
unsafe fn sqr6_rows<const REDUCE: bool>(a: &[u64; 6], m: &[u64; 6], inv: u64) -> [u64; 6] {
    let (t0, t1, t2, t3, t4, t5);
    // The doubled operands, formed by the assembly into `e` with word stores (which the rows'
    // loads forward from; built in Rust, the compiler packed them into one vector store that
    // word loads cannot forward from): `a[j] << 1` for j = 1..6 (row j - 1, next to the
    // square), then the words 2..6 of `2a` (the bit shifted out of `a[5]` is zero:
    // `a < 2m < 2^382`).
    let mut e = core::mem::MaybeUninit::<[u64; 9]>::uninit();
    /// The rows, then the given tail, as one assembly block.
    macro_rules! sqr6_asm {
        ($($tail:expr),*) => {
            core::arch::asm!(
                "mov {lo}, qword ptr [{a} + 8]",
                "mov {hi}, qword ptr [{a} + 16]",
                "lea rdx, [{lo} + {lo}]",
                "mov qword ptr [{e}], rdx",
                "lea rdx, [{hi} + {hi}]",
                "mov qword ptr [{e} + 8], rdx",
                "mov rdx, {hi}",
                "shld rdx, {lo}, 1",
                "mov qword ptr [{e} + 40], rdx",
                "mov {lo}, qword ptr [{a} + 24]",
                "lea rdx, [{lo} + {lo}]",
                "mov qword ptr [{e} + 16], rdx",
                "mov rdx, {lo}",
                "shld rdx, {hi}, 1",
                "mov qword ptr [{e} + 48], rdx",
                "mov {hi}, qword ptr [{a} + 32]",
                "lea rdx, [{hi} + {hi}]",
                "mov qword ptr [{e} + 24], rdx",
                "mov rdx, {hi}",
                "shld rdx, {lo}, 1",
                "mov qword ptr [{e} + 56], rdx",
                "mov {lo}, qword ptr [{a} + 40]",
                "lea rdx, [{lo} + {lo}]",
                "mov qword ptr [{e} + 32], rdx",
                "mov rdx, {lo}",
                "shld rdx, {hi}, 1",
                "mov qword ptr [{e} + 64], rdx",
                "mov rdx, qword ptr [{a}]",
                "xor {lo:e}, {lo:e}",
                "mulx {r1}, {r0}, rdx",
                first_row!(
                    ["qword ptr [{e}]" "qword ptr [{e} + 40]" "qword ptr [{e} + 48]" "qword ptr [{e} + 56]" "qword ptr [{e} + 64]"];
                    [r1 r2 r3 r4 r5 r6]
                ),
                reduce_row!(
                    [
                        "qword ptr [{m}]" "qword ptr [{m} + 8]" "qword ptr [{m} + 16]"
                        "qword ptr [{m} + 24]" "qword ptr [{m} + 32]" "qword ptr [{m} + 40]"
                    ];
                    [r0 r1 r2 r3 r4 r5 r6]
                ),
                sqr6_row!(
                    ["qword ptr [{a} + 8]" "qword ptr [{e} + 8]" "qword ptr [{e} + 48]" "qword ptr [{e} + 56]" "qword ptr [{e} + 64]"];
                    [r2 r3 r4 r5 r6 r0];
                    [r1 r2 r3 r4 r5 r6 r0]
                ),
                sqr6_row!(
                    ["qword ptr [{a} + 16]" "qword ptr [{e} + 16]" "qword ptr [{e} + 56]" "qword ptr [{e} + 64]"];
                    [r4 r5 r6 r0 r1];
                    [r2 r3 r4 r5 r6 r0 r1]
                ),
                sqr6_row!(
                    ["qword ptr [{a} + 24]" "qword ptr [{e} + 24]" "qword ptr [{e} + 64]"];
                    [r6 r0 r1 r2];
                    [r3 r4 r5 r6 r0 r1 r2]
                ),
                sqr6_row!(
                    ["qword ptr [{a} + 32]" "qword ptr [{e} + 32]"];
                    [r1 r2 r3];
                    [r4 r5 r6 r0 r1 r2 r3]
                ),
                sqr6_row!(
                    ["qword ptr [{a} + 40]"];
                    [r3 r4];
                    [r5 r6 r0 r1 r2 r3 r4]
                ),
                $($tail,)*
                a = inout(reg) a.as_ptr() => _,
                e = inout(reg) e.as_mut_ptr() => _,
                m = in(reg) m.as_ptr(),
                inv = in(xmm_reg) inv,
                lo = out(reg) _,
                hi = out(reg) _,
                r0 = out(reg) t1,
                r1 = out(reg) t2,
                r2 = out(reg) t3,
                r3 = out(reg) t4,
                r4 = out(reg) t5,
                r5 = out(reg) _,
                r6 = out(reg) t0,
                out("rdx") _,
                options(nostack),
            )
        };
    }
    // SAFETY: the assembly reads 6 words behind each of `a` and `m`, valid arrays, writes the
    // 9 words of the local `e` before reading them, writes only the declared registers
    // besides, does not touch the stack pointer and uses only BMI2/ADX instructions beyond
    // x86-64, which the caller guarantees.
    unsafe {
        if REDUCE {
            // T[0..6] = r6, r0, …, r4 and the zero top word is r5; the pointers are no longer
            // needed and hold part of `T − m`.
            sqr6_asm!(final_sub!(
                [
                    "qword ptr [{m}]" "qword ptr [{m} + 8]" "qword ptr [{m} + 16]"
                    "qword ptr [{m} + 24]" "qword ptr [{m} + 32]" "qword ptr [{m} + 40]"
                ];
                [r6 r0 r1 r2 r3 r4];
                ["{lo}" "{hi}" "rdx" "{r5}" "{a}" "{e}"]
            ));
        } else {
            sqr6_asm!();
        }
    }
    [t0, t1, t2, t3, t4, t5]
}

/// Whether [`sqr_lazy`] has its kernel for `m`: N = 6 and `m < 2^(64N−3)` (three spare bits:
/// BLS12-381). A compile-time constant for a field's modulus.
pub const fn sqr_lazy_supported<const N: usize>(m: &[u64; N]) -> bool {
    N == 6 && m[N - 1] >> 61 == 0
}

/// The Montgomery square `a²·2^(-64N) mod m` left in `[0, 2m)` (no final subtraction), for
/// `a < 2m` and a modulus with [`sqr_lazy_supported`]: a run of squarings stays in `[0, 2m)`
/// and needs one subtraction at its end, which takes the last step out of each squaring's
/// dependency chain (the idea of blst's `sqr_n_mul`). For other moduli, the portable
/// reduced square. Constant time in `a`; inputs outside the stated ranges give a wrong result
/// (never undefined behaviour).
///
/// Bounds: with `a < 2m`, `2a < 2^(64N)`, the rows' partial sums stay below `5m < 2^(64N)`
/// (the module documentation's argument with `2a < 4m`), and the result `(a² + K·m)/2^(64N) <
/// m·(1 + 4m/2^(64N)) < 2m`.
///
/// # Safety
/// The CPU must support BMI2 and ADX: the caller has seen [`available`] return `true`.
#[inline(always)]
pub unsafe fn sqr_lazy<const N: usize>(a: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    if let (true, Some(a6), Some(m6)) = (sqr_lazy_supported(m), fit::<N, 6>(a), fit::<N, 6>(m)) {
        // SAFETY: BMI2/ADX are present (this function's contract).
        return unfit(&unsafe { sqr6_rows::<false>(a6, m6, inv) });
    }
    mont::sqr_ct(a, m, inv)
}

/// Whether [`mul_lazy`] has its kernel for `m`: N ∈ {4, 6} and `m < 2^(64N−2)` (two spare
/// bits: BN254, BLS12-381). A compile-time constant for a field's modulus.
pub const fn mul_lazy_supported<const N: usize>(m: &[u64; N]) -> bool {
    (N == 4 || N == 6) && m[N - 1] >> 62 == 0
}

/// The Montgomery product `a·b·2^(-64N) mod m` left in `[0, 2m)` (no final subtraction), for
/// `a, b < 2m` and a modulus with [`mul_lazy_supported`]: products that only feed further
/// products (the running products of Montgomery's trick) need no reduction between them. For
/// other moduli, the reduced product. Constant time in `a` and `b`; inputs outside the stated
/// ranges give a wrong result (never undefined behaviour).
///
/// Bounds: with `a, b < 2m` and `4m < 2^(64N)` the accumulator stays below `4m` between rows
/// ([`mul`]), and the result `(a·b + K·m)/2^(64N) < 4m²/2^(64N) + m < 2m`.
///
/// # Safety
/// The CPU must support BMI2 and ADX: the caller has seen [`available`] return `true`.
#[inline(always)]
pub unsafe fn mul_lazy<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    if mul_lazy_supported(m) {
        if let (Some(a), Some(b), Some(m)) = (fit(a), fit(b), fit(m)) {
            // SAFETY: BMI2/ADX are present (this function's contract).
            return unfit(&unsafe { mul4_rows::<false>(a, b, m, inv) });
        }
        if let (Some(a), Some(b), Some(m)) = (fit(a), fit(b), fit(m)) {
            // SAFETY: BMI2/ADX are present (this function's contract).
            return unfit(&unsafe { mul6_rows::<false>(a, b, m, inv) });
        }
    }
    // SAFETY: BMI2/ADX are present (this function's contract).
    unsafe { mul(a, b, m, inv) }
}

/// The 8-word square `a·a` of the 4 words at `{x}` (or the address given) into `{t0}`…`{t7}` (HAC Alg. 14.16): the
/// cross products `a[i]·a[j]`, `i < j`, once each into `t1..t6`, doubled (the bit shifted out
/// into `t7`), then the squares `a[i]²` added on the diagonal. Uses `{lo}`, `{hi}` and `RDX`;
/// shared by the full-width and the `crandall` squarings.
macro_rules! sqr4_product {
    () => {
        sqr4_product!("{x}")
    };
    ($a:literal) => {
        concat!(
            "mov rdx, qword ptr [",
            $a,
            "]\n",
            "mulx {t2}, {t1}, qword ptr [",
            $a,
            " + 8]\n",
            "mulx {t3}, {lo}, qword ptr [",
            $a,
            " + 16]\n",
            "add {t2}, {lo}\n",
            "mulx {t4}, {lo}, qword ptr [",
            $a,
            " + 24]\n",
            "adc {t3}, {lo}\n",
            "adc {t4}, 0\n",
            "mov rdx, qword ptr [",
            $a,
            " + 8]\n",
            "xor {t5:e}, {t5:e}\n",
            "mulx {hi}, {lo}, qword ptr [",
            $a,
            " + 16]\n",
            "adcx {t3}, {lo}\n",
            "adox {t4}, {hi}\n",
            "mulx {hi}, {lo}, qword ptr [",
            $a,
            " + 24]\n",
            "adcx {t4}, {lo}\n",
            "adox {t5}, {hi}\n",
            "adc {t5}, 0\n",
            "mov rdx, qword ptr [",
            $a,
            " + 16]\n",
            "mulx {t6}, {lo}, qword ptr [",
            $a,
            " + 24]\n",
            "add {t5}, {lo}\n",
            "adc {t6}, 0\n",
            "xor {t7:e}, {t7:e}\n",
            "add {t1}, {t1}\n",
            "adc {t2}, {t2}\n",
            "adc {t3}, {t3}\n",
            "adc {t4}, {t4}\n",
            "adc {t5}, {t5}\n",
            "adc {t6}, {t6}\n",
            "adc {t7}, 0\n",
            "mov rdx, qword ptr [",
            $a,
            "]\n",
            "mulx {hi}, {t0}, rdx\n",
            "add {t1}, {hi}\n",
            "mov rdx, qword ptr [",
            $a,
            " + 8]\n",
            "mulx {hi}, {lo}, rdx\n",
            "adc {t2}, {lo}\n",
            "adc {t3}, {hi}\n",
            "mov rdx, qword ptr [",
            $a,
            " + 16]\n",
            "mulx {hi}, {lo}, rdx\n",
            "adc {t4}, {lo}\n",
            "adc {t5}, {hi}\n",
            "mov rdx, qword ptr [",
            $a,
            " + 24]\n",
            "mulx {hi}, {lo}, rdx\n",
            "adc {t6}, {lo}\n",
            "adc {t7}, {hi}\n",
        )
    };
}

mod crandall;
mod full;
pub mod p25519;
mod small_mul_add;
mod sum_of_products;
mod three_two;
#[macro_use]
mod wide;
#[macro_use]
pub mod fp2_mul;
pub mod fp4_square;
pub use small_mul_add::{small_mul_add, Constants as SmallMulAddConstants};
pub use sum_of_products::{mul_sum2, supports as sum_of_products_supported};
pub use three_two::{three_two, Constants as ThreeTwoConstants};
pub use wide::{mul_wide, redc};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::{bls12_381, bn254};
    use crate::field::FieldParams;
    use crate::test_util::{big, limbs_of};
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};

    /// Edge inputs below `m`: small values, values just below `m` and `m/2`, limb boundaries,
    /// and the largest values with every low limb saturated.
    fn edge_values<const N: usize>(m: &[u64; N]) -> Vec<[u64; N]> {
        let bm = big(m);
        let one = BigUint::from(1u8);
        let mut v: Vec<BigUint> = vec![
            BigUint::default(),
            one.clone(),
            BigUint::from(2u8),
            &bm - 1u8,
            &bm - 2u8,
            &bm >> 1,
            (&bm >> 1) + 1u8,
            (&one << (64 * (N - 1))) - 1u8,
            &one << (64 * (N - 1)),
            (&one << 64) % &bm,
            (&one << (64 * N)) % &bm,
            &bm - (&one << 64),
        ];
        // Top limb of m - 1 with all lower limbs set to 2^64 - 1 (the largest value below m
        // with that pattern), and the top bit of the modulus alone.
        let mut sat = [u64::MAX; N];
        sat[N - 1] = m[N - 1] - 1;
        v.push(big(&sat));
        v.push(&one << (bm.bits() - 1));
        v.iter().map(|x| limbs_of(&(x % &bm))).collect()
    }

    fn check<const N: usize>(m: [u64; N]) {
        if !available() {
            eprintln!("BMI2/ADX not available: assembly not tested");
            return;
        }
        let inv = mont::neg_inv64(m[0]);
        let bm = big(&m);
        let r_inv = (BigUint::from(1u8) << (64 * N)).modinv(&bm).expect("m odd");
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0xad);
        let mut values = edge_values(&m);
        for k in 0..3000 {
            let mut x = [0u64; N];
            x.iter_mut().for_each(|w| *w = rng.gen());
            // Every third value is drawn from just below m, where the final subtraction bites.
            let x = if k % 3 == 0 { &bm - 1u8 - (big(&x) % (BigUint::from(1u8) << 128)) } else { big(&x) };
            values.push(limbs_of(&(x % &bm)));
        }
        let edges = edge_values(&m).len();
        let pairs = (0..edges).flat_map(|i| (0..edges).map(move |j| (i, j)));
        let random = (edges..values.len()).map(|i| (i, edges + (i * 7 + 3) % (values.len() - edges)));
        let mut count = 0;
        for (i, j) in pairs.chain(random) {
            let (a, b) = (&values[i], &values[j]);
            // SAFETY: `available()` returned true above.
            let got = unsafe { mul(a, b, &m, inv) };
            assert_eq!(got, mont::mul(a, b, &m, inv), "mul vs portable: {a:x?} {b:x?}");
            assert_eq!(big(&got), big(a) * big(b) * &r_inv % &bm, "mul vs bigint: {a:x?} {b:x?}");
            // SAFETY: as above.
            let got = unsafe { sqr(a, &m, inv) };
            assert_eq!(got, mont::sqr(a, &m, inv), "sqr vs portable: {a:x?}");
            assert_eq!(big(&got), big(a) * big(a) * &r_inv % &bm, "sqr vs bigint: {a:x?}");
            count += 1;
        }
        assert!(count > 3000);
    }

    /// [`mul`] and [`mul_lazy`] with both operands below `2m` (two spare bits): random values,
    /// and every pair of the extremes `0`, `m − 1`, `m`, `2m − 1`; the lazy result below `2m`.
    #[test]
    fn mul_takes_operands_below_2m() {
        if !available() {
            return;
        }
        fn run<const N: usize>(m: [u64; N]) {
            assert!(m[N - 1] >> 62 == 0 && mul_lazy_supported(&m));
            let inv = mont::neg_inv64(m[0]);
            let (bm, two_m) = (big(&m), big(&m) * 2u8);
            let r_inv = (BigUint::from(1u8) << (64 * N)).modinv(&bm).expect("m odd");
            let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x2b);
            let extremes = [BigUint::default(), &bm - 1u8, bm.clone(), &two_m - 1u8];
            let mut values: Vec<BigUint> = extremes.to_vec();
            for _ in 0..2000 {
                let mut x = [0u64; N];
                x.iter_mut().for_each(|w| *w = rng.gen());
                values.push(big(&x) % &two_m);
            }
            let pairs = (0..4).flat_map(|i| (0..4).map(move |j| (i, j)));
            let random = (4..values.len()).map(|i| (i, 4 + (i * 13 + 1) % (values.len() - 4)));
            for (i, j) in pairs.chain(random) {
                let (a, b) = (limbs_of::<N>(&values[i]), limbs_of::<N>(&values[j]));
                // SAFETY: `available()` returned true above.
                let got = unsafe { mul(&a, &b, &m, inv) };
                let want = &values[i] * &values[j] * &r_inv % &bm;
                assert_eq!(big(&got), want, "{a:x?} {b:x?}");
                // SAFETY: as above.
                let lazy = big(&unsafe { mul_lazy(&a, &b, &m, inv) });
                assert!(lazy < two_m && lazy % &bm == want, "lazy: {a:x?} {b:x?}");
            }
        }
        run(bls12_381::FpParams::MODULUS);
        run(bn254::FpParams::MODULUS);
    }

    /// [`mul_wide`] and [`redc`] against num-bigint and the portable code: products of
    /// unreduced operands below `2^(64N)`, and reductions of values up to just below `m·R`.
    fn check_wide<const N: usize>(m: [u64; N]) {
        if !available() {
            return;
        }
        let (inv, inv_hi) = (mont::neg_inv64(m[0]), mont::neg_inv128_hi(m[0], m[1]));
        let bm = big(&m);
        let r = BigUint::from(1u8) << (64 * N);
        let r_inv = r.clone().modinv(&bm).expect("m odd");
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x3d);
        let mut edges = edge_values(&m);
        edges.push([u64::MAX; N]);
        for k in 0..2000 {
            let (mut a, mut b) = ([0u64; N], [0u64; N]);
            a.iter_mut().chain(b.iter_mut()).for_each(|w| *w = rng.gen());
            if k < edges.len() * edges.len() {
                (a, b) = (edges[k % edges.len()], edges[k / edges.len()]);
            }
            let mut w = [[0; N]; 2];
            // SAFETY: `available()` returned true above.
            unsafe { mul_wide(&a, &b, &mut w) };
            let [lo, hi] = w;
            assert_eq!((lo, hi), mont::mul_wide(&a, &b));
            let product = big(&a) * big(&b);
            assert_eq!(big(&lo) + (big(&hi) << (64 * N)), product);
            // A value below m·R: the product reduced mod m·R, or m·R − 1 − it at the edge.
            let t = if k % 5 == 0 { &bm * &r - 1u8 - (&product % (&bm * &r)) } else { &product % (&bm * &r) };
            let (tl, th) = (limbs_of::<N>(&(&t % &r)), limbs_of::<N>(&(&t >> (64 * N))));
            // SAFETY: as above.
            let got = unsafe { redc(&[tl, th], &m, inv, inv_hi) };
            assert_eq!(got, mont::redc(&tl, &th, &m, inv));
            assert_eq!(big(&got), &t * &r_inv % &bm);
        }
    }

    /// [`sqr_lazy`] on BLS12-381's modulus: inputs below `2m` (random, and the extremes),
    /// results below `2m` and congruent to `a²·R⁻¹`, chained as a run of squarings does.
    #[test]
    fn sqr_lazy_stays_below_2m() {
        if !available() {
            return;
        }
        let m = bls12_381::FpParams::MODULUS;
        assert!(sqr_lazy_supported(&m) && !sqr_lazy_supported(&bn254::FpParams::MODULUS));
        let inv = mont::neg_inv64(m[0]);
        let (bm, two_m) = (big(&m), big(&m) * 2u8);
        let r_inv = (BigUint::from(1u8) << 384usize).modinv(&bm).expect("m odd");
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x1a2);
        let mut starts: Vec<BigUint> = vec![0u8.into(), 1u8.into(), &bm - 1u8, bm.clone(), &two_m - 1u8];
        for _ in 0..200 {
            let mut w = [0u64; 6];
            w.iter_mut().for_each(|x| *x = rng.gen());
            starts.push(big(&w) % &two_m);
        }
        for start in starts {
            let mut a = limbs_of::<6>(&start);
            for _ in 0..20 {
                // SAFETY: `available()` returned true above.
                let r = unsafe { sqr_lazy(&a, &m, inv) };
                assert!(big(&r) < two_m, "{a:x?}");
                assert_eq!(big(&r) % &bm, big(&a) * big(&a) * &r_inv % &bm, "{a:x?}");
                a = r;
            }
        }
    }

    #[test]
    fn wide_bn254_and_bls12_381() {
        check_wide(bn254::FpParams::MODULUS);
        check_wide(bls12_381::FpParams::MODULUS);
        let mut m = [u64::MAX; 6];
        m[5] >>= 1;
        check_wide(m);
    }

    #[test]
    fn bn254_fp() {
        check(bn254::FpParams::MODULUS);
    }

    #[test]
    fn bn254_fr() {
        check(bn254::FrParams::MODULUS);
    }

    /// The full-width kernel: secp256k1 and P-256, base and scalar fields, and the largest
    /// 4-limb odd modulus `2^256 − 1`.
    #[test]
    fn full_width_moduli() {
        check(crate::curves::secp256k1::FpParams::MODULUS);
        check(crate::curves::secp256k1::FqParams::MODULUS);
        check(crate::curves::p256::FpParams::MODULUS);
        check(crate::curves::p256::FqParams::MODULUS);
        check([u64::MAX; 4]);
        check([1, 0, 0, 1 << 63]);
    }

    /// The kernel for `m = 2^256 − c` (secp256k1's base field above): `c = 189` (a prime),
    /// the largest `c` (`m[0] = 1`), and a `c` with its top bit set.
    #[test]
    fn crandall_moduli() {
        check([0u64.wrapping_sub(189), u64::MAX, u64::MAX, u64::MAX]);
        check([1, u64::MAX, u64::MAX, u64::MAX]);
        check([0x7fff_ffff_0000_0001, u64::MAX, u64::MAX, u64::MAX]);
    }

    #[test]
    fn bls12_381_fp() {
        check(bls12_381::FpParams::MODULUS);
    }

    #[test]
    fn bls12_381_fr() {
        check(bls12_381::FrParams::MODULUS);
    }

    /// The largest 6-limb modulus [`sqr6`] takes (`2^382 - 1`, odd; Montgomery arithmetic
    /// needs no prime), where its accumulator bound is tightest.
    #[test]
    fn sqr6_largest_modulus() {
        let mut m = [u64::MAX; 6];
        m[5] >>= 2;
        check(m);
    }

    /// A 6-limb modulus with a single spare bit: squaring goes through `mul6`.
    #[test]
    fn one_spare_bit_6() {
        let mut m = [u64::MAX; 6];
        m[5] = 0x7fff_ffff_ffff_fffb;
        check(m);
    }

    /// Any other limb count takes the portable path.
    #[test]
    fn other_sizes_fall_back() {
        let m = [0xffff_ffff_ffff_ff61u64, 0x3fff_ffff_ffff_ffff];
        let inv = mont::neg_inv64(m[0]);
        let (a, b) = ([5, 7], [11, 1]);
        // SAFETY: N = 2 has no assembly: the portable code runs on every CPU.
        assert_eq!(unsafe { mul(&a, &b, &m, inv) }, mont::mul(&a, &b, &m, inv));
        // SAFETY: as above.
        assert_eq!(unsafe { sqr(&a, &m, inv) }, mont::sqr(&a, &m, inv));
    }
}
