//! The Fp4 square `(x + y·s)² = (x² + ξ·y²) + 2xy·s` of `Fp4 = Fp2[s]/(s² − ξ)`, `ξ = 1 + u`
//! (the cyclotomic squarings of the BLS12-381 tower, Granger–Scott eprint 2009/565 §3.2 and
//! Karabina's compressed form) in one MULX/ADCX/ADOX kernel for 6-word moduli below `2^381`:
//! six double-width products and one Montgomery reduction per output coefficient, as blst's
//! `sqr_fp4` counts them, with the combinations folded into the reductions' loads as in
//! [`super::fp2_mul`].
//!
//! **Steps.** With `x = x0 + x1·u`, `y = y0 + y1·u` and `s = x + y` (reduced), the Fp2
//! squares by the complex method at double width: `A0 = (x0 + x1)·(x0 − x1 mod m)`, `A1 =
//! (2x0)·x1`, the same `B0, B1` for `y` and `P0, P1` for `s`. Then
//! - `(x² + ξy²).c0 = A0 + B0 − B1`, `(x² + ξy²).c1 = A1 + B0 + B1` (`ξ·(b0 + b1·u) = (b0 −
//!   b1) + (b0 + b1)·u`);
//! - `2xy = s² − x² − y²`: `c0 = P0 − A0 − B0`, `c1 = P1 − A1 − B1`.
//!
//! Against the Fp2 product `(2x)·y` (three products) beside two squares, one product fewer.
//! The first two reductions need only `A` and `B`: their rows run interleaved with the
//! products `P0` and `P1` (`redc_beside_product!`, as in [`super::fp2_mul`]).
//!
//! **Bounds** (`L ≤ 381` the bit length of `m`, so `m·2^(L+2) ≤ m·2^383`). The sums `x0 + x1`,
//! `2x0` are below `2m`, the differences below `m`, so `A0, B0, P0 < 2m²` and `A1, B1, P1 < 2m²`.
//! Negative combinations get a multiple of `m` (the same element): `A0 + B0 − B1 + m·2^(L+1)`
//! (`m·2^(L+1) > 2m²`) is below `4m² + m·2^(L+1) < 3m·2^(L+1) ≤ m·2^384`; `A1 + B0 + B1 < 6m²
//! < m·2^384`; `P0 − A0 − B0 + m·2^(L+2)` and `P1 − A1 − B1 + m·2^(L+2)` are nonnegative
//! (`m·2^(L+2) > 4m²`; `P1` is `2s0·s1` of the reduced sums, so the second is not exact) and
//! below `2m² + m·2^(L+2) < m·2^384`. Every reduction input is below `m·2^384`, so its result is
//! below `2m`, and one conditional subtraction ends. Each high-half chain adds before it
//! subtracts, so its partial sums stay in `[0, 2^384)`.
//!
//! **Constant time.** Straight-line code; memory at fixed offsets from the operands, the
//! scratch area, the constants and the output; borrows kept as masks and put back with `BT`, the
//! modular differences' corrections as products by the borrow bit, the final subtractions
//! selected with `CMOV`. Callers check [`super::available`].

use super::fp2_mul::Constants;

/// Whether the kernel takes `m`: six words, bit length `L` with `321 ≤ L ≤ 381` (a nonzero top
/// word below `2^61`). A compile-time constant for a field's modulus.
#[inline(always)]
pub const fn supports<const N: usize>(m: &[u64; N]) -> bool {
    N == 6 && m[N - 1] >> 61 == 0 && m[N - 1] != 0
}

/// The constants of [`square`] for `m`: `m`, `m·2^(L+1)`, `m·2^(L+2)` and the high word of
/// `−m⁻¹ mod 2¹²⁸`, in [`Constants`]' layout.
pub const fn constants<const N: usize>(m: &[u64; N]) -> Constants<N> {
    Constants::with_multiples(m, 1)
}

/// `out = [x² + ξ·y², 2xy]` for `x, y` in Fp2 (`u² = −1`, `ξ = 1 + u`) on Montgomery limbs
/// below `m`, stored `[x0, x1]`, `[y0, y1]`; the output's four coefficients in `[0, m)`.
/// Returns `false`, touching nothing, when there is no kernel for `m` ([`supports`]). `k` from
/// [`constants`], `inv = −m⁻¹ mod 2⁶⁴`. Constant time in `x` and `y`.
///
/// # Safety
/// `x` and `y` point to `2N` readable words, `out` to `4N` writable words that overlap neither,
/// and the CPU supports BMI2 and ADX (the caller has seen [`super::available`] return `true`).
#[inline(always)]
pub unsafe fn square<const N: usize>(x: *const u64, y: *const u64, k: &Constants<N>, inv: u64, out: *mut u64) -> bool {
    if !supports(k.modulus()) {
        return false;
    }
    // SAFETY: the caller's guarantees; `N = 6` (checked by `supports`), `k` in the layout of
    // `Constants<6>`.
    unsafe { square6(x, y, k as *const Constants<N> as *const u64, inv, out) };
    true
}

