package isochron

/*
#include "isochron.h"
*/
import "C"

// Ed25519Mode selects the verification rules of Ed25519.
type Ed25519Mode uint32

// The verification modes.
const (
	// Ed25519RFC8032 is RFC 8032 §5.1.7: cofactorless, canonical encodings only.
	Ed25519RFC8032 Ed25519Mode = 0
	// Ed25519Strict is RFC 8032 with small-order public keys and R rejected.
	Ed25519Strict Ed25519Mode = 1
	// Ed25519ZIP215 is ZIP 215: cofactored, non-canonical encodings accepted (consensus rules).
	Ed25519ZIP215 Ed25519Mode = 2
)

// Sizes of Ed25519, X25519 and Ristretto255 values, in bytes.
const (
	// Ed25519SeedSize is the size of a seed (RFC 8032's private key).
	Ed25519SeedSize = 32
	// Ed25519PublicKeySize is the size of a public key.
	Ed25519PublicKeySize = 32
	// Ed25519SignatureSize is the size of a signature.
	Ed25519SignatureSize = 64
	// X25519Size is the size of an X25519 secret, public key or shared secret.
	X25519Size = 32
	// Ristretto255Size is the size of an encoded Ristretto255 point or scalar.
	Ristretto255Size = 32
)

// Ed25519Options chooses the Ed25519 variant and, for verification, the rules. A nil
// *Ed25519Options is plain Ed25519 verified under RFC 8032.
type Ed25519Options struct {
	// Context is Ed25519ctx's (or Ed25519ph's) context, at most 255 bytes; empty with
	// Prehash false is plain Ed25519.
	Context []byte
	// Prehash selects Ed25519ph (the message is hashed with SHA-512 first).
	Prehash bool
	// Mode is the verification rules (ignored when signing).
	Mode Ed25519Mode
}

func (o *Ed25519Options) parts() ([]byte, bool, Ed25519Mode) {
	if o == nil {
		return nil, false, Ed25519RFC8032
	}
	return o.Context, o.Prehash, o.Mode
}

// Ed25519PublicKey is the public key of a 32-byte seed (the RFC 8032 private key).
func Ed25519PublicKey(seed []byte) ([]byte, error) {
	pk := make([]byte, Ed25519PublicKeySize)
	if err := check(C.isochron_ed25519_public_key(ptr(pk), size(pk), ptr(seed), size(seed))); err != nil {
		return nil, err
	}
	return pk, nil
}

// Ed25519Sign signs msg with the key of a 32-byte seed: a 64-byte signature. opts (may be nil)
// selects Ed25519ctx or Ed25519ph; a context over 255 bytes is ErrBadLength. Constant time in
// the seed.
func Ed25519Sign(seed, msg []byte, opts *Ed25519Options) ([]byte, error) {
	ctx, ph, _ := opts.parts()
	sig := make([]byte, Ed25519SignatureSize)
	if err := check(C.isochron_ed25519_sign(ptr(sig), size(sig), ptr(seed), size(seed), ptr(msg), size(msg),
		ptr(ctx), size(ctx), C.bool(ph))); err != nil {
		return nil, err
	}
	return sig, nil
}

// Ed25519Verify checks a 64-byte signature of msg under a 32-byte public key, with the variant
// and the rules of opts (nil: Ed25519 under RFC 8032). A key or signature that does not decode
// is (false, nil); wrong lengths are ErrBadLength, an unknown mode ErrInvalidArgument.
func Ed25519Verify(pk, msg, sig []byte, opts *Ed25519Options) (bool, error) {
	ctx, ph, mode := opts.parts()
	return verdict(C.isochron_ed25519_verify(ptr(pk), size(pk), ptr(msg), size(msg), ptr(sig), size(sig),
		ptr(ctx), size(ctx), C.bool(ph), C.uint32_t(mode)))
}

