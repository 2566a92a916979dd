package isochron

import (
	"archive/tar"
	"compress/gzip"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// The consensus-spec-tests kzg-mainnet vectors of the ten EIP-4844 and EIP-7594 handlers, from
// the project's compressed copies (crates/isochron/tests/vectors/kzg/eip{4844,7594}.tar.gz,
// see SOURCES.md), read in memory with archive/tar and compress/gzip, as
// crates/isochron/tests/kzg.rs runs them. "output: null" means the call must fail; an input
// that is not hex or has the wrong length is such a failure too.

// yamlVal is a value of the data.yaml files: a scalar (quotes removed), a list of scalars, or
// a list of lists (EIP-7594's [cells, proofs] outputs).
type yamlVal struct {
	kind   int // yamlScalar, yamlList or yamlNested
	scalar string
	list   []string
	nested [][]string
}

const (
	yamlScalar = iota
	yamlList
	yamlNested
)

func unquote(s string) string {
	return strings.Trim(strings.Trim(strings.TrimSpace(s), "'"), `"`)
}

func flowList(s string) yamlVal {
	inner := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(s), "["), "]")
	v := yamlVal{kind: yamlList, list: []string{}}
	for _, item := range strings.Split(inner, ",") {
		if x := unquote(item); x != "" {
			v.list = append(v.list, x)
		}
	}
	return v
}

// parseYAML reads the files' shape: "input:" with indented "key: 'value'", "key: [a, b]"
// (possibly over several lines) or "key:" and "- 'value'" lines; "output: value", "output:"
// and "- 'value'" lines, or "- - 'value'" and "  - 'value'" lines for a list of lists.
func parseYAML(text string) map[string]*yamlVal {
	m := map[string]*yamlVal{}
	var current string
	currentIndent := -1
	var flowKey, flowAcc string
	inFlow := false
	for _, line := range strings.Split(text, "\n") {
		if inFlow {
			flowAcc += strings.TrimSpace(line) + " "
			if strings.HasSuffix(strings.TrimRight(line, " "), "]") {
				v := flowList(flowAcc)
				m[flowKey] = &v
				inFlow = false
			}
			continue
		}
		tr := strings.TrimSpace(line)
		if tr == "" {
			continue
		}
		indent := len(line) - len(strings.TrimLeft(line, " "))
		if item, ok := strings.CutPrefix(tr, "- "); ok {
			if current == "" {
				panic("yaml: list item without a key")
			}
			e := m[current]
			if inner, ok := strings.CutPrefix(item, "- "); ok {
				if e.kind == yamlList {
					*e = yamlVal{kind: yamlNested}
				}
				e.nested = append(e.nested, []string{unquote(inner)})
			} else if indent > currentIndent && e.kind == yamlNested {
				e.nested[len(e.nested)-1] = append(e.nested[len(e.nested)-1], unquote(item))
			} else {
				e.list = append(e.list, unquote(item))
			}
			continue
		}
		k, v, ok := strings.Cut(tr, ":")
		if !ok {
			panic("yaml: no key in " + tr)
		}
		v = strings.TrimSpace(v)
		switch {
		case v == "":
			current, currentIndent = k, indent
			m[k] = &yamlVal{kind: yamlList, list: []string{}}
		case strings.HasPrefix(v, "["):
			if strings.HasSuffix(v, "]") {
				fl := flowList(v)
				m[k] = &fl
			} else {
				flowKey, flowAcc, inFlow = k, v+" ", true
			}
		default:
			m[k] = &yamlVal{kind: yamlScalar, scalar: unquote(v)}
		}
	}
	delete(m, "input")
	return m
}

// kzgVectors is handler → case name → fields, read once.
var kzgVectors = sync.OnceValues(func() (map[string]map[string]map[string]*yamlVal, error) {
	out := map[string]map[string]map[string]*yamlVal{}
	for _, name := range []string{"eip4844.tar.gz", "eip7594.tar.gz"} {
		f, err := os.Open(filepath.Join(vectorDir, "kzg", name))
		if err != nil {
			return nil, err
		}
		z, err := gzip.NewReader(f)
		if err != nil {
			f.Close()
			return nil, err
		}
		tr := tar.NewReader(z)
		for {
			h, err := tr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				f.Close()
				return nil, err
			}
			if !strings.HasSuffix(h.Name, "/data.yaml") {
				continue
			}
			// <handler>/kzg-mainnet/<case>/data.yaml
			parts := strings.Split(strings.TrimPrefix(h.Name, "./"), "/")
			text, err := io.ReadAll(tr)
			if err != nil {
				f.Close()
				return nil, err
			}
			if out[parts[0]] == nil {
				out[parts[0]] = map[string]map[string]*yamlVal{}
			}
			out[parts[0]][parts[2]] = parseYAML(string(text))
		}
		f.Close()
	}
	return out, nil
})

// kzgCase is one case's fields with typed accessors; a failed decoding makes ok false.
type kzgCase struct {
	t      *testing.T
	fields map[string]*yamlVal
	ok     bool
}