/// `d = (x − y) mod m` through the registers `w0..w5` for `x, y < m`: the difference, then `m`
/// times its borrow bit added back (`MULX` by the bit in `rdx`, which leaves the carry chain
/// alone).
macro_rules! sub_mod_into {
    ($x:tt; $y:tt; [$($m:literal)*]; $d:tt) => {
        concat!(
            chain!("mov", "mov"; [w0 w1 w2 w3 w4 w5]; $x),
            chain!("sub", "sbb"; [w0 w1 w2 w3 w4 w5]; $y),
            "sbb rdx, rdx\n",
            "neg rdx\n",
            sub_mod_into!(@fix [$($m)*]; [w0 w1 w2 w3 w4 w5]; "add"),
            store!([w0 w1 w2 w3 w4 w5]; $d),
        )
    };
    (@fix [$m0:literal $($m:literal)*]; [$r0:ident $($r:ident)*]; $op:literal) => {
        concat!(
            "mulx {hi}, {lo}, ", $m0, "\n",
            $op, " {", stringify!($r0), "}, {lo}\n",
            sub_mod_into!(@fix [$($m)*]; [$($r)*]; "adc"),
        )
    };
    (@fix []; []; $op:literal) => {
        ""
    };
}

/// One output coefficient: `first + Σ add + multiple − Σ sub` over double-width terms (each
/// given as its low and high half's operands and the scratch word for its mask), reduced into
/// `dst`. The low halves are summed in `w0..w5` with each term's carry or borrow kept as a mask;
/// the reduction rows (`redc_rows!`, `m` the modulus' operands, `inv_hi` at `[{b} + 160]`) run
/// on them; the high halves are added, then subtracted, with the masks put back (`BT`), so that
/// the partial sums stay nonnegative; the conditional subtraction writes `dst` through `{a}`,
/// loaded with the output pointer. The multiple of `m` is its low half's one nonzero word (word
/// 5) and its high half.
macro_rules! reduce_terms {
    (@rows $m:tt;) => {
        redc_rows!($m; a; "mov rdx, qword ptr [{b} + 160]"; [w0 w1 w2 w3 w4 w5 w6]; ["" "" "" "" "" ""])
    };
    (@rows $m:tt; $x:tt $y:tt $o:tt $r:tt $p:tt) => {
        redc_beside_product!($m; $x; $y; $o; $r; $p)
    };
    (
        $m:tt;
        $first_lo:tt $first_hi:tt;
        add [$($add_lo:tt $add_hi:tt $add_mask:literal),*];
        multiple [$($c_low:literal $c_hi:tt $c_mask:literal)?];
        sub [$($sub_lo:tt $sub_hi:tt $sub_mask:literal),*];
        $dst:tt
        $(; beside $x:tt $y:tt $o:tt $r:tt $p:tt)?
    ) => {
        concat!(
            chain!("mov", "mov"; [w0 w1 w2 w3 w4 w5]; $first_lo),
            $(
                chain!("add", "adc"; [w0 w1 w2 w3 w4 w5]; $add_lo),
                "sbb {lo}, {lo}\n",
                "mov ", $add_mask, ", {lo}\n",
            )*
            $(
                chain!("sub", "sbb"; [w0 w1 w2 w3 w4 w5]; $sub_lo),
                "sbb {lo}, {lo}\n",
                "mov ", $sub_mask, ", {lo}\n",
            )*
            $("add {w5}, ", $c_low, "\n", "sbb {lo}, {lo}\n", "mov ", $c_mask, ", {lo}\n",)?
            "xor {w6:e}, {w6:e}\n",
            reduce_terms!(@rows $m; $($x $y $o $r $p)?),
            chain!("add", "adc"; [w6 w0 w1 w2 w3 w4]; $first_hi),
            $("bt ", $add_mask, ", 0\n", chain!("adc", "adc"; [w6 w0 w1 w2 w3 w4]; $add_hi),)*
            $("bt ", $c_mask, ", 0\n", chain!("adc", "adc"; [w6 w0 w1 w2 w3 w4]; $c_hi),)?
            $("bt ", $sub_mask, ", 0\n", chain!("sbb", "sbb"; [w6 w0 w1 w2 w3 w4]; $sub_hi),)*
            "movq {a}, {out}\n",
            subtract_if_above!([w6 w0 w1 w2 w3 w4]; $m; $dst),
        )
    };
}

