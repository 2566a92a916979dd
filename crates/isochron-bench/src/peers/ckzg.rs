//! c-kzg-4844's EIP-4844 and EIP-7594 kernels (`c_kzg::KzgSettings` 2.1 with its embedded
//! mainnet setup, loaded before timing and kept by the crate for the run) on the inputs of
//! [`crate::ops`]' `eip4844` and `eip7594` ops, converted to its byte types outside the timed
//! loop. C on one thread (c-kzg has no threads).
//!
//! Two peers, by the setup's `precompute` (the window of blst's fixed-base MSM,
//! `blst_p1s_mult_wbits`, for the cell proofs):
//! - `c-kzg`: `ethereum_kzg_settings(0)`, its default: no tables, Pippenger;
//! - `c-kzg-w8`: `ethereum_kzg_settings(8)`, one table per FK20 column (128 tables of 64 points ×
//!   2⁷ multiples, 96 MiB), the value its README recommends with `precompute = 9`. The width
//!   changes only `compute_cells_and_kzg_proofs` and `recover_cells_and_kzg_proofs` (its
//!   README), so this peer is attached to those two ops only.

use c_kzg::{Blob, Bytes32, Bytes48, Cell, KzgSettings};

use super::Peer;
use crate::fixtures::Fixtures;
use crate::op::{Eip4844Op, Eip7594Op, Op};
use crate::ops::eip7594::{decode_indices, CELLS_PER_EXT_BLOB};
use crate::timing::{repeat, Kernel};

/// `c-kzg` (no precomputation) or `c-kzg-w8` (fixed-base window 8): c-kzg-4844 through its
/// Rust binding.
pub struct CKzg {
    name: &'static str,
    /// The setup's `precompute`: the fixed-base window of the cell proofs (0: none).
    precompute: u64,
}

/// `c-kzg`: its default, `precompute = 0`.
pub const C_KZG: CKzg = CKzg { name: "c-kzg", precompute: 0 };

/// `c-kzg-w8`: `precompute = 8`.
pub const C_KZG_W8: CKzg = CKzg { name: "c-kzg-w8", precompute: 8 };

fn blob(b: &[u8]) -> Blob {
    Blob::from_bytes(b).expect("131072 bytes")
}

fn b32(b: &[u8]) -> Bytes32 {
    Bytes32::from_bytes(b).expect("32 bytes")
}

fn b48(b: &[u8]) -> Bytes48 {
    Bytes48::from_bytes(b).expect("48 bytes")
}

fn cell(b: &[u8]) -> Cell {
    Cell::from_bytes(b).expect("2048 bytes")
}

impl Peer for CKzg {
    fn name(&self) -> &'static str {
        self.name
    }

    fn kernel(&self, op: Op, inputs: &[Vec<u8>], _fixtures: &Fixtures) -> Option<Kernel> {
        use Eip7594Op::{ComputeCellsAndKzgProofs, RecoverCellsAndKzgProofs};
        // Loaded on first use (each `precompute` once per run, by the crate).
        let s = || -> &'static KzgSettings { c_kzg::ethereum_kzg_settings(self.precompute) };
        let default = self.precompute == 0;
        match op {
            Op::Eip4844(op) if default => Some(eip4844(s(), op, inputs)),
            Op::Eip7594(op @ (ComputeCellsAndKzgProofs | RecoverCellsAndKzgProofs)) => Some(eip7594(s(), op, inputs)),
            Op::Eip7594(op) if default => Some(eip7594(s(), op, inputs)),
            _ => None,
        }
    }
}

/// The `eip4844/…` kernels.
fn eip4844(s: &'static KzgSettings, op: Eip4844Op, i: &[Vec<u8>]) -> Kernel {
    match op {
        Eip4844Op::BlobToKzgCommitment => repeat(blob(&i[0]), move |b| s.blob_to_kzg_commitment(b).expect("canonical")),
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
    }
}

/// The `eip7594/…` kernels (inputs as [`crate::ops::eip7594`] lays them out).
fn eip7594(s: &'static KzgSettings, op: Eip7594Op, i: &[Vec<u8>]) -> Kernel {
    match op {
        Eip7594Op::ComputeCells => repeat(blob(&i[0]), move |b| s.compute_cells(b).expect("canonical")),
        Eip7594Op::ComputeCellsAndKzgProofs => {
            repeat(blob(&i[0]), move |b| s.compute_cells_and_kzg_proofs(b).expect("canonical"))
        }
        Eip7594Op::VerifyCellKzgProofBatch => {
            let n = CELLS_PER_EXT_BLOB;
            let indices = decode_indices(&i[0]);
            let commitments = vec![b48(&i[1]); n];
            let cells: Vec<Cell> = i[2..2 + n].iter().map(|c| cell(c)).collect();
            let proofs: Vec<Bytes48> = i[2 + n..2 + 2 * n].iter().map(|p| b48(p)).collect();
            assert!(s.verify_cell_kzg_proof_batch(&commitments, &indices, &cells, &proofs).expect("valid"));
            repeat((commitments, indices, cells, proofs), move |(c, x, cells, p)| {
                s.verify_cell_kzg_proof_batch(c, x, cells, p).expect("valid")
            })
        }
        Eip7594Op::RecoverCellsAndKzgProofs => {
            let indices = decode_indices(&i[0]);
            let cells: Vec<Cell> = i[1..].iter().map(|c| cell(c)).collect();
            let (all, _) = s.recover_cells_and_kzg_proofs(&indices, &cells).expect("valid");
            assert!(indices.iter().zip(&cells).all(|(&x, c)| all[x as usize].to_bytes() == c.to_bytes()));
            repeat((indices, cells), move |(x, c)| s.recover_cells_and_kzg_proofs(x, c).expect("valid"))
        }
    }
}
