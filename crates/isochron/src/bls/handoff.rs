//! [`Handoff`]: a value that either of two threads may compute, for verification split over
//! two threads (`parallel`).

use core::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;

/// Not claimed yet.
const FREE: u8 = 0;
/// Claimed by one thread, its value set or to be set.
const CLAIMED: u8 = 1;
/// Claimed, but the claiming thread unwound before setting the value.
const ABANDONED: u8 = 2;

/// A value either of two threads may compute: the first to claim it computes it, the other
/// takes the result ([`Handoff::take`], waiting for it while it is being computed). Should the
/// computing thread panic, the waiting one computes the value itself (the panic then reaches
/// the caller through the rayon scope).
pub(crate) struct Handoff<T> {
    state: AtomicU8,
    value: OnceLock<T>,
}

/// Marks a claimed value abandoned when dropped (the computing thread unwinds).
struct Abandon<'a>(&'a AtomicU8);

impl Drop for Abandon<'_> {
    fn drop(&mut self) {
        self.0.store(ABANDONED, Ordering::Release);
    }
}

impl<T: Clone> Handoff<T> {
    /// Nothing claimed.
    pub(crate) fn new() -> Self {
        Handoff { state: AtomicU8::new(FREE), value: OnceLock::new() }
    }

    /// Claims the value; whether it was free.
    fn claim(&self) -> bool {
        self.state.compare_exchange(FREE, CLAIMED, Ordering::AcqRel, Ordering::Acquire).is_ok()
    }

    /// Computes the value with `f` and publishes it, unless the other thread has claimed it.
    pub(crate) fn offer(&self, f: impl FnOnce() -> T) {
        if self.claim() {
            let guard = Abandon(&self.state);
            let _ = self.value.set(f());
            core::mem::forget(guard);
        }
    }

    /// The value: computed here with `f` if the other thread has not claimed it, otherwise
    /// the other thread's result, waited for (spinning, then yielding the core: the wait is at
    /// most one computation of the value).
    pub(crate) fn take(&self, f: impl FnOnce() -> T) -> T {
        if self.claim() {
            return f();
        }
        let mut spins = 0u32;
        loop {
            if let Some(v) = self.value.get() {
                return v.clone();
            }
            if self.state.load(Ordering::Acquire) == ABANDONED {
                return f();
            }
            spins = spins.wrapping_add(1);
            if spins.is_multiple_of(64) {
                std::thread::yield_now();
            } else {
                core::hint::spin_loop();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_claim_computes_the_other_takes() {
        let h = Handoff::new();
        h.offer(|| 7);
        assert_eq!(h.take(|| unreachable!()), 7);
        let h = Handoff::new();
        assert_eq!(h.take(|| 5), 5);
        h.offer(|| unreachable!());
    }

    #[test]
    fn across_threads_and_after_a_panic() {
        for _ in 0..100 {
            let h = Handoff::new();
            let (a, b) = rayon::join(|| h.take(|| 1u64), || h.offer(|| 1u64));
            assert_eq!((a, b), (1, ()));
        }
        let h = Handoff::<u32>::new();
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| h.offer(|| panic!("unwinds"))));
        assert!(r.is_err());
        assert_eq!(h.take(|| 3), 3);
    }
}
