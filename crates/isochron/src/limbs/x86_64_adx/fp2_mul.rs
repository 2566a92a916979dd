//! Fp2 products over a prime field with two spare bits (BN254, BLS12-381; `u² = −1`), each in
//! one MULX/ADCX/ADOX kernel, in the manner of blst's `mul_mont_384x`: Karatsuba at double
//! width with lazy reduction (Aranha, Karabina, Longa, Gebotys, López, eprint 2010/526 §3, Alg.
//! 2), `c0 = a0·b0 − a1·b1`, `c1 = (a0 + a1)(b0 + b1) − a0·b0 − a1·b1`, three double-width
//! products and one Montgomery reduction per coefficient, with the subtractions folded into the
//! reductions' own loads and final additions instead of separate double-width passes.
//! [`mul`] is the product, [`sum_of_products`] `a·b + c·d` (six products, still one reduction
//! per coefficient), [`mul_wide`] the product left at double width for the towers.
//!
//! **Steps.** The sums `a0 + a1`, `b0 + b1` (below `2m`, no carry out) and the three products
//! `T0, T1, T2` go to a scratch area. For `c1 = T2 − T0 − T1` (exact: it is `a0·b1 + a1·b0 ≥
//! 0`) the low halves are subtracted in registers and the two borrows saved, the `N` reduction
//! rows run on that low half, and the high halves are added and subtracted with the borrows put
//! back (`BT`): `(T_lo + K·m)/2^(64N) + T_hi`. For `c0 = T0 − T1`, which may be negative, the
//! kernel reduces `T0 − T1 + C` with `C = m·2^L`, `L` the bit length of `m` (a multiple of `m`,
//! so the same element): `C > m² > T1`, so the value is nonnegative, and below `m·2^(L+1) ≤
//! m·2^(64N−1)`. `C`'s low half has one nonzero word (`N − 1`), its high half is `m >> (64N −
//! L)`: both precomputed ([`Constants`]). The sum of two products does the same over six
//! terms with `2C`. In [`mul`], `c0` is reduced before `T2` is formed (it needs only `T0` and
//! `T1`): the core runs the independent product beside the reduction's chain of dependent
//! rows (the Fp2 product 3% faster on Zen 5). For 6 limbs the two are also interleaved in the
//! instruction stream (`redc_beside_product!`), a pair of reduction rows then two product rows,
//! their registers passed through the scratch area between the pieces: otherwise the
//! reduction's waiting rows fill the scheduler before the product's independent ones are
//! reached (the Fp2 product 2.5% faster on an Intel Xeon, model 167).
//!
//! **Bounds.** Reducing `T < m·2^(64N)` gives `(T_lo + K·m)/2^(64N) ≤ m` plus `T_hi < m`,
//! below `2m`: one conditional subtraction (here through memory: the result is stored, `T − m`
//! formed in the same registers and, where it borrows, `CMOVC` takes the stored words back).
//! `c1 < 2m²` and `T0 − T1 + C < m² + m·2^L` are both below `m·2^(L+1)`; for two products
//! `c1 < 4m²` and `c0 < 2m² + m·2^(L+1) ≤ m·2^(L+2)`. Every intermediate sum of the high-half
//! chains is nonnegative and below `2^(64N)` (additions first, then subtractions).
//!
//! **Constant time.** Straight-line code; memory is read and written at fixed offsets from the
//! operands, the scratch area and the output; the borrows are kept as masks and put back with
//! `BT`; the final subtractions select with `CMOV`. Callers check [`super::available`].
//!
//! **Registers.** The double-width product takes thirteen general registers (the three
//! pointers, the `MULX` halves, `N + 1` accumulator words, `RDX`), so the operand, output and
//! constant pointers and `−m⁻¹` come in through XMM registers and are moved in when needed. The
//! reductions take their rows two at a time (`redc_rows!`, with the high word of `−m⁻¹ mod
//! 2¹²⁸` from [`Constants`]); the output pointer's register holds each pair's second quotient
//! and is loaded just before each store.

/// The constants of one modulus: `m`, then `C = m·2^L` and `2C` (`L` the bit length of `m`),
/// each as its one nonzero low word (word `N − 1`) and its high half. `#[repr(C)]`: the kernels
/// read them at fixed offsets from one pointer.
#[repr(C)]
pub struct Constants<const N: usize> {
    m: [u64; N],
    c: [MultipleOfM<N>; 2],
    /// The high word of `−m⁻¹ mod 2¹²⁸`, for the reduction rows taken two at a time.
    inv_hi: u64,
}

/// `m·2^(L+e)` for one `e`: the low half's word `N − 1`, then the high half.
#[repr(C)]
struct MultipleOfM<const N: usize> {
    low_top: u64,
    high: [u64; N],
}

impl<const N: usize> Constants<N> {
    /// The constants for `m` (any `m` with a nonzero top word below `2^62`; [`supports`] says
    /// whether the kernels take it).
    pub const fn new(m: &[u64; N]) -> Self {
        Self::with_multiples(m, 0)
    }

    /// The same layout with the multiples `m·2^(L+e)` and `m·2^(L+e+1)` (for
    /// [`super::fp4_square`], `e = 1`; the caller's kernel states the range of `m` it takes).
    pub(super) const fn with_multiples(m: &[u64; N], e: u32) -> Self {
        Constants {
            m: *m,
            c: [Self::multiple(m, e), Self::multiple(m, e + 1)],
            inv_hi: super::super::mont::neg_inv128_hi(m[0], m[1]),
        }
    }

    /// The modulus.
    pub(super) const fn modulus(&self) -> &[u64; N] {
        &self.m
    }

    /// `m·2^(L+e)`, whose low bit is at `L + e = 64·(N − 1) + t`, `0 ≤ t < 64`.
    const fn multiple(m: &[u64; N], e: u32) -> MultipleOfM<N> {
        let t = (64 - m[N - 1].leading_zeros() + e) % 64;
        let mut high = [0u64; N];
        let mut j = 0;
        while j < N {
            let next = if j + 1 < N { m[j + 1] } else { 0 };
            high[j] = ((((next as u128) << 64) | m[j] as u128) >> (64 - t)) as u64;
            j += 1;
        }
        MultipleOfM { low_top: m[0] << t, high }
    }
}

/// Whether the kernels take `m`: N ∈ {4, 6} and `4m < 2^(64N)` with a nonzero top word (then
/// `L + 1 ≤ 64N − 1`, so both multiples of [`Constants`] have the stated shape). A
/// compile-time constant for a field's modulus.
#[inline(always)]
pub const fn supports<const N: usize>(m: &[u64; N]) -> bool {
    (N == 4 || N == 6) && m[N - 1] >> 62 == 0 && m[N - 1] != 0
}

/// The Fp2 product `out = (a0 + a1·u)(b0 + b1·u)` with `u² = −1`, on Montgomery limbs below
/// `m` stored `[a0, a1]`, `[b0, b1]`: `[c0, c1]` in `[0, m)`. Returns `false`, touching nothing,
/// when there is no kernel for `k`'s modulus ([`supports`]). `inv = −m⁻¹ mod 2⁶⁴`. Constant
/// time in `a` and `b`; `out` may be `a` or `b` (both are read before `out` is written).
///
/// # Safety
/// `a` and `b` point to `2N` readable words, `out` to `2N` writable words, and the CPU
/// supports BMI2 and ADX (the caller has seen [`super::available`] return `true`).
#[inline(always)]
pub unsafe fn mul<const N: usize>(a: *const u64, b: *const u64, k: &Constants<N>, inv: u64, out: *mut u64) -> bool {
    if !supports(&k.m) {
        return false;
    }
    let k = k as *const Constants<N> as *const u64;
    // SAFETY: `a`, `b` and `out` hold 2N words (this function's contract), `k` the constants
    // (`#[repr(C)]`), N ∈ {4, 6} (checked by `supports`); BMI2/ADX are present.
    unsafe {
        if N == 4 {
            mul4(a, b, k, inv, out)
        } else {
            mul6(a, b, k, inv, out)
        }
    }
    true
}

/// The sum of two Fp2 products `out = a·b + c·d`, as [`mul`]: the six double-width products
/// summed at double width (the constant `2C` keeps `c0` nonnegative: `2C > 2m²`, and the sum
/// stays below `m·2^(L+2) ≤ m·2^(64N)`) and one reduction per coefficient.
///
/// # Safety
/// As for [`mul`], with `c` and `d` as `a` and `b`.
#[inline(always)]
pub unsafe fn sum_of_products<const N: usize>(
    a: *const u64,
    b: *const u64,
    c: *const u64,
    d: *const u64,
    k: &Constants<N>,
    inv: u64,
    out: *mut u64,
) -> bool {
    if !supports(&k.m) {
        return false;
    }
    let k = k as *const Constants<N> as *const u64;
    // SAFETY: as in `mul`.
    unsafe {
        if N == 4 {
            sum2_4(a, b, c, d, k, inv, out)
        } else {
            sum2_6(a, b, c, d, k, inv, out)
        }
    }
    true
}

/// The Fp2 product at double width, `out = [c0, c1]` with `c0 = a0·b0 − a1·b1 mod m·2^(64N)`
/// and `c1 = a0·b1 + a1·b0` (below `2m²`), each `2N` words low word first (the lazy-reduction
/// values of the towers): the three products of [`mul`], the Karatsuba subtractions done in
/// registers, no reduction. As [`mul`] otherwise; `out` points to `4N` writable words.
///
/// The operands' words may also lie in `[m, 2m)` (unreduced sums): the kernel's sums stay
/// below `4m < 2^(64N)` and `T0, T1 < 4m² < m·2^(64N)` keep `c0` exact modulo `m·2^(64N)`;
/// `c1` is below `4m² < m·2^(64N)` when only `a` is unreduced, below `8m²` when both are,
/// which stays below `m·2^(64N)` where `8m < 2^(64N)` (the caller's condition for that).
///
/// # Safety
/// As for [`mul`], with `4N` words behind `out`.
#[inline(always)]
pub unsafe fn mul_wide<const N: usize>(a: *const u64, b: *const u64, k: &Constants<N>, out: *mut u64) -> bool {
    if !supports(&k.m) {
        return false;
    }
    let k = k as *const Constants<N> as *const u64;
    // SAFETY: as in `mul`.
    unsafe {
        if N == 4 {
            wide4(a, b, k, out)
        } else {
            wide6(a, b, k, out)
        }
    }
    true
}

/// [`mul_wide`] with `c0 = a0·b0 − a1·b1` exact, in two's complement over its `2N` words (no
/// correction), for 6 limbs: the signed values of the exact tower sums
/// (`limbs::x86_64_wide_sums`). Operand words below `2^383` (unreduced sums below `2m`, or any
/// sums whose pairs `x0 + x1` do not carry out): then `|c0| < 2^766` and `c1 < 2^767` are exact.
/// Returns `false`, touching nothing, when `k`'s modulus is not a 6-limb one the kernels take.
///
/// # Safety
/// As for [`mul_wide`].
#[inline(always)]
pub unsafe fn mul_wide_signed<const N: usize>(a: *const u64, b: *const u64, k: &Constants<N>, out: *mut u64) -> bool {
    if N != 6 || !supports(&k.m) {
        return false;
    }
    // SAFETY: as in `mul`.
    unsafe { wide6_signed(a, b, k as *const Constants<N> as *const u64, out) };
    true
}

/// `dst_i = x_i + y_i` through the registers (one carry chain).
macro_rules! sum_into {
    ([$($r:ident)*]; $x:tt; $y:tt; [$($d:literal)*]) => {
        concat!(
            chain!("mov", "mov"; [$($r)*]; $x),
            chain!("add", "adc"; [$($r)*]; $y),
            store!([$($r)*]; [$($d)*]),
        )
    };
}

