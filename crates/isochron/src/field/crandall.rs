//! A prime field of pseudo-Mersenne modulus `p = 2^256 − c`, `c < 2^33` (the secp256k1 base
//! field, `c = 2^32 + 977`), in plain (non-Montgomery) form and weakly reduced: a value is any
//! 4-word integer below `2^256` that is congruent to the element modulo `p`.
//!
//! This is the representation of libsecp256k1's field (there in 5×52-bit limbs), here on the
//! 4×64-bit MULX/ADCX/ADOX product: a product is reduced with `2^256 ≡ c` (Crandall, US patent
//! 5,159,632; HAC §14.3.4), four independent multiplications by `c` where the Montgomery
//! reduction runs a chain of eight (`limbs::x86_64_adx::mul_plain`, about a quarter faster in
//! a chain of products); a sum or difference folds its carry or borrow back as `±c`, without a
//! comparison with `p` (`limbs::x86_64_addsub::add_fold4`, `sub_fold4`). Values are
//! canonicalized (one conditional subtraction) only to compare and encode them.
//!
//! [`CrandallFp`] implements [`Field`] and serves secp256k1's point arithmetic
//! (`curves::secp256k1::plain`): the variable-time double-scalar multiplication and the
//! constant-time scalar multiplications; it converts to and from the Montgomery-form [`Fp`]
//! of the same parameters. Its operations are constant time (masks, no branches on values;
//! checked by the constant-time checker through ECDH, key generation and signing).

use rand_core::RngCore;
use subtle::{Choice, CtOption};

use super::fp::impl_field_ops;
use super::{inversion, Field, FieldParams, Fp};
use crate::limbs;

/// An element of the field of `P` (`p = 2^256 − c`), plain and weakly reduced (module
/// documentation). `repr(C)`: its four words and nothing else, so that an array of elements is
/// an array of words for the point kernels.
#[repr(C)]
pub struct CrandallFp<P: FieldParams<4>> {
    v: [u64; 4],
    _params: core::marker::PhantomData<P>,
}

impl<P: FieldParams<4>> CrandallFp<P> {
    /// `c = 2^256 − p`; compilation fails for a modulus not of the form `2^256 − c`, `c < 2^33`.
    const C: u64 = {
        let m = &P::MODULUS;
        assert!(m[1] == u64::MAX && m[2] == u64::MAX && m[3] == u64::MAX);
        let c = m[0].wrapping_neg();
        assert!(c < 1 << 33);
        c
    };

    /// The element of the canonical (or any weakly reduced) limbs `v`, little-endian.
    pub const fn from_limbs(v: [u64; 4]) -> Self {
        CrandallFp { v, _params: core::marker::PhantomData }
    }

    /// The element of a hexadecimal constant below `p`.
    pub const fn from_hex(s: &str) -> Self {
        Self::from_limbs(limbs::from_hex(s))
    }

    /// The canonical value in `[0, p)`: `v + c − 2^256` when `v + c` carries (`v ≥ p`), else `v`.
    #[inline(always)]
    pub fn canonical_limbs(&self) -> [u64; 4] {
        let (s, carry) = limbs::add(&self.v, &[Self::C, 0, 0, 0]);
        // The mask behind a barrier: a selection LLVM turned into `CMOV` would be reported by
        // the constant-time checker (see `Fp`'s `reduce_below_2p`).
        limbs::select(&self.v, &s, core::hint::black_box(carry.wrapping_neg()))
    }

    /// The same element in Montgomery form: one Montgomery product by `R²`.
    pub fn to_montgomery(self) -> Fp<P, 4> {
        Fp::from_mont_limbs(self.canonical_limbs()) * Fp::from_mont_limbs(P::R2)
    }

