package isochron

import (
	"bytes"
	"testing"
)

func TestEVM(t *testing.T) {
	out, gas, err := RunPrecompile("sha256", []byte("abc"), "", 0)
	wantOK(t, err)
	if gas != 72 || !bytes.Equal(out, unhex(t, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")) {
		t.Fatalf("sha256: %x gas %d", out, gas)
	}
	// By address; bn254_add of (1, 2) with itself under Cancun.
	in := make([]byte, 128)
	in[31], in[63], in[95], in[127] = 1, 2, 1, 2
	out, gas, err = RunPrecompile("0x06", in, "cancun", 0)
	wantOK(t, err)
	if len(out) != 64 || gas != 150 {
		t.Fatalf("bn254_add: %d bytes gas %d", len(out), gas)
	}
	in[63] = 3 // (1, 3) is not on the curve
	_, _, err = RunPrecompile("bn254_add", in, "", 0)
	wantErr(t, err, ErrPrecompileFailed)
	_, _, err = RunPrecompile("nope", nil, "", 0)
	wantErr(t, err, ErrUnknownPrecompile)
	_, _, err = RunPrecompile("p256verify", nil, "prague", 0)
	wantErr(t, err, ErrUnknownPrecompile)
	_, _, err = RunPrecompile("sha256", nil, "frontier", 0)
	wantErr(t, err, ErrInvalidArgument)
	_, _, err = RunPrecompile("sha256", nil, "", 10)
	wantErr(t, err, ErrOutOfGas)
	_, gas, err = RunPrecompile("bn254_mul", nil, "OSAKA", 6000)
	wantOK(t, err)
	if gas != 6000 {
		t.Fatalf("bn254_mul gas %d", gas)
	}
	// The identity precompile with an output longer than the first buffer, and empty.
	long := bytes.Repeat([]byte{0xab}, 1000)
	out, _, err = RunPrecompile("identity", long, "", 0)
	wantOK(t, err)
	if !bytes.Equal(out, long) {
		t.Fatal("identity of 1000 bytes")
	}
	out, _, err = RunPrecompile("0x04", nil, "", 0)
	wantOK(t, err)
	if len(out) != 0 {
		t.Fatal("identity of nothing")
	}

	gas, err = PrecompileGas("bn254_pairing", nil, "")
	wantOK(t, err)
	if gas != 45000 {
		t.Fatalf("bn254_pairing gas %d", gas)
	}
	_, err = PrecompileGas("0x12", nil, "")
	wantErr(t, err, ErrUnknownPrecompile)
}
