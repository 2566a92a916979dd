//! ECDSA (SEC 1 v2 §4.1; FIPS 186-5 §6): the parts that do not depend on the curve —
//! deterministic nonces (RFC 6979, [`rfc6979`]) and the DER signature format ([`der`]).

pub(crate) mod der;
pub(crate) mod rfc6979;
