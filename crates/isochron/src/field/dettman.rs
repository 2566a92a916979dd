//! The secp256k1 base field in plain form on fiat-crypto's verified 5×52-bit product and square
//! (feature `fiat`): the fiat backend's counterpart of [`CrandallFp`](super::crandall), so that
//! with fiat-crypto selected secp256k1's point arithmetic runs in the same plain form as on the
//! own kernels instead of in Montgomery form.
//!
//! An element is five limbs `v₀ + v₁·2^52 + v₂·2^104 + v₃·2^156 + v₄·2^208`, congruent to the
//! value modulo `p = 2^256 − c` (`c = 2^32 + 977`), within the input bounds of fiat-crypto's
//! `secp256k1_dettman_64` code (`vᵢ ≤ 2^53 − 2` for `i < 4`, `v₄ ≤ 2^49 − 2`): the form of
//! libsecp256k1's field, whose product with the reduction by `2^256 ≡ c` folded into the columns
//! is Dettman's; fiat-crypto generated that product and square from it and proved them (Erbsen
//! et al., IEEE S&P 2019; the module's header names the generator's parameters). Every product
//! and square goes through fiat-crypto's code, whose outputs satisfy the same bounds.
//!
//! fiat-crypto generates nothing else for this form, so sums, differences, negations and halvings
//! are limb-wise, here: `a + b` and `a + 4p − b` (each limb of `4p` above the bound of a limb of
//! `b`, so no limb goes negative), followed by one carry step ([`DettmanFp::carry_step`]) that
//! moves every limb's bits from 52 up into the next limb at once (those of `v₄` from 48 up into
//! `v₀` as multiples of `c`, `2^256 ≡ c`), which puts every limb back within the bounds. Values
//! are canonicalized (a full carry pass, [`DettmanFp::carry`], then one conditional subtraction)
//! only to compare and encode them. All of it is constant time: limb
//! arithmetic, shifts, masks and multiplications by small values, no branches on data.

use core::marker::PhantomData;

use fiat_crypto::secp256k1_dettman_64 as fiat;
use rand_core::RngCore;
use subtle::{Choice, CtOption};

use super::fp::impl_field_ops;
use super::{Field, FieldParams, Fp};
use crate::limbs;

/// `2^52 − 1`.
const M52: u64 = (1 << 52) - 1;

/// `2^48 − 1`.
const M48: u64 = (1 << 48) - 1;

/// An element of the field of `P` (`p = 2^256 − 2^32 − 977`, the only modulus fiat-crypto's
/// 5×52 code is generated for), plain, in five limbs (module documentation).
pub struct DettmanFp<P: FieldParams<4>> {
    v: [u64; 5],
    _params: PhantomData<P>,
}

impl<P: FieldParams<4>> DettmanFp<P> {
    /// `c = 2^256 − p`; compilation fails for any modulus other than secp256k1's.
    const C: u64 = {
        let m = &P::MODULUS;
        assert!(m[0] == 0xFFFF_FFFE_FFFF_FC2F && m[1] == u64::MAX && m[2] == u64::MAX && m[3] == u64::MAX);
        m[0].wrapping_neg()
    };

    /// `p` in five limbs: `2^52 − c`, `2^52 − 1` three times, `2^48 − 1`.
    const P: [u64; 5] = [(1 << 52) - Self::C, M52, M52, M52, M48];

    /// `4p` limb by limb, each limb at least the bound of the limb it is subtracted from.
    const FOUR_P: [u64; 5] = [4 * Self::P[0], 4 * M52, 4 * M52, 4 * M52, 4 * M48];

    const fn from_five(v: [u64; 5]) -> Self {
        DettmanFp { v, _params: PhantomData }
    }

    /// The element of the 4-word little-endian value `w < 2^256` (any representative).
    pub const fn from_limbs(w: [u64; 4]) -> Self {
        Self::from_five([
            w[0] & M52,
            ((w[0] >> 52) | (w[1] << 12)) & M52,
            ((w[1] >> 40) | (w[2] << 24)) & M52,
            ((w[2] >> 28) | (w[3] << 36)) & M52,
            w[3] >> 16,
        ])
    }

