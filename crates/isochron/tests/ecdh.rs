//! ECDH on secp256k1 and P-256 against `k256` and `p256` (elliptic-curve's `diffie_hellman`)
//! on random key pairs, and the rejection of invalid peer keys at decoding.

use isochron::curves::{p256::P256, secp256k1::Secp256k1};
use isochron::protocols::ecdh::shared_secret;
use isochron::protocols::ecdsa::{SigningKey, VerifyingKey};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

#[test]
fn against_k256_and_p256() {
    let mut rng = ChaCha20Rng::seed_from_u64(8);
    for _ in 0..100 {
        let a = SigningKey::<Secp256k1>::random(&mut rng);
        let b = SigningKey::<Secp256k1>::random(&mut rng);
        let ours = shared_secret(&a, b.verifying_key()).unwrap();
        let ka = k256::SecretKey::from_slice(&*a.to_bytes()).unwrap();
        let kb = k256::PublicKey::from_sec1_bytes(&b.verifying_key().to_sec1_compressed()).unwrap();
        let theirs = k256::ecdh::diffie_hellman(ka.to_nonzero_scalar(), kb.as_affine());
        assert_eq!(ours.to_vec(), theirs.raw_secret_bytes().to_vec());

        let a = SigningKey::<P256>::random(&mut rng);
        let b = SigningKey::<P256>::random(&mut rng);
        let ours = shared_secret(&a, b.verifying_key()).unwrap();
        let pa = p256::SecretKey::from_slice(&*a.to_bytes()).unwrap();
        let pb = p256::PublicKey::from_sec1_bytes(&b.verifying_key().to_sec1_uncompressed()).unwrap();
        let theirs = p256::ecdh::diffie_hellman(pa.to_nonzero_scalar(), pb.as_affine());
        assert_eq!(ours.to_vec(), theirs.raw_secret_bytes().to_vec());
    }
}

#[test]
fn invalid_peer_keys_are_rejected() {
    let k = SigningKey::<P256>::from_bytes(&[1u8; 32]).unwrap();
    let mut enc = k.verifying_key().to_sec1_uncompressed();
    enc[64] ^= 1;
    assert!(VerifyingKey::<P256>::from_sec1_bytes(&enc).is_err());
    assert!(VerifyingKey::<P256>::from_sec1_bytes(&[0u8]).is_err());
    assert!(VerifyingKey::<Secp256k1>::from_sec1_bytes(&[0u8; 33]).is_err());
}
