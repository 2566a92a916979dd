//! x86-64 signed sums of double-width values in one pass each, for the Karatsuba
//! combinations of the towers' lazy reduction (`field/fp6.rs`, `field/fp12.rs`): each output
//! coefficient is `Σ ±x_k mod m·2^(64N)` over double-width terms, computed with one carry chain
//! per term and a single correction at the end, instead of one pass through memory (load, add
//! or subtract, store, conditional correction) per term. The terms are residues `x_k <
//! m·2^(64N)` ([`fp6_karatsuba_xi_1_1`]) or exact integers in two's complement, the Fp2 products
//! of `fp2_mul::mul_wide_signed` (the Fp12 kernels): then each output is an exact integer whose
//! range is known from its schoolbook expression, and the same arithmetic modulo `2^(128N)`
//! gives it exactly.
//!
//! **Algorithm.** Low halves first: the first term is loaded, every other term is added or
//! subtracted with an `ADD`/`ADC` (`SUB`/`SBB`) chain whose carry out (borrow) goes into a
//! signed counter `c`; the low half is stored. High halves next, the first term's with the
//! other terms added or subtracted modulo `2^(64N)`, then `c` (sign-extended) and `Q·m`
//! added, `Q` chosen per output so that the whole sum plus `Q·m·2^(64N)` is nonnegative
//! and below `B·m·2^(64N)` for a small `B ≤ 8`; its high half `H` is then the register value,
//! below `B·m` (nothing is lost modulo `2^(64N)` when `8m < 2^(64N)`). Conditional
//! subtractions of `4m`, `2m` and `m` (those `B` needs: a binary ladder) bring `H` below `m`:
//! each stores `H`, subtracts in the same registers and, where that borrows, takes the stored
//! words back with `CMOVC`. The result is the same residue modulo `m·2^(64N)`, below
//! `m·2^(64N)` as every wide value. The ladder is most of the cost, so the bounds are taken
//! from what the terms are (below): a Karatsuba middle term of exact integers is a
//! nonnegative integer, which needs no `Q` and shortens the ladder.
//!
//! **Constant time.** Straight-line code; every address is a fixed offset from the scratch,
//! output and constant pointers; the ladder selects with `CMOV`. Base x86-64 instructions only.

use core::arch::asm;

/// `k·m` for `k = 1, 2, 3, 4`, six words each: the added `Q·m` and the ladder's steps. Valid
/// (no overflow) for `m < 2^381`.
pub type Multiples6 = [[u64; 6]; 4];

/// [`Multiples6`] of `m` (its low six words: the kernels take six-word moduli, [`supports`]).
pub const fn multiples6<const N: usize>(m: &[u64; N]) -> Multiples6 {
    let mut out = [[0u64; 6]; 4];
    let mut k = 1;
    while k <= 4 {
        let mut carry = 0u128;
        let mut i = 0;
        while i < 6 {
            let word = if i < N { m[i] } else { 0 };
            let t = word as u128 * k as u128 + carry;
            out[k - 1][i] = t as u64;
            carry = t >> 64;
            i += 1;
        }
        k += 1;
    }
    out
}

/// Whether the kernels take `m`: six words with `8m < 2^384` (three spare bits, as the
/// BLS12-381 modulus has), so that `H < 8m` fits the registers. A compile-time constant for a
/// field's modulus.
pub const fn supports<const N: usize>(m: &[u64; N]) -> bool {
    N == 6 && m[N - 1] >> 61 == 0
}

