//! isochron's C ABI: every entry point is `isochron_*`, returns an [`isochron_status`], takes
//! its out-parameters first and then its inputs, and gives each buffer's length right after
//! its pointer. The header `include/isochron.h` is generated from this crate by cbindgen
//! (`tests/header.rs` fails if the checked-in copy is stale).
//!
//! # Conventions
//!
//! - **Buffers.** An input is `(const uint8_t *p, size_t len)`; `p` may be NULL only when
//!   `len` is 0. A fixed-size output is `(uint8_t *out, size_t out_len)` with `out_len` at
//!   least the size the function documents (it writes exactly that many bytes); a
//!   variable-size output also takes `size_t *written`. A wrong input length is
//!   `ISOCHRON_BAD_LENGTH`, a short output buffer `ISOCHRON_BUFFER_TOO_SMALL`, a NULL pointer
//!   with a non-zero length `ISOCHRON_NULL_POINTER`. Nothing is written on failure (except, for
//!   a variable-size output too short, the size needed in `*written`).
//! - **Verification** returns `ISOCHRON_OK` when the signature or proof is valid and
//!   `ISOCHRON_VERIFY_FAILED` when well-formed inputs do not verify; malformed inputs get the
//!   status that says why.
//! - **Lists** of fixed-size items (keys, signatures, blobs, points) are one concatenated buffer
//!   and its total length; lists of messages are an array of pointers and an array of lengths.
//! - **Handles** ([`kzg::isochron_kzg_settings`]) are created by `*_load*` functions and released by
//!   their `*_free` function; the embedded mainnet setup is a static handle never freed.
//! - **No panic crosses the boundary**: every entry point runs under `catch_unwind` and
//!   reports `ISOCHRON_INTERNAL` if the library ever panicked.
//! - **Secrets** (secret keys, seeds, nonces' randomness) are read from the caller's buffers
//!   and the library's copies are zeroized when dropped; wiping the caller's buffers is the
//!   caller's job. The functions that handle secrets run in constant time.
//!
//! # Safety
//!
//! Every function here is `unsafe extern "C"`: the caller guarantees that each non-NULL
//! pointer is valid for its stated length (reads for inputs, writes for outputs) for the whole
//! call, that outputs do not overlap inputs, and that handles came from this library and were
//! not freed. With those, no input makes a function read or write out of bounds or panic.
#![allow(non_camel_case_types)]
// The crate-level `# Safety` section above is the contract of every entry point.
#![allow(clippy::missing_safety_doc)]

use std::panic::{catch_unwind, AssertUnwindSafe};

use isochron::protocols::evm::PrecompileError;
use isochron::Error;

pub mod bls;
pub mod c25519;
pub mod curves;
pub mod evm;
pub mod kzg;
pub mod secp;

/// The result of every entry point: `ISOCHRON_OK` (0) or the reason for failure.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum isochron_status {
    /// Success (for a verification: valid).
    ISOCHRON_OK = 0,
    /// Well-formed inputs that do not verify (a signature, a proof, a pairing equation).
    ISOCHRON_VERIFY_FAILED = 1,
    /// An input has the wrong length (or a list's total length is not a whole number of items).
    ISOCHRON_BAD_LENGTH = 2,
    /// An output buffer is shorter than the function writes.
    ISOCHRON_BUFFER_TOO_SMALL = 3,
    /// A NULL pointer where a non-empty buffer or a handle is required.
    ISOCHRON_NULL_POINTER = 4,
    /// An integer or field element is not in canonical form (≥ its modulus).
    ISOCHRON_NON_CANONICAL = 5,
    /// A point encoding's flag bits (or SEC1 prefix) are invalid.
    ISOCHRON_INVALID_FLAGS = 6,
    /// The point is not on the curve (or a compressed x has no y).
    ISOCHRON_NOT_ON_CURVE = 7,
    /// The point is not in the prime-order subgroup.
    ISOCHRON_NOT_IN_SUBGROUP = 8,
    /// The identity (point at infinity) where it is not allowed, or an all-zero shared secret.
    ISOCHRON_IDENTITY = 9,
    /// A zero scalar or secret key where it is not allowed.
    ISOCHRON_ZERO = 10,
    /// An empty list where at least one item is required.
    ISOCHRON_EMPTY = 11,
    /// Lists that must have the same number of items do not.
    ISOCHRON_COUNT_MISMATCH = 12,
    /// An index at or above its bound (an EIP-7594 cell index).
    ISOCHRON_INDEX_OUT_OF_RANGE = 13,
    /// An index appears twice.
    ISOCHRON_DUPLICATE_INDEX = 14,
    /// Indices that must ascend do not.
    ISOCHRON_UNSORTED = 15,
    /// A text input (a trusted-setup file) is malformed.
    ISOCHRON_MALFORMED = 16,
    /// A DER signature breaks strict DER.
    ISOCHRON_BAD_DER = 17,
    /// An argument outside its documented values (an unknown mode, fork or curve).
    ISOCHRON_INVALID_ARGUMENT = 18,
    /// No EVM precompile has this name or address, or it is not active in the fork.
    ISOCHRON_UNKNOWN_PRECOMPILE = 19,
    /// The EVM precompile rejected its input (the EVM's exceptional halt).
    ISOCHRON_PRECOMPILE_FAILED = 20,
    /// The precompile's gas exceeds the gas limit.
    ISOCHRON_OUT_OF_GAS = 21,
    /// A file could not be read.
    ISOCHRON_IO = 22,
    /// The library failed internally (a caught panic: a bug, please report it).
    ISOCHRON_INTERNAL = 23,
}

