//! The Jacobian doubling (`a = 0`) and the mixed addition of a curve over a pseudo-Mersenne
//! field `m = 2^256 − c`, `c < 2^33` (secp256k1's base field), each as one assembly block of
//! the plain products of the parent module: the formulas of `Jacobian::double` and
//! `Jacobian::add_mixed_parts` (`curve::short_weierstrass::jacobian`) on weakly reduced values,
//! with no call, no spill and no move between the field operations. The point is read and
//! written in place; the intermediate values live in a scratch frame behind a second register,
//! addressed by constant offsets; a product's
//! result feeds the next operation from registers where it is its only use.
//!
//! Compiled field by field, a doubling was 724 instructions (123 `MULX`, about 200 memory
//! accesses, the halving in bytes of carry flags), and the values went between the kernels
//! through the stack, where a vector load of four words stored one by one waits for the stores
//! to retire (failed store forwarding). As one block it is about 650 instructions, 123 `MULX`
//! and 316 that take a carry in (`ADC`, `SBB`, `ADCX`, `ADOX`); the latter run on two ports of
//! recent Intel cores, which bounds the block there. The mixed addition: 213 `MULX`, about 1000
//! instructions. The products are ordered so that independent ones stand side by side.
//!
//! Straight-line code on every input: no branch, no data-dependent address (constant time).

/// `w0..w3 = [b]`.
macro_rules! load {
    ($b:literal; $w0:ident $w1:ident $w2:ident $w3:ident) => {
        concat!(
            "mov {",
            stringify!($w0),
            "}, qword ptr [",
            $b,
            "]\n",
            "mov {",
            stringify!($w1),
            "}, qword ptr [",
            $b,
            " + 8]\n",
            "mov {",
            stringify!($w2),
            "}, qword ptr [",
            $b,
            " + 16]\n",
            "mov {",
            stringify!($w3),
            "}, qword ptr [",
            $b,
            " + 24]\n",
        )
    };
}

/// After a subtraction into `w0..w3` that left its borrow in CF: the borrow folded back twice as
/// `−c` (as `limbs::sub_fold`). Uses `{lo}`, `{hi}`.
macro_rules! fold_borrow {
    ($w0:ident $w1:ident $w2:ident $w3:ident) => {
        concat!(
            "sbb {lo}, {lo}\n",
            "movq {hi}, {c}\n",
            "and {lo}, {hi}\n",
            "sub {",
            stringify!($w0),
            "}, {lo}\n",
            "sbb {",
            stringify!($w1),
            "}, 0\n",
            "sbb {",
            stringify!($w2),
            "}, 0\n",
            "sbb {",
            stringify!($w3),
            "}, 0\n",
            "sbb {lo}, {lo}\n",
            "and {lo}, {hi}\n",
            "sub {",
            stringify!($w0),
            "}, {lo}\n",
        )
    };
}

/// `t0..t3 −= [b]` modulo `m` ([`fold_borrow!`]).
macro_rules! sub_fold_mem {
    ($b:literal) => {
        concat!(
            "sub {t0}, qword ptr [", $b, "]\n",
            "sbb {t1}, qword ptr [", $b, " + 8]\n",
            "sbb {t2}, qword ptr [", $b, " + 16]\n",
            "sbb {t3}, qword ptr [", $b, " + 24]\n",
            fold_borrow!(t0 t1 t2 t3),
        )
    };
}

/// `t4..t7 = [a] − t0..t3` modulo `m` ([`fold_borrow!`]).
macro_rules! mem_sub_fold {
    ($a:literal) => {
        concat!(
            load!($a; t4 t5 t6 t7),
            "sub {t4}, {t0}\n",
            "sbb {t5}, {t1}\n",
            "sbb {t6}, {t2}\n",
            "sbb {t7}, {t3}\n",
            fold_borrow!(t4 t5 t6 t7),
        )
    };
}

/// `[b] = w0..w3`.
macro_rules! store {
    ($b:literal; $w0:ident $w1:ident $w2:ident $w3:ident) => {
        concat!(
            "mov qword ptr [",
            $b,
            "], {",
            stringify!($w0),
            "}\n",
            "mov qword ptr [",
            $b,
            " + 8], {",
            stringify!($w1),
            "}\n",
            "mov qword ptr [",
            $b,
            " + 16], {",
            stringify!($w2),
            "}\n",
            "mov qword ptr [",
            $b,
            " + 24], {",
            stringify!($w3),
            "}\n",
        )
    };
}