/// The assembly text of one output, `out[o] = Σ ±w[t] mod m·2^384` over the six-word-halved
/// wide values `w[t]` (96 bytes each, low half first) of the scratch `{w}`: `out O = F [±T …];
/// q Q; steps [S …]` with `F` the first (added) term, `Q·m·2^384` the constant added (at most
/// 4; from the terms' bounds, see the kernels) and `S` the ladder's multiples of `m` (`4 2 1`
/// for a sum below `8m·2^384`, `2 1` below `4m·2^384`, `1` below `2m·2^384`). Registers
/// `{r0}`–`{r5}`, `{c}`, `{s}`; pointers `{w}`, `{o}`, `{k}` (the [`Multiples6`]).
macro_rules! wide_sum6 {
    (out $o:literal = $f:literal [$($sign:tt $t:literal)*]; q $q:tt; steps [$($s:literal)*]) => {
        wide_sum6!(@sum $o, $f, [$($sign $t)*], "", "", $q, [$($s)*])
    };
    // The same sum doubled: `out O = 2·(F ± T …) + Q·m·2^384`. The low half is doubled with
    // its carry count (`c ← 2c + carry`), the high half before the count and `Q·m` go in.
    (out $o:literal = $f:literal [$($sign:tt $t:literal)*] x2; q $q:tt; steps [$($s:literal)*]) => {
        wide_sum6!(
            @sum $o, $f, [$($sign $t)*],
            concat!(wide_sum6!(@double), "adc {c}, {c}\n"), wide_sum6!(@double), $q, [$($s)*]
        )
    };
    // Low halves with the carry count `c`, `double_lo` on them, store; high halves, `double_hi`,
    // the count (sign-extended) and `Q·m` added, store; the ladder.
    (@sum $o:literal, $f:literal, [$($sign:tt $t:literal)*], $double_lo:expr, $double_hi:expr, $q:tt,
     [$($s:literal)*]) => {
        concat!(
            wide_sum6!(@load $f, "0"),
            "xor {c:e}, {c:e}\n",
            $(wide_sum6!(@lo $sign $t),)*
            $double_lo,
            wide_sum6!(@store $o, "0"),
            wide_sum6!(@load $f, "48"),
            $(wide_sum6!(@hi $sign $t),)*
            $double_hi,
            "mov {s}, {c}\n",
            "sar {s}, 63\n",
            "add {r0}, {c}\n",
            "adc {r1}, {s}\n",
            "adc {r2}, {s}\n",
            "adc {r3}, {s}\n",
            "adc {r4}, {s}\n",
            "adc {r5}, {s}\n",
            wide_sum6!(@add_q $q),
            wide_sum6!(@store $o, "48"),
            $(wide_sum6!(@step $o, $s),)*
        )
    };
    (@double) => {
        "add {r0}, {r0}\nadc {r1}, {r1}\nadc {r2}, {r2}\nadc {r3}, {r3}\nadc {r4}, {r4}\nadc {r5}, {r5}\n"
    };
    // H += q·m (nothing for q = 0; `q` comes in as a token tree so that `0` matches here).
    (@add_q 0) => { "" };
    (@add_q $q:tt) => {
        wide_sum6!(@chain "add", "adc", "{k}", concat!("(", stringify!($q), " - 1)*48"))
    };
    // r_i <- w[t] half (offset "0" or "48").
    (@load $t:literal, $half:literal) => {
        wide_sum6!(@chain "mov", "mov", "{w}", concat!(stringify!($t), "*96 + ", $half))
    };
    (@store $o:literal, $half:literal) => {
        concat!(
            "mov qword ptr [{o} + ", stringify!($o), "*96 + ", $half, " + 0], {r0}\n",
            "mov qword ptr [{o} + ", stringify!($o), "*96 + ", $half, " + 8], {r1}\n",
            "mov qword ptr [{o} + ", stringify!($o), "*96 + ", $half, " + 16], {r2}\n",
            "mov qword ptr [{o} + ", stringify!($o), "*96 + ", $half, " + 24], {r3}\n",
            "mov qword ptr [{o} + ", stringify!($o), "*96 + ", $half, " + 32], {r4}\n",
            "mov qword ptr [{o} + ", stringify!($o), "*96 + ", $half, " + 40], {r5}\n",
        )
    };
    // `first`/`rest` over r0..r5 with the six words at `base + off`.
    (@chain $first:literal, $rest:literal, $base:literal, $off:expr) => {
        concat!(
            $first, " {r0}, qword ptr [", $base, " + ", $off, " + 0]\n",
            $rest, " {r1}, qword ptr [", $base, " + ", $off, " + 8]\n",
            $rest, " {r2}, qword ptr [", $base, " + ", $off, " + 16]\n",
            $rest, " {r3}, qword ptr [", $base, " + ", $off, " + 24]\n",
            $rest, " {r4}, qword ptr [", $base, " + ", $off, " + 32]\n",
            $rest, " {r5}, qword ptr [", $base, " + ", $off, " + 40]\n",
        )
    };
    (@lo + $t:literal) => {
        concat!(wide_sum6!(@chain "add", "adc", "{w}", concat!(stringify!($t), "*96")), "adc {c}, 0\n")
    };
    (@lo - $t:literal) => {
        concat!(wide_sum6!(@chain "sub", "sbb", "{w}", concat!(stringify!($t), "*96")), "sbb {c}, 0\n")
    };
    (@hi + $t:literal) => {
        wide_sum6!(@chain "add", "adc", "{w}", concat!(stringify!($t), "*96 + 48"))
    };
    (@hi - $t:literal) => {
        wide_sum6!(@chain "sub", "sbb", "{w}", concat!(stringify!($t), "*96 + 48"))
    };
    // H <- H − s·m unless that borrows; H stored.
    (@step $o:literal, $s:literal) => {
        concat!(
            wide_sum6!(@chain "sub", "sbb", "{k}", concat!("(", stringify!($s), " - 1)*48")),
            wide_sum6!(@chain "cmovc", "cmovc", "{o}", concat!(stringify!($o), "*96 + 48")),
            wide_sum6!(@store $o, "48"),
        )
    };
}

