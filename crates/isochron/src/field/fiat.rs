//! The formally verified field backend (feature `fiat`): a field whose [`FieldParams::FIAT`]
//! names fiat-crypto's generated Montgomery code (Erbsen, Philipoom, Gross, Sloan, Chlipala,
//! "Simple High-Level Code For Cryptographic Arithmetic — With Proofs, Without Compromises",
//! IEEE S&P 2019) computes its products, squares, sums, differences and negations with it
//! instead of isochron's own kernels. fiat-crypto's "Montgomery domain" for 64-bit words is
//! isochron's Montgomery form (`R = 2^(64N)`, values fully reduced), so elements pass between
//! the two unchanged; inversion, square roots and exponentiation are built on these operations.
//!
//! secp256k1's scalar multiplications and square root run on a plain form of its base field
//! (`curves::secp256k1`'s module `plain`); with this backend selected that form is
//! `field::dettman`, whose products and squares are fiat-crypto's `secp256k1_dettman_64` code
//! (five 52-bit limbs, the form of libsecp256k1's field) and whose limb-wise sums, differences
//! and carries are isochron's (fiat-crypto generates none for that form).
//!
//! The choice is made per process at run time ([`set_enabled`], on by default), so that one
//! build can test and time both backends; it applies to the fields that declare a fiat backend
//! (secp256k1's and P-256's base and scalar fields) and to Curve25519's protocols. The switch
//! has a price: every field operation then carries a branch and a call on its other path,
//! which cost a secp256k1 verification 12% on the own kernels and 5% on fiat-crypto's
//! (measured). The feature `fiat-only` removes it: fiat-crypto's code always, [`set_enabled`]
//! without effect. fiat-crypto's code is constant time by construction (no branches or memory
//! indices on data; selections by masks behind a value barrier).
//!
//! [`FieldParams::FIAT`]: super::FieldParams::FIAT

use core::sync::atomic::{AtomicBool, Ordering};

/// fiat-crypto's operations of one field on raw Montgomery limbs.
#[derive(Clone, Copy, Debug)]
pub struct FiatBackend<const N: usize> {
    /// `a·b·R⁻¹ mod p`.
    pub mul: fn(&[u64; N], &[u64; N]) -> [u64; N],
    /// `a²·R⁻¹ mod p`.
    pub square: fn(&[u64; N]) -> [u64; N],
    /// `a + b mod p`.
    pub add: fn(&[u64; N], &[u64; N]) -> [u64; N],
    /// `a − b mod p`.
    pub sub: fn(&[u64; N], &[u64; N]) -> [u64; N],
    /// `−a mod p`.
    pub neg: fn(&[u64; N]) -> [u64; N],
}

/// Whether the fields with a fiat backend use it (the default with the feature).
static ENABLED: AtomicBool = AtomicBool::new(true);

/// Selects fiat-crypto's code (`true`, the default) or isochron's own kernels (`false`) for the
/// fields that declare a fiat backend, for the whole process. Results are identical either way
/// (both compute the same Montgomery representation); only speed and provenance differ. No
/// effect with the feature `fiat-only`.
pub fn set_enabled(enabled: bool) {
    ENABLED.store(enabled, Ordering::Relaxed);
}

/// Whether fiat-crypto's code is selected ([`set_enabled`]; always with `fiat-only`).
#[inline(always)]
pub fn enabled() -> bool {
    cfg!(feature = "fiat-only") || ENABLED.load(Ordering::Relaxed)
}

/// Declares the [`FiatBackend`] of a 4-limb field from one of fiat-crypto's Montgomery modules:
/// `fiat_backend!(module, element type, mul, square, add, sub, opp)`.
macro_rules! fiat_backend {
    ($m:path, $elem:ident, $mul:ident, $square:ident, $add:ident, $sub:ident, $opp:ident) => {{
        use $m as f;
        fn mul(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
            let mut out = f::$elem([0; 4]);
            f::$mul(&mut out, &f::$elem(*a), &f::$elem(*b));
            out.0
        }
        fn square(a: &[u64; 4]) -> [u64; 4] {
            let mut out = f::$elem([0; 4]);
            f::$square(&mut out, &f::$elem(*a));
            out.0
        }
        fn add(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
            let mut out = f::$elem([0; 4]);
            f::$add(&mut out, &f::$elem(*a), &f::$elem(*b));
            out.0
        }
        fn sub(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
            let mut out = f::$elem([0; 4]);
            f::$sub(&mut out, &f::$elem(*a), &f::$elem(*b));
            out.0
        }
        fn neg(a: &[u64; 4]) -> [u64; 4] {
            let mut out = f::$elem([0; 4]);
            f::$opp(&mut out, &f::$elem(*a));
            out.0
        }
        Some($crate::field::fiat::FiatBackend { mul, square, add, sub, neg })
    }};
}
pub(crate) use fiat_backend;

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};

    use crate::curves::{p256, secp256k1};
    use crate::field::FieldParams;
    use crate::limbs::{self, mont};

    /// fiat-crypto against isochron's own kernels (the portable CIOS and, where the CPU has
    /// them, the MULX/ADCX/ADOX ones) on random and edge inputs, raw limbs in, raw limbs out.
    fn agree<P: FieldParams<4>>() {
        let f = P::FIAT.expect("a fiat backend");
        let m = P::MODULUS;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        let minus_one = limbs::sub(&m, &limbs::from_u64(1)).0;
        let mut values = vec![[0u64; 4], limbs::from_u64(1), minus_one, limbs::shr(&m, 1)];
        for _ in 0..2000 {
            let v: [u64; 4] = rng.gen();
            if limbs::lt(&v, &m) {
                values.push(v);
            }
        }
        for (i, a) in values.iter().enumerate() {
            let b = &values[(i * 7 + 3) % values.len()];
            let own = mont::mul(a, b, &m, P::INV);
            assert_eq!((f.mul)(a, b), own);
            assert_eq!((f.square)(a), mont::sqr(a, &m, P::INV));
            #[cfg(target_arch = "x86_64")]
            if limbs::x86_64_adx::available() {
                // SAFETY: `available()` just confirmed BMI2 and ADX.
                assert_eq!(unsafe { limbs::x86_64_adx::mul(a, b, &m, P::INV) }, own);
            }
            assert_eq!((f.add)(a, b), limbs::add_mod(a, b, &m));
            assert_eq!((f.sub)(a, b), limbs::sub_mod(a, b, &m));
            assert_eq!((f.neg)(a), limbs::neg_mod(a, &m));
        }
    }

    #[test]
    fn fiat_matches_own_kernels() {
        agree::<secp256k1::FpParams>();
        agree::<secp256k1::FqParams>();
        agree::<p256::FpParams>();
        agree::<p256::FqParams>();
    }
}