/// The double-width schoolbook product `o = x·y` (the parent's rows; as `wide::mul_wide`).
macro_rules! wide_product {
    ([$x0:literal $($x:literal)*]; [$y0:literal $($y:literal)*]; [$o0:literal $($o:literal)*];
     [$r0:ident $r1:ident $($r:ident)*]) => {
        concat!(
            "mov rdx, ", $x0, "\n",
            "xor {lo:e}, {lo:e}\n",
            "mulx {", stringify!($r1), "}, {", stringify!($r0), "}, ", $y0, "\n",
            first_row!([$($y)*]; [$r1 $($r)*]),
            "mov ", $o0, ", {", stringify!($r0), "}\n",
            wide_rows!([$($x)*]; [$y0 $($y)*]; [$r0 $r1 $($r)*]; [$($o)*]),
        )
    };
}

/// The three pairs of reduction rows (`redc_rows!`) of the six words in `w0..w5` (top word `w6`
/// zero; `m` the modulus' operands, the high word of `−m⁻¹ mod 2¹²⁸` at `[{b} + 160]`)
/// interleaved with the six rows of the independent double-width product `o = x·y`, a pair of
/// reduction rows then two product rows: the reduction's dependent rows alone would fill the
/// core's scheduler and hold the product back. Between the pieces the reduction's six words
/// wait at `r` and the product's window at `p` (six scratch words each). Ends as the rows of
/// `redc_rows!` do, the reduced low half in `w6 w0 w1 w2 w3 w4`.
macro_rules! redc_beside_product {
    ($m:tt; [$x0:literal $x1:literal $x2:literal $x3:literal $x4:literal $x5:literal]; $y:tt;
     [$o0:literal $o1:literal $o2:literal $o3:literal $o4:literal $o5:literal $($oh:literal)*];
     $r:tt; [$($p:literal)*]) => {
        concat!(
            redc_beside_product!(@pair $m; $r),
            wide_product!([$x0 $x1]; $y; [$o0 $o1 $($p)*]; [w0 w1 w2 w3 w4 w5 w6]),
            chain!("mov", "mov"; [w0 w1 w2 w3 w4 w5]; $r),
            "xor {w6:e}, {w6:e}\n",
            redc_beside_product!(@pair $m; $r),
            chain!("mov", "mov"; [w1 w2 w3 w4 w5 w6]; [$($p)*]),
            wide_rows!([$x2 $x3]; $y; [w0 w1 w2 w3 w4 w5 w6]; [$o2 $o3 $($p)*]),
            chain!("mov", "mov"; [w0 w1 w2 w3 w4 w5]; $r),
            "xor {w6:e}, {w6:e}\n",
            redc_beside_product!(@pair $m; $r),
            chain!("mov", "mov"; [w1 w2 w3 w4 w5 w6]; [$($p)*]),
            wide_rows!([$x4 $x5]; $y; [w0 w1 w2 w3 w4 w5 w6]; [$o4 $o5 $($oh)*]),
            chain!("mov", "mov"; [w6 w0 w1 w2 w3 w4]; $r),
        )
    };
    (@pair $m:tt; $r:tt) => {
        concat!(
            redc_rows!($m; a; "mov rdx, qword ptr [{b} + 160]"; [w0 w1 w2 w3 w4 w5 w6]; ["" ""]),
            store!([w2 w3 w4 w5 w6 w0]; $r),
        )
    };
}

/// The final conditional subtraction through memory: store `T`, form `T − m` in the same
/// registers, take the stored words back where it borrowed (`T < m`), store.
macro_rules! subtract_if_above {
    ([$($r:ident)*]; $m:tt; [$($d:literal)*]) => {
        concat!(
            store!([$($r)*]; [$($d)*]),
            chain!("sub", "sbb"; [$($r)*]; $m),
            cmov!("c"; [$($r)*]; [$($d)*]),
            store!([$($r)*]; [$($d)*]),
        )
    };
}

/// [`mul`] for 4 limbs.
///
/// # Safety
/// `x0`, `y0` and `o` point to 8 words (`o` writable), `k` to the constants, and the CPU
/// supports BMI2 and ADX.
#[inline(always)]
unsafe fn mul4(x0: *const u64, y0: *const u64, k: *const u64, inv: u64, o: *mut u64) {
    let mut scratch = core::mem::MaybeUninit::<[u64; 35]>::uninit();
    // SAFETY: the assembly reads the 8 words behind each of `x0`, `y0` and the constants
    // behind `k`, writes and then reads the 35 words of `scratch` and writes the 8 behind
    // `o` (the caller's guarantee), changes only the declared registers, does not touch the
    // stack and uses only BMI2/ADX instructions beyond x86-64, which the caller guarantees.
    unsafe {
        core::arch::asm!(
            // Product 0: its operands' sums (below 2m: no carry out), then T0 = x0·y0,
            // T1 = x1·y1, T2 = (x0 + x1)(y0 + y1).
            "movq {a}, {x0}",
            "movq {b}, {y0}",
            sum_into!([w0 w1 w2 w3]; [
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]"
                ]; [
                    "qword ptr [{a} + 32]" "qword ptr [{a} + 40]" "qword ptr [{a} + 48]"
                    "qword ptr [{a} + 56]"
                ]; [
                    "qword ptr [{s} + 192]" "qword ptr [{s} + 200]" "qword ptr [{s} + 208]"
                    "qword ptr [{s} + 216]"
                ]),
            sum_into!([w0 w1 w2 w3]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]"
                ]; [
                    "qword ptr [{b} + 32]" "qword ptr [{b} + 40]" "qword ptr [{b} + 48]"
                    "qword ptr [{b} + 56]"
                ]; [
                    "qword ptr [{s} + 224]" "qword ptr [{s} + 232]" "qword ptr [{s} + 240]"
                    "qword ptr [{s} + 248]"
                ]),
            wide_product!([
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]"
                ]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]"
                ]; [
                    "qword ptr [{s}]" "qword ptr [{s} + 8]" "qword ptr [{s} + 16]"
                    "qword ptr [{s} + 24]" "qword ptr [{s} + 32]" "qword ptr [{s} + 40]"
                    "qword ptr [{s} + 48]" "qword ptr [{s} + 56]"
                ]; [w0 w1 w2 w3 w4]),
            wide_product!([
                    "qword ptr [{a} + 32]" "qword ptr [{a} + 40]" "qword ptr [{a} + 48]"
                    "qword ptr [{a} + 56]"
                ]; [
                    "qword ptr [{b} + 32]" "qword ptr [{b} + 40]" "qword ptr [{b} + 48]"
                    "qword ptr [{b} + 56]"
                ]; [
                    "qword ptr [{s} + 64]" "qword ptr [{s} + 72]" "qword ptr [{s} + 80]"
                    "qword ptr [{s} + 88]" "qword ptr [{s} + 96]" "qword ptr [{s} + 104]"
                    "qword ptr [{s} + 112]" "qword ptr [{s} + 120]"
                ]; [w0 w1 w2 w3 w4]),
            // From here `b` points to the constants; `a` holds the second quotient of each pair
            // of reduction rows, and the output pointer before each store.
            "movq {b}, {k}",
            // c0 = Σ (T0 − T1) + C: the same, with C's one nonzero low word.
            chain!("mov", "mov"; [w0 w1 w2 w3]; [
                    "qword ptr [{s}]" "qword ptr [{s} + 8]" "qword ptr [{s} + 16]"
                    "qword ptr [{s} + 24]"
                ]),
            chain!("sub", "sbb"; [w0 w1 w2 w3]; [
                    "qword ptr [{s} + 64]" "qword ptr [{s} + 72]" "qword ptr [{s} + 80]"
                    "qword ptr [{s} + 88]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 256], {lo}",
            "add {w3}, qword ptr [{b} + 32]",
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 264], {lo}",
            "xor {w4:e}, {w4:e}",
            redc_rows!([
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]"
                ]; a; "mov rdx, qword ptr [{b} + 112]"; [w0 w1 w2 w3 w4]; ["" "" "" ""]),
            chain!("add", "adc"; [w4 w0 w1 w2]; [
                    "qword ptr [{s} + 32]" "qword ptr [{s} + 40]" "qword ptr [{s} + 48]"
                    "qword ptr [{s} + 56]"
                ]),
            "bt qword ptr [{s} + 264], 0",
            chain!("adc", "adc"; [w4 w0 w1 w2]; [
                    "qword ptr [{b} + 40]" "qword ptr [{b} + 48]" "qword ptr [{b} + 56]"
                    "qword ptr [{b} + 64]"
                ]),
            "bt qword ptr [{s} + 256], 0",
            chain!("sbb", "sbb"; [w4 w0 w1 w2]; [
                    "qword ptr [{s} + 96]" "qword ptr [{s} + 104]" "qword ptr [{s} + 112]"
                    "qword ptr [{s} + 120]"
                ]),
            "movq {a}, {out}",
            subtract_if_above!([w4 w0 w1 w2]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]"
                ]; [
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]"
                ]),
            // T2 after c0's reduction, which needs only T0 and T1 (as in `mul6`).
            wide_product!([
                    "qword ptr [{s} + 192]" "qword ptr [{s} + 200]" "qword ptr [{s} + 208]"
                    "qword ptr [{s} + 216]"
                ]; [
                    "qword ptr [{s} + 224]" "qword ptr [{s} + 232]" "qword ptr [{s} + 240]"
                    "qword ptr [{s} + 248]"
                ]; [
                    "qword ptr [{s} + 128]" "qword ptr [{s} + 136]" "qword ptr [{s} + 144]"
                    "qword ptr [{s} + 152]" "qword ptr [{s} + 160]" "qword ptr [{s} + 168]"
                    "qword ptr [{s} + 176]" "qword ptr [{s} + 184]"
                ]; [w0 w1 w2 w3 w4]),
            // c1 = Σ (T2 − T0 − T1): the low halves with their carries and borrows saved,
            // the reduction rows, then the high halves with the flags put back.
            chain!("mov", "mov"; [w0 w1 w2 w3]; [
                    "qword ptr [{s} + 128]" "qword ptr [{s} + 136]" "qword ptr [{s} + 144]"
                    "qword ptr [{s} + 152]"
                ]),
            chain!("sub", "sbb"; [w0 w1 w2 w3]; [
                    "qword ptr [{s}]" "qword ptr [{s} + 8]" "qword ptr [{s} + 16]"
                    "qword ptr [{s} + 24]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 256], {lo}",
            chain!("sub", "sbb"; [w0 w1 w2 w3]; [
                    "qword ptr [{s} + 64]" "qword ptr [{s} + 72]" "qword ptr [{s} + 80]"
                    "qword ptr [{s} + 88]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 264], {lo}",
            "xor {w4:e}, {w4:e}",
            redc_rows!([
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]"
                ]; a; "mov rdx, qword ptr [{b} + 112]"; [w0 w1 w2 w3 w4]; ["" "" "" ""]),
            chain!("add", "adc"; [w4 w0 w1 w2]; [
                    "qword ptr [{s} + 160]" "qword ptr [{s} + 168]" "qword ptr [{s} + 176]"
                    "qword ptr [{s} + 184]"
                ]),
            "bt qword ptr [{s} + 256], 0",
            chain!("sbb", "sbb"; [w4 w0 w1 w2]; [
                    "qword ptr [{s} + 32]" "qword ptr [{s} + 40]" "qword ptr [{s} + 48]"
                    "qword ptr [{s} + 56]"
                ]),
            "bt qword ptr [{s} + 264], 0",
            chain!("sbb", "sbb"; [w4 w0 w1 w2]; [
                    "qword ptr [{s} + 96]" "qword ptr [{s} + 104]" "qword ptr [{s} + 112]"
                    "qword ptr [{s} + 120]"
                ]),
            "movq {a}, {out}",
            subtract_if_above!([w4 w0 w1 w2]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]"
                ]; [
                    "qword ptr [{a} + 32]" "qword ptr [{a} + 40]" "qword ptr [{a} + 48]"
                    "qword ptr [{a} + 56]"
                ]),
            x0 = in(xmm_reg) x0,
            y0 = in(xmm_reg) y0,
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
            out("rdx") _,
            options(nostack),
        );
    }
}

