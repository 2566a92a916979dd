package isochron

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The other protocols' shared vectors (crates/isochron/tests/vectors/SOURCES.md) through Go:
// RFC 8032 and the original sign.input (Ed25519), RFC 7748 (X25519), RFC 9496 (Ristretto255),
// BIP-340's test-vectors.csv, and go-ethereum's P256VERIFY cases through ECDSAVerify.

func readJSON(t *testing.T, rel string, v any) {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(vectorDir, rel))
	wantOK(t, err)
	if err := json.Unmarshal(text, v); err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
}

func TestVectorsEd25519RFC8032(t *testing.T) {
	var raw struct{ Vectors []map[string]string }
	readJSON(t, "ed25519/rfc8032_ed25519.json", &raw)
	for _, v := range raw.Vectors {
		opts := &Ed25519Options{Context: unhex(t, v["context"]), Prehash: v["algorithm"] == "Ed25519ph"}
		seed, msg := unhex(t, v["secret_key"]), unhex(t, v["message"])
		pk, err := Ed25519PublicKey(seed)
		wantOK(t, err)
		if !bytes.Equal(pk, unhex(t, v["public_key"])) {
			t.Fatalf("%s: public key", v["name"])
		}
		sig, err := Ed25519Sign(seed, msg, opts)
		wantOK(t, err)
		if !bytes.Equal(sig, unhex(t, v["signature"])) {
			t.Fatalf("%s: signature %x", v["name"], sig)
		}
		for _, mode := range []Ed25519Mode{Ed25519RFC8032, Ed25519Strict, Ed25519ZIP215} {
			opts.Mode = mode
			wantValid(t)(Ed25519Verify(pk, msg, sig, opts))
		}
	}
	if len(raw.Vectors) != 10 {
		t.Fatalf("%d vectors", len(raw.Vectors))
	}
}

// sign.input: seed‖pk : pk : msg : sig‖msg, one case per line; every 8th line also through the
// batch verifier.
func TestVectorsEd25519SignInput(t *testing.T) {
	f, err := os.Open(filepath.Join(vectorDir, "ed25519", "sign.input"))
	wantOK(t, err)
	defer f.Close()
	var pks, msgs, sigs [][]byte
	n := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		parts := strings.Split(sc.Text(), ":")
		sk, pk, msg, sm := unhex(t, parts[0]), unhex(t, parts[1]), unhex(t, parts[2]), unhex(t, parts[3])
		sig, err := Ed25519Sign(sk[:32], msg, nil)
		wantOK(t, err)
		if !bytes.Equal(sig, sm[:64]) {
			t.Fatalf("line %d: signature", n+1)
		}
		wantValid(t)(Ed25519Verify(pk, msg, sig, nil))
		if n%8 == 0 {
			pks, msgs, sigs = append(pks, pk), append(msgs, msg), append(sigs, sig)
		}
		n++
	}
	wantOK(t, sc.Err())
	wantValid(t)(Ed25519BatchVerify(pks, msgs, sigs))
	if n != 1024 {
		t.Fatalf("%d lines", n)
	}
}

func TestVectorsX25519RFC7748(t *testing.T) {
	var f struct {
		Single []struct{ Scalar, U, Output string } `json:"x25519_single"`
		Iter   struct {
			StartK  string `json:"start_k"`
			StartU  string `json:"start_u"`
			Results []struct {
				Iterations int
				K          string
			}
		} `json:"x25519_iterated"`
		DH map[string]string `json:"x25519_dh"`
	}
	readJSON(t, "x25519/rfc7748_x25519.json", &f)
	for _, c := range f.Single {
		out, err := X25519(unhex(t, c.Scalar), unhex(t, c.U))
		wantOK(t, err)
		if !bytes.Equal(out, unhex(t, c.Output)) {
			t.Fatalf("single: %x", out)
		}
	}
	k, u := unhex(t, f.Iter.StartK), unhex(t, f.Iter.StartU)
	done := 0
	for _, r := range f.Iter.Results {
		if r.Iterations > 1000 {
			continue // the million-round case is left to the Rust tests
		}
		for ; done < r.Iterations; done++ {
			out, err := X25519(k, u)
			wantOK(t, err)
			k, u = out, k
		}
		if !bytes.Equal(k, unhex(t, r.K)) {
			t.Fatalf("after %d iterations: %x", r.Iterations, k)
		}
	}
	apk, _ := X25519PublicKey(unhex(t, f.DH["alice_private"]))
	bpk, _ := X25519PublicKey(unhex(t, f.DH["bob_private"]))
	s, err := X25519(unhex(t, f.DH["alice_private"]), bpk)
	wantOK(t, err)
	if !bytes.Equal(apk, unhex(t, f.DH["alice_public"])) || !bytes.Equal(bpk, unhex(t, f.DH["bob_public"])) ||
		!bytes.Equal(s, unhex(t, f.DH["shared_secret"])) {
		t.Fatal("Diffie-Hellman")
	}
}

