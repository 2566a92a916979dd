//! ECDSA (SEC 1 v2 §4.1; FIPS 186-5 §6.4) over any short Weierstrass curve of the curve layer
//! whose group order has `8·L` bits (secp256k1 and P-256: 256), with deterministic nonces
//! (RFC 6979, module `rfc6979`), optional extra entropy (RFC 6979 §3.6), signatures as `r ‖ s` and
//! as strict DER (module `der`), and public-key recovery (SEC 1 v2 §4.1.6).
//!
//! Signing is constant time in the key and the nonce (the generator table's constant-time
//! multiplication, constant-time inversion of `k`, field arithmetic); verification and
//! recovery use public data only and run in variable time.

pub(crate) mod der;
pub(crate) mod rfc6979;

use alloc::vec::Vec;
use core::fmt;

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

use crate::curve::short_weierstrass::{Affine, Projective, Scalar, SwCurve};
use crate::curve::PointEncoding;
use crate::curves::{p256::P256, secp256k1::Secp256k1};
use crate::error::Error;
use crate::field::PrimeField;
use crate::protocols::verdict::{key_verdict, zero_verdict};

/// The conventions of ECDSA on one curve.
pub trait EcdsaCurve: SwCurve {
    /// Whether signing normalizes `s` to the lower half (`s ≤ (n − 1)/2`): Bitcoin's BIP-62
    /// and Ethereum's EIP-2 rule on secp256k1; not customary on P-256.
    const LOW_S: bool;
}

impl EcdsaCurve for Secp256k1 {
    const LOW_S: bool = true;
}

impl EcdsaCurve for P256 {
    const LOW_S: bool = false;
}

/// The message hash of the message entry points: SHA-256 (FIPS 180-4), or Keccak-256 (the
/// original Keccak padding, as Ethereum uses it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageHash {
    /// SHA-256.
    Sha256,
    /// Keccak-256.
    Keccak256,
}

impl MessageHash {
    /// The 32-byte digest of `msg`.
    pub fn digest(self, msg: &[u8]) -> [u8; 32] {
        match self {
            MessageHash::Sha256 => {
                use sha2::Digest;
                sha2::Sha256::digest(msg).into()
            }
            MessageHash::Keccak256 => {
                use sha3::Digest;
                sha3::Keccak256::digest(msg).into()
            }
        }
    }
}

/// Bytes of a scalar (both curves: 32).
const L: usize = 32;

/// The group order `n` as `L` big-endian bytes.
fn order_be<C: SwCurve>() -> [u8; L] {
    let mut out = [0u8; L];
    for (chunk, w) in out.chunks_exact_mut(8).zip(<Scalar<C> as PrimeField>::MODULUS.iter().rev()) {
        chunk.copy_from_slice(&w.to_be_bytes());
    }
    out
}

/// `bits2int(digest) mod n` (SEC 1 v2 §4.1.3 step 5, RFC 6979 §2.3.2): the leftmost `8·L` bits
/// of the digest, a shorter digest taken as it is.
fn digest_scalar<C: SwCurve>(digest: &[u8]) -> Scalar<C> {
    Scalar::<C>::from_bytes_be_wide(&digest[..digest.len().min(L)])
}

/// `x mod n` for a base-field element, and whether `x ≥ n` (constant time).
fn x_mod_n<C: SwCurve>(x: &C::Base) -> (Scalar<C>, Choice)
where
    C::Base: PrimeField,
{
    let bytes = x.to_bytes_be();
    let r = Scalar::<C>::from_bytes_be_wide(bytes.as_ref());
    let same = r.to_bytes_be().as_ref().ct_eq(bytes.as_ref());
    (r, !same)
}

/// `r + n` as `L` big-endian bytes, `None` when it overflows `L` bytes.
fn r_plus_n<C: SwCurve>(r: &Scalar<C>) -> Option<[u8; L]> {
    let mut x = [0u8; L];
    x.copy_from_slice(r.to_bytes_be().as_ref());
    let n = order_be::<C>();
    let mut carry = 0u16;
    for (x, n) in x.iter_mut().zip(&n).rev() {
        let t = u16::from(*x) + u16::from(*n) + carry;
        *x = t as u8;
        carry = t >> 8;
    }
    (carry == 0).then_some(x)
}

/// Whether `x(R) mod n = r` for `R = (X : Y : Z)` not the identity, without an inversion:
/// `X = r'·Z` for `r' = r` or, when it is below `p`, `r' = r + n` (public data).
fn x_matches<C: SwCurve>(big_r: &Projective<C>, r: &Scalar<C>) -> bool
where
    C::Base: PrimeField,
{
    let matches = |bytes: &[u8]| C::Base::from_bytes_be(bytes).is_ok_and(|x| x * big_r.z == big_r.x);
    matches(r.to_bytes_be().as_ref()) || r_plus_n::<C>(r).is_some_and(|b| matches(&b))
}

