package isochron

/*
#include "isochron.h"
*/
import "C"

// BLS signatures on BLS12-381, Ethereum's ciphersuite: BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_
// (minimal public keys: keys in G1, signatures in G2), as in the IRTF draft
// draft-irtf-cfrg-bls-signature-05 and the consensus specs.

// Sizes of BLS keys and signatures, in bytes.
const (
	// BLSSecretKeySize is the size of a secret key.
	BLSSecretKeySize = 32
	// BLSPublicKeySize is the size of a compressed public key.
	BLSPublicKeySize = 48
	// BLSSignatureSize is the size of a compressed signature.
	BLSSignatureSize = 96
)

// BLSSecretKey is a BLS secret key: a 32-byte big-endian scalar, non-zero and below the group
// order. Wiping it after use is the caller's job.
type BLSSecretKey [BLSSecretKeySize]byte

// BLSPublicKey is a compressed BLS12-381 G1 point (48 bytes, ZCash format). Functions that
// take one validate it (on the curve, in the subgroup, not the identity).
type BLSPublicKey [BLSPublicKeySize]byte

// BLSSignature is a compressed BLS12-381 G2 point (96 bytes, ZCash format).
type BLSSignature [BLSSignatureSize]byte

// BLSKeyGen derives a secret key from at least 32 bytes of input key material (KeyGen,
// draft-05 §2.3, with an empty key_info; EIP-2333's derive_master_SK).
func BLSKeyGen(ikm []byte) (BLSSecretKey, error) {
	var sk BLSSecretKey
	err := check(C.isochron_bls_key_gen(ptr(sk[:]), BLSSecretKeySize, ptr(ikm), size(ikm)))
	return sk, err
}

// BLSSecretKeyFromBytes checks that b is 32 bytes and returns it as a secret key (the key's
// value is checked when it is used: ErrZero, ErrNonCanonical).
func BLSSecretKeyFromBytes(b []byte) (BLSSecretKey, error) {
	var sk BLSSecretKey
	if len(b) != len(sk) {
		return sk, ErrBadLength
	}
	copy(sk[:], b)
	return sk, nil
}

// BLSPublicKeyFromBytes decodes a 48-byte compressed public key and validates it
// (KeyValidate: on the curve, in the subgroup, not the identity).
func BLSPublicKeyFromBytes(b []byte) (BLSPublicKey, error) {
	var pk BLSPublicKey
	if len(b) != len(pk) {
		return pk, ErrBadLength
	}
	copy(pk[:], b)
	return pk, pk.Validate()
}

// BLSSignatureFromBytes decodes a 96-byte compressed signature and validates it (on the
// curve, in the subgroup; the identity is a valid encoding).
func BLSSignatureFromBytes(b []byte) (BLSSignature, error) {
	var sig BLSSignature
	if len(b) != len(sig) {
		return sig, ErrBadLength
	}
	copy(sig[:], b)
	return sig, sig.Validate()
}

// Validate checks the key: a valid G1 encoding (flags, canonical coordinate, on the curve, in
// the subgroup) and not the identity.
func (pk *BLSPublicKey) Validate() error {
	if _, err := PointDecode(BLS12381G1, pk[:], true); err != nil {
		return err
	}
	if pk[0] == 0xc0 { // the compressed identity (any other bit set fails to decode)
		return ErrIdentity
	}
	return nil
}

// Validate checks the signature's encoding: flags, canonical coordinates, on the curve, in the
// subgroup.
func (sig *BLSSignature) Validate() error {
	_, err := PointDecode(BLS12381G2, sig[:], true)
	return err
}

// BLSSkToPk is the public key of a secret key (SkToPk, draft-05 §2.4). Constant time.
func BLSSkToPk(sk *BLSSecretKey) (BLSPublicKey, error) {
	var pk BLSPublicKey
	err := check(C.isochron_bls_sk_to_pk(ptr(pk[:]), BLSPublicKeySize, ptr(sk[:]), BLSSecretKeySize))
	return pk, err
}

// PublicKey is BLSSkToPk(sk).
func (sk *BLSSecretKey) PublicKey() (BLSPublicKey, error) { return BLSSkToPk(sk) }

// BLSSign signs msg (Sign, draft-05 §3.3). Constant time in the key.
func BLSSign(sk *BLSSecretKey, msg []byte) (BLSSignature, error) {
	var sig BLSSignature
	err := check(C.isochron_bls_sign(ptr(sig[:]), BLSSignatureSize, ptr(sk[:]), BLSSecretKeySize,
		ptr(msg), size(msg)))
	return sig, err
}

// Sign is BLSSign(sk, msg).
func (sk *BLSSecretKey) Sign(msg []byte) (BLSSignature, error) { return BLSSign(sk, msg) }

