//! Marking values secret (memcheck-undefined) and public again.
//!
//! Memcheck tracks definedness bit by bit through registers and memory; a value derived from
//! an undefined one stays undefined, and memcheck reports when such a value decides a branch or
//! forms an address. Both helpers pass the value through [`black_box`] so the optimizer can
//! neither fold the case's computation into constants nor keep a stale register copy that
//! skipped the marked memory.

use core::ffi::c_void;
use std::hint::black_box;

use crabgrind::memcheck::{mark_memory, MemState};

fn mark<T>(v: &T, state: MemState) {
    mark_memory((v as *const T).cast::<c_void>(), size_of::<T>(), state)
        .expect("memcheck client request failed (not running under memcheck?)");
}

/// `v` as a secret: an opaque copy whose every bit memcheck treats as undefined.
pub fn secret<T: Copy>(v: T) -> T {
    let mut s = black_box(v);
    mark(&s, MemState::Undefined);
    // The compiler must assume `s` changed, so later uses load it from the marked memory.
    black_box(&mut s);
    s
}

/// Declassifies and consumes a result: marks it defined, then hides it from the optimizer so
/// the computation that produced it is not removed.
pub fn reveal<T: Copy>(v: T) {
    let mut s = v;
    mark(&s, MemState::Defined);
    black_box(&mut s);
}

/// Marks `v` secret in place, for values that are not `Copy` (zeroizing keys).
pub fn secret_in_place<T>(v: &mut T) {
    mark(v, MemState::Undefined);
    black_box(v);
}