/// One kernel: the outputs' assembly text ([`wide_sum6`]) over the scratch `w`, the output
/// `out` and the multiples `k` (none for sums that add no multiple and take no ladder step).
macro_rules! sums_kernel {
    ($w:expr, $out:expr $(, $k:expr)?; $($text:expr),* $(,)?) => {
        // SAFETY: the caller's pointers; the block reads `w` (and `k`) and writes `out` at fixed
        // offsets within them, touches no other memory, and only the declared registers change.
        unsafe {
            asm!(
                $($text,)*
                w = in(reg) $w,
                o = in(reg) $out,
                $(k = in(reg) $k.as_ptr(),)?
                r0 = out(reg) _,
                r1 = out(reg) _,
                r2 = out(reg) _,
                r3 = out(reg) _,
                r4 = out(reg) _,
                r5 = out(reg) _,
                c = out(reg) _,
                s = out(reg) _,
                options(nostack),
            );
        }
    };
}

/// The Fp6 Karatsuba combination for `ξ = 1 + u` (BLS12-381) at double width. `w` holds the
/// twelve wide values `v0, v1, v2, t12, t01, t02` (each an Fp2 value as two wide coefficients,
/// `.0` then `.1`: `w[2i]`, `w[2i + 1]`), with `vi = ai·bi` and `tij = (ai + aj)(bi + bj)`;
/// `out` receives the six wide coefficients of `c0, c1, c2`:
/// - `c0 = v0 + ξ·s`, `s = t12 − v1 − v2`: `.0 = v0.0 + t12.0 − v1.0 − v2.0 − t12.1 + v1.1 +
///   v2.1`, `.1 = v0.1 + t12.0 − v1.0 − v2.0 + t12.1 − v1.1 − v2.1`;
/// - `c1 = t01 − v0 − v1 + ξ·v2`: `.0 = t01.0 − v0.0 − v1.0 + v2.0 − v2.1`, `.1 = t01.1 − v0.1
///   − v1.1 + v2.0 + v2.1`;
/// - `c2 = t02 − v0 − v2 + v1`, coefficientwise.
///
/// **Bounds.** Every `.0` is a residue in `[0, m·R)` (`R = 2^384`); every `.1` is an exact
/// integer (the Fp2 product's `a0·b1 + a1·b0`, below `2m²`, or with the operand sums left
/// unreduced below `8m²`), so the middle terms `tij.1 − vi.1 − vj.1` are the exact cross
/// products, in `[0, 4m²)`, and `4m² < m·R/2`. Hence, with the `Q·m·R` added: `c0.0 + 3mR ∈
/// [0, 5mR)`, `c0.1 + 2mR ∈ [0, 4mR)`, `c1.0 + 3mR ∈ [0, 5mR)`, `c1.1 ∈ [0, 2mR)`, `c2.0 +
/// 2mR ∈ [0, 4mR)`, `c2.1 ∈ [0, mR)`: ladders of three, two, three, one, two and no steps.
///
/// # Safety
/// `w` points to 144 readable words, `out` to 72 writable words (not overlapping `w`); the
/// values are as stated under *Bounds* (the `.1` ones exact, the sums unreduced); `k` is
/// [`multiples6`] of `m` with [`supports`]`(m)`.
#[inline(always)]
pub unsafe fn fp6_karatsuba_xi_1_1(w: *const u64, out: *mut u64, k: &Multiples6) {
    sums_kernel!(w, out, k;
        wide_sum6!(out 0 = 0 [+ 6 - 2 - 4 - 7 + 3 + 5]; q 3; steps [4 2 1]),
        wide_sum6!(out 1 = 1 [+ 6 - 2 - 4 + 7 - 3 - 5]; q 2; steps [2 1]),
        wide_sum6!(out 2 = 8 [- 0 - 2 + 4 - 5]; q 3; steps [4 2 1]),
        wide_sum6!(out 3 = 9 [- 1 - 3 + 4 + 5]; q 0; steps [1]),
        wide_sum6!(out 4 = 10 [- 0 - 4 + 2]; q 2; steps [2 1]),
        wide_sum6!(out 5 = 11 [- 1 - 5 + 3]; q 0; steps []),
    );
}

