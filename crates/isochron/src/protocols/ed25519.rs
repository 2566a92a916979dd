//! Ed25519 (RFC 8032 §5.1): key pairs from 32-byte seeds, signing (constant time in the key and
//! the nonce; the secrets are zeroized), the Ed25519ctx and Ed25519ph variants, and three
//! verification modes that differ only on the edge cases where implementations disagree
//! (Chalkias–Garillot–Nikolaenko, "Taming the many EdDSAs", SSR 2020):
//!
//! | mode | equation | encodings of `A`, `R` | small-order `A`, `R` |
//! |---|---|---|---|
//! | [`Mode::Rfc8032`] ([`verify`]) | `[S]B = R + [k]A` (cofactorless) | canonical only | accepted |
//! | [`Mode::Strict`] ([`verify_strict`]) | cofactorless | canonical only | rejected |
//! | [`Mode::Zip215`] ([`verify_zip215`]) | `[8][S]B = [8]R + [8][k]A` (cofactored) | non-canonical accepted (ZIP 215) | accepted |
//!
//! Every mode requires `S < ℓ` (RFC 8032 §5.1.7). [`batch_verify`] checks many signatures with
//! one multiscalar multiplication under random 128-bit weights; its equation is cofactored, so
//! it accepts a batch exactly when every signature passes [`verify_zip215`] (except with
//! probability about `2^−128`).
//!
//! The field arithmetic is isochron's own or, with the feature `fiat` and
//! `field::fiat::enabled()`, fiat-crypto's; signatures are identical either way.

use alloc::vec::Vec;

use rand_core::{CryptoRng, RngCore};
use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::curves::curve25519::edwards::{EdwardsField, EdwardsPoint};
use crate::curves::curve25519::scalar::{self, Scalar};
use crate::curves::curve25519::with_backend;
use crate::error::Error;
use crate::md::{sha512, Sha512State};

/// Length of a seed (the secret key of RFC 8032 §5.1.5).
pub const SEED_LENGTH: usize = 32;
/// Length of an encoded public key.
pub const PUBLIC_KEY_LENGTH: usize = 32;
/// Length of a signature `R ‖ S`.
pub const SIGNATURE_LENGTH: usize = 64;
/// The longest context Ed25519ctx and Ed25519ph take (RFC 8032 §5.1: at most 255 octets).
pub const MAX_CONTEXT_LENGTH: usize = 255;

/// Which Ed25519 of RFC 8032 §5.1: the prefix `dom2(phflag, context)` and whether the message is
/// hashed first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant<'a> {
    /// Ed25519: no prefix.
    Pure,
    /// Ed25519ctx with this context (RFC 8032 says it should not be empty).
    Ctx(&'a [u8]),
    /// Ed25519ph with this context (may be empty): the message is replaced by its SHA-512.
    Ph(&'a [u8]),
}

/// The verification rules ([module documentation](self)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// RFC 8032 §5.1.7, cofactorless, canonical encodings.
    #[default]
    Rfc8032,
    /// As [`Mode::Rfc8032`], and small-order `A` and `R` rejected.
    Strict,
    /// ZIP 215: cofactored, non-canonical encodings of `A` and `R` accepted.
    Zip215,
}

impl Variant<'_> {
    /// `dom2(phflag, context)` (RFC 8032 §2) into `out`; empty for [`Variant::Pure`].
    fn dom2(&self, out: &mut Vec<u8>) -> Result<(), Error> {
        let (flag, ctx) = match self {
            Variant::Pure => return Ok(()),
            Variant::Ctx(c) => (0u8, c),
            Variant::Ph(c) => (1u8, c),
        };
        if ctx.len() > MAX_CONTEXT_LENGTH {
            return Err(Error::TooLong { max: MAX_CONTEXT_LENGTH, got: ctx.len() });
        }
        out.extend_from_slice(b"SigEd25519 no Ed25519 collisions");
        out.push(flag);
        out.push(ctx.len() as u8);
        out.extend_from_slice(ctx);
        Ok(())
    }

    /// The prefix and the message as signed (`PH(M)` = SHA-512 for Ed25519ph).
    fn prepare<'m>(&self, msg: &'m [u8], ph: &'m mut [u8; 64]) -> Result<(Vec<u8>, &'m [u8]), Error> {
        let mut dom = Vec::new();
        self.dom2(&mut dom)?;
        if let Variant::Ph(_) = self {
            *ph = sha512(&[msg]);
            return Ok((dom, &ph[..]));
        }
        Ok((dom, msg))
    }
}

