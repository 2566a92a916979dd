//! Elliptic-curve Diffie–Hellman (SEC 1 v2 §3.3.1, the "Elliptic Curve Diffie-Hellman
//! Primitive"; NIST SP 800-56A §5.7.1.2) on secp256k1 and P-256, with the keys of
//! [`crate::protocols::ecdsa`]: the shared secret is the x-coordinate of `d·Q`.
//!
//! The peer's key was validated when it was decoded (on the curve, not the identity; both
//! curves have cofactor 1, so this is the full public-key validation of SP 800-56A
//! §5.6.2.3.3). The multiplication is constant time in `d` and `Q`.

use zeroize::Zeroizing;

use crate::curve::short_weierstrass::Projective;
use crate::error::Error;
use crate::field::PrimeField;
use crate::protocols::ecdsa::{EcdsaCurve, SigningKey, VerifyingKey};
use crate::protocols::verdict::identity_verdict;

/// The shared secret `x(d·Q)` as 32 big-endian bytes, zeroized on drop; [`Error::Identity`]
/// when `d·Q` is the identity (impossible for a valid key on these prime-order curves; checked
/// all the same). Constant time in the secret key and the point up to that verdict.
pub fn shared_secret<C: EcdsaCurve>(
    secret: &SigningKey<C>,
    public: &VerifyingKey<C>,
) -> Result<Zeroizing<[u8; 32]>, Error>
where
    C::Base: PrimeField,
{
    let s = Projective::<C>::from(*public.as_affine()).mul(secret.scalar());
    let mut x = s.to_affine().x().to_bytes_be();
    let mut out = Zeroizing::new([0u8; 32]);
    out.copy_from_slice(x.as_ref());
    zeroize::Zeroize::zeroize(x.as_mut());
    identity_verdict(out, s.is_identity())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::{p256::P256, secp256k1::Secp256k1};

    fn agree<C: EcdsaCurve>()
    where
        C::Base: PrimeField,
    {
        let a = SigningKey::<C>::from_bytes(&[3u8; 32]).unwrap();
        let b = SigningKey::<C>::from_bytes(&[5u8; 32]).unwrap();
        let ab = shared_secret(&a, b.verifying_key()).unwrap();
        let ba = shared_secret(&b, a.verifying_key()).unwrap();
        assert_eq!(*ab, *ba);
        assert_ne!(*ab, [0u8; 32]);
    }

    #[test]
    fn both_sides_agree() {
        agree::<Secp256k1>();
        agree::<P256>();
    }
}
