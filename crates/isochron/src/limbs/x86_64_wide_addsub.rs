//! x86-64 addition and subtraction of double-width values modulo `m·2^(64N)` (the lazy
//! reduction domain of [`crate::field`]'s towers), for N = 4 and N = 6: the run-time path of
//! the wide additions; the portable carry chains in `field/wide.rs` are the fallback.
//!
//! A wide value is `2N` words, low word first, below `m·2^(64N)`. Modulo `m·2^(64N)` only the
//! high half is corrected (HAC Alg. 14.7/14.9 with the modulus shifted by `N` words):
//! - `add_mod`: `s = a + b` (one `ADD`/`ADC` chain; the low half is stored), the high half
//!   is stored, `s_hi − m` is formed in registers and, where it borrows, `CMOVC` takes the
//!   stored `s_hi` back.
//! - `sub_mod`: `d = a − b` (one `SUB`/`SBB` chain), the borrow becomes a mask, `d_hi` is
//!   stored, `d_hi + m` is formed and, where there was no borrow (`TEST` of the mask), `CMOVZ`
//!   takes the stored `d_hi` back.
//! - `sub`: `a − b` for `a ≥ b`, one chain.
//!
//! **Constant time.** Straight-line code; the conditional moves read fixed addresses, so
//! neither control flow nor addresses depend on the data. Base x86-64 instructions only.

use core::arch::asm;

use super::WideOp;

/// Generates `add_mod`, `sub_mod` and `sub` bodies for one limb count from the operand lists
/// of `a`, `b`, `o` (output) low and high halves and `m`.
macro_rules! wide_ops {
    ($name_add:ident, $name_sub_mod:ident, $name_sub:ident;
     regs = [$($r:ident)*];
     a_lo = $alo:tt; a_hi = $ahi:tt; b_lo = $blo:tt; b_hi = $bhi:tt; o_lo = $olo:tt; o_hi = $ohi:tt; m = $m:tt) => {
        /// `(a + b) mod m·2^(64N)` for `a, b < m·2^(64N)` and `m < 2^(64N−1)`.
        ///
        /// # Safety
        /// `a`, `b` and `o` point to `2N` words (readable; `o` writable; `o` may alias `a` or
        /// `b`), `m` to `N`.
        #[inline(always)]
        unsafe fn $name_add(a: *const u64, b: *const u64, o: *mut u64, m: *const u64) {
            // SAFETY: the caller provides the pointers; the kernel reads every input word
            // before it overwrites that word of `o`; only the declared registers change.
            unsafe {
                asm!(
                    chain!("mov", "mov"; [$($r)*]; $alo),
                    chain!("add", "adc"; [$($r)*]; $blo),
                    store!([$($r)*]; $olo),
                    chain!("mov", "mov"; [$($r)*]; $ahi),
                    chain!("adc", "adc"; [$($r)*]; $bhi),
                    store!([$($r)*]; $ohi),
                    chain!("sub", "sbb"; [$($r)*]; $m),
                    cmov!("c"; [$($r)*]; $ohi),
                    store!([$($r)*]; $ohi),
                    a = in(reg) a,
                    b = in(reg) b,
                    o = in(reg) o,
                    m = in(reg) m,
                    $($r = out(reg) _,)*
                    options(nostack),
                );
            }
        }

        /// `(a − b) mod m·2^(64N)` for `a, b < m·2^(64N)`.
        ///
        /// # Safety
        /// As for the addition.
        #[inline(always)]
        unsafe fn $name_sub_mod(a: *const u64, b: *const u64, o: *mut u64, m: *const u64) {
            // SAFETY: as in the addition.
            unsafe {
                asm!(
                    chain!("mov", "mov"; [$($r)*]; $alo),
                    chain!("sub", "sbb"; [$($r)*]; $blo),
                    store!([$($r)*]; $olo),
                    chain!("mov", "mov"; [$($r)*]; $ahi),
                    chain!("sbb", "sbb"; [$($r)*]; $bhi),
                    "sbb {mask}, {mask}",
                    store!([$($r)*]; $ohi),
                    chain!("add", "adc"; [$($r)*]; $m),
                    "test {mask}, {mask}",
                    cmov!("z"; [$($r)*]; $ohi),
                    store!([$($r)*]; $ohi),
                    a = in(reg) a,
                    b = in(reg) b,
                    o = in(reg) o,
                    m = in(reg) m,
                    mask = out(reg) _,
                    $($r = out(reg) _,)*
                    options(nostack),
                );
            }
        }

        /// `a − b` for `a ≥ b`.
        ///
        /// # Safety
        /// As for the addition.
        #[inline(always)]
        unsafe fn $name_sub(a: *const u64, b: *const u64, o: *mut u64) {
            // SAFETY: as in the addition.
            unsafe {
                asm!(
                    chain!("mov", "mov"; [$($r)*]; $alo),
                    chain!("sub", "sbb"; [$($r)*]; $blo),
                    store!([$($r)*]; $olo),
                    chain!("mov", "mov"; [$($r)*]; $ahi),
                    chain!("sbb", "sbb"; [$($r)*]; $bhi),
                    store!([$($r)*]; $ohi),
                    a = in(reg) a,
                    b = in(reg) b,
                    o = in(reg) o,
                    $($r = out(reg) _,)*
                    options(nostack),
                );
            }
        }
    };
}

