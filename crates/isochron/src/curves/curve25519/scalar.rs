//! The scalar field of Curve25519: integers modulo the prime order of the base point,
//! `ℓ = 2^252 + 27742317777372353535851937790883648493` (RFC 8032 §5.1; RFC 7748 §4.1), a
//! 4-limb Montgomery field with the spare-bit kernels (feature `fiat`: fiat-crypto's
//! `curve25519_scalar_64`, selectable at run time as for the other fiat fields).

use crate::field::FieldParams;
use crate::limbs;

/// Parameters of the scalar field modulo `ℓ`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScalarParams;

impl FieldParams<4> for ScalarParams {
    #[cfg(feature = "fiat")]
    const FIAT: Option<crate::field::fiat::FiatBackend<4>> = crate::field::fiat::fiat_backend!(
        fiat_crypto::curve25519_scalar_64,
        fiat_25519_scalar_montgomery_domain_field_element,
        fiat_25519_scalar_mul,
        fiat_25519_scalar_square,
        fiat_25519_scalar_add,
        fiat_25519_scalar_sub,
        fiat_25519_scalar_opp
    );
    const MODULUS: [u64; 4] = limbs::from_hex("0x1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed");
    /// 2 generates `F_ℓ^*` (`ℓ − 1 = 2²·3·11·198211423230930754013084525763697·
    /// 276602624281642239937218680557139826668747`; checked by a unit test).
    const GENERATOR: u64 = 2;
    const NAME: &'static str = "curve25519::Scalar";
}

/// A scalar modulo `ℓ` (secret keys, nonces, signature `S` values).
pub type Scalar = crate::field::Fp<ScalarParams, 4>;

/// The 64-byte little-endian integer reduced modulo `ℓ` (RFC 8032 §5.1.6 and §5.1.7: the
/// SHA-512 outputs that become nonces and challenges; RFC 9496 §4.4's scalars from hashes).
/// Constant time.
pub fn from_bytes_mod_order_wide(bytes: &[u8; 64]) -> Scalar {
    let mut be = *bytes;
    be.reverse();
    let s = Scalar::from_bytes_be_wide(&be);
    zeroize::Zeroize::zeroize(&mut be);
    s
}

/// The 32-byte little-endian integer reduced modulo `ℓ` (a clamped Ed25519 secret scalar,
/// which is below `2^255`). Constant time.
pub fn from_bytes_mod_order(bytes: &[u8; 32]) -> Scalar {
    let mut wide = [0u8; 64];
    wide[..32].copy_from_slice(bytes);
    let s = from_bytes_mod_order_wide(&wide);
    zeroize::Zeroize::zeroize(&mut wide);
    s
}

/// The scalar with canonical 32-byte little-endian encoding `bytes`, or `None` unless the
/// integer is below `ℓ` (RFC 8032 §5.1.7's check `0 ≤ S < L`; public data).
pub fn from_canonical_bytes(bytes: &[u8; 32]) -> Option<Scalar> {
    Scalar::from_bytes_le(bytes).ok()
}

/// The canonical 32-byte little-endian encoding.
pub fn to_bytes(s: &Scalar) -> [u8; 32] {
    let mut out = [0u8; 32];
    out.copy_from_slice(s.to_bytes_le().as_ref());
    out
}

/// The signed radix-16 digits of an integer `k < 2^255` given as 32 little-endian bytes:
/// `k = Σ e_i·16^i` with `e_i ∈ [−8, 8)` for `i < 63` and `e_63 ∈ [0, 8]`. Constant time (no
/// branch or index on `k`); the digits are secret when `k` is.
pub(crate) fn signed_radix16(k: &[u8; 32]) -> [i8; 64] {
    let mut e = [0i8; 64];
    for (i, b) in k.iter().enumerate() {
        e[2 * i] = (b & 15) as i8;
        e[2 * i + 1] = ((b >> 4) & 15) as i8;
    }
    let mut carry = 0i8;
    for d in e.iter_mut().take(63) {
        *d += carry;
        carry = (*d + 8) >> 4;
        *d -= carry << 4;
    }
    e[63] += carry;
    e
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::PrimeField;

    #[test]
    fn generator_generates() {
        let l = num_bigint::BigUint::from_bytes_le(&to_bytes(&-Scalar::ONE)) + 1u32;
        let factors: [&str; 5] =
            ["2", "3", "11", "198211423230930754013084525763697", "276602624281642239937218680557139826668747"];
        let prod =
            factors.iter().map(|f| f.parse::<num_bigint::BigUint>().unwrap()).product::<num_bigint::BigUint>() * 2u32;
        assert_eq!(prod, &l - 1u32);
        let g = Scalar::MULTIPLICATIVE_GENERATOR;
        for f in factors {
            let e = (&l - 1u32) / f.parse::<num_bigint::BigUint>().unwrap();
            assert_ne!(g.pow_vartime(&e.to_u64_digits()), Scalar::ONE);
        }
    }

    #[test]
    fn radix16_recomposes() {
        use rand::RngCore;
        let mut rng = rand::thread_rng();
        for _ in 0..200 {
            let mut k = [0u8; 32];
            rng.fill_bytes(&mut k);
            k[31] &= 0x7f;
            let e = signed_radix16(&k);
            let mut acc = num_bigint::BigInt::from(0);
            for d in e.iter().rev() {
                assert!((-8..8).contains(d) || *d == 8);
                acc = acc * 16 + *d as i32;
            }
            assert_eq!(acc, num_bigint::BigInt::from_bytes_le(num_bigint::Sign::Plus, &k));
        }
    }

    #[test]
    fn wide_reduction() {
        let b = [0xffu8; 64];
        let s = from_bytes_mod_order_wide(&b);
        let l = num_bigint::BigUint::from_bytes_le(&to_bytes(&-Scalar::ONE)) + 1u32;
        let want = num_bigint::BigUint::from_bytes_le(&b) % &l;
        assert_eq!(num_bigint::BigUint::from_bytes_le(&to_bytes(&s)), want);
        assert!(from_canonical_bytes(&[0xff; 32]).is_none());
        assert_eq!(from_canonical_bytes(&to_bytes(&Scalar::ONE)), Some(Scalar::ONE));
    }
}