func TestVectorsRistretto255RFC9496(t *testing.T) {
	var f struct {
		Multiples []struct {
			Multiple int
			Encoding string
		} `json:"multiples_of_generator"`
		Invalid []struct{ Reason, Encoding string } `json:"invalid_encodings"`
		Uniform []struct{ Input, Output string }    `json:"from_uniform_bytes"`
	}
	readJSON(t, "ristretto/rfc9496_ristretto255.json", &f)
	for _, c := range f.Multiples {
		k := make([]byte, 32)
		k[0] = byte(c.Multiple) // little-endian
		p, err := Ristretto255BaseMul(k)
		wantOK(t, err)
		if !bytes.Equal(p, unhex(t, c.Encoding)) {
			t.Fatalf("[%d]G = %x", c.Multiple, p)
		}
		wantOK(t, Ristretto255Validate(p))
	}
	for _, c := range f.Invalid {
		if err := Ristretto255Validate(unhex(t, c.Encoding)); err == nil {
			t.Fatalf("%s accepted: %s", c.Reason, c.Encoding)
		}
	}
	for _, c := range f.Uniform {
		p, err := Ristretto255FromUniformBytes(unhex(t, c.Input))
		wantOK(t, err)
		if !bytes.Equal(p, unhex(t, c.Output)) {
			t.Fatalf("from_uniform_bytes: %x", p)
		}
	}
	if len(f.Multiples) != 16 || len(f.Invalid) != 29 || len(f.Uniform) != 11 {
		t.Fatal("counts")
	}
}

func TestVectorsBIP340(t *testing.T) {
	f, err := os.Open(filepath.Join(vectorDir, "secp256k1", "bip340", "test-vectors.csv"))
	wantOK(t, err)
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	wantOK(t, err)
	for _, r := range rows[1:] {
		sk, pk, aux, msg, sig, want := r[1], unhex(t, r[2]), r[3], unhex(t, r[4]), unhex(t, r[5]), r[6] == "TRUE"
		if sk != "" {
			got, err := BIP340PublicKey(unhex(t, sk))
			wantOK(t, err)
			if !bytes.Equal(got, pk) {
				t.Fatalf("case %s: public key", r[0])
			}
			s, err := BIP340Sign(unhex(t, sk), msg, unhex(t, aux))
			wantOK(t, err)
			if !bytes.Equal(s, sig) {
				t.Fatalf("case %s: signature", r[0])
			}
		}
		ok, err := BIP340Verify(pk, msg, sig)
		if ok && err != nil || ok != want {
			t.Fatalf("case %s (%s): got (%v, %v), want %v", r[0], r[7], ok, err, want)
		}
	}
	if len(rows) != 20 {
		t.Fatalf("%d cases", len(rows)-1)
	}
}

// go-ethereum's P256VERIFY cases (hash ‖ r ‖ s ‖ x ‖ y; output 1 or nothing) through
// ECDSAVerify with the uncompressed key 04 ‖ x ‖ y: a malformed key or signature is "not
// valid" too.
func TestVectorsP256Verify(t *testing.T) {
	var cases []struct{ Input, Expected, Name string }
	readJSON(t, "evm/p256Verify.json", &cases)
	valid := 0
	for _, c := range cases {
		in := unhex(t, c.Input)
		want := c.Expected != ""
		got := false
		if len(in) == 160 {
			pk := append([]byte{4}, in[96:]...)
			ok, err := ECDSAVerify(CurveP256, pk, in[:32], in[32:96], false)
			got = verdictOf(t, c.Name, ok, err)
		}
		if got != want {
			t.Fatalf("%s: got %v", c.Name, got)
		}
		if got {
			valid++
		}
	}
	if len(cases) != 782 {
		t.Fatalf("%d cases", len(cases))
	}
	t.Logf("P256VERIFY: %d cases, %d valid", len(cases), valid)
}

// The ed25519-speccheck edge cases and each mode's verdict (as crates/isochron/tests/ed25519.rs):
// RFC 8032 accepts cases 0–3, strict only case 3, ZIP 215 cases 0–5 and 9–11; the batch
// verifier (ZIP 215 rules) agrees with ZIP 215 on every single-signature batch.
func TestVectorsEd25519Speccheck(t *testing.T) {
	var cases []struct {
		Message   string `json:"message"`
		PubKey    string `json:"pub_key"`
		Signature string `json:"signature"`
	}
	readJSON(t, "ed25519/speccheck/cases.json", &cases)
	expect := func(mode Ed25519Mode, i int) bool {
		switch mode {
		case Ed25519RFC8032:
			return i <= 3
		case Ed25519Strict:
			return i == 3
		}
		return i <= 5 || i >= 9
	}
	for i, c := range cases {
		msg, pk, sig := unhex(t, c.Message), unhex(t, c.PubKey), unhex(t, c.Signature)
		for _, mode := range []Ed25519Mode{Ed25519RFC8032, Ed25519Strict, Ed25519ZIP215} {
			ok, err := Ed25519Verify(pk, msg, sig, &Ed25519Options{Mode: mode})
			if err != nil || ok != expect(mode, i) {
				t.Fatalf("case %d mode %d: got (%v, %v)", i, mode, ok, err)
			}
		}
		ok, err := Ed25519BatchVerify([][]byte{pk}, [][]byte{msg}, [][]byte{sig})
		if err != nil || ok != expect(Ed25519ZIP215, i) {
			t.Fatalf("case %d batch: got (%v, %v)", i, ok, err)
		}
	}
	if len(cases) != 12 {
		t.Fatalf("%d cases", len(cases))
	}
}
