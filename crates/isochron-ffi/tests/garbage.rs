//! No input makes an entry point fail internally: every function of the C ABI is called with
//! random bytes of random lengths (around the right ones), NULL pointers with lengths, and
//! short output buffers; each must return a status that is not `ISOCHRON_INTERNAL` (a caught
//! panic) — and, of course, not crash.

use isochron_ffi::isochron_status::{self, *};
use isochron_ffi::{bls, c25519, curves, evm, kzg, secp};
use rand::{Rng, RngCore, SeedableRng};

const ROUNDS: usize = 300;

/// A random buffer: usually one of the interesting lengths, sometimes any length up to 300;
/// the bytes random, or a valid-looking prefix flipped.
fn buf(rng: &mut impl RngCore, lens: &[usize]) -> Vec<u8> {
    let len = if rng.gen_bool(0.8) { lens[rng.gen_range(0..lens.len())] } else { rng.gen_range(0..300) };
    let mut b = vec![0u8; len];
    if rng.gen_bool(0.9) {
        rng.fill_bytes(&mut b);
    }
    b
}

/// A pointer to `b`, or (rarely) NULL with `b`'s length.
fn ptr(rng: &mut impl RngCore, b: &[u8]) -> *const u8 {
    if rng.gen_bool(0.05) {
        core::ptr::null()
    } else {
        b.as_ptr()
    }
}

fn ok(s: isochron_status) {
    assert_ne!(s, ISOCHRON_INTERNAL);
}

