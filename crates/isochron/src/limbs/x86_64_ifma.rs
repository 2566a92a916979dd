//! Eight-lane Montgomery arithmetic modulo an odd `p < 2^384` with AVX-512 IFMA
//! (`VPMADD52LUQ`/`VPMADD52HUQ`): the vector backend of the variable-time batch-affine MSM
//! (`curve::short_weierstrass::msm_ifma`). Public data only: nothing here is constant time.
//!
//! Representation: radix `2^52`, `L` limbs (`52·L ≥ bit length of p + 4`: `L = 5` for 4-word
//! moduli, `L = 8` for 6-word ones), Montgomery form with `R' = 2^(52·L)`. Eight elements travel
//! together limb-major ([`Lanes`]): register `i` holds limb `i` of the eight lanes, so a product
//! is `L²` lane-wise multiply-adds with no shuffles (the word-by-word Montgomery product of
//! Gueron–Krasnov, "Accelerating big integer arithmetic using Intel IFMA extensions", ARITH
//! 2016, §3, over lanes instead of within one register). A single element is stored as one
//! 64-byte [`Row`] of eight limbs (zero above `L`), and eight rows become [`Lanes`] by one 8×8
//! transposition ([`transpose`]).
//!
//! Bounds: limbs below `2^52` ("normalized") on every input of [`Mont52::mul`], which accepts
//! values `a·b < R'·p` (any `a, b < 4p`) and returns a normalized value below `2p`;
//! [`Mont52::sub`] and [`Mont52::add`] normalize; [`Mont52::canon`] maps `[0, 4p)` to `[0, p)`.

use core::arch::x86_64::*;

/// Bits per limb.
const RADIX: u32 = 52;
/// `2^52 − 1`.
const MASK: u64 = (1 << RADIX) - 1;

/// Eight elements, limb-major: `lanes[i]` holds limb `i` of each of the eight.
pub(crate) type Lanes<const L: usize> = [__m512i; L];

/// One element in radix `2^52`, eight limbs (zero above `L`): one cache line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(64))]
pub(crate) struct Row(pub(crate) [u64; 8]);

impl Row {
    /// The row as a register.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn load(&self) -> __m512i {
        // SAFETY: `self` is a live, 64-byte aligned reference to 64 bytes.
        unsafe { _mm512_load_si512(self.0.as_ptr().cast()) }
    }

    /// Stores a register into the row.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn store(&mut self, v: __m512i) {
        // SAFETY: `self` is a live, exclusive, 64-byte aligned reference to 64 bytes.
        unsafe { _mm512_store_si512(self.0.as_mut_ptr().cast(), v) }
    }
}

/// The lanes of eight rows (limb `i` of row `k` into lane `k` of register `i`).
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn gather<const L: usize>(rows: [&Row; 8]) -> Lanes<L> {
    let t = transpose(&rows.map(|r| r.load()));
    core::array::from_fn(|i| t[i])
}

/// The eight rows of the lanes (the inverse of [`gather`]): `out[k]` is lane `k`.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn scatter<const L: usize>(v: &Lanes<L>) -> [__m512i; 8] {
    let mut rows = [_mm512_setzero_si512(); 8];
    rows[..L].copy_from_slice(v);
    transpose(&rows)
}

/// The lanes of eight elements given as little-endian 64-bit words (`words.len() ≤ 8`, the
/// same count for all, the value below `2^(52·L)`): converted to radix `2^52` in the registers.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn lanes_from_words<const L: usize>(elems: [&[u64]; 8]) -> Lanes<L> {
    let n = elems[0].len().min(8);
    let keep = ((1u16 << n) - 1) as u8;
    // SAFETY: the mask enables the first `n` 64-bit entries only, all inside each slice (every
    // slice has `n` words); masked-off entries are neither read nor able to fault.
    let rows = elems.map(|w| unsafe { _mm512_maskz_loadu_epi64(keep, w.as_ptr().cast()) });
    let w = transpose(&rows);
    let mask = _mm512_set1_epi64(MASK as i64);
    core::array::from_fn(|j| {
        let bit = RADIX as usize * j;
        let (a, off) = (bit / 64, (bit % 64) as i64);
        let mut v = _mm512_srlv_epi64(w[a], _mm512_set1_epi64(off));
        if off + RADIX as i64 > 64 && a + 1 < 8 {
            v = _mm512_or_si512(v, _mm512_sllv_epi64(w[a + 1], _mm512_set1_epi64(64 - off)));
        }
        _mm512_and_si512(v, mask)
    })
}

