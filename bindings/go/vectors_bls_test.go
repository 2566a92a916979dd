package isochron

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// The shared BLS vectors (ethereum/bls12-381-tests v0.1.2 and the unreleased mask-bit cases,
// crates/isochron/tests/vectors/SOURCES.md), as crates/isochron/tests/bls.rs runs them. The
// hash_to_G2 folder is not run: the C ABI has no hash-to-curve entry point.

const (
	vectorDir     = "../../crates/isochron/tests/vectors"
	blsV012       = vectorDir + "/bls/bls12-381-tests-v0.1.2"
	blsUnreleased = vectorDir + "/bls/bls12-381-tests-master-006855c-unreleased"
)

type blsCase struct {
	name   string
	Input  json.RawMessage `json:"input"`
	Output json.RawMessage `json:"output"`
}

// blsCases reads every JSON file of a folder, sorted by name.
func blsCases(t *testing.T, dir string) []blsCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	wantOK(t, err)
	sort.Strings(files)
	var out []blsCase
	for _, f := range files {
		text, err := os.ReadFile(f)
		wantOK(t, err)
		c := blsCase{name: filepath.Base(f)}
		if err := json.Unmarshal(text, &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, c)
	}
	return out
}

func decodeJSON(t *testing.T, raw json.RawMessage, v any) {
	t.Helper()
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
}

func isNull(raw json.RawMessage) bool { return string(raw) == "null" }

func outputBool(t *testing.T, c blsCase) bool {
	var b bool
	decodeJSON(t, c.Output, &b)
	return b
}

// blsPKs decodes keys by length only (the functions validate them).
func blsPKs(t *testing.T, hexes []string) ([]BLSPublicKey, bool) {
	var pks []BLSPublicKey
	for _, h := range hexes {
		b := unhex(t, h)
		if len(b) != BLSPublicKeySize {
			return nil, false
		}
		pks = append(pks, BLSPublicKey(b))
	}
	return pks, true
}

func blsSig(t *testing.T, h string) (*BLSSignature, bool) {
	b := unhex(t, h)
	if len(b) != BLSSignatureSize {
		return nil, false
	}
	s := BLSSignature(b)
	return &s, true
}

// verdictOf is a vector's view of a verification: valid or not. Malformed inputs are "not
// valid" (false) in the vectors; a valid result must come with no error.
func verdictOf(t *testing.T, name string, ok bool, err error) bool {
	if ok && err != nil {
		t.Fatalf("%s: valid with error %v", name, err)
	}
	return ok
}

func TestVectorsBLSSign(t *testing.T) {
	cases := blsCases(t, blsV012+"/sign")
	for _, c := range cases {
		var in struct{ Privkey, Message string }
		decodeJSON(t, c.Input, &in)
		sk, err := BLSSecretKeyFromBytes(unhex(t, in.Privkey))
		wantOK(t, err)
		sig, err := BLSSign(&sk, unhex(t, in.Message))
		if isNull(c.Output) {
			wantErr(t, err, ErrZero)
			continue
		}
		wantOK(t, err)
		var want string
		decodeJSON(t, c.Output, &want)
		if !bytes.Equal(sig[:], unhex(t, want)) {
			t.Fatalf("%s: signature %x", c.name, sig)
		}
		pk, err := sk.PublicKey()
		wantOK(t, err)
		wantValid(t)(pk.Verify(unhex(t, in.Message), &sig))
	}
	if len(cases) != 10 {
		t.Fatalf("%d cases", len(cases))
	}
}

func TestVectorsBLSVerify(t *testing.T) {
	cases := blsCases(t, blsV012+"/verify")
	for _, c := range cases {
		var in struct{ Pubkey, Message, Signature string }
		decodeJSON(t, c.Input, &in)
		got := false
		pks, ok1 := blsPKs(t, []string{in.Pubkey})
		sig, ok2 := blsSig(t, in.Signature)
		if ok1 && ok2 {
			ok, err := BLSVerify(&pks[0], unhex(t, in.Message), sig)
			got = verdictOf(t, c.name, ok, err)
		}
		if got != outputBool(t, c) {
			t.Fatalf("%s: got %v", c.name, got)
		}
	}
	if len(cases) != 29 {
		t.Fatalf("%d cases", len(cases))
	}
}

func TestVectorsBLSAggregate(t *testing.T) {
	cases := blsCases(t, blsV012+"/aggregate")
	for _, c := range cases {
		var in []string
		decodeJSON(t, c.Input, &in)
		var sigs []BLSSignature
		for _, h := range in {
			s, ok := blsSig(t, h)
			if !ok {
				t.Fatalf("%s: bad signature length", c.name)
			}
			sigs = append(sigs, *s)
		}
		agg, err := BLSAggregate(sigs)
		if isNull(c.Output) {
			wantErr(t, err, ErrEmpty)
			continue
		}
		wantOK(t, err)
		var want string
		decodeJSON(t, c.Output, &want)
		if !bytes.Equal(agg[:], unhex(t, want)) {
			t.Fatalf("%s: aggregate %x", c.name, agg)
		}
	}
	if len(cases) != 6 {
		t.Fatalf("%d cases", len(cases))
	}
}

