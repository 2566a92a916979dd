package isochron

import (
	"bytes"
	"math/big"
	"sync"
	"testing"
)

func blsKey(t testing.TB, seed byte) (BLSSecretKey, BLSPublicKey) {
	t.Helper()
	ikm := bytes.Repeat([]byte{seed}, 32)
	sk, err := BLSKeyGen(ikm)
	wantOK(t, err)
	pk, err := sk.PublicKey()
	wantOK(t, err)
	return sk, pk
}

func TestBLSSignVerify(t *testing.T) {
	sk, pk := blsKey(t, 1)
	_, pk2 := blsKey(t, 2)
	msg := []byte("hello")
	sig, err := sk.Sign(msg)
	wantOK(t, err)
	wantValid(t)(pk.Verify(msg, &sig))
	wantInvalid(t)(BLSVerify(&pk, []byte("world"), &sig))
	wantInvalid(t)(BLSVerify(&pk2, msg, &sig))
	// An empty message is a message.
	sig0, err := BLSSign(&sk, nil)
	wantOK(t, err)
	wantValid(t)(BLSVerify(&pk, []byte{}, &sig0))
	// The identity key is rejected (KeyValidate).
	inf := BLSPublicKey{0xc0}
	wantMalformed(t, ErrIdentity)(BLSVerify(&inf, msg, &sig))
	wantErr(t, inf.Validate(), ErrIdentity)
	// A signature not on the curve.
	bad := sig
	bad[95] ^= 1
	ok, err := BLSVerify(&pk, msg, &bad)
	if ok || err == nil {
		t.Fatalf("tampered signature: (%v, %v)", ok, err)
	}
	// A zero secret key.
	var zero BLSSecretKey
	_, err = zero.Sign(msg)
	wantErr(t, err, ErrZero)
	_, err = BLSSkToPk(&zero)
	wantErr(t, err, ErrZero)
	// KeyGen needs 32 bytes of key material.
	_, err = BLSKeyGen(make([]byte, 31))
	wantErr(t, err, ErrBadLength)
	_, err = BLSKeyGen(nil)
	wantErr(t, err, ErrBadLength)
}

// EIP-2333 test case 0: derive_master_SK(seed) is KeyGen.
func TestBLSKeyGenEIP2333(t *testing.T) {
	seed := unhex(t, "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04")
	sk, err := BLSKeyGen(seed)
	wantOK(t, err)
	want, _ := new(big.Int).SetString("6083874454709270928345386274498605044986640685124978867557563392430687146096", 10)
	if new(big.Int).SetBytes(sk[:]).Cmp(want) != 0 {
		t.Fatalf("sk = %x", sk)
	}
}

func TestBLSFromBytes(t *testing.T) {
	sk, pk := blsKey(t, 3)
	sig, _ := sk.Sign([]byte("m"))
	if got, err := BLSPublicKeyFromBytes(pk[:]); err != nil || got != pk {
		t.Fatalf("public key round trip: %v", err)
	}
	if got, err := BLSSignatureFromBytes(sig[:]); err != nil || got != sig {
		t.Fatalf("signature round trip: %v", err)
	}
	if got, err := BLSSecretKeyFromBytes(sk[:]); err != nil || got != sk {
		t.Fatalf("secret key round trip: %v", err)
	}
	_, err := BLSPublicKeyFromBytes(pk[:47])
	wantErr(t, err, ErrBadLength)
	_, err = BLSSignatureFromBytes(append(sig[:], 0))
	wantErr(t, err, ErrBadLength)
	_, err = BLSSecretKeyFromBytes(nil)
	wantErr(t, err, ErrBadLength)
	_, err = BLSPublicKeyFromBytes(append([]byte{0xc0}, make([]byte, 47)...))
	wantErr(t, err, ErrIdentity)
	// The identity signature is a valid encoding.
	_, err = BLSSignatureFromBytes(append([]byte{0xc0}, make([]byte, 95)...))
	wantOK(t, err)
	// Flags: the compression bit cleared.
	flags := pk
	flags[0] &^= 0x80
	wantErr(t, flags.Validate(), ErrInvalidFlags)
	// A secret key ≥ r.
	var big BLSSecretKey
	for i := range big {
		big[i] = 0xff
	}
	_, err = big.PublicKey()
	wantErr(t, err, ErrNonCanonical)
}

