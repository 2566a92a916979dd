//! BIP-340 Schnorr signatures (bitcoin/bips `bip-0340.mediawiki`): x-only public keys, tagged
//! hashes, signing with auxiliary randomness, verification and batch verification. Written
//! for secp256k1 (`curves::secp256k1`); generic over a short Weierstrass curve `y² = x³ + b`
//! whose base field and group order both have 256 bits.
//!
//! Signing is constant time in the secret key and the nonce (constant-time generator
//! multiplication and normalization, the key and nonce negations by selection, hashes over
//! wipeable states). Verification uses public data only and runs in variable time.

use alloc::vec::Vec;
use core::fmt;

use subtle::{ConditionallySelectable, ConstantTimeEq};
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

use crate::curve::short_weierstrass::{Affine, Projective, Scalar, SwCurve};
use crate::curve::Group;
use crate::error::Error;
use crate::field::{Field, PrimeField, SqrtField};
use crate::md::Sha256State;
use crate::protocols::verdict::key_verdict;

/// Bytes of a coordinate, a scalar and a hash (32).
const L: usize = 32;

/// `hash_tag(x) = SHA256(SHA256(tag) ‖ SHA256(tag) ‖ x)` over the concatenated parts
/// (BIP-340, "Design": tagged hashes), on a wipeable SHA-256 state.
pub fn tagged_hash(tag: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256State::new();
    h.update(tag);
    let tag_hash = h.finalize();
    let mut h = Sha256State::new();
    h.update(&tag_hash);
    h.update(&tag_hash);
    for p in parts {
        h.update(p);
    }
    h.finalize()
}

/// `int(bytes) mod n`.
fn scalar_mod_n<C: SwCurve>(bytes: &[u8]) -> Scalar<C> {
    Scalar::<C>::from_bytes_be_wide(bytes)
}

/// `bytes(x)`: the 32-byte big-endian x-coordinate.
fn x_bytes<C: SwCurve>(p: &Affine<C>) -> [u8; L]
where
    C::Base: PrimeField,
{
    let mut out = [0u8; L];
    out.copy_from_slice(p.x().to_bytes_be().as_ref());
    out
}

/// `lift_x(x)` (BIP-340, "Specification"): the point with x-coordinate `x` and even y;
/// [`Error::NonCanonical`] for `x ≥ p`, [`Error::NotOnCurve`] when `x³ + b` is not a square.
fn lift_x<C: SwCurve>(x: &[u8]) -> Result<Affine<C>, Error>
where
    C::Base: PrimeField + SqrtField,
{
    let x = C::Base::from_bytes_be(x)?;
    let rhs = x.square() * x + C::B;
    let y = Option::<C::Base>::from(rhs.sqrt()).ok_or(Error::NotOnCurve)?;
    let y = C::Base::conditional_select(&y, &-y, y.is_odd());
    Option::from(Affine::<C>::from_xy(x, y)).ok_or(Error::NotOnCurve)
}

/// A BIP-340 secret key with its x-only public key. Keeps `d` already negated when `d'·G` has
/// an odd y (BIP-340 signing, step "Let d = d' if has_even_y(P), otherwise let d = n − d'").
/// Zeroized on drop; `Debug` prints nothing of the key.
#[derive(Clone)]
pub struct SigningKey<C: SwCurve> {
    d: Scalar<C>,
    public: VerifyingKey<C>,
}

impl<C: SwCurve> Zeroize for SigningKey<C> {
    fn zeroize(&mut self) {
        self.d.zeroize();
    }
}

impl<C: SwCurve> Drop for SigningKey<C> {
    fn drop(&mut self) {
        self.zeroize();
    }
}

impl<C: SwCurve> ZeroizeOnDrop for SigningKey<C> {}

impl<C: SwCurve> fmt::Debug for SigningKey<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SigningKey(<redacted>)")
    }
}