/// The Fp12 product by an M-twist line, `(a + b·w)·((d0 + d1·v) + d4·v·w)` (`a`, `b` in Fp6),
/// every output coefficient in one pass from the 13 exact Fp2 products, for `ξ = 1 + u`. `w`
/// holds the products (each as two wide coefficients, `.0` then `.1`, at `w[2i]`, `w[2i + 1]`):
/// `v0 = a0d0`, `v1 = a1d1`, `t12 = (a1 + a2)d1`, `t01 = (a0 + a1)(d0 + d1)`, `t02 = (a0 + a2)d0`
/// (Karatsuba for `t0 = a·(d0 + d1·v)`), `p_i = b_i·d4` (`t1 = b·d4·v`), and `V0, V1, T12, T01,
/// T02` as `v0 … t02` for `s = a + b` and `d1' = d1 + d4` (Karatsuba for `(a + b)(d0 + d1'·v)`).
/// `out` receives the six Fp2 coefficients `r0 = t0 + v·t1`, `r1 = (a + b)(d0 + d1'v) − t0 − t1`
/// at double width (`.0`, `.1` each):
/// - `r0.c0 = v0 + ξ(t12 − v1 + p1)`, `r0.c1 = t01 − v0 − v1 + ξp2`, `r0.c2 = t02 − v0 + v1 + p0`;
/// - `r1.c0 = V0 − v0 + ξ(T12 − V1 − t12 + v1 − p2)`, `r1.c1 = T01 − V0 − V1 − t01 + v0 + v1 −
///   p0`, `r1.c2 = T02 − V0 + V1 − t02 + v0 − v1 − p1`,
///
/// with `ξ(x + yu) = (x − y) + (x + y)u`.
///
/// **Bounds.** Every product is exact (`.0 = x0y0 − x1y1` signed, `.1 = x0y1 + x1y0`; the
/// Karatsuba sums unreduced), so each output is the exact integer of the schoolbook expression
/// in the reduced operands `a_i, b_i, s_i, d0, d1, d4, d1' < m`: `r0.c0 = a0d0 + ξ(a2d1 + b1d4)`,
/// `r0.c1 = a0d1 + a1d0 + ξb2d4`, `r0.c2 = a1d1 + a2d0 + b0d4`, `r1.c0 = (s0d0 + ξs2d1') −
/// (a0d0 + ξa2d1) − ξb2d4`, `r1.c1 = (s0d1' + s1d0) − (a0d1 + a1d0) − b0d4`, `r1.c2 = (s1d1' +
/// s2d0) − (a1d1 + a2d0) − b1d4`. A product of reduced Fp2 values has `.0 ∈ (−m², m²)`, `.1 ∈ [0, 2m²)`;
/// times `ξ`, `(−3m², m²)` and `(−m², 3m²)`. So, in units of `m²`: `r0.c0 ∈ (−7, 3) × (−2, 8)`,
/// `r0.c1 ∈ (−5, 3) × (−1, 7)`, `r0.c2 ∈ (−3, 3) × [0, 6)`, `r1.c0 ∈ (−7, 9) × (−9, 7)`, `r1.c1`
/// and `r1.c2 ∈ (−5, 5) × (−6, 4)`. With `mR > 9.8m²` (`R = 2^384`, `8m < R`), adding `mR` to
/// all but `r0.c2.1` puts every output in `[0, 2mR)` (`r0.c2.1` in `[0, mR)`): one ladder step
/// each, none for `r0.c2.1`. The sums are taken modulo `2^768`, which the true values fit.
///
/// # Safety
/// `w` points to 312 readable words, `out` to 72 writable words (not overlapping `w`); the
/// products are as stated under *Bounds*; `k` is [`multiples6`] of `m` with [`supports`]`(m)`.
#[inline(always)]
pub unsafe fn fp12_mul_by_014(w: *const u64, out: *mut u64, k: &Multiples6) {
    sums_kernel!(w, out, k;
        wide_sum6!(out 0 = 0 [+ 4 - 2 + 12 - 5 + 3 - 13]; q 1; steps [1]),
        wide_sum6!(out 1 = 1 [+ 4 - 2 + 12 + 5 - 3 + 13]; q 1; steps [1]),
        wide_sum6!(out 2 = 6 [- 0 - 2 + 14 - 15]; q 1; steps [1]),
        wide_sum6!(out 3 = 7 [- 1 - 3 + 14 + 15]; q 1; steps [1]),
        wide_sum6!(out 4 = 8 [- 0 + 2 + 10]; q 1; steps [1]),
        wide_sum6!(out 5 = 9 [- 1 + 3 + 11]; q 0; steps []),
        wide_sum6!(out 6 = 16 [- 0 + 20 - 18 - 4 + 2 - 14 - 21 + 19 + 5 - 3 + 15]; q 1; steps [1]),
        wide_sum6!(out 7 = 17 [- 1 + 20 - 18 - 4 + 2 - 14 + 21 - 19 - 5 + 3 - 15]; q 1; steps [1]),
        wide_sum6!(out 8 = 22 [- 16 - 18 - 6 + 0 + 2 - 10]; q 1; steps [1]),
        wide_sum6!(out 9 = 23 [- 17 - 19 - 7 + 1 + 3 - 11]; q 1; steps [1]),
        wide_sum6!(out 10 = 24 [- 16 + 18 - 8 + 0 - 2 - 12]; q 1; steps [1]),
        wide_sum6!(out 11 = 25 [- 17 + 19 - 9 + 1 - 3 - 13]; q 1; steps [1]),
    );
}