/// An ECDSA signature `(r, s)`, both in `[1, n)`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Signature<C: SwCurve> {
    r: Scalar<C>,
    s: Scalar<C>,
}

impl<C: SwCurve> fmt::Debug for Signature<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Signature({:02x?})", self.to_bytes())
    }
}

/// Which of the candidate points `R` a signature was made with (SEC 1 v2 §4.1.6): bit 0 the
/// parity of `R.y`, bit 1 set when `R.x ≥ n` (so `R.x = r + n`). Ethereum's `v` is this plus 27.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RecoveryId(u8);

impl RecoveryId {
    /// The identifier from its value `0..=3`; `None` above.
    pub const fn new(v: u8) -> Option<Self> {
        if v < 4 {
            Some(RecoveryId(v))
        } else {
            None
        }
    }

    /// The value `0..=3`.
    pub const fn to_u8(self) -> u8 {
        self.0
    }
}

impl<C: SwCurve> Signature<C> {
    /// `r` and `s` as scalars.
    pub fn from_scalars(r: Scalar<C>, s: Scalar<C>) -> Result<Self, Error> {
        if bool::from(r.is_zero() | s.is_zero()) {
            return Err(Error::Zero);
        }
        Ok(Signature { r, s })
    }

    /// Decodes `r ‖ s`, each `L` big-endian bytes in `[1, n)` (SEC 1 v2 §4.1.4 step 1):
    /// [`Error::Length`], [`Error::NonCanonical`] for a value `≥ n`, [`Error::Zero`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.len() != 2 * L {
            return Err(Error::Length { expected: 2 * L, got: bytes.len() });
        }
        let r = Scalar::<C>::from_bytes_be(&bytes[..L])?;
        let s = Scalar::<C>::from_bytes_be(&bytes[L..])?;
        Self::from_scalars(r, s)
    }

    /// `r ‖ s`, `2·L` bytes.
    pub fn to_bytes(&self) -> [u8; 2 * L] {
        let mut out = [0u8; 2 * L];
        out[..L].copy_from_slice(self.r.to_bytes_be().as_ref());
        out[L..].copy_from_slice(self.s.to_bytes_be().as_ref());
        out
    }

    /// Decodes a strict DER signature (X.690 §10 and BIP-66's rules, module `der`):
    /// [`Error::Der`] for a broken encoding, then the range checks of
    /// [`Signature::from_bytes`].
    pub fn from_der(bytes: &[u8]) -> Result<Self, Error> {
        let (r, s) = der::decode::<L>(bytes)?;
        let r = Scalar::<C>::from_bytes_be(&r)?;
        let s = Scalar::<C>::from_bytes_be(&s)?;
        Self::from_scalars(r, s)
    }

    /// The DER encoding (at most `2·L + 8` bytes).
    pub fn to_der(&self) -> Vec<u8> {
        let bytes = self.to_bytes();
        let (r, s) = bytes.split_at(L);
        der::encode(r, s)
    }

    /// `r`.
    pub fn r(&self) -> &Scalar<C> {
        &self.r
    }

    /// `s`.
    pub fn s(&self) -> &Scalar<C> {
        &self.s
    }

    /// Whether `s ≤ (n − 1)/2` (BIP-62's "low S", Ethereum's EIP-2 rule).
    pub fn is_low_s(&self) -> bool {
        // s ≤ (n−1)/2 ⟺ s < n − s (n odd, s ≠ 0).
        crate::ct::ct_lt_slice(&self.s.to_words(), &(-self.s).to_words()).into()
    }

    /// The signature with `s` replaced by `n − s` when it is high; the boolean says whether it
    /// was (the recovery id's parity bit flips then).
    pub fn normalize_s(&self) -> (Self, bool) {
        let high = !self.is_low_s();
        let s = if high { -self.s } else { self.s };
        (Signature { r: self.r, s }, high)
    }
}

/// An ECDSA secret key `d ∈ [1, n)` with its public key `Q = d·G`. Zeroized on drop; `Debug`
/// prints nothing of the key.
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

