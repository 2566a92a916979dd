//! 4-limb Montgomery multiplication and squaring with MULX/ADCX/ADOX for moduli of the form
//! `m = 2^256 − c` with `c < 2^64` (Crandall's pseudo-Mersenne shape; the secp256k1 base field,
//! `c = 2^32 + 977`), about a third fewer multiplications than the general full-width kernel.
//!
//! **Algorithm.** Separated operand scanning (HAC Alg. 14.16 / 14.12 for the product, 14.32 for
//! the reduction) with the reduction specialized to the shape of `m`. Modulo `2^64`, `m ≡ −c`,
//! so `−m⁻¹ ≡ c⁻¹` and a reduction row's quotient digit `k = w·c⁻¹ mod 2^64` of the current low
//! word `w` satisfies `k·c ≡ w`. Since `k·m = k·2^256 − k·c`, the row's addition of `k·m·2^(64i)`
//! cancels word `i` exactly (the low half of `k·c` equals it: no borrow), subtracts the high half
//! `h < c` of `k·c` from word `i + 1`, and adds `k` at word `i + 4`. So one row costs one `MULX`
//! for `k` and one for `k·c` instead of five, and the four `k` are not added row by row but once
//! at the end: with `K = Σ kᵢ·2^(64i)`, the Montgomery result is
//! `(T + K·m)/2^256 = (T − K·c)/2^256 + K`.
//!
//! **Signs and bounds.** The running subtraction of the `h` (with its borrows) may take the upper
//! half of `T − K·c` below zero; it is kept as four words and a borrow, and adding `K` brings the
//! sum back to the Montgomery bound `0 ≤ R < 2m < 2^257` (inputs below `m`), so the fifth word
//! is `carry − borrow ∈ {0, 1}`. `R ≥ m` exactly when `R + c ≥ 2^256`, so the result is the low
//! four words of `R + c` when that carries (or `R` has its fifth word set), else `R`, selected
//! with a mask (`XOR`/`AND`/`XOR`: no `CMOV`, which memcheck treats like a branch, see
//! `x86_64_addsub`). When `R ≥ 2^256`, `R < 2^257 − 2c` keeps `R mod 2^256 + c` from carrying.
//!
//! **Registers.** The eight product words, `lo`/`hi`, `RDX` and two more take the 13
//! general-purpose registers the compiler hands out. In the product `a` comes in registers
//! (`a[0]` in `RDX`, `a[i]` in the register of the word `T[i+4]` that row `i` starts), so that a
//! chain `x = x·y` does not go through memory, and `b` through a pointer; in the squaring `a`
//! comes through a pointer. `c` and `c⁻¹` come in XMM registers and move into the two spare
//! registers (the pointers once the product is complete). The quotient digits are
//! computed with `MULX` (which leaves the flags alone) so that the borrow chain of the `h`
//! runs through all four rows, and each `kᵢ` replaces the word it cancels. Straight-line code:
//! no branch and no memory access whose address depends on data.
//!
//! **Plain products** ([`mul4_plain`], [`sqr4_plain`]). The same product, reduced as a
//! pseudo-Mersenne number instead (Crandall, US patent 5,159,632; HAC §14.3.4): for values
//! in plain (non-Montgomery) form below `2^256`, `T = H·2^256 + L ≡ L + c·H`, the four
//! products `c·Hᵢ` independent of each other (where the Montgomery rows form one chain), then
//! the fifth word `t ≤ c` folds back once more as `c·t`. The result is below `2^256`, not
//! necessarily below `m` ("weakly reduced"); see `field::crandall`.