use isochron_status::*;

impl isochron_status {
    /// Every status, in value order.
    const ALL: [isochron_status; 24] = [
        ISOCHRON_OK,
        ISOCHRON_VERIFY_FAILED,
        ISOCHRON_BAD_LENGTH,
        ISOCHRON_BUFFER_TOO_SMALL,
        ISOCHRON_NULL_POINTER,
        ISOCHRON_NON_CANONICAL,
        ISOCHRON_INVALID_FLAGS,
        ISOCHRON_NOT_ON_CURVE,
        ISOCHRON_NOT_IN_SUBGROUP,
        ISOCHRON_IDENTITY,
        ISOCHRON_ZERO,
        ISOCHRON_EMPTY,
        ISOCHRON_COUNT_MISMATCH,
        ISOCHRON_INDEX_OUT_OF_RANGE,
        ISOCHRON_DUPLICATE_INDEX,
        ISOCHRON_UNSORTED,
        ISOCHRON_MALFORMED,
        ISOCHRON_BAD_DER,
        ISOCHRON_INVALID_ARGUMENT,
        ISOCHRON_UNKNOWN_PRECOMPILE,
        ISOCHRON_PRECOMPILE_FAILED,
        ISOCHRON_OUT_OF_GAS,
        ISOCHRON_IO,
        ISOCHRON_INTERNAL,
    ];
}

/// A short English description of a status value, as a static NUL-terminated string (never
/// NULL, never to be freed); `"unknown status"` for a value that is no status. (The argument
/// is an `int`, not the enum, so that any value a caller passes is defined behaviour.)
#[no_mangle]
pub extern "C" fn isochron_status_str(status: core::ffi::c_int) -> *const core::ffi::c_char {
    let Some(&status) = usize::try_from(status).ok().and_then(|i| isochron_status::ALL.get(i)) else {
        return c"unknown status".as_ptr();
    };
    let s: &'static core::ffi::CStr = match status {
        ISOCHRON_OK => c"ok",
        ISOCHRON_VERIFY_FAILED => c"verification failed",
        ISOCHRON_BAD_LENGTH => c"bad length",
        ISOCHRON_BUFFER_TOO_SMALL => c"output buffer too small",
        ISOCHRON_NULL_POINTER => c"null pointer",
        ISOCHRON_NON_CANONICAL => c"non-canonical encoding",
        ISOCHRON_INVALID_FLAGS => c"invalid flag bits or prefix",
        ISOCHRON_NOT_ON_CURVE => c"point not on the curve",
        ISOCHRON_NOT_IN_SUBGROUP => c"point not in the subgroup",
        ISOCHRON_IDENTITY => c"identity point not allowed",
        ISOCHRON_ZERO => c"zero not allowed",
        ISOCHRON_EMPTY => c"empty list",
        ISOCHRON_COUNT_MISMATCH => c"list lengths differ",
        ISOCHRON_INDEX_OUT_OF_RANGE => c"index out of range",
        ISOCHRON_DUPLICATE_INDEX => c"duplicate index",
        ISOCHRON_UNSORTED => c"indices not ascending",
        ISOCHRON_MALFORMED => c"malformed text input",
        ISOCHRON_BAD_DER => c"invalid DER",
        ISOCHRON_INVALID_ARGUMENT => c"invalid argument",
        ISOCHRON_UNKNOWN_PRECOMPILE => c"unknown or inactive precompile",
        ISOCHRON_PRECOMPILE_FAILED => c"precompile failed",
        ISOCHRON_OUT_OF_GAS => c"out of gas",
        ISOCHRON_IO => c"file not readable",
        ISOCHRON_INTERNAL => c"internal error",
    };
    s.as_ptr()
}