    /// `self + rhs` (assembly on x86-64: one carry chain, then the carry folded back as `c`).
    #[inline(always)]
    pub fn add(&self, rhs: &Self) -> Self {
        #[cfg(target_arch = "x86_64")]
        return Self::from_limbs(limbs::x86_64_addsub::add_fold4(&self.v, &rhs.v, Self::C));
        #[cfg(not(target_arch = "x86_64"))]
        Self::from_limbs(limbs::add_fold(&self.v, &rhs.v, Self::C))
    }

    /// `self − rhs` (assembly on x86-64: one borrow chain, then the borrow folded back as `−c`).
    #[inline(always)]
    pub fn sub(&self, rhs: &Self) -> Self {
        #[cfg(target_arch = "x86_64")]
        return Self::from_limbs(limbs::x86_64_addsub::sub_fold4(&self.v, &rhs.v, Self::C));
        #[cfg(not(target_arch = "x86_64"))]
        Self::from_limbs(limbs::sub_fold(&self.v, &rhs.v, Self::C))
    }

    /// `−self`.
    #[inline(always)]
    pub fn neg(&self) -> Self {
        Self::ZERO.sub(self)
    }

    /// `self·rhs` (MULX/ADCX/ADOX assembly when the CPU has it).
    #[inline(always)]
    pub fn mul(&self, rhs: &Self) -> Self {
        #[cfg(target_arch = "x86_64")]
        if limbs::x86_64_adx::available() {
            // SAFETY: `available()` just confirmed BMI2 and ADX.
            return Self::from_limbs(unsafe { limbs::x86_64_adx::mul_plain(&self.v, &rhs.v, Self::C) });
        }
        Self::from_limbs(Self::mul_portable(&self.v, &rhs.v))
    }

    /// The product without assembly: schoolbook, then [`Self::reduce_wide`].
    fn mul_portable(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
        let mut t = [0u64; 8];
        for i in 0..4 {
            let mut carry = 0;
            for j in 0..4 {
                (t[i + j], carry) = limbs::mac(t[i + j], a[i], b[j], carry);
            }
            t[i + 4] = carry;
        }
        Self::reduce_wide(&t)
    }

    /// `self²`.
    #[inline(always)]
    pub fn square(&self) -> Self {
        #[cfg(target_arch = "x86_64")]
        if limbs::x86_64_adx::available() {
            // SAFETY: `available()` just confirmed BMI2 and ADX.
            return Self::from_limbs(unsafe { limbs::x86_64_adx::sqr_plain(&self.v, Self::C) });
        }
        self.mul(self)
    }

    /// `t mod p`, weakly reduced, for an 8-word `t` (the portable reduction; the assembly's
    /// `plain_reduce!` step by step).
    fn reduce_wide(t: &[u64; 8]) -> [u64; 4] {
        let mut r = [0u64; 4];
        let mut top = 0;
        for i in 0..4 {
            (r[i], top) = limbs::mac(t[i], t[i + 4], Self::C, top);
        }
        // top ≤ c: add c·top (below 2^66), then fold the carry.
        let ct = top as u128 * Self::C as u128;
        limbs::add_fold(&r, &[ct as u64, (ct >> 64) as u64, 0, 0], Self::C)
    }

    /// `self·2`.
    #[inline(always)]
    pub fn double(&self) -> Self {
        self.add(self)
    }

    /// `self/2`: `(v + p)/2` for an odd `v` (a 257-bit sum), `v/2` for an even one.
    #[inline(always)]
    pub fn halve(&self) -> Self {
        let odd = (self.v[0] & 1).wrapping_neg();
        let (s, k) = limbs::add(&self.v, &limbs::select(&[0; 4], &P::MODULUS, odd));
        let mut h = limbs::shr1(&s);
        h[3] |= k << 63;
        Self::from_limbs(h)
    }
}

impl<P: FieldParams<4>> From<Fp<P, 4>> for CrandallFp<P> {
    fn from(x: Fp<P, 4>) -> Self {
        Self::from_limbs(x.to_canonical_limbs())
    }
}

