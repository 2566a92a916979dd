/* A short tour of the C ABI: an Ethereum BLS signature, a KZG commitment with the embedded
 * mainnet setup, and an EVM precompile call. Build against the shared library:
 *   cc example.c -I include -L lib -lisochron -o example && LD_LIBRARY_PATH=lib ./example */
#include <stdio.h>
#include <stdlib.h>

#include "isochron.h"

static int fail(const char *what, isochron_status s) {
  fprintf(stderr, "%s: %s\n", what, isochron_status_str(s));
  return 1;
}

int main(void) {
  uint8_t ikm[32] = "an example of key material, 32B", sk[32], pk[48], sig[96];
  const uint8_t msg[] = "hello, isochron";
  isochron_status s;

  if ((s = isochron_bls_key_gen(sk, sizeof sk, ikm, sizeof ikm))) return fail("key_gen", s);
  if ((s = isochron_bls_sk_to_pk(pk, sizeof pk, sk, sizeof sk))) return fail("sk_to_pk", s);
  if ((s = isochron_bls_sign(sig, sizeof sig, sk, sizeof sk, msg, sizeof msg - 1))) return fail("sign", s);
  s = isochron_bls_verify(pk, sizeof pk, msg, sizeof msg - 1, sig, sizeof sig);
  printf("BLS signature: %s\n", isochron_status_str(s));

  isochron_kzg_settings *ts;
  if ((s = isochron_kzg_load_mainnet(&ts))) return fail("load_mainnet", s);
  uint8_t *blob = calloc(1, ISOCHRON_KZG_BLOB_BYTES), commitment[48];
  s = isochron_kzg_blob_to_commitment(commitment, sizeof commitment, ts, blob, ISOCHRON_KZG_BLOB_BYTES);
  printf("commitment of the zero blob: %s, first byte %02x\n", isochron_status_str(s), commitment[0]);
  free(blob);
  isochron_kzg_free(ts);

  uint8_t out[32];
  size_t n;
  uint64_t gas;
  s = isochron_evm_run(out, sizeof out, &n, &gas, (const uint8_t *)"sha256", 6, msg, sizeof msg - 1, NULL, 0, 0);
  printf("sha256 precompile: %s, %zu bytes, %llu gas\n", isochron_status_str(s), n, (unsigned long long)gas);
  return 0;
}
