package isochron

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// Random inputs of interesting lengths to every entry point: the library reports a status for
// each and never fails internally (ErrInternal would be a caught panic).

var lengths = []int{0, 1, 16, 31, 32, 33, 47, 48, 49, 64, 65, 95, 96, 97, 128, 160, 192, 256}

func randBytes(r *rand.Rand) []byte {
	n := lengths[r.IntN(len(lengths))]
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	if n > 0 && r.IntN(3) == 0 {
		b[0] = []byte{0x02, 0x03, 0x04, 0x80, 0xa0, 0xc0}[r.IntN(6)] // plausible prefixes
	}
	return b
}

func noInternal(t *testing.T, what string, err error) {
	t.Helper()
	if errors.Is(err, ErrInternal) {
		t.Fatalf("%s: internal error", what)
	}
}

func TestRandomInputsNeverInternal(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	b := func() []byte { return randBytes(r) }
	curves := []Curve{CurveBLS12381, CurveBN254, CurveSecp256k1, CurveP256, 0, 9}
	for i := 0; i < 2000; i++ {
		g := Group(r.IntN(6))
		c := curves[r.IntN(len(curves))]
		_, err := PointDecode(g, b(), r.IntN(2) == 0)
		noInternal(t, "PointDecode", err)
		_, err = PointAdd(g, b(), b(), true)
		noInternal(t, "PointAdd", err)
		_, err = PointNeg(g, b(), false)
		noInternal(t, "PointNeg", err)
		_, err = PointMul(g, b(), b(), true)
		noInternal(t, "PointMul", err)
		_, err = PointMSM(g, [][]byte{b(), b()}, [][]byte{b(), b()}, true)
		noInternal(t, "PointMSM", err)
		_, err = PairingCheck(c, [][]byte{b()}, [][]byte{b()})
		noInternal(t, "PairingCheck", err)

		var pk BLSPublicKey
		var sig BLSSignature
		copy(pk[:], b())
		copy(sig[:], b())
		_, err = BLSVerify(&pk, b(), &sig)
		noInternal(t, "BLSVerify", err)
		_, err = BLSAggregate([]BLSSignature{sig, sig})
		noInternal(t, "BLSAggregate", err)

		_, err = Ed25519Verify(b(), b(), b(), &Ed25519Options{Mode: Ed25519Mode(r.IntN(4))})
		noInternal(t, "Ed25519Verify", err)
		_, err = X25519(b(), b())
		noInternal(t, "X25519", err)
		noInternal(t, "Ristretto255Validate", Ristretto255Validate(b()))
		_, err = Ristretto255Add(b(), b())
		noInternal(t, "Ristretto255Add", err)

		_, err = ECDSAVerify(c, b(), b(), b(), r.IntN(2) == 0)
		noInternal(t, "ECDSAVerify", err)
		_, err = ECDSARecover(c, b(), b(), byte(r.IntN(5)), true)
		noInternal(t, "ECDSARecover", err)
		_, err = ECDH(c, b(), b())
		noInternal(t, "ECDH", err)
		_, err = BIP340Verify(b(), b(), b())
		noInternal(t, "BIP340Verify", err)

		name := []string{"ecrecover", "0x05", "bn254_add", "bn254_mul", "bn254_pairing", "blake2f",
			"point_evaluation", "bls12_g1add", "bls12_g1msm", "bls12_g2msm", "bls12_pairing",
			"bls12_map_fp_to_g1", "bls12_map_fp2_to_g2", "p256verify"}[r.IntN(14)]
		_, _, err = RunPrecompile(name, b(), "", 0)
		noInternal(t, "RunPrecompile "+name, err)
		_, err = PrecompileGas(name, b(), "")
		noInternal(t, "PrecompileGas "+name, err)
	}
}

// Fuzz targets (go test -fuzz FuzzPointDecode, ...); go test runs their seeds.

func FuzzPointDecode(f *testing.F) {
	for _, g := range groups {
		p, _ := PointGenerator(g, true)
		f.Add(uint32(g), p)
		u, _ := PointGenerator(g, false)
		f.Add(uint32(g), u)
	}
	f.Fuzz(func(t *testing.T, g uint32, p []byte) {
		out, err := PointDecode(Group(g), p, true)
		noInternal(t, "PointDecode", err)
		if err == nil {
			// A decoded point re-encodes to itself when it came compressed.
			if len(p) == Group(g).CompressedSize() && string(out) != string(p) {
				t.Fatalf("round trip %x → %x", p, out)
			}
		}
	})
}

func FuzzRunPrecompile(f *testing.F) {
	f.Add("0x06", make([]byte, 128))
	f.Add("bls12_g1add", make([]byte, 256))
	f.Add("modexp", []byte{0, 1, 2})
	f.Fuzz(func(t *testing.T, name string, input []byte) {
		out, gas, err := RunPrecompile(name, input, "", 0)
		noInternal(t, "RunPrecompile", err)
		if err == nil {
			g, err := PrecompileGas(name, input, "")
			if err != nil || g != gas {
				t.Fatalf("gas %d vs %d (%v)", g, gas, err)
			}
			_ = out
		}
	})
}