/// [`mul`] for 6 limbs.
///
/// # Safety
/// `x0`, `y0` and `o` point to 12 words (`o` writable), `k` to the constants, and the CPU
/// supports BMI2 and ADX.
#[inline(always)]
unsafe fn mul6(x0: *const u64, y0: *const u64, k: *const u64, inv: u64, o: *mut u64) {
    let mut scratch = core::mem::MaybeUninit::<[u64; 62]>::uninit();
    // SAFETY: the assembly reads the 12 words behind each of `x0`, `y0` and the constants
    // behind `k`, writes and then reads the 62 words of `scratch` and writes the 12 behind
    // `o` (the caller's guarantee), changes only the declared registers, does not touch the
    // stack and uses only BMI2/ADX instructions beyond x86-64, which the caller guarantees.
    unsafe {
        core::arch::asm!(
            // Product 0: its operands' sums (below 2m: no carry out), then T0 = x0·y0,
            // T1 = x1·y1, T2 = (x0 + x1)(y0 + y1).
            "movq {a}, {x0}",
            "movq {b}, {y0}",
            sum_into!([w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]" "qword ptr [{a} + 32]" "qword ptr [{a} + 40]"
                ]; [
                    "qword ptr [{a} + 48]" "qword ptr [{a} + 56]" "qword ptr [{a} + 64]"
                    "qword ptr [{a} + 72]" "qword ptr [{a} + 80]" "qword ptr [{a} + 88]"
                ]; [
                    "qword ptr [{s} + 288]" "qword ptr [{s} + 296]" "qword ptr [{s} + 304]"
                    "qword ptr [{s} + 312]" "qword ptr [{s} + 320]" "qword ptr [{s} + 328]"
                ]),
            sum_into!([w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"
                ]; [
                    "qword ptr [{b} + 48]" "qword ptr [{b} + 56]" "qword ptr [{b} + 64]"
                    "qword ptr [{b} + 72]" "qword ptr [{b} + 80]" "qword ptr [{b} + 88]"
                ]; [
                    "qword ptr [{s} + 336]" "qword ptr [{s} + 344]" "qword ptr [{s} + 352]"
                    "qword ptr [{s} + 360]" "qword ptr [{s} + 368]" "qword ptr [{s} + 376]"
                ]),
            wide_product!([
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]" "qword ptr [{a} + 32]" "qword ptr [{a} + 40]"
                ]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"
                ]; [
                    "qword ptr [{s}]" "qword ptr [{s} + 8]" "qword ptr [{s} + 16]"
                    "qword ptr [{s} + 24]" "qword ptr [{s} + 32]" "qword ptr [{s} + 40]"
                    "qword ptr [{s} + 48]" "qword ptr [{s} + 56]" "qword ptr [{s} + 64]"
                    "qword ptr [{s} + 72]" "qword ptr [{s} + 80]" "qword ptr [{s} + 88]"
                ]; [w0 w1 w2 w3 w4 w5 w6]),
            wide_product!([
                    "qword ptr [{a} + 48]" "qword ptr [{a} + 56]" "qword ptr [{a} + 64]"
                    "qword ptr [{a} + 72]" "qword ptr [{a} + 80]" "qword ptr [{a} + 88]"
                ]; [
                    "qword ptr [{b} + 48]" "qword ptr [{b} + 56]" "qword ptr [{b} + 64]"
                    "qword ptr [{b} + 72]" "qword ptr [{b} + 80]" "qword ptr [{b} + 88]"
                ]; [
                    "qword ptr [{s} + 96]" "qword ptr [{s} + 104]" "qword ptr [{s} + 112]"
                    "qword ptr [{s} + 120]" "qword ptr [{s} + 128]" "qword ptr [{s} + 136]"
                    "qword ptr [{s} + 144]" "qword ptr [{s} + 152]" "qword ptr [{s} + 160]"
                    "qword ptr [{s} + 168]" "qword ptr [{s} + 176]" "qword ptr [{s} + 184]"
                ]; [w0 w1 w2 w3 w4 w5 w6]),
            // From here `b` points to the constants; `a` holds the second quotient of each pair
            // of reduction rows, and the output pointer before each store.
            "movq {b}, {k}",
            // c0 = Σ (T0 − T1) + C: the same, with C's one nonzero low word.
            chain!("mov", "mov"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s}]" "qword ptr [{s} + 8]" "qword ptr [{s} + 16]"
                    "qword ptr [{s} + 24]" "qword ptr [{s} + 32]" "qword ptr [{s} + 40]"
                ]),
            chain!("sub", "sbb"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s} + 96]" "qword ptr [{s} + 104]" "qword ptr [{s} + 112]"
                    "qword ptr [{s} + 120]" "qword ptr [{s} + 128]" "qword ptr [{s} + 136]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 384], {lo}",
            "add {w5}, qword ptr [{b} + 48]",
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 392], {lo}",
            // c0's reduction rows beside T2's product rows (T2 needs only the sums).
            "xor {w6:e}, {w6:e}",
            redc_beside_product!([
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"
                ]; [
                    "qword ptr [{s} + 288]" "qword ptr [{s} + 296]" "qword ptr [{s} + 304]"
                    "qword ptr [{s} + 312]" "qword ptr [{s} + 320]" "qword ptr [{s} + 328]"
                ]; [
                    "qword ptr [{s} + 336]" "qword ptr [{s} + 344]" "qword ptr [{s} + 352]"
                    "qword ptr [{s} + 360]" "qword ptr [{s} + 368]" "qword ptr [{s} + 376]"
                ]; [
                    "qword ptr [{s} + 192]" "qword ptr [{s} + 200]" "qword ptr [{s} + 208]"
                    "qword ptr [{s} + 216]" "qword ptr [{s} + 224]" "qword ptr [{s} + 232]"
                    "qword ptr [{s} + 240]" "qword ptr [{s} + 248]" "qword ptr [{s} + 256]"
                    "qword ptr [{s} + 264]" "qword ptr [{s} + 272]" "qword ptr [{s} + 280]"
                ]; [
                    "qword ptr [{s} + 448]" "qword ptr [{s} + 456]" "qword ptr [{s} + 464]"
                    "qword ptr [{s} + 472]" "qword ptr [{s} + 480]" "qword ptr [{s} + 488]"
                ]; [
                    "qword ptr [{s} + 400]" "qword ptr [{s} + 408]" "qword ptr [{s} + 416]"
                    "qword ptr [{s} + 424]" "qword ptr [{s} + 432]" "qword ptr [{s} + 440]"
                ]),
            chain!("add", "adc"; [w6 w0 w1 w2 w3 w4]; [
                    "qword ptr [{s} + 48]" "qword ptr [{s} + 56]" "qword ptr [{s} + 64]"
                    "qword ptr [{s} + 72]" "qword ptr [{s} + 80]" "qword ptr [{s} + 88]"
                ]),
            "bt qword ptr [{s} + 392], 0",
            chain!("adc", "adc"; [w6 w0 w1 w2 w3 w4]; [
                    "qword ptr [{b} + 56]" "qword ptr [{b} + 64]" "qword ptr [{b} + 72]"
                    "qword ptr [{b} + 80]" "qword ptr [{b} + 88]" "qword ptr [{b} + 96]"
                ]),
            "bt qword ptr [{s} + 384], 0",
            chain!("sbb", "sbb"; [w6 w0 w1 w2 w3 w4]; [
                    "qword ptr [{s} + 144]" "qword ptr [{s} + 152]" "qword ptr [{s} + 160]"
                    "qword ptr [{s} + 168]" "qword ptr [{s} + 176]" "qword ptr [{s} + 184]"
                ]),
            "movq {a}, {out}",
            subtract_if_above!([w6 w0 w1 w2 w3 w4]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"
                ]; [
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]" "qword ptr [{a} + 32]" "qword ptr [{a} + 40]"
                ]),
            // c1 = Σ (T2 − T0 − T1): the low halves with their carries and borrows saved,
            // the reduction rows, then the high halves with the flags put back.
            chain!("mov", "mov"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s} + 192]" "qword ptr [{s} + 200]" "qword ptr [{s} + 208]"
                    "qword ptr [{s} + 216]" "qword ptr [{s} + 224]" "qword ptr [{s} + 232]"
                ]),
            chain!("sub", "sbb"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s}]" "qword ptr [{s} + 8]" "qword ptr [{s} + 16]"
                    "qword ptr [{s} + 24]" "qword ptr [{s} + 32]" "qword ptr [{s} + 40]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 384], {lo}",
            chain!("sub", "sbb"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s} + 96]" "qword ptr [{s} + 104]" "qword ptr [{s} + 112]"
                    "qword ptr [{s} + 120]" "qword ptr [{s} + 128]" "qword ptr [{s} + 136]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 392], {lo}",
            "xor {w6:e}, {w6:e}",
            redc_rows!([
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"
                ]; a; "mov rdx, qword ptr [{b} + 160]"; [w0 w1 w2 w3 w4 w5 w6]; ["" "" "" "" "" ""]),
            chain!("add", "adc"; [w6 w0 w1 w2 w3 w4]; [
                    "qword ptr [{s} + 240]" "qword ptr [{s} + 248]" "qword ptr [{s} + 256]"
                    "qword ptr [{s} + 264]" "qword ptr [{s} + 272]" "qword ptr [{s} + 280]"
                ]),
            "bt qword ptr [{s} + 384], 0",
            chain!("sbb", "sbb"; [w6 w0 w1 w2 w3 w4]; [
                    "qword ptr [{s} + 48]" "qword ptr [{s} + 56]" "qword ptr [{s} + 64]"
                    "qword ptr [{s} + 72]" "qword ptr [{s} + 80]" "qword ptr [{s} + 88]"
                ]),
            "bt qword ptr [{s} + 392], 0",
            chain!("sbb", "sbb"; [w6 w0 w1 w2 w3 w4]; [
                    "qword ptr [{s} + 144]" "qword ptr [{s} + 152]" "qword ptr [{s} + 160]"
                    "qword ptr [{s} + 168]" "qword ptr [{s} + 176]" "qword ptr [{s} + 184]"
                ]),
            "movq {a}, {out}",
            subtract_if_above!([w6 w0 w1 w2 w3 w4]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"
                ]; [
                    "qword ptr [{a} + 48]" "qword ptr [{a} + 56]" "qword ptr [{a} + 64]"
                    "qword ptr [{a} + 72]" "qword ptr [{a} + 80]" "qword ptr [{a} + 88]"
                ]),
            x0 = in(xmm_reg) x0,
            y0 = in(xmm_reg) y0,
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

