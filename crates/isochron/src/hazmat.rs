//! Hazardous materials: the implementation layers under the field, curve and signature types,
//! re-exported for benchmarks, tests and the constant-time checker. **Not the API to build a
//! protocol on.**
//!
//! These functions come without the safety net of the rest of the crate:
//! - no range checks: a Montgomery routine given an operand `≥ m`, an even modulus or a wrong
//!   `inv` returns a wrong result without an error (memory safe, no panic); limb counts are
//!   `N ≥ 1`;
//! - the constant-time contract is stated per function (most run in time independent of their
//!   operands; those whose names end in `_vartime` and the `const fn` constant derivations such
//!   as [`limbs::from_hex`] do not);
//! - the x86-64 MULX/ADCX/ADOX kernels in [`limbs::x86_64_adx`] are `unsafe fn`: calling them
//!   on a CPU without BMI2 and ADX faults, so the caller must first see
//!   [`limbs::x86_64_adx::available`] return `true` (the field types do exactly that);
//! - the compile-time helpers panic on bad parameters, which is a compile error when they are
//!   evaluated in a `const`: [`limbs::from_hex`] and [`limbs::from_dec`] on bad text or
//!   overflow, [`limbs::mont::neg_inv64`] on an even modulus, [`limbs::div_small`] on a zero
//!   divisor.
//!
//! The layering is described in DESIGN.md §1; the safe API over these layers is [`crate::field`],
//! [`crate::curve`], [`crate::pairing`], [`crate::hash_to_curve`] and [`crate::bls`].

/// Multi-precision integers as little-endian `[u64; N]` limbs and the Montgomery backends
/// (portable CIOS in [`limbs::mont`], x86-64 assembly in the `x86_64_*` modules), the layer
/// below [`crate::field`] (DESIGN.md §1).
pub mod limbs {
    pub use crate::limbs::*;
}

/// The `const` 256-bit two's-complement arithmetic that declares GLV/GLS lattices
/// ([`crate::curve::short_weierstrass::glv::Lattice::new`]; GLV 2001 §4).
pub mod glv {
    pub use crate::curve::short_weierstrass::glv::i256::{add, int, mul, sub, I256};
}

/// Which Montgomery multiplication backend the field arithmetic selects in this process (for
/// the constant-time checker and benchmarks, which must know what they measured).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Backend {
    /// Portable Rust CIOS multiplication ([`limbs::mont`]).
    Portable,
    /// x86-64 MULX/ADCX/ADOX assembly ([`limbs::x86_64_adx`]), for 4- and 6-limb moduli with a
    /// spare top bit.
    X86_64Adx,
}

/// The Montgomery backend the 4- and 6-limb fields (BN254, BLS12-381) use in this process:
/// run-time CPU detection (BMI2 and ADX), or compile-time target features.
pub fn backend() -> Backend {
    #[cfg(target_arch = "x86_64")]
    if crate::limbs::x86_64_adx::available() {
        return Backend::X86_64Adx;
    }
    Backend::Portable
}