/// The end of the Fp12 square `(a + b·w)² = (x·y − t − v·t) + 2t·w` (the complex method: `t =
/// a·b`, `x = a + b`, `y = a + v·b`; `a`, `b`, `x`, `y` in Fp6, `x`, `y` reduced) from the exact
/// Fp6 products ([`fp6_karatsuba_exact`]) `t` and `x·y` in `x` (each three Fp2 coefficients as
/// two wide values, `t` first): `out` receives the six Fp2 coefficients of `x·y − t − v·t` and
/// `2t` at double width, with `v·t = ξt2 + t0·v + t1·v²`.
///
/// **Bounds.** Every Fp6 coefficient of `t` and `x·y` is the exact integer of its schoolbook
/// expression in reduced operands: in units of `m²`, `.0 × .1` within `(−7, 3) × (−2, 8)`
/// (`c0`), `(−5, 3) × (−1, 7)` (`c1`), `(−3, 3) × [0, 6)` (`c2`), and `ξt2` within `(−9, 3) × (−3,
/// 9)`. Hence `c0 = (xy)0 − t0 − ξt2 ∈ (−13, 19) × (−19, 13)`, `c1 = (xy)1 − t1 − t0 ∈ (−11, 15)
/// × (−16, 10)`, `c2 = (xy)2 − t2 − t1 ∈ (−9, 11) × (−13, 7)`, and `2t` within `(−14, 6) × (−4,
/// 16)`, `(−10, 6) × (−2, 14)`, `(−6, 6) × [0, 12)`. With `mR > 9.84m²` (`R = 2^384`), the added
/// `Q·mR` put every output in `[0, 4mR)` (two ladder steps) and `2t2` in `[0, 2mR)` (one).
///
/// # Safety
/// `x` points to 144 readable words, `out` to 72 writable words (not overlapping `x`); the
/// values are as stated under *Bounds*; `k` is [`multiples6`] of `m` with [`supports`]`(m)`.
#[inline(never)]
pub unsafe fn fp12_square_tail(x: *const u64, out: *mut u64, k: &Multiples6) {
    sums_kernel!(x, out, k;
        wide_sum6!(out 0 = 5 [- 0 - 4 + 6]; q 2; steps [2 1]),
        wide_sum6!(out 1 = 7 [- 1 - 4 - 5]; q 2; steps [2 1]),
        wide_sum6!(out 2 = 8 [- 0 - 2]; q 2; steps [2 1]),
        wide_sum6!(out 3 = 9 [- 1 - 3]; q 2; steps [2 1]),
        wide_sum6!(out 4 = 10 [- 2 - 4]; q 1; steps [2 1]),
        wide_sum6!(out 5 = 11 [- 3 - 5]; q 2; steps [2 1]),
        wide_sum6!(out 6 = 0 [] x2; q 2; steps [2 1]),
        wide_sum6!(out 7 = 1 [] x2; q 1; steps [2 1]),
        wide_sum6!(out 8 = 2 [] x2; q 2; steps [2 1]),
        wide_sum6!(out 9 = 3 [] x2; q 1; steps [2 1]),
        wide_sum6!(out 10 = 4 [] x2; q 1; steps [1]),
        wide_sum6!(out 11 = 5 [] x2; q 0; steps [1]),
    );
}