/// [`sum_of_products`] for 4 limbs.
///
/// # Safety
/// `x0`, `y0`, `x1`, `y1` and `o` point to 8 words (`o` writable), `k` to the constants, and the CPU
/// supports BMI2 and ADX.
#[inline(always)]
unsafe fn sum2_4(x0: *const u64, y0: *const u64, x1: *const u64, y1: *const u64, k: *const u64, inv: u64, o: *mut u64) {
    let mut scratch = core::mem::MaybeUninit::<[u64; 70]>::uninit();
    // SAFETY: the assembly reads the 8 words behind each of `x0`, `y0`, `x1`, `y1` and the constants
    // behind `k`, writes and then reads the 70 words of `scratch` and writes the 8 behind
    // `o` (the caller's guarantee), changes only the declared registers, does not touch the
    // stack and uses only BMI2/ADX instructions beyond x86-64, which the caller guarantees.
    unsafe {
        core::arch::asm!(
            // Product 0: its operands' sums (below 2m: no carry out), then T0 = x0·y0,
            // T1 = x1·y1, T2 = (x0 + x1)(y0 + y1).
            "movq {a}, {x0}",
            "movq {b}, {y0}",
            sum_into!([w0 w1 w2 w3]; [
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]"
                ]; [
                    "qword ptr [{a} + 32]" "qword ptr [{a} + 40]" "qword ptr [{a} + 48]"
                    "qword ptr [{a} + 56]"
                ]; [
                    "qword ptr [{s} + 384]" "qword ptr [{s} + 392]" "qword ptr [{s} + 400]"
                    "qword ptr [{s} + 408]"
                ]),
            sum_into!([w0 w1 w2 w3]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]"
                ]; [
                    "qword ptr [{b} + 32]" "qword ptr [{b} + 40]" "qword ptr [{b} + 48]"
                    "qword ptr [{b} + 56]"
                ]; [
                    "qword ptr [{s} + 416]" "qword ptr [{s} + 424]" "qword ptr [{s} + 432]"
                    "qword ptr [{s} + 440]"
                ]),
            wide_product!([
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]"
                ]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]"
                ]; [
                    "qword ptr [{s}]" "qword ptr [{s} + 8]" "qword ptr [{s} + 16]"
                    "qword ptr [{s} + 24]" "qword ptr [{s} + 32]" "qword ptr [{s} + 40]"
                    "qword ptr [{s} + 48]" "qword ptr [{s} + 56]"
                ]; [w0 w1 w2 w3 w4]),
            wide_product!([
                    "qword ptr [{a} + 32]" "qword ptr [{a} + 40]" "qword ptr [{a} + 48]"
                    "qword ptr [{a} + 56]"
                ]; [
                    "qword ptr [{b} + 32]" "qword ptr [{b} + 40]" "qword ptr [{b} + 48]"
                    "qword ptr [{b} + 56]"
                ]; [
                    "qword ptr [{s} + 64]" "qword ptr [{s} + 72]" "qword ptr [{s} + 80]"
                    "qword ptr [{s} + 88]" "qword ptr [{s} + 96]" "qword ptr [{s} + 104]"
                    "qword ptr [{s} + 112]" "qword ptr [{s} + 120]"
                ]; [w0 w1 w2 w3 w4]),
            wide_product!([
                    "qword ptr [{s} + 384]" "qword ptr [{s} + 392]" "qword ptr [{s} + 400]"
                    "qword ptr [{s} + 408]"
                ]; [
                    "qword ptr [{s} + 416]" "qword ptr [{s} + 424]" "qword ptr [{s} + 432]"
                    "qword ptr [{s} + 440]"
                ]; [
                    "qword ptr [{s} + 128]" "qword ptr [{s} + 136]" "qword ptr [{s} + 144]"
                    "qword ptr [{s} + 152]" "qword ptr [{s} + 160]" "qword ptr [{s} + 168]"
                    "qword ptr [{s} + 176]" "qword ptr [{s} + 184]"
                ]; [w0 w1 w2 w3 w4]),
            // Product 1: its operands' sums (below 2m: no carry out), then T0 = x0·y0,
            // T1 = x1·y1, T2 = (x0 + x1)(y0 + y1).
            "movq {a}, {x1}",
            "movq {b}, {y1}",
            sum_into!([w0 w1 w2 w3]; [
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]"
                ]; [
                    "qword ptr [{a} + 32]" "qword ptr [{a} + 40]" "qword ptr [{a} + 48]"
                    "qword ptr [{a} + 56]"
                ]; [
                    "qword ptr [{s} + 448]" "qword ptr [{s} + 456]" "qword ptr [{s} + 464]"
                    "qword ptr [{s} + 472]"
                ]),
            sum_into!([w0 w1 w2 w3]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]"
                ]; [
                    "qword ptr [{b} + 32]" "qword ptr [{b} + 40]" "qword ptr [{b} + 48]"
                    "qword ptr [{b} + 56]"
                ]; [
                    "qword ptr [{s} + 480]" "qword ptr [{s} + 488]" "qword ptr [{s} + 496]"
                    "qword ptr [{s} + 504]"
                ]),
            wide_product!([
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]"
                ]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]"
                ]; [
                    "qword ptr [{s} + 192]" "qword ptr [{s} + 200]" "qword ptr [{s} + 208]"
                    "qword ptr [{s} + 216]" "qword ptr [{s} + 224]" "qword ptr [{s} + 232]"
                    "qword ptr [{s} + 240]" "qword ptr [{s} + 248]"
                ]; [w0 w1 w2 w3 w4]),
            wide_product!([
                    "qword ptr [{a} + 32]" "qword ptr [{a} + 40]" "qword ptr [{a} + 48]"
                    "qword ptr [{a} + 56]"
                ]; [
                    "qword ptr [{b} + 32]" "qword ptr [{b} + 40]" "qword ptr [{b} + 48]"
                    "qword ptr [{b} + 56]"
                ]; [
                    "qword ptr [{s} + 256]" "qword ptr [{s} + 264]" "qword ptr [{s} + 272]"
                    "qword ptr [{s} + 280]" "qword ptr [{s} + 288]" "qword ptr [{s} + 296]"
                    "qword ptr [{s} + 304]" "qword ptr [{s} + 312]"
                ]; [w0 w1 w2 w3 w4]),
            wide_product!([
                    "qword ptr [{s} + 448]" "qword ptr [{s} + 456]" "qword ptr [{s} + 464]"
                    "qword ptr [{s} + 472]"
                ]; [
                    "qword ptr [{s} + 480]" "qword ptr [{s} + 488]" "qword ptr [{s} + 496]"
                    "qword ptr [{s} + 504]"
                ]; [
                    "qword ptr [{s} + 320]" "qword ptr [{s} + 328]" "qword ptr [{s} + 336]"
                    "qword ptr [{s} + 344]" "qword ptr [{s} + 352]" "qword ptr [{s} + 360]"
                    "qword ptr [{s} + 368]" "qword ptr [{s} + 376]"
                ]; [w0 w1 w2 w3 w4]),
            // From here `b` points to the constants; `a` holds the second quotient of each pair
            // of reduction rows, and the output pointer before each store.
            "movq {b}, {k}",
            // c1 = Σ (T2 − T0 − T1): the low halves with their carries and borrows saved,
            // the reduction rows, then the high halves with the flags put back.
            chain!("mov", "mov"; [w0 w1 w2 w3]; [
                    "qword ptr [{s} + 128]" "qword ptr [{s} + 136]" "qword ptr [{s} + 144]"
                    "qword ptr [{s} + 152]"
                ]),
            chain!("sub", "sbb"; [w0 w1 w2 w3]; [
                    "qword ptr [{s}]" "qword ptr [{s} + 8]" "qword ptr [{s} + 16]"
                    "qword ptr [{s} + 24]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 512], {lo}",
            chain!("sub", "sbb"; [w0 w1 w2 w3]; [
                    "qword ptr [{s} + 64]" "qword ptr [{s} + 72]" "qword ptr [{s} + 80]"
                    "qword ptr [{s} + 88]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 520], {lo}",
            chain!("add", "adc"; [w0 w1 w2 w3]; [
                    "qword ptr [{s} + 320]" "qword ptr [{s} + 328]" "qword ptr [{s} + 336]"
                    "qword ptr [{s} + 344]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 528], {lo}",
            chain!("sub", "sbb"; [w0 w1 w2 w3]; [
                    "qword ptr [{s} + 192]" "qword ptr [{s} + 200]" "qword ptr [{s} + 208]"
                    "qword ptr [{s} + 216]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 536], {lo}",
            chain!("sub", "sbb"; [w0 w1 w2 w3]; [
                    "qword ptr [{s} + 256]" "qword ptr [{s} + 264]" "qword ptr [{s} + 272]"
                    "qword ptr [{s} + 280]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 544], {lo}",
            "xor {w4:e}, {w4:e}",
            redc_rows!([
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]"
                ]; a; "mov rdx, qword ptr [{b} + 112]"; [w0 w1 w2 w3 w4]; ["" "" "" ""]),
            chain!("add", "adc"; [w4 w0 w1 w2]; [
                    "qword ptr [{s} + 160]" "qword ptr [{s} + 168]" "qword ptr [{s} + 176]"
                    "qword ptr [{s} + 184]"
                ]),
            "bt qword ptr [{s} + 528], 0",
            chain!("adc", "adc"; [w4 w0 w1 w2]; [
                    "qword ptr [{s} + 352]" "qword ptr [{s} + 360]" "qword ptr [{s} + 368]"
                    "qword ptr [{s} + 376]"
                ]),
            "bt qword ptr [{s} + 512], 0",
            chain!("sbb", "sbb"; [w4 w0 w1 w2]; [
                    "qword ptr [{s} + 32]" "qword ptr [{s} + 40]" "qword ptr [{s} + 48]"
                    "qword ptr [{s} + 56]"
                ]),
            "bt qword ptr [{s} + 520], 0",
            chain!("sbb", "sbb"; [w4 w0 w1 w2]; [
                    "qword ptr [{s} + 96]" "qword ptr [{s} + 104]" "qword ptr [{s} + 112]"
                    "qword ptr [{s} + 120]"
                ]),
            "bt qword ptr [{s} + 536], 0",
            chain!("sbb", "sbb"; [w4 w0 w1 w2]; [
                    "qword ptr [{s} + 224]" "qword ptr [{s} + 232]" "qword ptr [{s} + 240]"
                    "qword ptr [{s} + 248]"
                ]),
            "bt qword ptr [{s} + 544], 0",
            chain!("sbb", "sbb"; [w4 w0 w1 w2]; [
                    "qword ptr [{s} + 288]" "qword ptr [{s} + 296]" "qword ptr [{s} + 304]"
                    "qword ptr [{s} + 312]"
                ]),
            "movq {a}, {out}",
            subtract_if_above!([w4 w0 w1 w2]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]"
                ]; [
                    "qword ptr [{a} + 32]" "qword ptr [{a} + 40]" "qword ptr [{a} + 48]"
                    "qword ptr [{a} + 56]"
                ]),
            // c0 = Σ (T0 − T1) + C: the same, with C's one nonzero low word.
            chain!("mov", "mov"; [w0 w1 w2 w3]; [
                    "qword ptr [{s}]" "qword ptr [{s} + 8]" "qword ptr [{s} + 16]"
                    "qword ptr [{s} + 24]"
                ]),
            chain!("add", "adc"; [w0 w1 w2 w3]; [
                    "qword ptr [{s} + 192]" "qword ptr [{s} + 200]" "qword ptr [{s} + 208]"
                    "qword ptr [{s} + 216]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 512], {lo}",
            chain!("sub", "sbb"; [w0 w1 w2 w3]; [
                    "qword ptr [{s} + 64]" "qword ptr [{s} + 72]" "qword ptr [{s} + 80]"
                    "qword ptr [{s} + 88]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 520], {lo}",
            chain!("sub", "sbb"; [w0 w1 w2 w3]; [
                    "qword ptr [{s} + 256]" "qword ptr [{s} + 264]" "qword ptr [{s} + 272]"
                    "qword ptr [{s} + 280]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 528], {lo}",
            "add {w3}, qword ptr [{b} + 72]",
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 536], {lo}",
            "xor {w4:e}, {w4:e}",
            redc_rows!([
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]"
                ]; a; "mov rdx, qword ptr [{b} + 112]"; [w0 w1 w2 w3 w4]; ["" "" "" ""]),
            chain!("add", "adc"; [w4 w0 w1 w2]; [
                    "qword ptr [{s} + 32]" "qword ptr [{s} + 40]" "qword ptr [{s} + 48]"
                    "qword ptr [{s} + 56]"
                ]),
            "bt qword ptr [{s} + 512], 0",
            chain!("adc", "adc"; [w4 w0 w1 w2]; [
                    "qword ptr [{s} + 224]" "qword ptr [{s} + 232]" "qword ptr [{s} + 240]"
                    "qword ptr [{s} + 248]"
                ]),
            "bt qword ptr [{s} + 536], 0",
            chain!("adc", "adc"; [w4 w0 w1 w2]; [
                    "qword ptr [{b} + 80]" "qword ptr [{b} + 88]" "qword ptr [{b} + 96]"
                    "qword ptr [{b} + 104]"
                ]),
            "bt qword ptr [{s} + 520], 0",
            chain!("sbb", "sbb"; [w4 w0 w1 w2]; [
                    "qword ptr [{s} + 96]" "qword ptr [{s} + 104]" "qword ptr [{s} + 112]"
                    "qword ptr [{s} + 120]"
                ]),
            "bt qword ptr [{s} + 528], 0",
            chain!("sbb", "sbb"; [w4 w0 w1 w2]; [
                    "qword ptr [{s} + 288]" "qword ptr [{s} + 296]" "qword ptr [{s} + 304]"
                    "qword ptr [{s} + 312]"
                ]),
            "movq {a}, {out}",
            subtract_if_above!([w4 w0 w1 w2]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]"
                ]; [
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]"
                ]),
            x0 = in(xmm_reg) x0,
            y0 = in(xmm_reg) y0,
            x1 = in(xmm_reg) x1,
            y1 = in(xmm_reg) y1,
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
            out("rdx") _,
            options(nostack),
        );
    }
}

/// [`sum_of_products`] for 6 limbs.
///
/// # Safety
/// `x0`, `y0`, `x1`, `y1` and `o` point to 12 words (`o` writable), `k` to the constants, and the CPU
/// supports BMI2 and ADX.
#[inline(always)]
unsafe fn sum2_6(x0: *const u64, y0: *const u64, x1: *const u64, y1: *const u64, k: *const u64, inv: u64, o: *mut u64) {
    let mut scratch = core::mem::MaybeUninit::<[u64; 102]>::uninit();
    // SAFETY: the assembly reads the 12 words behind each of `x0`, `y0`, `x1`, `y1` and the constants
    // behind `k`, writes and then reads the 102 words of `scratch` and writes the 12 behind
    // `o` (the caller's guarantee), changes only the declared registers, does not touch the
    // stack and uses only BMI2/ADX instructions beyond x86-64, which the caller guarantees.
    unsafe {
        core::arch::asm!(
            // Product 0: its operands' sums (below 2m: no carry out), then T0 = x0·y0,
            // T1 = x1·y1, T2 = (x0 + x1)(y0 + y1).
            "movq {a}, {x0}",
            "movq {b}, {y0}",
            sum_into!([w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]" "qword ptr [{a} + 32]" "qword ptr [{a} + 40]"
                ]; [
                    "qword ptr [{a} + 48]" "qword ptr [{a} + 56]" "qword ptr [{a} + 64]"
                    "qword ptr [{a} + 72]" "qword ptr [{a} + 80]" "qword ptr [{a} + 88]"
                ]; [
                    "qword ptr [{s} + 576]" "qword ptr [{s} + 584]" "qword ptr [{s} + 592]"
                    "qword ptr [{s} + 600]" "qword ptr [{s} + 608]" "qword ptr [{s} + 616]"
                ]),
            sum_into!([w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"
                ]; [
                    "qword ptr [{b} + 48]" "qword ptr [{b} + 56]" "qword ptr [{b} + 64]"
                    "qword ptr [{b} + 72]" "qword ptr [{b} + 80]" "qword ptr [{b} + 88]"
                ]; [
                    "qword ptr [{s} + 624]" "qword ptr [{s} + 632]" "qword ptr [{s} + 640]"
                    "qword ptr [{s} + 648]" "qword ptr [{s} + 656]" "qword ptr [{s} + 664]"
                ]),
            wide_product!([
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]" "qword ptr [{a} + 32]" "qword ptr [{a} + 40]"
                ]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"
                ]; [
                    "qword ptr [{s}]" "qword ptr [{s} + 8]" "qword ptr [{s} + 16]"
                    "qword ptr [{s} + 24]" "qword ptr [{s} + 32]" "qword ptr [{s} + 40]"
                    "qword ptr [{s} + 48]" "qword ptr [{s} + 56]" "qword ptr [{s} + 64]"
                    "qword ptr [{s} + 72]" "qword ptr [{s} + 80]" "qword ptr [{s} + 88]"
                ]; [w0 w1 w2 w3 w4 w5 w6]),
            wide_product!([
                    "qword ptr [{a} + 48]" "qword ptr [{a} + 56]" "qword ptr [{a} + 64]"
                    "qword ptr [{a} + 72]" "qword ptr [{a} + 80]" "qword ptr [{a} + 88]"
                ]; [
                    "qword ptr [{b} + 48]" "qword ptr [{b} + 56]" "qword ptr [{b} + 64]"
                    "qword ptr [{b} + 72]" "qword ptr [{b} + 80]" "qword ptr [{b} + 88]"
                ]; [
                    "qword ptr [{s} + 96]" "qword ptr [{s} + 104]" "qword ptr [{s} + 112]"
                    "qword ptr [{s} + 120]" "qword ptr [{s} + 128]" "qword ptr [{s} + 136]"
                    "qword ptr [{s} + 144]" "qword ptr [{s} + 152]" "qword ptr [{s} + 160]"
                    "qword ptr [{s} + 168]" "qword ptr [{s} + 176]" "qword ptr [{s} + 184]"
                ]; [w0 w1 w2 w3 w4 w5 w6]),
            wide_product!([
                    "qword ptr [{s} + 576]" "qword ptr [{s} + 584]" "qword ptr [{s} + 592]"
                    "qword ptr [{s} + 600]" "qword ptr [{s} + 608]" "qword ptr [{s} + 616]"
                ]; [
                    "qword ptr [{s} + 624]" "qword ptr [{s} + 632]" "qword ptr [{s} + 640]"
                    "qword ptr [{s} + 648]" "qword ptr [{s} + 656]" "qword ptr [{s} + 664]"
                ]; [
                    "qword ptr [{s} + 192]" "qword ptr [{s} + 200]" "qword ptr [{s} + 208]"
                    "qword ptr [{s} + 216]" "qword ptr [{s} + 224]" "qword ptr [{s} + 232]"
                    "qword ptr [{s} + 240]" "qword ptr [{s} + 248]" "qword ptr [{s} + 256]"
                    "qword ptr [{s} + 264]" "qword ptr [{s} + 272]" "qword ptr [{s} + 280]"
                ]; [w0 w1 w2 w3 w4 w5 w6]),
            // Product 1: its operands' sums (below 2m: no carry out), then T0 = x0·y0,
            // T1 = x1·y1, T2 = (x0 + x1)(y0 + y1).
            "movq {a}, {x1}",
            "movq {b}, {y1}",
            sum_into!([w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]" "qword ptr [{a} + 32]" "qword ptr [{a} + 40]"
                ]; [
                    "qword ptr [{a} + 48]" "qword ptr [{a} + 56]" "qword ptr [{a} + 64]"
                    "qword ptr [{a} + 72]" "qword ptr [{a} + 80]" "qword ptr [{a} + 88]"
                ]; [
                    "qword ptr [{s} + 672]" "qword ptr [{s} + 680]" "qword ptr [{s} + 688]"
                    "qword ptr [{s} + 696]" "qword ptr [{s} + 704]" "qword ptr [{s} + 712]"
                ]),
            sum_into!([w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"
                ]; [
                    "qword ptr [{b} + 48]" "qword ptr [{b} + 56]" "qword ptr [{b} + 64]"
                    "qword ptr [{b} + 72]" "qword ptr [{b} + 80]" "qword ptr [{b} + 88]"
                ]; [
                    "qword ptr [{s} + 720]" "qword ptr [{s} + 728]" "qword ptr [{s} + 736]"
                    "qword ptr [{s} + 744]" "qword ptr [{s} + 752]" "qword ptr [{s} + 760]"
                ]),
            wide_product!([
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]" "qword ptr [{a} + 32]" "qword ptr [{a} + 40]"
                ]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"
                ]; [
                    "qword ptr [{s} + 288]" "qword ptr [{s} + 296]" "qword ptr [{s} + 304]"
                    "qword ptr [{s} + 312]" "qword ptr [{s} + 320]" "qword ptr [{s} + 328]"
                    "qword ptr [{s} + 336]" "qword ptr [{s} + 344]" "qword ptr [{s} + 352]"
                    "qword ptr [{s} + 360]" "qword ptr [{s} + 368]" "qword ptr [{s} + 376]"
                ]; [w0 w1 w2 w3 w4 w5 w6]),
            wide_product!([
                    "qword ptr [{a} + 48]" "qword ptr [{a} + 56]" "qword ptr [{a} + 64]"
                    "qword ptr [{a} + 72]" "qword ptr [{a} + 80]" "qword ptr [{a} + 88]"
                ]; [
                    "qword ptr [{b} + 48]" "qword ptr [{b} + 56]" "qword ptr [{b} + 64]"
                    "qword ptr [{b} + 72]" "qword ptr [{b} + 80]" "qword ptr [{b} + 88]"
                ]; [
                    "qword ptr [{s} + 384]" "qword ptr [{s} + 392]" "qword ptr [{s} + 400]"
                    "qword ptr [{s} + 408]" "qword ptr [{s} + 416]" "qword ptr [{s} + 424]"
                    "qword ptr [{s} + 432]" "qword ptr [{s} + 440]" "qword ptr [{s} + 448]"
                    "qword ptr [{s} + 456]" "qword ptr [{s} + 464]" "qword ptr [{s} + 472]"
                ]; [w0 w1 w2 w3 w4 w5 w6]),
            wide_product!([
                    "qword ptr [{s} + 672]" "qword ptr [{s} + 680]" "qword ptr [{s} + 688]"
                    "qword ptr [{s} + 696]" "qword ptr [{s} + 704]" "qword ptr [{s} + 712]"
                ]; [
                    "qword ptr [{s} + 720]" "qword ptr [{s} + 728]" "qword ptr [{s} + 736]"
                    "qword ptr [{s} + 744]" "qword ptr [{s} + 752]" "qword ptr [{s} + 760]"
                ]; [
                    "qword ptr [{s} + 480]" "qword ptr [{s} + 488]" "qword ptr [{s} + 496]"
                    "qword ptr [{s} + 504]" "qword ptr [{s} + 512]" "qword ptr [{s} + 520]"
                    "qword ptr [{s} + 528]" "qword ptr [{s} + 536]" "qword ptr [{s} + 544]"
                    "qword ptr [{s} + 552]" "qword ptr [{s} + 560]" "qword ptr [{s} + 568]"
                ]; [w0 w1 w2 w3 w4 w5 w6]),
            // From here `b` points to the constants; `a` holds the second quotient of each pair
            // of reduction rows, and the output pointer before each store.
            "movq {b}, {k}",
            // c1 = Σ (T2 − T0 − T1): the low halves with their carries and borrows saved,
            // the reduction rows, then the high halves with the flags put back.
            chain!("mov", "mov"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s} + 192]" "qword ptr [{s} + 200]" "qword ptr [{s} + 208]"
                    "qword ptr [{s} + 216]" "qword ptr [{s} + 224]" "qword ptr [{s} + 232]"
                ]),
            chain!("sub", "sbb"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s}]" "qword ptr [{s} + 8]" "qword ptr [{s} + 16]"
                    "qword ptr [{s} + 24]" "qword ptr [{s} + 32]" "qword ptr [{s} + 40]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 768], {lo}",
            chain!("sub", "sbb"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s} + 96]" "qword ptr [{s} + 104]" "qword ptr [{s} + 112]"
                    "qword ptr [{s} + 120]" "qword ptr [{s} + 128]" "qword ptr [{s} + 136]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 776], {lo}",
            chain!("add", "adc"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s} + 480]" "qword ptr [{s} + 488]" "qword ptr [{s} + 496]"
                    "qword ptr [{s} + 504]" "qword ptr [{s} + 512]" "qword ptr [{s} + 520]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 784], {lo}",
            chain!("sub", "sbb"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s} + 288]" "qword ptr [{s} + 296]" "qword ptr [{s} + 304]"
                    "qword ptr [{s} + 312]" "qword ptr [{s} + 320]" "qword ptr [{s} + 328]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 792], {lo}",
            chain!("sub", "sbb"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s} + 384]" "qword ptr [{s} + 392]" "qword ptr [{s} + 400]"
                    "qword ptr [{s} + 408]" "qword ptr [{s} + 416]" "qword ptr [{s} + 424]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 800], {lo}",
            "xor {w6:e}, {w6:e}",
            redc_rows!([
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"
                ]; a; "mov rdx, qword ptr [{b} + 160]"; [w0 w1 w2 w3 w4 w5 w6]; ["" "" "" "" "" ""]),
            chain!("add", "adc"; [w6 w0 w1 w2 w3 w4]; [
                    "qword ptr [{s} + 240]" "qword ptr [{s} + 248]" "qword ptr [{s} + 256]"
                    "qword ptr [{s} + 264]" "qword ptr [{s} + 272]" "qword ptr [{s} + 280]"
                ]),
            "bt qword ptr [{s} + 784], 0",
            chain!("adc", "adc"; [w6 w0 w1 w2 w3 w4]; [
                    "qword ptr [{s} + 528]" "qword ptr [{s} + 536]" "qword ptr [{s} + 544]"
                    "qword ptr [{s} + 552]" "qword ptr [{s} + 560]" "qword ptr [{s} + 568]"
                ]),
            "bt qword ptr [{s} + 768], 0",
            chain!("sbb", "sbb"; [w6 w0 w1 w2 w3 w4]; [
                    "qword ptr [{s} + 48]" "qword ptr [{s} + 56]" "qword ptr [{s} + 64]"
                    "qword ptr [{s} + 72]" "qword ptr [{s} + 80]" "qword ptr [{s} + 88]"
                ]),
            "bt qword ptr [{s} + 776], 0",
            chain!("sbb", "sbb"; [w6 w0 w1 w2 w3 w4]; [
                    "qword ptr [{s} + 144]" "qword ptr [{s} + 152]" "qword ptr [{s} + 160]"
                    "qword ptr [{s} + 168]" "qword ptr [{s} + 176]" "qword ptr [{s} + 184]"
                ]),
            "bt qword ptr [{s} + 792], 0",
            chain!("sbb", "sbb"; [w6 w0 w1 w2 w3 w4]; [
                    "qword ptr [{s} + 336]" "qword ptr [{s} + 344]" "qword ptr [{s} + 352]"
                    "qword ptr [{s} + 360]" "qword ptr [{s} + 368]" "qword ptr [{s} + 376]"
                ]),
            "bt qword ptr [{s} + 800], 0",
            chain!("sbb", "sbb"; [w6 w0 w1 w2 w3 w4]; [
                    "qword ptr [{s} + 432]" "qword ptr [{s} + 440]" "qword ptr [{s} + 448]"
                    "qword ptr [{s} + 456]" "qword ptr [{s} + 464]" "qword ptr [{s} + 472]"
                ]),
            "movq {a}, {out}",
            subtract_if_above!([w6 w0 w1 w2 w3 w4]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"
                ]; [
                    "qword ptr [{a} + 48]" "qword ptr [{a} + 56]" "qword ptr [{a} + 64]"
                    "qword ptr [{a} + 72]" "qword ptr [{a} + 80]" "qword ptr [{a} + 88]"
                ]),
            // c0 = Σ (T0 − T1) + C: the same, with C's one nonzero low word.
            chain!("mov", "mov"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s}]" "qword ptr [{s} + 8]" "qword ptr [{s} + 16]"
                    "qword ptr [{s} + 24]" "qword ptr [{s} + 32]" "qword ptr [{s} + 40]"
                ]),
            chain!("add", "adc"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s} + 288]" "qword ptr [{s} + 296]" "qword ptr [{s} + 304]"
                    "qword ptr [{s} + 312]" "qword ptr [{s} + 320]" "qword ptr [{s} + 328]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 768], {lo}",
            chain!("sub", "sbb"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s} + 96]" "qword ptr [{s} + 104]" "qword ptr [{s} + 112]"
                    "qword ptr [{s} + 120]" "qword ptr [{s} + 128]" "qword ptr [{s} + 136]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 776], {lo}",
            chain!("sub", "sbb"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s} + 384]" "qword ptr [{s} + 392]" "qword ptr [{s} + 400]"
                    "qword ptr [{s} + 408]" "qword ptr [{s} + 416]" "qword ptr [{s} + 424]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 784], {lo}",
            "add {w5}, qword ptr [{b} + 104]",
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 792], {lo}",
            "xor {w6:e}, {w6:e}",
            redc_rows!([
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"
                ]; a; "mov rdx, qword ptr [{b} + 160]"; [w0 w1 w2 w3 w4 w5 w6]; ["" "" "" "" "" ""]),
            chain!("add", "adc"; [w6 w0 w1 w2 w3 w4]; [
                    "qword ptr [{s} + 48]" "qword ptr [{s} + 56]" "qword ptr [{s} + 64]"
                    "qword ptr [{s} + 72]" "qword ptr [{s} + 80]" "qword ptr [{s} + 88]"
                ]),
            "bt qword ptr [{s} + 768], 0",
            chain!("adc", "adc"; [w6 w0 w1 w2 w3 w4]; [
                    "qword ptr [{s} + 336]" "qword ptr [{s} + 344]" "qword ptr [{s} + 352]"
                    "qword ptr [{s} + 360]" "qword ptr [{s} + 368]" "qword ptr [{s} + 376]"
                ]),
            "bt qword ptr [{s} + 792], 0",
            chain!("adc", "adc"; [w6 w0 w1 w2 w3 w4]; [
                    "qword ptr [{b} + 112]" "qword ptr [{b} + 120]" "qword ptr [{b} + 128]"
                    "qword ptr [{b} + 136]" "qword ptr [{b} + 144]" "qword ptr [{b} + 152]"
                ]),
            "bt qword ptr [{s} + 776], 0",
            chain!("sbb", "sbb"; [w6 w0 w1 w2 w3 w4]; [
                    "qword ptr [{s} + 144]" "qword ptr [{s} + 152]" "qword ptr [{s} + 160]"
                    "qword ptr [{s} + 168]" "qword ptr [{s} + 176]" "qword ptr [{s} + 184]"
                ]),
            "bt qword ptr [{s} + 784], 0",
            chain!("sbb", "sbb"; [w6 w0 w1 w2 w3 w4]; [
                    "qword ptr [{s} + 432]" "qword ptr [{s} + 440]" "qword ptr [{s} + 448]"
                    "qword ptr [{s} + 456]" "qword ptr [{s} + 464]" "qword ptr [{s} + 472]"
                ]),
            "movq {a}, {out}",
            subtract_if_above!([w6 w0 w1 w2 w3 w4]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"
                ]; [
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]" "qword ptr [{a} + 32]" "qword ptr [{a} + 40]"
                ]),
            x0 = in(xmm_reg) x0,
            y0 = in(xmm_reg) y0,
            x1 = in(xmm_reg) x1,
            y1 = in(xmm_reg) y1,
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