/// The left operand of `mul4_product!` from memory: `a[0]` into `RDX`, `a[1..4]` into
/// `t5..t7`.
macro_rules! load_left {
    ($a:literal) => {
        concat!(
            "mov rdx, qword ptr [",
            $a,
            "]\n",
            "mov {t5}, qword ptr [",
            $a,
            " + 8]\n",
            "mov {t6}, qword ptr [",
            $a,
            " + 16]\n",
            "mov {t7}, qword ptr [",
            $a,
            " + 24]\n",
        )
    };
}

/// The plain product `[a]·[b]` (weakly reduced) into `t0..t3`.
macro_rules! mul_mem {
    ($a:literal, $b:literal) => {
        concat!(load_left!($a), mul4_product!($b), plain_reduce!())
    };
}

/// The plain square `[a]²` (weakly reduced) into `t0..t3`.
macro_rules! sqr_mem {
    ($a:literal) => {
        concat!(sqr4_product!($a), plain_reduce!())
    };
}

/// `t4..t7 = 3·t/2` modulo `m` for the value `t` in `t0..t3`: `3t` in five words (the top at
/// most 2), plus `m = 2^256 − c` when `t` is odd (so the sum is even and below `2^258`),
/// shifted right once (below `2^257`), the top bit folded back as `c`, its carry once more.
/// Uses `{lo}`, `{hi}` and clobbers `t0`.
macro_rules! three_halves {
    () => {
        concat!(
            "mov {t4}, {t0}\n",
            "mov {t5}, {t1}\n",
            "mov {t6}, {t2}\n",
            "mov {t7}, {t3}\n",
            "xor {lo:e}, {lo:e}\n",
            "add {t4}, {t4}\n",
            "adc {t5}, {t5}\n",
            "adc {t6}, {t6}\n",
            "adc {t7}, {t7}\n",
            "adc {lo}, 0\n",
            "add {t4}, {t0}\n",
            "adc {t5}, {t1}\n",
            "adc {t6}, {t2}\n",
            "adc {t7}, {t3}\n",
            "adc {lo}, 0\n",
            // hi = −(t mod 2); add m = 2^256 − c under that mask.
            "mov {hi}, {t0}\n",
            "and {hi}, 1\n",
            "neg {hi}\n",
            "movq {t0}, {c}\n",
            "and {t0}, {hi}\n",
            "sub {t4}, {t0}\n",
            "sbb {t5}, 0\n",
            "sbb {t6}, 0\n",
            "sbb {t7}, 0\n",
            "sbb {lo}, 0\n",
            "sub {lo}, {hi}\n",
            "shrd {t4}, {t5}, 1\n",
            "shrd {t5}, {t6}, 1\n",
            "shrd {t6}, {t7}, 1\n",
            "shrd {t7}, {lo}, 1\n",
            "shr {lo}, 1\n",
            // The top bit as c, then a carry out of that as c once more.
            "neg {lo}\n",
            "movq {hi}, {c}\n",
            "and {lo}, {hi}\n",
            "add {t4}, {lo}\n",
            "adc {t5}, 0\n",
            "adc {t6}, 0\n",
            "adc {t7}, 0\n",
            "sbb {lo}, {lo}\n",
            "and {lo}, {hi}\n",
            "add {t4}, {lo}\n",
        )
    };
}

/// The last step of both formulas, with `X₃` in `t0..t3`: `Y₃ = [m]·([v] − X₃) − [w]` into the
/// point's `Y`, the difference staying in registers as the product's left operand.
macro_rules! y3_tail {
    ($v:literal, $m:literal, $w:literal) => {
        concat!(
            mem_sub_fold!($v),
            "mov rdx, {t4}\n",
            mul4_product!($m),
            plain_reduce!(),
            sub_fold_mem!($w),
            store!("{p} + {Y}"; t0 t1 t2 t3),
        )
    };
}

