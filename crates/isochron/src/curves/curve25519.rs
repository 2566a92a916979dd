//! Curve25519 (RFC 7748, RFC 8032, RFC 9496): the base field GF(2^255 − 19) ([`field`]:
//! isochron's own 4×64-bit kernels, and fiat-crypto's generated code in `field_fiat` with the
//! feature `fiat`; on x86-64 with AVX2 at run time, a four-lane radix-2^25.5 backend in `avx2`
//! for the variable-time Edwards multiplications), the scalars modulo `ℓ` ([`scalar`]), the twisted Edwards form
//! Edwards25519 ([`edwards`]), the Montgomery form's X25519 ladder ([`montgomery`]).
//!
//! Every group type is generic over the field backend `F` (default: the own kernels), so that
//! one build can run and compare both; the protocols (`protocols::ed25519`, `protocols::x25519`)
//! pick the backend at run time like the other fiat fields (`field::fiat::set_enabled`).

#[cfg(target_arch = "x86_64")]
mod avx2;
pub mod edwards;
pub mod field;
#[cfg(feature = "fiat")]
pub mod field_fiat;
mod half_size;
pub mod hash_to_curve;
pub mod montgomery;
pub mod ristretto;
pub mod scalar;

pub use edwards::EdwardsPoint;
pub use field::{Fe, Fe25519};
pub use ristretto::RistrettoPoint;
pub use scalar::Scalar;

/// Runs the generic function `$f::<F>(args)` on the field backend selected at run time: fiat's
/// when the feature `fiat` is on and `field::fiat::enabled()`, isochron's own kernels otherwise.
macro_rules! with_backend {
    ($f:ident($($arg:expr),* $(,)?)) => {{
        #[cfg(feature = "fiat")]
        {
            if $crate::field::fiat::enabled() {
                $f::<$crate::curves::curve25519::field_fiat::FiatFe>($($arg),*)
            } else {
                $f::<$crate::curves::curve25519::Fe>($($arg),*)
            }
        }
        #[cfg(not(feature = "fiat"))]
        {
            $f::<$crate::curves::curve25519::Fe>($($arg),*)
        }
    }};
}
pub(crate) use with_backend;
