//! The three schemes of draft-irtf-cfrg-bls-signature-05 §3 over the core operations of §2
//! (CoreSign, CoreVerify, CoreAggregateVerify), for either variant.

use alloc::borrow::Cow;
use alloc::vec::Vec;
use core::marker::PhantomData;

#[cfg(feature = "parallel")]
use super::handoff::Handoff;
use super::keys::{sum_points, PublicKey, SecretKey};
use super::signature::Signature;
use super::variant::Variant;
use crate::curve::{AffinePoint, Group};
use crate::curves::bls12_381::Bls12_381;
use crate::pairing::PairingEngine;

/// A scheme of draft-05 §3: how messages are bound to signers in aggregates.
pub trait Scheme: 'static + Copy + Clone + core::fmt::Debug + Default + Send + Sync {
    /// The scheme's suffix of the ciphersuite ID (`NUL_`, `AUG_`, `POP_`; draft-05 §4.2).
    const TAG: &'static str;
    /// Whether AggregateVerify requires the messages to be distinct (the basic scheme, §3.1.1).
    const DISTINCT_MESSAGES: bool;
    /// Whether each message is prefixed with the signer's public key (§3.2).
    const AUGMENT: bool;
}

/// The basic scheme (draft-05 §3.1): AggregateVerify rejects repeated messages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Basic;

/// The message-augmentation scheme (draft-05 §3.2): every message is signed as
/// `PK ‖ message` (the compressed public key).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MessageAugmentation;

/// The proof-of-possession scheme (draft-05 §3.3): keys come with a proof (PopProve,
/// PopVerify), which makes FastAggregateVerify over one message safe. Ethereum's scheme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProofOfPossession;

impl Scheme for Basic {
    const TAG: &'static str = "NUL_";
    const DISTINCT_MESSAGES: bool = true;
    const AUGMENT: bool = false;
}

impl Scheme for MessageAugmentation {
    const TAG: &'static str = "AUG_";
    const DISTINCT_MESSAGES: bool = false;
    const AUGMENT: bool = true;
}

impl Scheme for ProofOfPossession {
    const TAG: &'static str = "POP_";
    const DISTINCT_MESSAGES: bool = false;
    const AUGMENT: bool = false;
}

/// A domain separation tag built from its parts (at most 64 bytes).
#[derive(Clone, Copy)]
pub struct DomainTag {
    buf: [u8; 64],
    len: usize,
}

impl DomainTag {
    fn new(parts: &[&str]) -> Self {
        let mut t = DomainTag { buf: [0; 64], len: 0 };
        for p in parts {
            t.buf[t.len..t.len + p.len()].copy_from_slice(p.as_bytes());
            t.len += p.len();
        }
        t
    }

    /// The tag's bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

impl core::fmt::Debug for DomainTag {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(core::str::from_utf8(self.as_bytes()).unwrap_or("<non-utf8>"))
    }
}

/// A ciphersuite of draft-05 §4: a variant `V` ([`super::MinPk`], [`super::MinSig`]) and a
/// scheme `S`, with the operations of §2–3 as associated functions. Its ID, the
/// hash-to-curve DST, is `BLS_SIG_` + `V::HASH_SUITE` + `S::TAG`, e.g.
/// `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_` (Ethereum, [`super::eth`]).
///
/// Verification functions take validated [`PublicKey`]s and [`Signature`]s (KeyValidate and
/// the signature subgroup check happen once, at decoding) and return `false` for empty
/// inputs, as the Ethereum consensus specs require.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ciphersuite<V: Variant, S: Scheme>(PhantomData<(V, S)>);

impl<V: Variant, S: Scheme> Ciphersuite<V, S> {
    /// The ciphersuite ID, used as the DST of `hash_to_point` (draft-05 §4.2).
    pub fn dst() -> DomainTag {
        DomainTag::new(&["BLS_SIG_", V::HASH_SUITE, S::TAG])
    }