    /// The element of a hexadecimal constant below `p`.
    pub const fn from_hex(s: &str) -> Self {
        Self::from_limbs(limbs::from_hex(s))
    }

    /// One carry pass: limbs below `2^56` in, limbs below `2^52` out (`v₄` below `2^48 + 2^5`),
    /// the bits of `v₄` from 48 up folded into `v₀` as multiples of `c` (`2^256 ≡ c`).
    #[inline(always)]
    fn carry(mut t: [u64; 5]) -> [u64; 5] {
        let top = t[4] >> 48;
        t[4] &= M48;
        t[0] += top * Self::C;
        t[1] += t[0] >> 52;
        t[0] &= M52;
        t[2] += t[1] >> 52;
        t[1] &= M52;
        t[3] += t[2] >> 52;
        t[2] &= M52;
        t[4] += t[3] >> 52;
        t[3] &= M52;
        t
    }

    /// One carry step on every limb at once (no ripple, so short on the critical path): limbs
    /// below `2^56` in; out, each limb's bits from 52 up (from 48 for `v₄`, folded into `v₀` as
    /// multiples of `c`) added to the next, which leaves `v₀ < 2^52 + 2^40`, `v₁, v₂, v₃ <
    /// 2^52 + 2^4` and `v₄ < 2^48 + 2^4`, within fiat-crypto's input bounds.
    #[inline(always)]
    fn carry_step(t: [u64; 5]) -> [u64; 5] {
        [
            (t[0] & M52) + (t[4] >> 48) * Self::C,
            (t[1] & M52) + (t[0] >> 52),
            (t[2] & M52) + (t[1] >> 52),
            (t[3] & M52) + (t[2] >> 52),
            (t[4] & M48) + (t[3] >> 52),
        ]
    }

    /// The canonical value in `[0, p)`, four words: the limbs carried and packed (a value below
    /// `2^256 + 2^213`), the part from `2^256` up folded back as `c` (twice at most), then one
    /// conditional subtraction of `p`.
    pub fn canonical_limbs(&self) -> [u64; 4] {
        let t = Self::carry(self.v);
        let w = [
            t[0] | (t[1] << 52),
            (t[1] >> 12) | (t[2] << 40),
            (t[2] >> 24) | (t[3] << 28),
            (t[3] >> 36) | (t[4] << 16),
        ];
        let (w, carry) = limbs::add(&w, &[(t[4] >> 48) * Self::C, 0, 0, 0]);
        // After a carry the sum is below 2^38: adding c cannot carry again.
        let (w, _) = limbs::add(&w, &[carry * Self::C, 0, 0, 0]);
        let (s, above) = limbs::add(&w, &[Self::C, 0, 0, 0]);
        // The mask behind a barrier, as in `CrandallFp::canonical_limbs`.
        limbs::select(&w, &s, core::hint::black_box(above.wrapping_neg()))
    }

    /// The same element in Montgomery form: one Montgomery product by `R²`.
    pub fn to_montgomery(self) -> Fp<P, 4> {
        Fp::from_mont_limbs(self.canonical_limbs()) * Fp::from_mont_limbs(P::R2)
    }

    /// `self + rhs`: limb-wise, then [`Self::carry_step`].
    #[inline(always)]
    pub fn add(&self, rhs: &Self) -> Self {
        let (a, b) = (&self.v, &rhs.v);
        Self::from_five(Self::carry_step([a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4]]))
    }

    /// `self − rhs`: `self + 4p − rhs` limb-wise, then [`Self::carry_step`].
    #[inline(always)]
    pub fn sub(&self, rhs: &Self) -> Self {
        let (a, b, q) = (&self.v, &rhs.v, &Self::FOUR_P);
        Self::from_five(Self::carry_step([
            a[0] + q[0] - b[0],
            a[1] + q[1] - b[1],
            a[2] + q[2] - b[2],
            a[3] + q[3] - b[3],
            a[4] + q[4] - b[4],
        ]))
    }

    /// `−self`.
    #[inline(always)]
    pub fn neg(&self) -> Self {
        Self::ZERO.sub(self)
    }

    /// `self·rhs`: fiat-crypto's `fiat_secp256k1_dettman_mul`.
    #[inline(always)]
    pub fn mul(&self, rhs: &Self) -> Self {
        let mut out = [0u64; 5];
        fiat::fiat_secp256k1_dettman_mul(&mut out, &self.v, &rhs.v);
        Self::from_five(out)
    }

    /// `self²`: fiat-crypto's `fiat_secp256k1_dettman_square`.
    #[inline(always)]
    pub fn square(&self) -> Self {
        let mut out = [0u64; 5];
        fiat::fiat_secp256k1_dettman_square(&mut out, &self.v);
        Self::from_five(out)
    }
}

