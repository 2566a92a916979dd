// Package isochron is the Go binding of isochron, a constant-time elliptic-curve and pairing
// cryptography library written in Rust, through its C ABI (crates/isochron-ffi), linked
// statically with cgo.
//
// It covers BLS signatures (Ethereum's BLS12-381 min-pk ciphersuite with proofs of possession),
// KZG commitments (EIP-4844 and EIP-7594), the EVM's cryptographic precompiles, the G1 and G2
// groups of BLS12-381 and BN254 with pairing checks, Ed25519, X25519 and Ristretto255, ECDSA and
// ECDH on secp256k1 and P-256, and BIP-340 Schnorr signatures.
//
// # Conventions
//
// Errors: every failure is one of the exported sentinel errors (ErrBadLength, ErrNotInSubgroup,
// ...), one per status of the C ABI, so that errors.Is(err, ErrNotInSubgroup) works; the
// error's text is the library's description of the status, and [Error.Status] gives its
// numeric value.
//
// Verification: every function that checks a signature, a proof or a pairing equation returns
// (bool, error):
//   - (true, nil) when the inputs are well-formed and valid;
//   - (false, nil) when they are well-formed and not valid (the C ABI's
//     ISOCHRON_VERIFY_FAILED);
//   - (false, err) when an input is malformed (wrong length, not on the curve, not in the
//     subgroup, ...), err saying why.
//
// So "ok, err := Verify(...); if !ok" rejects everything that is not a valid signature, and
// err tells a malformed input from a wrong one. ErrVerifyFailed is returned only by functions
// that are not verifications but fail for the same reason (ECDSARecover of a signature that no
// key makes).
//
// Fixed-size values (BLS keys and signatures, KZG blobs, commitments, proofs and cells) are
// byte-array types; lists of them are Go slices, passed to C without copying. Other byte
// strings are []byte; an empty or nil slice is an empty input.
//
// Every function is safe for concurrent use. A [KZGSettings] may be used from several
// goroutines at once, but must not be closed while in use.
package isochron

/*
#cgo CFLAGS: -I${SRCDIR}/../../crates/isochron-ffi/include
#cgo LDFLAGS: ${SRCDIR}/../../target/c/lib/libisochron.a -lm -ldl -lpthread
#include <stdlib.h>
#include "isochron.h"
*/
import "C"

import (
	"runtime"
	"unsafe"
)

// Error is a failure reported by the library: one of the sentinel errors below, one per
// status of the C ABI.
type Error struct {
	status int
	text   string
}

// Error returns "isochron: " and the library's description of the status.
func (e *Error) Error() string { return "isochron: " + e.text }

// Status is the status value of the C ABI (isochron_status) this error stands for.
func (e *Error) Status() int { return e.status }

func newError(status C.isochron_status) *Error {
	return &Error{status: int(status), text: C.GoString(C.isochron_status_str(C.int(status)))}
}

