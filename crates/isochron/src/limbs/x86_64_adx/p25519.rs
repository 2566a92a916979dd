//! Multiplication and squaring modulo `p = 2^255 − 19` with MULX/ADCX/ADOX on four saturated
//! 64-bit limbs, weakly reduced (inputs and outputs any value below `2^256`, see
//! [`crate::limbs::p25519`], the portable reference these kernels are tested against); and the
//! addition and subtraction ([`add`], [`sub`]) as `ADC`/`SBB` chains, which need only base
//! x86-64 (no CPU check).
//!
//! **Algorithm.** The 512-bit product `T = H·2^256 + L` by operand scanning (HAC Alg. 14.12;
//! squares with each cross product once, Alg. 14.16), then the
//! pseudo-Mersenne reduction `2^256 ≡ 38 (mod p)` (Bernstein, "Curve25519: new Diffie-Hellman
//! speed records", PKC 2006, §4): one row `L + 38·H` with `RDX = 38`, the low halves of the four
//! `MULX` on the ADCX chain and the high halves one word up on the ADOX chain (Intel white paper
//! 327831, "New instructions supporting large integer arithmetic", 2012), both chains ending in
//! the fifth word `c ≤ 39`. Then `38·c < 2^11` is added to the low words (`IMUL` by an
//! immediate), and a carry out of that addition, which leaves the low words below `2^11`, adds
//! 38 once more: `SBB r, r`, `AND r, 38`, `ADD`, which cannot carry.
//!
//! **Registers.** The product's eight words, `lo`/`hi` and `RDX` plus the pointer to `b` take 12
//! of the 13 general-purpose registers the compiler hands out (the squaring's register plan is
//! at [`sqr`]). In the product `a` comes in
//! registers (`a[0]` in `RDX`, `a[i]` in the register of the word `T[i+4]` that row `i` starts,
//! as in the `crandall` kernels), so that a chain `x = x·y` does not go through memory; `b` comes
//! through a pointer, which the reduction reuses as its zero register. Straight-line code: no
//! branch, no `CMOV` (memcheck treats it like a branch), no memory access whose address depends
//! on data.

