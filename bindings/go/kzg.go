package isochron

/*
#include "isochron.h"
*/
import "C"

import (
	"runtime"
	"unsafe"
)

// Sizes of the KZG types, in bytes, and the number of cells of an extended blob (EIP-4844,
// EIP-7594).
const (
	// BlobSize is the size of a blob (4096 field elements of 32 bytes).
	BlobSize = 131072
	// KZGCommitmentSize is the size of a commitment (a compressed G1 point).
	KZGCommitmentSize = 48
	// KZGProofSize is the size of a proof (a compressed G1 point).
	KZGProofSize = 48
	// CellSize is the size of an EIP-7594 cell (64 field elements).
	CellSize = 2048
	// CellsPerExtBlob is the number of cells (and cell proofs) of an extended blob.
	CellsPerExtBlob = 128
)

// Blob is an EIP-4844 blob: 4096 field elements of 32 bytes (big-endian, below the
// BLS12-381 scalar field's modulus).
type Blob [BlobSize]byte

// KZGCommitment is a commitment to a blob, a compressed G1 point.
type KZGCommitment [KZGCommitmentSize]byte

// KZGProof is a KZG opening proof, a compressed G1 point.
type KZGProof [KZGProofSize]byte

// Bytes32 is a 32-byte field element (an evaluation point z or a value y).
type Bytes32 [32]byte

// Cell is an EIP-7594 cell: 64 field elements of the extended blob.
type Cell [CellSize]byte

// KZGSettings is a trusted setup. Create one with LoadMainnetSetup, LoadTrustedSetup or
// LoadTrustedSetupFile and release it with Close (a finalizer releases a forgotten one). Its
// methods may be called from several goroutines at once, but not concurrently with Close; a
// closed setup's methods return ErrNullPointer.
type KZGSettings struct {
	handle *C.isochron_kzg_settings
}

func newSettings(h *C.isochron_kzg_settings) *KZGSettings {
	s := &KZGSettings{handle: h}
	runtime.SetFinalizer(s, (*KZGSettings).Close)
	return s
}

// LoadMainnetSetup returns the embedded Ethereum mainnet setup (c-kzg-4844's
// trusted_setup.txt, parsed and checked once per process and then shared).
func LoadMainnetSetup() (*KZGSettings, error) {
	var h *C.isochron_kzg_settings
	if err := check(C.isochron_kzg_load_mainnet(&h)); err != nil {
		return nil, err
	}
	return newSettings(h), nil
}

// LoadTrustedSetup parses a setup in c-kzg-4844's text format (4096, 65, then the G1 Lagrange,
// G2 monomial and G1 monomial points in hex, one per line), checking every point; a malformed
// text is ErrMalformed.
func LoadTrustedSetup(text []byte) (*KZGSettings, error) {
	var h *C.isochron_kzg_settings
	if err := check(C.isochron_kzg_load_trusted_setup(&h, ptr(text), size(text))); err != nil {
		return nil, err
	}
	return newSettings(h), nil
}

// LoadTrustedSetupFile is LoadTrustedSetup on the file at path; an unreadable file is ErrIO.
func LoadTrustedSetupFile(path string) (*KZGSettings, error) {
	var h *C.isochron_kzg_settings
	p := []byte(path)
	if err := check(C.isochron_kzg_load_trusted_setup_file(&h, ptr(p), size(p))); err != nil {
		return nil, err
	}
	return newSettings(h), nil
}

// Close releases the setup. Closing twice is harmless.
func (s *KZGSettings) Close() error {
	if s.handle != nil {
		C.isochron_kzg_free(s.handle)
		s.handle = nil
		runtime.SetFinalizer(s, nil)
	}
	return nil
}

// BlobToCommitment is EIP-4844's blob_to_kzg_commitment.
func (s *KZGSettings) BlobToCommitment(blob *Blob) (KZGCommitment, error) {
	var c KZGCommitment
	err := check(C.isochron_kzg_blob_to_commitment(ptr(c[:]), KZGCommitmentSize, s.handle, ptr(blob[:]), BlobSize))
	runtime.KeepAlive(s)
	return c, err
}

// ComputeProof is EIP-4844's compute_kzg_proof: the proof of the blob's polynomial at z, and
// its value y there.
func (s *KZGSettings) ComputeProof(blob *Blob, z Bytes32) (KZGProof, Bytes32, error) {
	var p KZGProof
	var y Bytes32
	err := check(C.isochron_kzg_compute_proof(ptr(p[:]), KZGProofSize, ptr(y[:]), 32, s.handle,
		ptr(blob[:]), BlobSize, ptr(z[:]), 32))
	runtime.KeepAlive(s)
	return p, y, err
}

// ComputeBlobProof is EIP-4844's compute_blob_kzg_proof.
func (s *KZGSettings) ComputeBlobProof(blob *Blob, commitment KZGCommitment) (KZGProof, error) {
	var p KZGProof
	err := check(C.isochron_kzg_compute_blob_proof(ptr(p[:]), KZGProofSize, s.handle, ptr(blob[:]), BlobSize,
		ptr(commitment[:]), KZGCommitmentSize))
	runtime.KeepAlive(s)
	return p, err
}