/// [`square`] for 6 words.
///
/// # Safety
/// As for [`square`], with `N = 6`.
#[inline(never)]
unsafe fn square6(x: *const u64, y: *const u64, k: *const u64, inv: u64, o: *mut u64) {
    let mut scratch = core::mem::MaybeUninit::<[u64; 153]>::uninit();
    // SAFETY: the assembly reads the 12 words behind each of `x` and `y` and the constants behind
    // `k`, writes and then reads the 153 words of `scratch` and writes the 24 behind `o` (the
    // caller's guarantee), changes only the declared registers, does not touch the stack and
    // uses only BMI2/ADX instructions beyond x86-64, which the caller guarantees.
    unsafe {
        core::arch::asm!(
            "movq {a}, {x}",
            "movq {b}, {y}",
            "movq {w6}, {k}",
            // u0 = x0 + x1 (below 2m)
            sum_into!([w0 w1 w2 w3 w4 w5]; ["qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]" "qword ptr [{a} + 24]" "qword ptr [{a} + 32]" "qword ptr [{a} + 40]"]; ["qword ptr [{a} + 48]" "qword ptr [{a} + 56]" "qword ptr [{a} + 64]" "qword ptr [{a} + 72]" "qword ptr [{a} + 80]" "qword ptr [{a} + 88]"]; ["qword ptr [{s}]" "qword ptr [{s} + 8]" "qword ptr [{s} + 16]" "qword ptr [{s} + 24]" "qword ptr [{s} + 32]" "qword ptr [{s} + 40]"]),
            // v0 = x0 − x1 mod m
            sub_mod_into!(["qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]" "qword ptr [{a} + 24]" "qword ptr [{a} + 32]" "qword ptr [{a} + 40]"]; ["qword ptr [{a} + 48]" "qword ptr [{a} + 56]" "qword ptr [{a} + 64]" "qword ptr [{a} + 72]" "qword ptr [{a} + 80]" "qword ptr [{a} + 88]"]; ["qword ptr [{w6}]" "qword ptr [{w6} + 8]" "qword ptr [{w6} + 16]" "qword ptr [{w6} + 24]" "qword ptr [{w6} + 32]" "qword ptr [{w6} + 40]"]; ["qword ptr [{s} + 48]" "qword ptr [{s} + 56]" "qword ptr [{s} + 64]" "qword ptr [{s} + 72]" "qword ptr [{s} + 80]" "qword ptr [{s} + 88]"]),
            // w0 = 2·x0 (below 2m)
            sum_into!([w0 w1 w2 w3 w4 w5]; ["qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]" "qword ptr [{a} + 24]" "qword ptr [{a} + 32]" "qword ptr [{a} + 40]"]; ["qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]" "qword ptr [{a} + 24]" "qword ptr [{a} + 32]" "qword ptr [{a} + 40]"]; ["qword ptr [{s} + 96]" "qword ptr [{s} + 104]" "qword ptr [{s} + 112]" "qword ptr [{s} + 120]" "qword ptr [{s} + 128]" "qword ptr [{s} + 136]"]),
            // u1 = y0 + y1
            sum_into!([w0 w1 w2 w3 w4 w5]; ["qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]" "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"]; ["qword ptr [{b} + 48]" "qword ptr [{b} + 56]" "qword ptr [{b} + 64]" "qword ptr [{b} + 72]" "qword ptr [{b} + 80]" "qword ptr [{b} + 88]"]; ["qword ptr [{s} + 144]" "qword ptr [{s} + 152]" "qword ptr [{s} + 160]" "qword ptr [{s} + 168]" "qword ptr [{s} + 176]" "qword ptr [{s} + 184]"]),
            // v1 = y0 − y1 mod m
            sub_mod_into!(["qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]" "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"]; ["qword ptr [{b} + 48]" "qword ptr [{b} + 56]" "qword ptr [{b} + 64]" "qword ptr [{b} + 72]" "qword ptr [{b} + 80]" "qword ptr [{b} + 88]"]; ["qword ptr [{w6}]" "qword ptr [{w6} + 8]" "qword ptr [{w6} + 16]" "qword ptr [{w6} + 24]" "qword ptr [{w6} + 32]" "qword ptr [{w6} + 40]"]; ["qword ptr [{s} + 192]" "qword ptr [{s} + 200]" "qword ptr [{s} + 208]" "qword ptr [{s} + 216]" "qword ptr [{s} + 224]" "qword ptr [{s} + 232]"]),
            // w1 = 2·y0
            sum_into!([w0 w1 w2 w3 w4 w5]; ["qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]" "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"]; ["qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]" "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"]; ["qword ptr [{s} + 240]" "qword ptr [{s} + 248]" "qword ptr [{s} + 256]" "qword ptr [{s} + 264]" "qword ptr [{s} + 272]" "qword ptr [{s} + 280]"]),
            // s0 = x0 + y0 mod m
            chain!("mov", "mov"; [w0 w1 w2 w3 w4 w5]; ["qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]" "qword ptr [{a} + 24]" "qword ptr [{a} + 32]" "qword ptr [{a} + 40]"]),
            chain!("add", "adc"; [w0 w1 w2 w3 w4 w5]; ["qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]" "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"]),
            subtract_if_above!([w0 w1 w2 w3 w4 w5]; ["qword ptr [{w6}]" "qword ptr [{w6} + 8]" "qword ptr [{w6} + 16]" "qword ptr [{w6} + 24]" "qword ptr [{w6} + 32]" "qword ptr [{w6} + 40]"]; ["qword ptr [{s} + 288]" "qword ptr [{s} + 296]" "qword ptr [{s} + 304]" "qword ptr [{s} + 312]" "qword ptr [{s} + 320]" "qword ptr [{s} + 328]"]),
            // s1 = x1 + y1 mod m
            chain!("mov", "mov"; [w0 w1 w2 w3 w4 w5]; ["qword ptr [{a} + 48]" "qword ptr [{a} + 56]" "qword ptr [{a} + 64]" "qword ptr [{a} + 72]" "qword ptr [{a} + 80]" "qword ptr [{a} + 88]"]),
            chain!("add", "adc"; [w0 w1 w2 w3 w4 w5]; ["qword ptr [{b} + 48]" "qword ptr [{b} + 56]" "qword ptr [{b} + 64]" "qword ptr [{b} + 72]" "qword ptr [{b} + 80]" "qword ptr [{b} + 88]"]),
            subtract_if_above!([w0 w1 w2 w3 w4 w5]; ["qword ptr [{w6}]" "qword ptr [{w6} + 8]" "qword ptr [{w6} + 16]" "qword ptr [{w6} + 24]" "qword ptr [{w6} + 32]" "qword ptr [{w6} + 40]"]; ["qword ptr [{s} + 336]" "qword ptr [{s} + 344]" "qword ptr [{s} + 352]" "qword ptr [{s} + 360]" "qword ptr [{s} + 368]" "qword ptr [{s} + 376]"]),
            // u2 = s0 + s1
            sum_into!([w0 w1 w2 w3 w4 w5]; ["qword ptr [{s} + 288]" "qword ptr [{s} + 296]" "qword ptr [{s} + 304]" "qword ptr [{s} + 312]" "qword ptr [{s} + 320]" "qword ptr [{s} + 328]"]; ["qword ptr [{s} + 336]" "qword ptr [{s} + 344]" "qword ptr [{s} + 352]" "qword ptr [{s} + 360]" "qword ptr [{s} + 368]" "qword ptr [{s} + 376]"]; ["qword ptr [{s} + 384]" "qword ptr [{s} + 392]" "qword ptr [{s} + 400]" "qword ptr [{s} + 408]" "qword ptr [{s} + 416]" "qword ptr [{s} + 424]"]),
            // v2 = s0 − s1 mod m
            sub_mod_into!(["qword ptr [{s} + 288]" "qword ptr [{s} + 296]" "qword ptr [{s} + 304]" "qword ptr [{s} + 312]" "qword ptr [{s} + 320]" "qword ptr [{s} + 328]"]; ["qword ptr [{s} + 336]" "qword ptr [{s} + 344]" "qword ptr [{s} + 352]" "qword ptr [{s} + 360]" "qword ptr [{s} + 368]" "qword ptr [{s} + 376]"]; ["qword ptr [{w6}]" "qword ptr [{w6} + 8]" "qword ptr [{w6} + 16]" "qword ptr [{w6} + 24]" "qword ptr [{w6} + 32]" "qword ptr [{w6} + 40]"]; ["qword ptr [{s} + 432]" "qword ptr [{s} + 440]" "qword ptr [{s} + 448]" "qword ptr [{s} + 456]" "qword ptr [{s} + 464]" "qword ptr [{s} + 472]"]),
            // w2 = 2·s0
            sum_into!([w0 w1 w2 w3 w4 w5]; ["qword ptr [{s} + 288]" "qword ptr [{s} + 296]" "qword ptr [{s} + 304]" "qword ptr [{s} + 312]" "qword ptr [{s} + 320]" "qword ptr [{s} + 328]"]; ["qword ptr [{s} + 288]" "qword ptr [{s} + 296]" "qword ptr [{s} + 304]" "qword ptr [{s} + 312]" "qword ptr [{s} + 320]" "qword ptr [{s} + 328]"]; ["qword ptr [{s} + 480]" "qword ptr [{s} + 488]" "qword ptr [{s} + 496]" "qword ptr [{s} + 504]" "qword ptr [{s} + 512]" "qword ptr [{s} + 520]"]),
            // A0 = u0·v0 ≡ x0² − x1²
            wide_product!(["qword ptr [{s}]" "qword ptr [{s} + 8]" "qword ptr [{s} + 16]" "qword ptr [{s} + 24]" "qword ptr [{s} + 32]" "qword ptr [{s} + 40]"]; ["qword ptr [{s} + 48]" "qword ptr [{s} + 56]" "qword ptr [{s} + 64]" "qword ptr [{s} + 72]" "qword ptr [{s} + 80]" "qword ptr [{s} + 88]"]; ["qword ptr [{s} + 528]" "qword ptr [{s} + 536]" "qword ptr [{s} + 544]" "qword ptr [{s} + 552]" "qword ptr [{s} + 560]" "qword ptr [{s} + 568]" "qword ptr [{s} + 576]" "qword ptr [{s} + 584]" "qword ptr [{s} + 592]" "qword ptr [{s} + 600]" "qword ptr [{s} + 608]" "qword ptr [{s} + 616]"]; [w0 w1 w2 w3 w4 w5 w6]),
            // A1 = w0·x1 = 2·x0·x1
            wide_product!(["qword ptr [{s} + 96]" "qword ptr [{s} + 104]" "qword ptr [{s} + 112]" "qword ptr [{s} + 120]" "qword ptr [{s} + 128]" "qword ptr [{s} + 136]"]; ["qword ptr [{a} + 48]" "qword ptr [{a} + 56]" "qword ptr [{a} + 64]" "qword ptr [{a} + 72]" "qword ptr [{a} + 80]" "qword ptr [{a} + 88]"]; ["qword ptr [{s} + 624]" "qword ptr [{s} + 632]" "qword ptr [{s} + 640]" "qword ptr [{s} + 648]" "qword ptr [{s} + 656]" "qword ptr [{s} + 664]" "qword ptr [{s} + 672]" "qword ptr [{s} + 680]" "qword ptr [{s} + 688]" "qword ptr [{s} + 696]" "qword ptr [{s} + 704]" "qword ptr [{s} + 712]"]; [w0 w1 w2 w3 w4 w5 w6]),
            // B0 = u1·v1 ≡ y0² − y1²
            wide_product!(["qword ptr [{s} + 144]" "qword ptr [{s} + 152]" "qword ptr [{s} + 160]" "qword ptr [{s} + 168]" "qword ptr [{s} + 176]" "qword ptr [{s} + 184]"]; ["qword ptr [{s} + 192]" "qword ptr [{s} + 200]" "qword ptr [{s} + 208]" "qword ptr [{s} + 216]" "qword ptr [{s} + 224]" "qword ptr [{s} + 232]"]; ["qword ptr [{s} + 720]" "qword ptr [{s} + 728]" "qword ptr [{s} + 736]" "qword ptr [{s} + 744]" "qword ptr [{s} + 752]" "qword ptr [{s} + 760]" "qword ptr [{s} + 768]" "qword ptr [{s} + 776]" "qword ptr [{s} + 784]" "qword ptr [{s} + 792]" "qword ptr [{s} + 800]" "qword ptr [{s} + 808]"]; [w0 w1 w2 w3 w4 w5 w6]),
            // B1 = w1·y1 = 2·y0·y1
            wide_product!(["qword ptr [{s} + 240]" "qword ptr [{s} + 248]" "qword ptr [{s} + 256]" "qword ptr [{s} + 264]" "qword ptr [{s} + 272]" "qword ptr [{s} + 280]"]; ["qword ptr [{b} + 48]" "qword ptr [{b} + 56]" "qword ptr [{b} + 64]" "qword ptr [{b} + 72]" "qword ptr [{b} + 80]" "qword ptr [{b} + 88]"]; ["qword ptr [{s} + 816]" "qword ptr [{s} + 824]" "qword ptr [{s} + 832]" "qword ptr [{s} + 840]" "qword ptr [{s} + 848]" "qword ptr [{s} + 856]" "qword ptr [{s} + 864]" "qword ptr [{s} + 872]" "qword ptr [{s} + 880]" "qword ptr [{s} + 888]" "qword ptr [{s} + 896]" "qword ptr [{s} + 904]"]; [w0 w1 w2 w3 w4 w5 w6]),
            // From here `b` points to the constants; `a` holds each pair of reduction rows' second
            // quotient, and the output pointer before each store.
            "movq {b}, {k}",
            // (x² + ξy²).c0 = A0 + B0 − B1 + m·2^(L+1), beside P0 = u2·v2 ≡ s0² − s1²
            reduce_terms!(
                ["qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]" "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"];
                ["qword ptr [{s} + 528]" "qword ptr [{s} + 536]" "qword ptr [{s} + 544]" "qword ptr [{s} + 552]" "qword ptr [{s} + 560]" "qword ptr [{s} + 568]"] ["qword ptr [{s} + 576]" "qword ptr [{s} + 584]" "qword ptr [{s} + 592]" "qword ptr [{s} + 600]" "qword ptr [{s} + 608]" "qword ptr [{s} + 616]"];
                add [["qword ptr [{s} + 720]" "qword ptr [{s} + 728]" "qword ptr [{s} + 736]" "qword ptr [{s} + 744]" "qword ptr [{s} + 752]" "qword ptr [{s} + 760]"] ["qword ptr [{s} + 768]" "qword ptr [{s} + 776]" "qword ptr [{s} + 784]" "qword ptr [{s} + 792]" "qword ptr [{s} + 800]" "qword ptr [{s} + 808]"] "qword ptr [{s} + 1104]"];
                multiple ["qword ptr [{b} + 48]" ["qword ptr [{b} + 56]" "qword ptr [{b} + 64]" "qword ptr [{b} + 72]" "qword ptr [{b} + 80]" "qword ptr [{b} + 88]" "qword ptr [{b} + 96]"] "qword ptr [{s} + 1112]"];
                sub [["qword ptr [{s} + 816]" "qword ptr [{s} + 824]" "qword ptr [{s} + 832]" "qword ptr [{s} + 840]" "qword ptr [{s} + 848]" "qword ptr [{s} + 856]"] ["qword ptr [{s} + 864]" "qword ptr [{s} + 872]" "qword ptr [{s} + 880]" "qword ptr [{s} + 888]" "qword ptr [{s} + 896]" "qword ptr [{s} + 904]"] "qword ptr [{s} + 1120]"];
                ["qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]" "qword ptr [{a} + 24]" "qword ptr [{a} + 32]" "qword ptr [{a} + 40]"]
                ; beside ["qword ptr [{s} + 384]" "qword ptr [{s} + 392]" "qword ptr [{s} + 400]" "qword ptr [{s} + 408]" "qword ptr [{s} + 416]" "qword ptr [{s} + 424]"] ["qword ptr [{s} + 432]" "qword ptr [{s} + 440]" "qword ptr [{s} + 448]" "qword ptr [{s} + 456]" "qword ptr [{s} + 464]" "qword ptr [{s} + 472]"] ["qword ptr [{s} + 912]" "qword ptr [{s} + 920]" "qword ptr [{s} + 928]" "qword ptr [{s} + 936]" "qword ptr [{s} + 944]" "qword ptr [{s} + 952]" "qword ptr [{s} + 960]" "qword ptr [{s} + 968]" "qword ptr [{s} + 976]" "qword ptr [{s} + 984]" "qword ptr [{s} + 992]" "qword ptr [{s} + 1000]"] ["qword ptr [{s} + 1128]" "qword ptr [{s} + 1136]" "qword ptr [{s} + 1144]" "qword ptr [{s} + 1152]" "qword ptr [{s} + 1160]" "qword ptr [{s} + 1168]"] ["qword ptr [{s} + 1176]" "qword ptr [{s} + 1184]" "qword ptr [{s} + 1192]" "qword ptr [{s} + 1200]" "qword ptr [{s} + 1208]" "qword ptr [{s} + 1216]"]
            ),
            // (x² + ξy²).c1 = A1 + B0 + B1, beside P1 = w2·s1 = 2·s0·s1
            reduce_terms!(
                ["qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]" "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"];
                ["qword ptr [{s} + 624]" "qword ptr [{s} + 632]" "qword ptr [{s} + 640]" "qword ptr [{s} + 648]" "qword ptr [{s} + 656]" "qword ptr [{s} + 664]"] ["qword ptr [{s} + 672]" "qword ptr [{s} + 680]" "qword ptr [{s} + 688]" "qword ptr [{s} + 696]" "qword ptr [{s} + 704]" "qword ptr [{s} + 712]"];
                add [["qword ptr [{s} + 720]" "qword ptr [{s} + 728]" "qword ptr [{s} + 736]" "qword ptr [{s} + 744]" "qword ptr [{s} + 752]" "qword ptr [{s} + 760]"] ["qword ptr [{s} + 768]" "qword ptr [{s} + 776]" "qword ptr [{s} + 784]" "qword ptr [{s} + 792]" "qword ptr [{s} + 800]" "qword ptr [{s} + 808]"] "qword ptr [{s} + 1104]", ["qword ptr [{s} + 816]" "qword ptr [{s} + 824]" "qword ptr [{s} + 832]" "qword ptr [{s} + 840]" "qword ptr [{s} + 848]" "qword ptr [{s} + 856]"] ["qword ptr [{s} + 864]" "qword ptr [{s} + 872]" "qword ptr [{s} + 880]" "qword ptr [{s} + 888]" "qword ptr [{s} + 896]" "qword ptr [{s} + 904]"] "qword ptr [{s} + 1112]"];
                multiple [];
                sub [];
                ["qword ptr [{a} + 48]" "qword ptr [{a} + 56]" "qword ptr [{a} + 64]" "qword ptr [{a} + 72]" "qword ptr [{a} + 80]" "qword ptr [{a} + 88]"]
                ; beside ["qword ptr [{s} + 480]" "qword ptr [{s} + 488]" "qword ptr [{s} + 496]" "qword ptr [{s} + 504]" "qword ptr [{s} + 512]" "qword ptr [{s} + 520]"] ["qword ptr [{s} + 336]" "qword ptr [{s} + 344]" "qword ptr [{s} + 352]" "qword ptr [{s} + 360]" "qword ptr [{s} + 368]" "qword ptr [{s} + 376]"] ["qword ptr [{s} + 1008]" "qword ptr [{s} + 1016]" "qword ptr [{s} + 1024]" "qword ptr [{s} + 1032]" "qword ptr [{s} + 1040]" "qword ptr [{s} + 1048]" "qword ptr [{s} + 1056]" "qword ptr [{s} + 1064]" "qword ptr [{s} + 1072]" "qword ptr [{s} + 1080]" "qword ptr [{s} + 1088]" "qword ptr [{s} + 1096]"] ["qword ptr [{s} + 1128]" "qword ptr [{s} + 1136]" "qword ptr [{s} + 1144]" "qword ptr [{s} + 1152]" "qword ptr [{s} + 1160]" "qword ptr [{s} + 1168]"] ["qword ptr [{s} + 1176]" "qword ptr [{s} + 1184]" "qword ptr [{s} + 1192]" "qword ptr [{s} + 1200]" "qword ptr [{s} + 1208]" "qword ptr [{s} + 1216]"]
            ),
            // (2xy).c0 = P0 − A0 − B0 + m·2^(L+2)
            reduce_terms!(
                ["qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]" "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"];
                ["qword ptr [{s} + 912]" "qword ptr [{s} + 920]" "qword ptr [{s} + 928]" "qword ptr [{s} + 936]" "qword ptr [{s} + 944]" "qword ptr [{s} + 952]"] ["qword ptr [{s} + 960]" "qword ptr [{s} + 968]" "qword ptr [{s} + 976]" "qword ptr [{s} + 984]" "qword ptr [{s} + 992]" "qword ptr [{s} + 1000]"];
                add [];
                multiple ["qword ptr [{b} + 104]" ["qword ptr [{b} + 112]" "qword ptr [{b} + 120]" "qword ptr [{b} + 128]" "qword ptr [{b} + 136]" "qword ptr [{b} + 144]" "qword ptr [{b} + 152]"] "qword ptr [{s} + 1104]"];
                sub [["qword ptr [{s} + 528]" "qword ptr [{s} + 536]" "qword ptr [{s} + 544]" "qword ptr [{s} + 552]" "qword ptr [{s} + 560]" "qword ptr [{s} + 568]"] ["qword ptr [{s} + 576]" "qword ptr [{s} + 584]" "qword ptr [{s} + 592]" "qword ptr [{s} + 600]" "qword ptr [{s} + 608]" "qword ptr [{s} + 616]"] "qword ptr [{s} + 1112]", ["qword ptr [{s} + 720]" "qword ptr [{s} + 728]" "qword ptr [{s} + 736]" "qword ptr [{s} + 744]" "qword ptr [{s} + 752]" "qword ptr [{s} + 760]"] ["qword ptr [{s} + 768]" "qword ptr [{s} + 776]" "qword ptr [{s} + 784]" "qword ptr [{s} + 792]" "qword ptr [{s} + 800]" "qword ptr [{s} + 808]"] "qword ptr [{s} + 1120]"];
                ["qword ptr [{a} + 96]" "qword ptr [{a} + 104]" "qword ptr [{a} + 112]" "qword ptr [{a} + 120]" "qword ptr [{a} + 128]" "qword ptr [{a} + 136]"]
            ),
            // (2xy).c1 = P1 − A1 − B1 + m·2^(L+2)
            reduce_terms!(
                ["qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]" "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"];
                ["qword ptr [{s} + 1008]" "qword ptr [{s} + 1016]" "qword ptr [{s} + 1024]" "qword ptr [{s} + 1032]" "qword ptr [{s} + 1040]" "qword ptr [{s} + 1048]"] ["qword ptr [{s} + 1056]" "qword ptr [{s} + 1064]" "qword ptr [{s} + 1072]" "qword ptr [{s} + 1080]" "qword ptr [{s} + 1088]" "qword ptr [{s} + 1096]"];
                add [];
                multiple ["qword ptr [{b} + 104]" ["qword ptr [{b} + 112]" "qword ptr [{b} + 120]" "qword ptr [{b} + 128]" "qword ptr [{b} + 136]" "qword ptr [{b} + 144]" "qword ptr [{b} + 152]"] "qword ptr [{s} + 1104]"];
                sub [["qword ptr [{s} + 624]" "qword ptr [{s} + 632]" "qword ptr [{s} + 640]" "qword ptr [{s} + 648]" "qword ptr [{s} + 656]" "qword ptr [{s} + 664]"] ["qword ptr [{s} + 672]" "qword ptr [{s} + 680]" "qword ptr [{s} + 688]" "qword ptr [{s} + 696]" "qword ptr [{s} + 704]" "qword ptr [{s} + 712]"] "qword ptr [{s} + 1112]", ["qword ptr [{s} + 816]" "qword ptr [{s} + 824]" "qword ptr [{s} + 832]" "qword ptr [{s} + 840]" "qword ptr [{s} + 848]" "qword ptr [{s} + 856]"] ["qword ptr [{s} + 864]" "qword ptr [{s} + 872]" "qword ptr [{s} + 880]" "qword ptr [{s} + 888]" "qword ptr [{s} + 896]" "qword ptr [{s} + 904]"] "qword ptr [{s} + 1120]"];
                ["qword ptr [{a} + 144]" "qword ptr [{a} + 152]" "qword ptr [{a} + 160]" "qword ptr [{a} + 168]" "qword ptr [{a} + 176]" "qword ptr [{a} + 184]"]
            ),
            x = in(xmm_reg) x,
            y = in(xmm_reg) y,
            out = in(xmm_reg) o,
            k = in(xmm_reg) k,
            inv = in(xmm_reg) inv,
            a = out(reg) _,
            b = out(reg) _,
            s = in(reg) scratch.as_mut_ptr() as *mut u64,
            lo = out(reg) _,
            hi = out(reg) _,
            w0 = out(reg) _,
            w1 = out(reg) _,
            w2 = out(reg) _,
            w3 = out(reg) _,
            w4 = out(reg) _,
            w5 = out(reg) _,
            w6 = out(reg) _,
            out("rdx") _,
            options(nostack),
        );
    }
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;
    use rand::SeedableRng;

    use super::*;
    use crate::curves::bls12_381;
    use crate::field::FieldParams;
    use crate::limbs::mont;
    use crate::test_util::{big, limbs_of, operand};

    /// Against num-bigint on random operands and the extremes (0, 1, `m − 1`, `m − 2`, `m/2`),
    /// in every combination the random draws reach.
    #[test]
    fn matches_bigint() {
        if !super::super::available() {
            return;
        }
        let m = <bls12_381::FpParams as FieldParams<6>>::MODULUS;
        let k = constants(&m);
        let inv = mont::neg_inv64(m[0]);
        let bm = big(&m);
        let r_inv = (BigUint::from(1u8) << 384usize).modinv(&bm).expect("m odd");
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0xf4);
        for case in 0..6000 {
            let v: Vec<BigUint> = (0..4).map(|_| operand::<6>(&bm, case % 3 == 0, &mut rng)).collect();
            let words: Vec<u64> = v.iter().flat_map(limbs_of::<6>).collect();
            let mut out = [0u64; 24];
            // SAFETY: 12 words behind each operand, 24 behind `out`; `available()` checked.
            assert!(unsafe { square(words.as_ptr(), words[12..].as_ptr(), &k, inv, out.as_mut_ptr()) });
            // In Montgomery form a product is `a·b·R⁻¹`.
            let mulr = |a: &BigUint, b: &BigUint| a * b * &r_inv % &bm;
            let (x0, x1, y0, y1) = (&v[0], &v[1], &v[2], &v[3]);
            let sq =
                |a0: &BigUint, a1: &BigUint| ((mulr(a0, a0) + &bm - mulr(a1, a1)) % &bm, (mulr(a0, a1) * 2u8) % &bm);
            let (xx0, xx1) = sq(x0, x1);
            let (yy0, yy1) = sq(y0, y1);
            let want = [
                (&xx0 + &yy0 + &bm - &yy1) % &bm,
                (&xx1 + &yy0 + &yy1) % &bm,
                ((mulr(x0, y0) + &bm - mulr(x1, y1)) * 2u8) % &bm,
                ((mulr(x0, y1) + mulr(x1, y0)) * 2u8) % &bm,
            ];
            for (i, w) in want.iter().enumerate() {
                let c: [u64; 6] = out[6 * i..6 * i + 6].try_into().expect("six words");
                assert_eq!(big(&c), *w, "case {case}, coefficient {i}");
            }
        }
    }
}