func TestBLSAggregation(t *testing.T) {
	sk1, pk1 := blsKey(t, 1)
	sk2, pk2 := blsKey(t, 2)
	m1, m2 := []byte("hello"), []byte("world")
	s1, _ := sk1.Sign(m1)
	s2, _ := sk2.Sign(m2)
	pks := []BLSPublicKey{pk1, pk2}
	agg, err := BLSAggregate([]BLSSignature{s1, s2})
	wantOK(t, err)
	wantValid(t)(BLSAggregateVerify(pks, [][]byte{m1, m2}, &agg))
	wantInvalid(t)(BLSAggregateVerify(pks, [][]byte{m2, m1}, &agg))
	wantMalformed(t, ErrCountMismatch)(BLSAggregateVerify(pks, [][]byte{m1}, &agg))
	_, err = BLSAggregate(nil)
	wantErr(t, err, ErrEmpty)
	// Messages that share memory (one slice twice, sub-slices of one buffer): pinned twice.
	buf := []byte("helloworld")
	wantValid(t)(BLSAggregateVerify(pks, [][]byte{buf[:5], buf[5:]}, &agg))
	g1, _ := sk1.Sign(m1)
	g2, _ := sk2.Sign(m1)
	same, _ := BLSAggregate([]BLSSignature{g1, g2})
	wantValid(t)(BLSAggregateVerify(pks, [][]byte{m1, m1}, &same))
	wantValid(t)(BLSBatchVerify(pks, [][]byte{m1, m1}, []BLSSignature{g1, g2}))

	wantValid(t)(BLSBatchVerify(pks, [][]byte{m1, m2}, []BLSSignature{s1, s2}))
	wantInvalid(t)(BLSBatchVerify(pks, [][]byte{m2, m1}, []BLSSignature{s1, s2}))
	wantMalformed(t, ErrEmpty)(BLSBatchVerify(nil, nil, nil))
	wantMalformed(t, ErrCountMismatch)(BLSBatchVerify(pks, [][]byte{m1}, []BLSSignature{s1, s2}))

	// Everyone signs one message.
	f1, _ := sk1.Sign(m1)
	f2, _ := sk2.Sign(m1)
	fagg, _ := BLSAggregate([]BLSSignature{f1, f2})
	wantValid(t)(BLSFastAggregateVerify(pks, m1, &fagg))
	wantInvalid(t)(BLSFastAggregateVerify(pks, m2, &fagg))
	apk, err := BLSAggregatePublicKeys(pks)
	wantOK(t, err)
	wantValid(t)(BLSVerify(&apk, m1, &fagg))
	_, err = BLSAggregatePublicKeys(nil)
	wantErr(t, err, ErrEmpty)
	// A key and its negation sum to the identity.
	neg, err := PointNeg(BLS12381G1, pk1[:], true)
	wantOK(t, err)
	_, err = BLSAggregatePublicKeys([]BLSPublicKey{pk1, BLSPublicKey(neg)})
	wantErr(t, err, ErrIdentity)
	// No keys: invalid, except for Altair's variant with the identity signature.
	inf := BLSSignature{0xc0}
	wantInvalid(t)(BLSFastAggregateVerify(nil, m1, &inf))
	wantValid(t)(BLSEthFastAggregateVerify(nil, m1, &inf))
	wantValid(t)(BLSEthFastAggregateVerify(pks, m1, &fagg))
}

func TestBLSPop(t *testing.T) {
	sk1, pk1 := blsKey(t, 1)
	_, pk2 := blsKey(t, 2)
	proof, err := BLSPopProve(&sk1)
	wantOK(t, err)
	wantValid(t)(BLSPopVerify(&pk1, &proof))
	wantInvalid(t)(BLSPopVerify(&pk2, &proof))
	sig, _ := sk1.Sign(pk1[:]) // the same message with the signing DST is no proof
	wantInvalid(t)(BLSPopVerify(&pk1, &sig))
}

// Many goroutines at once: the bindings share nothing mutable.
func TestBLSConcurrent(t *testing.T) {
	sk, pk := blsKey(t, 5)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			msg := []byte{byte(i)}
			sig, err := sk.Sign(msg)
			if err != nil {
				errs <- err
				return
			}
			if ok, err := pk.Verify(msg, &sig); !ok || err != nil {
				errs <- ErrVerifyFailed
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}
