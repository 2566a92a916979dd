//! Modular inversion of plain (non-Montgomery) integers by Bernstein–Yang "safegcd".
//!
//! Literature: Bernstein, Yang, "Fast constant-time gcd computation and modular inversion"
//! (eprint 2019/266, §§8–12: divsteps, batches of divsteps as 2×2 transition matrices, the
//! iteration bound); Wuille, "Bounds on divsteps iterations in safegcd" (github.com/sipa/
//! safegcd-bounds, the "half-delta" variant and its bound) and the explanation of the
//! libsecp256k1 implementation (`doc/safegcd_implementation.md`, the signed-62 representation).
//!
//! **Algorithm.** Starting from `(δ, f, g) = (1, m, a)` a *hddivstep* maps
//! - `(δ, f, g) → (2 − δ, g, (g − f)/2)` when `δ > 0` and `g` is odd,
//! - `(δ, f, g) → (2 + δ, f, (g + (g mod 2)·f)/2)` otherwise,
//!
//! (Bernstein–Yang's divstep started at `δ = 1/2`, here doubled to stay integral). After
//! `⌊(3787·b + 2166)/1644⌋` steps, `b` the bit length of `m` (Wuille's bound, verified for all
//! `2^22 < m < 2^3805` with `0 ≤ a ≤ m`), `g = 0` and `f = ±gcd(m, a) = ±1`. The steps only look
//! at the low bits of `f` and `g`, so they run in batches on the low words (57 steps as three
//! sub-batches of 19 on words that pack low bits and matrix entries together, or 62 in the
//! variable-time code); a batch yields a matrix `T` with `2^62·(f', g') = T·(f, g)` (scaled up
//! when the batch is shorter than 62 steps); `T` is then applied to the full numbers,
//! and to `(d, e)` with `f ≡ d·a`, `g ≡ e·a (mod m)` where the division by `2^62` is done
//! modulo `m` by adding the multiple of `m` that clears the low 62 bits. At the end
//! `a⁻¹ = ±d mod m`.
//!
//! **Representation.** Numbers are signed radix-2^62 integers (`Signed62`): `N` limbs in
//! `[0, 2^62)` and a signed top limb, `N + 1` limbs in all, which holds `±2^(64N+1)` for
//! `N ≤ 30`. `f` and `g` stay within `[−m, m]`, `d` and `e` within `(−2m, m)`.
//!
//! [`ct_inverse_mod`] runs the fixed number of steps with branch-free steps (`CMOV` assembly on
//! x86-64, masks elsewhere), each batch's matrix applied while the next batch's steps run; its
//! running time depends on `N` and the bit length of `m` only. [`inverse_mod_vartime`] skips
//! runs of even `g` with `tzcnt`, eliminates up to 6 bits per odd step, and stops once `g = 0`.

use crate::limbs;

/// `ζ = −(δ + 1)/2` at the start, `δ = 1`.
const ZETA_START: i64 = -1;
/// Mask of the low 62 bits.
const M62: u64 = (1 << 62) - 1;
/// Divsteps per batch: the transition-matrix entries then fit in `i64`.
const BATCH: u32 = 62;
/// Divsteps per constant-time batch: three packed sub-batches ([`divsteps_ct_packed`]).
const CT_BATCH: u32 = 3 * PACK;

/// A signed integer `Σ lo[i]·2^(62i) + hi·2^(62N)` with every `lo[i]` in `[0, 2^62)` once
/// carries are propagated (the matrix updates keep that form).
#[derive(Clone, Copy)]
struct Signed62<const N: usize> {
    lo: [i64; N],
    hi: i64,
}

/// The 2×2 transition matrix of a batch: `2^62·(f', g') = (u·f + v·g, q·f + r·g)`, with
/// `|u| + |v| ≤ 2^62` and `|q| + |r| ≤ 2^62`.
#[derive(Clone, Copy)]
struct Transition {
    u: i64,
    v: i64,
    q: i64,
    r: i64,
}

