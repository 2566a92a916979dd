//! The one error type of isochron: every decoder and protocol entry point reports what was wrong.

use core::fmt;

/// Why an input was rejected. Non-exhaustive: later versions may add reasons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The input has the wrong length (`expected` bytes, `got` bytes).
    Length {
        /// Length the decoder requires.
        expected: usize,
        /// Length it was given.
        got: usize,
    },
    /// An integer encoding is not the canonical one (for a field element: value ≥ modulus).
    NonCanonical,
    /// A point encoding's flag bits are invalid.
    InvalidFlags,
    /// The coordinates do not satisfy the curve equation.
    NotOnCurve,
    /// The point is on the curve but not in the prime-order subgroup.
    NotInSubgroup,
    /// The element has no square root (decompression of an x with no y).
    NotASquare,
    /// Inversion or division of zero.
    Zero,
    /// A hash-to-curve domain separation tag is empty (RFC 9380 §3.1: tags must be non-empty).
    EmptyDomainTag,
    /// `expand_message` was asked for more bytes than it can produce (RFC 9380 §5.3).
    ExpandLength {
        /// The most the expander can produce.
        max: usize,
        /// The number of bytes requested.
        got: usize,
    },
    /// An FFT domain size that is not a power of two `2^k` with `k ≤ max_log2` (the scalar
    /// field's 2-adicity), or a bit-reversal permutation of a length that is not a power of two.
    UnsupportedDomainSize {
        /// The size asked for.
        size: usize,
        /// The largest supported `k`.
        max_log2: u32,
    },
    /// An FFT given a vector of `got` elements for a domain of `expected` points.
    DomainLength {
        /// The domain's size.
        expected: usize,
        /// The vector's length.
        got: usize,
    },
    /// The input is shorter than the minimum the specification allows (for instance BLS
    /// KeyGen's key material, at least 32 bytes).
    TooShort {
        /// The least number of bytes accepted.
        min: usize,
        /// The number of bytes given.
        got: usize,
    },
    /// The point at infinity where the specification forbids it (a BLS public key,
    /// draft-irtf-cfrg-bls-signature-05 §2.5 KeyValidate).
    Identity,
    /// An empty list where at least one item is required (BLS Aggregate of no signatures).
    Empty,
    /// The input is longer than the specification allows (an Ed25519ctx or Ed25519ph context
    /// over 255 bytes, RFC 8032 §5.1).
    TooLong {
        /// The most bytes accepted.
        max: usize,
        /// The number of bytes given.
        got: usize,
    },
    /// Lists that must have the same number of items do not (EIP-4844
    /// `verify_blob_kzg_proof_batch`: blobs, commitments and proofs), or a list has the wrong
    /// number of items (a KZG trusted setup's point counts).
    Count {
        /// The number of items required.
        expected: usize,
        /// The number given.
        got: usize,
    },
    /// An index at or above its bound (an EIP-7594 cell index `≥ CELLS_PER_EXT_BLOB`).
    IndexOutOfRange {
        /// The index given.
        index: u64,
        /// The exclusive bound.
        bound: u64,
    },
    /// A list has fewer than `min` or more than `max` items (EIP-7594 recovery: from half of
    /// the cells up to all of them).
    CountRange {
        /// The least number of items accepted.
        min: usize,
        /// The most items accepted.
        max: usize,
        /// The number given.
        got: usize,
    },
    /// An index appears twice where each must be unique (EIP-7594 recovery's cell indices).
    Duplicate {
        /// The repeated index.
        index: u64,
    },
    /// A DER-encoded signature breaks a rule of strict DER (X.690 §10; BIP-66).
    Der,
    /// Indices that must be in ascending order are not (EIP-7594 recovery's cell indices).
    Unsorted,
    /// A text input is not in its format (a KZG trusted-setup file: `line` is 1-based).
    Malformed {
        /// The 1-based line of the first problem.
        line: usize,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Length { expected, got } => {
                write!(f, "wrong length: expected {expected} bytes, got {got}")
            }
            Error::NonCanonical => f.write_str("non-canonical encoding (value not below the modulus)"),
            Error::InvalidFlags => f.write_str("invalid flag bits in point encoding"),
            Error::NotOnCurve => f.write_str("point is not on the curve"),
            Error::NotInSubgroup => f.write_str("point is not in the prime-order subgroup"),
            Error::NotASquare => f.write_str("element is not a square"),
            Error::Zero => f.write_str("zero has no inverse"),
            Error::EmptyDomainTag => f.write_str("empty domain separation tag"),
            Error::ExpandLength { max, got } => {
                write!(f, "expand_message output too long: at most {max} bytes, asked for {got}")
            }
            Error::UnsupportedDomainSize { size, max_log2 } => {
                write!(f, "unsupported FFT domain size {size}: not a power of two of at most 2^{max_log2}")
            }
            Error::DomainLength { expected, got } => {
                write!(f, "FFT input of {got} elements for a domain of {expected} points")
            }
            Error::TooShort { min, got } => write!(f, "too short: at least {min} bytes required, got {got}"),
            Error::TooLong { max, got } => write!(f, "too long: at most {max} bytes allowed, got {got}"),
            Error::Identity => f.write_str("point at infinity is not allowed here"),
            Error::Empty => f.write_str("empty input list"),
            Error::Count { expected, got } => write!(f, "wrong number of items: expected {expected}, got {got}"),
            Error::IndexOutOfRange { index, bound } => write!(f, "index {index} out of range: must be below {bound}"),
            Error::CountRange { min, max, got } => {
                write!(f, "wrong number of items: between {min} and {max} required, got {got}")
            }
            Error::Duplicate { index } => write!(f, "index {index} appears more than once"),
            Error::Der => f.write_str("not a strict DER signature"),
            Error::Unsorted => f.write_str("indices are not in ascending order"),
            Error::Malformed { line } => write!(f, "malformed input at line {line}"),
        }
    }
}

/// `core::error::Error`, which is `std::error::Error` (so with or without `std`).
impl core::error::Error for Error {}