/// The eight elements of normalized lanes as little-endian 64-bit words: `out[k][..n]` is
/// lane `k` in `n` words (the rest of each row zero).
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn words_from_lanes<const L: usize>(v: &Lanes<L>, n: usize) -> [[u64; 8]; 8] {
    let mut w = [_mm512_setzero_si512(); 8];
    for (j, limb) in v.iter().enumerate() {
        let bit = RADIX as usize * j;
        let (a, off) = (bit / 64, (bit % 64) as i64);
        w[a] = _mm512_or_si512(w[a], _mm512_sllv_epi64(*limb, _mm512_set1_epi64(off)));
        if off + RADIX as i64 > 64 && a + 1 < 8 {
            w[a + 1] = _mm512_or_si512(w[a + 1], _mm512_srlv_epi64(*limb, _mm512_set1_epi64(64 - off)));
        }
    }
    for x in w.iter_mut().skip(n) {
        *x = _mm512_setzero_si512();
    }
    let mut out = [Row::default(); 8];
    for (o, r) in out.iter_mut().zip(transpose(&w)) {
        o.store(r);
    }
    out.map(|r| r.0)
}

/// Whether the CPU has AVX-512F and AVX-512 IFMA: statically enabled or asked of the CPU through
/// the standard library; without `std`, only when statically enabled. With `std`, setting the
/// environment variable `ISOCHRON_NO_AVX512` turns the backend off (read once), to measure or
/// test the portable path on a CPU that has it.
#[inline]
pub(crate) fn available() -> bool {
    #[cfg(feature = "std")]
    {
        static AVAILABLE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        *AVAILABLE.get_or_init(|| {
            std::env::var_os("ISOCHRON_NO_AVX512").is_none()
                && (cfg!(all(target_feature = "avx512f", target_feature = "avx512ifma"))
                    || (std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512ifma")))
        })
    }
    #[cfg(not(feature = "std"))]
    {
        cfg!(all(target_feature = "avx512f", target_feature = "avx512ifma"))
    }
}

/// Whether this CPU's 512-bit units warm up slowly after a pause: Intel's. Measured on an
/// Intel Xeon (family 6, model 167), a burst of 512-bit multiply-adds that follows 3 µs or more
/// of scalar code ran 3–10 times slower for its first few hundred instructions and 1.5 times
/// slower for the next few thousand, in about half of the trials; never after pauses under
/// 2 µs. Short vector runs between longer scalar stretches lose there what they gain elsewhere.
/// Read once.
#[inline]
pub(crate) fn warms_up_slowly() -> bool {
    #[cfg(feature = "std")]
    {
        static INTEL: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        *INTEL.get_or_init(|| {
            // CPUID leaf 0's vendor string, "GenuineIntel", in EBX, EDX, ECX.
            let leaf = core::arch::x86_64::__cpuid(0);
            [leaf.ebx, leaf.edx, leaf.ecx] == [0x756e_6547, 0x4965_6e69, 0x6c65_746e]
        })
    }
    #[cfg(not(feature = "std"))]
    {
        false
    }
}

/// The limb count for a modulus of `words` 64-bit words (4 → 5, 6 → 8), if the backend has one.
pub(crate) const fn limbs_for(words: usize) -> Option<usize> {
    match words {
        4 => Some(5),
        6 => Some(8),
        _ => None,
    }
}

/// Little-endian 64-bit words (at most eight) to radix `2^52` (eight limbs; the value must fit
/// in `8·52` bits).
pub(crate) const fn to_radix52(words: &[u64]) -> Row {
    let mut out = [0u64; 8];
    let mut j = 0;
    while j < 8 {
        let bit = RADIX as usize * j;
        let (w, off) = (bit / 64, bit % 64);
        let lo = if w < words.len() { words[w] >> off } else { 0 };
        let hi =
            if off + RADIX as usize > 64 && off != 0 && w + 1 < words.len() { words[w + 1] << (64 - off) } else { 0 };
        out[j] = (lo | hi) & MASK;
        j += 1;
    }
    Row(out)
}

/// `2^k mod p` for `p < 2^384` given as words (at most six), as eight words.
pub(crate) const fn pow2_mod(k: usize, p: &[u64]) -> [u64; 8] {
    let mut m = [0u64; 8];
    let mut i = 0;
    while i < p.len() {
        m[i] = p[i];
        i += 1;
    }
    let mut r = [0u64; 8];
    r[0] = 1;
    let mut step = 0;
    while step < k {
        // r ← 2r mod p (r < p < 2^384, so 2r fits in eight words).
        let mut carry = 0;
        let mut i = 0;
        while i < 8 {
            let next = r[i] >> 63;
            r[i] = (r[i] << 1) | carry;
            carry = next;
            i += 1;
        }
        if !lt(&r, &m) {
            let mut borrow = 0u64;
            let mut i = 0;
            while i < 8 {
                let (d, b1) = r[i].overflowing_sub(m[i]);
                let (d, b2) = d.overflowing_sub(borrow);
                r[i] = d;
                borrow = (b1 | b2) as u64;
                i += 1;
            }
        }
        step += 1;
    }
    r
}

/// `a < b` on eight-word integers.
const fn lt(a: &[u64; 8], b: &[u64; 8]) -> bool {
    let mut i = 8;
    while i > 0 {
        i -= 1;
        if a[i] != b[i] {
            return a[i] < b[i];
        }
    }
    false
}

/// [`Mont52`]'s constants for one modulus, one [`Row`] each: computable at compile time, so a
/// caller that builds its [`Mont52`] often (once per call of a short computation) only
/// broadcasts them ([`Mont52::from_rows`]).
pub(crate) struct Mont52Rows {
    p: Row,
    p2: Row,
    p4: Row,
    pinv: u64,
    to_vec: Row,
    from_vec: Row,
    one: Row,
}

impl Mont52Rows {
    /// The constants for the odd modulus `p` (little-endian words, `p < 2^(52·limbs − 4)`) and
    /// `limbs` limbs of 52 bits.
    pub(crate) const fn new(p: &[u64], limbs: usize) -> Self {
        assert!(limbs <= 8 && 64 * p.len() + 4 <= 52 * limbs && p[0] & 1 == 1);
        let words = p.len();
        let mut two_p = [0u64; 8];
        let mut four_p = [0u64; 8];
        let mut carry = (0u64, 0u64);
        let mut i = 0;
        while i < words {
            two_p[i] = (p[i] << 1) | carry.0;
            four_p[i] = (p[i] << 2) | carry.1;
            carry = (p[i] >> 63, p[i] >> 62);
            i += 1;
        }
        two_p[words] = carry.0;
        four_p[words] = carry.1;
        // −p⁻¹ mod 2^64 by Newton's iteration (each step doubles the correct low bits).
        let mut inv = 1u64;
        let mut step = 0;
        while step < 6 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(p[0].wrapping_mul(inv)));
            step += 1;
        }
        let bits = RADIX as usize * limbs;
        Mont52Rows {
            p: to_radix52(p),
            p2: to_radix52(&two_p),
            p4: to_radix52(&four_p),
            pinv: inv.wrapping_neg() & MASK,
            to_vec: to_radix52(&pow2_mod(2 * bits - 64 * words, p)),
            from_vec: to_radix52(&pow2_mod(64 * words, p)),
            one: to_radix52(&pow2_mod(bits, p)),
        }
    }
}