impl<P: FieldParams<4>> From<Fp<P, 4>> for DettmanFp<P> {
    fn from(x: Fp<P, 4>) -> Self {
        Self::from_limbs(x.to_canonical_limbs())
    }
}

impl<P: FieldParams<4>> Field for DettmanFp<P> {
    const ZERO: Self = Self::from_five([0; 5]);
    const ONE: Self = Self::from_five([1, 0, 0, 0, 0]);

    fn is_zero(&self) -> Choice {
        Choice::from(limbs::is_zero(&self.canonical_limbs()) as u8)
    }
    /// Most values are told apart from zero by their lowest 52 bits: under the limb bounds the
    /// value is below `3p`, so a zero is `j·p` for `j ≤ 2`, and after `v₄`'s bits from 48 up
    /// are folded into `v₀` as `c` (`2^256 ≡ c`; the value stays a multiple `j'·p`, `j' ≤ 2`)
    /// its lowest 52 bits are `−j'·c mod 2^52`. Other low bits answer at once; these take the
    /// constant-time test.
    #[inline(always)]
    fn is_zero_vartime(&self) -> bool {
        let low = (self.v[0] + (self.v[4] >> 48) * Self::C) & M52;
        if (0..=2).all(|j| low != (j * Self::C).wrapping_neg() & M52) {
            return false;
        }
        bool::from(self.is_zero())
    }
    #[inline(always)]
    fn double(&self) -> Self {
        self.add(self)
    }
    /// `(v + p)/2` for an odd value `v` (its parity is `v₀`'s), `v/2` for an even one: `p` added
    /// limb-wise under a mask, each limb halved with its low bit moved into the limb below as
    /// `2^51`, then [`Self::carry_step`].
    #[inline(always)]
    fn halve(&self) -> Self {
        let odd = (self.v[0] & 1).wrapping_neg();
        let p = &Self::P;
        let t: [u64; 5] = core::array::from_fn(|i| self.v[i] + (p[i] & odd));
        Self::from_five(Self::carry_step([
            (t[0] >> 1) + ((t[1] & 1) << 51),
            (t[1] >> 1) + ((t[2] & 1) << 51),
            (t[2] >> 1) + ((t[3] & 1) << 51),
            (t[3] >> 1) + ((t[4] & 1) << 51),
            t[4] >> 1,
        ]))
    }
    #[inline(always)]
    fn square(&self) -> Self {
        DettmanFp::square(self)
    }
    /// Through the Montgomery field (on fiat-crypto's code there as well).
    fn invert(&self) -> CtOption<Self> {
        self.to_montgomery().invert().map(Self::from)
    }
    fn inverse_vartime(&self) -> Option<Self> {
        self.to_montgomery().inverse_vartime().map(Self::from)
    }
    fn random(rng: &mut impl RngCore) -> Self {
        Fp::<P, 4>::random(rng).into()
    }
    fn frobenius_map(&self, _power: usize) -> Self {
        *self
    }
}

super::crandall::impl_plain_field_traits!(DettmanFp, "5×52");