impl From<Error> for isochron_status {
    fn from(e: Error) -> Self {
        match e {
            Error::Length { .. } | Error::TooShort { .. } | Error::TooLong { .. } | Error::ExpandLength { .. } => {
                ISOCHRON_BAD_LENGTH
            }
            Error::NonCanonical => ISOCHRON_NON_CANONICAL,
            Error::InvalidFlags => ISOCHRON_INVALID_FLAGS,
            Error::NotOnCurve | Error::NotASquare => ISOCHRON_NOT_ON_CURVE,
            Error::NotInSubgroup => ISOCHRON_NOT_IN_SUBGROUP,
            Error::Identity => ISOCHRON_IDENTITY,
            Error::Zero => ISOCHRON_ZERO,
            Error::Empty => ISOCHRON_EMPTY,
            Error::Count { .. } | Error::DomainLength { .. } => ISOCHRON_COUNT_MISMATCH,
            Error::CountRange { .. } => ISOCHRON_BAD_LENGTH,
            Error::IndexOutOfRange { .. } => ISOCHRON_INDEX_OUT_OF_RANGE,
            Error::Duplicate { .. } => ISOCHRON_DUPLICATE_INDEX,
            Error::Unsorted => ISOCHRON_UNSORTED,
            Error::Malformed { .. } => ISOCHRON_MALFORMED,
            Error::Der => ISOCHRON_BAD_DER,
            _ => ISOCHRON_INVALID_ARGUMENT,
        }
    }
}

impl From<PrecompileError> for isochron_status {
    fn from(e: PrecompileError) -> Self {
        match e {
            PrecompileError::UnknownPrecompile | PrecompileError::NotActive => ISOCHRON_UNKNOWN_PRECOMPILE,
            PrecompileError::OutOfGas => ISOCHRON_OUT_OF_GAS,
            _ => ISOCHRON_PRECOMPILE_FAILED,
        }
    }
}

/// What an entry point's body returns: `Ok(())` or the status to report.
type Outcome = Result<(), isochron_status>;

/// Runs an entry point's body, turning its outcome into a status and a panic into
/// `ISOCHRON_INTERNAL` (no unwinding crosses the C boundary).
fn run(body: impl FnOnce() -> Outcome) -> isochron_status {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => ISOCHRON_OK,
        Ok(Err(s)) => s,
        Err(_) => ISOCHRON_INTERNAL,
    }
}

/// `ISOCHRON_OK` for `true`, `ISOCHRON_VERIFY_FAILED` for `false`.
fn verdict(valid: bool) -> Outcome {
    if valid {
        Ok(())
    } else {
        Err(ISOCHRON_VERIFY_FAILED)
    }
}

/// The input array `(p, len)` (`len` elements) as a slice (empty for `len == 0`, whatever
/// `p`).
///
/// # Safety
/// A non-NULL `p` is valid for reads of `len` elements for `'a`.
unsafe fn input<'a, T>(p: *const T, len: usize) -> Result<&'a [T], isochron_status> {
    if len == 0 {
        return Ok(&[]);
    }
    if p.is_null() {
        return Err(ISOCHRON_NULL_POINTER);
    }
    // SAFETY: non-NULL and valid for `len` elements (this function's contract).
    Ok(unsafe { core::slice::from_raw_parts(p, len) })
}