/// An Ed25519 secret key: the seed and what RFC 8032 §5.1.5 derives from it (the clamped
/// scalar `s`, the nonce prefix, the public key `A = [s]B`). Zeroized on drop.
#[derive(Clone)]
pub struct SigningKey {
    seed: [u8; 32],
    s: Scalar,
    prefix: [u8; 32],
    public: [u8; 32],
}

impl Zeroize for SigningKey {
    fn zeroize(&mut self) {
        self.seed.zeroize();
        self.s.zeroize();
        self.prefix.zeroize();
    }
}

impl Drop for SigningKey {
    fn drop(&mut self) {
        self.zeroize();
    }
}

impl ZeroizeOnDrop for SigningKey {}

impl core::fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("SigningKey").field("public", &self.public).finish_non_exhaustive()
    }
}

/// RFC 8032 §5.1.5 steps 1–3: `h = SHA-512(seed)`, `s` = the clamped low half, the prefix the
/// high half; `A = [s]B`. Constant time.
fn expand<F: EdwardsField>(seed: &[u8; 32]) -> SigningKey {
    let mut h = sha512(&[seed]);
    let mut s_bytes = [0u8; 32];
    s_bytes.copy_from_slice(&h[..32]);
    s_bytes[0] &= 248;
    s_bytes[31] &= 127;
    s_bytes[31] |= 64;
    let s = scalar::from_bytes_mod_order(&s_bytes);
    let mut prefix = [0u8; 32];
    prefix.copy_from_slice(&h[32..]);
    let public = EdwardsPoint::<F>::mul_base(&s).compress();
    h.zeroize();
    s_bytes.zeroize();
    SigningKey { seed: *seed, s, prefix, public }
}

/// RFC 8032 §5.1.6: `r = SHA-512(dom ‖ prefix ‖ M) mod ℓ`, `R = [r]B`,
/// `k = SHA-512(dom ‖ R ‖ A ‖ M) mod ℓ`, `S = r + k·s mod ℓ`. Constant time in the key and `r`.
fn sign_parts<F: EdwardsField>(key: &SigningKey, dom: &[u8], msg: &[u8]) -> [u8; 64] {
    let mut hr = Sha512State::new();
    let mut rh = hr.update(dom).update(&key.prefix).update(msg).finalize();
    let mut r = scalar::from_bytes_mod_order_wide(&rh);
    let big_r = EdwardsPoint::<F>::mul_base(&r).compress();
    let k = challenge(dom, &big_r, &key.public, msg);
    let s = r + k * key.s;
    rh.zeroize();
    r.zeroize();
    let mut sig = [0u8; 64];
    sig[..32].copy_from_slice(&big_r);
    sig[32..].copy_from_slice(&scalar::to_bytes(&s));
    sig
}

/// `k = SHA-512(dom ‖ R ‖ A ‖ M) mod ℓ` (public).
fn challenge(dom: &[u8], r: &[u8; 32], a: &[u8; 32], msg: &[u8]) -> Scalar {
    let mut h = Sha512State::new();
    scalar::from_bytes_mod_order_wide(&h.update(dom).update(r).update(a).update(msg).finalize())
}

impl SigningKey {
    /// The key of a 32-byte seed (RFC 8032 §5.1.5).
    pub fn from_seed(seed: &[u8; 32]) -> Self {
        with_backend!(expand(seed))
    }

