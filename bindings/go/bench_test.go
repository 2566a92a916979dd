package isochron

import (
	"bytes"
	"crypto/sha256"
	"testing"
)

// Benchmarks of the heavy calls through cgo: go test -run '^$' -bench . .

func BenchmarkBLSVerify(b *testing.B) {
	sk, pk := blsKey(b, 1)
	msg := bytes.Repeat([]byte{0x42}, 32)
	sig, _ := sk.Sign(msg)
	for b.Loop() {
		if ok, err := BLSVerify(&pk, msg, &sig); !ok || err != nil {
			b.Fatal("invalid")
		}
	}
}

func BenchmarkBLSSign(b *testing.B) {
	sk, _ := blsKey(b, 1)
	msg := bytes.Repeat([]byte{0x42}, 32)
	for b.Loop() {
		if _, err := sk.Sign(msg); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBLSBatchVerify64(b *testing.B) {
	const n = 64
	pks := make([]BLSPublicKey, n)
	sigs := make([]BLSSignature, n)
	msgs := make([][]byte, n)
	for i := range n {
		sk, pk := blsKey(b, byte(i))
		msgs[i] = []byte{byte(i), 1, 2, 3}
		pks[i] = pk
		sigs[i], _ = sk.Sign(msgs[i])
	}
	for b.Loop() {
		if ok, err := BLSBatchVerify(pks, msgs, sigs); !ok || err != nil {
			b.Fatal("invalid")
		}
	}
}

// randomBlob is a blob of pseudo-random field elements (the top byte of each cleared).
func randomBlob(seed int) *Blob {
	var blob Blob
	for i := 0; i < 4096; i++ {
		h := sha256.Sum256([]byte{byte(seed), byte(i), byte(i >> 8)})
		h[0] = 0
		copy(blob[32*i:], h[:])
	}
	return &blob
}

func BenchmarkKZGBlobToCommitment(b *testing.B) {
	s := mainnet(b)
	blob := randomBlob(0)
	for b.Loop() {
		if _, err := s.BlobToCommitment(blob); err != nil {
			b.Fatal(err)
		}
	}
}

func benchmarkVerifyBlobBatch(b *testing.B, n int) {
	s := mainnet(b)
	blobs := make([]Blob, n)
	cs := make([]KZGCommitment, n)
	ps := make([]KZGProof, n)
	for i := range n {
		blobs[i] = *randomBlob(i)
		var err error
		cs[i], err = s.BlobToCommitment(&blobs[i])
		wantOK(b, err)
		ps[i], err = s.ComputeBlobProof(&blobs[i], cs[i])
		wantOK(b, err)
	}
	for b.Loop() {
		if ok, err := s.VerifyBlobProofBatch(blobs, cs, ps); !ok || err != nil {
			b.Fatal("invalid")
		}
	}
}

func BenchmarkKZGVerifyBlobProofBatch1(b *testing.B)  { benchmarkVerifyBlobBatch(b, 1) }
func BenchmarkKZGVerifyBlobProofBatch64(b *testing.B) { benchmarkVerifyBlobBatch(b, 64) }

func BenchmarkEd25519Verify(b *testing.B) {
	seed := bytes.Repeat([]byte{7}, 32)
	pk, _ := Ed25519PublicKey(seed)
	msg := bytes.Repeat([]byte{0x42}, 64)
	sig, _ := Ed25519Sign(seed, msg, nil)
	for b.Loop() {
		if ok, err := Ed25519Verify(pk, msg, sig, nil); !ok || err != nil {
			b.Fatal("invalid")
		}
	}
}

func BenchmarkEd25519Sign(b *testing.B) {
	seed := bytes.Repeat([]byte{7}, 32)
	msg := bytes.Repeat([]byte{0x42}, 64)
	for b.Loop() {
		if _, err := Ed25519Sign(seed, msg, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func benchmarkECDSAVerify(b *testing.B, c Curve) {
	sk := sha256.Sum256([]byte("key"))
	digest := sha256.Sum256([]byte("message"))
	pk, _ := ECDSAPublicKey(c, sk[:], true)
	sig, _, _ := ECDSASign(c, sk[:], digest[:], nil)
	for b.Loop() {
		if ok, err := ECDSAVerify(c, pk, digest[:], sig, false); !ok || err != nil {
			b.Fatal("invalid")
		}
	}
}

func BenchmarkECDSAVerifySecp256k1(b *testing.B) { benchmarkECDSAVerify(b, CurveSecp256k1) }
func BenchmarkECDSAVerifyP256(b *testing.B)      { benchmarkECDSAVerify(b, CurveP256) }

func BenchmarkBIP340Verify(b *testing.B) {
	sk := sha256.Sum256([]byte("key"))
	msg := sha256.Sum256([]byte("message"))
	pk, _ := BIP340PublicKey(sk[:])
	sig, _ := BIP340Sign(sk[:], msg[:], make([]byte, 32))
	for b.Loop() {
		if ok, err := BIP340Verify(pk, msg[:], sig); !ok || err != nil {
			b.Fatal("invalid")
		}
	}
}

func BenchmarkX25519(b *testing.B) {
	sk := bytes.Repeat([]byte{9}, 32)
	peer, _ := X25519PublicKey(bytes.Repeat([]byte{5}, 32))
	for b.Loop() {
		if _, err := X25519(sk, peer); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBN254PairingPrecompile(b *testing.B) {
	in := evmPairingInput(b)
	for b.Loop() {
		if _, _, err := RunPrecompile("bn254_pairing", in, "", 0); err != nil {
			b.Fatal(err)
		}
	}
}

// evmPairingInput is bn256Pairing.json's first two-pair success case.
func evmPairingInput(b *testing.B) []byte {
	for _, c := range evmCases(b, "bn256Pairing.json") {
		if c.ExpectedError == "" && len(c.Input) == 2*384 {
			return unhex(b, c.Input)
		}
	}
	b.Fatal("no two-pair case")
	return nil
}

// The cost of a cgo call that does almost nothing (a status string lookup).
func BenchmarkCgoCall(b *testing.B) {
	for b.Loop() {
		cgoNop()
	}
}