#[test]
fn garbage_never_fails_internally() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(15);
    let mut out = vec![0u8; 300];
    let mut settings = core::ptr::null_mut();
    // SAFETY: a valid out-pointer.
    assert_eq!(unsafe { kzg::isochron_kzg_load_mainnet(&mut settings) }, ISOCHRON_OK);
    for _ in 0..ROUNDS {
        let (a, b, c, d) = (
            buf(&mut rng, &[32, 33, 48, 64, 65, 96, 128, 192]),
            buf(&mut rng, &[0, 5, 32, 48, 96]),
            buf(&mut rng, &[32, 48, 64, 96, 192]),
            buf(&mut rng, &[0, 1, 32]),
        );
        let (pa, pb, pc, pd) = (ptr(&mut rng, &a), ptr(&mut rng, &b), ptr(&mut rng, &c), ptr(&mut rng, &d));
        let out_len = if rng.gen_bool(0.9) { out.len() } else { rng.gen_range(0..100) };
        let o = out.as_mut_ptr();
        let small: u32 = rng.gen_range(0..6);
        let flag = rng.gen_bool(0.5);
        let msgs = [pb, pd];
        let lens = [b.len(), d.len()];
        let n = rng.gen_range(0..3);
        let mut recid = 0u8;
        let mut written = 0usize;
        let mut gas = 0u64;
        // SAFETY: every pointer is NULL or valid for its length; outputs are `out`.
        unsafe {
            ok(bls::isochron_bls_key_gen(o, out_len, pa, a.len()));
            ok(bls::isochron_bls_sk_to_pk(o, out_len, pa, a.len()));
            ok(bls::isochron_bls_sign(o, out_len, pa, a.len(), pb, b.len()));
            ok(bls::isochron_bls_verify(pa, a.len(), pb, b.len(), pc, c.len()));
            ok(bls::isochron_bls_aggregate_signatures(o, out_len, pc, c.len()));
            ok(bls::isochron_bls_aggregate_public_keys(o, out_len, pa, a.len()));
            ok(bls::isochron_bls_fast_aggregate_verify(pa, a.len(), pb, b.len(), pc, c.len(), flag));
            ok(bls::isochron_bls_aggregate_verify(pa, a.len(), msgs.as_ptr(), lens.as_ptr(), n, pc, c.len()));
            ok(bls::isochron_bls_batch_verify(pa, a.len(), msgs.as_ptr(), lens.as_ptr(), n, pc, c.len()));
            ok(bls::isochron_bls_pop_prove(o, out_len, pa, a.len()));
            ok(bls::isochron_bls_pop_verify(pa, a.len(), pc, c.len()));

            ok(kzg::isochron_kzg_verify_proof(settings, pa, a.len(), pb, b.len(), pd, d.len(), pc, c.len()));
            ok(kzg::isochron_kzg_compute_proof(o, out_len, o.add(100), 32, settings, pa, a.len(), pd, d.len()));
            ok(kzg::isochron_kzg_verify_blob_proof(settings, pa, a.len(), pb, b.len(), pc, c.len()));
            let idx = [rng.gen_range(0..130u64), rng.gen_range(0..130)];
            ok(kzg::isochron_kzg_verify_cell_proof_batch(
                settings,
                pa,
                a.len(),
                idx.as_ptr(),
                n,
                pb,
                b.len(),
                pc,
                c.len(),
            ));
            ok(kzg::isochron_kzg_load_trusted_setup(&mut core::ptr::null_mut(), pb, b.len()));

            let name = ["sha256", "0x01", "bn254_pairing", "0x0b", "modexp", "p256verify", "x"][rng.gen_range(0..7)];
            for p in [pa, pc] {
                let len = if p == pa { a.len() } else { c.len() };
                ok(evm::isochron_evm_run(
                    o,
                    out_len,
                    &mut written,
                    &mut gas,
                    name.as_ptr(),
                    name.len(),
                    p,
                    len,
                    pd,
                    d.len(),
                    0,
                ));
                ok(evm::isochron_evm_gas(&mut gas, name.as_ptr(), name.len(), p, len, core::ptr::null(), 0));
            }

            ok(curves::isochron_point_decode(o, out_len, small, pa, a.len(), flag));
            ok(curves::isochron_point_add(o, out_len, small, pa, a.len(), pc, c.len(), flag));
            ok(curves::isochron_point_neg(o, out_len, small, pa, a.len(), flag));
            ok(curves::isochron_point_mul(o, out_len, small, pa, a.len(), pd, d.len(), flag));
            ok(curves::isochron_point_msm(o, out_len, small, pa, a.len(), flag, pd, d.len(), flag));
            ok(curves::isochron_pairing_check(small, pa, a.len(), pc, c.len()));

            ok(c25519::isochron_ed25519_public_key(o, out_len, pa, a.len()));
            ok(c25519::isochron_ed25519_sign(o, out_len, pa, a.len(), pb, b.len(), pd, d.len(), flag));
            ok(c25519::isochron_ed25519_verify(pa, a.len(), pb, b.len(), pc, c.len(), pd, d.len(), flag, small));
            ok(c25519::isochron_ed25519_batch_verify(pa, a.len(), msgs.as_ptr(), lens.as_ptr(), n, pc, c.len()));
            ok(c25519::isochron_x25519_public_key(o, out_len, pa, a.len()));
            ok(c25519::isochron_x25519_shared_secret(o, out_len, pa, a.len(), pc, c.len()));
            ok(c25519::isochron_ristretto255_validate(pa, a.len()));
            ok(c25519::isochron_ristretto255_add(o, out_len, pa, a.len(), pc, c.len()));
            ok(c25519::isochron_ristretto255_mul(o, out_len, pa, a.len(), pd, d.len()));
            ok(c25519::isochron_ristretto255_from_uniform_bytes(o, out_len, pc, c.len()));
            ok(c25519::isochron_ristretto255_hash_to_group(o, out_len, pb, b.len(), pd, d.len()));

            ok(secp::isochron_ecdsa_public_key(o, out_len, small, pa, a.len(), flag));
            ok(secp::isochron_ecdsa_sign(o, out_len, &mut recid, small, pa, a.len(), pb, b.len(), pd, d.len()));
            ok(secp::isochron_ecdsa_verify(small, pa, a.len(), pb, b.len(), pc, c.len(), flag));
            ok(secp::isochron_ecdsa_recover(o, out_len, small, pb, b.len(), pc, c.len(), recid, flag));
            ok(secp::isochron_ecdh(o, out_len, small, pa, a.len(), pc, c.len()));
            ok(secp::isochron_bip340_public_key(o, out_len, pa, a.len()));
            ok(secp::isochron_bip340_sign(o, out_len, pa, a.len(), pb, b.len(), pd, d.len()));
            ok(secp::isochron_bip340_verify(pa, a.len(), pb, b.len(), pc, c.len()));
        }
    }
    // SAFETY: the handle came from the loader and is freed once.
    unsafe { kzg::isochron_kzg_free(settings) };
}