// The sentinel errors, one per isochron_status of the C ABI (see the header for each).
var (
	// ErrVerifyFailed: well-formed inputs that do not verify. Verification functions report
	// this as (false, nil) instead; see the package documentation.
	ErrVerifyFailed = newError(C.ISOCHRON_VERIFY_FAILED)
	// ErrBadLength: an input has the wrong length.
	ErrBadLength = newError(C.ISOCHRON_BAD_LENGTH)
	// ErrBufferTooSmall: an output buffer is too short (not returned by this package, which
	// sizes every buffer).
	ErrBufferTooSmall = newError(C.ISOCHRON_BUFFER_TOO_SMALL)
	// ErrNullPointer: a missing handle (a closed KZGSettings).
	ErrNullPointer = newError(C.ISOCHRON_NULL_POINTER)
	// ErrNonCanonical: an integer or field element is not below its modulus.
	ErrNonCanonical = newError(C.ISOCHRON_NON_CANONICAL)
	// ErrInvalidFlags: a point encoding's flag bits (or SEC1 prefix) are invalid.
	ErrInvalidFlags = newError(C.ISOCHRON_INVALID_FLAGS)
	// ErrNotOnCurve: the point is not on the curve.
	ErrNotOnCurve = newError(C.ISOCHRON_NOT_ON_CURVE)
	// ErrNotInSubgroup: the point is not in the prime-order subgroup.
	ErrNotInSubgroup = newError(C.ISOCHRON_NOT_IN_SUBGROUP)
	// ErrIdentity: the identity point where it is not allowed, or an all-zero shared secret.
	ErrIdentity = newError(C.ISOCHRON_IDENTITY)
	// ErrZero: a zero scalar or secret key where it is not allowed.
	ErrZero = newError(C.ISOCHRON_ZERO)
	// ErrEmpty: an empty list where at least one item is required.
	ErrEmpty = newError(C.ISOCHRON_EMPTY)
	// ErrCountMismatch: lists that must have the same number of items do not.
	ErrCountMismatch = newError(C.ISOCHRON_COUNT_MISMATCH)
	// ErrIndexOutOfRange: an index at or above its bound (an EIP-7594 cell index).
	ErrIndexOutOfRange = newError(C.ISOCHRON_INDEX_OUT_OF_RANGE)
	// ErrDuplicateIndex: an index appears twice.
	ErrDuplicateIndex = newError(C.ISOCHRON_DUPLICATE_INDEX)
	// ErrUnsorted: indices that must ascend do not.
	ErrUnsorted = newError(C.ISOCHRON_UNSORTED)
	// ErrMalformed: a text input (a trusted setup) is malformed.
	ErrMalformed = newError(C.ISOCHRON_MALFORMED)
	// ErrBadDER: a DER signature breaks strict DER.
	ErrBadDER = newError(C.ISOCHRON_BAD_DER)
	// ErrInvalidArgument: an argument outside its documented values (an unknown mode, fork,
	// group or curve).
	ErrInvalidArgument = newError(C.ISOCHRON_INVALID_ARGUMENT)
	// ErrUnknownPrecompile: no EVM precompile has this name or address, or it is not active
	// in the fork.
	ErrUnknownPrecompile = newError(C.ISOCHRON_UNKNOWN_PRECOMPILE)
	// ErrPrecompileFailed: the EVM precompile rejected its input (an exceptional halt).
	ErrPrecompileFailed = newError(C.ISOCHRON_PRECOMPILE_FAILED)
	// ErrOutOfGas: the precompile's gas exceeds the gas limit.
	ErrOutOfGas = newError(C.ISOCHRON_OUT_OF_GAS)
	// ErrIO: a file could not be read.
	ErrIO = newError(C.ISOCHRON_IO)
	// ErrInternal: the library failed internally (a bug, please report it).
	ErrInternal = newError(C.ISOCHRON_INTERNAL)
)

// errs maps a status value to its sentinel.
var errs = map[C.isochron_status]*Error{}

func init() {
	for _, e := range []*Error{
		ErrVerifyFailed, ErrBadLength, ErrBufferTooSmall, ErrNullPointer, ErrNonCanonical,
		ErrInvalidFlags, ErrNotOnCurve, ErrNotInSubgroup, ErrIdentity, ErrZero, ErrEmpty,
		ErrCountMismatch, ErrIndexOutOfRange, ErrDuplicateIndex, ErrUnsorted, ErrMalformed,
		ErrBadDER, ErrInvalidArgument, ErrUnknownPrecompile, ErrPrecompileFailed, ErrOutOfGas,
		ErrIO, ErrInternal,
	} {
		errs[C.isochron_status(e.status)] = e
	}
}

// check turns a status into nil or its sentinel error.
func check(s C.isochron_status) error {
	if s == C.ISOCHRON_OK {
		return nil
	}
	if e, ok := errs[s]; ok {
		return e
	}
	return newError(s)
}