impl<const N: usize> Signed62<N> {
    /// The value of little-endian 64-bit limbs (`N ≤ 30` so the top limb keeps its sign bit).
    #[inline(always)]
    fn from_limbs(a: &[u64; N]) -> Self {
        const { assert!(N >= 1 && N <= 30, "Signed62 holds up to 30 64-bit limbs") };
        let mut lo = [0i64; N];
        for (i, l) in lo.iter_mut().enumerate() {
            *l = (bits_at(a, 62 * i) & M62) as i64;
        }
        Signed62 { lo, hi: bits_at(a, 62 * N) as i64 }
    }

    /// The 64-bit limbs of a value in `[0, 2^(64N))` with propagated carries.
    #[inline(always)]
    fn to_limbs(self) -> [u64; N] {
        let mut out = [0u64; N];
        for i in 0..=N {
            let l = if i < N { self.lo[i] } else { self.hi } as u64;
            let (w, o) = ((62 * i) / 64, (62 * i) % 64);
            if w < N {
                out[w] |= l << o;
            }
            if o > 2 && w + 1 < N {
                out[w + 1] |= l >> (64 - o);
            }
        }
        out
    }

    /// The low 64 bits (enough for a batch of up to 62 divsteps).
    #[inline(always)]
    fn low_word(&self) -> u64 {
        let next = if N > 1 { self.lo[1] } else { self.hi };
        (self.lo[0] as u64) | ((next as u64) << 62)
    }

    /// The value modulo `2^126`, from the low limbs (two's complement).
    #[inline(always)]
    fn low126(&self) -> u128 {
        let limb = |i: usize| if i < N { self.lo[i] } else { self.hi } as u64 as u128;
        let low = limb(0) | limb(1) << 62;
        if N > 1 {
            low | limb(2) << 124
        } else {
            low
        }
    }

    /// The low 64 bits of `(u·self + v·other) / 2^62`, a row of a batch's matrix applied
    /// ahead of the full update.
    #[inline(always)]
    fn low_word_after(&self, other: &Self, u: i64, v: i64) -> u64 {
        let (u, v) = (u as i128 as u128, v as i128 as u128);
        (u.wrapping_mul(self.low126()).wrapping_add(v.wrapping_mul(other.low126())) >> 62) as u64
    }

    /// Whether the value is zero (variable time).
    fn is_zero_vartime(&self) -> bool {
        self.hi == 0 && self.lo.iter().all(|&l| l == 0)
    }

    /// All-ones if negative, zero otherwise.
    #[inline(always)]
    fn sign_mask(&self) -> i64 {
        self.hi >> 63
    }

    /// Brings every `lo[i]` back into `[0, 2^62)` (carries into the top limb).
    #[inline(always)]
    fn propagate(&mut self) {
        for i in 0..N {
            let c = self.lo[i] >> 62;
            self.lo[i] &= M62 as i64;
            if i + 1 < N {
                self.lo[i + 1] += c;
            } else {
                self.hi += c;
            }
        }
    }

    /// `self + (m & mask)`, carries propagated.
    #[inline(always)]
    fn add_masked(&mut self, m: &Self, mask: i64) {
        for i in 0..N {
            self.lo[i] += m.lo[i] & mask;
        }
        self.hi += m.hi & mask;
        self.propagate();
    }
}

/// The 64 bits of `a` starting at bit `pos` (zeros above the top); `pos` is public.
#[inline(always)]
fn bits_at<const N: usize>(a: &[u64; N], pos: usize) -> u64 {
    let (w, o) = (pos / 64, pos % 64);
    let lo = if w < N { a[w] >> o } else { 0 };
    let hi = if o != 0 && w + 1 < N { a[w + 1] << (64 - o) } else { 0 };
    lo | hi
}

/// The number of hddivsteps that brings `g` to zero for any `0 ≤ g ≤ f < 2^bits` (Wuille's
/// bound `⌊(3787·log₂M + 2166)/1644⌋`, verified for `4257874 ≤ M ≤ 2^3805`; smaller moduli
/// use the bound of `M = 2^23`, which covers them).
const fn hddivstep_bound(bits: u32) -> u32 {
    let b = if bits < 23 { 23 } else { bits };
    (3787 * b + 2166) / 1644
}

/// hddivsteps per packed sub-batch ([`divsteps_ct_packed`]).
const PACK: u32 = 19;
/// Bit offset of the first matrix entry in a packed word: below it the low bits of `f` or `g`.
const PACK_A: u32 = PACK + 1;
/// Bit offset of the second matrix entry; `PACK + 2` bits per entry hold `[−2^19, 2^19]`.
const PACK_B: u32 = 2 * PACK + 3;

