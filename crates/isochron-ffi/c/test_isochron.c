/* The C ABI's test program (run by scripts/test_c.sh, also under valgrind): every family of
 * entry points on known answers, round trips and the error statuses of bad input. Exits 0 when
 * every check passes. Known answers: RFC 8032 §7.1 TEST 1 (Ed25519), RFC 7748 §6.1 (X25519),
 * FIPS 180-2 "abc" (SHA-256 precompile), BIP-340 test vector 0. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isochron.h"

static int failures = 0;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      failures++;                                                              \
    }                                                                          \
  } while (0)

#define CHECK_STATUS(call, want)                                                    \
  do {                                                                              \
    isochron_status got_ = (call);                                                  \
    if (got_ != (want)) {                                                           \
      fprintf(stderr, "%s:%d: %s returned %d (%s), expected %d\n", __FILE__, __LINE__, \
              #call, (int)got_, isochron_status_str(got_), (int)(want));            \
      failures++;                                                                   \
    }                                                                               \
  } while (0)

static size_t unhex(uint8_t *out, size_t cap, const char *hex) {
  size_t n = strlen(hex) / 2;
  if (n > cap) abort();
  for (size_t i = 0; i < n; i++) {
    unsigned v;
    if (sscanf(hex + 2 * i, "%2x", &v) != 1) abort();
    out[i] = (uint8_t)v;
  }
  return n;
}

static int eq_hex(const uint8_t *b, size_t n, const char *hex) {
  uint8_t want[256];
  return unhex(want, sizeof want, hex) == n && memcmp(b, want, n) == 0;
}

static void test_status(void) {
  CHECK(strcmp(isochron_status_str(ISOCHRON_OK), "ok") == 0);
  CHECK(strcmp(isochron_status_str(ISOCHRON_NOT_IN_SUBGROUP), "point not in the subgroup") == 0);
  CHECK(strcmp(isochron_status_str(-1), "unknown status") == 0);
  CHECK(strcmp(isochron_status_str(1000), "unknown status") == 0);
  CHECK(strlen(isochron_version()) > 0);
}

static void test_bls(void) {
  uint8_t ikm[32] = {1, 2, 3}, sk[32], pk[48], sig[96], agg[96], pks[96], sigs[192];
  const uint8_t *msgs[2] = {(const uint8_t *)"hello", (const uint8_t *)"world"};
  size_t lens[2] = {5, 5};

  CHECK_STATUS(isochron_bls_key_gen(sk, sizeof sk, ikm, sizeof ikm), ISOCHRON_OK);
  CHECK_STATUS(isochron_bls_key_gen(sk, sizeof sk, ikm, 31), ISOCHRON_BAD_LENGTH);
  CHECK_STATUS(isochron_bls_sk_to_pk(pk, sizeof pk, sk, sizeof sk), ISOCHRON_OK);
  CHECK_STATUS(isochron_bls_sk_to_pk(pk, 47, sk, sizeof sk), ISOCHRON_BUFFER_TOO_SMALL);
  CHECK_STATUS(isochron_bls_sign(sig, sizeof sig, sk, sizeof sk, msgs[0], lens[0]), ISOCHRON_OK);
  CHECK_STATUS(isochron_bls_verify(pk, sizeof pk, msgs[0], lens[0], sig, sizeof sig), ISOCHRON_OK);
  CHECK_STATUS(isochron_bls_verify(pk, sizeof pk, msgs[1], lens[1], sig, sizeof sig), ISOCHRON_VERIFY_FAILED);
  CHECK_STATUS(isochron_bls_verify(pk, 47, msgs[0], lens[0], sig, sizeof sig), ISOCHRON_BAD_LENGTH);
  CHECK_STATUS(isochron_bls_verify(NULL, 48, msgs[0], lens[0], sig, sizeof sig), ISOCHRON_NULL_POINTER);
  /* The identity public key is rejected (KeyValidate). */
  uint8_t inf[48] = {0xc0};
  CHECK_STATUS(isochron_bls_verify(inf, sizeof inf, msgs[0], lens[0], sig, sizeof sig), ISOCHRON_IDENTITY);
  /* A zero secret key is rejected. */
  uint8_t zero[32] = {0};
  CHECK_STATUS(isochron_bls_sign(sig, sizeof sig, zero, sizeof zero, msgs[0], lens[0]), ISOCHRON_ZERO);

  /* Two signers: aggregate, aggregate-verify, fast-aggregate-verify, batch verify. */
  uint8_t sk2[32], ikm2[32] = {9};
  CHECK_STATUS(isochron_bls_key_gen(sk2, sizeof sk2, ikm2, sizeof ikm2), ISOCHRON_OK);
  CHECK_STATUS(isochron_bls_sk_to_pk(pks, 48, sk, sizeof sk), ISOCHRON_OK);
  CHECK_STATUS(isochron_bls_sk_to_pk(pks + 48, 48, sk2, sizeof sk2), ISOCHRON_OK);
  CHECK_STATUS(isochron_bls_sign(sigs, 96, sk, sizeof sk, msgs[0], lens[0]), ISOCHRON_OK);
  CHECK_STATUS(isochron_bls_sign(sigs + 96, 96, sk2, sizeof sk2, msgs[1], lens[1]), ISOCHRON_OK);
  CHECK_STATUS(isochron_bls_aggregate_signatures(agg, sizeof agg, sigs, sizeof sigs), ISOCHRON_OK);
  CHECK_STATUS(isochron_bls_aggregate_signatures(agg, sizeof agg, sigs, 0), ISOCHRON_EMPTY);
  CHECK_STATUS(isochron_bls_aggregate_verify(pks, sizeof pks, msgs, lens, 2, agg, sizeof agg), ISOCHRON_OK);
  CHECK_STATUS(isochron_bls_aggregate_verify(pks, sizeof pks, msgs, lens, 1, agg, sizeof agg),
               ISOCHRON_COUNT_MISMATCH);
  CHECK_STATUS(isochron_bls_batch_verify(pks, sizeof pks, msgs, lens, 2, sigs, sizeof sigs), ISOCHRON_OK);
  const uint8_t *swapped[2] = {msgs[1], msgs[0]};
  CHECK_STATUS(isochron_bls_batch_verify(pks, sizeof pks, swapped, lens, 2, sigs, sizeof sigs),
               ISOCHRON_VERIFY_FAILED);
  uint8_t fsigs[192], fagg[96], apk[48];
  CHECK_STATUS(isochron_bls_sign(fsigs, 96, sk, sizeof sk, msgs[0], lens[0]), ISOCHRON_OK);
  CHECK_STATUS(isochron_bls_sign(fsigs + 96, 96, sk2, sizeof sk2, msgs[0], lens[0]), ISOCHRON_OK);
  CHECK_STATUS(isochron_bls_aggregate_signatures(fagg, sizeof fagg, fsigs, sizeof fsigs), ISOCHRON_OK);
  CHECK_STATUS(isochron_bls_fast_aggregate_verify(pks, sizeof pks, msgs[0], lens[0], fagg, sizeof fagg, false),
               ISOCHRON_OK);
  CHECK_STATUS(isochron_bls_aggregate_public_keys(apk, sizeof apk, pks, sizeof pks), ISOCHRON_OK);
  CHECK_STATUS(isochron_bls_verify(apk, sizeof apk, msgs[0], lens[0], fagg, sizeof fagg), ISOCHRON_OK);
  uint8_t identity_sig[96] = {0xc0};
  CHECK_STATUS(isochron_bls_fast_aggregate_verify(NULL, 0, msgs[0], lens[0], identity_sig, 96, true), ISOCHRON_OK);
  CHECK_STATUS(isochron_bls_fast_aggregate_verify(NULL, 0, msgs[0], lens[0], identity_sig, 96, false),
               ISOCHRON_VERIFY_FAILED);
  uint8_t pop[96];
  CHECK_STATUS(isochron_bls_pop_prove(pop, sizeof pop, sk, sizeof sk), ISOCHRON_OK);
  CHECK_STATUS(isochron_bls_pop_verify(pks, 48, pop, sizeof pop), ISOCHRON_OK);
  CHECK_STATUS(isochron_bls_pop_verify(pks + 48, 48, pop, sizeof pop), ISOCHRON_VERIFY_FAILED);
}