/// A point kernel's `asm!` block: the template, then the operands the kernels share (the point
/// at `{p}` with the coordinate offsets `X`, `Y`, `Z`, the frame at `{f}` with the kernel's
/// own offsets `$name`, `c`, and the registers the macros above use).
macro_rules! point_asm {
    ($p:expr, $f:expr, $c:expr, [$($template:expr),* $(,)?] $(, $name:ident = $val:expr)* $(,)?) => {
        core::arch::asm!(
            $($template,)*
            p = in(reg) $p,
            f = in(reg) $f,
            X = const 0,
            Y = const 32,
            Z = const 64,
            $($name = const $val,)*
            c = in(xmm_reg) $c,
            lo = out(reg) _,
            hi = out(reg) _,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) _,
            t5 = out(reg) _,
            t6 = out(reg) _,
            t7 = out(reg) _,
            out("rdx") _,
            options(nostack),
        )
    };
}

/// The doubling for `a = 0` of the point `(X, Y, Z)` in the 12 words at `p` (weakly reduced),
/// in place: with `L = 3X²/2`, `S = Y²`, `U = X·S`, `X₃ = L² − 2U`,
/// `Y₃ = L·(U − X₃) − S²`, `Z₃ = Y·Z` (3M + 4S); `f` is scratch. Constant time.
///
/// # Safety
/// The CPU supports BMI2 and ADX; `p` is valid for reads and writes of 12 words and not
/// accessed through another reference meanwhile.
#[inline(always)]
pub(in crate::limbs::x86_64_adx) unsafe fn double_a0(p: *mut u64, f: &mut [u64; 16], c: u64) {
    // SAFETY: the assembly reads and writes only the 12 words at `p` (the caller's contract)
    // and the 16 words behind `f`, a valid exclusive reference (the offsets below stay within
    // both), writes only the declared registers, does not touch the stack and uses only
    // BMI2/ADX instructions beyond x86-64, which the caller guarantees.
    unsafe {
        point_asm!(
            p,
            f.as_mut_ptr(),
            c,
            [
                // The critical path first: L = 3X²/2, S = Y², L² (at T).
                sqr_mem!("{p} + {X}"),
                three_halves!(),
                store!("{f} + {L}"; t4 t5 t6 t7),
                sqr_mem!("{p} + {Y}"),
                store!("{f} + {S}"; t0 t1 t2 t3),
                sqr_mem!("{f} + {L}"),
                store!("{f} + {T}"; t0 t1 t2 t3),
                // U = X·S; Z₃ = Y·Z in place of Z; S² in place of Y.
                mul_mem!("{p} + {X}", "{f} + {S}"),
                store!("{f} + {U}"; t0 t1 t2 t3),
                mul_mem!("{p} + {Y}", "{p} + {Z}"),
                store!("{p} + {Z}"; t0 t1 t2 t3),
                sqr_mem!("{f} + {S}"),
                store!("{p} + {Y}"; t0 t1 t2 t3),
                // X₃ = L² − 2U in place of X.
                load!("{f} + {T}"; t0 t1 t2 t3),
                sub_fold_mem!("{f} + {U}"),
                sub_fold_mem!("{f} + {U}"),
                store!("{p} + {X}"; t0 t1 t2 t3),
                // Y₃ = L·(U − X₃) − S².
                y3_tail!("{f} + {U}", "{f} + {L}", "{p} + {Y}"),
            ],
            S = 0,
            L = 32,
            U = 64,
            T = 96,
        );
    }
}