/// The shared tail: reduction of the 8-word `T` in `t0..t7` by `m = 2^256 − c`, the result in
/// `t0..t3`. Expects `c` in `{c}`, `c⁻¹ mod 2^64` in `{inv}` (XMM) and `{x}`, `{y}` free.
macro_rules! crandall_reduce {
    () => {
        concat!(
            "movq {x}, {c}\n",
            "movq {y}, {inv}\n",
            // Row 0: k₀ = t0·c⁻¹ replaces t0; t1 −= high(k₀·c) (its borrow runs on in CF).
            "mov rdx, {t0}\n",
            "mulx {hi}, rdx, {y}\n",
            "mov {t0}, rdx\n",
            "mulx {hi}, {lo}, {x}\n",
            "sub {t1}, {hi}\n",
            // Rows 1–3 on the words the previous row left, the borrows chained.
            "mov rdx, {t1}\n",
            "mulx {hi}, rdx, {y}\n",
            "mov {t1}, rdx\n",
            "mulx {hi}, {lo}, {x}\n",
            "sbb {t2}, {hi}\n",
            "mov rdx, {t2}\n",
            "mulx {hi}, rdx, {y}\n",
            "mov {t2}, rdx\n",
            "mulx {hi}, {lo}, {x}\n",
            "sbb {t3}, {hi}\n",
            "mov rdx, {t3}\n",
            "mulx {hi}, rdx, {y}\n",
            "mov {t3}, rdx\n",
            "mulx {hi}, {lo}, {x}\n",
            "sbb {t4}, {hi}\n",
            "sbb {t5}, 0\n",
            "sbb {t6}, 0\n",
            "sbb {t7}, 0\n",
            // hi = −borrow; R = (t4..t7) + K with fifth word hi + carry ∈ {0, 1}.
            "sbb {hi}, {hi}\n",
            "add {t4}, {t0}\n",
            "adc {t5}, {t1}\n",
            "adc {t6}, {t2}\n",
            "adc {t7}, {t3}\n",
            "adc {hi}, 0\n",
            // S = R + c into t0..t3; hi + carry = 1 iff R ≥ m; then t = S where so, else R.
            "mov {t0}, {t4}\n",
            "add {t0}, {x}\n",
            "mov {t1}, {t5}\n",
            "adc {t1}, 0\n",
            "mov {t2}, {t6}\n",
            "adc {t2}, 0\n",
            "mov {t3}, {t7}\n",
            "adc {t3}, 0\n",
            "adc {hi}, 0\n",
            "neg {hi}\n",
            "xor {t0}, {t4}\n",
            "and {t0}, {hi}\n",
            "xor {t0}, {t4}\n",
            "xor {t1}, {t5}\n",
            "and {t1}, {hi}\n",
            "xor {t1}, {t5}\n",
            "xor {t2}, {t6}\n",
            "and {t2}, {hi}\n",
            "xor {t2}, {t6}\n",
            "xor {t3}, {t7}\n",
            "and {t3}, {hi}\n",
            "xor {t3}, {t7}\n",
        )
    };
}

/// The shared tail of the plain products: `T mod m` for the 8-word `T` in `t0..t7`, weakly
/// reduced (below `2^256`), in `t0..t3`. Expects `c` in `{c}` (XMM); uses `{lo}`, `{hi}` and
/// leaves `c` in `RDX`.
///
/// `L + c·H` (`T = H·2^256 + L`) is below `(c + 1)·2^256`, so its fifth word `t` is at most
/// `c` and `c·t < 2^66`; adding `c·t` to the low words carries out of them at most once, and
/// then leaves them below `2^66`, so that adding `c` for that carry (`2^256 ≡ c`) ends the
/// reduction. The carry is applied by a mask.
macro_rules! plain_reduce {
    () => {
        concat!(
            "xor {lo:e}, {lo:e}\n",
            "movq rdx, {c}\n",
            // t0..t3 + c·(t4..t7): low halves on the ADCX chain, high halves on ADOX.
            "mulx {hi}, {lo}, {t4}\n",
            "adcx {t0}, {lo}\n",
            "adox {t1}, {hi}\n",
            "mulx {hi}, {lo}, {t5}\n",
            "adcx {t1}, {lo}\n",
            "adox {t2}, {hi}\n",
            "mulx {hi}, {lo}, {t6}\n",
            "adcx {t2}, {lo}\n",
            "adox {t3}, {hi}\n",
            "mulx {t4}, {lo}, {t7}\n",
            "adcx {t3}, {lo}\n",
            // MOV leaves the flags alone: both carries into the fifth word.
            "mov {lo:e}, 0\n",
            "adox {t4}, {lo}\n",
            "adcx {t4}, {lo}\n",
            // The fifth word t = t4 ≤ c: add c·t.
            "mulx {hi}, {lo}, {t4}\n",
            "add {t0}, {lo}\n",
            "adc {t1}, {hi}\n",
            "adc {t2}, 0\n",
            "adc {t3}, 0\n",
            // A carry out: add c (the words are below 2^66 then, t1 ≤ 3).
            "sbb {lo}, {lo}\n",
            "and {lo}, rdx\n",
            "add {t0}, {lo}\n",
            "adc {t1}, 0\n",
        )
    };
}

