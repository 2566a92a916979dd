//! EIP-4844 KZG verification (`isochron::protocols::eip4844`, mainnet setup) against c-kzg-4844:
//! `verify_kzg_proof` and `verify_blob_kzg_proof` must accept and reject the same inputs (bad
//! lengths, field elements ≥ r, bad or off-subgroup points) and, where both accept, give the
//! same verdict. Input: a selector byte (even: `verify_kzg_proof` on commitment ‖ z ‖ y ‖ proof,
//! 160 bytes, any other length rejected by both; odd: `verify_blob_kzg_proof` on commitment ‖
//! proof ‖ the start of a blob, 96 bytes then up to 131072, zero-padded).
#![no_main]

use isochron::protocols::eip4844::{KzgSettings, BYTES_PER_BLOB};
use isochron_fuzz::hex;
use libfuzzer_sys::fuzz_target;

fn check(what: &str, input: &[u8], ours: Option<bool>, peer: Option<bool>) {
    assert_eq!(ours, peer, "{what}: isochron and c-kzg differ on {}", hex(input));
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, b)) = data.split_first() else { return };
    let ours = KzgSettings::mainnet();
    let theirs = c_kzg::ethereum_kzg_settings(0);
    if sel % 2 == 0 {
        let (c, z, y, p) = if b.len() == 160 {
            (&b[..48], &b[48..80], &b[80..112], &b[112..])
        } else {
            // Any other length: split where it falls; both must reject a wrong-length part.
            let n = b.len();
            let cut = |i: usize| i.min(n);
            (&b[..cut(48)], &b[cut(48)..cut(80)], &b[cut(80)..cut(112)], &b[cut(112)..])
        };
        let mine = ours.verify_kzg_proof(c, z, y, p).ok();
        let peer = (|| {
            let c = c_kzg::Bytes48::from_bytes(c).ok()?;
            let z = c_kzg::Bytes32::from_bytes(z).ok()?;
            let y = c_kzg::Bytes32::from_bytes(y).ok()?;
            let p = c_kzg::Bytes48::from_bytes(p).ok()?;
            theirs.verify_kzg_proof(&c, &z, &y, &p).ok()
        })();
        check("verify_kzg_proof", b, mine, peer);
    } else {
        if b.len() < 96 {
            return;
        }
        let (c, p) = (&b[..48], &b[48..96]);
        let mut blob = vec![0u8; BYTES_PER_BLOB];
        let rest = &b[96..];
        let n = rest.len().min(BYTES_PER_BLOB);
        blob[..n].copy_from_slice(&rest[..n]);
        let mine = ours.verify_blob_kzg_proof(&blob, c, p).ok();
        let peer = (|| {
            let blob = c_kzg::Blob::from_bytes(&blob).ok()?;
            let c = c_kzg::Bytes48::from_bytes(c).ok()?;
            let p = c_kzg::Bytes48::from_bytes(p).ok()?;
            theirs.verify_blob_kzg_proof(&blob, &c, &p).ok()
        })();
        check("verify_blob_kzg_proof", b, mine, peer);
    }
});