impl<P: FieldParams<4>> Field for CrandallFp<P> {
    const ZERO: Self = Self::from_limbs([0; 4]);
    const ONE: Self = Self::from_limbs([1, 0, 0, 0]);

    /// The value is 0 or `p`, the two representatives of zero.
    fn is_zero(&self) -> Choice {
        let (v, m) = (&self.v, &P::MODULUS);
        let p_xor = [v[0] ^ m[0], v[1] ^ m[1], v[2] ^ m[2], v[3] ^ m[3]];
        Choice::from(limbs::is_zero(v) as u8) | Choice::from(limbs::is_zero(&p_xor) as u8)
    }
    fn double(&self) -> Self {
        CrandallFp::double(self)
    }
    fn halve(&self) -> Self {
        CrandallFp::halve(self)
    }
    fn square(&self) -> Self {
        CrandallFp::square(self)
    }
    fn invert(&self) -> CtOption<Self> {
        let inv = inversion::ct_inverse_mod(&self.canonical_limbs(), &P::MODULUS);
        CtOption::new(Self::from_limbs(inv), !self.is_zero())
    }
    fn inverse_vartime(&self) -> Option<Self> {
        let v = self.canonical_limbs();
        (!limbs::is_zero(&v)).then(|| Self::from_limbs(inversion::inverse_mod_vartime(&v, &P::MODULUS)))
    }
    fn random(rng: &mut impl RngCore) -> Self {
        Fp::<P, 4>::random(rng).into()
    }
    fn frobenius_map(&self, _power: usize) -> Self {
        *self
    }
    /// One assembly block (`limbs::x86_64_adx::double_jacobian_plain`) when the CPU has ADX.
    #[inline(always)]
    fn double_jacobian_a0(p: &mut [Self; 3]) -> bool {
        #[cfg(target_arch = "x86_64")]
        if limbs::x86_64_adx::available() {
            let mut scratch = [0u64; 16];
            // SAFETY: `available()` just confirmed BMI2 and ADX; `Self` is `repr(C)` over its
            // four words, so `p` is 12 consecutive words.
            unsafe { limbs::x86_64_adx::double_jacobian_plain(p.as_mut_ptr().cast(), &mut scratch, Self::C) };
            return true;
        }
        let _ = p;
        false
    }
    /// One assembly block (`limbs::x86_64_adx::add_mixed_jacobian_plain`) when the CPU has ADX.
    #[inline(always)]
    fn add_mixed_jacobian(p: &mut [Self; 3], q: [&Self; 2], scale: Option<&Self>) -> Option<(Self, Self)> {
        #[cfg(target_arch = "x86_64")]
        if limbs::x86_64_adx::available() {
            let mut f = [0u64; 44];
            f[..4].copy_from_slice(&q[0].v);
            f[4..8].copy_from_slice(&q[1].v);
            if let Some(s) = scale {
                f[36..40].copy_from_slice(&s.v);
            }
            // SAFETY: `available()` just confirmed BMI2 and ADX; `Self` is `repr(C)` over its
            // four words, so `p` is 12 consecutive words.
            unsafe {
                limbs::x86_64_adx::add_mixed_jacobian_plain(p.as_mut_ptr().cast(), &mut f, Self::C, scale.is_some())
            };
            let w = |i: usize| Self::from_limbs([f[i], f[i + 1], f[i + 2], f[i + 3]]);
            return Some((w(12), w(16)));
        }
        let _ = (p, q, scale);
        None
    }
}

