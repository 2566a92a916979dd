//! The SEC1 encodings of P-256 points (SEC 1 v2 §2.3.3–2.3.4): compressed, 33 bytes
//! `0x02 | (y mod 2) ‖ x`; uncompressed, 65 bytes `0x04 ‖ x ‖ y`; coordinates big-endian.
//!
//! Encoders are constant time in the point; the identity, which SEC1 writes as the single byte
//! `0x00`, comes out as an all-zero array, and every decoder rejects it ([`Error::Identity`](crate::Error::Identity)).
//! Decoders check, in order: the identity prefix, the prefix ([`Error::InvalidFlags`](crate::Error::InvalidFlags)), the
//! length ([`Error::Length`](crate::Error::Length)), coordinates below `p` ([`Error::NonCanonical`](crate::Error::NonCanonical)), a square root
//! of `x³ − 3x + b` ([`Error::NotASquare`](crate::Error::NotASquare), compressed) or the curve equation
//! ([`Error::NotOnCurve`](crate::Error::NotOnCurve), uncompressed). The cofactor is 1, so there is no subgroup check and
//! the `_unchecked` decoders are the checked ones.

use super::{FpParams, PointAffine, P256};

crate::curve::short_weierstrass::encoding::sec1_encoding!(FpParams, P256, PointAffine);