// verdict turns a verification's status into (valid, error): see the package documentation.
func verdict(s C.isochron_status) (bool, error) {
	switch s {
	case C.ISOCHRON_OK:
		return true, nil
	case C.ISOCHRON_VERIFY_FAILED:
		return false, nil
	default:
		return false, check(s)
	}
}

// Version is the version of the linked library, such as "0.1.0".
func Version() string { return C.GoString(C.isochron_version()) }

// ptr is a pointer to b's bytes for C (nil for an empty slice: the C ABI allows NULL with a
// zero length). A []byte holds no Go pointers, so passing it is allowed by the cgo rules.
func ptr(b []byte) *C.uint8_t {
	if len(b) == 0 {
		return nil
	}
	return (*C.uint8_t)(unsafe.Pointer(unsafe.SliceData(b)))
}

// size is len(b) as a size_t.
func size(b []byte) C.size_t { return C.size_t(len(b)) }

// flat views a slice of byte arrays (keys, signatures, blobs, ...) as one concatenated byte
// slice, without copying. T must be a byte array type.
func flat[T any](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	var zero T
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(zero)))
}

// concat joins byte strings into one buffer (for the C ABI's concatenated lists).
func concat(items [][]byte) []byte {
	n := 0
	for _, it := range items {
		n += len(it)
	}
	out := make([]byte, 0, n)
	for _, it := range items {
		out = append(out, it...)
	}
	return out
}

// msgList is a list of messages in the C ABI's form: an array of pointers and an array of
// lengths, both in C memory (cgo forbids passing Go memory that holds Go pointers), the
// messages' bytes pinned in place for the duration of the call.
type msgList struct {
	ptrs   **C.uint8_t
	lens   *C.size_t
	n      C.size_t
	pinner runtime.Pinner
	block  unsafe.Pointer
}

// newMsgList prepares msgs for a call; release it with free after the call.
func newMsgList(msgs [][]byte) *msgList {
	l := &msgList{n: C.size_t(len(msgs))}
	if len(msgs) == 0 {
		return l
	}
	ps := C.size_t(unsafe.Sizeof((*C.uint8_t)(nil)))
	ls := C.size_t(unsafe.Sizeof(C.size_t(0)))
	l.block = C.malloc(l.n * (ps + ls))
	if l.block == nil {
		panic("isochron: out of memory")
	}
	ptrs := unsafe.Slice((**C.uint8_t)(l.block), len(msgs))
	lens := unsafe.Slice((*C.size_t)(unsafe.Add(l.block, uintptr(l.n*ps))), len(msgs))
	for i, m := range msgs {
		if len(m) == 0 {
			ptrs[i] = nil
		} else {
			p := unsafe.SliceData(m)
			l.pinner.Pin(p)
			ptrs[i] = (*C.uint8_t)(unsafe.Pointer(p))
		}
		lens[i] = C.size_t(len(m))
	}
	l.ptrs = &ptrs[0]
	l.lens = &lens[0]
	return l
}

// free unpins the messages and releases the C arrays.
func (l *msgList) free() {
	l.pinner.Unpin()
	if l.block != nil {
		C.free(l.block)
		l.block = nil
	}
}

// status is the C ABI's status type (for tests, which cannot use cgo themselves).
type status = C.isochron_status

// cgoNop is a cgo call that does almost nothing (for the call-overhead benchmark).
func cgoNop() { C.isochron_status_str(0) }

