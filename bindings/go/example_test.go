package isochron_test

import (
	"bytes"
	"errors"
	"fmt"

	"example.invalid/isochron"
)

// The README's tour, checked by go test.
func Example() {
	sk, _ := isochron.BLSKeyGen(bytes.Repeat([]byte{7}, 32)) // KeyGen, IKM ≥ 32 bytes
	pk, _ := sk.PublicKey()                                  // 48-byte compressed G1 point
	sig, _ := sk.Sign([]byte("message"))                     // 96-byte compressed G2 point
	ok, err := isochron.BLSVerify(&pk, []byte("message"), &sig)
	fmt.Println("BLS:", ok, err)

	kzg, _ := isochron.LoadMainnetSetup() // the embedded Ethereum setup
	defer kzg.Close()
	var blob isochron.Blob
	c, _ := kzg.BlobToCommitment(&blob)
	proof, _ := kzg.ComputeBlobProof(&blob, c)
	ok, _ = kzg.VerifyBlobProofBatch([]isochron.Blob{blob}, []isochron.KZGCommitment{c}, []isochron.KZGProof{proof})
	fmt.Println("KZG:", ok)

	out, gas, _ := isochron.RunPrecompile("sha256", []byte("abc"), "osaka", 0)
	fmt.Printf("EVM: %x… gas %d\n", out[:4], gas)

	_, err = isochron.PointDecode(isochron.BLS12381G1, make([]byte, 47), true)
	fmt.Println("errors.Is:", errors.Is(err, isochron.ErrBadLength), err)
	// Output:
	// BLS: true <nil>
	// KZG: true
	// EVM: ba7816bf… gas 72
	// errors.Is: true isochron: bad length
}

// Verification returns (valid, error): a wrong signature is (false, nil), a malformed one
// (false, the reason).
func ExampleEd25519Verify() {
	seed := bytes.Repeat([]byte{1}, 32)
	pk, _ := isochron.Ed25519PublicKey(seed)
	sig, _ := isochron.Ed25519Sign(seed, []byte("hi"), nil)
	fmt.Println(isochron.Ed25519Verify(pk, []byte("hi"), sig, nil))
	fmt.Println(isochron.Ed25519Verify(pk, []byte("ho"), sig, &isochron.Ed25519Options{Mode: isochron.Ed25519ZIP215}))
	fmt.Println(isochron.Ed25519Verify(pk[:31], []byte("hi"), sig, nil))
	// Output:
	// true <nil>
	// false <nil>
	// false isochron: bad length
}

func ExampleECDSARecover() {
	sk := bytes.Repeat([]byte{3}, 32)
	digest := bytes.Repeat([]byte{0x5a}, 32) // a Keccak-256 or SHA-256 output
	pk, _ := isochron.ECDSAPublicKey(isochron.CurveSecp256k1, sk, false)
	sig, recid, _ := isochron.ECDSASign(isochron.CurveSecp256k1, sk, digest, nil)
	rec, _ := isochron.ECDSARecover(isochron.CurveSecp256k1, digest, sig, recid, false)
	fmt.Println(bytes.Equal(rec, pk))
	// Output: true
}

func ExamplePairingCheck() {
	g1, _ := isochron.PointGenerator(isochron.BN254G1, true)
	neg, _ := isochron.PointNeg(isochron.BN254G1, g1, true)
	g2, _ := isochron.PointGenerator(isochron.BN254G2, true)
	// e(G1, G2)·e(−G1, G2) = 1.
	fmt.Println(isochron.PairingCheck(isochron.CurveBN254, [][]byte{g1, neg}, [][]byte{g2, g2}))
	// Output: true <nil>
}