func TestVectorsBLSAggregateVerify(t *testing.T) {
	cases := blsCases(t, blsV012+"/aggregate_verify")
	for _, c := range cases {
		var in struct {
			Pubkeys, Messages []string
			Signature         string
		}
		decodeJSON(t, c.Input, &in)
		var msgs [][]byte
		for _, m := range in.Messages {
			msgs = append(msgs, unhex(t, m))
		}
		got := false
		pks, ok1 := blsPKs(t, in.Pubkeys)
		sig, ok2 := blsSig(t, in.Signature)
		if ok1 && ok2 {
			ok, err := BLSAggregateVerify(pks, msgs, sig)
			got = verdictOf(t, c.name, ok, err)
		}
		if got != outputBool(t, c) {
			t.Fatalf("%s: got %v", c.name, got)
		}
	}
	if len(cases) != 5 {
		t.Fatalf("%d cases", len(cases))
	}
}

func TestVectorsBLSFastAggregateVerify(t *testing.T) {
	cases := blsCases(t, blsV012+"/fast_aggregate_verify")
	for _, c := range cases {
		var in struct {
			Pubkeys            []string
			Message, Signature string
		}
		decodeJSON(t, c.Input, &in)
		msg := unhex(t, in.Message)
		got := false
		pks, ok1 := blsPKs(t, in.Pubkeys)
		sig, ok2 := blsSig(t, in.Signature)
		if ok1 && ok2 {
			ok, err := BLSFastAggregateVerify(pks, msg, sig)
			got = verdictOf(t, c.name, ok, err)
			// Altair's variant differs only for no keys with the identity signature.
			eth, err := BLSEthFastAggregateVerify(pks, msg, sig)
			eth = verdictOf(t, c.name, eth, err)
			identity := len(pks) == 0 && *sig == BLSSignature{0xc0}
			if eth != (got || identity) {
				t.Fatalf("%s: eth variant %v", c.name, eth)
			}
		}
		if got != outputBool(t, c) {
			t.Fatalf("%s: got %v", c.name, got)
		}
	}
	if len(cases) != 12 {
		t.Fatalf("%d cases", len(cases))
	}
}

func TestVectorsBLSBatchVerify(t *testing.T) {
	cases := blsCases(t, blsV012+"/batch_verify")
	for _, c := range cases {
		var in struct{ Pubkeys, Messages, Signatures []string }
		decodeJSON(t, c.Input, &in)
		var msgs [][]byte
		for _, m := range in.Messages {
			msgs = append(msgs, unhex(t, m))
		}
		var sigs []BLSSignature
		okSigs := true
		for _, h := range in.Signatures {
			s, ok := blsSig(t, h)
			if !ok {
				okSigs = false
				break
			}
			sigs = append(sigs, *s)
		}
		got := false
		pks, okPKs := blsPKs(t, in.Pubkeys)
		if okPKs && okSigs {
			ok, err := BLSBatchVerify(pks, msgs, sigs)
			got = verdictOf(t, c.name, ok, err)
		}
		if got != outputBool(t, c) {
			t.Fatalf("%s: got %v", c.name, got)
		}
	}
	if len(cases) != 4 {
		t.Fatalf("%d cases", len(cases))
	}
}

// deserialization_G1/G2 with the unreleased mask-bit cases: output says whether the point
// decodes; a public key must in addition not be the identity.
func TestVectorsBLSDeserialization(t *testing.T) {
	ran := 0
	for _, dir := range []string{blsV012, blsUnreleased} {
		for _, c := range blsCases(t, dir+"/deserialization_G1") {
			var in struct{ Pubkey string }
			decodeJSON(t, c.Input, &in)
			b := unhex(t, in.Pubkey)
			want := outputBool(t, c)
			out, err := PointDecode(BLS12381G1, b, true)
			if (err == nil) != want {
				t.Fatalf("G1 %s: %v", c.name, err)
			}
			isInf := err == nil && out[0] == 0xc0
			pk, err := BLSPublicKeyFromBytes(b)
			if (err == nil) != (want && !isInf) {
				t.Fatalf("G1 %s: public key %v", c.name, err)
			}
			if isInf {
				wantErr(t, err, ErrIdentity)
			}
			if err == nil && !bytes.Equal(pk[:], b) {
				t.Fatalf("G1 %s: round trip", c.name)
			}
			ran++
		}
		for _, c := range blsCases(t, dir+"/deserialization_G2") {
			var in struct{ Signature string }
			decodeJSON(t, c.Input, &in)
			b := unhex(t, in.Signature)
			sig, err := BLSSignatureFromBytes(b)
			if (err == nil) != outputBool(t, c) {
				t.Fatalf("G2 %s: %v", c.name, err)
			}
			if err == nil && !bytes.Equal(sig[:], b) {
				t.Fatalf("G2 %s: round trip", c.name)
			}
			ran++
		}
	}
	if ran != 34 {
		t.Fatalf("%d cases", ran)
	}
}
