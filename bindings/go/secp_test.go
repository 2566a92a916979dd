package isochron

import (
	"bytes"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"math/big"
	"testing"
)

func TestECDSA(t *testing.T) {
	for _, c := range []Curve{CurveSecp256k1, CurveP256} {
		sk, sk2 := scalarOf(7), scalarOf(11)
		digest := bytes.Repeat([]byte{0x5a}, 32)
		pk, err := ECDSAPublicKey(c, sk, false)
		wantOK(t, err)
		pk2, err := ECDSAPublicKey(c, sk2, true)
		wantOK(t, err)
		if len(pk) != 65 || len(pk2) != 33 {
			t.Fatal("SEC1 sizes")
		}
		sig, recid, err := ECDSASign(c, sk, digest, nil)
		wantOK(t, err)
		if recid > 3 {
			t.Fatalf("recid %d", recid)
		}
		wantValid(t)(ECDSAVerify(c, pk, digest, sig, false))
		wantInvalid(t)(ECDSAVerify(c, pk2, digest, sig, false))
		rec, err := ECDSARecover(c, digest, sig, recid, false)
		wantOK(t, err)
		if !bytes.Equal(rec, pk) {
			t.Fatal("recovered key")
		}
		_, err = ECDSARecover(c, digest, sig, 4, false)
		wantErr(t, err, ErrInvalidArgument)
		// Extra entropy changes the nonce.
		sigX, _, err := ECDSASign(c, sk, digest, []byte("extra"))
		wantOK(t, err)
		if bytes.Equal(sigX, sig) {
			t.Fatal("extra ignored")
		}
		// secp256k1 signatures have a low s; P-256's need not.
		wantValid(t)(ECDSAVerify(c, pk, digest, sigX, c == CurveSecp256k1))
		_, _, err = ECDSASign(c, scalarOf(0), digest, nil)
		wantErr(t, err, ErrZero)

		e1, err := ECDH(c, sk, pk2)
		wantOK(t, err)
		e2, err := ECDH(c, sk2, pk)
		wantOK(t, err)
		if !bytes.Equal(e1, e2) {
			t.Fatal("ECDH")
		}
		bad := append([]byte{}, pk...)
		bad[64] ^= 1
		_, err = ECDH(c, sk, bad)
		wantErr(t, err, ErrNotOnCurve)
		bad[0] = 5
		if ok, _ := ECDSAVerify(c, bad, digest, sig, false); ok {
			t.Fatal("bad prefix accepted")
		}
	}
	_, err := ECDSAPublicKey(CurveBN254, scalarOf(1), true)
	wantErr(t, err, ErrInvalidArgument)
}

// P-256 against Go's own crypto/ecdsa and crypto/ecdh.
func TestP256AgainstStdlib(t *testing.T) {
	sk := sha256.Sum256([]byte("a P-256 key"))
	digest := sha256.Sum256([]byte("message"))
	pk, err := ECDSAPublicKey(CurveP256, sk[:], false)
	wantOK(t, err)
	priv, err := ecdh.P256().NewPrivateKey(sk[:])
	wantOK(t, err)
	if !bytes.Equal(priv.PublicKey().Bytes(), pk) {
		t.Fatal("public key differs from crypto/ecdh")
	}
	sig, _, err := ECDSASign(CurveP256, sk[:], digest[:], nil)
	wantOK(t, err)
	goPK, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), pk)
	wantOK(t, err)
	r, s := new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])
	if !ecdsa.Verify(goPK, digest[:], r, s) {
		t.Fatal("crypto/ecdsa rejects the signature")
	}
	// And a signature made by Go verifies here.
	goSK, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), sk[:])
	wantOK(t, err)
	gr, gs, err := ecdsa.Sign(rand.Reader, goSK, digest[:])
	wantOK(t, err)
	gsig := append(gr.FillBytes(make([]byte, 32)), gs.FillBytes(make([]byte, 32))...)
	wantValid(t)(ECDSAVerify(CurveP256, pk, digest[:], gsig, false))
	// ECDH against crypto/ecdh.
	peerSK := sha256.Sum256([]byte("peer"))
	peer, err := ecdh.P256().NewPrivateKey(peerSK[:])
	wantOK(t, err)
	want, err := priv.ECDH(peer.PublicKey())
	wantOK(t, err)
	got, err := ECDH(CurveP256, sk[:], peer.PublicKey().Bytes())
	wantOK(t, err)
	if !bytes.Equal(got, want) {
		t.Fatal("ECDH differs from crypto/ecdh")
	}
}

// BIP-340 test vector 0.
func TestBIP340(t *testing.T) {
	sk := unhex(t, "0000000000000000000000000000000000000000000000000000000000000003")
	pk, err := BIP340PublicKey(sk)
	wantOK(t, err)
	if !bytes.Equal(pk, unhex(t, "f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9")) {
		t.Fatalf("public key %x", pk)
	}
	msg, aux := make([]byte, 32), make([]byte, 32)
	sig, err := BIP340Sign(sk, msg, aux)
	wantOK(t, err)
	if !bytes.Equal(sig, unhex(t, "e907831f80848d1069a5371b402410364bdf1c5f8307b0084c55f1ce2dca821525f66a4a85ea8b71e482a74f382d2ce5ebeee8fdb2172f477df4900d310536c0")) {
		t.Fatalf("signature %x", sig)
	}
	wantValid(t)(BIP340Verify(pk, msg, sig))
	msg[0] = 1
	wantInvalid(t)(BIP340Verify(pk, msg, sig))
	_, err = BIP340Sign(sk, msg, aux[:31])
	wantErr(t, err, ErrBadLength)
	wantMalformed(t, ErrBadLength)(BIP340Verify(pk[:31], msg, sig))
	// Any message length.
	long, err := BIP340Sign(sk, bytes.Repeat([]byte{1}, 100), aux)
	wantOK(t, err)
	wantValid(t)(BIP340Verify(pk, bytes.Repeat([]byte{1}, 100), long))
	empty, err := BIP340Sign(sk, nil, aux)
	wantOK(t, err)
	wantValid(t)(BIP340Verify(pk, nil, empty))
}