// BLSVerify checks that sig is pk's signature of msg (Verify, draft-05 §2.7); see the package
// documentation for the (bool, error) convention.
func BLSVerify(pk *BLSPublicKey, msg []byte, sig *BLSSignature) (bool, error) {
	return verdict(C.isochron_bls_verify(ptr(pk[:]), BLSPublicKeySize, ptr(msg), size(msg),
		ptr(sig[:]), BLSSignatureSize))
}

// Verify is BLSVerify(pk, msg, sig).
func (pk *BLSPublicKey) Verify(msg []byte, sig *BLSSignature) (bool, error) {
	return BLSVerify(pk, msg, sig)
}

// BLSPopProve is the proof of possession of a secret key (PopProve, draft-05 §3.3.2).
func BLSPopProve(sk *BLSSecretKey) (BLSSignature, error) {
	var proof BLSSignature
	err := check(C.isochron_bls_pop_prove(ptr(proof[:]), BLSSignatureSize, ptr(sk[:]), BLSSecretKeySize))
	return proof, err
}

// BLSPopVerify checks a proof of possession of pk's secret key (PopVerify, draft-05 §3.3.3).
func BLSPopVerify(pk *BLSPublicKey, proof *BLSSignature) (bool, error) {
	return verdict(C.isochron_bls_pop_verify(ptr(pk[:]), BLSPublicKeySize, ptr(proof[:]), BLSSignatureSize))
}

// BLSAggregate sums signatures (Aggregate, draft-05 §2.8); no signatures is ErrEmpty.
func BLSAggregate(sigs []BLSSignature) (BLSSignature, error) {
	var out BLSSignature
	b := flat(sigs)
	err := check(C.isochron_bls_aggregate_signatures(ptr(out[:]), BLSSignatureSize, ptr(b), size(b)))
	return out, err
}

// BLSAggregatePublicKeys sums public keys (Altair's eth_aggregate_pubkeys); no keys is
// ErrEmpty, an identity sum ErrIdentity.
func BLSAggregatePublicKeys(pks []BLSPublicKey) (BLSPublicKey, error) {
	var out BLSPublicKey
	b := flat(pks)
	err := check(C.isochron_bls_aggregate_public_keys(ptr(out[:]), BLSPublicKeySize, ptr(b), size(b)))
	return out, err
}

// BLSFastAggregateVerify checks that sig is the aggregate of every key of pks signing msg
// (FastAggregateVerify, draft-05 §3.3.4); no keys is invalid.
func BLSFastAggregateVerify(pks []BLSPublicKey, msg []byte, sig *BLSSignature) (bool, error) {
	return fastAggregateVerify(pks, msg, sig, false)
}

// BLSEthFastAggregateVerify is Altair's eth_fast_aggregate_verify: BLSFastAggregateVerify,
// except that no keys with the identity signature is valid.
func BLSEthFastAggregateVerify(pks []BLSPublicKey, msg []byte, sig *BLSSignature) (bool, error) {
	return fastAggregateVerify(pks, msg, sig, true)
}

func fastAggregateVerify(pks []BLSPublicKey, msg []byte, sig *BLSSignature, eth bool) (bool, error) {
	b := flat(pks)
	return verdict(C.isochron_bls_fast_aggregate_verify(ptr(b), size(b), ptr(msg), size(msg),
		ptr(sig[:]), BLSSignatureSize, C.bool(eth)))
}

// BLSAggregateVerify checks that sig is the aggregate of pks[i] signing msgs[i] for each i
// (AggregateVerify, draft-05 §3.3); lists of different lengths are ErrCountMismatch.
func BLSAggregateVerify(pks []BLSPublicKey, msgs [][]byte, sig *BLSSignature) (bool, error) {
	b := flat(pks)
	l := newMsgList(msgs)
	defer l.free()
	return verdict(C.isochron_bls_aggregate_verify(ptr(b), size(b), l.ptrs, l.lens, l.n,
		ptr(sig[:]), BLSSignatureSize))
}

// BLSBatchVerify checks n (key, message, signature) sets at once (random blinding, one
// multi-pairing, every core): true iff every set verifies. An empty batch is ErrEmpty; lists
// of different lengths are ErrCountMismatch.
func BLSBatchVerify(pks []BLSPublicKey, msgs [][]byte, sigs []BLSSignature) (bool, error) {
	b, s := flat(pks), flat(sigs)
	l := newMsgList(msgs)
	defer l.free()
	return verdict(C.isochron_bls_batch_verify(ptr(b), size(b), l.ptrs, l.lens, l.n, ptr(s), size(s)))
}