func (c *kzgCase) scalar(key string) string {
	v := c.fields[key]
	if v == nil || v.kind != yamlScalar {
		c.t.Fatalf("%s is not a scalar", key)
	}
	return v.scalar
}

func (c *kzgCase) list(key string) []string {
	v := c.fields[key]
	if v == nil || v.kind != yamlList {
		c.t.Fatalf("%s is not a list", key)
	}
	return v.list
}

// bytesN decodes a 0x hex string of exactly n bytes into out (ok false otherwise).
func (c *kzgCase) bytesN(s string, out []byte) {
	b, err := hex.DecodeString(strings.TrimPrefix(s, "0x"))
	if err != nil || len(b) != len(out) {
		c.ok = false
		return
	}
	copy(out, b)
}

func (c *kzgCase) blob(key string) *Blob {
	var b Blob
	c.bytesN(c.scalar(key), b[:])
	return &b
}

func (c *kzgCase) g1(key string) (p [48]byte) { c.bytesN(c.scalar(key), p[:]); return }

func (c *kzgCase) b32(key string) (p Bytes32) { c.bytesN(c.scalar(key), p[:]); return }

func blobsOf(c *kzgCase, key string) []Blob {
	l := c.list(key)
	out := make([]Blob, len(l))
	for i, s := range l {
		c.bytesN(s, out[i][:])
	}
	return out
}

func g1sOf(c *kzgCase, key string) [][48]byte {
	l := c.list(key)
	out := make([][48]byte, len(l))
	for i, s := range l {
		c.bytesN(s, out[i][:])
	}
	return out
}

func cellsOf(c *kzgCase, key string) []Cell {
	l := c.list(key)
	out := make([]Cell, len(l))
	for i, s := range l {
		c.bytesN(s, out[i][:])
	}
	return out
}

func indicesOf(c *kzgCase) []uint64 {
	var out []uint64
	for _, s := range c.list("cell_indices") {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			c.ok = false
		}
		out = append(out, v)
	}
	return out
}

func commitmentsOf(c *kzgCase, key string) []KZGCommitment {
	var out []KZGCommitment
	for _, p := range g1sOf(c, key) {
		out = append(out, KZGCommitment(p))
	}
	return out
}

func proofsOf(c *kzgCase, key string) []KZGProof {
	var out []KZGProof
	for _, p := range g1sOf(c, key) {
		out = append(out, KZGProof(p))
	}
	return out
}

func hex0x(b []byte) string { return "0x" + hex.EncodeToString(b) }

func hexList[T any](items []T, bytesOf func(*T) []byte) []string {
	out := make([]string, len(items))
	for i := range items {
		out[i] = hex0x(bytesOf(&items[i]))
	}
	return out
}

func boolVal(b bool) *yamlVal { return &yamlVal{kind: yamlScalar, scalar: strconv.FormatBool(b)} }

func equalVals(a, b *yamlVal) bool {
	if a.kind != b.kind || a.scalar != b.scalar || len(a.list) != len(b.list) || len(a.nested) != len(b.nested) {
		return false
	}
	for i := range a.list {
		if a.list[i] != b.list[i] {
			return false
		}
	}
	for i := range a.nested {
		if strings.Join(a.nested[i], ",") != strings.Join(b.nested[i], ",") {
			return false
		}
	}
	return true
}

// runKZG runs every case of a handler: f returns the output, or nil for a failure (a decoding
// failure included: c.ok false).
func runKZG(t *testing.T, handler string, expected int, f func(s *KZGSettings, c *kzgCase) *yamlVal) {
	v, err := kzgVectors()
	wantOK(t, err)
	s := mainnet(t)
	cases := v[handler]
	names := make([]string, 0, len(cases))
	for n := range cases {
		names = append(names, n)
	}
	sort.Strings(names)
	outputs := 0
	for _, name := range names {
		fields := cases[name]
		c := &kzgCase{t: t, fields: fields, ok: true}
		got := f(s, c)
		if !c.ok {
			got = nil
		}
		want := fields["output"]
		if got == nil {
			if want.kind != yamlScalar || want.scalar != "null" {
				t.Errorf("%s/%s: failed, expected an output", handler, name)
			}
			continue
		}
		if !equalVals(got, want) {
			t.Errorf("%s/%s: wrong output", handler, name)
		}
		outputs++
	}
	t.Logf("%s: %d cases, %d with an output compared", handler, len(names), outputs)
	if len(names) != expected {
		t.Fatalf("%s: %d cases, expected %d", handler, len(names), expected)
	}
}

func scalarOut(b []byte, err error) *yamlVal {
	if err != nil {
		return nil
	}
	return &yamlVal{kind: yamlScalar, scalar: hex0x(b)}
}

func verdictOut(ok bool, err error) *yamlVal {
	if err != nil {
		return nil
	}
	return boolVal(ok)
}

func cellBytes(c *Cell) []byte      { return c[:] }
func proofBytes(p *KZGProof) []byte { return p[:] }