/// [`fp6_karatsuba_xi_1_1`] on exact products (`.0` signed too, as for [`fp12_mul_by_014`]),
/// with no correction: each output is the exact integer of its schoolbook expression, taken
/// modulo `2^768` (two's complement; the true values are below `2^766` in magnitude), for a
/// further exact sum ([`fp12_karatsuba_tail`]).
///
/// # Safety
/// `w` points to 144 readable words, `out` to 72 writable words (not overlapping `w`); the
/// products are exact.
#[inline(never)]
pub unsafe fn fp6_karatsuba_exact(w: *const u64, out: *mut u64) {
    sums_kernel!(w, out;
        wide_sum6!(out 0 = 0 [- 2 + 3 - 4 + 5 + 6 - 7]; q 0; steps []),
        wide_sum6!(out 1 = 1 [- 2 - 3 - 4 - 5 + 6 + 7]; q 0; steps []),
        wide_sum6!(out 2 = 4 [- 0 - 2 - 5 + 8]; q 0; steps []),
        wide_sum6!(out 3 = 4 [- 1 - 3 + 5 + 9]; q 0; steps []),
        wide_sum6!(out 4 = 2 [- 0 - 4 + 10]; q 0; steps []),
        wide_sum6!(out 5 = 3 [- 1 - 5 + 11]; q 0; steps []),
    );
}