impl_field_ops!([P: FieldParams<4>] DettmanFp<P>);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::secp256k1::{Fp as Mont, FpParams};
    use rand::{Rng, SeedableRng};

    type F = DettmanFp<FpParams>;

    /// Limbs at the top of fiat-crypto's input bounds and above `2^52`, with the value they
    /// stand for.
    fn loose(rng: &mut impl Rng) -> F {
        let mut v = [0u64; 5];
        for (i, l) in v.iter_mut().enumerate() {
            let bound = if i < 4 { (1u64 << 53) - 2 } else { (1u64 << 49) - 2 };
            *l = match rng.gen_range(0..4) {
                0 => bound,
                1 => bound - rng.gen_range(0..1 << 20),
                2 => rng.gen_range(0..=bound),
                _ => rng.gen_range(0..1 << 52).min(bound),
            };
        }
        F::from_five(v)
    }

    /// The value of the limbs as an element of the Montgomery field.
    fn value(a: &F) -> Mont {
        let two52 = Mont::from_u64(1 << 52);
        a.v.iter().rev().fold(Mont::ZERO, |acc, &l| acc * two52 + Mont::from_u64(l))
    }

    /// Every operation against the Montgomery field, on edge values (0, 1, c − 1, p − 1, p,
    /// 2^256 − 1, limbs at fiat-crypto's bounds) and random ones; results stay within the
    /// bounds.
    #[test]
    fn matches_montgomery_field() {
        let c = F::C;
        let m = FpParams::MODULUS;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(11);
        let mut canon: Vec<[u64; 4]> = vec![
            [0; 4],
            [1, 0, 0, 0],
            [c - 1, 0, 0, 0],
            limbs::sub(&m, &[1, 0, 0, 0]).0,
            m,
            [u64::MAX; 4],
            limbs::shr1(&m),
            [0, 0, 0, 1 << 63],
        ];
        canon.extend((0..200).map(|_| Mont::random(&mut rng).to_canonical_limbs()));
        let mut values: Vec<F> = canon.iter().map(|w| F::from_limbs(*w)).collect();
        values.extend((0..200).map(|_| loose(&mut rng)));
        values.push(F::from_five([(1 << 53) - 2, (1 << 53) - 2, (1 << 53) - 2, (1 << 53) - 2, (1 << 49) - 2]));
        // Zero as p and 2p limb by limb, and as p with a borrow moved between limbs.
        let p5 = F::P;
        values.push(F::from_five(p5));
        values.push(F::from_five(p5.map(|l| 2 * l)));
        values.push(F::from_five([p5[0] + (1 << 52), p5[1] - 1, p5[2], p5[3], p5[4]]));
        let in_bounds = |x: &F| x.v[..4].iter().all(|&l| l <= (1 << 53) - 2) && x.v[4] <= (1 << 49) - 2;
        for (i, a) in values.iter().enumerate() {
            let am = value(a);
            assert_eq!(a.to_montgomery(), am, "{:x?}", a.v);
            assert!(limbs::lt(&a.canonical_limbs(), &m));
            assert_eq!(bool::from(Field::is_zero(a)), am == Mont::ZERO);
            assert_eq!(a.is_zero_vartime(), am == Mont::ZERO, "{:x?}", a.v);
            let z = a.sub(a);
            assert!(z.is_zero_vartime() && bool::from(Field::is_zero(&z)), "{:x?}", z.v);
            for r in [a.square(), a.neg(), a.double(), Field::halve(a)] {
                assert!(in_bounds(&r), "{:x?}", r.v);
            }
            assert_eq!(value(&a.square()), am.square(), "{:x?}", a.v);
            assert_eq!(value(&a.neg()), -am);
            assert_eq!(value(&Field::halve(a)), am.halve());
            assert_eq!(F::from(am), *a);
            for b in values.iter().skip(i % 7).step_by(23) {
                let bm = value(b);
                let (p, s, d) = (a.mul(b), a.add(b), a.sub(b));
                assert!(in_bounds(&p) && in_bounds(&s) && in_bounds(&d));
                assert_eq!(value(&p), am * bm, "{:x?} · {:x?}", a.v, b.v);
                assert_eq!(value(&s), am + bm);
                assert_eq!(value(&d), am - bm);
                assert_eq!(*a == *b, am == bm);
            }
        }
        let x = Mont::random(&mut rng);
        assert_eq!(F::from(x).invert().unwrap().to_montgomery(), x.invert().unwrap());
        assert_eq!(F::from(x).inverse_vartime().unwrap().to_montgomery(), x.invert().unwrap());
        assert!(bool::from(F::ZERO.invert().is_none()));
    }
}