/// The parameters of one modulus, broadcast to the eight lanes. Its constructor is a
/// `target_feature` function, so a value exists only on a CPU with AVX-512F and AVX-512 IFMA:
/// code holding one may call the vector functions.
pub(crate) struct Mont52<const L: usize> {
    /// `p` in radix `2^52`.
    p_row: Row,
    p: Lanes<L>,
    p2: Lanes<L>,
    p4: Lanes<L>,
    /// `−p⁻¹ mod 2^52`.
    pinv: __m512i,
    /// `R'^2 / 2^(64N) mod p`: the factor taking a word-Montgomery value (`x·2^(64N)`) to this
    /// backend's (`x·R'`).
    to_vec: Lanes<L>,
    /// `2^(64N) mod p`: the factor taking `x·R'` back to `x·2^(64N)`.
    from_vec: Lanes<L>,
    /// `R' mod p`, one.
    one: Lanes<L>,
}

/// Broadcasts each limb of `row` to a register.
#[target_feature(enable = "avx512f")]
fn splat<const L: usize>(row: &Row) -> Lanes<L> {
    core::array::from_fn(|i| _mm512_set1_epi64(row.0[i] as i64))
}

/// Row `i` of the Montgomery reduction of `t` (inside [`Mont52`]'s products): `t += m·p·2^(52i)`
/// with `m = t_i·(−p⁻¹) mod 2^52` (the instruction reads the low 52 bits of `t_i`), after which
/// `t_i ≡ 0 mod 2^52`: its carry moves up and the limb drops out. A macro, not a function: a
/// `target_feature` function cannot be `inline(always)`, and where the compiler kept it out of
/// line the accumulator went through memory on every row (a third of the time of the G2
/// subgroup chains).
macro_rules! reduce_row {
    ($self:expr, $t:expr, $i:expr) => {{
        let i = $i;
        let m = _mm512_madd52lo_epu64(_mm512_setzero_si512(), $t[i], $self.pinv);
        for j in 0..L {
            $t[i + j] = _mm512_madd52lo_epu64($t[i + j], m, $self.p[j]);
            $t[i + j + 1] = _mm512_madd52hi_epu64($t[i + j + 1], m, $self.p[j]);
        }
        $t[i + 1] = _mm512_add_epi64($t[i + 1], _mm512_srli_epi64::<52>($t[i]));
    }};
}

