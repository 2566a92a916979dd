package isochron

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"
)

// unhex decodes a hex string (with or without 0x) or fails the test.
func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.TrimPrefix(s, "0x"))
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return b
}

// wantErr fails the test unless err is want.
func wantErr(t testing.TB, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Fatalf("got error %v, want %v", err, want)
	}
}

// wantOK fails the test on an error.
func wantOK(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

// wantValid returns a check that a verification returned (true, nil):
// wantValid(t)(Verify(...)).
func wantValid(t testing.TB) func(bool, error) {
	t.Helper()
	return func(ok bool, err error) {
		t.Helper()
		if err != nil || !ok {
			t.Fatalf("got (%v, %v), want (true, nil)", ok, err)
		}
	}
}

// wantInvalid returns a check that a verification returned (false, nil).
func wantInvalid(t testing.TB) func(bool, error) {
	t.Helper()
	return func(ok bool, err error) {
		t.Helper()
		if err != nil || ok {
			t.Fatalf("got (%v, %v), want (false, nil)", ok, err)
		}
	}
}

// wantMalformed returns a check that a verification returned (false, want).
func wantMalformed(t testing.TB, want error) func(bool, error) {
	t.Helper()
	return func(ok bool, err error) {
		t.Helper()
		if ok || !errors.Is(err, want) {
			t.Fatalf("got (%v, %v), want (false, %v)", ok, err, want)
		}
	}
}