impl<C: SwCurve> SigningKey<C>
where
    C::Base: PrimeField + SqrtField,
{
    /// The key of the 32-byte secret `sk` (`d' = int(sk)`, `1 ≤ d' < n`): [`Error::Length`],
    /// [`Error::NonCanonical`] for `d' ≥ n`, [`Error::Zero`]. Constant time up to the verdict.
    pub fn from_bytes(sk: &[u8]) -> Result<Self, Error> {
        if sk.len() != L {
            return Err(Error::Length { expected: L, got: sk.len() });
        }
        let d = scalar_mod_n::<C>(sk);
        let canonical = d.to_bytes_be().as_ref().ct_eq(sk);
        let p = Projective::<C>::mul_generator(&d).to_affine();
        let odd = p.y().is_odd();
        let key = SigningKey {
            d: Scalar::<C>::conditional_select(&d, &-d, odd),
            public: VerifyingKey { point: Affine::<C>::conditional_select(&p, &p.neg(), odd), x: x_bytes(&p) },
        };
        key_verdict(key, canonical, d.is_zero())
    }

    /// The x-only public key.
    pub fn verifying_key(&self) -> &VerifyingKey<C> {
        &self.public
    }

    /// Signs `msg` (any length) with the 32 bytes of auxiliary randomness `aux` (BIP-340
    /// "Default Signing"; all zeros is allowed but gives up the protection against fault and
    /// side-channel attacks that fresh randomness adds). Returns `bytes(R) ‖ bytes(s)`.
    pub fn sign(&self, msg: &[u8], aux: &[u8; 32]) -> [u8; 2 * L] {
        let mut t = Zeroizing::new([0u8; L]);
        t.copy_from_slice(self.d.to_bytes_be().as_ref());
        let mask = tagged_hash(b"BIP0340/aux", &[aux]);
        t.iter_mut().zip(mask).for_each(|(b, m)| *b ^= m);
        let px = self.public.x;
        let mut rand = Zeroizing::new(tagged_hash(b"BIP0340/nonce", &[&*t, &px, msg]));
        let mut k = scalar_mod_n::<C>(&*rand);
        rand.zeroize();
        // k' = 0 happens with probability about 2^-256; the result is then not a valid
        // signature (R is the identity), as for any other implementation failure.
        let r = Projective::<C>::mul_generator(&k).to_affine();
        k = Scalar::<C>::conditional_select(&k, &-k, r.y().is_odd());
        let rx = x_bytes(&r);
        let e = scalar_mod_n::<C>(&tagged_hash(b"BIP0340/challenge", &[&rx, &px, msg]));
        let s = k + e * self.d;
        k.zeroize();
        let mut sig = [0u8; 2 * L];
        sig[..L].copy_from_slice(&rx);
        sig[L..].copy_from_slice(s.to_bytes_be().as_ref());
        sig
    }
}

/// A BIP-340 x-only public key: the point `lift_x(x)`, with even y.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VerifyingKey<C: SwCurve> {
    point: Affine<C>,
    x: [u8; L],
}

/// One parsed signature: `R = lift_x(r)` is left to the verifier; `r < p`, `s < n` checked.
struct Parsed<C: SwCurve> {
    r: [u8; L],
    rx: C::Base,
    s: Scalar<C>,
}

fn parse<C: SwCurve>(sig: &[u8]) -> Option<Parsed<C>>
where
    C::Base: PrimeField,
{
    if sig.len() != 2 * L {
        return None;
    }
    let rx = C::Base::from_bytes_be(&sig[..L]).ok()?;
    let s = Scalar::<C>::from_bytes_be(&sig[L..]).ok()?;
    let mut r = [0u8; L];
    r.copy_from_slice(&sig[..L]);
    Some(Parsed { r, rx, s })
}