    /// A key from a fresh random seed.
    pub fn generate(rng: &mut (impl RngCore + CryptoRng)) -> Self {
        let mut seed = [0u8; 32];
        rng.fill_bytes(&mut seed);
        let key = Self::from_seed(&seed);
        seed.zeroize();
        key
    }

    /// The seed.
    pub fn seed(&self) -> &[u8; 32] {
        &self.seed
    }

    /// The encoded public key `A` (RFC 8032 §5.1.5 step 4).
    pub fn public_key(&self) -> [u8; 32] {
        self.public
    }

    /// The Ed25519 signature of `msg` (RFC 8032 §5.1.6). Deterministic.
    pub fn sign(&self, msg: &[u8]) -> [u8; 64] {
        with_backend!(sign_parts(self, &[], msg))
    }

    /// The signature of `msg` under a variant (Ed25519ctx, Ed25519ph); [`Error::TooLong`] for a
    /// context over 255 bytes.
    pub fn sign_with(&self, msg: &[u8], variant: Variant<'_>) -> Result<[u8; 64], Error> {
        let mut ph = [0u8; 64];
        let (dom, m) = variant.prepare(msg, &mut ph)?;
        Ok(with_backend!(sign_parts(self, &dom, m)))
    }
}

/// The public key of a seed (RFC 8032 §5.1.5).
pub fn public_key(seed: &[u8; 32]) -> [u8; 32] {
    SigningKey::from_seed(seed).public
}

/// A decoded Ed25519 public key: its encoding, the point (decoded with ZIP 215's permissive
/// rules, as affine coordinates), and what the modes check of it (canonical encoding, small
/// order). Decoding costs a square root; verifying many signatures under one key with a
/// `VerifyingKey` pays it once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VerifyingKey {
    bytes: [u8; 32],
    x: [u8; 32],
    y: [u8; 32],
    canonical: bool,
    small_order: bool,
}

impl VerifyingKey {
    /// Decodes a public key; [`Error::NotOnCurve`] if the bytes encode no point. Non-canonical
    /// encodings and small-order points decode (only [`Mode::Zip215`] and [`Mode::Rfc8032`]
    /// respectively accept them at verification).
    pub fn from_bytes(bytes: &[u8; 32]) -> Result<Self, Error> {
        with_backend!(decode_key(bytes))
    }

    /// The encoding the key was decoded from.
    pub fn to_bytes(&self) -> [u8; 32] {
        self.bytes
    }

    /// Whether the encoding is canonical (`y < p`, and not `x = 0` with the sign bit set).
    pub fn is_canonical(&self) -> bool {
        self.canonical
    }

    /// Whether the key is one of the 8 points of small order.
    pub fn is_small_order(&self) -> bool {
        self.small_order
    }

    fn point<F: EdwardsField>(&self) -> EdwardsPoint<F> {
        EdwardsPoint::from_affine_bytes(&self.x, &self.y)
    }

    /// [`Mode::Rfc8032`] verification of `sig` on `msg`.
    pub fn verify(&self, msg: &[u8], sig: &[u8; 64]) -> bool {
        self.verify_with(msg, sig, Variant::Pure, Mode::Rfc8032)
    }

    /// [`Mode::Strict`] verification.
    pub fn verify_strict(&self, msg: &[u8], sig: &[u8; 64]) -> bool {
        self.verify_with(msg, sig, Variant::Pure, Mode::Strict)
    }

    /// [`Mode::Zip215`] verification.
    pub fn verify_zip215(&self, msg: &[u8], sig: &[u8; 64]) -> bool {
        self.verify_with(msg, sig, Variant::Pure, Mode::Zip215)
    }