/// The traits the plain field types (`CrandallFp`, and `DettmanFp` with the `fiat` feature)
/// implement alike, for a type `$t<P>` with the fields `v` (its limbs) and `_params` and a
/// method `canonical_limbs()`: copies, zero as the default, `Debug` (labelled with the form)
/// and comparisons on the canonical value, selection (masks) and zeroizing of the limbs.
macro_rules! impl_plain_field_traits {
    ($t:ident, $label:literal) => {
        impl<P: $crate::field::FieldParams<4>> Clone for $t<P> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<P: $crate::field::FieldParams<4>> Copy for $t<P> {}

        impl<P: $crate::field::FieldParams<4>> Default for $t<P> {
            fn default() -> Self {
                <Self as $crate::field::Field>::ZERO
            }
        }

        impl<P: $crate::field::FieldParams<4>> core::fmt::Debug for $t<P> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, concat!("{}(", $label, " 0x"), P::NAME)?;
                for w in self.canonical_limbs().iter().rev() {
                    write!(f, "{w:016x}")?;
                }
                write!(f, ")")
            }
        }

        impl<P: $crate::field::FieldParams<4>> subtle::ConstantTimeEq for $t<P> {
            fn ct_eq(&self, other: &Self) -> subtle::Choice {
                subtle::Choice::from($crate::limbs::eq(&self.canonical_limbs(), &other.canonical_limbs()) as u8)
            }
        }

        impl<P: $crate::field::FieldParams<4>> PartialEq for $t<P> {
            fn eq(&self, other: &Self) -> bool {
                subtle::ConstantTimeEq::ct_eq(self, other).into()
            }
        }
        impl<P: $crate::field::FieldParams<4>> Eq for $t<P> {}

        impl<P: $crate::field::FieldParams<4>> subtle::ConditionallySelectable for $t<P> {
            #[inline(always)]
            fn conditional_select(a: &Self, b: &Self, choice: subtle::Choice) -> Self {
                let mask = (choice.unwrap_u8() as u64).wrapping_neg();
                $t { v: $crate::limbs::select(&a.v, &b.v, mask), _params: core::marker::PhantomData }
            }
        }

        impl<P: $crate::field::FieldParams<4>> zeroize::Zeroize for $t<P> {
            fn zeroize(&mut self) {
                zeroize::Zeroize::zeroize(&mut self.v);
            }
        }
    };
}
#[cfg(feature = "fiat")]
pub(crate) use impl_plain_field_traits;

impl_plain_field_traits!(CrandallFp, "plain");