impl<const L: usize> Mont52<L> {
    /// The parameters for the odd modulus `p` (little-endian words, `p < 2^(52·L − 4)`).
    #[target_feature(enable = "avx512f")]
    pub(crate) fn new(p: &[u64]) -> Self {
        Self::from_rows(&Mont52Rows::new(p, L))
    }

    /// The parameters from their rows (the constants broadcast to the lanes).
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn from_rows(r: &Mont52Rows) -> Self {
        Mont52 {
            p_row: r.p,
            p: splat(&r.p),
            p2: splat(&r.p2),
            p4: splat(&r.p4),
            pinv: _mm512_set1_epi64(r.pinv as i64),
            to_vec: splat(&r.to_vec),
            from_vec: splat(&r.from_vec),
            one: splat(&r.one),
        }
    }

    /// The modulus in radix `2^52`.
    #[inline]
    pub(crate) fn modulus(&self) -> &Row {
        &self.p_row
    }

    /// One (`R' mod p`) in every lane.
    #[inline]
    pub(crate) fn one(&self) -> Lanes<L> {
        self.one
    }

    /// Montgomery product `a·b/R' mod p`, below `2p`, for normalized `a`, `b` with
    /// `a·b < R'·p`.
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(crate) fn mul(&self, a: &Lanes<L>, b: &Lanes<L>) -> Lanes<L> {
        let zero = _mm512_setzero_si512();
        // 2L accumulators; the array is sized for the largest L (registers after inlining).
        let mut t = [zero; 16];
        // Row by row with the row index a literal (`seq`), so that every index into `t` is a
        // constant and the accumulators stay in registers (a loop over `i` kept `t` in memory).
        macro_rules! row {
            ($($i:literal)*) => {$(
                if $i < L {
                    for j in 0..L {
                        t[$i + j] = _mm512_madd52lo_epu64(t[$i + j], a[j], b[$i]);
                        t[$i + j + 1] = _mm512_madd52hi_epu64(t[$i + j + 1], a[j], b[$i]);
                    }
                    reduce_row!(self, t, $i);
                }
            )*};
        }
        row!(0 1 2 3 4 5 6 7);
        high_half(&t)
    }

    /// Montgomery square `a²/R' mod p`, below `2p`, for normalized `a` with `a² < R'·p`: the
    /// cross products once, doubled, then the squares (`L(L+1)` multiply-adds instead of `2L²`
    /// before the reduction).
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(crate) fn sqr(&self, a: &Lanes<L>) -> Lanes<L> {
        let zero = _mm512_setzero_si512();
        let mut t = [zero; 16];
        for i in 0..L {
            for j in i + 1..L {
                t[i + j] = _mm512_madd52lo_epu64(t[i + j], a[i], a[j]);
                t[i + j + 1] = _mm512_madd52hi_epu64(t[i + j + 1], a[i], a[j]);
            }
        }
        for (k, x) in t.iter_mut().enumerate().take(2 * L) {
            *x = _mm512_add_epi64(*x, *x);
            let i = k / 2;
            *x = if k % 2 == 0 { _mm512_madd52lo_epu64(*x, a[i], a[i]) } else { _mm512_madd52hi_epu64(*x, a[i], a[i]) };
        }
        for i in 0..L {
            reduce_row!(self, t, i);
        }
        high_half(&t)
    }