    /// Verification in any variant and mode; a context over 255 bytes fails.
    pub fn verify_with(&self, msg: &[u8], sig: &[u8; 64], variant: Variant<'_>, mode: Mode) -> bool {
        match mode {
            Mode::Rfc8032 if !self.canonical => return false,
            Mode::Strict if !self.canonical || self.small_order => return false,
            _ => {}
        }
        let mut ph = [0u8; 64];
        let Ok((dom, m)) = variant.prepare(msg, &mut ph) else {
            return false;
        };
        with_backend!(verify_parts(self, &dom, m, sig, mode))
    }
}

fn decode_key<F: EdwardsField>(bytes: &[u8; 32]) -> Result<VerifyingKey, Error> {
    let (x, y, canonical) = EdwardsPoint::<F>::decompress_affine_checked(bytes)?;
    let (x, y) = (x.to_bytes(), y.to_bytes());
    let small_order = bool::from(EdwardsPoint::<F>::from_affine_bytes(&x, &y).is_small_order());
    Ok(VerifyingKey { bytes: *bytes, x, y, canonical, small_order })
}

/// RFC 8032 verification of an Ed25519 signature ([`Mode::Rfc8032`]).
pub fn verify(public_key: &[u8; 32], msg: &[u8], sig: &[u8; 64]) -> bool {
    verify_with(public_key, msg, sig, Variant::Pure, Mode::Rfc8032)
}

/// RFC 8032 verification that also rejects small-order `A` and `R` ([`Mode::Strict`]).
pub fn verify_strict(public_key: &[u8; 32], msg: &[u8], sig: &[u8; 64]) -> bool {
    verify_with(public_key, msg, sig, Variant::Pure, Mode::Strict)
}

/// ZIP 215 verification: cofactored, non-canonical encodings accepted ([`Mode::Zip215`]).
pub fn verify_zip215(public_key: &[u8; 32], msg: &[u8], sig: &[u8; 64]) -> bool {
    verify_with(public_key, msg, sig, Variant::Pure, Mode::Zip215)
}

/// Verification of `sig` on `msg` under the encoded `public_key`, in any variant and mode (a
/// key that does not decode fails).
pub fn verify_with(public_key: &[u8; 32], msg: &[u8], sig: &[u8; 64], variant: Variant<'_>, mode: Mode) -> bool {
    VerifyingKey::from_bytes(public_key).is_ok_and(|k| k.verify_with(msg, sig, variant, mode))
}

/// A signature split into `R` (bytes) and `S` (checked `< ℓ`).
fn split(sig: &[u8; 64]) -> Option<([u8; 32], Scalar)> {
    let mut r = [0u8; 32];
    let mut s = [0u8; 32];
    r.copy_from_slice(&sig[..32]);
    s.copy_from_slice(&sig[32..]);
    Some((r, scalar::from_canonical_bytes(&s)?))
}

/// RFC 8032 §5.1.7 in the chosen mode, the key's own checks done (public data; variable time).
/// With `T = [S]B − [k]A − R` (`k` reduced modulo `ℓ`), cofactorless verification accepts
/// `T = 0` and ZIP 215 `[8]T = 0`. The check runs on half-size scalars (`c ≡ d·k mod 8ℓ`, `d`
/// odd: `[d·S]B − [c]A − [d]R = [d]T`, exact for every `A` and `R`, see
/// `curves::curve25519::half_size`), else, when no short pair is found (rare), as
/// [`verify_parts_full`] does.
fn verify_parts<F: EdwardsField>(key: &VerifyingKey, dom: &[u8], msg: &[u8], sig: &[u8; 64], mode: Mode) -> bool {
    let Some((r_bytes, s)) = split(sig) else {
        return false;
    };
    let k = challenge(dom, &r_bytes, &key.bytes, msg);
    let r = match mode {
        Mode::Zip215 => EdwardsPoint::<F>::decompress_zip215(&r_bytes),
        _ => EdwardsPoint::<F>::decompress(&r_bytes),
    };
    // An `R` that does not decode (canonically, for the cofactorless modes) fails in every mode.
    let Ok(r) = r else {
        return false;
    };
    if mode == Mode::Strict && bool::from(r.is_small_order()) {
        return false;
    }
    let Some(v) = EdwardsPoint::vartime_half_size_combination(&key.point::<F>(), &r, &s, &k) else {
        return verify_parts_full::<F>(key, &r_bytes, &k, &s, mode);
    };
    bool::from(match mode {
        Mode::Zip215 => v.mul_by_cofactor().is_identity(),
        _ => v.is_identity(),
    })
}

