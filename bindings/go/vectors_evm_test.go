package isochron

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// go-ethereum's precompile vectors (crates/isochron/tests/vectors/evm/precompiles/, see
// SOURCES.md), as crates/isochron/tests/evm_precompiles.rs runs them: every success case by
// output and gas (and the gas-only function), every failure case by failing.

type evmCase struct {
	Input, Expected, Name, ExpectedError string
	Gas                                  uint64
}

// evmFiles are (vector file, precompile, fork whose gas the file uses).
var evmFiles = []struct{ file, precompile, fork string }{
	{"blake2F.json", "blake2f", "osaka"},
	{"fail-blake2f.json", "blake2f", "osaka"},
	{"blsG1Add.json", "bls12_g1add", "osaka"},
	{"fail-blsG1Add.json", "bls12_g1add", "osaka"},
	{"blsG1Mul.json", "bls12_g1msm", "osaka"},
	{"fail-blsG1Mul.json", "bls12_g1msm", "osaka"},
	{"blsG1MultiExp.json", "bls12_g1msm", "osaka"},
	{"fail-blsG1MultiExp.json", "bls12_g1msm", "osaka"},
	{"blsG2Add.json", "bls12_g2add", "osaka"},
	{"fail-blsG2Add.json", "bls12_g2add", "osaka"},
	{"blsG2Mul.json", "bls12_g2msm", "osaka"},
	{"fail-blsG2Mul.json", "bls12_g2msm", "osaka"},
	{"blsG2MultiExp.json", "bls12_g2msm", "osaka"},
	{"fail-blsG2MultiExp.json", "bls12_g2msm", "osaka"},
	{"blsMapG1.json", "bls12_map_fp_to_g1", "osaka"},
	{"fail-blsMapG1.json", "bls12_map_fp_to_g1", "osaka"},
	{"blsMapG2.json", "bls12_map_fp2_to_g2", "osaka"},
	{"fail-blsMapG2.json", "bls12_map_fp2_to_g2", "osaka"},
	{"blsPairing.json", "bls12_pairing", "osaka"},
	{"fail-blsPairing.json", "bls12_pairing", "osaka"},
	{"bn256Add.json", "0x06", "osaka"},
	{"bn256ScalarMul.json", "0x07", "osaka"},
	{"bn256Pairing.json", "0x08", "osaka"},
	{"ecRecover.json", "ecrecover", "osaka"},
	// modexp.json prices with EIP-198's formula, modexp_eip2565.json with EIP-2565's (Berlin
	// to Prague), modexp_eip7883.json with Osaka's.
	{"modexp.json", "modexp", "istanbul"},
	{"modexp_eip2565.json", "modexp", "prague"},
	{"modexp_eip7883.json", "modexp", "osaka"},
	{"p256Verify.json", "p256verify", "osaka"},
	{"pointEvaluation.json", "point_evaluation", "osaka"},
}

func evmCases(t testing.TB, file string) []evmCase {
	t.Helper()
	dir := filepath.Join(vectorDir, "evm", "precompiles")
	text, err := os.ReadFile(filepath.Join(dir, file))
	if os.IsNotExist(err) {
		f, err := os.Open(filepath.Join(dir, file+".gz"))
		wantOK(t, err)
		defer f.Close()
		z, err := gzip.NewReader(f)
		wantOK(t, err)
		text, err = io.ReadAll(z)
		wantOK(t, err)
	} else {
		wantOK(t, err)
	}
	var cases []evmCase
	if err := json.Unmarshal(text, &cases); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if len(cases) == 0 {
		t.Fatalf("%s: no cases", file)
	}
	return cases
}

func TestVectorsEVMPrecompiles(t *testing.T) {
	ok, failed := 0, 0
	for _, f := range evmFiles {
		for _, c := range evmCases(t, f.file) {
			input := unhex(t, c.Input)
			out, gas, err := RunPrecompile(f.precompile, input, f.fork, 0)
			if c.ExpectedError != "" {
				if err == nil {
					t.Errorf("%s %s: expected %q, got output %x", f.file, c.Name, c.ExpectedError, out)
				}
				failed++
				continue
			}
			if err != nil {
				t.Errorf("%s %s: error %v", f.file, c.Name, err)
			} else if !bytes.Equal(out, unhex(t, c.Expected)) || gas != c.Gas {
				t.Errorf("%s %s: output %x gas %d, expected %s gas %d", f.file, c.Name, out, gas, c.Expected, c.Gas)
			}
			g, err := PrecompileGas(f.precompile, input, f.fork)
			if err != nil || g != c.Gas {
				t.Errorf("%s %s: gas-only %d %v, expected %d", f.file, c.Name, g, err, c.Gas)
			}
			ok++
		}
	}
	t.Logf("EVM precompile vectors: %d cases (%d success, %d failure)", ok+failed, ok, failed)
	if ok+failed != 1883 {
		t.Fatalf("%d cases, expected 1883", ok+failed)
	}
}