wide_ops!(add_mod4, sub_mod4, sub4;
    regs = [r0 r1 r2 r3];
    a_lo = ["qword ptr [{a} + 0]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]" "qword ptr [{a} + 24]"];
    a_hi = ["qword ptr [{a} + 32]" "qword ptr [{a} + 40]" "qword ptr [{a} + 48]" "qword ptr [{a} + 56]"];
    b_lo = ["qword ptr [{b} + 0]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]" "qword ptr [{b} + 24]"];
    b_hi = ["qword ptr [{b} + 32]" "qword ptr [{b} + 40]" "qword ptr [{b} + 48]" "qword ptr [{b} + 56]"];
    o_lo = ["qword ptr [{o} + 0]" "qword ptr [{o} + 8]" "qword ptr [{o} + 16]" "qword ptr [{o} + 24]"];
    o_hi = ["qword ptr [{o} + 32]" "qword ptr [{o} + 40]" "qword ptr [{o} + 48]" "qword ptr [{o} + 56]"];
    m = ["qword ptr [{m} + 0]" "qword ptr [{m} + 8]" "qword ptr [{m} + 16]" "qword ptr [{m} + 24]"]);

wide_ops!(add_mod6, sub_mod6, sub6;
    regs = [r0 r1 r2 r3 r4 r5];
    a_lo = ["qword ptr [{a} + 0]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]" "qword ptr [{a} + 24]" "qword ptr [{a} + 32]" "qword ptr [{a} + 40]"];
    a_hi = ["qword ptr [{a} + 48]" "qword ptr [{a} + 56]" "qword ptr [{a} + 64]" "qword ptr [{a} + 72]" "qword ptr [{a} + 80]" "qword ptr [{a} + 88]"];
    b_lo = ["qword ptr [{b} + 0]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]" "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"];
    b_hi = ["qword ptr [{b} + 48]" "qword ptr [{b} + 56]" "qword ptr [{b} + 64]" "qword ptr [{b} + 72]" "qword ptr [{b} + 80]" "qword ptr [{b} + 88]"];
    o_lo = ["qword ptr [{o} + 0]" "qword ptr [{o} + 8]" "qword ptr [{o} + 16]" "qword ptr [{o} + 24]" "qword ptr [{o} + 32]" "qword ptr [{o} + 40]"];
    o_hi = ["qword ptr [{o} + 48]" "qword ptr [{o} + 56]" "qword ptr [{o} + 64]" "qword ptr [{o} + 72]" "qword ptr [{o} + 80]" "qword ptr [{o} + 88]"];
    m = ["qword ptr [{m} + 0]" "qword ptr [{m} + 8]" "qword ptr [{m} + 16]" "qword ptr [{m} + 24]" "qword ptr [{m} + 32]" "qword ptr [{m} + 40]"]);

/// `*o = a op b` on `2N`-word values stored as `[low half, high half]`, written in place
/// (`o` may be `a` or `b`). Returns `false`, touching nothing, when there is no kernel for
/// this `N` or `m` has no spare top bit.
///
/// # Safety
/// `a`, `b` and `o` point to valid `[[u64; N]; 2]` values, `o` writable.
#[inline(always)]
pub unsafe fn wide_op<const N: usize>(
    op: WideOp,
    a: *const [[u64; N]; 2],
    b: *const [[u64; N]; 2],
    o: *mut [[u64; N]; 2],
    m: &[u64; N],
) -> bool {
    if m[N - 1] >> 63 != 0 || (N != 4 && N != 6) {
        return false;
    }
    let (a, b, o, m) = (a as *const u64, b as *const u64, o as *mut u64, m.as_ptr());
    // SAFETY: the caller's pointers hold 2N words each and `m` holds N, with N the kernel's
    // limb count (checked above).
    unsafe {
        match (op, N) {
            (WideOp::AddMod, 4) => add_mod4(a, b, o, m),
            (WideOp::AddMod, _) => add_mod6(a, b, o, m),
            (WideOp::SubMod, 4) => sub_mod4(a, b, o, m),
            (WideOp::SubMod, _) => sub_mod6(a, b, o, m),
            (WideOp::Sub, 4) => sub4(a, b, o),
            (WideOp::Sub, _) => sub6(a, b, o),
        }
    }
    true
}