func TestVectorsKZGBlobToCommitment(t *testing.T) {
	runKZG(t, "blob_to_kzg_commitment", 11, func(s *KZGSettings, c *kzgCase) *yamlVal {
		blob := c.blob("blob")
		if !c.ok {
			return nil
		}
		r, err := s.BlobToCommitment(blob)
		return scalarOut(r[:], err)
	})
}

func TestVectorsKZGComputeProof(t *testing.T) {
	runKZG(t, "compute_kzg_proof", 52, func(s *KZGSettings, c *kzgCase) *yamlVal {
		blob, z := c.blob("blob"), c.b32("z")
		if !c.ok {
			return nil
		}
		p, y, err := s.ComputeProof(blob, z)
		if err != nil {
			return nil
		}
		return &yamlVal{kind: yamlList, list: []string{hex0x(p[:]), hex0x(y[:])}}
	})
}

func TestVectorsKZGComputeBlobProof(t *testing.T) {
	runKZG(t, "compute_blob_kzg_proof", 15, func(s *KZGSettings, c *kzgCase) *yamlVal {
		blob, cm := c.blob("blob"), c.g1("commitment")
		if !c.ok {
			return nil
		}
		r, err := s.ComputeBlobProof(blob, cm)
		return scalarOut(r[:], err)
	})
}

func TestVectorsKZGVerifyProof(t *testing.T) {
	runKZG(t, "verify_kzg_proof", 122, func(s *KZGSettings, c *kzgCase) *yamlVal {
		cm, z, y, p := c.g1("commitment"), c.b32("z"), c.b32("y"), c.g1("proof")
		if !c.ok {
			return nil
		}
		return verdictOut(s.VerifyProof(cm, z, y, p))
	})
}

func TestVectorsKZGVerifyBlobProof(t *testing.T) {
	runKZG(t, "verify_blob_kzg_proof", 29, func(s *KZGSettings, c *kzgCase) *yamlVal {
		blob, cm, p := c.blob("blob"), c.g1("commitment"), c.g1("proof")
		if !c.ok {
			return nil
		}
		return verdictOut(s.VerifyBlobProof(blob, cm, p))
	})
}

func TestVectorsKZGVerifyBlobProofBatch(t *testing.T) {
	runKZG(t, "verify_blob_kzg_proof_batch", 24, func(s *KZGSettings, c *kzgCase) *yamlVal {
		blobs, cms, ps := blobsOf(c, "blobs"), commitmentsOf(c, "commitments"), proofsOf(c, "proofs")
		if !c.ok {
			return nil
		}
		return verdictOut(s.VerifyBlobProofBatch(blobs, cms, ps))
	})
}

func TestVectorsKZGComputeCells(t *testing.T) {
	runKZG(t, "compute_cells", 11, func(s *KZGSettings, c *kzgCase) *yamlVal {
		blob := c.blob("blob")
		if !c.ok {
			return nil
		}
		cells, err := s.ComputeCells(blob)
		if err != nil {
			return nil
		}
		return &yamlVal{kind: yamlList, list: hexList(cells, cellBytes)}
	})
}

func TestVectorsKZGComputeCellsAndProofs(t *testing.T) {
	runKZG(t, "compute_cells_and_kzg_proofs", 11, func(s *KZGSettings, c *kzgCase) *yamlVal {
		blob := c.blob("blob")
		if !c.ok {
			return nil
		}
		cells, proofs, err := s.ComputeCellsAndProofs(blob)
		if err != nil {
			return nil
		}
		return &yamlVal{kind: yamlNested, nested: [][]string{hexList(cells, cellBytes), hexList(proofs, proofBytes)}}
	})
}

func TestVectorsKZGVerifyCellProofBatch(t *testing.T) {
	runKZG(t, "verify_cell_kzg_proof_batch", 32, func(s *KZGSettings, c *kzgCase) *yamlVal {
		cms, idx, cells, ps := commitmentsOf(c, "commitments"), indicesOf(c), cellsOf(c, "cells"), proofsOf(c, "proofs")
		if !c.ok {
			return nil
		}
		return verdictOut(s.VerifyCellProofBatch(cms, idx, cells, ps))
	})
}

func TestVectorsKZGRecoverCellsAndProofs(t *testing.T) {
	runKZG(t, "recover_cells_and_kzg_proofs", 18, func(s *KZGSettings, c *kzgCase) *yamlVal {
		idx, cells := indicesOf(c), cellsOf(c, "cells")
		if !c.ok {
			return nil
		}
		all, proofs, err := s.RecoverCellsAndProofs(idx, cells)
		if err != nil {
			return nil
		}
		return &yamlVal{kind: yamlNested, nested: [][]string{hexList(all, cellBytes), hexList(proofs, proofBytes)}}
	})
}

func TestVectorsKZGCount(t *testing.T) {
	v, err := kzgVectors()
	wantOK(t, err)
	total := 0
	for _, cases := range v {
		total += len(cases)
	}
	if len(v) != 10 || total != 325 {
		t.Fatalf("%d handlers, %d cases", len(v), total)
	}
}