/// `T[i..=i+4] += rdx·y[0..4]` for row `i ≥ 1` of the product, `rdx = a[i]` just read from the
/// register that becomes `T[i+4]` (zeroed here, which also clears the flags): low halves on the
/// ADCX chain, high halves one word up on the ADOX chain.
macro_rules! product_row {
    ($b:literal; $t0:ident $t1:ident $t2:ident $t3:ident $t4:ident) => {
        concat!(
            "mov rdx, {",
            stringify!($t4),
            "}\n",
            "xor {",
            stringify!($t4),
            ":e}, {",
            stringify!($t4),
            ":e}\n",
            "mulx {hi}, {lo}, qword ptr [",
            $b,
            "]\n",
            "adcx {",
            stringify!($t0),
            "}, {lo}\n",
            "adox {",
            stringify!($t1),
            "}, {hi}\n",
            "mulx {hi}, {lo}, qword ptr [",
            $b,
            " + 8]\n",
            "adcx {",
            stringify!($t1),
            "}, {lo}\n",
            "adox {",
            stringify!($t2),
            "}, {hi}\n",
            "mulx {hi}, {lo}, qword ptr [",
            $b,
            " + 16]\n",
            "adcx {",
            stringify!($t2),
            "}, {lo}\n",
            "adox {",
            stringify!($t3),
            "}, {hi}\n",
            "mulx {hi}, {lo}, qword ptr [",
            $b,
            " + 24]\n",
            "adcx {",
            stringify!($t3),
            "}, {lo}\n",
            "adox {",
            stringify!($t4),
            "}, {hi}\n",
            "adc {",
            stringify!($t4),
            "}, 0\n",
        )
    };
}

/// The 8-word product `a·b` into `{t0}`…`{t7}`: row 0 `T[0..=4] = a[0]·b` with `a[0]` in `RDX`
/// and `b` at `{y}`; `a[i]` for `i ≥ 1` waits in the register of `T[i+4]`, which row `i`
/// ([`product_row!`]) reads and then zeroes. Uses `{lo}`, `{hi}`.
macro_rules! mul4_product {
    () => {
        mul4_product!("{y}")
    };
    ($b:literal) => {
        concat!(
            "mulx {t1}, {t0}, qword ptr [",
            $b,
            "]\n",
            "mulx {t2}, {lo}, qword ptr [",
            $b,
            " + 8]\n",
            "add {t1}, {lo}\n",
            "mulx {t3}, {lo}, qword ptr [",
            $b,
            " + 16]\n",
            "adc {t2}, {lo}\n",
            "mulx {t4}, {lo}, qword ptr [",
            $b,
            " + 24]\n",
            "adc {t3}, {lo}\n",
            "adc {t4}, 0\n",
            product_row!($b; t1 t2 t3 t4 t5),
            product_row!($b; t2 t3 t4 t5 t6),
            product_row!($b; t3 t4 t5 t6 t7),
        )
    };
}