/// [`mul_wide`] for 4 limbs.
///
/// # Safety
/// `x0` and `y0` point to 8 words, `o` to 16 writable words, `k` to the constants, and
/// the CPU supports BMI2 and ADX.
#[inline(always)]
unsafe fn wide4(x0: *const u64, y0: *const u64, k: *const u64, o: *mut u64) {
    let mut scratch = core::mem::MaybeUninit::<[u64; 33]>::uninit();
    // SAFETY: the assembly reads the 8 words behind `x0` and `y0` and the modulus behind
    // `k`, writes and then reads the 33 words of `scratch` and writes the 16 behind `o`
    // (the caller's guarantee), changes only the declared registers, does not touch the stack
    // and uses only BMI2/ADX instructions beyond x86-64, which the caller guarantees.
    unsafe {
        core::arch::asm!(
            // The operands' sums (below 2m: no carry out), then T0 = x0·y0, T1 = x1·y1,
            // T2 = (x0 + x1)(y0 + y1).
            "movq {a}, {x0}",
            "movq {b}, {y0}",
            sum_into!([w0 w1 w2 w3]; [
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]"
                ]; [
                    "qword ptr [{a} + 32]" "qword ptr [{a} + 40]" "qword ptr [{a} + 48]"
                    "qword ptr [{a} + 56]"
                ]; [
                    "qword ptr [{s} + 192]" "qword ptr [{s} + 200]" "qword ptr [{s} + 208]"
                    "qword ptr [{s} + 216]"
                ]),
            sum_into!([w0 w1 w2 w3]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]"
                ]; [
                    "qword ptr [{b} + 32]" "qword ptr [{b} + 40]" "qword ptr [{b} + 48]"
                    "qword ptr [{b} + 56]"
                ]; [
                    "qword ptr [{s} + 224]" "qword ptr [{s} + 232]" "qword ptr [{s} + 240]"
                    "qword ptr [{s} + 248]"
                ]),
            wide_product!([
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]"
                ]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]"
                ]; [
                    "qword ptr [{s}]" "qword ptr [{s} + 8]" "qword ptr [{s} + 16]"
                    "qword ptr [{s} + 24]" "qword ptr [{s} + 32]" "qword ptr [{s} + 40]"
                    "qword ptr [{s} + 48]" "qword ptr [{s} + 56]"
                ]; [w0 w1 w2 w3 w4]),
            wide_product!([
                    "qword ptr [{a} + 32]" "qword ptr [{a} + 40]" "qword ptr [{a} + 48]"
                    "qword ptr [{a} + 56]"
                ]; [
                    "qword ptr [{b} + 32]" "qword ptr [{b} + 40]" "qword ptr [{b} + 48]"
                    "qword ptr [{b} + 56]"
                ]; [
                    "qword ptr [{s} + 64]" "qword ptr [{s} + 72]" "qword ptr [{s} + 80]"
                    "qword ptr [{s} + 88]" "qword ptr [{s} + 96]" "qword ptr [{s} + 104]"
                    "qword ptr [{s} + 112]" "qword ptr [{s} + 120]"
                ]; [w0 w1 w2 w3 w4]),
            wide_product!([
                    "qword ptr [{s} + 192]" "qword ptr [{s} + 200]" "qword ptr [{s} + 208]"
                    "qword ptr [{s} + 216]"
                ]; [
                    "qword ptr [{s} + 224]" "qword ptr [{s} + 232]" "qword ptr [{s} + 240]"
                    "qword ptr [{s} + 248]"
                ]; [
                    "qword ptr [{s} + 128]" "qword ptr [{s} + 136]" "qword ptr [{s} + 144]"
                    "qword ptr [{s} + 152]" "qword ptr [{s} + 160]" "qword ptr [{s} + 168]"
                    "qword ptr [{s} + 176]" "qword ptr [{s} + 184]"
                ]; [w0 w1 w2 w3 w4]),
            // From here `a` points to the output and `b` to the modulus.
            "movq {a}, {out}",
            "movq {b}, {k}",
            // c1 = T2 − T0 − T1 (exact): the low half with its two borrows saved, then the
            // high half with them put back.
            chain!("mov", "mov"; [w0 w1 w2 w3]; [
                    "qword ptr [{s} + 128]" "qword ptr [{s} + 136]" "qword ptr [{s} + 144]"
                    "qword ptr [{s} + 152]"
                ]),
            chain!("sub", "sbb"; [w0 w1 w2 w3]; [
                    "qword ptr [{s}]" "qword ptr [{s} + 8]" "qword ptr [{s} + 16]"
                    "qword ptr [{s} + 24]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 256], {lo}",
            chain!("sub", "sbb"; [w0 w1 w2 w3]; [
                    "qword ptr [{s} + 64]" "qword ptr [{s} + 72]" "qword ptr [{s} + 80]"
                    "qword ptr [{s} + 88]"
                ]),
            "sbb {hi}, {hi}",
            store!([w0 w1 w2 w3]; [
                    "qword ptr [{a} + 64]" "qword ptr [{a} + 72]" "qword ptr [{a} + 80]"
                    "qword ptr [{a} + 88]"
                ]),
            chain!("mov", "mov"; [w0 w1 w2 w3]; [
                    "qword ptr [{s} + 160]" "qword ptr [{s} + 168]" "qword ptr [{s} + 176]"
                    "qword ptr [{s} + 184]"
                ]),
            "bt qword ptr [{s} + 256], 0",
            chain!("sbb", "sbb"; [w0 w1 w2 w3]; [
                    "qword ptr [{s} + 32]" "qword ptr [{s} + 40]" "qword ptr [{s} + 48]"
                    "qword ptr [{s} + 56]"
                ]),
            "bt {hi}, 0",
            chain!("sbb", "sbb"; [w0 w1 w2 w3]; [
                    "qword ptr [{s} + 96]" "qword ptr [{s} + 104]" "qword ptr [{s} + 112]"
                    "qword ptr [{s} + 120]"
                ]),
            store!([w0 w1 w2 w3]; [
                    "qword ptr [{a} + 96]" "qword ptr [{a} + 104]" "qword ptr [{a} + 112]"
                    "qword ptr [{a} + 120]"
                ]),
            // c0 = T0 − T1 mod m·2^(64N): one borrow chain over both halves, then the high
            // half plus m taken where it borrowed (the stored difference kept otherwise).
            chain!("mov", "mov"; [w0 w1 w2 w3]; [
                    "qword ptr [{s}]" "qword ptr [{s} + 8]" "qword ptr [{s} + 16]"
                    "qword ptr [{s} + 24]"
                ]),
            chain!("sub", "sbb"; [w0 w1 w2 w3]; [
                    "qword ptr [{s} + 64]" "qword ptr [{s} + 72]" "qword ptr [{s} + 80]"
                    "qword ptr [{s} + 88]"
                ]),
            store!([w0 w1 w2 w3]; [
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]"
                ]),
            chain!("mov", "mov"; [w0 w1 w2 w3]; [
                    "qword ptr [{s} + 32]" "qword ptr [{s} + 40]" "qword ptr [{s} + 48]"
                    "qword ptr [{s} + 56]"
                ]),
            chain!("sbb", "sbb"; [w0 w1 w2 w3]; [
                    "qword ptr [{s} + 96]" "qword ptr [{s} + 104]" "qword ptr [{s} + 112]"
                    "qword ptr [{s} + 120]"
                ]),
            "sbb {lo}, {lo}",
            store!([w0 w1 w2 w3]; [
                    "qword ptr [{a} + 32]" "qword ptr [{a} + 40]" "qword ptr [{a} + 48]"
                    "qword ptr [{a} + 56]"
                ]),
            chain!("add", "adc"; [w0 w1 w2 w3]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]"
                ]),
            "test {lo}, {lo}",
            cmov!("z"; [w0 w1 w2 w3]; [
                    "qword ptr [{a} + 32]" "qword ptr [{a} + 40]" "qword ptr [{a} + 48]"
                    "qword ptr [{a} + 56]"
                ]),
            store!([w0 w1 w2 w3]; [
                    "qword ptr [{a} + 32]" "qword ptr [{a} + 40]" "qword ptr [{a} + 48]"
                    "qword ptr [{a} + 56]"
                ]),
            x0 = in(xmm_reg) x0,
            y0 = in(xmm_reg) y0,
            out = in(xmm_reg) o,
            k = in(xmm_reg) k,
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
            out("rdx") _,
            options(nostack),
        );
    }
}

