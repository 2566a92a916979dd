//! c-kzg-4844's EIP-4844 kernels (`c_kzg::KzgSettings` with its embedded mainnet setup, no
//! precomputation: `ethereum_kzg_settings(0)`, loaded before timing) on the inputs of
//! [`crate::ops`]' `eip4844` ops, converted to its byte types outside the timed loop.

use c_kzg::{Blob, Bytes32, Bytes48, KzgSettings};

use super::Peer;
use crate::fixtures::Fixtures;
use crate::op::{Eip4844Op, Op};
use crate::timing::{repeat, Kernel};

/// `c-kzg`: c-kzg-4844 through its Rust binding, on the `eip4844` ops only.
pub struct CKzg;

fn blob(b: &[u8]) -> Blob {
    Blob::from_bytes(b).expect("131072 bytes")
}

fn b32(b: &[u8]) -> Bytes32 {
    Bytes32::from_bytes(b).expect("32 bytes")
}

fn b48(b: &[u8]) -> Bytes48 {
    Bytes48::from_bytes(b).expect("48 bytes")
}

impl Peer for CKzg {
    fn name(&self) -> &'static str {
        "c-kzg"
    }

    fn kernel(&self, op: Op, inputs: &[Vec<u8>], _fixtures: &Fixtures) -> Option<Kernel> {
        let Op::Eip4844(op) = op else { return None };
        let s: &'static KzgSettings = c_kzg::ethereum_kzg_settings(0);
        let i = inputs;
        Some(match op {
            Eip4844Op::BlobToKzgCommitment => {
                repeat(blob(&i[0]), move |b| s.blob_to_kzg_commitment(b).expect("canonical"))
            }
            Eip4844Op::ComputeKzgProof => {
                repeat((blob(&i[0]), b32(&i[1])), move |(b, z)| s.compute_kzg_proof(b, z).expect("canonical"))
            }
            Eip4844Op::ComputeBlobKzgProof => {
                repeat((blob(&i[0]), b48(&i[1])), move |(b, c)| s.compute_blob_kzg_proof(b, c).expect("valid"))
            }
            Eip4844Op::VerifyKzgProof => {
                let args = (b48(&i[0]), b32(&i[1]), b32(&i[2]), b48(&i[3]));
                assert!(s.verify_kzg_proof(&args.0, &args.1, &args.2, &args.3).expect("valid"));
                repeat(args, move |(c, z, y, p)| s.verify_kzg_proof(c, z, y, p).expect("valid"))
            }
            Eip4844Op::VerifyBlobKzgProof => {
                let args = (blob(&i[0]), b48(&i[1]), b48(&i[2]));
                assert!(s.verify_blob_kzg_proof(&args.0, &args.1, &args.2).expect("valid"));
                repeat(args, move |(b, c, p)| s.verify_blob_kzg_proof(b, c, p).expect("valid"))
            }
            Eip4844Op::VerifyBlobKzgProofBatch(n) => {
                let blobs: Vec<Blob> = i[..n].iter().map(|b| blob(b)).collect();
                let cs: Vec<Bytes48> = i[n..2 * n].iter().map(|c| b48(c)).collect();
                let ps: Vec<Bytes48> = i[2 * n..3 * n].iter().map(|p| b48(p)).collect();
                assert!(s.verify_blob_kzg_proof_batch(&blobs, &cs, &ps).expect("valid"));
                repeat((blobs, cs, ps), move |(b, c, p)| s.verify_blob_kzg_proof_batch(b, c, p).expect("valid"))
            }
        })
    }
}