static void test_kzg(void) {
  isochron_kzg_settings *s = NULL;
  CHECK_STATUS(isochron_kzg_load_mainnet(&s), ISOCHRON_OK);
  CHECK_STATUS(isochron_kzg_load_trusted_setup(&s, (const uint8_t *)"x\n65\n", 5), ISOCHRON_MALFORMED);
  CHECK_STATUS(isochron_kzg_load_trusted_setup_file(&s, (const uint8_t *)"/nonexistent", 12), ISOCHRON_IO);
  CHECK(s != NULL);
  uint8_t *blob = calloc(ISOCHRON_KZG_BLOB_BYTES, 1);
  for (size_t i = 0; i < 4096; i++) blob[32 * i + 31] = (uint8_t)(i * 7 + 1);
  uint8_t c[48], proof[48], y[32], z[32] = {0}, cproof[48];
  z[31] = 5;
  CHECK_STATUS(isochron_kzg_blob_to_commitment(c, sizeof c, s, blob, ISOCHRON_KZG_BLOB_BYTES), ISOCHRON_OK);
  CHECK_STATUS(isochron_kzg_blob_to_commitment(c, sizeof c, NULL, blob, ISOCHRON_KZG_BLOB_BYTES),
               ISOCHRON_NULL_POINTER);
  CHECK_STATUS(isochron_kzg_blob_to_commitment(c, sizeof c, s, blob, 100), ISOCHRON_BAD_LENGTH);
  CHECK_STATUS(isochron_kzg_compute_proof(proof, sizeof proof, y, sizeof y, s, blob, ISOCHRON_KZG_BLOB_BYTES, z, 32),
               ISOCHRON_OK);
  CHECK_STATUS(isochron_kzg_verify_proof(s, c, 48, z, 32, y, 32, proof, 48), ISOCHRON_OK);
  y[0] ^= 1; /* now ≥ r or a different value: either way not a valid opening */
  CHECK(isochron_kzg_verify_proof(s, c, 48, z, 32, y, 32, proof, 48) != ISOCHRON_OK);
  CHECK_STATUS(isochron_kzg_compute_blob_proof(cproof, sizeof cproof, s, blob, ISOCHRON_KZG_BLOB_BYTES, c, 48),
               ISOCHRON_OK);
  CHECK_STATUS(isochron_kzg_verify_blob_proof(s, blob, ISOCHRON_KZG_BLOB_BYTES, c, 48, cproof, 48), ISOCHRON_OK);
  CHECK_STATUS(isochron_kzg_verify_blob_proof_batch(s, blob, ISOCHRON_KZG_BLOB_BYTES, c, 48, cproof, 48),
               ISOCHRON_OK);
  CHECK_STATUS(isochron_kzg_verify_blob_proof_batch(s, blob, ISOCHRON_KZG_BLOB_BYTES, c, 48, NULL, 0),
               ISOCHRON_COUNT_MISMATCH);
  /* A field element ≥ r in the blob is non-canonical. */
  memset(blob, 0xff, 32);
  CHECK_STATUS(isochron_kzg_blob_to_commitment(c, sizeof c, s, blob, ISOCHRON_KZG_BLOB_BYTES), ISOCHRON_NON_CANONICAL);
  memset(blob, 0, 32);

  /* EIP-7594: cells and proofs, verification of a few, recovery from the upper half. */
  size_t ncell = ISOCHRON_KZG_CELLS_PER_EXT_BLOB;
  uint8_t *cells = malloc(ncell * ISOCHRON_KZG_CELL_BYTES), *proofs = malloc(ncell * 48);
  uint8_t *rcells = malloc(ncell * ISOCHRON_KZG_CELL_BYTES), *rproofs = malloc(ncell * 48);
  CHECK_STATUS(isochron_kzg_blob_to_commitment(c, sizeof c, s, blob, ISOCHRON_KZG_BLOB_BYTES), ISOCHRON_OK);
  CHECK_STATUS(isochron_kzg_compute_cells_and_proofs(cells, ncell * ISOCHRON_KZG_CELL_BYTES, proofs, ncell * 48, s,
                                                     blob, ISOCHRON_KZG_BLOB_BYTES),
               ISOCHRON_OK);
  uint64_t idx[64];
  uint8_t commitments[3 * 48];
  for (int i = 0; i < 3; i++) memcpy(commitments + 48 * i, c, 48);
  for (int i = 0; i < 64; i++) idx[i] = 64 + i;
  CHECK_STATUS(isochron_kzg_verify_cell_proof_batch(s, commitments, 3 * 48, idx, 3,
                                                    cells + 64 * ISOCHRON_KZG_CELL_BYTES, 3 * ISOCHRON_KZG_CELL_BYTES,
                                                    proofs + 64 * 48, 3 * 48),
               ISOCHRON_OK);
  CHECK_STATUS(isochron_kzg_verify_cell_proof_batch(s, commitments, 3 * 48, idx, 3, cells, 3 * ISOCHRON_KZG_CELL_BYTES,
                                                    proofs + 64 * 48, 3 * 48),
               ISOCHRON_VERIFY_FAILED);
  CHECK_STATUS(isochron_kzg_recover_cells_and_proofs(rcells, ncell * ISOCHRON_KZG_CELL_BYTES, rproofs, ncell * 48, s,
                                                     idx, 64, cells + 64 * ISOCHRON_KZG_CELL_BYTES,
                                                     64 * ISOCHRON_KZG_CELL_BYTES),
               ISOCHRON_OK);
  CHECK(memcmp(cells, rcells, ncell * ISOCHRON_KZG_CELL_BYTES) == 0);
  CHECK(memcmp(proofs, rproofs, ncell * 48) == 0);
  CHECK_STATUS(isochron_kzg_recover_cells_and_proofs(rcells, ncell * ISOCHRON_KZG_CELL_BYTES, rproofs, ncell * 48, s,
                                                     idx, 63, cells, 63 * ISOCHRON_KZG_CELL_BYTES),
               ISOCHRON_BAD_LENGTH);
  idx[1] = 64;
  CHECK_STATUS(isochron_kzg_recover_cells_and_proofs(rcells, ncell * ISOCHRON_KZG_CELL_BYTES, rproofs, ncell * 48, s,
                                                     idx, 64, cells, 64 * ISOCHRON_KZG_CELL_BYTES),
               ISOCHRON_DUPLICATE_INDEX);
  free(cells), free(proofs), free(rcells), free(rproofs), free(blob);
  isochron_kzg_free(s);
  isochron_kzg_free(NULL);
}

