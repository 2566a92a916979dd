//! FFI overhead (issue 15): the Rust side of `c/bench_verify.c` — the same work (decode the
//! public key and the signature with every check, then verify) through the Rust API, printed as
//! `rust_bls_verify_ns <median>`. Run by scripts/bench_ffi.sh.

use std::time::Instant;

use isochron::bls::eth::{self, PublicKey, SecretKey, Signature};

const ROUNDS: usize = 15;
const ITERS: u32 = 200;

fn main() {
    let ikm: Vec<u8> = (0..32).collect();
    let msg = b"isochron ffi overhead benchmark";
    let sk: SecretKey = eth::key_gen(&ikm).expect("32 bytes of key material");
    let (pk, sig) = (eth::sk_to_pk(&sk).to_bytes(), eth::sign(&sk, msg).to_bytes());
    let mut t: Vec<f64> = (0..ROUNDS)
        .map(|_| {
            let t0 = Instant::now();
            for _ in 0..ITERS {
                let pk = PublicKey::from_bytes(std::hint::black_box(&pk)).expect("valid key");
                let sig = Signature::from_bytes(std::hint::black_box(&sig)).expect("valid signature");
                assert!(eth::verify(&pk, std::hint::black_box(msg), &sig));
            }
            t0.elapsed().as_nanos() as f64 / f64::from(ITERS)
        })
        .collect();
    t.sort_by(f64::total_cmp);
    println!("rust_bls_verify_ns {:.0}", t[ROUNDS / 2]);
}