impl<C: EcdsaCurve> SigningKey<C>
where
    C::Base: PrimeField,
{
    /// The key of the scalar `d`; [`Error::Zero`] for zero. Constant time in `d` (only the
    /// verdict branches).
    pub fn from_scalar(d: Scalar<C>) -> Result<Self, Error> {
        Self::checked(d, Choice::from(1))
    }

    /// Decodes `L` big-endian bytes (SEC 1 v2 §2.3.6): [`Error::Length`], [`Error::NonCanonical`]
    /// for `d ≥ n`, [`Error::Zero`]. Constant time in the bytes up to the verdict.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.len() != L {
            return Err(Error::Length { expected: L, got: bytes.len() });
        }
        let d = Scalar::<C>::from_bytes_be_wide(bytes);
        let canonical = d.to_bytes_be().as_ref().ct_eq(bytes);
        Self::checked(d, canonical)
    }

    /// The key of `d` with its public key, computed in constant time whatever the verdict; then
    /// the one public branch, on whether `d` was canonical and non-zero (a function of its own,
    /// so that the constant-time checker can declassify exactly that verdict).
    fn checked(d: Scalar<C>, canonical: Choice) -> Result<Self, Error> {
        let public = VerifyingKey { point: Projective::<C>::mul_generator(&d).to_affine() };
        key_verdict(SigningKey { d, public }, canonical, d.is_zero())
    }

    /// A uniformly random key from `rng` (rejection of zero only).
    pub fn random(rng: &mut (impl rand_core::RngCore + rand_core::CryptoRng)) -> Self {
        loop {
            let mut wide = Zeroizing::new([0u8; 2 * L]);
            rng.fill_bytes(&mut *wide);
            if let Ok(k) = Self::from_scalar(Scalar::<C>::from_bytes_be_wide(&*wide)) {
                return k;
            }
        }
    }

    /// `d` as `L` big-endian bytes, zeroized when dropped.
    pub fn to_bytes(&self) -> Zeroizing<[u8; L]> {
        let mut out = Zeroizing::new([0u8; L]);
        let mut b = self.d.to_bytes_be();
        out.copy_from_slice(b.as_ref());
        b.as_mut().zeroize();
        out
    }

    /// The secret scalar `d` (for ECDH, [`crate::protocols::ecdh`]).
    pub(crate) fn scalar(&self) -> &Scalar<C> {
        &self.d
    }

    /// The public key `Q = d·G`.
    pub fn verifying_key(&self) -> &VerifyingKey<C> {
        &self.public
    }

    /// Signs a message digest (SEC 1 v2 §4.1.3, with `k` from RFC 6979 over `digest`, and
    /// `extra` mixed into the nonce derivation as RFC 6979 §3.6's `k'`; empty for the plain
    /// deterministic nonce). Returns the signature, with low `s` on curves whose convention it
    /// is ([`EcdsaCurve::LOW_S`]), and its recovery id. Constant time in the key and the nonce.
    pub fn sign_prehash_with_entropy(&self, digest: &[u8], extra: &[u8]) -> Result<(Signature<C>, RecoveryId), Error> {
        let z = digest_scalar::<C>(digest);
        let x = self.to_bytes();
        let k = rfc6979::nonce(&*x, digest, &order_be::<C>(), extra);
        let mut k = Scalar::<C>::from_bytes_be_wide(&k);
        let big_r = Projective::<C>::mul_generator(&k).to_affine();
        let (r, high_x) = x_mod_n::<C>(&big_r.x());
        let mut k_inv = k.invert().unwrap_or(Scalar::<C>::ZERO);
        let s = k_inv * (z + r * self.d);
        k.zeroize();
        k_inv.zeroize();
        let mut id = u8::conditional_select(&0, &2, high_x) | u8::conditional_select(&0, &1, big_r.y().is_odd());
        // Low s (when the curve's convention), in constant time: s > n − s flips s and the
        // parity bit of the recovery id.
        let mut s = s;
        if C::LOW_S {
            let neg = -s;
            let high = crate::ct::ct_lt_slice(&neg.to_words(), &s.to_words());
            s = Scalar::<C>::conditional_select(&s, &neg, high);
            id ^= u8::conditional_select(&0, &1, high);
        }
        // r = 0 or s = 0 happens with probability about 2^-256; the signature is public once
        // returned.
        zero_verdict((Signature { r, s }, RecoveryId(id)), r.is_zero() | s.is_zero())
    }

    /// [`SigningKey::sign_prehash_with_entropy`] with the deterministic nonce of RFC 6979.
    pub fn sign_prehash(&self, digest: &[u8]) -> Result<(Signature<C>, RecoveryId), Error> {
        self.sign_prehash_with_entropy(digest, &[])
    }

    /// Signs `msg` hashed with `hash` ([`SigningKey::sign_prehash`] on its digest).
    pub fn sign_message(&self, msg: &[u8], hash: MessageHash) -> Result<(Signature<C>, RecoveryId), Error> {
        self.sign_prehash(&hash.digest(msg))
    }
}

/// An ECDSA public key: a point of the curve other than the identity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VerifyingKey<C: SwCurve> {
    point: Affine<C>,
}