impl_field_ops!([P: FieldParams<4>] CrandallFp<P>);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::secp256k1::{Fp as Mont, FpParams};
    use rand::{Rng, SeedableRng};

    type F = CrandallFp<FpParams>;

    /// Weakly reduced representatives of `x`: itself and, when `x < c`, `x + p` (below 2^256).
    fn representatives(x: &[u64; 4]) -> Vec<F> {
        let mut out = vec![F::from_limbs(*x)];
        let (s, carry) = limbs::add(x, &FpParams::MODULUS);
        if carry == 0 {
            out.push(F::from_limbs(s));
        }
        out
    }

    /// Edge values (0, 1, c − 1, p − 1, p/2, 2^255, and their second representatives `x + p`
    /// up to `2^256 − 1`) and random ones.
    fn test_values() -> Vec<F> {
        let c = F::C;
        let m = FpParams::MODULUS;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(5);
        let mut canon: Vec<[u64; 4]> = vec![
            [0; 4],
            [1, 0, 0, 0],
            [c - 1, 0, 0, 0],
            limbs::sub(&m, &[1, 0, 0, 0]).0,
            limbs::shr1(&m),
            [0, 0, 0, 1 << 63],
        ];
        canon.extend((0..300).map(|_| Mont::random(&mut rng).to_canonical_limbs()));
        canon.extend((0..30).map(|_| [rng.gen_range(0..c), 0, 0, 0]));
        let values: Vec<F> = canon.iter().flat_map(representatives).collect();
        assert!(values.iter().any(|v| v.v == [u64::MAX; 4]), "2^256 − 1 is covered");
        values
    }

    /// Every operation against the Montgomery field, on [`test_values`].
    #[test]
    fn matches_montgomery_field() {
        let c = F::C;
        let m = FpParams::MODULUS;
        let values = test_values();
        for (i, a) in values.iter().enumerate() {
            let am = a.to_montgomery();
            assert_eq!(Mont::from_canonical_limbs(a.canonical_limbs()), am);
            assert!(limbs::lt(&a.canonical_limbs(), &m));
            assert_eq!(bool::from(Field::is_zero(a)), am == Mont::ZERO);
            assert_eq!(a.square().to_montgomery(), am.square(), "{a:?}");
            assert_eq!(a.mul(a).to_montgomery(), am.square());
            assert_eq!(a.halve().to_montgomery(), am.halve());
            assert_eq!(a.neg().to_montgomery(), -am);
            assert_eq!(F::from(am), *a);
            let wide = [a.v[0], a.v[1], a.v[2], a.v[3], u64::MAX, u64::MAX, u64::MAX, u64::MAX];
            // (2^256 − 1)·2^256 ≡ (c − 1)·c.
            let expected = am + Mont::from_u64(c - 1) * Mont::from_u64(c);
            assert_eq!(F::from_limbs(F::reduce_wide(&wide)).to_montgomery(), expected);
            for b in values.iter().skip(i % 7).step_by(37) {
                let bm = b.to_montgomery();
                assert_eq!(a.mul(b).to_montgomery(), am * bm, "{a:?} · {b:?}");
                assert_eq!(F::from_limbs(F::mul_portable(&a.v, &b.v)).to_montgomery(), am * bm);
                assert_eq!(a.add(b).to_montgomery(), am + bm);
                assert_eq!(a.sub(b).to_montgomery(), am - bm);
                assert_eq!(*a == *b, am == bm);
            }
        }
    }

    /// The point kernels against the formulas of `Jacobian::double` (`a = 0`) and
    /// `Jacobian::add_mixed_parts` on the Montgomery field, on triples and pairs of
    /// [`test_values`] (any values: the formulas are identities of the field).
    #[test]
    fn point_kernels_match_formulas() {
        if !F::double_jacobian_a0(&mut [F::ONE; 3]) {
            return;
        }
        let values = test_values();
        let n = values.len();
        let mont = |v: &[F]| v.iter().map(|x| x.to_montgomery()).collect::<Vec<_>>();
        for i in 0..3 * n {
            let p = [&values[i % n], &values[(7 * i + 1) % n], &values[(13 * i + 2) % n]];
            let q = [&values[(5 * i + 3) % n], &values[(11 * i + 4) % n]];
            let ([x, y, z], [x2, y2]) =
                (mont(&p.map(|v| *v)).try_into().unwrap(), mont(&q.map(|v| *v)).try_into().unwrap());
            let xx: Mont = x.square();
            let l = xx + xx.halve();
            let (s, u) = (y.square(), x * y.square());
            let x3 = l.square() - u.double();
            let double = [x3, l * (u - x3) - s.square(), y * z];
            let mut d = p.map(|v| *v);
            assert!(F::double_jacobian_a0(&mut d));
            assert_eq!(mont(&d), double, "2·{p:?}");
            // The sum with (x₂, y₂) and, with a scale s, with (x₂·s², y₂·s³).
            let sum = |x2: Mont, y2: Mont| {
                let zz = z.square();
                let (h, r) = (x2 * zz - x, y2 * (z * zz) - y);
                let (hh, hhh) = (h.square(), h * h.square());
                let v = x * hh;
                let x3 = r.square() - hhh - v.double();
                vec![x3, r * (v - x3) - y * hhh, z * h, h, r]
            };
            let scale = &values[(17 * i + 5) % n];
            let sm = scale.to_montgomery();
            for (s, want) in [(None, sum(x2, y2)), (Some(scale), sum(x2 * sm.square(), y2 * sm.square() * sm))] {
                let mut s3 = p.map(|v| *v);
                let (h3, r3) = F::add_mixed_jacobian(&mut s3, q, s).unwrap();
                assert_eq!(mont(&[s3[0], s3[1], s3[2], h3, r3]), want, "{p:?} + {q:?}·{s:?}");
            }
        }
    }
}