/// The 6-limb double-width Fp2 product ([`mul_wide`], [`mul_wide_signed`]) named `$name`, with
/// `$c0_end` the assembly that ends `c0` once `T0 − T1` is stored (two's complement) and its
/// high half is also in `w0..w5`, the borrow of that chain in the carry flag.
macro_rules! wide6_kernel {
    ($(#[$doc:meta])* $name:ident; $($c0_end:expr),* $(,)?) => {
$(#[$doc])*
///
/// # Safety
/// `x0` and `y0` point to 12 words, `o` to 24 writable words, `k` to the constants, and
/// the CPU supports BMI2 and ADX.
#[inline(always)]
unsafe fn $name(x0: *const u64, y0: *const u64, k: *const u64, o: *mut u64) {
    let mut scratch = core::mem::MaybeUninit::<[u64; 49]>::uninit();
    // SAFETY: the assembly reads the 12 words behind `x0` and `y0` and the modulus behind
    // `k`, writes and then reads the 49 words of `scratch` and writes the 24 behind `o`
    // (the caller's guarantee), changes only the declared registers, does not touch the stack
    // and uses only BMI2/ADX instructions beyond x86-64, which the caller guarantees.
    unsafe {
        core::arch::asm!(
            // The operands' sums (below 2m: no carry out), then T0 = x0·y0, T1 = x1·y1,
            // T2 = (x0 + x1)(y0 + y1).
            "movq {a}, {x0}",
            "movq {b}, {y0}",
            sum_into!([w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]" "qword ptr [{a} + 32]" "qword ptr [{a} + 40]"
                ]; [
                    "qword ptr [{a} + 48]" "qword ptr [{a} + 56]" "qword ptr [{a} + 64]"
                    "qword ptr [{a} + 72]" "qword ptr [{a} + 80]" "qword ptr [{a} + 88]"
                ]; [
                    "qword ptr [{s} + 288]" "qword ptr [{s} + 296]" "qword ptr [{s} + 304]"
                    "qword ptr [{s} + 312]" "qword ptr [{s} + 320]" "qword ptr [{s} + 328]"
                ]),
            sum_into!([w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"
                ]; [
                    "qword ptr [{b} + 48]" "qword ptr [{b} + 56]" "qword ptr [{b} + 64]"
                    "qword ptr [{b} + 72]" "qword ptr [{b} + 80]" "qword ptr [{b} + 88]"
                ]; [
                    "qword ptr [{s} + 336]" "qword ptr [{s} + 344]" "qword ptr [{s} + 352]"
                    "qword ptr [{s} + 360]" "qword ptr [{s} + 368]" "qword ptr [{s} + 376]"
                ]),
            wide_product!([
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]" "qword ptr [{a} + 32]" "qword ptr [{a} + 40]"
                ]; [
                    "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
                    "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"
                ]; [
                    "qword ptr [{s}]" "qword ptr [{s} + 8]" "qword ptr [{s} + 16]"
                    "qword ptr [{s} + 24]" "qword ptr [{s} + 32]" "qword ptr [{s} + 40]"
                    "qword ptr [{s} + 48]" "qword ptr [{s} + 56]" "qword ptr [{s} + 64]"
                    "qword ptr [{s} + 72]" "qword ptr [{s} + 80]" "qword ptr [{s} + 88]"
                ]; [w0 w1 w2 w3 w4 w5 w6]),
            wide_product!([
                    "qword ptr [{a} + 48]" "qword ptr [{a} + 56]" "qword ptr [{a} + 64]"
                    "qword ptr [{a} + 72]" "qword ptr [{a} + 80]" "qword ptr [{a} + 88]"
                ]; [
                    "qword ptr [{b} + 48]" "qword ptr [{b} + 56]" "qword ptr [{b} + 64]"
                    "qword ptr [{b} + 72]" "qword ptr [{b} + 80]" "qword ptr [{b} + 88]"
                ]; [
                    "qword ptr [{s} + 96]" "qword ptr [{s} + 104]" "qword ptr [{s} + 112]"
                    "qword ptr [{s} + 120]" "qword ptr [{s} + 128]" "qword ptr [{s} + 136]"
                    "qword ptr [{s} + 144]" "qword ptr [{s} + 152]" "qword ptr [{s} + 160]"
                    "qword ptr [{s} + 168]" "qword ptr [{s} + 176]" "qword ptr [{s} + 184]"
                ]; [w0 w1 w2 w3 w4 w5 w6]),
            wide_product!([
                    "qword ptr [{s} + 288]" "qword ptr [{s} + 296]" "qword ptr [{s} + 304]"
                    "qword ptr [{s} + 312]" "qword ptr [{s} + 320]" "qword ptr [{s} + 328]"
                ]; [
                    "qword ptr [{s} + 336]" "qword ptr [{s} + 344]" "qword ptr [{s} + 352]"
                    "qword ptr [{s} + 360]" "qword ptr [{s} + 368]" "qword ptr [{s} + 376]"
                ]; [
                    "qword ptr [{s} + 192]" "qword ptr [{s} + 200]" "qword ptr [{s} + 208]"
                    "qword ptr [{s} + 216]" "qword ptr [{s} + 224]" "qword ptr [{s} + 232]"
                    "qword ptr [{s} + 240]" "qword ptr [{s} + 248]" "qword ptr [{s} + 256]"
                    "qword ptr [{s} + 264]" "qword ptr [{s} + 272]" "qword ptr [{s} + 280]"
                ]; [w0 w1 w2 w3 w4 w5 w6]),
            // From here `a` points to the output and `b` to the modulus.
            "movq {a}, {out}",
            "movq {b}, {k}",
            // c1 = T2 − T0 − T1 (exact): the low half with its two borrows saved, then the
            // high half with them put back.
            chain!("mov", "mov"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s} + 192]" "qword ptr [{s} + 200]" "qword ptr [{s} + 208]"
                    "qword ptr [{s} + 216]" "qword ptr [{s} + 224]" "qword ptr [{s} + 232]"
                ]),
            chain!("sub", "sbb"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s}]" "qword ptr [{s} + 8]" "qword ptr [{s} + 16]"
                    "qword ptr [{s} + 24]" "qword ptr [{s} + 32]" "qword ptr [{s} + 40]"
                ]),
            "sbb {lo}, {lo}",
            "mov qword ptr [{s} + 384], {lo}",
            chain!("sub", "sbb"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s} + 96]" "qword ptr [{s} + 104]" "qword ptr [{s} + 112]"
                    "qword ptr [{s} + 120]" "qword ptr [{s} + 128]" "qword ptr [{s} + 136]"
                ]),
            "sbb {hi}, {hi}",
            store!([w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{a} + 96]" "qword ptr [{a} + 104]" "qword ptr [{a} + 112]"
                    "qword ptr [{a} + 120]" "qword ptr [{a} + 128]" "qword ptr [{a} + 136]"
                ]),
            chain!("mov", "mov"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s} + 240]" "qword ptr [{s} + 248]" "qword ptr [{s} + 256]"
                    "qword ptr [{s} + 264]" "qword ptr [{s} + 272]" "qword ptr [{s} + 280]"
                ]),
            "bt qword ptr [{s} + 384], 0",
            chain!("sbb", "sbb"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s} + 48]" "qword ptr [{s} + 56]" "qword ptr [{s} + 64]"
                    "qword ptr [{s} + 72]" "qword ptr [{s} + 80]" "qword ptr [{s} + 88]"
                ]),
            "bt {hi}, 0",
            chain!("sbb", "sbb"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s} + 144]" "qword ptr [{s} + 152]" "qword ptr [{s} + 160]"
                    "qword ptr [{s} + 168]" "qword ptr [{s} + 176]" "qword ptr [{s} + 184]"
                ]),
            store!([w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{a} + 144]" "qword ptr [{a} + 152]" "qword ptr [{a} + 160]"
                    "qword ptr [{a} + 168]" "qword ptr [{a} + 176]" "qword ptr [{a} + 184]"
                ]),
            // c0 = T0 − T1 mod m·2^(64N): one borrow chain over both halves, then the high
            // half plus m taken where it borrowed (the stored difference kept otherwise).
            chain!("mov", "mov"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s}]" "qword ptr [{s} + 8]" "qword ptr [{s} + 16]"
                    "qword ptr [{s} + 24]" "qword ptr [{s} + 32]" "qword ptr [{s} + 40]"
                ]),
            chain!("sub", "sbb"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s} + 96]" "qword ptr [{s} + 104]" "qword ptr [{s} + 112]"
                    "qword ptr [{s} + 120]" "qword ptr [{s} + 128]" "qword ptr [{s} + 136]"
                ]),
            store!([w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{a}]" "qword ptr [{a} + 8]" "qword ptr [{a} + 16]"
                    "qword ptr [{a} + 24]" "qword ptr [{a} + 32]" "qword ptr [{a} + 40]"
                ]),
            chain!("mov", "mov"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s} + 48]" "qword ptr [{s} + 56]" "qword ptr [{s} + 64]"
                    "qword ptr [{s} + 72]" "qword ptr [{s} + 80]" "qword ptr [{s} + 88]"
                ]),
            chain!("sbb", "sbb"; [w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{s} + 144]" "qword ptr [{s} + 152]" "qword ptr [{s} + 160]"
                    "qword ptr [{s} + 168]" "qword ptr [{s} + 176]" "qword ptr [{s} + 184]"
                ]),
            store!([w0 w1 w2 w3 w4 w5]; [
                    "qword ptr [{a} + 48]" "qword ptr [{a} + 56]" "qword ptr [{a} + 64]"
                    "qword ptr [{a} + 72]" "qword ptr [{a} + 80]" "qword ptr [{a} + 88]"
                ]),
            $($c0_end,)*
            x0 = in(xmm_reg) x0,
            y0 = in(xmm_reg) y0,
            out = in(xmm_reg) o,
            k = in(xmm_reg) k,
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
    };
}

