package isochron

import (
	"bytes"
	"testing"
)

// RFC 8032 §7.1 TEST 1.
const (
	ed25519Seed = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"
	ed25519PK   = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
	ed25519Sig  = "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
)

func TestEd25519(t *testing.T) {
	seed := unhex(t, ed25519Seed)
	pk, err := Ed25519PublicKey(seed)
	wantOK(t, err)
	if !bytes.Equal(pk, unhex(t, ed25519PK)) {
		t.Fatalf("public key %x", pk)
	}
	sig, err := Ed25519Sign(seed, nil, nil)
	wantOK(t, err)
	if !bytes.Equal(sig, unhex(t, ed25519Sig)) {
		t.Fatalf("signature %x", sig)
	}
	for _, mode := range []Ed25519Mode{Ed25519RFC8032, Ed25519Strict, Ed25519ZIP215} {
		wantValid(t)(Ed25519Verify(pk, nil, sig, &Ed25519Options{Mode: mode}))
		wantInvalid(t)(Ed25519Verify(pk, []byte("x"), sig, &Ed25519Options{Mode: mode}))
	}
	wantValid(t)(Ed25519Verify(pk, []byte{}, sig, nil))
	wantMalformed(t, ErrInvalidArgument)(Ed25519Verify(pk, nil, sig, &Ed25519Options{Mode: 7}))
	wantMalformed(t, ErrBadLength)(Ed25519Verify(pk[:31], nil, sig, nil))
	wantMalformed(t, ErrBadLength)(Ed25519Verify(pk, nil, sig[:63], nil))
	_, err = Ed25519Sign(seed[:31], nil, nil)
	wantErr(t, err, ErrBadLength)

	// Ed25519ctx and Ed25519ph.
	ctx := &Ed25519Options{Context: []byte("c")}
	ph := &Ed25519Options{Context: []byte("c"), Prehash: true}
	m := []byte("m")
	sctx, err := Ed25519Sign(seed, m, ctx)
	wantOK(t, err)
	sph, err := Ed25519Sign(seed, m, ph)
	wantOK(t, err)
	wantValid(t)(Ed25519Verify(pk, m, sctx, ctx))
	wantValid(t)(Ed25519Verify(pk, m, sph, ph))
	wantInvalid(t)(Ed25519Verify(pk, m, sph, ctx))
	wantInvalid(t)(Ed25519Verify(pk, m, sctx, nil))
	_, err = Ed25519Sign(seed, m, &Ed25519Options{Context: make([]byte, 256)})
	wantErr(t, err, ErrBadLength)

	// A small-order public key (the identity) with a signature R = identity, S = 0: valid
	// under ZIP 215 and RFC 8032 (cofactorless: [0]B = R + [k]A holds), rejected by Strict.
	id := make([]byte, 32)
	id[0] = 1
	zsig := append(append([]byte{}, id...), make([]byte, 32)...)
	wantValid(t)(Ed25519Verify(id, m, zsig, &Ed25519Options{Mode: Ed25519ZIP215}))
	wantInvalid(t)(Ed25519Verify(id, m, zsig, &Ed25519Options{Mode: Ed25519Strict}))
}

func TestEd25519Batch(t *testing.T) {
	seed := unhex(t, ed25519Seed)
	pk, _ := Ed25519PublicKey(seed)
	msgs := [][]byte{nil, []byte("m"), bytes.Repeat([]byte("long"), 100)}
	var pks, sigs [][]byte
	for _, m := range msgs {
		s, err := Ed25519Sign(seed, m, nil)
		wantOK(t, err)
		pks, sigs = append(pks, pk), append(sigs, s)
	}
	wantValid(t)(Ed25519BatchVerify(pks, msgs, sigs))
	wantValid(t)(Ed25519BatchVerify(nil, nil, nil))
	sigs[1] = append([]byte{}, sigs[1]...)
	sigs[1][6] ^= 1
	wantInvalid(t)(Ed25519BatchVerify(pks, msgs, sigs))
	wantMalformed(t, ErrCountMismatch)(Ed25519BatchVerify(pks, msgs[:2], sigs))
	wantMalformed(t, ErrBadLength)(Ed25519BatchVerify([][]byte{pk[:31]}, msgs[:1], sigs[:1]))
}

// RFC 7748 §6.1.
func TestX25519(t *testing.T) {
	a := unhex(t, "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
	b := unhex(t, "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb")
	apk, err := X25519PublicKey(a)
	wantOK(t, err)
	if !bytes.Equal(apk, unhex(t, "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")) {
		t.Fatalf("public key %x", apk)
	}
	bpk, _ := X25519PublicKey(b)
	s1, err := X25519(a, bpk)
	wantOK(t, err)
	s2, err := X25519(b, apk)
	wantOK(t, err)
	if !bytes.Equal(s1, s2) || !bytes.Equal(s1, unhex(t, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742")) {
		t.Fatalf("shared secret %x", s1)
	}
	_, err = X25519(a, make([]byte, 32))
	wantErr(t, err, ErrIdentity)
	_, err = X25519(a[:31], bpk)
	wantErr(t, err, ErrBadLength)
}

func TestRistretto255(t *testing.T) {
	k := make([]byte, 32)
	k[0] = 3
	g3, err := Ristretto255BaseMul(k)
	wantOK(t, err)
	wantOK(t, Ristretto255Validate(g3))
	k[0] = 1
	g, _ := Ristretto255Mul(nil, k)
	// RFC 9496 A.1: the generator's encoding.
	if !bytes.Equal(g, unhex(t, "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76")) {
		t.Fatalf("generator %x", g)
	}
	p, _ := Ristretto255Add(g, g)
	p, _ = Ristretto255Add(p, g)
	if !bytes.Equal(p, g3) {
		t.Fatal("G + G + G != 3·G")
	}
	k[0] = 3
	p, err = Ristretto255Mul(g, k)
	wantOK(t, err)
	if !bytes.Equal(p, g3) {
		t.Fatal("[3]G")
	}
	odd := append([]byte{}, g3...)
	odd[0] |= 1 // a negative field element: non-canonical
	if Ristretto255Validate(odd) == nil {
		t.Fatal("odd encoding accepted")
	}
	wantErr(t, Ristretto255Validate(g3[:31]), ErrBadLength)
	u := make([]byte, 64)
	u[0] = 1
	_, err = Ristretto255FromUniformBytes(u)
	wantOK(t, err)
	_, err = Ristretto255FromUniformBytes(u[:63])
	wantErr(t, err, ErrBadLength)
	h1, err := Ristretto255HashToGroup([]byte("m"), []byte("dst"))
	wantOK(t, err)
	h2, _ := Ristretto255HashToGroup([]byte("m"), []byte("dst2"))
	if bytes.Equal(h1, h2) {
		t.Fatal("domain separation")
	}
	_, err = Ristretto255HashToGroup([]byte("m"), nil)
	wantErr(t, err, ErrInvalidArgument)
}