// VerifyProof is EIP-4844's verify_kzg_proof: whether proof shows that the committed
// polynomial is y at z.
func (s *KZGSettings) VerifyProof(commitment KZGCommitment, z, y Bytes32, proof KZGProof) (bool, error) {
	ok, err := verdict(C.isochron_kzg_verify_proof(s.handle, ptr(commitment[:]), KZGCommitmentSize,
		ptr(z[:]), 32, ptr(y[:]), 32, ptr(proof[:]), KZGProofSize))
	runtime.KeepAlive(s)
	return ok, err
}

// VerifyBlobProof is EIP-4844's verify_blob_kzg_proof.
func (s *KZGSettings) VerifyBlobProof(blob *Blob, commitment KZGCommitment, proof KZGProof) (bool, error) {
	ok, err := verdict(C.isochron_kzg_verify_blob_proof(s.handle, ptr(blob[:]), BlobSize,
		ptr(commitment[:]), KZGCommitmentSize, ptr(proof[:]), KZGProofSize))
	runtime.KeepAlive(s)
	return ok, err
}

// VerifyBlobProofBatch is EIP-4844's verify_blob_kzg_proof_batch (one multi-pairing, every
// core); lists of different lengths are ErrCountMismatch, no blobs is valid.
func (s *KZGSettings) VerifyBlobProofBatch(blobs []Blob, commitments []KZGCommitment, proofs []KZGProof) (bool, error) {
	b, c, p := flat(blobs), flat(commitments), flat(proofs)
	ok, err := verdict(C.isochron_kzg_verify_blob_proof_batch(s.handle, ptr(b), size(b), ptr(c), size(c),
		ptr(p), size(p)))
	runtime.KeepAlive(s)
	return ok, err
}

// ComputeCells is EIP-7594's compute_cells: the 128 cells of the extended blob.
func (s *KZGSettings) ComputeCells(blob *Blob) ([]Cell, error) {
	cells := make([]Cell, CellsPerExtBlob)
	c := flat(cells)
	err := check(C.isochron_kzg_compute_cells(ptr(c), size(c), s.handle, ptr(blob[:]), BlobSize))
	runtime.KeepAlive(s)
	if err != nil {
		return nil, err
	}
	return cells, nil
}

// ComputeCellsAndProofs is EIP-7594's compute_cells_and_kzg_proofs (FK20, every core): the 128
// cells and their proofs.
func (s *KZGSettings) ComputeCellsAndProofs(blob *Blob) ([]Cell, []KZGProof, error) {
	cells := make([]Cell, CellsPerExtBlob)
	proofs := make([]KZGProof, CellsPerExtBlob)
	c, p := flat(cells), flat(proofs)
	err := check(C.isochron_kzg_compute_cells_and_proofs(ptr(c), size(c), ptr(p), size(p), s.handle,
		ptr(blob[:]), BlobSize))
	runtime.KeepAlive(s)
	if err != nil {
		return nil, nil, err
	}
	return cells, proofs, nil
}

// VerifyCellProofBatch is EIP-7594's verify_cell_kzg_proof_batch: cells[i], at index
// cellIndices[i] of the blob committed to by commitments[i], has the proof proofs[i]. The four
// lists have the same length (ErrCountMismatch otherwise); an empty batch is valid.
func (s *KZGSettings) VerifyCellProofBatch(commitments []KZGCommitment, cellIndices []uint64, cells []Cell, proofs []KZGProof) (bool, error) {
	c, ce, p := flat(commitments), flat(cells), flat(proofs)
	ok, err := verdict(C.isochron_kzg_verify_cell_proof_batch(s.handle, ptr(c), size(c), indices(cellIndices),
		C.size_t(len(cellIndices)), ptr(ce), size(ce), ptr(p), size(p)))
	runtime.KeepAlive(s)
	return ok, err
}

// RecoverCellsAndProofs is EIP-7594's recover_cells_and_kzg_proofs: all 128 cells and proofs
// from at least 64 cells, their indices strictly ascending.
func (s *KZGSettings) RecoverCellsAndProofs(cellIndices []uint64, cells []Cell) ([]Cell, []KZGProof, error) {
	all := make([]Cell, CellsPerExtBlob)
	proofs := make([]KZGProof, CellsPerExtBlob)
	a, p, ce := flat(all), flat(proofs), flat(cells)
	err := check(C.isochron_kzg_recover_cells_and_proofs(ptr(a), size(a), ptr(p), size(p), s.handle,
		indices(cellIndices), C.size_t(len(cellIndices)), ptr(ce), size(ce)))
	runtime.KeepAlive(s)
	if err != nil {
		return nil, nil, err
	}
	return all, proofs, nil
}

// indices is a pointer to the cell indices for C (nil when there are none).
func indices(idx []uint64) *C.uint64_t {
	if len(idx) == 0 {
		return nil
	}
	return (*C.uint64_t)(unsafe.Pointer(unsafe.SliceData(idx)))
}
