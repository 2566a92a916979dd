//! GF(2^255 − 19) on fiat-crypto's formally verified code (feature `fiat`): the unsaturated
//! radix-2^51 arithmetic of `fiat_crypto::curve25519_64` (Erbsen, Philipoom, Gross, Sloan,
//! Chlipala, "Simple High-Level Code For Cryptographic Arithmetic — With Proofs, Without
//! Compromises", IEEE S&P 2019), five 64-bit words per element with `u128` products. Inversion,
//! `(p − 5)/8` powers, square roots and the encodings' checks are the generic code of
//! [`super::field`], shared with isochron's own [`Fe`](super::field::Fe), so that the two
//! backends can be tested against each other.
//!
//! fiat-crypto's code is constant time by construction (no branches or memory indices on data;
//! selections by masks).

use fiat_crypto::curve25519_64 as f;
use subtle::{Choice, ConditionallySelectable};
use zeroize::Zeroize;

use super::field::{consts, impl_fe25519};
use crate::limbs::p25519;

/// An element of GF(2^255 − 19) in fiat-crypto's "tight" form
/// (`fiat_25519_tight_field_element`): five limbs of weight `2^(51i)`, each at most `2^51`
/// (not necessarily canonical). Sums, differences and negations are carried back to the tight
/// form after each operation; products and squares take the tight inputs as "loose" ones (the
/// same layout, wider bounds: `fiat_25519_relax`).
#[derive(Clone, Copy, Default)]
pub struct FiatFe(pub(crate) [u64; 5]);

/// A sum or difference in fiat-crypto's "loose" form (`fiat_25519_loose_field_element`: the
/// same five limbs with wider bounds), taken only by products: see
/// [`Fe25519::Loose`](super::field::Fe25519::Loose).
#[derive(Clone, Copy)]
pub struct FiatLoose(f::fiat_25519_loose_field_element);

const MASK51: u64 = (1 << 51) - 1;

impl FiatFe {
    /// Zero.
    pub const ZERO: FiatFe = FiatFe([0; 5]);
    /// One.
    pub const ONE: FiatFe = FiatFe([1, 0, 0, 0, 0]);

    /// The element with little-endian 64-bit limbs `l` (canonical values `< p` for constants;
    /// any value below `2^256` is reduced), converted at compile time to five 51-bit limbs.
    pub const fn from_limbs(l: [u64; 4]) -> FiatFe {
        let c = p25519::canonical(&l);
        FiatFe([
            c[0] & MASK51,
            ((c[0] >> 51) | (c[1] << 13)) & MASK51,
            ((c[1] >> 38) | (c[2] << 26)) & MASK51,
            ((c[2] >> 25) | (c[3] << 39)) & MASK51,
            c[3] >> 12,
        ])
    }

    #[inline(always)]
    fn tight(&self) -> f::fiat_25519_tight_field_element {
        f::fiat_25519_tight_field_element(self.0)
    }

    #[inline(always)]
    fn carry(l: &FiatLoose) -> FiatFe {
        let mut out = f::fiat_25519_tight_field_element([0; 5]);
        f::fiat_25519_carry(&mut out, &l.0);
        FiatFe(out.0)
    }

    /// `self + rhs` (`fiat_25519_add`, then `fiat_25519_carry`).
    #[inline(always)]
    pub fn add(&self, rhs: &FiatFe) -> FiatFe {
        Self::carry(&self.add_loose(rhs))
    }

    /// `self − rhs` (`fiat_25519_sub`, then `fiat_25519_carry`).
    #[inline(always)]
    pub fn sub(&self, rhs: &FiatFe) -> FiatFe {
        Self::carry(&self.sub_loose(rhs))
    }

    /// `−self` (`fiat_25519_opp`, then `fiat_25519_carry`).
    #[inline(always)]
    pub fn neg(&self) -> FiatFe {
        let mut l = f::fiat_25519_loose_field_element([0; 5]);
        f::fiat_25519_opp(&mut l, &self.tight());
        Self::carry(&FiatLoose(l))
    }

    /// [`Fe25519::loose`](super::field::Fe25519::loose): `fiat_25519_relax`.
    #[inline(always)]
    fn loose(&self) -> FiatLoose {
        let mut out = f::fiat_25519_loose_field_element([0; 5]);
        f::fiat_25519_relax(&mut out, &self.tight());
        FiatLoose(out)
    }

