//! 4-limb Montgomery multiplication and squaring with MULX/ADCX/ADOX for moduli with the top
//! bit set (`2^255 ≤ m < 2^256`: the secp256k1 and P-256 base and scalar fields), where the
//! spare-bit kernels of the parent module do not apply.
//!
//! **Algorithm.** CIOS (Koç, Acar, Kaliski 1996, §5) as in the parent module, but with the
//! textbook `N + 2`-word accumulator: with `a, b < m` and `T < 2m` between rows, a row adds
//! `a[i]·b < (2^64 − 1)·m`, so `T + a[i]·b < (2^64 + 1)·m` may reach `2^320`; the reduction row
//! adds `k·m < 2^64·m`, and the sum stays below `2^65·m < 2^321`. So each half-row ends by
//! folding both pending carries (ADCX's into word 4, ADOX's into word 5) into a sixth word that
//! is at most 1; after the division by `2^64` (a rotation of the register names) the new top
//! word, word 4, is that bit, and the zeroed word 0 becomes the next row's sixth word.
//!
//! **Final subtraction.** `T < 2m` is `T[0..4] + 2^256·t` with `t ∈ {0, 1}`: `S = T − m` over
//! five words (the fifth `t − borrow`) borrows exactly when `T < m`; the borrow becomes a mask
//! (`SBB r, r`) that selects `T` or `S` limb by limb with `XOR`/`AND`/`XOR`. No `CMOV`: memcheck
//! (the constant-time checker) reports a conditional move on secret data like a branch; see
//! `x86_64_addsub`.
//!
//! **Registers.** Six accumulator words, `lo`/`hi` for `MULX`, `RDX`, and the three pointers
//! take 12 of the 13 general-purpose registers the compiler hands out; `-m⁻¹` comes in an XMM
//! register, and `a` is read from memory (no register is left to hold it). Straight-line code:
//! no branch and no memory access whose address depends on data.
//!
//! **Squaring** ([`sqr4_full`]) scans the operands separately instead (HAC Alg. 14.16 then
//! 14.32): the 8-word square with each cross product computed once and doubled (10 `MULX`
//! instead of 16), then four reduction rows over the eight words with a one-bit top carry kept
//! in the word each row zeroes. Measured on a shared machine within noise of the product `a·a`
//! (best of 12: 18 against 19–20 ns), never slower; the same tests and constant-time checks.

/// `T[0..=5] += rdx·v[0..4]` with both carry chains folded into the last two words, given the
/// four operands `v` and the registers `T[0], …, T[5]`. Expects both flags clear.
macro_rules! fw_mac_row {
    ([$v:literal $($vs:literal)*]; [$t:ident $u:ident $($rest:ident)*]) => {
        concat!(
            "mulx {hi}, {lo}, ", $v, "\n",
            "adcx {", stringify!($t), "}, {lo}\n",
            "adox {", stringify!($u), "}, {hi}\n",
            fw_mac_row!([$($vs)*]; [$u $($rest)*]),
        )
    };
    ([]; [$top:ident $extra:ident]) => {
        concat!(
            // `MOV` leaves the flags alone; ADCX's carry goes into the top word, ADOX's and
            // then the top word's carry into the extra word.
            "mov {lo:e}, 0\n",
            "adcx {", stringify!($top), "}, {lo}\n",
            "adox {", stringify!($extra), "}, {lo}\n",
            "adc {", stringify!($extra), "}, 0\n",
        )
    };
}

/// Reduction row: `k = T[0]·inv`, `T += k·m`, after which `T[0] = 0`.
macro_rules! fw_reduce_row {
    ($m:tt; [$t0:ident $($t:ident)*]) => {
        concat!(
            "movq rdx, {inv}\n",
            "imul rdx, {", stringify!($t0), "}\n",
            "xor {lo:e}, {lo:e}\n",
            fw_mac_row!($m; [$t0 $($t)*]),
        )
    };
}

/// Rows `i ≥ 1`: `T += x[i]·y`, reduce, rotate the register names (the zeroed `T[0]` becomes
/// the next extra word).
macro_rules! fw_next_rows {
    ([$x:literal $($xs:literal)*]; $y:tt; $m:tt; [$t0:ident $($t:ident)*]) => {
        concat!(
            "mov rdx, ", $x, "\n",
            "xor {lo:e}, {lo:e}\n",
            fw_mac_row!($y; [$t0 $($t)*]),
            fw_reduce_row!($m; [$t0 $($t)*]),
            fw_next_rows!([$($xs)*]; $y; $m; [$($t)* $t0]),
        )
    };
    ([]; $y:tt; $m:tt; [$($t:ident)*]) => {
        ""
    };
}