/// The verification equation with full-size scalars: `R' = [S]B + [k](−A)`, `k` reduced modulo
/// `ℓ` but not negated modulo `ℓ` (on the torsion components of `A`, `[ℓ − k]` is not `[−k]`).
/// Cofactorless: `R'` encodes to `R`'s bytes (which also rejects a non-canonical or undecodable
/// `R`); strict also rejects a small-order `R'`. ZIP 215: `[8](R' − R)` is the identity, `R`
/// decoded permissively.
fn verify_parts_full<F: EdwardsField>(
    key: &VerifyingKey,
    r_bytes: &[u8; 32],
    k: &Scalar,
    s: &Scalar,
    mode: Mode,
) -> bool {
    let r_check = (-key.point::<F>()).vartime_double_scalar_mul_basepoint(k, s);
    match mode {
        Mode::Rfc8032 => r_check.compress_vartime() == *r_bytes,
        Mode::Strict => r_check.compress_vartime() == *r_bytes && !bool::from(r_check.is_small_order()),
        Mode::Zip215 => EdwardsPoint::<F>::decompress_zip215(r_bytes)
            .is_ok_and(|r| bool::from((r_check - r).mul_by_cofactor().is_identity())),
    }
}

/// Verifies many Ed25519 signatures `(public key, message, signature)` at once: with random
/// 128-bit weights `z_i`, checks `[8](−(Σ z_i·S_i)·B + Σ z_i·R_i + Σ (z_i·k_i)·A_i) = 0` by one
/// multiscalar multiplication (split over threads with `parallel`). ZIP 215 rules (module
/// documentation); an empty batch is valid.
pub fn batch_verify(items: &[(&[u8; 32], &[u8], &[u8; 64])], rng: &mut (impl RngCore + CryptoRng)) -> bool {
    let weights: Vec<Scalar> = items
        .iter()
        .map(|_| {
            let mut z = [0u8; 32];
            rng.fill_bytes(&mut z[..16]);
            scalar::from_bytes_mod_order(&z)
        })
        .collect();
    with_backend!(batch_parts(items, &weights))
}

fn batch_parts<F: EdwardsField>(items: &[(&[u8; 32], &[u8], &[u8; 64])], weights: &[Scalar]) -> bool {
    let mut scalars = Vec::with_capacity(2 * items.len() + 1);
    let mut s_sum = Scalar::ZERO;
    // The encodings R₁, A₁, R₂, A₂, …, decompressed together (their square roots batched).
    let mut encodings: Vec<[u8; 32]> = Vec::with_capacity(2 * items.len());
    for ((pk, msg, sig), z) in items.iter().zip(weights) {
        let Some((r_bytes, s)) = split(sig) else {
            return false;
        };
        let k = challenge(&[], &r_bytes, pk, msg);
        s_sum += *z * s;
        scalars.push(*z);
        encodings.push(r_bytes);
        scalars.push(*z * k);
        encodings.push(**pk);
        // (With the cofactor cleared at the end, reducing z·k modulo ℓ is harmless.)
    }
    let Ok(mut points) = EdwardsPoint::<F>::decompress_zip215_batch(&encodings) else {
        return false;
    };
    scalars.push(-s_sum);
    points.push(EdwardsPoint::basepoint());
    let sum = msm::<F>(&scalars, &points);
    bool::from(sum.mul_by_cofactor().is_identity())
}