    /// [`Fe25519::add_loose`](super::field::Fe25519::add_loose): `fiat_25519_add` alone.
    #[inline(always)]
    fn add_loose(&self, rhs: &FiatFe) -> FiatLoose {
        let mut l = f::fiat_25519_loose_field_element([0; 5]);
        f::fiat_25519_add(&mut l, &self.tight(), &rhs.tight());
        FiatLoose(l)
    }

    /// [`Fe25519::sub_loose`](super::field::Fe25519::sub_loose): `fiat_25519_sub` alone.
    #[inline(always)]
    fn sub_loose(&self, rhs: &FiatFe) -> FiatLoose {
        let mut l = f::fiat_25519_loose_field_element([0; 5]);
        f::fiat_25519_sub(&mut l, &self.tight(), &rhs.tight());
        FiatLoose(l)
    }

    /// [`Fe25519::mul_loose`](super::field::Fe25519::mul_loose): `fiat_25519_carry_mul`.
    #[inline(always)]
    fn mul_loose(a: &FiatLoose, b: &FiatLoose) -> FiatFe {
        let mut out = f::fiat_25519_tight_field_element([0; 5]);
        f::fiat_25519_carry_mul(&mut out, &a.0, &b.0);
        FiatFe(out.0)
    }

    /// [`Fe25519::square_loose`](super::field::Fe25519::square_loose):
    /// `fiat_25519_carry_square`.
    #[inline(always)]
    fn square_loose(a: &FiatLoose) -> FiatFe {
        let mut out = f::fiat_25519_tight_field_element([0; 5]);
        f::fiat_25519_carry_square(&mut out, &a.0);
        FiatFe(out.0)
    }

    /// `self · rhs` (`fiat_25519_carry_mul`).
    #[inline(always)]
    pub fn mul(&self, rhs: &FiatFe) -> FiatFe {
        Self::mul_loose(&self.loose(), &rhs.loose())
    }

    /// `self²` (`fiat_25519_carry_square`).
    #[inline(always)]
    pub fn square(&self) -> FiatFe {
        Self::square_loose(&self.loose())
    }

    /// `self · k` for a small constant: `fiat_25519_carry_scmul_121666` for `k = 121666`
    /// (RFC 7748's `a24 + 1` in some ladder formulations), else a product with `k` as an
    /// element. `k` is public: the branch is on the constant, not on data.
    #[inline(always)]
    pub fn mul_small(&self, k: u32) -> FiatFe {
        if k == 121_666 {
            let mut out = f::fiat_25519_tight_field_element([0; 5]);
            f::fiat_25519_carry_scmul_121666(&mut out, &self.loose().0);
            FiatFe(out.0)
        } else {
            self.mul(&FiatFe([k as u64, 0, 0, 0, 0]))
        }
    }

    /// `self / 2`: the product with `(p + 1)/2`.
    #[inline(always)]
    pub fn halve(&self) -> FiatFe {
        const HALF: FiatFe = FiatFe::from_limbs(consts::HALF);
        self.mul(&HALF)
    }

    /// RFC 7748 §5 decoding (`fiat_25519_from_bytes`, which requires bit 255 clear: it is
    /// cleared first); values in `[p, 2^255)` are reduced.
    #[inline]
    pub fn from_bytes(bytes: &[u8; 32]) -> FiatFe {
        let mut b = *bytes;
        b[31] &= 0x7f;
        let mut out = f::fiat_25519_tight_field_element([0; 5]);
        f::fiat_25519_from_bytes(&mut out, &b);
        b.zeroize();
        FiatFe(out.0)
    }

    /// The canonical little-endian encoding (`fiat_25519_to_bytes`).
    #[inline]
    pub fn to_bytes(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        f::fiat_25519_to_bytes(&mut out, &self.tight());
        out
    }
}

impl ConditionallySelectable for FiatFe {
    /// `fiat_25519_selectznz`.
    #[inline(always)]
    fn conditional_select(a: &FiatFe, b: &FiatFe, choice: Choice) -> FiatFe {
        let mut out = [0u64; 5];
        f::fiat_25519_selectznz(&mut out, choice.unwrap_u8(), &a.0, &b.0);
        FiatFe(out)
    }
}

impl Zeroize for FiatFe {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

impl_fe25519!(FiatFe, FiatLoose);