    /// The message as this scheme hashes it: the message itself, or `PK ‖ message` for message
    /// augmentation (draft-05 §3.2.1).
    fn signed_message<'a>(pk: &PublicKey<V>, msg: &'a [u8]) -> Cow<'a, [u8]> {
        if !S::AUGMENT {
            return Cow::Borrowed(msg);
        }
        let pk_bytes = pk.to_bytes();
        let mut m = Vec::with_capacity(V::PK_SIZE + msg.len());
        m.extend_from_slice(pk_bytes.as_ref());
        m.extend_from_slice(msg);
        Cow::Owned(m)
    }

    /// `hash_to_point` of the message as this scheme signs it ([`Self::signed_message`]).
    pub(crate) fn hash_message(pk: &PublicKey<V>, msg: &[u8], dst: &DomainTag) -> V::SigGroup {
        V::hash_to_point(&Self::signed_message(pk, msg), dst.as_bytes())
    }

    /// Sign (draft-05 §3.1, §3.2.1, §3.3): `SK·hash_to_point(message)` (CoreSign, §2.6), the
    /// message prefixed with `SkToPk(SK)` for message augmentation. Constant time in the key
    /// and the message (its length aside).
    pub fn sign(sk: &SecretKey, msg: &[u8]) -> Signature<V> {
        let dst = Self::dst();
        let q = if S::AUGMENT {
            Self::hash_message(&sk.public_key::<V>(), msg, &dst)
        } else {
            V::hash_to_point(msg, dst.as_bytes())
        };
        Signature::from_point(core::ops::Mul::mul(q, &sk.0).to_affine())
    }

    /// Verify (CoreVerify, draft-05 §2.7; §3.2.2 for augmentation):
    /// `e(PK, H(m)) = e(P, σ)`, checked as `e(PK, H(m))·e(−P, σ) = 1` with one final
    /// exponentiation after one two-pair Miller loop, or with `parallel` after two Miller loops
    /// on two threads (`check_against_generator`). Variable time (all inputs public).
    pub fn verify(pk: &PublicKey<V>, msg: &[u8], sig: &Signature<V>) -> bool {
        check_against_generator::<V>(|| pk.point, &Self::signed_message(pk, msg), Self::dst().as_bytes(), sig)
    }

    /// AggregateVerify (CoreAggregateVerify, draft-05 §2.9; §3.1.1 for the basic scheme's
    /// distinct-message rule, §3.2.3 for augmentation): `∏ e(PKᵢ, H(mᵢ))·e(−P, σ) = 1`.
    /// `false` for no keys, for unequal numbers of keys and messages, and (basic scheme) for
    /// repeated messages.
    pub fn aggregate_verify(pks: &[PublicKey<V>], msgs: &[&[u8]], sig: &Signature<V>) -> bool {
        if pks.is_empty() || pks.len() != msgs.len() {
            return false;
        }
        if S::DISTINCT_MESSAGES && !all_distinct(msgs) {
            return false;
        }
        let dst = Self::dst();
        let hashes: Vec<V::SigGroup> = pks.iter().zip(msgs).map(|(pk, m)| Self::hash_message(pk, m, &dst)).collect();
        let affine = V::SigGroup::batch_normalize(&hashes);
        let mut pairs: Vec<_> = pks.iter().zip(&affine).map(|(pk, h)| V::pair(&pk.point, h)).collect();
        pairs.push(V::pair(&-V::PkPoint::generator(), &sig.point));
        Bls12_381::pairing_check(&pairs)
    }
}

impl<V: Variant> Ciphersuite<V, ProofOfPossession> {
    /// The DST of proofs of possession, `BLS_POP_` + `V::HASH_SUITE` + `POP_` (draft-05
    /// §4.2.3).
    pub fn pop_dst() -> DomainTag {
        DomainTag::new(&["BLS_POP_", V::HASH_SUITE, "POP_"])
    }

    /// PopProve (draft-05 §3.3.2): `SK·hash_pubkey_to_point(SkToPk(SK))`, the compressed key
    /// hashed with the POP DST. Constant time in the key.
    pub fn pop_prove(sk: &SecretKey) -> Signature<V> {
        let pk = sk.public_key::<V>().to_bytes();
        let q = V::hash_to_point(pk.as_ref(), Self::pop_dst().as_bytes());
        Signature::from_point(core::ops::Mul::mul(q, &sk.0).to_affine())
    }