/// 19 hddivsteps, branch-free, on packed words: the low bits of `f` or `g` share one word with
/// their row of the matrix (the packing of Bernstein–Yang's software, eprint 2019/266, and of
/// Pornin's update factors, eprint 2020/972 §3). With `f₀`, `g₀` the low 19 bits,
/// `F = f₀ + 2^20·2^19` and `G = g₀ + 2^41·2^19` hold the rows of the identity scaled by
/// `2^19`; every step is linear on whole words and halves the `g` word, so after `i` steps
/// `F = f_i' + 2^20·2^(19−i)·u + 2^41·2^(19−i)·v` (likewise `G` with `q`, `r`), where `f_i'`
/// agrees with the true `f_i` in its low `19 − i` bits and `|f_i'| < 2^19` — enough to read the
/// parity of `g` for all 19 steps. `δ = −2ζ − 1`. Returns the matrix with
/// `2^19·(f', g') = T·(f, g)` and the new `ζ`.
#[inline(always)]
fn divsteps_ct_packed(zeta: i64, f: u64, g: u64) -> (Transition, i64) {
    let low = (1u64 << PACK) - 1;
    let fp = ((f & low) | (1 << (PACK_A + PACK))) as i64;
    let gp = ((g & low) | (1 << (PACK_B + PACK))) as i64;
    let (zeta, fp, gp) = packed_steps(zeta, fp, gp);
    // Unpack by rounding: the low field lies in (−2^19, 2^19), each entry in [−2^19, 2^19].
    let (ra, rb) = (1i64 << (PACK_A - 1), (1i64 << (PACK_A - 1)) + (1i64 << (PACK_B - 1)));
    let entry = |w: i64| (((w + ra) >> PACK_A) << (64 - PACK_B + PACK_A)) >> (64 - PACK_B + PACK_A);
    let t = Transition { u: entry(fp), v: (fp + rb) >> PACK_B, q: entry(gp), r: (gp + rb) >> PACK_B };
    (t, zeta)
}

/// The 19 hddivsteps of [`divsteps_ct_packed`] on the packed words, unrolled, with `CMOV`
/// selects. A step is `f' = g`, `g' = (g − f)/2`, `ζ' = −ζ − 2` if `δ > 0` and `g` is odd, else
/// `f' = f`, `g' = (g + (g mod 2)·f)/2`, `ζ' = ζ − 1`: with `m` the sign mask of `ζ` (all-ones
/// iff `δ > 0`), the odd-`g` candidates `g + (f ⊕ m) − m`, `m ? g : f` and `ζ ⊕ m` come from the
/// old values, then one parity test selects them. Straight-line code, no memory access.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn packed_steps(mut zeta: i64, mut f: i64, mut g: i64) -> (i64, i64, i64) {
    // SAFETY: register-only arithmetic: no memory, no stack, no flags live across the block.
    unsafe {
        core::arch::asm!(
            ".rept {k}",
            "mov {m}, {z}",
            "sar {m}, 63",             // m; SF: δ > 0
            "mov {nf}, {f}",
            "cmovs {nf}, {g}",         // f' if g is odd
            "mov {x}, {f}",
            "xor {x}, {m}",
            "sub {x}, {m}",            // ±f
            "lea {s}, [{g} + {x}]",    // 2g' if g is odd
            "xor {m}, {z}",            // ζ' + 1 if g is odd
            "test {g:l}, 1",           // ZF: g even
            "cmovnz {g}, {s}",
            "cmovnz {f}, {nf}",
            "cmovnz {z}, {m}",
            "sar {g}, 1",
            "dec {z}",
            ".endr",
            k = const PACK,
            z = inout(reg) zeta,
            f = inout(reg) f,
            g = inout(reg) g,
            m = out(reg) _,
            nf = out(reg) _,
            x = out(reg) _,
            s = out(reg) _,
            options(pure, nomem, nostack),
        );
    }
    (zeta, f, g)
}