/// The mixed addition's assembly block (the body of [`add_mixed`]): `$prelude` first, then the
/// formula with `Z₁²` and `Z₁³` taken from the `Z` at `$z`, with `Z₃ = Z₁·H` from the point's
/// own `Z`; `$extra` are further operands of the prelude.
macro_rules! add_mixed_asm {
    ($p:expr, $f:expr, $c:expr, $z:literal, [$($prelude:expr),*] $(, $extra:ident = $val:expr)*) => {
        point_asm!(
            $p,
            $f,
            $c,
            [
                $($prelude,)*
                // Independent products side by side: ZZ = Z², H = x₂·ZZ − X₁, Z·ZZ (at T),
                // HH = H², R = y₂·Z·ZZ − Y₁, HHH = H·HH, R² (at T), V = X₁·HH, Z₃ = Z₁·H in
                // place of Z₁, W = Y₁·HHH in place of HH.
                sqr_mem!($z),
                store!("{f} + {ZZ}"; t0 t1 t2 t3),
                mul_mem!("{f} + {X2}", "{f} + {ZZ}"),
                sub_fold_mem!("{p} + {X}"),
                store!("{f} + {H}"; t0 t1 t2 t3),
                mul_mem!($z, "{f} + {ZZ}"),
                store!("{f} + {T}"; t0 t1 t2 t3),
                sqr_mem!("{f} + {H}"),
                store!("{f} + {HH}"; t0 t1 t2 t3),
                mul_mem!("{f} + {Y2}", "{f} + {T}"),
                sub_fold_mem!("{p} + {Y}"),
                store!("{f} + {R}"; t0 t1 t2 t3),
                mul_mem!("{f} + {H}", "{f} + {HH}"),
                store!("{f} + {HHH}"; t0 t1 t2 t3),
                sqr_mem!("{f} + {R}"),
                store!("{f} + {T}"; t0 t1 t2 t3),
                mul_mem!("{p} + {X}", "{f} + {HH}"),
                store!("{f} + {V}"; t0 t1 t2 t3),
                mul_mem!("{p} + {Z}", "{f} + {H}"),
                store!("{p} + {Z}"; t0 t1 t2 t3),
                mul_mem!("{p} + {Y}", "{f} + {HHH}"),
                store!("{f} + {HH}"; t0 t1 t2 t3),
                // X₃ = R² − HHH − 2V in place of X₁.
                load!("{f} + {T}"; t0 t1 t2 t3),
                sub_fold_mem!("{f} + {HHH}"),
                sub_fold_mem!("{f} + {V}"),
                sub_fold_mem!("{f} + {V}"),
                store!("{p} + {X}"; t0 t1 t2 t3),
                // Y₃ = R·(V − X₃) − W.
                y3_tail!("{f} + {V}", "{f} + {R}", "{f} + {HH}"),
            ],
            X2 = 0,
            Y2 = 32,
            ZZ = 64,
            H = 96,
            R = 128,
            HH = 160,
            HHH = 192,
            V = 224,
            T = 256
            $(, $extra = $val)*
        )
    };
}

/// The mixed addition of the affine `(x₂, y₂)` in `f[0..8]` to the point `(X₁, Y₁, Z₁)` in the
/// 12 words at `p`, in place, with `H` and `R` left in `f[12..16]`, `f[16..20]`:
/// `H = x₂Z₁² − X₁`, `R = y₂Z₁³ − Y₁`, `X₃ = R² − H³ − 2X₁H²`, `Y₃ = R·(X₁H² − X₃) − Y₁H³`,
/// `Z₃ = Z₁H` (8M + 3S; right when `Z₁ ≠ 0` and `H ≠ 0`). With `scaled`, the affine point
/// is `(x₂s², y₂s³)` for the `s` in `f[36..40]` (the isomorphic-curve tables of
/// `Jacobian::odd_multiples_isomorphic`): `Z₁²` and `Z₁³` are then taken from `Z₁s`
/// (f[40..44]), one product more where scaling the point costs two. The rest of `f` is
/// scratch. Constant time.
///
/// # Safety
/// The CPU supports BMI2 and ADX; `p` is valid for reads and writes of 12 words and not
/// accessed through another reference meanwhile.
#[inline(always)]
pub(in crate::limbs::x86_64_adx) unsafe fn add_mixed(p: *mut u64, f: &mut [u64; 44], c: u64, scaled: bool) {
    let f = f.as_mut_ptr();
    // SAFETY: the assembly reads and writes only the 12 words at `p` (the caller's contract)
    // and the 44 words behind `f`, from a valid exclusive reference (the offsets stay within
    // both), writes only the declared registers, does not touch the stack and uses only
    // BMI2/ADX instructions beyond x86-64, which the caller guarantees.
    unsafe {
        if scaled {
            add_mixed_asm!(
                p,
                f,
                c,
                "{f} + {ZS}",
                [mul_mem!("{p} + {Z}", "{f} + {S}"), store!("{f} + {ZS}"; t0 t1 t2 t3)],
                S = 288,
                ZS = 320
            );
        } else {
            add_mixed_asm!(p, f, c, "{p} + {Z}", []);
        }
    }
}
