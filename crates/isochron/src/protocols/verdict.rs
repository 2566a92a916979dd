//! The public verdicts of secret-handling protocol code, each a small function of its own that
//! is never inlined, so that the constant-time checker declassifies exactly these branches by
//! name (`crates/isochron-ctgrind/verdicts.supp`) and still checks everything around them.

use subtle::Choice;

use crate::error::Error;

/// The verdict on a decoded secret key whose range and zero checks (and public key) were
/// computed in constant time: [`Error::NonCanonical`], [`Error::Zero`] or the key.
#[inline(never)]
pub(crate) fn key_verdict<K>(key: K, canonical: Choice, zero: Choice) -> Result<K, Error> {
    if !bool::from(canonical) {
        return Err(Error::NonCanonical);
    }
    if bool::from(zero) {
        return Err(Error::Zero);
    }
    Ok(key)
}

/// `value`, or [`Error::Zero`] when `zero` (an ECDSA signature with `r = 0` or `s = 0`).
#[inline(never)]
pub(crate) fn zero_verdict<T>(value: T, zero: Choice) -> Result<T, Error> {
    if bool::from(zero) {
        return Err(Error::Zero);
    }
    Ok(value)
}

/// `value`, or [`Error::Identity`] when `identity` (an ECDH result at infinity).
#[inline(never)]
pub(crate) fn identity_verdict<T>(value: T, identity: Choice) -> Result<T, Error> {
    if bool::from(identity) {
        return Err(Error::Identity);
    }
    Ok(value)
}