/// The steps of [`packed_steps`] with masks instead of `CMOV`, for other architectures (and
/// checked against the assembly in the tests).
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
fn packed_steps_portable(mut zeta: i64, mut f: i64, mut g: i64) -> (i64, i64, i64) {
    for _ in 0..PACK {
        // sz: all-ones iff δ > 0; godd: all-ones iff g is odd; swap = sz ∧ godd.
        let sz = zeta >> 63;
        let godd = (g & 1).wrapping_neg();
        // g += ±f if g is odd (− when δ > 0), then f ← old g on a swap: f += (g − f).
        g = g.wrapping_add(((f ^ sz).wrapping_sub(sz)) & godd);
        let swap = sz & godd;
        zeta = (zeta ^ swap).wrapping_sub(1);
        f = f.wrapping_add(g & swap);
        g >>= 1;
    }
    (zeta, f, g)
}

#[cfg(not(target_arch = "x86_64"))]
use packed_steps_portable as packed_steps;

/// `k` hddivsteps, a multiple of 19 up to 57, as packed sub-batches ([`divsteps_ct_packed`]);
/// the product matrix is scaled by `2^(62−k)` so that every batch divides by exactly `2^62`.
/// `overlap` runs after the first sub-batch: work that does not depend on these steps (the
/// previous batch's matrix update) then fills the execution ports the steps leave idle.
#[inline(always)]
fn divsteps_ct(mut zeta: i64, mut f: u64, mut g: u64, k: u32, overlap: impl FnOnce()) -> (Transition, i64) {
    debug_assert!(k.is_multiple_of(PACK) && k <= CT_BATCH);
    let mut t = Transition { u: 1, v: 0, q: 0, r: 1 };
    let mut overlap = Some(overlap);
    for _ in 0..k / PACK {
        let (a, z) = divsteps_ct_packed(zeta, f, g);
        if let Some(work) = overlap.take() {
            work();
        }
        zeta = z;
        // The low words after this sub-batch, valid to 64 − (steps so far) bits.
        (f, g) = (
            (a.u as u64).wrapping_mul(f).wrapping_add((a.v as u64).wrapping_mul(g)) >> PACK,
            (a.q as u64).wrapping_mul(f).wrapping_add((a.r as u64).wrapping_mul(g)) >> PACK,
        );
        t = Transition {
            u: a.u * t.u + a.v * t.q,
            v: a.u * t.v + a.v * t.r,
            q: a.q * t.u + a.r * t.q,
            r: a.q * t.v + a.r * t.r,
        };
    }
    if let Some(work) = overlap {
        work();
    }
    let s = BATCH - k;
    (Transition { u: t.u << s, v: t.v << s, q: t.q << s, r: t.r << s }, zeta)
}

/// 62 hddivsteps in variable time: runs of even `g` in one shift, and up to `min(ζ + 1, 6)`
/// non-swapping steps at once (`g ← (g + w·f)/2^t` with `w ≡ −g/f mod 2^t`).
#[inline(always)]
fn divsteps_vartime(mut zeta: i64, mut f: u64, mut g: u64) -> (Transition, i64) {
    let (mut u, mut v, mut q, mut r) = (1i64, 0i64, 0i64, 1i64);
    let mut left = BATCH;
    loop {
        let z = (g | (u64::MAX << left)).trailing_zeros();
        g >>= z;
        u <<= z;
        v <<= z;
        zeta -= z as i64;
        left -= z;
        if left == 0 {
            break;
        }
        if zeta < 0 {
            // δ > 0 and g odd: (f, g) ← (g, −f), then the add below makes g − f.
            (f, g) = (g, f.wrapping_neg());
            (u, q) = (q, -u);
            (v, r) = (r, -v);
            zeta = !zeta;
        }
        // ζ ≥ 0: the next ζ + 1 steps cannot swap.
        let t = (zeta + 1).min(left as i64).min(6) as u32;
        let f_inv = f.wrapping_mul(2u64.wrapping_sub(f.wrapping_mul(f))); // f⁻¹ mod 2^6
        let w = g.wrapping_mul(f_inv).wrapping_neg() & ((1 << t) - 1);
        g = g.wrapping_add(w.wrapping_mul(f)) >> t;
        q += w as i64 * u;
        r += w as i64 * v;
        u <<= t;
        v <<= t;
        zeta -= t as i64;
        left -= t;
    }
    (Transition { u, v, q, r }, zeta)
}