impl<C: SwCurve> VerifyingKey<C>
where
    C::Base: PrimeField,
{
    /// The key of a point; [`Error::Identity`] for the identity, [`Error::NotOnCurve`] off the
    /// curve (both curves here have cofactor 1, so the curve is the group).
    pub fn from_affine(point: Affine<C>) -> Result<Self, Error> {
        if bool::from(point.is_identity()) {
            return Err(Error::Identity);
        }
        if !bool::from(point.is_on_curve()) {
            return Err(Error::NotOnCurve);
        }
        Ok(VerifyingKey { point })
    }

    /// The point `Q`.
    pub fn as_affine(&self) -> &Affine<C> {
        &self.point
    }

    /// Verifies a signature on a message digest (SEC 1 v2 §4.1.4): `R = (z/s)·G + (r/s)·Q`
    /// is not the identity and `R.x mod n = r`. High `s` is accepted (see
    /// [`VerifyingKey::verify_prehash_low_s`]). Variable time (public data).
    pub fn verify_prehash(&self, digest: &[u8], sig: &Signature<C>) -> bool {
        let z = digest_scalar::<C>(digest);
        let Some(w) = sig.s.inverse_vartime() else {
            return false;
        };
        let (u1, u2) = (z * w, sig.r * w);
        let big_r = Projective::<C>::mul_generator_add_vartime(&u1, &self.point, &u2);
        !bool::from(big_r.is_identity()) && x_matches(&big_r, &sig.r)
    }

    /// [`VerifyingKey::verify_prehash`] that also rejects a high `s` (BIP-62, EIP-2).
    pub fn verify_prehash_low_s(&self, digest: &[u8], sig: &Signature<C>) -> bool {
        sig.is_low_s() && self.verify_prehash(digest, sig)
    }

    /// Verifies a signature on `msg` hashed with `hash`.
    pub fn verify_message(&self, msg: &[u8], hash: MessageHash, sig: &Signature<C>) -> bool {
        self.verify_prehash(&hash.digest(msg), sig)
    }

    /// Public-key recovery (SEC 1 v2 §4.1.6): the key `Q = r⁻¹·(s·R − z·G)` for the point `R`
    /// of x-coordinate `r + n·(id ≫ 1)` and y parity `id & 1`. [`Error::NonCanonical`] when
    /// that x-coordinate is not below `p`, [`Error::NotASquare`] when no point has it,
    /// [`Error::Identity`] when `Q` is the identity. Variable time (public data).
    pub fn recover_prehash(digest: &[u8], sig: &Signature<C>, id: RecoveryId) -> Result<Self, Error>
    where
        Affine<C>: PointEncoding,
    {
        let mut enc = [0u8; L + 1];
        enc[0] = 2 | (id.0 & 1);
        if id.0 & 2 != 0 {
            // x = r + n; a carry out of L bytes means x ≥ 2^(8L) > p.
            enc[1..].copy_from_slice(&r_plus_n::<C>(&sig.r).ok_or(Error::NonCanonical)?);
        } else {
            enc[1..].copy_from_slice(sig.r.to_bytes_be().as_ref());
        }
        let big_r = Affine::<C>::from_compressed(&enc)?;
        let r_inv = sig.r.inverse_vartime().ok_or(Error::Zero)?;
        let z = digest_scalar::<C>(digest);
        let (u1, u2) = (-(z * r_inv), sig.s * r_inv);
        let q = Projective::<C>::mul_generator_add_vartime(&u1, &big_r, &u2);
        if bool::from(q.is_identity()) {
            return Err(Error::Identity);
        }
        Ok(VerifyingKey { point: q.to_affine_vartime() })
    }
}

impl<C: SwCurve> VerifyingKey<C>
where
    Affine<C>: PointEncoding,
{
    /// Decodes a SEC1 public key, compressed (33 bytes) or uncompressed (65 bytes), with every
    /// check of the curve's decoder (prefix, coordinates below `p`, on the curve, not the
    /// identity).
    pub fn from_sec1_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let point = if bytes.len() == L + 1 {
            Affine::<C>::from_compressed(bytes)?
        } else {
            Affine::<C>::from_uncompressed(bytes)?
        };
        Ok(VerifyingKey { point })
    }

    /// The compressed SEC1 encoding (33 bytes).
    pub fn to_sec1_compressed(&self) -> <Affine<C> as PointEncoding>::Compressed {
        self.point.to_compressed()
    }

    /// The uncompressed SEC1 encoding (65 bytes).
    pub fn to_sec1_uncompressed(&self) -> <Affine<C> as PointEncoding>::Uncompressed {
        self.point.to_uncompressed()
    }
}