/// Montgomery product `a·b·2^(−256) mod m` for `a, b < m`, `m` odd with `2^255 ≤ m < 2^256`,
/// `inv = −m⁻¹ mod 2⁶⁴`. Constant time in `a` and `b`; inputs outside the ranges give a wrong
/// result, never undefined behaviour.
///
/// # Safety
/// The CPU supports BMI2 and ADX.
#[inline(always)]
pub(super) unsafe fn mul4_full(a: &[u64; 4], b: &[u64; 4], m: &[u64; 4], inv: u64) -> [u64; 4] {
    let (t0, t1, t2, t3);
    // SAFETY: the assembly reads 4 words behind each of `a`, `b` and `m`, which are valid
    // `[u64; 4]` references, writes only the declared registers, does not touch the stack and
    // uses only BMI2/ADX instructions beyond x86-64, which the caller guarantees.
    unsafe {
        core::arch::asm!(
            // Row 0: T = a[0]·b (five words), the extra word zeroed (which clears the flags).
            "xor {r5:e}, {r5:e}",
            "mov rdx, qword ptr [{x}]",
            "mulx {r1}, {r0}, qword ptr [{y}]",
            "mulx {r2}, {lo}, qword ptr [{y} + 8]",
            "adcx {r1}, {lo}",
            "mulx {r3}, {lo}, qword ptr [{y} + 16]",
            "adcx {r2}, {lo}",
            "mulx {r4}, {lo}, qword ptr [{y} + 24]",
            "adcx {r3}, {lo}",
            "adc {r4}, 0",
            fw_reduce_row!(
                ["qword ptr [{m}]" "qword ptr [{m} + 8]" "qword ptr [{m} + 16]" "qword ptr [{m} + 24]"];
                [r0 r1 r2 r3 r4 r5]
            ),
            fw_next_rows!(
                ["qword ptr [{x} + 8]" "qword ptr [{x} + 16]" "qword ptr [{x} + 24]"];
                ["qword ptr [{y}]" "qword ptr [{y} + 8]" "qword ptr [{y} + 16]" "qword ptr [{y} + 24]"];
                ["qword ptr [{m}]" "qword ptr [{m} + 8]" "qword ptr [{m} + 16]" "qword ptr [{m} + 24]"];
                [r1 r2 r3 r4 r5 r0]
            ),
            // After four rotations T = (r4, r5, r0, r1), its top bit in r2; r3 is zero.
            // S = T − m into lo, hi, rdx, r3; the fifth word r2 − borrow borrows iff T < m.
            "mov {lo}, {r4}",
            "sub {lo}, qword ptr [{m}]",
            "mov {hi}, {r5}",
            "sbb {hi}, qword ptr [{m} + 8]",
            "mov rdx, {r0}",
            "sbb rdx, qword ptr [{m} + 16]",
            "mov {r3}, {r1}",
            "sbb {r3}, qword ptr [{m} + 24]",
            "sbb {r2}, 0",
            "sbb {r2}, {r2}",
            // r2 = all ones iff T < m: then S ← T (s ^= (t ^ s) & mask).
            "xor {r4}, {lo}", "and {r4}, {r2}", "xor {lo}, {r4}",
            "xor {r5}, {hi}", "and {r5}, {r2}", "xor {hi}, {r5}",
            "xor {r0}, rdx", "and {r0}, {r2}", "xor rdx, {r0}",
            "xor {r1}, {r3}", "and {r1}, {r2}", "xor {r3}, {r1}",
            x = in(reg) a.as_ptr(),
            y = in(reg) b.as_ptr(),
            m = in(reg) m.as_ptr(),
            inv = in(xmm_reg) inv,
            lo = out(reg) t0,
            hi = out(reg) t1,
            r0 = out(reg) _,
            r1 = out(reg) _,
            r2 = out(reg) _,
            r3 = out(reg) t3,
            r4 = out(reg) _,
            r5 = out(reg) _,
            out("rdx") t2,
            options(pure, readonly, nostack),
        );
    }
    [t0, t1, t2, t3]
}