/// The input buffer `(p, len)` as exactly `N` bytes.
///
/// # Safety
/// As [`input`].
unsafe fn input_array<'a, const N: usize>(p: *const u8, len: usize) -> Result<&'a [u8; N], isochron_status> {
    if len != N {
        return Err(ISOCHRON_BAD_LENGTH);
    }
    // SAFETY: forwarded contract.
    let s = unsafe { input(p, len) }?;
    s.try_into().map_err(|_| ISOCHRON_BAD_LENGTH)
}

/// The input buffer `(p, len)` split into items of `size` bytes (`ISOCHRON_BAD_LENGTH` unless
/// `len` is a multiple of `size`).
///
/// # Safety
/// As [`input`].
unsafe fn input_items<'a>(p: *const u8, len: usize, size: usize) -> Result<Vec<&'a [u8]>, isochron_status> {
    if !len.is_multiple_of(size) {
        return Err(ISOCHRON_BAD_LENGTH);
    }
    // SAFETY: forwarded contract.
    Ok(unsafe { input(p, len) }?.chunks_exact(size).collect())
}

/// An array of `n` messages given as an array of pointers and an array of lengths.
///
/// # Safety
/// `ptrs` and `lens` are valid for `n` elements when `n > 0`, and each `(ptrs[i], lens[i])` is
/// a valid input buffer.
unsafe fn input_list<'a>(
    ptrs: *const *const u8,
    lens: *const usize,
    n: usize,
) -> Result<Vec<&'a [u8]>, isochron_status> {
    if n == 0 {
        return Ok(Vec::new());
    }
    if ptrs.is_null() || lens.is_null() {
        return Err(ISOCHRON_NULL_POINTER);
    }
    // SAFETY: both arrays are valid for `n` elements (this function's contract).
    let (ptrs, lens) = unsafe { (core::slice::from_raw_parts(ptrs, n), core::slice::from_raw_parts(lens, n)) };
    // SAFETY: each pair is a valid input buffer (this function's contract).
    ptrs.iter().zip(lens).map(|(&p, &len)| unsafe { input(p, len) }).collect()
}

/// Copies `bytes` into the output buffer `(out, out_len)`.
///
/// # Safety
/// A non-NULL `out` is valid for writes of `out_len` bytes.
unsafe fn write(out: *mut u8, out_len: usize, bytes: &[u8]) -> Outcome {
    if out_len < bytes.len() {
        return Err(ISOCHRON_BUFFER_TOO_SMALL);
    }
    if bytes.is_empty() {
        return Ok(());
    }
    if out.is_null() {
        return Err(ISOCHRON_NULL_POINTER);
    }
    // SAFETY: `out` is valid for `out_len ≥ bytes.len()` bytes and does not overlap `bytes`
    // (this function's contract).
    unsafe { core::ptr::copy_nonoverlapping(bytes.as_ptr(), out, bytes.len()) };
    Ok(())
}

/// Checks that the output buffer `(out, out_len)` can take `n` bytes before any work is done
/// (so that a short buffer fails fast and nothing is written).
fn check_out(out: *mut u8, out_len: usize, n: usize) -> Outcome {
    if out_len < n {
        Err(ISOCHRON_BUFFER_TOO_SMALL)
    } else if out.is_null() && n > 0 {
        Err(ISOCHRON_NULL_POINTER)
    } else {
        Ok(())
    }
}

/// Stores `value` through the out-pointer `p`.
///
/// # Safety
/// A non-NULL `p` is valid for writes of one `T`.
unsafe fn store<T>(p: *mut T, value: T) -> Outcome {
    if p.is_null() {
        return Err(ISOCHRON_NULL_POINTER);
    }
    // SAFETY: non-NULL and valid for writes (this function's contract).
    unsafe { p.write(value) };
    Ok(())
}

/// The library's version, a static NUL-terminated string such as `"0.1.0"`.
#[no_mangle]
pub extern "C" fn isochron_version() -> *const core::ffi::c_char {
    const V: &str = concat!(env!("CARGO_PKG_VERSION"), "\0");
    V.as_ptr().cast()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_table_is_in_value_order() {
        for (i, s) in isochron_status::ALL.iter().enumerate() {
            assert_eq!(*s as usize, i);
        }
    }

    #[test]
    fn panics_become_internal() {
        assert_eq!(run(|| panic!("a bug")), ISOCHRON_INTERNAL);
    }
}