/// `(f, g) ← T·(f, g) / 2^62` (exact).
#[inline(always)]
fn update_fg<const N: usize>(f: &mut Signed62<N>, g: &mut Signed62<N>, t: &Transition) {
    let (u, v, q, r) = (t.u as i128, t.v as i128, t.q as i128, t.r as i128);
    let mut cf = u * f.lo[0] as i128 + v * g.lo[0] as i128;
    let mut cg = q * f.lo[0] as i128 + r * g.lo[0] as i128;
    debug_assert!(cf as u64 & M62 == 0 && cg as u64 & M62 == 0);
    cf >>= 62;
    cg >>= 62;
    for i in 1..N {
        cf += u * f.lo[i] as i128 + v * g.lo[i] as i128;
        cg += q * f.lo[i] as i128 + r * g.lo[i] as i128;
        f.lo[i - 1] = (cf as u64 & M62) as i64;
        g.lo[i - 1] = (cg as u64 & M62) as i64;
        cf >>= 62;
        cg >>= 62;
    }
    cf += u * f.hi as i128 + v * g.hi as i128;
    cg += q * f.hi as i128 + r * g.hi as i128;
    f.lo[N - 1] = (cf as u64 & M62) as i64;
    g.lo[N - 1] = (cg as u64 & M62) as i64;
    f.hi = (cf >> 62) as i64;
    g.hi = (cg >> 62) as i64;
}

/// `(d, e) ← T·(d, e) / 2^62 mod m`, keeping both in `(−2m, m)`: a negative input first gets
/// `m` added (folded into the multiple of `m`), then the multiple of `m` in `(−2^62, 0]` that
/// clears the low 62 bits is added. `m_inv62 = m⁻¹ mod 2^62`.
#[inline(always)]
fn update_de<const N: usize>(d: &mut Signed62<N>, e: &mut Signed62<N>, t: &Transition, m: &Signed62<N>, m_inv62: u64) {
    let (sd, se) = (d.sign_mask(), e.sign_mask());
    let mut md = (t.u & sd) + (t.v & se);
    let mut me = (t.q & sd) + (t.r & se);
    let (u, v, q, r) = (t.u as i128, t.v as i128, t.q as i128, t.r as i128);
    let mut cd = u * d.lo[0] as i128 + v * e.lo[0] as i128;
    let mut ce = q * d.lo[0] as i128 + r * e.lo[0] as i128;
    // (cd + md·m) ≡ cd + md·m (mod 2^62); subtract ((cd·m⁻¹ + md) mod 2^62) from md.
    md -= (m_inv62.wrapping_mul(cd as u64).wrapping_add(md as u64) & M62) as i64;
    me -= (m_inv62.wrapping_mul(ce as u64).wrapping_add(me as u64) & M62) as i64;
    let (md, me) = (md as i128, me as i128);
    cd += md * m.lo[0] as i128;
    ce += me * m.lo[0] as i128;
    debug_assert!(cd as u64 & M62 == 0 && ce as u64 & M62 == 0);
    cd >>= 62;
    ce >>= 62;
    for i in 1..N {
        cd += u * d.lo[i] as i128 + v * e.lo[i] as i128 + md * m.lo[i] as i128;
        ce += q * d.lo[i] as i128 + r * e.lo[i] as i128 + me * m.lo[i] as i128;
        d.lo[i - 1] = (cd as u64 & M62) as i64;
        e.lo[i - 1] = (ce as u64 & M62) as i64;
        cd >>= 62;
        ce >>= 62;
    }
    cd += u * d.hi as i128 + v * e.hi as i128 + md * m.hi as i128;
    ce += q * d.hi as i128 + r * e.hi as i128 + me * m.hi as i128;
    d.lo[N - 1] = (cd as u64 & M62) as i64;
    e.lo[N - 1] = (ce as u64 & M62) as i64;
    d.hi = (cd >> 62) as i64;
    e.hi = (ce >> 62) as i64;
}

/// The state of a safegcd run: `f ≡ d·a`, `g ≡ e·a (mod m)`.
struct State<const N: usize> {
    f: Signed62<N>,
    g: Signed62<N>,
    d: Signed62<N>,
    e: Signed62<N>,
    m: Signed62<N>,
    m_inv62: u64,
}