/// The multiscalar multiplication of a batch, over both cores with `parallel`.
fn msm<F: EdwardsField>(scalars: &[Scalar], points: &[EdwardsPoint<F>]) -> EdwardsPoint<F> {
    #[cfg(feature = "parallel")]
    if points.len() >= 64 {
        use rayon::prelude::*;
        let chunk = points.len().div_ceil(rayon::current_num_threads().max(1));
        return scalars
            .par_chunks(chunk)
            .zip(points.par_chunks(chunk))
            .map(|(s, p)| EdwardsPoint::multiscalar_mul_vartime(s, p).unwrap_or_default())
            .reduce(|| EdwardsPoint::IDENTITY, |a, b| a + b);
    }
    EdwardsPoint::multiscalar_mul_vartime(scalars, points).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::curves::curve25519::Fe;

    /// The half-size check against the full-size one, mode by mode, on valid signatures, on
    /// corrupted ones, and on keys and nonces with torsion components added (the cases where a
    /// careless half-size check would differ from cofactorless verification).
    #[test]
    fn half_size_matches_full_size() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(2_020_454);
        // A point of order 8 (the speccheck vectors' small-order key).
        let t8 = EdwardsPoint::<Fe>::decompress(&[
            0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f, 0x2a, 0x20,
            0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0xfa,
        ])
        .unwrap();
        let mut agreements = [0usize; 2];
        for round in 0..600 {
            let seed: [u8; 32] = rng.gen();
            let key = SigningKey::from_seed(&seed);
            let msg: [u8; 16] = rng.gen();
            let mut sig = key.sign(&msg);
            let mut pk = key.public_key();
            match round % 6 {
                0 => {}
                1 => sig[rng.gen_range(0..64)] ^= 1 << rng.gen_range(0..8),
                2 | 3 => {
                    // A' = A + [j]T, and S' = s·… unchanged: valid only in special cases.
                    let a = EdwardsPoint::<Fe>::decompress(&pk).unwrap()
                        + t8.mul_vartime(&Scalar::from_u64(rng.gen_range(1..8)));
                    pk = a.compress();
                }
                4 => {
                    // R' = R + [j]T with the signature recomputed for R' (k over R'): the
                    // cofactorless check fails, the cofactored one passes.
                    let r = EdwardsPoint::<Fe>::decompress(&sig[..32].try_into().unwrap()).unwrap();
                    let r2 = (r + t8.mul_vartime(&Scalar::from_u64(rng.gen_range(1..8)))).compress();
                    sig[..32].copy_from_slice(&r2);
                }
                _ => {
                    // A torsion-only change that cancels: A' = A + T, R' = R + [k]T needs k;
                    // instead test the identity key with S = 0 and R = T (order 8).
                    pk = t8.compress();
                    sig[..32].copy_from_slice(&t8.mul_vartime(&Scalar::from_u64(rng.gen_range(0..8))).compress());
                    sig[32..].fill(0);
                }
            }
            let Ok(vk) = VerifyingKey::from_bytes(&pk) else { continue };
            for mode in [Mode::Rfc8032, Mode::Strict, Mode::Zip215] {
                if (mode == Mode::Rfc8032 && !vk.canonical)
                    || (mode == Mode::Strict && (!vk.canonical || vk.small_order))
                {
                    continue;
                }
                let (r_bytes, s) = split(&sig).map_or(([0; 32], Scalar::ZERO), |x| x);
                let fast = verify_parts::<Fe>(&vk, &[], &msg, &sig, mode);
                let full = split(&sig).is_some()
                    && verify_parts_full::<Fe>(&vk, &r_bytes, &challenge(&[], &r_bytes, &pk, &msg), &s, mode);
                assert_eq!(fast, full, "round {round} {mode:?}");
                agreements[usize::from(fast)] += 1;
            }
        }
        // Both verdicts occur.
        assert!(agreements[0] > 100 && agreements[1] > 100, "{agreements:?}");
    }
}