impl<C: SwCurve> VerifyingKey<C>
where
    C::Base: PrimeField + SqrtField,
{
    /// Decodes a 32-byte x-only key (`lift_x`): [`Error::Length`], [`Error::NonCanonical`] for
    /// `x ≥ p`, [`Error::NotOnCurve`] when no point has that x-coordinate.
    pub fn from_bytes(x: &[u8]) -> Result<Self, Error> {
        if x.len() != L {
            return Err(Error::Length { expected: L, got: x.len() });
        }
        let point = lift_x::<C>(x)?;
        Ok(VerifyingKey { point, x: x_bytes(&point) })
    }

    /// The 32-byte x-only encoding.
    pub fn to_bytes(&self) -> [u8; L] {
        self.x
    }

    /// The point (with even y).
    pub fn as_affine(&self) -> &Affine<C> {
        &self.point
    }

    /// The challenge `e = int(hash_BIP0340/challenge(r ‖ bytes(P) ‖ m)) mod n`.
    fn challenge(&self, r: &[u8; L], msg: &[u8]) -> Scalar<C> {
        scalar_mod_n::<C>(&tagged_hash(b"BIP0340/challenge", &[r, &self.x, msg]))
    }

    /// Verifies `sig` (64 bytes) on `msg` (BIP-340 "Verification"): `r < p`, `s < n`,
    /// `R = s·G − e·P` not the identity, with even y and `x(R) = r`. Any malformed signature
    /// is simply invalid. Variable time (public data).
    pub fn verify(&self, msg: &[u8], sig: &[u8]) -> bool {
        let Some(Parsed { r, rx, s }) = parse::<C>(sig) else {
            return false;
        };
        let e = self.challenge(&r, msg);
        let big_r = Projective::<C>::mul_generator_add_vartime(&s, &self.point.neg(), &e);
        // x(R) = r is X = r·Z (no inversion, and most invalid signatures stop here); the
        // identity (Z = 0) fails it unless X = 0, so it is rejected explicitly.
        if bool::from(big_r.is_identity()) || rx * big_r.z != big_r.x {
            return false;
        }
        !bool::from(big_r.to_affine_vartime().y().is_odd())
    }
}

/// Batch verification (BIP-340 "Batch Verification"): `true` iff every `(key, msg, sig)` is
/// valid, up to a failure probability of `2⁻¹²⁸` for an adversarial batch. With random
/// weights `a₁ = 1, aᵢ ∈ [1, 2¹²⁸)` from `rng`, checks
/// `(Σ aᵢ·sᵢ)·G − Σ aᵢ·Rᵢ − Σ aᵢ·eᵢ·Pᵢ = O` with `Rᵢ = lift_x(rᵢ)`, as one multi-scalar
/// multiplication (Straus below 128 points, Pippenger above). BIP-340 draws the `aᵢ` from
/// `[1, n)`; 128-bit weights keep the bound (an invalid item makes the sum vanish for at most
/// one value of its weight, which is hit with probability at most `2⁻¹²⁸`) and halve the
/// scalars of the `Rᵢ` terms. An empty batch is valid. Variable time (public data).
pub fn verify_batch<C: SwCurve>(
    items: &[(&VerifyingKey<C>, &[u8], &[u8])],
    rng: &mut (impl rand_core::RngCore + rand_core::CryptoRng),
) -> bool
where
    C::Base: PrimeField + SqrtField,
{
    let mut points = Vec::with_capacity(2 * items.len() + 1);
    let mut scalars = Vec::with_capacity(2 * items.len() + 1);
    let mut s_sum = Scalar::<C>::ZERO;
    for (i, (key, msg, sig)) in items.iter().enumerate() {
        let Some(Parsed { r, s, .. }) = parse::<C>(sig) else {
            return false;
        };
        let Ok(big_r) = lift_x::<C>(&r) else {
            return false;
        };
        let a = if i == 0 {
            Scalar::<C>::ONE
        } else {
            loop {
                let mut half = [0u8; 16];
                rng.fill_bytes(&mut half);
                let a = Scalar::<C>::from_bytes_be_wide(&half);
                if !bool::from(a.is_zero()) {
                    break a;
                }
            }
        };
        let e = key.challenge(&r, msg);
        s_sum += a * s;
        points.push(big_r.neg());
        scalars.push(a);
        points.push(key.point.neg());
        scalars.push(a * e);
    }
    points.push(Affine::generator());
    scalars.push(s_sum);
    bool::from(<Projective<C> as Group>::msm_vartime(&points, &scalars).is_identity())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sha2::{Digest, Sha256};

    #[test]
    fn tagged_hash_is_the_definition() {
        let tag = Sha256::digest(b"BIP0340/challenge");
        let want: [u8; 32] = Sha256::new().chain_update(tag).chain_update(tag).chain_update(b"abc").finalize().into();
        assert_eq!(tagged_hash(b"BIP0340/challenge", &[b"a", b"", b"bc"]), want);
    }
}