impl<const N: usize> State<N> {
    /// `(f, g, d, e) = (m, a, 0, 1)`.
    #[inline(always)]
    fn new(a: &[u64; N], m: &[u64; N]) -> Self {
        let ms = Signed62::from_limbs(m);
        let mut one = Signed62::from_limbs(&[0; N]);
        one.lo[0] = 1;
        State {
            f: ms,
            g: Signed62::from_limbs(a),
            d: Signed62::from_limbs(&[0; N]),
            e: one,
            m: ms,
            // −m⁻¹ mod 2^64, negated and truncated.
            m_inv62: crate::limbs::mont::neg_inv64(m[0]).wrapping_neg() & M62,
        }
    }

    /// Applies a batch's matrix to `f, g, d, e`.
    #[inline(always)]
    fn apply(&mut self, t: &Transition) {
        update_fg(&mut self.f, &mut self.g, t);
        update_de(&mut self.d, &mut self.e, t, &self.m, self.m_inv62);
    }

    /// `±d mod m` in `[0, m)` (the sign of `f = ±1`), branch-free.
    #[inline(always)]
    fn finish(mut self) -> [u64; N] {
        let d = &mut self.d;
        // d ∈ (−2m, m) → (−m, m) → ±d ∈ (−m, m) → [0, m).
        d.add_masked(&self.m, d.sign_mask());
        let neg = self.f.sign_mask();
        for l in d.lo.iter_mut() {
            *l = (*l ^ neg) - neg;
        }
        d.hi = (d.hi ^ neg) - neg;
        d.propagate();
        d.add_masked(&self.m, d.sign_mask());
        d.to_limbs()
    }
}

/// `a⁻¹ mod m` for `0 ≤ a < m`, `m` an odd prime (more generally: odd, coprime to `a`, `m > 1`);
/// returns 0 for `a = 0`. Constant time: Bernstein–Yang safegcd with the hddivsteps bound for
/// the bit length of `m` (eprint 2019/266 §§11–12); the time depends on `N` and on the public
/// modulus only.
pub fn ct_inverse_mod<const N: usize>(a: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let mut s = State::new(a, m);
    // The bound rounded up to whole sub-batches: steps past `g = 0` keep `g = 0`, `f = ±1`.
    let steps = hddivstep_bound(limbs::num_bits_vartime(m)).next_multiple_of(PACK);
    // The short batch first, then full ones. Each batch's steps start from
    // the low words after the previous matrix, which is applied to the full numbers while
    // the steps run (software pipelining).
    let batches = steps.div_ceil(CT_BATCH);
    let (mut t, mut zeta) =
        divsteps_ct(ZETA_START, s.f.low_word(), s.g.low_word(), steps - (batches - 1) * CT_BATCH, || {});
    for _ in 1..batches {
        let (f, g) = (s.f.low_word_after(&s.g, t.u, t.v), s.f.low_word_after(&s.g, t.q, t.r));
        (t, zeta) = divsteps_ct(zeta, f, g, CT_BATCH, || s.apply(&t));
    }
    s.apply(&t);
    s.finish()
}