static void test_evm(void) {
  uint8_t out[64];
  size_t written = 0;
  uint64_t gas = 0;
  CHECK_STATUS(isochron_evm_run(out, sizeof out, &written, &gas, (const uint8_t *)"sha256", 6,
                                (const uint8_t *)"abc", 3, NULL, 0, 0),
               ISOCHRON_OK);
  CHECK(written == 32 && gas == 72);
  CHECK(eq_hex(out, 32, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
  CHECK_STATUS(isochron_evm_run(out, 4, &written, &gas, (const uint8_t *)"0x02", 4, (const uint8_t *)"abc", 3, NULL, 0, 0),
               ISOCHRON_BUFFER_TOO_SMALL);
  CHECK(written == 32);
  /* bn254_add of (1, 2) with itself: the input is two 64-byte points. */
  uint8_t in[128] = {0};
  in[31] = 1, in[63] = 2, in[95] = 1, in[127] = 2;
  CHECK_STATUS(isochron_evm_run(out, sizeof out, &written, &gas, (const uint8_t *)"0x06", 4, in, sizeof in,
                                (const uint8_t *)"cancun", 6, 0),
               ISOCHRON_OK);
  CHECK(written == 64 && gas == 150);
  in[63] = 3; /* (1, 3) is not on the curve */
  CHECK_STATUS(isochron_evm_run(out, sizeof out, &written, &gas, (const uint8_t *)"bn254_add", 9, in, sizeof in,
                                NULL, 0, 0),
               ISOCHRON_PRECOMPILE_FAILED);
  CHECK_STATUS(isochron_evm_run(out, sizeof out, &written, &gas, (const uint8_t *)"nope", 4, in, 0, NULL, 0, 0),
               ISOCHRON_UNKNOWN_PRECOMPILE);
  CHECK_STATUS(isochron_evm_run(out, sizeof out, &written, &gas, (const uint8_t *)"p256verify", 10, in, 0,
                                (const uint8_t *)"prague", 6, 0),
               ISOCHRON_UNKNOWN_PRECOMPILE);
  CHECK_STATUS(isochron_evm_run(out, sizeof out, &written, &gas, (const uint8_t *)"sha256", 6, in, 0,
                                (const uint8_t *)"frontier", 8, 0),
               ISOCHRON_INVALID_ARGUMENT);
  CHECK_STATUS(isochron_evm_run(out, sizeof out, &written, &gas, (const uint8_t *)"sha256", 6, in, 0, NULL, 0, 10),
               ISOCHRON_OUT_OF_GAS);
  CHECK_STATUS(isochron_evm_gas(&gas, (const uint8_t *)"bn254_pairing", 13, in, 0, NULL, 0), ISOCHRON_OK);
  CHECK(gas == 45000);
}

static void test_points(void) {
  static const uint32_t groups[4] = {ISOCHRON_GROUP_BLS12_381_G1, ISOCHRON_GROUP_BLS12_381_G2,
                                     ISOCHRON_GROUP_BN254_G1, ISOCHRON_GROUP_BN254_G2};
  static const size_t clen[4] = {48, 96, 32, 64};
  for (int i = 0; i < 4; i++) {
    uint32_t g = groups[i];
    size_t n = clen[i];
    uint8_t gen[192], two[192], sum[192], unc[192], neg[192], msm[192], pts[2 * 96], ks[64] = {0};
    CHECK_STATUS(isochron_point_generator(gen, sizeof gen, g, true), ISOCHRON_OK);
    CHECK_STATUS(isochron_point_add(sum, sizeof sum, g, gen, n, gen, n, true), ISOCHRON_OK);
    uint8_t k2[32] = {0};
    k2[31] = 2;
    CHECK_STATUS(isochron_point_mul(two, sizeof two, g, gen, n, k2, 32, true), ISOCHRON_OK);
    CHECK(memcmp(sum, two, n) == 0);
    CHECK_STATUS(isochron_point_decode(unc, sizeof unc, g, two, n, false), ISOCHRON_OK);
    CHECK_STATUS(isochron_point_add(sum, sizeof sum, g, unc, 2 * n, gen, n, true), ISOCHRON_OK);
    CHECK_STATUS(isochron_point_neg(neg, sizeof neg, g, gen, n, true), ISOCHRON_OK);
    /* 3·G + (−G) = 2·G through an MSM with scalars 1 and 1. */
    memcpy(pts, sum, n);
    memcpy(pts + n, neg, n);
    ks[31] = 1, ks[63] = 1;
    CHECK_STATUS(isochron_point_msm(msm, sizeof msm, g, pts, 2 * n, true, ks, 64, true), ISOCHRON_OK);
    CHECK(memcmp(msm, two, n) == 0);
    CHECK_STATUS(isochron_point_msm(msm, sizeof msm, g, pts, 2 * n, true, ks, 32, true), ISOCHRON_COUNT_MISMATCH);
    uint8_t big[32];
    memset(big, 0xff, 32);
    CHECK_STATUS(isochron_point_mul(two, sizeof two, g, gen, n, big, 32, true), ISOCHRON_NON_CANONICAL);
    CHECK_STATUS(isochron_point_decode(unc, sizeof unc, g, gen, n - 1, true), ISOCHRON_BAD_LENGTH);
  }
  CHECK_STATUS(isochron_point_generator(NULL, 0, 99, true), ISOCHRON_INVALID_ARGUMENT);

  /* e(G1, G2)·e(−G1, G2) = 1 on both curves; e(G1, G2) alone is not. */
  for (int curve = 0; curve < 2; curve++) {
    uint32_t c = curve == 0 ? ISOCHRON_CURVE_BLS12_381 : ISOCHRON_CURVE_BN254;
    uint32_t g1 = curve == 0 ? ISOCHRON_GROUP_BLS12_381_G1 : ISOCHRON_GROUP_BN254_G1;
    uint32_t g2 = curve == 0 ? ISOCHRON_GROUP_BLS12_381_G2 : ISOCHRON_GROUP_BN254_G2;
    size_t n1 = curve == 0 ? 48 : 32, n2 = curve == 0 ? 96 : 64;
    uint8_t p[2 * 48], q[2 * 96];
    CHECK_STATUS(isochron_point_generator(p, n1, g1, true), ISOCHRON_OK);
    CHECK_STATUS(isochron_point_neg(p + n1, n1, g1, p, n1, true), ISOCHRON_OK);
    CHECK_STATUS(isochron_point_generator(q, n2, g2, true), ISOCHRON_OK);
    memcpy(q + n2, q, n2);
    CHECK_STATUS(isochron_pairing_check(c, p, 2 * n1, q, 2 * n2), ISOCHRON_OK);
    CHECK_STATUS(isochron_pairing_check(c, p, n1, q, n2), ISOCHRON_VERIFY_FAILED);
    CHECK_STATUS(isochron_pairing_check(c, p, 2 * n1, q, n2), ISOCHRON_COUNT_MISMATCH);
  }
}

static void test_c25519(void) {
  uint8_t seed[32], pk[32], sig[64];
  unhex(seed, 32, "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
  CHECK_STATUS(isochron_ed25519_public_key(pk, sizeof pk, seed, sizeof seed), ISOCHRON_OK);
  CHECK(eq_hex(pk, 32, "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"));
  CHECK_STATUS(isochron_ed25519_sign(sig, sizeof sig, seed, sizeof seed, NULL, 0, NULL, 0, false), ISOCHRON_OK);
  CHECK(eq_hex(sig, 64,
               "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"));
  for (uint32_t mode = 0; mode < 3; mode++)
    CHECK_STATUS(isochron_ed25519_verify(pk, 32, NULL, 0, sig, 64, NULL, 0, false, mode), ISOCHRON_OK);
  CHECK_STATUS(isochron_ed25519_verify(pk, 32, NULL, 0, sig, 64, NULL, 0, false, 7), ISOCHRON_INVALID_ARGUMENT);
  CHECK_STATUS(isochron_ed25519_verify(pk, 32, (const uint8_t *)"x", 1, sig, 64, NULL, 0, false, 0),
               ISOCHRON_VERIFY_FAILED);
  CHECK_STATUS(isochron_ed25519_verify(pk, 31, NULL, 0, sig, 64, NULL, 0, false, 0), ISOCHRON_BAD_LENGTH);
  uint8_t ctx_sig[64];
  CHECK_STATUS(isochron_ed25519_sign(ctx_sig, 64, seed, 32, (const uint8_t *)"m", 1, (const uint8_t *)"c", 1, true),
               ISOCHRON_OK);
  CHECK_STATUS(isochron_ed25519_verify(pk, 32, (const uint8_t *)"m", 1, ctx_sig, 64, (const uint8_t *)"c", 1, true, 0),
               ISOCHRON_OK);
  CHECK_STATUS(isochron_ed25519_verify(pk, 32, (const uint8_t *)"m", 1, ctx_sig, 64, (const uint8_t *)"c", 1, false, 0),
               ISOCHRON_VERIFY_FAILED);
  const uint8_t *msgs[2] = {NULL, (const uint8_t *)"m"};
  size_t lens[2] = {0, 1};
  uint8_t pks[64], sigs[128];
  memcpy(pks, pk, 32), memcpy(pks + 32, pk, 32), memcpy(sigs, sig, 64);
  CHECK_STATUS(isochron_ed25519_sign(sigs + 64, 64, seed, 32, msgs[1], 1, NULL, 0, false), ISOCHRON_OK);
  CHECK_STATUS(isochron_ed25519_batch_verify(pks, 64, msgs, lens, 2, sigs, 128), ISOCHRON_OK);
  sigs[70] ^= 1;
  CHECK_STATUS(isochron_ed25519_batch_verify(pks, 64, msgs, lens, 2, sigs, 128), ISOCHRON_VERIFY_FAILED);

  uint8_t a[32], b[32], apk[32], bpk[32], s1[32], s2[32];
  unhex(a, 32, "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
  unhex(b, 32, "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
  CHECK_STATUS(isochron_x25519_public_key(apk, 32, a, 32), ISOCHRON_OK);
  CHECK(eq_hex(apk, 32, "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"));
  CHECK_STATUS(isochron_x25519_public_key(bpk, 32, b, 32), ISOCHRON_OK);
  CHECK_STATUS(isochron_x25519_shared_secret(s1, 32, a, 32, bpk, 32), ISOCHRON_OK);
  CHECK_STATUS(isochron_x25519_shared_secret(s2, 32, b, 32, apk, 32), ISOCHRON_OK);
  CHECK(eq_hex(s1, 32, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"));
  CHECK(memcmp(s1, s2, 32) == 0);
  uint8_t low[32] = {0};
  CHECK_STATUS(isochron_x25519_shared_secret(s1, 32, a, 32, low, 32), ISOCHRON_IDENTITY);

  uint8_t g[32], h[32], k[32] = {3}, p3[32], u[64] = {1};
  CHECK_STATUS(isochron_ristretto255_mul(g, 32, NULL, 0, k, 32), ISOCHRON_OK);
  CHECK_STATUS(isochron_ristretto255_validate(g, 32), ISOCHRON_OK);
  k[0] = 1;
  CHECK_STATUS(isochron_ristretto255_mul(h, 32, NULL, 0, k, 32), ISOCHRON_OK);
  CHECK_STATUS(isochron_ristretto255_add(p3, 32, h, 32, h, 32), ISOCHRON_OK);
  CHECK_STATUS(isochron_ristretto255_add(p3, 32, p3, 32, h, 32), ISOCHRON_OK);
  CHECK(memcmp(p3, g, 32) == 0);
  g[0] |= 1; /* odd: a non-canonical (negative) encoding */
  CHECK(isochron_ristretto255_validate(g, 32) != ISOCHRON_OK);
  CHECK_STATUS(isochron_ristretto255_from_uniform_bytes(h, 32, u, 64), ISOCHRON_OK);
  CHECK_STATUS(isochron_ristretto255_hash_to_group(h, 32, (const uint8_t *)"m", 1, (const uint8_t *)"dst", 3),
               ISOCHRON_OK);
  CHECK_STATUS(isochron_ristretto255_hash_to_group(h, 32, (const uint8_t *)"m", 1, NULL, 0), ISOCHRON_INVALID_ARGUMENT);
}

static void test_secp(void) {
  static const uint32_t curves[2] = {ISOCHRON_CURVE_SECP256K1, ISOCHRON_CURVE_P256};
  for (int i = 0; i < 2; i++) {
    uint32_t c = curves[i];
    uint8_t sk[32] = {0}, sk2[32] = {0}, pk[65], pk2[33], rec[65], sig[64], digest[32], e1[32], e2[32];
    uint8_t recid = 9;
    sk[31] = 7, sk2[31] = 11;
    memset(digest, 0x5a, 32);
    CHECK_STATUS(isochron_ecdsa_public_key(pk, 65, c, sk, 32, false), ISOCHRON_OK);
    CHECK_STATUS(isochron_ecdsa_public_key(pk2, 33, c, sk2, 32, true), ISOCHRON_OK);
    CHECK_STATUS(isochron_ecdsa_sign(sig, 64, &recid, c, sk, 32, digest, 32, NULL, 0), ISOCHRON_OK);
    CHECK(recid < 4);
    CHECK_STATUS(isochron_ecdsa_verify(c, pk, 65, digest, 32, sig, 64, false), ISOCHRON_OK);
    CHECK_STATUS(isochron_ecdsa_verify(c, pk2, 33, digest, 32, sig, 64, false), ISOCHRON_VERIFY_FAILED);
    CHECK_STATUS(isochron_ecdsa_recover(rec, 65, c, digest, 32, sig, 64, recid, false), ISOCHRON_OK);
    CHECK(memcmp(rec, pk, 65) == 0);
    CHECK_STATUS(isochron_ecdsa_recover(rec, 65, c, digest, 32, sig, 64, 4, false), ISOCHRON_INVALID_ARGUMENT);
    CHECK_STATUS(isochron_ecdh(e1, 32, c, sk, 32, pk2, 33), ISOCHRON_OK);
    CHECK_STATUS(isochron_ecdh(e2, 32, c, sk2, 32, pk, 65), ISOCHRON_OK);
    CHECK(memcmp(e1, e2, 32) == 0);
    pk[64] ^= 1;
    CHECK_STATUS(isochron_ecdh(e1, 32, c, sk, 32, pk, 65), ISOCHRON_NOT_ON_CURVE);
    pk[0] = 5;
    CHECK(isochron_ecdsa_verify(c, pk, 65, digest, 32, sig, 64, false) != ISOCHRON_OK);
  }
  /* BIP-340 test vector 0. */
  uint8_t sk[32], pk[32], aux[32] = {0}, msg[32] = {0}, sig[64];
  unhex(sk, 32, "0000000000000000000000000000000000000000000000000000000000000003");
  CHECK_STATUS(isochron_bip340_public_key(pk, 32, sk, 32), ISOCHRON_OK);
  CHECK(eq_hex(pk, 32, "f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9"));
  CHECK_STATUS(isochron_bip340_sign(sig, 64, sk, 32, msg, 32, aux, 32), ISOCHRON_OK);
  CHECK(eq_hex(sig, 64,
               "e907831f80848d1069a5371b402410364bdf1c5f8307b0084c55f1ce2dca821525f66a4a85ea8b71e482a74f382d2ce5ebeee8fdb2172f477df4900d310536c0"));
  CHECK_STATUS(isochron_bip340_verify(pk, 32, msg, 32, sig, 64), ISOCHRON_OK);
  msg[0] = 1;
  CHECK_STATUS(isochron_bip340_verify(pk, 32, msg, 32, sig, 64), ISOCHRON_VERIFY_FAILED);
  CHECK_STATUS(isochron_bip340_sign(sig, 64, sk, 32, msg, 32, aux, 31), ISOCHRON_BAD_LENGTH);
}

int main(void) {
  test_status();
  test_bls();
  test_kzg();
  test_evm();
  test_points();
  test_c25519();
  test_secp();
  if (failures) {
    fprintf(stderr, "test_isochron: %d check(s) failed\n", failures);
    return 1;
  }
  printf("test_isochron: all checks passed\n");
  return 0;
}
