package isochron

/*
#include "isochron.h"
*/
import "C"

// Group is one of the four pairing groups: G1 and G2 of BLS12-381 and of BN254.
//
// Points travel in each curve's own encoding, compressed or uncompressed (told apart by their
// length on input, chosen by a compressed argument on output): BLS12-381 in the ZCash format
// (G1 48/96 bytes, G2 96/192), BN254 in arkworks' CanonicalSerialize format (G1 32/64, G2
// 64/128). Every decoder checks the length, the flags, canonical coordinates, the curve
// equation and subgroup membership. Scalars are 32-byte big-endian integers below the group
// order (ErrNonCanonical otherwise).
type Group uint32

// The groups.
const (
	// BLS12381G1 is G1 of BLS12-381 (48/96-byte points).
	BLS12381G1 Group = 1
	// BLS12381G2 is G2 of BLS12-381 (96/192-byte points).
	BLS12381G2 Group = 2
	// BN254G1 is G1 of BN254, alt_bn128 (32/64-byte points).
	BN254G1 Group = 3
	// BN254G2 is G2 of BN254 (64/128-byte points).
	BN254G2 Group = 4
)

// ScalarSize is the size of a group scalar, in bytes.
const ScalarSize = 32

// Curve names a curve: the pairing-friendly ones (for PairingCheck) and the ECDSA ones.
type Curve uint32

// The curves.
const (
	// CurveBLS12381 is the pairing-friendly curve BLS12-381.
	CurveBLS12381 Curve = 1
	// CurveBN254 is the pairing-friendly curve BN254 (alt_bn128).
	CurveBN254 Curve = 2
	// CurveSecp256k1 is secp256k1 (SEC 2), for ECDSA and ECDH.
	CurveSecp256k1 Curve = 3
	// CurveP256 is P-256 (secp256r1), for ECDSA and ECDH.
	CurveP256 Curve = 4
)

// CompressedSize is the size of a compressed point of the group (0 for an unknown group); an
// uncompressed point is twice as long.
func (g Group) CompressedSize() int {
	switch g {
	case BLS12381G1:
		return 48
	case BLS12381G2:
		return 96
	case BN254G1:
		return 32
	case BN254G2:
		return 64
	}
	return 0
}

// String is the group's name, such as "BLS12-381 G1".
func (g Group) String() string {
	switch g {
	case BLS12381G1:
		return "BLS12-381 G1"
	case BLS12381G2:
		return "BLS12-381 G2"
	case BN254G1:
		return "BN254 G1"
	case BN254G2:
		return "BN254 G2"
	}
	return "unknown group"
}

// outSize is the size of an encoded point of g in the form compressed asks for, and an output
// buffer of that size (at least 1 byte, so that an unknown group reaches the library's own
// ErrInvalidArgument).
func outBuf(g Group, compressed bool) []byte {
	n := g.CompressedSize()
	if !compressed {
		n *= 2
	}
	return make([]byte, max(n, 1))
}

// PointDecode decodes point (compressed or uncompressed) with every check and encodes it again
// in the form compressed asks for: validation and conversion between the two encodings.
func PointDecode(g Group, point []byte, compressed bool) ([]byte, error) {
	out := outBuf(g, compressed)
	if err := check(C.isochron_point_decode(ptr(out), size(out), C.uint32_t(g), ptr(point), size(point),
		C.bool(compressed))); err != nil {
		return nil, err
	}
	return out, nil
}

// PointGenerator is the group's standard generator.
func PointGenerator(g Group, compressed bool) ([]byte, error) {
	out := outBuf(g, compressed)
	if err := check(C.isochron_point_generator(ptr(out), size(out), C.uint32_t(g), C.bool(compressed))); err != nil {
		return nil, err
	}
	return out, nil
}

// PointAdd is a + b.
func PointAdd(g Group, a, b []byte, compressed bool) ([]byte, error) {
	out := outBuf(g, compressed)
	if err := check(C.isochron_point_add(ptr(out), size(out), C.uint32_t(g), ptr(a), size(a), ptr(b), size(b),
		C.bool(compressed))); err != nil {
		return nil, err
	}
	return out, nil
}

// PointNeg is -a.
func PointNeg(g Group, a []byte, compressed bool) ([]byte, error) {
	out := outBuf(g, compressed)
	if err := check(C.isochron_point_neg(ptr(out), size(out), C.uint32_t(g), ptr(a), size(a),
		C.bool(compressed))); err != nil {
		return nil, err
	}
	return out, nil
}

// PointMul is [k]·point, constant time in the scalar k (32 bytes, big-endian, below the group
// order).
func PointMul(g Group, point, k []byte, compressed bool) ([]byte, error) {
	out := outBuf(g, compressed)
	if err := check(C.isochron_point_mul(ptr(out), size(out), C.uint32_t(g), ptr(point), size(point), ptr(k), size(k),
		C.bool(compressed))); err != nil {
		return nil, err
	}
	return out, nil
}

// PointMSM is Σ [scalars[i]]·points[i] for public points and scalars (variable time:
// Pippenger, every core). The points are all compressed or all uncompressed; no points give
// the identity; lists of different lengths are ErrCountMismatch.
func PointMSM(g Group, points, scalars [][]byte, compressed bool) ([]byte, error) {
	out := outBuf(g, compressed)
	pointsCompressed := len(points) == 0 || len(points[0]) == g.CompressedSize()
	p, k := concat(points), concat(scalars)
	if len(points) != len(scalars) {
		return nil, ErrCountMismatch
	}
	for _, pt := range points {
		if len(pt) != len(points[0]) {
			return nil, ErrBadLength
		}
	}
	for _, sc := range scalars {
		if len(sc) != ScalarSize {
			return nil, ErrBadLength
		}
	}
	if err := check(C.isochron_point_msm(ptr(out), size(out), C.uint32_t(g), ptr(p), size(p), C.bool(pointsCompressed),
		ptr(k), size(k), C.bool(compressed))); err != nil {
		return nil, err
	}
	return out, nil
}

// PairingCheck is whether Π e(g1s[i], g2s[i]) = 1 on curve (CurveBLS12381 or CurveBN254), the
// points compressed: (true, nil) if the product is one (also for no pairs), (false, nil) if
// not, (false, err) for malformed points or lists of different lengths.
func PairingCheck(curve Curve, g1s, g2s [][]byte) (bool, error) {
	a, b := concat(g1s), concat(g2s)
	if len(g1s) != len(g2s) {
		return false, ErrCountMismatch
	}
	for _, list := range [][][]byte{g1s, g2s} {
		for _, pt := range list {
			if len(pt) != len(list[0]) {
				return false, ErrBadLength
			}
		}
	}
	return verdict(C.isochron_pairing_check(C.uint32_t(curve), ptr(a), size(a), ptr(b), size(b)))
}