/// `a⁻¹ mod m` for `0 ≤ a < m`, `m` an odd prime; 0 for `a = 0`. Variable time in `a` (public
/// data only): safegcd that skips runs of even values and stops as soon as `g = 0`.
pub fn inverse_mod_vartime<const N: usize>(a: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let mut s = State::new(a, m);
    let mut zeta = ZETA_START;
    while !s.g.is_zero_vartime() {
        let (t, z) = divsteps_vartime(zeta, s.f.low_word(), s.g.low_word());
        zeta = z;
        s.apply(&t);
    }
    s.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::{bls12_381, bn254};
    use crate::field::{FieldParams, Fp};
    use crate::test_util::{big, limbs_of};
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};

    /// Edge cases, random values, and random values of every bit length, against num-bigint;
    /// the constant-time and variable-time versions must agree.
    fn check_modulus<const N: usize>(m: [u64; N], random: usize) {
        let bm = big(&m);
        let one = BigUint::from(1u8);
        let mut inputs: Vec<BigUint> = vec![
            BigUint::default(),
            one.clone(),
            BigUint::from(2u8),
            BigUint::from(3u8),
            &bm - 1u8,
            &bm - 2u8,
            (&bm - 1u8) >> 1,
            (&bm + 1u8) >> 1,
        ];
        let bits = bm.bits();
        for k in 1..bits {
            inputs.push((&one << k) % &bm);
            inputs.push(((&one << k) - 1u8) % &bm);
            inputs.push((&bm - (&one << k) % &bm) % &bm);
        }
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x1d7 + N as u64);
        for i in 0..random {
            let mut v = [0u64; N];
            for w in v.iter_mut() {
                *w = rng.gen();
            }
            let v = big(&v) % &bm;
            // Every other input is shortened to a random bit length.
            let v = if i % 2 == 0 { v } else { v >> rng.gen_range(0..bits) };
            inputs.push(v);
        }
        for a in inputs {
            let want = if a == BigUint::default() { a.clone() } else { a.modinv(&bm).expect("prime modulus") };
            let al = limbs_of::<N>(&a);
            assert_eq!(big(&ct_inverse_mod(&al, &m)), want, "ct_inverse_mod({a:x}) mod {bm:x}");
            assert_eq!(big(&inverse_mod_vartime(&al, &m)), want, "inverse_mod_vartime({a:x}) mod {bm:x}");
        }
    }

    #[test]
    fn matches_bigint_for_named_moduli() {
        check_modulus(bls12_381::FpParams::MODULUS, 3000);
        check_modulus(bls12_381::FrParams::MODULUS, 3000);
        check_modulus(bn254::FpParams::MODULUS, 3000);
        check_modulus(bn254::FrParams::MODULUS, 3000);
    }

    #[test]
    fn matches_bigint_for_full_width_moduli() {
        // Moduli without a spare bit, and a 64-bit prime.
        check_modulus::<4>(limbs::from_hex("0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"), 500);
        // The other secp256k1 and P-256 moduli (crate::curves::{secp256k1, p256}).
        check_modulus::<4>(crate::curves::secp256k1::FqParams::MODULUS, 500);
        check_modulus::<4>(crate::curves::p256::FpParams::MODULUS, 500);
        check_modulus::<4>(crate::curves::p256::FqParams::MODULUS, 500);
        check_modulus::<4>(limbs::from_hex("0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed"), 500);
        check_modulus::<1>([0xffff_ffff_ffff_ffc5], 2000);
    }

    /// The `CMOV` steps agree with the mask steps from packed words of random low bits.
    #[test]
    fn packed_steps_match_portable() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x5afe);
        let low = (1u64 << PACK) - 1;
        for _ in 0..100_000 {
            let (f, g): (u64, u64) = (rng.gen::<u64>() | 1, rng.gen());
            let zeta = rng.gen_range(-60..60);
            let fp = ((f & low) | (1 << (PACK_A + PACK))) as i64;
            let gp = ((g & low) | (1 << (PACK_B + PACK))) as i64;
            assert_eq!(packed_steps(zeta, fp, gp), packed_steps_portable(zeta, fp, gp));
        }
    }

    #[test]
    fn small_prime_exhaustive() {
        let m = 65_537u64;
        for a in 0..m {
            let inv = ct_inverse_mod(&[a], &[m])[0];
            assert_eq!(inv, inverse_mod_vartime(&[a], &[m])[0]);
            assert_eq!((a * inv) % m, u64::from(a != 0), "a = {a}");
        }
    }

    fn field_inverse<P: FieldParams<N>, const N: usize>() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(5);
        assert!(bool::from(Fp::<P, N>::ZERO.invert().is_none()));
        assert_eq!(Fp::<P, N>::ZERO.inverse_vartime(), None);
        for _ in 0..200 {
            let x = Fp::<P, N>::random(&mut rng);
            if bool::from(x.is_zero()) {
                continue;
            }
            let inv = x.invert().unwrap();
            assert_eq!(inv * x, Fp::ONE);
            assert_eq!(x.inverse_vartime(), Some(inv));
        }
    }

    #[test]
    fn field_inverses() {
        field_inverse::<bls12_381::FpParams, 6>();
        field_inverse::<bls12_381::FrParams, 4>();
        field_inverse::<bn254::FpParams, 4>();
        field_inverse::<bn254::FrParams, 4>();
    }
}