    /// PopVerify (draft-05 §3.3.3): `e(PK, hash_pubkey_to_point(PK)) = e(P, proof)`.
    pub fn pop_verify(pk: &PublicKey<V>, proof: &Signature<V>) -> bool {
        check_against_generator::<V>(|| pk.point, pk.to_bytes().as_ref(), Self::pop_dst().as_bytes(), proof)
    }

    /// FastAggregateVerify (draft-05 §3.3.4): Verify of one message against the sum of the
    /// keys, which must all have proven possession. `false` for no keys (Ethereum's
    /// `FastAggregateVerify`; see [`super::eth::eth_fast_aggregate_verify`] for the Altair
    /// exception).
    pub fn fast_aggregate_verify(pks: &[PublicKey<V>], msg: &[u8], sig: &Signature<V>) -> bool {
        if pks.is_empty() {
            return false;
        }
        check_against_generator::<V>(|| sum_points(pks).to_affine(), msg, Self::dst().as_bytes(), sig)
    }
}

/// `e(PK, H)·e(−P, σ) = 1` with `PK = key()` (a key, or an aggregation of keys), `H =
/// hash_to_point(msg)` and the generator `P`: CoreVerify's check (draft-05 §2.7). Without
/// `parallel` (or on a one-thread pool), one two-pair Miller loop (shared squarings). With it,
/// the work goes to two threads and one final exponentiation follows (blst's `verify` does the
/// same on its thread pool): the calling thread hashes to the field, maps `u0`, clears the
/// cofactor of `map(u0) + map(u1)` and runs the Miller loop of `(PK, H)`; one job on the pool
/// maps `u1`, computes `key()` and runs the Miller loop of `(−P, σ)`. `map(u1)`, `key()` and
/// that Miller loop are [`Handoff`]s: whichever thread gets to one first computes it, so a late
/// worker costs no waiting (the calling thread runs the second Miller loop itself when the
/// worker has not started it by then). The calling thread hands over one job, so it pays one
/// worker wake-up, not the three of a `rayon::join` called from outside the pool (which
/// measured slower than one thread from Python, where the workers sleep between calls).
/// Variable time (all inputs public).
fn check_against_generator<V: Variant>(
    key: impl Fn() -> V::PkPoint + Sync,
    msg: &[u8],
    dst: &[u8],
    sig: &Signature<V>,
) -> bool {
    let neg_g = -V::PkPoint::generator();
    #[cfg(feature = "parallel")]
    if rayon::current_num_threads() > 1 {
        let u = V::hash_to_field(msg, dst);
        let (map_u1, key_point) = (Handoff::new(), Handoff::new());
        let key_side = || {
            let q0 = V::map_to_curve(&u[0]);
            let q1 = map_u1.take(|| V::map_to_curve(&u[1]));
            let h = V::clear_cofactor(&(q0 + q1)).to_affine();
            let (p, q) = V::pair(&key_point.take(&key), &h);
            Bls12_381::miller_loop(&p, &q)
        };
        let sig_pair = || {
            let (p, q) = V::pair(&neg_g, &sig.point);
            Bls12_381::miller_loop(&p, &q)
        };
        let sig_miller_loop = Handoff::new();
        let sig_side = || {
            map_u1.offer(|| V::map_to_curve(&u[1]));
            key_point.offer(&key);
            sig_miller_loop.offer(sig_pair);
        };
        // The final exponentiation inside the scope: by its end the spawned job (if it has
        // started at all) has long finished, so a late worker is not waited for.
        return rayon::in_place_scope(|s| {
            s.spawn(|_| sig_side());
            let f1 = key_side();
            let f2 = sig_miller_loop.take(sig_pair);
            bool::from(Bls12_381::final_exponentiation(&(f1 * f2)).is_identity())
        });
    }
    let h = V::hash_to_point(msg, dst).to_affine();
    Bls12_381::pairing_check(&[V::pair(&key(), &h), V::pair(&neg_g, &sig.point)])
}

/// Whether no message repeats (the messages are public: sorting is fine).
fn all_distinct(msgs: &[&[u8]]) -> bool {
    let mut sorted: Vec<&[u8]> = msgs.to_vec();
    sorted.sort_unstable();
    sorted.windows(2).all(|w| w[0] != w[1])
}