    /// `a + k·p − b` for `b ≤ k·p`, `k ∈ {1, 2, 4}` (`k` public), normalized.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn sub(&self, a: &Lanes<L>, b: &Lanes<L>, k: u32) -> Lanes<L> {
        let kp = match k {
            1 => &self.p,
            2 => &self.p2,
            _ => &self.p4,
        };
        let mut r: Lanes<L> = core::array::from_fn(|i| _mm512_sub_epi64(_mm512_add_epi64(a[i], kp[i]), b[i]));
        normalize(&mut r);
        r
    }

    /// `a + b`, normalized.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn add(&self, a: &Lanes<L>, b: &Lanes<L>) -> Lanes<L> {
        let mut r: Lanes<L> = core::array::from_fn(|i| _mm512_add_epi64(a[i], b[i]));
        normalize(&mut r);
        r
    }

    /// `a` reduced below `2p`, for normalized `a < 4p`.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn red(&self, a: &Lanes<L>) -> Lanes<L> {
        cond_sub(a, &self.p2)
    }

    /// `a mod p` for normalized `a < 4p`.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn canon(&self, a: &Lanes<L>) -> Lanes<L> {
        let a = cond_sub(a, &self.p2);
        cond_sub(&a, &self.p)
    }

    /// From word-Montgomery values `x·2^(64N)` (canonical, in radix `2^52`) to `x·R'`, canonical.
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(crate) fn vector_from_word(&self, a: &Lanes<L>) -> Lanes<L> {
        self.canon(&self.mul(a, &self.to_vec))
    }

    /// From `x·R'` back to word-Montgomery values `x·2^(64N)`, canonical.
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    pub(crate) fn word_from_vector(&self, a: &Lanes<L>) -> Lanes<L> {
        self.canon(&self.mul(a, &self.from_vec))
    }
}

/// The reduced value of a Montgomery product: limbs `L..2L` of `t`, normalized.
#[inline]
#[target_feature(enable = "avx512f")]
fn high_half<const L: usize>(t: &[__m512i; 16]) -> Lanes<L> {
    let mut r: Lanes<L> = core::array::from_fn(|i| t[L + i]);
    normalize(&mut r);
    r
}

/// Carries every limb into the next (signed: limbs may be negative after a subtraction), leaving
/// limbs in `[0, 2^52)`; the top limb keeps what is carried out of it.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn normalize<const L: usize>(r: &mut Lanes<L>) {
    let mask = _mm512_set1_epi64(MASK as i64);
    let mut carry = _mm512_setzero_si512();
    for (i, limb) in r.iter_mut().enumerate() {
        let v = _mm512_add_epi64(*limb, carry);
        if i + 1 < L {
            *limb = _mm512_and_si512(v, mask);
            carry = _mm512_srai_epi64::<52>(v);
        } else {
            *limb = v;
        }
    }
}

/// `a − m` where that is non-negative, else `a` (lane by lane), normalized.
#[inline]
#[target_feature(enable = "avx512f")]
fn cond_sub<const L: usize>(a: &Lanes<L>, m: &Lanes<L>) -> Lanes<L> {
    let mut t: Lanes<L> = core::array::from_fn(|i| _mm512_sub_epi64(a[i], m[i]));
    normalize(&mut t);
    let negative = _mm512_cmplt_epi64_mask(t[L - 1], _mm512_setzero_si512());
    core::array::from_fn(|i| _mm512_mask_blend_epi64(negative, t[i], a[i]))
}

/// The 8×8 transposition of 64-bit entries: `out[i]` lane `j` is `rows[j]` lane `i`.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn transpose(rows: &[__m512i; 8]) -> [__m512i; 8] {
    // Stage 1: pairs of rows interleaved by 64-bit entries.
    let mut a = [_mm512_setzero_si512(); 8];
    for k in 0..4 {
        a[2 * k] = _mm512_unpacklo_epi64(rows[2 * k], rows[2 * k + 1]);
        a[2 * k + 1] = _mm512_unpackhi_epi64(rows[2 * k], rows[2 * k + 1]);
    }
    // Stage 2: 128-bit blocks of rows (0,2), (1,3), (4,6), (5,7).
    let lo = _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0);
    let hi = _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2);
    let mut b = [_mm512_setzero_si512(); 8];
    for pair in [(0, 2), (1, 3), (4, 6), (5, 7)] {
        b[pair.0] = _mm512_permutex2var_epi64(a[pair.0], lo, a[pair.1]);
        b[pair.1] = _mm512_permutex2var_epi64(a[pair.0], hi, a[pair.1]);
    }
    // Stage 3: 256-bit halves of rows (i, i + 4).
    let lo = _mm512_set_epi64(11, 10, 9, 8, 3, 2, 1, 0);
    let hi = _mm512_set_epi64(15, 14, 13, 12, 7, 6, 5, 4);
    let mut out = [_mm512_setzero_si512(); 8];
    for i in 0..4 {
        out[i] = _mm512_permutex2var_epi64(b[i], lo, b[i + 4]);
        out[i + 4] = _mm512_permutex2var_epi64(b[i], hi, b[i + 4]);
    }
    out
}