/// `T[i..=i+4] += rdx·y[0..4]` for row `i ≥ 1` of the product, `rdx = a[i]` read from the
/// register that becomes `T[i+4]` (zeroed here, which also clears both flags): low halves on the
/// ADCX chain, high halves one word up on the ADOX chain.
macro_rules! p25519_row {
    ($t0:ident $t1:ident $t2:ident $t3:ident $t4:ident) => {
        concat!(
            "mov rdx, {",
            stringify!($t4),
            "}\n",
            "xor {",
            stringify!($t4),
            ":e}, {",
            stringify!($t4),
            ":e}\n",
            "mulx {hi}, {lo}, qword ptr [{y}]\n",
            "adcx {",
            stringify!($t0),
            "}, {lo}\n",
            "adox {",
            stringify!($t1),
            "}, {hi}\n",
            "mulx {hi}, {lo}, qword ptr [{y} + 8]\n",
            "adcx {",
            stringify!($t1),
            "}, {lo}\n",
            "adox {",
            stringify!($t2),
            "}, {hi}\n",
            "mulx {hi}, {lo}, qword ptr [{y} + 16]\n",
            "adcx {",
            stringify!($t2),
            "}, {lo}\n",
            "adox {",
            stringify!($t3),
            "}, {hi}\n",
            "mulx {hi}, {lo}, qword ptr [{y} + 24]\n",
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

/// The reduction of the 8-word `T` in the registers `$t0..$t7` to four words `≡ T (mod p)`,
/// below `2^256`, in `$t0..$t3`; `$lo`, `$hi` and `$z` are free registers (`$z` zeroed here),
/// `RDX` is clobbered.
macro_rules! p25519_reduce {
    ($t0:ident $t1:ident $t2:ident $t3:ident $t4:ident $t5:ident $t6:ident $t7:ident; $lo:ident $hi:ident $z:ident) => {
        concat!(
            // L + 38·H: low halves on CF, high halves on OF, the fifth word in t4.
            "mov edx, 38\n",
            "xor {",
            stringify!($z),
            ":e}, {",
            stringify!($z),
            ":e}\n",
            "mulx {",
            stringify!($hi),
            "}, {",
            stringify!($lo),
            "}, {",
            stringify!($t4),
            "}\n",
            "adcx {",
            stringify!($t0),
            "}, {",
            stringify!($lo),
            "}\n",
            "adox {",
            stringify!($t1),
            "}, {",
            stringify!($hi),
            "}\n",
            "mulx {",
            stringify!($hi),
            "}, {",
            stringify!($lo),
            "}, {",
            stringify!($t5),
            "}\n",
            "adcx {",
            stringify!($t1),
            "}, {",
            stringify!($lo),
            "}\n",
            "adox {",
            stringify!($t2),
            "}, {",
            stringify!($hi),
            "}\n",
            "mulx {",
            stringify!($hi),
            "}, {",
            stringify!($lo),
            "}, {",
            stringify!($t6),
            "}\n",
            "adcx {",
            stringify!($t2),
            "}, {",
            stringify!($lo),
            "}\n",
            "adox {",
            stringify!($t3),
            "}, {",
            stringify!($hi),
            "}\n",
            "mulx {",
            stringify!($t4),
            "}, {",
            stringify!($lo),
            "}, {",
            stringify!($t7),
            "}\n",
            "adcx {",
            stringify!($t3),
            "}, {",
            stringify!($lo),
            "}\n",
            "adox {",
            stringify!($t4),
            "}, {",
            stringify!($z),
            "}\n",
            "adcx {",
            stringify!($t4),
            "}, {",
            stringify!($z),
            "}\n",
            // + 38·t4 (t4 ≤ 39), then 38 more on a carry out (which cannot carry again).
            "imul {",
            stringify!($t4),
            "}, {",
            stringify!($t4),
            "}, 38\n",
            "add {",
            stringify!($t0),
            "}, {",
            stringify!($t4),
            "}\n",
            "adc {",
            stringify!($t1),
            "}, {",
            stringify!($z),
            "}\n",
            "adc {",
            stringify!($t2),
            "}, {",
            stringify!($z),
            "}\n",
            "adc {",
            stringify!($t3),
            "}, {",
            stringify!($z),
            "}\n",
            "sbb {",
            stringify!($t4),
            "}, {",
            stringify!($t4),
            "}\n",
            "and {",
            stringify!($t4),
            "}, 38\n",
            "add {",
            stringify!($t0),
            "}, {",
            stringify!($t4),
            "}\n",
        )
    };
}

/// `a·b mod p`, weakly reduced (below `2^256`), for any `a, b < 2^256`. Constant time.
///
/// # Safety
/// The CPU supports BMI2 and ADX ([`super::available`] returned `true`).
#[inline(always)]
pub unsafe fn mul(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let (r0, r1, r2, r3);
    // SAFETY: the assembly reads 4 words behind `b`, a valid `[u64; 4]` reference, writes only
    // the declared registers, does not touch the stack and uses only BMI2/ADX instructions
    // beyond x86-64, which the caller guarantees.
    unsafe {
        core::arch::asm!(
            // Row 0: T[0..=4] = a[0]·b (a[0] in rdx).
            "mulx {t1}, {t0}, qword ptr [{y}]",
            "mulx {t2}, {lo}, qword ptr [{y} + 8]",
            "add {t1}, {lo}",
            "mulx {t3}, {lo}, qword ptr [{y} + 16]",
            "adc {t2}, {lo}",
            "mulx {t4}, {lo}, qword ptr [{y} + 24]",
            "adc {t3}, {lo}",
            "adc {t4}, 0",
            p25519_row!(t1 t2 t3 t4 t5),
            p25519_row!(t2 t3 t4 t5 t6),
            p25519_row!(t3 t4 t5 t6 t7),
            p25519_reduce!(t0 t1 t2 t3 t4 t5 t6 t7; lo hi y),
            y = inout(reg) b.as_ptr() => _,
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

/// `a² mod p`, weakly reduced (below `2^256`), for any `a < 2^256`: the 8-word square with
/// each cross product once (HAC Alg. 14.16, 10 `MULX`: the order of the parent module's
/// `sqr4_product!`), then the reduction of [`mul`]. `a` comes in registers, not through memory
/// (measured 3% faster on a chain `x = x²`, which then does not go through the stack), with the
/// 13 registers shared out so that everything fits. The cross products need `a[0..4]`,
/// `T[1..=6]`, `lo`, `hi` and `RDX`; the carry of the doubling becomes `T[7]` in `lo`; each
/// diagonal square `a[i]²` writes its low half over `a[i]` (`a[0]`'s register becomes `T[0]`),
/// and the freed `a[1..4]` are the reduction's temporaries. Constant time.
///
/// # Safety
/// The CPU supports BMI2 and ADX ([`super::available`] returned `true`).
#[inline(always)]
pub unsafe fn sqr(a: &[u64; 4]) -> [u64; 4] {
    let (r0, r1, r2, r3);
    // SAFETY: register-only arithmetic on the declared operands (no memory access, no stack),
    // using only BMI2/ADX instructions beyond x86-64, which the caller guarantees.
    unsafe {
        core::arch::asm!(
            // Cross products a[i]·a[j], i < j, into t1..t6.
            "mov rdx, {a0}",
            "mulx {t2}, {t1}, {a1}",
            "mulx {t3}, {lo}, {a2}",
            "add {t2}, {lo}",
            "mulx {t4}, {lo}, {a3}",
            "adc {t3}, {lo}",
            "adc {t4}, 0",
            "mov rdx, {a1}",
            "xor {t5:e}, {t5:e}",
            "mulx {hi}, {lo}, {a2}",
            "adcx {t3}, {lo}",
            "adox {t4}, {hi}",
            "mulx {hi}, {lo}, {a3}",
            "adcx {t4}, {lo}",
            "adox {t5}, {hi}",
            "adc {t5}, 0",
            "mov rdx, {a2}",
            "mulx {t6}, {lo}, {a3}",
            "add {t5}, {lo}",
            "adc {t6}, 0",
            // Doubled; the bit shifted out is T[7], in lo (MOV leaves the flags alone).
            "add {t1}, {t1}",
            "adc {t2}, {t2}",
            "adc {t3}, {t3}",
            "adc {t4}, {t4}",
            "adc {t5}, {t5}",
            "adc {t6}, {t6}",
            "mov {lo:e}, 0",
            "adc {lo}, 0",
            // The squares on the diagonal; a[0]'s register becomes T[0].
            "mov rdx, {a0}",
            "mulx {hi}, {a0}, rdx",
            "add {t1}, {hi}",
            "mov rdx, {a1}",
            "mulx {hi}, {a1}, rdx",
            "adc {t2}, {a1}",
            "adc {t3}, {hi}",
            "mov rdx, {a2}",
            "mulx {hi}, {a2}, rdx",
            "adc {t4}, {a2}",
            "adc {t5}, {hi}",
            "mov rdx, {a3}",
            "mulx {hi}, {a3}, rdx",
            "adc {t6}, {a3}",
            "adc {lo}, {hi}",
            p25519_reduce!(a0 t1 t2 t3 t4 t5 t6 lo; a1 a2 a3),
            a0 = inout(reg) a[0] => r0,
            a1 = inout(reg) a[1] => _,
            a2 = inout(reg) a[2] => _,
            a3 = inout(reg) a[3] => _,
            t1 = out(reg) r1,
            t2 = out(reg) r2,
            t3 = out(reg) r3,
            t4 = out(reg) _,
            t5 = out(reg) _,
            t6 = out(reg) _,
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            options(pure, nomem, nostack),
        );
    }
    [r0, r1, r2, r3]
}

/// `a + b mod p`, weakly reduced, for any `a, b < 2^256`: one `ADD`/`ADC` chain, its carry
/// turned into 38 by a mask (`SBB r, r`, `AND r, 38`) and added, and the carry of that once more
/// (which leaves the low words below 38, so the last addition cannot carry). Base x86-64
/// instructions only (no BMI2/ADX needed), as the portable [`crate::limbs::p25519::add`] but
/// without LLVM's `setb`/re-add sequences for its `u128` carries. Constant time.
#[inline(always)]
pub fn add(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let (r0, r1, r2, r3);
    // SAFETY: register-only arithmetic on the declared operands; no memory access, no stack.
    unsafe {
        core::arch::asm!(
            "add {r0}, {b0}",
            "adc {r1}, {b1}",
            "adc {r2}, {b2}",
            "adc {r3}, {b3}",
            "sbb {b0}, {b0}",
            "and {b0}, 38",
            "add {r0}, {b0}",
            "adc {r1}, 0",
            "adc {r2}, 0",
            "adc {r3}, 0",
            "sbb {b0}, {b0}",
            "and {b0}, 38",
            "add {r0}, {b0}",
            r0 = inout(reg) a[0] => r0,
            r1 = inout(reg) a[1] => r1,
            r2 = inout(reg) a[2] => r2,
            r3 = inout(reg) a[3] => r3,
            b0 = inout(reg) b[0] => _,
            b1 = in(reg) b[1],
            b2 = in(reg) b[2],
            b3 = in(reg) b[3],
            options(pure, nomem, nostack),
        );
    }
    [r0, r1, r2, r3]
}

/// `a − b mod p`, weakly reduced, for any `a, b < 2^256`: one `SUB`/`SBB` chain, its borrow
/// (`2^256` added) turned into 38 by a mask and subtracted, and the borrow of that once more
/// (the difference wrapped to at least `2^256 − 38`, so the last subtraction cannot borrow).
/// Base x86-64 instructions only. Constant time.
#[inline(always)]
pub fn sub(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let (r0, r1, r2, r3);
    // SAFETY: register-only arithmetic on the declared operands; no memory access, no stack.
    unsafe {
        core::arch::asm!(
            "sub {r0}, {b0}",
            "sbb {r1}, {b1}",
            "sbb {r2}, {b2}",
            "sbb {r3}, {b3}",
            "sbb {b0}, {b0}",
            "and {b0}, 38",
            "sub {r0}, {b0}",
            "sbb {r1}, 0",
            "sbb {r2}, 0",
            "sbb {r3}, 0",
            "sbb {b0}, {b0}",
            "and {b0}, 38",
            "sub {r0}, {b0}",
            r0 = inout(reg) a[0] => r0,
            r1 = inout(reg) a[1] => r1,
            r2 = inout(reg) a[2] => r2,
            r3 = inout(reg) a[3] => r3,
            b0 = inout(reg) b[0] => _,
            b1 = in(reg) b[1],
            b2 = in(reg) b[2],
            b3 = in(reg) b[3],
            options(pure, nomem, nostack),
        );
    }
    [r0, r1, r2, r3]
}