/// Reduction row `i` of [`sqr4_full`]: `k = T[i]·inv`, `T[i..i+4] += k·m` with both chains,
/// the row's carry word `C = hi + CF + OF` (below `2^64`: the row's sum stays below `2^320`),
/// then `T[i+4] += C + top` with the new top carry collected in the zeroed `T[i]`. Takes the
/// registers `T[i], …, T[i+4]` and the register holding the previous top carry.
#[rustfmt::skip]
macro_rules! sqr_reduce_row {
    ([$t0:ident $t1:ident $t2:ident $t3:ident $t4:ident]; $top:ident) => {
        concat!(
            "movq rdx, {inv}\n",
            "imul rdx, {", stringify!($t0), "}\n",
            "xor {lo:e}, {lo:e}\n",
            "mulx {hi}, {lo}, qword ptr [{m}]\n",
            "adcx {", stringify!($t0), "}, {lo}\n",
            "adox {", stringify!($t1), "}, {hi}\n",
            "mulx {hi}, {lo}, qword ptr [{m} + 8]\n",
            "adcx {", stringify!($t1), "}, {lo}\n",
            "adox {", stringify!($t2), "}, {hi}\n",
            "mulx {hi}, {lo}, qword ptr [{m} + 16]\n",
            "adcx {", stringify!($t2), "}, {lo}\n",
            "adox {", stringify!($t3), "}, {hi}\n",
            "mulx {hi}, {lo}, qword ptr [{m} + 24]\n",
            "adcx {", stringify!($t3), "}, {lo}\n",
            "mov {lo:e}, 0\n",
            "adcx {hi}, {lo}\n",
            "adox {hi}, {lo}\n",
            // T[i] is zero now: it collects the carries of T[i+4] += C + top.
            "add {", stringify!($t4), "}, {hi}\n",
            "adc {", stringify!($t0), "}, 0\n",
            "add {", stringify!($t4), "}, {", stringify!($top), "}\n",
            "adc {", stringify!($t0), "}, 0\n",
        )
    };
}

/// Montgomery square `a²·2^(−256) mod m` for `a < m`, `m` odd with `2^255 ≤ m < 2^256`
/// (separated operand scanning): the 8-word square with each cross product `a[i]·a[j]`
/// computed once and doubled (HAC Alg. 14.16), then Montgomery reduction (HAC Alg. 14.32) row
/// by row with a top carry bit; the result `(T + K·m)/2^256 < (m² + 2^256·m)/2^256 < 2m` is
/// four words plus that bit, reduced by the masked five-word subtraction of [`mul4_full`].
/// Constant time in `a`.
///
/// # Safety
/// The CPU supports BMI2 and ADX.
#[inline(always)]
pub(super) unsafe fn sqr4_full(a: &[u64; 4], m: &[u64; 4], inv: u64) -> [u64; 4] {
    let (r0, r1, r2, r3);
    // SAFETY: the assembly reads 4 words behind each of `a` and `m`, which are valid
    // `[u64; 4]` references, writes only the declared registers, does not touch the stack and
    // uses only BMI2/ADX instructions beyond x86-64, which the caller guarantees.
    unsafe {
        core::arch::asm!(
            sqr4_product!(),
            // Reduction. `x` is free from here on: zeroed, it is the (empty) top carry of row 0.
            "xor {x:e}, {x:e}",
            sqr_reduce_row!([t0 t1 t2 t3 t4]; x),
            sqr_reduce_row!([t1 t2 t3 t4 t5]; t0),
            sqr_reduce_row!([t2 t3 t4 t5 t6]; t1),
            sqr_reduce_row!([t3 t4 t5 t6 t7]; t2),
            // T = (t4, t5, t6, t7) with its top bit in t3. S = T − m into lo, hi, rdx, x.
            "mov {lo}, {t4}",
            "sub {lo}, qword ptr [{m}]",
            "mov {hi}, {t5}",
            "sbb {hi}, qword ptr [{m} + 8]",
            "mov rdx, {t6}",
            "sbb rdx, qword ptr [{m} + 16]",
            "mov {x}, {t7}",
            "sbb {x}, qword ptr [{m} + 24]",
            "sbb {t3}, 0",
            "sbb {t3}, {t3}",
            "xor {t4}, {lo}", "and {t4}, {t3}", "xor {lo}, {t4}",
            "xor {t5}, {hi}", "and {t5}, {t3}", "xor {hi}, {t5}",
            "xor {t6}, rdx", "and {t6}, {t3}", "xor rdx, {t6}",
            "xor {t7}, {x}", "and {t7}, {t3}", "xor {x}, {t7}",
            x = inout(reg) a.as_ptr() => r3,
            m = in(reg) m.as_ptr(),
            inv = in(xmm_reg) inv,
            lo = out(reg) r0,
            hi = out(reg) r1,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) _,
            t5 = out(reg) _,
            t6 = out(reg) _,
            t7 = out(reg) _,
            out("rdx") r2,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3]
}
