package isochron

import (
	"errors"
	"fmt"
	"testing"
)

func TestErrors(t *testing.T) {
	if ErrNotInSubgroup.Error() != "isochron: point not in the subgroup" {
		t.Fatalf("text: %q", ErrNotInSubgroup.Error())
	}
	if ErrBadLength.Status() != 2 || ErrInternal.Status() != 23 {
		t.Fatal("status values")
	}
	wrapped := fmt.Errorf("decoding: %w", ErrNotOnCurve)
	if !errors.Is(wrapped, ErrNotOnCurve) || errors.Is(wrapped, ErrNotInSubgroup) {
		t.Fatal("errors.Is")
	}
	var e *Error
	if !errors.As(wrapped, &e) || e.Status() != 7 {
		t.Fatal("errors.As")
	}
	// Every status has its own sentinel with its own text.
	seen := map[string]bool{}
	for s := 1; s <= 23; s++ {
		err := check(cStatus(s))
		if err == nil || errs[cStatus(s)] != err || seen[err.Error()] {
			t.Fatalf("status %d: %v", s, err)
		}
		seen[err.Error()] = true
	}
	if check(cStatus(0)) != nil {
		t.Fatal("ok is not an error")
	}
	if err := check(cStatus(99)); err == nil || err.Error() != "isochron: unknown status" {
		t.Fatalf("unknown status: %v", err)
	}
	if Version() == "" {
		t.Fatal("no version")
	}
}

// cStatus converts an int to the C status type (tests cannot import "C" themselves).
func cStatus(s int) status { return status(s) }