/// The end of the Karatsuba Fp12 product `(a0 + a1·w)(b0 + b1·w)` from the exact Fp6 products
/// ([`fp6_karatsuba_exact`]) `t0 = a0b0`, `t1 = a1b1` and `T = (a0 + a1)(b0 + b1)` (`a0 + a1`,
/// `b0 + b1` reduced) in `x` (each three Fp2 coefficients as two wide values, `t0` first):
/// `out` receives `t0 + v·t1 = (t0.c0 + ξt1.c2, t0.c1 + t1.c0, t0.c2 + t1.c1)` and `T − t0 − t1`.
///
/// **Bounds.** The inputs are the exact integers of their schoolbook expressions in reduced
/// operands: in units of `m²`, `.0 × .1` within `(−7, 3) × (−2, 8)`, `(−5, 3) × (−1, 7)` and
/// `(−3, 3) × [0, 6)` for the coefficients 0, 1, 2 of each ([`fp12_square_tail`]), `ξ·c2` within
/// `(−9, 3) × (−3, 9)`. Hence `t0 + v·t1 ∈ (−16, 6) × (−5, 17)`, `(−12, 6) × (−3, 15)`, `(−8, 6)
/// × (−1, 13)`, and `T − t0 − t1 ∈ (−13, 17) × (−18, 12)`, `(−11, 13) × (−15, 9)`, `(−9, 9) ×
/// (−12, 6)`. With `mR > 9.84m²` the added `Q·mR` put every output in `[0, 4mR)` (two ladder
/// steps) and `(t0 + v·t1).c2.0`, `(T − t0 − t1).c2.0` in `[0, 2mR)` (one).
///
/// # Safety
/// `x` points to 216 readable words, `out` to 72 writable words (not overlapping `x`); the
/// values are as stated under *Bounds*; `k` is [`multiples6`] of `m` with [`supports`]`(m)`.
#[inline(never)]
pub unsafe fn fp12_karatsuba_tail(x: *const u64, out: *mut u64, k: &Multiples6) {
    sums_kernel!(x, out, k;
        wide_sum6!(out 0 = 0 [+ 10 - 11]; q 2; steps [2 1]),
        wide_sum6!(out 1 = 1 [+ 10 + 11]; q 1; steps [2 1]),
        wide_sum6!(out 2 = 2 [+ 6]; q 2; steps [2 1]),
        wide_sum6!(out 3 = 3 [+ 7]; q 1; steps [2 1]),
        wide_sum6!(out 4 = 4 [+ 8]; q 1; steps [1]),
        wide_sum6!(out 5 = 5 [+ 9]; q 1; steps [2 1]),
        wide_sum6!(out 6 = 12 [- 0 - 6]; q 2; steps [2 1]),
        wide_sum6!(out 7 = 13 [- 1 - 7]; q 2; steps [2 1]),
        wide_sum6!(out 8 = 14 [- 2 - 8]; q 2; steps [2 1]),
        wide_sum6!(out 9 = 15 [- 3 - 9]; q 2; steps [2 1]),
        wide_sum6!(out 10 = 16 [- 4 - 10]; q 1; steps [1]),
        wide_sum6!(out 11 = 17 [- 5 - 11]; q 2; steps [2 1]),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::bls12_381::FpParams;
    use crate::field::FieldParams;
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};

    fn big(words: &[u64]) -> BigUint {
        BigUint::from_slice(&words.iter().flat_map(|w| [*w as u32, (*w >> 32) as u32]).collect::<Vec<_>>())
    }

    /// A kernel's terms per output: `(sign, index into the scratch)`.
    type Terms = [&'static [(i32, usize)]; 6];

    const FULL: Terms = [
        &[(1, 0), (1, 6), (-1, 2), (-1, 4), (-1, 7), (1, 3), (1, 5)],
        &[(1, 1), (1, 6), (-1, 2), (-1, 4), (1, 7), (-1, 3), (-1, 5)],
        &[(1, 8), (-1, 0), (-1, 2), (1, 4), (-1, 5)],
        &[(1, 9), (-1, 1), (-1, 3), (1, 4), (1, 5)],
        &[(1, 10), (-1, 0), (-1, 4), (1, 2)],
        &[(1, 11), (-1, 1), (-1, 5), (1, 3)],
    ];
    /// `kernel` against BigUint arithmetic modulo `m·2^384` (its `terms`), on the products of
    /// random Fp6 operands and of extreme ones (every word `0` or `m − 1`), the products formed
    /// as the towers form them:
    /// `.0` anywhere in `[0, m·2^384)` (from `x0·y0 − x1·y1`, the extremes of that range too),
    /// `.1` the exact integer, the sums of `tij` unreduced. Outputs below `m·2^384`.
    fn check(kernel: unsafe fn(*const u64, *mut u64, &Multiples6), terms: &Terms) {
        let m = FpParams::MODULUS;
        assert!(supports(&m));
        // The table between guard words: a kernel that read outside it would go wrong.
        #[repr(C)]
        struct Guarded {
            before: [u64; 24],
            k: Multiples6,
            after: [u64; 24],
        }
        let guarded = Guarded { before: [u64::MAX; 24], k: multiples6(&m), after: [u64::MAX; 24] };
        let k = &guarded.k;
        let (p, mr) = (big(&m), big(&m) << 384);
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(11);
        for case in 0..3000 {
            // Fp6 operands a, b: three Fp2 coefficients of two Fp words each, below p.
            let mut elem = || -> Vec<BigUint> {
                (0..6)
                    .map(|_| match case % 4 {
                        0 => &p - 1u32,
                        1 if rng.gen::<bool>() => &p - 1u32,
                        1 => BigUint::from(0u32),
                        _ => big(&(0..6).map(|_| rng.gen()).collect::<Vec<u64>>()) % &p,
                    })
                    .collect()
            };
            let (a, b) = (elem(), elem());
            // The `.0` coefficients are only known to lie in [0, m·2^384): x0·y0 − x1·y1 mod
            // m·2^384, plus nothing, the largest or a random multiple of m² that stays there.
            let mut residue = |v: BigUint| {
                let room = (&mr - 1u32 - &v) / (&p * &p);
                let extra = match rng.gen_range(0..3) {
                    0 => BigUint::from(0u32),
                    1 => room,
                    _ => BigUint::from(rng.gen::<u64>()) % (room + 1u32),
                };
                v + extra * &p * &p
            };
            let mut fp2_product = |x: [&BigUint; 2], y: [&BigUint; 2]| {
                let c0 = (x[0] * y[0] + &mr - x[1] * y[1]) % &mr;
                [residue(c0), x[0] * y[1] + x[1] * y[0]]
            };
            let sum = |v: &Vec<BigUint>, i: usize, j: usize| [&v[2 * i] + &v[2 * j], &v[2 * i + 1] + &v[2 * j + 1]];
            let mut vals = Vec::new();
            for i in 0..3 {
                vals.extend(fp2_product([&a[2 * i], &a[2 * i + 1]], [&b[2 * i], &b[2 * i + 1]]));
            }
            for (i, j) in [(1, 2), (0, 1), (0, 2)] {
                let (x, y) = (sum(&a, i, j), sum(&b, i, j));
                vals.extend(fp2_product([&x[0], &x[1]], [&y[0], &y[1]]));
            }
            let mut w = [0u64; 144];
            for (i, v) in vals.iter().enumerate() {
                assert!(*v < mr);
                let digits = v.to_u64_digits();
                w[12 * i..12 * i + digits.len()].copy_from_slice(&digits);
            }
            let mut out = [0u64; 72];
            // SAFETY: 144 and 72 words, values as the kernels require, the multiples of m.
            unsafe { kernel(w.as_ptr(), out.as_mut_ptr(), k) };
            for (o, list) in terms.iter().enumerate() {
                let mut want = BigUint::from(0u32);
                for &(sign, t) in list.iter() {
                    want = if sign > 0 { want + &vals[t] } else { want + &mr - &vals[t] };
                }
                let got = big(&out[12 * o..12 * o + 12]);
                assert!(got < mr, "case {case} output {o} not below m·2^384");
                assert_eq!(got, want % &mr, "case {case} output {o}");
            }
        }
        assert!(guarded.before.iter().chain(&guarded.after).all(|&x| x == u64::MAX));
    }

    #[test]
    fn fp6_combinations_match_bigint() {
        check(fp6_karatsuba_xi_1_1, &FULL);
    }
}