// Ed25519BatchVerify checks n signatures (sigs[i] of msgs[i] under pks[i]) at once under ZIP
// 215's rules (random 128-bit weights, one multiscalar multiplication, every core): true iff
// every one verifies. An empty batch is valid; lists of different lengths are
// ErrCountMismatch.
func Ed25519BatchVerify(pks, msgs, sigs [][]byte) (bool, error) {
	if len(pks) != len(msgs) || len(sigs) != len(msgs) {
		return false, ErrCountMismatch
	}
	for i := range pks {
		if len(pks[i]) != Ed25519PublicKeySize || len(sigs[i]) != Ed25519SignatureSize {
			return false, ErrBadLength
		}
	}
	p, s := concat(pks), concat(sigs)
	l := newMsgList(msgs)
	defer l.free()
	return verdict(C.isochron_ed25519_batch_verify(ptr(p), size(p), l.ptrs, l.lens, l.n, ptr(s), size(s)))
}

// X25519PublicKey is the X25519 public key of a 32-byte secret (clamped per RFC 7748 §5).
// Constant time.
func X25519PublicKey(sk []byte) ([]byte, error) {
	pk := make([]byte, X25519Size)
	if err := check(C.isochron_x25519_public_key(ptr(pk), size(pk), ptr(sk), size(sk))); err != nil {
		return nil, err
	}
	return pk, nil
}

// X25519 is key agreement: the 32-byte shared secret of a secret and a peer's public key. An
// all-zero result (a low-order peer key) is ErrIdentity. Constant time in the secret.
func X25519(sk, peer []byte) ([]byte, error) {
	out := make([]byte, X25519Size)
	if err := check(C.isochron_x25519_shared_secret(ptr(out), size(out), ptr(sk), size(sk), ptr(peer), size(peer))); err != nil {
		return nil, err
	}
	return out, nil
}

// Ristretto255Validate checks a 32-byte Ristretto255 encoding (RFC 9496 §4.3.1: every
// non-canonical encoding is rejected): nil or the reason.
func Ristretto255Validate(point []byte) error {
	return check(C.isochron_ristretto255_validate(ptr(point), size(point)))
}

// Ristretto255Add is a + b.
func Ristretto255Add(a, b []byte) ([]byte, error) {
	out := make([]byte, Ristretto255Size)
	if err := check(C.isochron_ristretto255_add(ptr(out), size(out), ptr(a), size(a), ptr(b), size(b))); err != nil {
		return nil, err
	}
	return out, nil
}

// Ristretto255Mul is [k]·point, constant time in k (a 32-byte little-endian scalar below ℓ).
// An empty point multiplies the generator.
func Ristretto255Mul(point, k []byte) ([]byte, error) {
	out := make([]byte, Ristretto255Size)
	if err := check(C.isochron_ristretto255_mul(ptr(out), size(out), ptr(point), size(point), ptr(k), size(k))); err != nil {
		return nil, err
	}
	return out, nil
}

// Ristretto255BaseMul is [k]·G for the generator G.
func Ristretto255BaseMul(k []byte) ([]byte, error) { return Ristretto255Mul(nil, k) }

// Ristretto255FromUniformBytes is RFC 9496 §4.3.4's one-way map: the point of 64 uniformly
// random bytes.
func Ristretto255FromUniformBytes(b []byte) ([]byte, error) {
	out := make([]byte, Ristretto255Size)
	if err := check(C.isochron_ristretto255_from_uniform_bytes(ptr(out), size(out), ptr(b), size(b))); err != nil {
		return nil, err
	}
	return out, nil
}

// Ristretto255HashToGroup is RFC 9380's ristretto255_XMD:SHA-512_R255MAP_RO_ hash of msg with
// the domain separation tag dst (non-empty: ErrInvalidArgument otherwise).
func Ristretto255HashToGroup(msg, dst []byte) ([]byte, error) {
	out := make([]byte, Ristretto255Size)
	if err := check(C.isochron_ristretto255_hash_to_group(ptr(out), size(out), ptr(msg), size(msg), ptr(dst), size(dst))); err != nil {
		return nil, err
	}
	return out, nil
}