/// Montgomery product `a·b·2^(−256) mod m` for `a, b < m`, `m = 2^256 − c` with `c` odd and
/// below `2^64` (`c = −m[0] mod 2^64`, `m[1..4]` all ones), `inv = −m⁻¹ = c⁻¹ mod 2^64`.
/// Constant time in `a` and `b`; inputs outside the ranges give a wrong result, never
/// undefined behaviour.
///
/// # Safety
/// The CPU supports BMI2 and ADX.
#[inline(always)]
pub(super) unsafe fn mul4_crandall(a: &[u64; 4], b: &[u64; 4], c: u64, inv: u64) -> [u64; 4] {
    let (r0, r1, r2, r3);
    // SAFETY: the assembly reads 4 words behind `b`, a valid `[u64; 4]` reference, writes only
    // the declared registers, does not touch the stack and uses only BMI2/ADX instructions
    // beyond x86-64, which the caller guarantees.
    unsafe {
        core::arch::asm!(
            mul4_product!(),
            crandall_reduce!(),
            y = inout(reg) b.as_ptr() => _,
            x = out(reg) _,
            c = in(xmm_reg) c,
            inv = in(xmm_reg) inv,
            lo = out(reg) _,
            hi = out(reg) _,
            t0 = out(reg) r0,
            t1 = out(reg) r1,
            t2 = out(reg) r2,
            t3 = out(reg) r3,
            t4 = out(reg) _,
            t5 = inout(reg) a[1] => _,
            t6 = inout(reg) a[2] => _,
            t7 = inout(reg) a[3] => _,
            inout("rdx") a[0] => _,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3]
}

/// Montgomery square `a²·2^(−256) mod m` under the conditions of [`mul4_crandall`]: the 8-word
/// square with each cross product `a[i]·a[j]` computed once and doubled (HAC Alg. 14.16), then
/// the same reduction. Constant time in `a`.
///
/// # Safety
/// The CPU supports BMI2 and ADX.
#[inline(always)]
pub(super) unsafe fn sqr4_crandall(a: &[u64; 4], c: u64, inv: u64) -> [u64; 4] {
    let (r0, r1, r2, r3);
    // SAFETY: the assembly reads 4 words behind `a`, a valid `[u64; 4]` reference, writes only
    // the declared registers, does not touch the stack and uses only BMI2/ADX instructions
    // beyond x86-64, which the caller guarantees.
    unsafe {
        core::arch::asm!(
            sqr4_product!(),
            crandall_reduce!(),
            x = inout(reg) a.as_ptr() => _,
            y = out(reg) _,
            c = in(xmm_reg) c,
            inv = in(xmm_reg) inv,
            lo = out(reg) _,
            hi = out(reg) _,
            t0 = out(reg) r0,
            t1 = out(reg) r1,
            t2 = out(reg) r2,
            t3 = out(reg) r3,
            t4 = out(reg) _,
            t5 = out(reg) _,
            t6 = out(reg) _,
            t7 = out(reg) _,
            out("rdx") _,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3]
}

/// Plain product `a·b mod m` for `a, b < 2^256` (any 4-word values), `m = 2^256 − c` with
/// `c < 2^33`, weakly reduced: the result is below `2^256` and congruent to `a·b` modulo `m`
/// (see [`plain_reduce!`]). Constant time in `a` and `b`.
///
/// # Safety
/// The CPU supports BMI2 and ADX.
#[inline(always)]
pub(super) unsafe fn mul4_plain(a: &[u64; 4], b: &[u64; 4], c: u64) -> [u64; 4] {
    let (r0, r1, r2, r3);
    // SAFETY: the assembly reads 4 words behind `b`, a valid `[u64; 4]` reference, writes only
    // the declared registers, does not touch the stack and uses only BMI2/ADX instructions
    // beyond x86-64, which the caller guarantees.
    unsafe {
        core::arch::asm!(
            mul4_product!(),
            plain_reduce!(),
            y = inout(reg) b.as_ptr() => _,
            c = in(xmm_reg) c,
            lo = out(reg) _,
            hi = out(reg) _,
            t0 = out(reg) r0,
            t1 = out(reg) r1,
            t2 = out(reg) r2,
            t3 = out(reg) r3,
            t4 = out(reg) _,
            t5 = inout(reg) a[1] => _,
            t6 = inout(reg) a[2] => _,
            t7 = inout(reg) a[3] => _,
            inout("rdx") a[0] => _,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3]
}

/// Plain square `a² mod m` under the conditions of [`mul4_plain`]. Constant time in `a`.
///
/// # Safety
/// The CPU supports BMI2 and ADX.
#[inline(always)]
pub(super) unsafe fn sqr4_plain(a: &[u64; 4], c: u64) -> [u64; 4] {
    let (r0, r1, r2, r3);
    // SAFETY: the assembly reads 4 words behind `a`, a valid `[u64; 4]` reference, writes only
    // the declared registers, does not touch the stack and uses only BMI2/ADX instructions
    // beyond x86-64, which the caller guarantees.
    unsafe {
        core::arch::asm!(
            sqr4_product!(),
            plain_reduce!(),
            x = inout(reg) a.as_ptr() => _,
            c = in(xmm_reg) c,
            lo = out(reg) _,
            hi = out(reg) _,
            t0 = out(reg) r0,
            t1 = out(reg) r1,
            t2 = out(reg) r2,
            t3 = out(reg) r3,
            t4 = out(reg) _,
            t5 = out(reg) _,
            t6 = out(reg) _,
            t7 = out(reg) _,
            out("rdx") _,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3]
}

mod jacobian;
pub(super) use jacobian::{add_mixed, double_a0};
