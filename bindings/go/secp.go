package isochron

/*
#include "isochron.h"
*/
import "C"

// ECDSA, ECDH and BIP-340 on secp256k1 and P-256 (the curve given as CurveSecp256k1 or
// CurveP256). Secret keys are 32-byte big-endian scalars, non-zero and below the group order;
// public keys are SEC1 encodings (33 bytes compressed, 65 uncompressed); signatures are the
// 64-byte r ‖ s.

// ECDSASignatureSize is the size of an r ‖ s signature, in bytes.
const ECDSASignatureSize = 64

// ECDSAPublicKey is the SEC1 public key (33 bytes if compressed, else 65) of a secret key.
func ECDSAPublicKey(curve Curve, sk []byte, compressed bool) ([]byte, error) {
	pk := make([]byte, sec1Size(compressed))
	if err := check(C.isochron_ecdsa_public_key(ptr(pk), size(pk), C.uint32_t(curve), ptr(sk), size(sk),
		C.bool(compressed))); err != nil {
		return nil, err
	}
	return pk, nil
}

func sec1Size(compressed bool) int {
	if compressed {
		return 33
	}
	return 65
}

// ECDSASign signs a message digest (at least 16 bytes: a SHA-256 or Keccak-256 output, say):
// the 64-byte r ‖ s and the recovery id (0 to 3). Nonces follow RFC 6979 with extra (may be
// empty) mixed in as its §3.6 allows; on secp256k1 s is normalized low. Constant time in the
// key and the nonce.
func ECDSASign(curve Curve, sk, digest, extra []byte) (sig []byte, recid byte, err error) {
	sig = make([]byte, ECDSASignatureSize)
	var r C.uint8_t
	if err := check(C.isochron_ecdsa_sign(ptr(sig), size(sig), &r, C.uint32_t(curve), ptr(sk), size(sk),
		ptr(digest), size(digest), ptr(extra), size(extra))); err != nil {
		return nil, 0, err
	}
	return sig, byte(r), nil
}

// ECDSAVerify checks a 64-byte r ‖ s signature of a digest under a SEC1 public key; with
// lowSOnly a high s is invalid.
func ECDSAVerify(curve Curve, pk, digest, sig []byte, lowSOnly bool) (bool, error) {
	return verdict(C.isochron_ecdsa_verify(C.uint32_t(curve), ptr(pk), size(pk), ptr(digest), size(digest),
		ptr(sig), size(sig), C.bool(lowSOnly)))
}

// ECDSARecover recovers the SEC1 public key (33 or 65 bytes) that made a 64-byte r ‖ s
// signature of a digest, from its recovery id (0 to 3: ErrInvalidArgument otherwise). A
// signature that no key makes is ErrVerifyFailed.
func ECDSARecover(curve Curve, digest, sig []byte, recid byte, compressed bool) ([]byte, error) {
	pk := make([]byte, sec1Size(compressed))
	if err := check(C.isochron_ecdsa_recover(ptr(pk), size(pk), C.uint32_t(curve), ptr(digest), size(digest),
		ptr(sig), size(sig), C.uint8_t(recid), C.bool(compressed))); err != nil {
		return nil, err
	}
	return pk, nil
}

// ECDH is the 32-byte x-coordinate of sk·peer, the peer's SEC1 public key validated. Constant
// time in the secret key.
func ECDH(curve Curve, sk, peer []byte) ([]byte, error) {
	out := make([]byte, 32)
	if err := check(C.isochron_ecdh(ptr(out), size(out), C.uint32_t(curve), ptr(sk), size(sk), ptr(peer), size(peer))); err != nil {
		return nil, err
	}
	return out, nil
}

// BIP340PublicKey is the 32-byte x-only public key of a secp256k1 secret key.
func BIP340PublicKey(sk []byte) ([]byte, error) {
	pk := make([]byte, 32)
	if err := check(C.isochron_bip340_public_key(ptr(pk), size(pk), ptr(sk), size(sk))); err != nil {
		return nil, err
	}
	return pk, nil
}

// BIP340Sign signs msg (any length) with 32 bytes of auxiliary randomness aux: the 64-byte
// signature. Constant time in the key and the nonce.
func BIP340Sign(sk, msg, aux []byte) ([]byte, error) {
	sig := make([]byte, 64)
	if err := check(C.isochron_bip340_sign(ptr(sig), size(sig), ptr(sk), size(sk), ptr(msg), size(msg),
		ptr(aux), size(aux))); err != nil {
		return nil, err
	}
	return sig, nil
}

// BIP340Verify checks a 64-byte signature of msg under a 32-byte x-only public key.
func BIP340Verify(pk, msg, sig []byte) (bool, error) {
	return verdict(C.isochron_bip340_verify(ptr(pk), size(pk), ptr(msg), size(msg), ptr(sig), size(sig)))
}
