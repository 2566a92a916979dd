package isochron

import (
	"bytes"
	"testing"
)

var groups = []Group{BLS12381G1, BLS12381G2, BN254G1, BN254G2}

func scalarOf(v byte) []byte {
	k := make([]byte, ScalarSize)
	k[31] = v
	return k
}

func TestPoints(t *testing.T) {
	for _, g := range groups {
		t.Run(g.String(), func(t *testing.T) {
			n := g.CompressedSize()
			gen, err := PointGenerator(g, true)
			wantOK(t, err)
			if len(gen) != n {
				t.Fatalf("generator: %d bytes", len(gen))
			}
			sum, err := PointAdd(g, gen, gen, true)
			wantOK(t, err)
			two, err := PointMul(g, gen, scalarOf(2), true)
			wantOK(t, err)
			if !bytes.Equal(sum, two) {
				t.Fatal("G + G != 2·G")
			}
			unc, err := PointDecode(g, two, false)
			wantOK(t, err)
			if len(unc) != 2*n {
				t.Fatalf("uncompressed: %d bytes", len(unc))
			}
			back, err := PointDecode(g, unc, true)
			wantOK(t, err)
			if !bytes.Equal(back, two) {
				t.Fatal("round trip")
			}
			uncGen, err := PointGenerator(g, false)
			wantOK(t, err)
			three, err := PointAdd(g, unc, gen, true) // mixed encodings
			wantOK(t, err)
			three2, err := PointMul(g, uncGen, scalarOf(3), true)
			wantOK(t, err)
			if !bytes.Equal(three, three2) {
				t.Fatal("2·G + G != 3·G")
			}
			neg, err := PointNeg(g, gen, true)
			wantOK(t, err)
			// 3·G + (−G) = 2·G through an MSM.
			msm, err := PointMSM(g, [][]byte{three, neg}, [][]byte{scalarOf(1), scalarOf(1)}, true)
			wantOK(t, err)
			if !bytes.Equal(msm, two) {
				t.Fatal("MSM")
			}
			msmU, err := PointMSM(g, [][]byte{uncGen, uncGen}, [][]byte{scalarOf(1), scalarOf(2)}, false)
			wantOK(t, err)
			threeU, _ := PointDecode(g, three, false)
			if !bytes.Equal(msmU, threeU) {
				t.Fatal("uncompressed MSM")
			}
			empty, err := PointMSM(g, nil, nil, true)
			wantOK(t, err)
			zero, err := PointMul(g, gen, scalarOf(0), true)
			wantOK(t, err)
			if !bytes.Equal(empty, zero) {
				t.Fatal("empty MSM is not the identity")
			}
			_, err = PointMSM(g, [][]byte{three, neg}, [][]byte{scalarOf(1)}, true)
			wantErr(t, err, ErrCountMismatch)
			_, err = PointMSM(g, [][]byte{three, unc}, [][]byte{scalarOf(1), scalarOf(1)}, true)
			wantErr(t, err, ErrBadLength)
			_, err = PointMul(g, gen, bytes.Repeat([]byte{0xff}, 32), true)
			wantErr(t, err, ErrNonCanonical)
			_, err = PointMul(g, gen, scalarOf(1)[:31], true)
			wantErr(t, err, ErrBadLength)
			_, err = PointDecode(g, gen[:n-1], true)
			wantErr(t, err, ErrBadLength)
			_, err = PointDecode(g, nil, true)
			wantErr(t, err, ErrBadLength)
		})
	}
	_, err := PointGenerator(Group(99), true)
	wantErr(t, err, ErrInvalidArgument)
	if Group(99).String() != "unknown group" || Group(99).CompressedSize() != 0 {
		t.Fatal("unknown group")
	}
}

func TestPointDecodeErrors(t *testing.T) {
	// BLS12-381 G1: (0, ±2) is on the curve, not in the subgroup.
	p := make([]byte, 48)
	p[0] = 0x80
	_, err := PointDecode(BLS12381G1, p, true)
	wantErr(t, err, ErrNotInSubgroup)
	// The generator with its y changed is not on the curve.
	for _, g := range groups {
		u, _ := PointGenerator(g, false)
		u[len(u)-1] ^= 1
		_, err = PointDecode(g, u, true)
		wantErr(t, err, ErrNotOnCurve)
	}
	// Infinity flag with the sort flag set.
	p[0] = 0xe0
	_, err = PointDecode(BLS12381G1, p, true)
	wantErr(t, err, ErrInvalidFlags)
	// A non-canonical x (all ones under the flags).
	for i := range p {
		p[i] = 0xff
	}
	p[0] = 0x9f
	_, err = PointDecode(BLS12381G1, p, true)
	wantErr(t, err, ErrNonCanonical)
}

func TestPairingCheck(t *testing.T) {
	for _, c := range []struct {
		curve  Curve
		g1, g2 Group
	}{{CurveBLS12381, BLS12381G1, BLS12381G2}, {CurveBN254, BN254G1, BN254G2}} {
		p, _ := PointGenerator(c.g1, true)
		np, _ := PointNeg(c.g1, p, true)
		q, _ := PointGenerator(c.g2, true)
		wantValid(t)(PairingCheck(c.curve, [][]byte{p, np}, [][]byte{q, q}))
		wantInvalid(t)(PairingCheck(c.curve, [][]byte{p}, [][]byte{q}))
		wantValid(t)(PairingCheck(c.curve, nil, nil))
		wantMalformed(t, ErrCountMismatch)(PairingCheck(c.curve, [][]byte{p, np}, [][]byte{q}))
		wantMalformed(t, ErrBadLength)(PairingCheck(c.curve, [][]byte{p}, [][]byte{p}))
		// e(2·P, Q) = e(P, 2·Q).
		p2, _ := PointMul(c.g1, p, scalarOf(2), true)
		q2, _ := PointMul(c.g2, q, scalarOf(2), true)
		np2, _ := PointNeg(c.g1, p2, true)
		wantValid(t)(PairingCheck(c.curve, [][]byte{np2, p}, [][]byte{q, q2}))
	}
	wantMalformed(t, ErrInvalidArgument)(PairingCheck(CurveP256, nil, nil))
}
