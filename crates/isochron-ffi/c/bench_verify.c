/* FFI overhead (issue 15 target: a C call of verify within 2% of the Rust call): times
 * isochron_bls_verify from C on the inputs examples/bench_verify.rs times through the Rust API
 * (the same key, message and signature), and prints the median of ROUNDS rounds of ITERS calls
 * as one line `c_bls_verify_ns <median>`. Run by scripts/bench_ffi.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "isochron.h"

enum { ROUNDS = 15, ITERS = 200 };

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(void) {
  uint8_t ikm[32], sk[32], pk[48], sig[96];
  const uint8_t msg[] = "isochron ffi overhead benchmark";
  for (int i = 0; i < 32; i++) ikm[i] = (uint8_t)i;
  if (isochron_bls_key_gen(sk, 32, ikm, 32) || isochron_bls_sk_to_pk(pk, 48, sk, 32) ||
      isochron_bls_sign(sig, 96, sk, 32, msg, sizeof msg - 1))
    return 1;
  double t[ROUNDS];
  for (int r = 0; r < ROUNDS; r++) {
    double t0 = now_ns();
    for (int i = 0; i < ITERS; i++)
      if (isochron_bls_verify(pk, 48, msg, sizeof msg - 1, sig, 96) != ISOCHRON_OK) return 1;
    t[r] = (now_ns() - t0) / ITERS;
  }
  qsort(t, ROUNDS, sizeof t[0], cmp);
  printf("c_bls_verify_ns %.0f\n", t[ROUNDS / 2]);
  return 0;
}