// The constants of this package are the header's values (written out so that the
// documentation shows numbers): a negative array length fails the build if one differs.
var (
	_ [ScalarSize - C.ISOCHRON_SCALAR_BYTES]struct{}
	_ [C.ISOCHRON_SCALAR_BYTES - ScalarSize]struct{}
	_ [BlobSize - C.ISOCHRON_KZG_BLOB_BYTES]struct{}
	_ [C.ISOCHRON_KZG_BLOB_BYTES - BlobSize]struct{}
	_ [KZGCommitmentSize - C.ISOCHRON_KZG_G1_BYTES]struct{}
	_ [C.ISOCHRON_KZG_G1_BYTES - KZGCommitmentSize]struct{}
	_ [KZGProofSize - C.ISOCHRON_KZG_G1_BYTES]struct{}
	_ [C.ISOCHRON_KZG_G1_BYTES - KZGProofSize]struct{}
	_ [CellSize - C.ISOCHRON_KZG_CELL_BYTES]struct{}
	_ [C.ISOCHRON_KZG_CELL_BYTES - CellSize]struct{}
	_ [CellsPerExtBlob - C.ISOCHRON_KZG_CELLS_PER_EXT_BLOB]struct{}
	_ [C.ISOCHRON_KZG_CELLS_PER_EXT_BLOB - CellsPerExtBlob]struct{}
	_ [BLS12381G1 - C.ISOCHRON_GROUP_BLS12_381_G1]struct{}
	_ [C.ISOCHRON_GROUP_BLS12_381_G1 - BLS12381G1]struct{}
	_ [BLS12381G2 - C.ISOCHRON_GROUP_BLS12_381_G2]struct{}
	_ [C.ISOCHRON_GROUP_BLS12_381_G2 - BLS12381G2]struct{}
	_ [BN254G1 - C.ISOCHRON_GROUP_BN254_G1]struct{}
	_ [C.ISOCHRON_GROUP_BN254_G1 - BN254G1]struct{}
	_ [BN254G2 - C.ISOCHRON_GROUP_BN254_G2]struct{}
	_ [C.ISOCHRON_GROUP_BN254_G2 - BN254G2]struct{}
	_ [CurveBLS12381 - C.ISOCHRON_CURVE_BLS12_381]struct{}
	_ [C.ISOCHRON_CURVE_BLS12_381 - CurveBLS12381]struct{}
	_ [CurveBN254 - C.ISOCHRON_CURVE_BN254]struct{}
	_ [C.ISOCHRON_CURVE_BN254 - CurveBN254]struct{}
	_ [CurveSecp256k1 - C.ISOCHRON_CURVE_SECP256K1]struct{}
	_ [C.ISOCHRON_CURVE_SECP256K1 - CurveSecp256k1]struct{}
	_ [CurveP256 - C.ISOCHRON_CURVE_P256]struct{}
	_ [C.ISOCHRON_CURVE_P256 - CurveP256]struct{}
	_ [BLSSecretKeySize - C.ISOCHRON_BLS_SECRET_KEY_BYTES]struct{}
	_ [C.ISOCHRON_BLS_SECRET_KEY_BYTES - BLSSecretKeySize]struct{}
	_ [BLSPublicKeySize - C.ISOCHRON_BLS_PUBLIC_KEY_BYTES]struct{}
	_ [C.ISOCHRON_BLS_PUBLIC_KEY_BYTES - BLSPublicKeySize]struct{}
	_ [BLSSignatureSize - C.ISOCHRON_BLS_SIGNATURE_BYTES]struct{}
	_ [C.ISOCHRON_BLS_SIGNATURE_BYTES - BLSSignatureSize]struct{}
	_ [Ed25519RFC8032 - C.ISOCHRON_ED25519_RFC8032]struct{}
	_ [C.ISOCHRON_ED25519_RFC8032 - Ed25519RFC8032]struct{}
	_ [Ed25519Strict - C.ISOCHRON_ED25519_STRICT]struct{}
	_ [C.ISOCHRON_ED25519_STRICT - Ed25519Strict]struct{}
	_ [Ed25519ZIP215 - C.ISOCHRON_ED25519_ZIP215]struct{}
	_ [C.ISOCHRON_ED25519_ZIP215 - Ed25519ZIP215]struct{}
)