wide6_kernel!(
    /// [`mul_wide`] for 6 limbs: `c0` is brought into `[0, m·2^384)` by adding `m·2^384` where
    /// `T0 − T1` borrowed.
    wide6;
    "sbb {lo}, {lo}",
    chain!("add", "adc"; [w0 w1 w2 w3 w4 w5]; [
            "qword ptr [{b}]" "qword ptr [{b} + 8]" "qword ptr [{b} + 16]"
            "qword ptr [{b} + 24]" "qword ptr [{b} + 32]" "qword ptr [{b} + 40]"
        ]),
    "test {lo}, {lo}",
    cmov!("z"; [w0 w1 w2 w3 w4 w5]; [
            "qword ptr [{a} + 48]" "qword ptr [{a} + 56]" "qword ptr [{a} + 64]"
            "qword ptr [{a} + 72]" "qword ptr [{a} + 80]" "qword ptr [{a} + 88]"
        ]),
    store!([w0 w1 w2 w3 w4 w5]; [
            "qword ptr [{a} + 48]" "qword ptr [{a} + 56]" "qword ptr [{a} + 64]"
            "qword ptr [{a} + 72]" "qword ptr [{a} + 80]" "qword ptr [{a} + 88]"
        ]),
);

wide6_kernel!(
    /// [`mul_wide_signed`] for 6 limbs: `c0` is `T0 − T1` in two's complement, as stored.
    wide6_signed;
);

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::curves::{bls12_381, bn254};
    use crate::field::FieldParams;
    use crate::limbs::mont;
    use crate::test_util::{big, limbs_of, operand};

    /// Against num-bigint on random operands and the extremes (0, 1, `m − 1`, `m/2`, words
    /// saturated), every pairing of them.
    fn check<const N: usize>(m: [u64; N]) {
        if !super::super::available() {
            return;
        }
        let k = Constants::new(&m);
        let inv = mont::neg_inv64(m[0]);
        let bm = big(&m);
        let r_inv = (BigUint::from(1u8) << (64 * N)).modinv(&bm).expect("m odd");
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0xf2);
        for case in 0..6000 {
            let v: Vec<BigUint> = (0..4).map(|_| operand::<N>(&bm, case % 3 == 0, &mut rng)).collect();
            let a = [limbs_of::<N>(&v[0]), limbs_of::<N>(&v[1])];
            let b = [limbs_of::<N>(&v[2]), limbs_of::<N>(&v[3])];
            let mut got = [[0u64; N]; 2];
            // SAFETY: `available()` returned true above; three arrays of 2N words.
            let ok = unsafe { mul(a.as_ptr().cast(), b.as_ptr().cast(), &k, inv, got.as_mut_ptr().cast()) };
            assert!(ok, "kernel for this modulus");
            let c0 = (&v[0] * &v[2] + (&bm - &v[1]) * &v[3]) * &r_inv % &bm;
            let c1 = (&v[0] * &v[3] + &v[1] * &v[2]) * &r_inv % &bm;
            assert_eq!((big(&got[0]), big(&got[1])), (c0.clone(), c1.clone()), "{a:x?} {b:x?}");
            let mut w = [[0u64; N]; 4];
            // SAFETY: as above, 4N words behind the output.
            assert!(unsafe { mul_wide(a.as_ptr().cast(), b.as_ptr().cast(), &k, w.as_mut_ptr().cast()) });
            let mr = &bm << (64 * N);
            let w0 = (&v[0] * &v[2] + &mr - &v[1] * &v[3]) % &mr;
            let w1 = &v[0] * &v[3] + &v[1] * &v[2];
            let wide = |lo: &[u64; N], hi: &[u64; N]| big(lo) + (big(hi) << (64 * N));
            assert_eq!((wide(&w[0], &w[1]), wide(&w[2], &w[3])), (w0, w1), "{a:x?} {b:x?}");
            // The signed product, on these operands and on unreduced sums of two (below 2m).
            if N == 6 {
                let (s, t) = (limb_pair::<N>(&mut rng, &bm), limb_pair::<N>(&mut rng, &bm));
                let loose = |x: &[[u64; N]; 2], y: &[[u64; N]; 2]| -> [[u64; N]; 2] {
                    core::array::from_fn(|i| limbs_of::<N>(&(big(&x[i]) + big(&y[i]))))
                };
                let two768 = BigUint::from(1u8) << (128 * N);
                for (x, y) in [(a, b), (loose(&a, &s), b), (loose(&a, &s), loose(&b, &t))] {
                    // SAFETY: as above; words below 2^383 (sums of two values below m).
                    assert!(unsafe {
                        mul_wide_signed(x.as_ptr().cast(), y.as_ptr().cast(), &k, w.as_mut_ptr().cast())
                    });
                    let [x0, x1] = [big(&x[0]), big(&x[1])];
                    let [y0, y1] = [big(&y[0]), big(&y[1])];
                    let s0 = (&x0 * &y0 + &two768 - &x1 * &y1) % &two768;
                    assert_eq!((wide(&w[0], &w[1]), wide(&w[2], &w[3])), (s0, &x0 * &y1 + &x1 * &y0), "{x:x?} {y:x?}");
                }
            }
            // a·b + b·a and a·b + c·d with c, d random or extreme.
            let (c, d) = (b, a);
            let mut sum = [[0u64; N]; 2];
            // SAFETY: as above.
            let ok = unsafe {
                sum_of_products(
                    a.as_ptr().cast(),
                    b.as_ptr().cast(),
                    c.as_ptr().cast(),
                    d.as_ptr().cast(),
                    &k,
                    inv,
                    sum.as_mut_ptr().cast(),
                )
            };
            assert!(ok);
            assert_eq!((big(&sum[0]), big(&sum[1])), (&c0 * 2u8 % &bm, &c1 * 2u8 % &bm));
            let (c, d) = (limb_pair::<N>(&mut rng, &bm), limb_pair::<N>(&mut rng, &bm));
            // SAFETY: as above.
            let ok = unsafe {
                sum_of_products(
                    a.as_ptr().cast(),
                    b.as_ptr().cast(),
                    c.as_ptr().cast(),
                    d.as_ptr().cast(),
                    &k,
                    inv,
                    sum.as_mut_ptr().cast(),
                )
            };
            assert!(ok);
            let (c, d) = ([big(&c[0]), big(&c[1])], [big(&d[0]), big(&d[1])]);
            let e0 = (&c0 + (&c[0] * &d[0] + (&bm - &c[1]) * &d[1]) * &r_inv) % &bm;
            let e1 = (&c1 + (&c[0] * &d[1] + &c[1] * &d[0]) * &r_inv) % &bm;
            assert_eq!((big(&sum[0]), big(&sum[1])), (e0, e1), "{a:x?} {b:x?} {c:x?} {d:x?}");
        }
    }

    /// An Fp2 value's limbs, each coefficient random below `m` or an extreme (half the time).
    fn limb_pair<const N: usize>(rng: &mut impl Rng, bm: &BigUint) -> [[u64; N]; 2] {
        core::array::from_fn(|_| {
            let edge = rng.gen();
            limbs_of::<N>(&operand::<N>(bm, edge, rng))
        })
    }

    #[test]
    fn matches_integers() {
        check(bn254::FpParams::MODULUS);
        check(bls12_381::FpParams::MODULUS);
    }

    #[test]
    fn constants() {
        let m = bls12_381::FpParams::MODULUS;
        let k = Constants::new(&m);
        let bm = big(&m);
        let c = &bm << bm.bits();
        let words = c.to_u64_digits();
        assert_eq!(&words[..5], &[0; 5]);
        assert_eq!(words[5], k.c[0].low_top);
        assert_eq!(&words[6..], &k.c[0].high);
        let words = (c << 1u8).to_u64_digits();
        assert_eq!(words[5], k.c[1].low_top);
        assert_eq!(&words[6..], &k.c[1].high);
        assert!(!supports(&[u64::MAX; 6]));
        // inv_hi: the field's (checked against num-bigint in `mont`), at the offset the kernels
        // read it from.
        assert_eq!(k.inv_hi, bls12_381::FpParams::INV_HI);
        assert_eq!(core::mem::offset_of!(Constants<6>, inv_hi), 160);
        assert_eq!(core::mem::offset_of!(Constants<4>, inv_hi), 112);
    }
}
