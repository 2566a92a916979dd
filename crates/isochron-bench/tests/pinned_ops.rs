//! The op names and each op's peers, pinned: BENCHMARKS.md, scripts and earlier runs key their
//! figures by these names (DESIGN.md §3), so renaming, reordering or dropping an op or a peer
//! must be a deliberate change of this list.
#![cfg(feature = "peers")]

use isochron_bench::fixtures::Fixtures;
use isochron_bench::peers;
use isochron_bench::registry::{self, Case};

/// Every op in registry order, with its peers in the order they are measured and printed.
const PINNED: &[(&str, &[&str])] = &[
    ("bls12_381/fp/mul", &["blst", "arkworks"]),
    ("bls12_381/fp/square", &["blst", "arkworks"]),
    ("bls12_381/fp/inverse", &["blst", "arkworks"]),
    ("bls12_381/fp/sqrt", &["blst", "arkworks"]),
    ("bls12_381/fp2/mul", &["blst", "arkworks"]),
    ("bls12_381/fp2/square", &["blst", "arkworks"]),
    ("bls12_381/fp2/inverse", &["blst", "arkworks"]),
    ("bls12_381/fp12/mul", &["blst", "arkworks"]),
    ("bls12_381/fp12/square", &["blst", "arkworks"]),
    ("bls12_381/fp12/inverse", &["blst", "arkworks"]),
    ("bls12_381/fr/mul", &["blst", "arkworks", "zkcrypto"]),
    ("bn254/fp/mul", &["arkworks", "substrate-bn"]),
    ("bn254/fp/square", &["arkworks", "substrate-bn"]),
    ("bn254/fp/inverse", &["arkworks", "substrate-bn"]),
    ("bls12_381/miller_loop", &["blst", "arkworks", "zkcrypto"]),
    ("bls12_381/final_exp", &["blst", "arkworks", "zkcrypto"]),
    ("bls12_381/pairing", &["blst", "arkworks", "zkcrypto"]),
    ("bn254/miller_loop", &["arkworks", "substrate-bn"]),
    ("bn254/final_exp", &["arkworks", "substrate-bn"]),
    ("bn254/pairing", &["arkworks", "substrate-bn"]),
    ("bls12_381/multi_pairing/2", &["blst", "arkworks", "zkcrypto"]),
    ("bls12_381/multi_pairing/4", &["blst", "arkworks", "zkcrypto"]),
    ("bls12_381/multi_pairing/8", &["blst", "arkworks", "zkcrypto"]),
    ("bls12_381/g1/add", &["blst", "arkworks", "zkcrypto"]),
    ("bls12_381/g1/double", &["blst", "arkworks", "zkcrypto"]),
    ("bls12_381/g1/mul_ct", &["blst", "arkworks", "zkcrypto"]),
    ("bls12_381/g1/mul_vartime", &["blst", "arkworks", "zkcrypto"]),
    ("bls12_381/g1/subgroup_check", &["blst", "arkworks", "zkcrypto"]),
    ("bls12_381/g1/decompress_checked", &["blst", "arkworks", "zkcrypto"]),
    ("bls12_381/g2/add", &["blst", "arkworks", "zkcrypto"]),
    ("bls12_381/g2/double", &["blst", "arkworks", "zkcrypto"]),
    ("bls12_381/g2/mul_ct", &["blst", "arkworks", "zkcrypto"]),
    ("bls12_381/g2/mul_vartime", &["blst", "arkworks", "zkcrypto"]),
    ("bls12_381/g2/subgroup_check", &["blst", "arkworks", "zkcrypto"]),
    ("bls12_381/g2/decompress_checked", &["blst", "arkworks", "zkcrypto"]),
    ("bn254/g1/add", &["arkworks", "substrate-bn"]),
    ("bn254/g1/double", &["arkworks", "substrate-bn"]),
    ("bn254/g1/mul_ct", &["arkworks", "substrate-bn"]),
    ("bn254/g1/mul_vartime", &["arkworks", "substrate-bn"]),
    ("bn254/g2/add", &["arkworks", "substrate-bn"]),
    ("bn254/g2/double", &["arkworks", "substrate-bn"]),
    ("bn254/g2/mul_ct", &["arkworks", "substrate-bn"]),
    ("bn254/g2/mul_vartime", &["arkworks", "substrate-bn"]),
    ("bls12_381/hash_to_g1", &["blst"]),
    ("bls12_381/hash_to_g2", &["blst"]),
    ("eth_bls/keygen", &["blst"]),
    ("eth_bls/sign", &["blst"]),
    ("eth_bls/verify", &["blst"]),
    ("eth_bls/aggregate_128", &["blst"]),
    ("eth_bls/fast_aggregate_verify_128", &["blst"]),
    ("eth_bls/batch_verify/6", &["blst", "blst-mt"]),
    ("eth_bls/batch_verify/60", &["blst", "blst-mt"]),
    ("eth_bls/batch_verify/180", &["blst", "blst-mt"]),
    ("eth_bls/batch_verify_parallel/6", &["blst", "blst-mt"]),
    ("eth_bls/batch_verify_parallel/60", &["blst", "blst-mt"]),
    ("eth_bls/batch_verify_parallel/180", &["blst", "blst-mt"]),
    ("eth_bls/pubkey_deserialize_checked", &["blst"]),
    ("eth_bls/signature_deserialize_checked", &["blst"]),
    ("bls12_381/fr_fft/4096", &["arkworks"]),
    ("bls12_381/fr_fft/8192", &["arkworks"]),
    ("eip4844/blob_to_kzg_commitment", &["c-kzg", "rust-eth-kzg"]),
    ("eip4844/compute_kzg_proof", &["c-kzg", "rust-eth-kzg"]),
    ("eip4844/compute_blob_kzg_proof", &["c-kzg", "rust-eth-kzg"]),
    ("eip4844/verify_kzg_proof", &["c-kzg", "rust-eth-kzg"]),
    ("eip4844/verify_blob_kzg_proof", &["c-kzg", "rust-eth-kzg"]),
    ("eip4844/verify_blob_kzg_proof_batch/1", &["c-kzg", "rust-eth-kzg"]),
    ("eip4844/verify_blob_kzg_proof_batch/8", &["c-kzg", "rust-eth-kzg"]),
    ("eip4844/verify_blob_kzg_proof_batch/64", &["c-kzg", "rust-eth-kzg"]),
    ("eip7594/compute_cells", &["c-kzg", "rust-eth-kzg"]),
    ("eip7594/compute_cells_and_kzg_proofs", &["c-kzg", "c-kzg-w8", "rust-eth-kzg", "rust-eth-kzg-w8"]),
    ("eip7594/verify_cell_kzg_proof_batch", &["c-kzg", "rust-eth-kzg"]),
    ("eip7594/recover_cells_and_kzg_proofs", &["c-kzg", "c-kzg-w8", "rust-eth-kzg", "rust-eth-kzg-w8"]),
    ("bls12_381/msm_g1/64", &["blst", "arkworks"]),
    ("bls12_381/msm_g1/1024", &["blst", "arkworks"]),
    ("bls12_381/msm_g1/4096", &["blst", "arkworks"]),
    ("bls12_381/msm_g1/65536", &["blst", "arkworks"]),
    ("bls12_381/msm_g1/262144", &["blst", "arkworks"]),
    ("bls12_381/msm_g1/4096_par", &["blst"]),
    ("bls12_381/msm_g1/65536_par", &["blst"]),
    ("bls12_381/msm_g1/262144_par", &["blst"]),
    ("bls12_381/msm_g2/64", &["blst", "arkworks"]),
    ("bls12_381/msm_g2/4096", &["blst", "arkworks"]),
    ("bls12_381/msm_g2/4096_par", &["blst"]),
    ("bn254/msm_g1/4096", &["arkworks"]),
    ("bn254/msm_g1/65536", &["arkworks"]),
    ("bn254/msm_g1/262144", &["arkworks"]),
    ("bn254/msm_g1/65536_par", &[]),
    ("bn254/msm_g1/262144_par", &[]),
    ("secp256k1/sign", &["libsecp256k1", "k256"]),
    ("secp256k1/verify", &["libsecp256k1", "k256"]),
    ("secp256k1/recover", &["libsecp256k1", "k256"]),
    ("secp256k1/schnorr_sign", &["libsecp256k1", "k256"]),
    ("secp256k1/schnorr_verify", &["libsecp256k1", "k256"]),
    ("secp256k1/schnorr_batch_verify/64", &[]),
    ("secp256k1/ecdh", &["libsecp256k1", "k256"]),
    ("secp256k1/pubkey", &["libsecp256k1", "k256"]),
    ("p256/sign", &["p256"]),
    ("p256/verify", &["p256"]),
    ("p256/ecdh", &["p256"]),
    ("secp256k1/sign_fiat", &["libsecp256k1", "k256"]),
    ("secp256k1/verify_fiat", &["libsecp256k1", "k256"]),
    ("secp256k1/recover_fiat", &["libsecp256k1", "k256"]),
    ("secp256k1/schnorr_sign_fiat", &["libsecp256k1", "k256"]),
    ("secp256k1/schnorr_verify_fiat", &["libsecp256k1", "k256"]),
    ("secp256k1/schnorr_batch_verify/64_fiat", &[]),
    ("secp256k1/ecdh_fiat", &["libsecp256k1", "k256"]),
    ("secp256k1/pubkey_fiat", &["libsecp256k1", "k256"]),
    ("p256/sign_fiat", &["p256"]),
    ("p256/verify_fiat", &["p256"]),
    ("p256/ecdh_fiat", &["p256"]),
];

#[test]
fn op_names_and_peers_are_pinned() {
    let fixtures = Fixtures::new();
    let actual: Vec<(String, Vec<String>)> = registry::ALL
        .iter()
        .map(|&op| {
            let case = Case::new(op, peers::ALL, &fixtures);
            (op.name(), case.peers.iter().map(|(p, _)| p.to_string()).collect())
        })
        .collect();
    // The rust-eth-kzg peers exist only in the bench crate's `rust-eth-kzg` build.
    let built = |p: &&&str| cfg!(feature = "rust-eth-kzg") || !p.starts_with("rust-eth-kzg");
    let pinned: Vec<(String, Vec<String>)> = PINNED
        .iter()
        .map(|(n, ps)| (n.to_string(), ps.iter().filter(built).map(|p| p.to_string()).collect()))
        .collect();
    assert_eq!(actual, pinned);
}
