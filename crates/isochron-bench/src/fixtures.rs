//! Fixtures: the values the kernels run on, drawn reproducibly and built once per run.
//!
//! - Each op's own inputs are drawn from [`Fixtures::rng`], a generator seeded by the op's
//!   name, so a run is reproducible and an op's inputs do not depend on the filter or on the
//!   other ops (BENCHMARKS.md's figures stay comparable from run to run).
//! - Values that several ops or peers use are built once, on first use, by
//!   [`Fixtures::shared`] and handed out behind an [`Arc`]: a peer's decoding of an op's inputs
//!   used by two of its kernels (blst's `blst` and `blst-mt` batches), and later the large
//!   fixtures that several ops share, such as MSM bases (one set of points of the largest size,
//!   sliced for the smaller ones) or the KZG trusted setup. A peer keeps its own forms of a
//!   fixture (its point types) under its own key, with no change here.
//!
//! Keys are strings by convention `"<owner>/<what>"`, e.g. `"bls12_381/msm_g1/bases"` or
//! `"blst/eth_bls/batch_verify/60"`; two fixtures may share a key if their types differ.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use crate::op::Op;

/// A lazily built, type-erased fixture.
type Cell = Arc<OnceLock<Arc<dyn Any + Send + Sync>>>;

/// The fixtures of one run: every [`shared`](Fixtures::shared) value is built at most once.
#[derive(Default)]
pub struct Fixtures {
    cells: Mutex<HashMap<(String, TypeId), Cell>>,
}

impl Fixtures {
    /// An empty set of fixtures (each is built on first use).
    pub fn new() -> Self {
        Self::default()
    }

    /// The deterministic generator of `op`'s inputs, seeded by its name.
    pub fn rng(op: Op) -> ChaCha8Rng {
        // FNV-1a of the name: any fixed mixing will do, it only has to be stable.
        let seed =
            op.name().bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
        ChaCha8Rng::seed_from_u64(seed)
    }

    /// The fixture of type `T` under `key`, built by `build` on first use and shared after.
    /// `build` may itself ask for other fixtures (e.g. a setup built from shared bases).
    pub fn shared<T: Any + Send + Sync>(&self, key: &str, build: impl FnOnce() -> T) -> Arc<T> {
        // The map's lock is released before `build` runs, so nested fixtures do not deadlock.
        let cell = {
            let mut cells = self.cells.lock().unwrap_or_else(|e| e.into_inner());
            Arc::clone(cells.entry((key.to_owned(), TypeId::of::<T>())).or_default())
        };
        let value = Arc::clone(cell.get_or_init(|| Arc::new(build())));
        value.downcast::<T>().unwrap_or_else(|_| unreachable!("a fixture's cell is keyed by its type"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::RngCore;

    #[test]
    fn shared_values_are_built_once_per_key_and_type() {
        let fx = Fixtures::new();
        let mut builds = 0;
        let a = fx.shared("k", || {
            builds += 1;
            vec![1u8, 2, 3]
        });
        let b = fx.shared("k", || -> Vec<u8> { unreachable!("already built") });
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!(builds, 1);
        // Same key, another type: another fixture; a fixture built from another one.
        let n = fx.shared("k", || fx.shared("k", Vec::<u8>::new).len() as u64);
        assert_eq!(*n, 3);
    }

    #[test]
    fn inputs_are_seeded_by_the_op_name() {
        use crate::op::{Curve, Field, FieldOp};
        let mul = Op::Field(Curve::Bls12_381, Field::Fp, FieldOp::Mul);
        let square = Op::Field(Curve::Bls12_381, Field::Fp, FieldOp::Square);
        assert_eq!(Fixtures::rng(mul).next_u64(), Fixtures::rng(mul).next_u64());
        assert_ne!(Fixtures::rng(mul).next_u64(), Fixtures::rng(square).next_u64());
    }
}
