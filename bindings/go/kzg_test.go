package isochron

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func mainnet(t testing.TB) *KZGSettings {
	t.Helper()
	s, err := LoadMainnetSetup()
	wantOK(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

// testBlob is a blob of small field elements (i·7 + 1 + seed).
func testBlob(seed byte) *Blob {
	var b Blob
	for i := 0; i < 4096; i++ {
		b[32*i+31] = byte(i*7+1) + seed
	}
	return &b
}

func TestKZGEIP4844(t *testing.T) {
	s := mainnet(t)
	blob := testBlob(0)
	c, err := s.BlobToCommitment(blob)
	wantOK(t, err)
	var z Bytes32
	z[31] = 5
	proof, y, err := s.ComputeProof(blob, z)
	wantOK(t, err)
	wantValid(t)(s.VerifyProof(c, z, y, proof))
	y2 := y
	y2[31] ^= 1
	wantInvalid(t)(s.VerifyProof(c, z, y2, proof))
	// y ≥ r is malformed.
	for i := range y2 {
		y2[i] = 0xff
	}
	wantMalformed(t, ErrNonCanonical)(s.VerifyProof(c, z, y2, proof))

	bp, err := s.ComputeBlobProof(blob, c)
	wantOK(t, err)
	wantValid(t)(s.VerifyBlobProof(blob, c, bp))
	wantInvalid(t)(s.VerifyBlobProof(testBlob(1), c, bp))
	wantValid(t)(s.VerifyBlobProofBatch([]Blob{*blob}, []KZGCommitment{c}, []KZGProof{bp}))
	wantValid(t)(s.VerifyBlobProofBatch(nil, nil, nil))
	wantMalformed(t, ErrCountMismatch)(s.VerifyBlobProofBatch([]Blob{*blob}, []KZGCommitment{c}, nil))
	// A commitment that is not a point.
	bad := c
	bad[0] &^= 0x80
	wantMalformed(t, ErrInvalidFlags)(s.VerifyBlobProof(blob, bad, bp))

	// A field element ≥ r in the blob.
	nc := *blob
	copy(nc[:32], bytes.Repeat([]byte{0xff}, 32))
	_, err = s.BlobToCommitment(&nc)
	wantErr(t, err, ErrNonCanonical)
}

func TestKZGEIP7594(t *testing.T) {
	s := mainnet(t)
	blob := testBlob(3)
	c, _ := s.BlobToCommitment(blob)
	cells, proofs, err := s.ComputeCellsAndProofs(blob)
	wantOK(t, err)
	if len(cells) != CellsPerExtBlob || len(proofs) != CellsPerExtBlob {
		t.Fatal("counts")
	}
	only, err := s.ComputeCells(blob)
	wantOK(t, err)
	for i := range only {
		if only[i] != cells[i] {
			t.Fatalf("cell %d differs", i)
		}
	}
	cs := []KZGCommitment{c, c, c}
	wantValid(t)(s.VerifyCellProofBatch(cs, []uint64{64, 65, 66}, cells[64:67], proofs[64:67]))
	wantInvalid(t)(s.VerifyCellProofBatch(cs, []uint64{64, 65, 66}, cells[0:3], proofs[64:67]))
	wantValid(t)(s.VerifyCellProofBatch(nil, nil, nil, nil))
	wantMalformed(t, ErrIndexOutOfRange)(s.VerifyCellProofBatch(cs[:1], []uint64{128}, cells[:1], proofs[:1]))
	wantMalformed(t, ErrCountMismatch)(s.VerifyCellProofBatch(cs, []uint64{64, 65}, cells[64:67], proofs[64:67]))

	idx := make([]uint64, 64)
	for i := range idx {
		idx[i] = uint64(64 + i)
	}
	rc, rp, err := s.RecoverCellsAndProofs(idx, cells[64:])
	wantOK(t, err)
	for i := range rc {
		if rc[i] != cells[i] || rp[i] != proofs[i] {
			t.Fatalf("recovered cell %d differs", i)
		}
	}
	_, _, err = s.RecoverCellsAndProofs(idx[:63], cells[64:127])
	wantErr(t, err, ErrBadLength)
	idx[1] = 64
	_, _, err = s.RecoverCellsAndProofs(idx, cells[64:])
	wantErr(t, err, ErrDuplicateIndex)
	idx[0], idx[1] = 65, 64
	_, _, err = s.RecoverCellsAndProofs(idx, cells[64:])
	wantErr(t, err, ErrUnsorted)
}

// mainnetSetupPath is the crate's copy of c-kzg-4844's trusted_setup.txt (the embedded setup).
func mainnetSetupPath(t testing.TB) string {
	t.Helper()
	path := filepath.Join("..", "..", "crates", "isochron", "src", "protocols", "eip4844", "trusted_setup.txt")
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("trusted setup: %v", err)
	}
	return path
}

func TestKZGLoad(t *testing.T) {
	_, err := LoadTrustedSetup([]byte("x\n65\n"))
	wantErr(t, err, ErrMalformed)
	_, err = LoadTrustedSetup(nil)
	wantErr(t, err, ErrMalformed)
	_, err = LoadTrustedSetupFile("/nonexistent/setup.txt")
	wantErr(t, err, ErrIO)

	path := mainnetSetupPath(t)
	s, err := LoadTrustedSetupFile(path)
	wantOK(t, err)
	text, err := os.ReadFile(path)
	wantOK(t, err)
	s2, err := LoadTrustedSetup(text)
	wantOK(t, err)
	m := mainnet(t)
	blob := testBlob(9)
	c1, _ := s.BlobToCommitment(blob)
	c2, _ := s2.BlobToCommitment(blob)
	c3, _ := m.BlobToCommitment(blob)
	if c1 != c3 || c2 != c3 {
		t.Fatal("setups disagree")
	}
	// Close is idempotent; a closed setup reports ErrNullPointer.
	wantOK(t, s.Close())
	wantOK(t, s.Close())
	_, err = s.BlobToCommitment(blob)
	wantErr(t, err, ErrNullPointer)
	// s2 is left to its finalizer.
	s2 = nil
	runtime.GC()
}

// One setup shared by several goroutines.
func TestKZGConcurrent(t *testing.T) {
	s := mainnet(t)
	blob := testBlob(5)
	want, err := s.BlobToCommitment(blob)
	wantOK(t, err)
	proof, err := s.ComputeBlobProof(blob, want)
	wantOK(t, err)
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			c, err := s.BlobToCommitment(blob)
			if err == nil && c != want {
				err = ErrVerifyFailed
			}
			if err == nil {
				var ok bool
				ok, err = s.VerifyBlobProof(blob, c, proof)
				if err == nil && !ok {
					err = ErrVerifyFailed
				}
			}
			errs <- err
		}()
	}
	for range 4 {
		wantOK(t, <-errs)
	}
}
