//! rust-eth-kzg's kernels (`rust_eth_kzg::DASContext` 0.10, crate-crypto's EIP-4844 and
//! EIP-7594 KZG over blst through blstrs, with its embedded mainnet setup) on the inputs of
//! [`crate::ops`]' `eip4844` and `eip7594` ops, converted to its byte types outside the timed
//! loop (its batch verifications take vectors of references, built in the loop: one pointer per
//! blob, cell, commitment and proof).
//!
//! Two peers, one `DASContext` each (built once per run through [`Fixtures`]):
//! - `rust-eth-kzg`: `DASContext::new(&TrustedSetup::default(), UsePrecomp::No)`, the crate's
//!   default (`DASContext::default()`);
//! - `rust-eth-kzg-w8`: `UsePrecomp::Yes { width: 8 }`, fixed-base tables of window 8 for the
//!   FK20 proof MSMs (128 MSMs of 64 points, 2⁷ multiples per point: 8192 × 128 affine points of
//!   96 bytes, 96 MiB), the width its own benchmarks use. The width changes only the cell proofs
//!   (`compute_cells_and_kzg_proofs`, `recover_cells_and_kzg_proofs`), so this peer is attached
//!   to those ops only.
//!
//! One thread: the crate is built in its `singlethreaded` mode (no pool), which turns on blst's
//! `no-threads` and `portable` for every blst user of the build; hence the bench crate's
//! `rust-eth-kzg` feature, off by default, for a build of its own (Cargo.toml).

use std::sync::Arc;

use rust_eth_kzg::{DASContext, TrustedSetup, UsePrecomp};

use super::Peer;
use crate::fixtures::Fixtures;
use crate::op::{Eip4844Op, Eip7594Op, Op};
use crate::ops::eip7594::{decode_indices, CELLS_PER_EXT_BLOB};
use crate::timing::{repeat, Kernel};

/// `rust-eth-kzg` (no precomputation) or `rust-eth-kzg-w8` (fixed-base window 8).
pub struct RustEthKzg {
    name: &'static str,
    /// The fixed-base window of the FK20 proof MSMs (0: none).
    width: usize,
}

/// `rust-eth-kzg`: its default, no fixed-base precomputation.
pub const RUST_ETH_KZG: RustEthKzg = RustEthKzg { name: "rust-eth-kzg", width: 0 };

/// `rust-eth-kzg-w8`: fixed-base tables of window 8 for the cell proofs.
pub const RUST_ETH_KZG_W8: RustEthKzg = RustEthKzg { name: "rust-eth-kzg-w8", width: 8 };

impl RustEthKzg {
    /// This peer's `DASContext` on the embedded mainnet setup, built once per run.
    fn context(&self, fixtures: &Fixtures) -> Arc<DASContext> {
        let width = self.width;
        fixtures.shared(&format!("rust-eth-kzg/das_context/w{width}"), || {
            let precomp = if width == 0 { UsePrecomp::No } else { UsePrecomp::Yes { width } };
            DASContext::new(&TrustedSetup::default(), precomp)
        })
    }
}

/// A blob as rust-eth-kzg takes it (`&[u8; 131072]`).
fn blob(b: &[u8]) -> Box<[u8; 131_072]> {
    b.to_vec().into_boxed_slice().try_into().expect("131072 bytes")
}

fn b32(b: &[u8]) -> [u8; 32] {
    b.try_into().expect("32 bytes")
}

fn b48(b: &[u8]) -> [u8; 48] {
    b.try_into().expect("48 bytes")
}

impl Peer for RustEthKzg {
    fn name(&self) -> &'static str {
        self.name
    }

    fn kernel(&self, op: Op, inputs: &[Vec<u8>], fixtures: &Fixtures) -> Option<Kernel> {
        use Eip7594Op::{ComputeCellsAndKzgProofs, RecoverCellsAndKzgProofs};
        let default = self.width == 0;
        let kernel = match op {
            Op::Eip4844(op) if default => eip4844(op, inputs, self.context(fixtures)),
            Op::Eip7594(op @ (ComputeCellsAndKzgProofs | RecoverCellsAndKzgProofs)) => {
                eip7594(op, inputs, self.context(fixtures))
            }
            Op::Eip7594(op) if default => eip7594(op, inputs, self.context(fixtures)),
            _ => return None,
        };
        // In its own single-threaded mode (no blst pool), nothing to hold.
        Some(kernel)
    }
}

/// The `eip4844/…` kernels (`verify_*` return `Ok(())` for a valid proof).
fn eip4844(op: Eip4844Op, i: &[Vec<u8>], s: Arc<DASContext>) -> Kernel {
    match op {
        Eip4844Op::BlobToKzgCommitment => {
            let b = blob(&i[0]);
            repeat((s, b), |(s, b)| s.blob_to_kzg_commitment(b).expect("canonical"))
        }
        Eip4844Op::ComputeKzgProof => {
            let (b, z) = (blob(&i[0]), b32(&i[1]));
            repeat((s, b, z), |(s, b, z)| s.compute_kzg_proof(b, *z).expect("canonical"))
        }
        Eip4844Op::ComputeBlobKzgProof => {
            let (b, c) = (blob(&i[0]), b48(&i[1]));
            repeat((s, b, c), |(s, b, c)| s.compute_blob_kzg_proof(b, c).expect("valid"))
        }
        Eip4844Op::VerifyKzgProof => {
            let args = (b48(&i[0]), b32(&i[1]), b32(&i[2]), b48(&i[3]));
            s.verify_kzg_proof(&args.0, args.1, args.2, &args.3).expect("a valid proof");
            repeat((s, args), |(s, (c, z, y, p))| s.verify_kzg_proof(c, *z, *y, p).expect("valid"))
        }
        Eip4844Op::VerifyBlobKzgProof => {
            let args = (blob(&i[0]), b48(&i[1]), b48(&i[2]));
            s.verify_blob_kzg_proof(&args.0, &args.1, &args.2).expect("a valid proof");
            repeat((s, args), |(s, (b, c, p))| s.verify_blob_kzg_proof(b, c, p).expect("valid"))
        }
        Eip4844Op::VerifyBlobKzgProofBatch(n) => {
            let blobs: Vec<_> = i[..n].iter().map(|b| blob(b)).collect();
            let cs: Vec<[u8; 48]> = i[n..2 * n].iter().map(|c| b48(c)).collect();
            let ps: Vec<[u8; 48]> = i[2 * n..3 * n].iter().map(|p| b48(p)).collect();
            // Its API takes vectors of references, built per call (n pointers each).
            let verify = |s: &DASContext, b: &[Box<[u8; 131_072]>], c: &[[u8; 48]], p: &[[u8; 48]]| {
                s.verify_blob_kzg_proof_batch(b.iter().map(|b| &**b).collect(), c.iter().collect(), p.iter().collect())
            };
            verify(&s, &blobs, &cs, &ps).expect("valid proofs");
            repeat((s, blobs, cs, ps), move |(s, b, c, p)| verify(s, b, c, p).expect("valid"))
        }
    }
}

/// A cell as rust-eth-kzg takes it (`&[u8; 2048]`).
fn cell(b: &[u8]) -> [u8; 2048] {
    b.try_into().expect("2048 bytes")
}

/// The `eip7594/…` kernels (inputs as [`crate::ops::eip7594`] lays them out; `verify_*` returns
/// `Ok(())` for valid proofs).
fn eip7594(op: Eip7594Op, i: &[Vec<u8>], s: Arc<DASContext>) -> Kernel {
    match op {
        Eip7594Op::ComputeCells => {
            let b = blob(&i[0]);
            repeat((s, b), |(s, b)| s.compute_cells(b).expect("canonical"))
        }
        Eip7594Op::ComputeCellsAndKzgProofs => {
            let b = blob(&i[0]);
            repeat((s, b), |(s, b)| s.compute_cells_and_kzg_proofs(b).expect("canonical"))
        }
        Eip7594Op::VerifyCellKzgProofBatch => {
            let n = CELLS_PER_EXT_BLOB;
            let indices = decode_indices(&i[0]);
            let commitment = b48(&i[1]);
            let cells: Vec<[u8; 2048]> = i[2..2 + n].iter().map(|c| cell(c)).collect();
            let proofs: Vec<[u8; 48]> = i[2 + n..2 + 2 * n].iter().map(|p| b48(p)).collect();
            let verify = |s: &DASContext, c: &[u8; 48], x: &[u64], cells: &[[u8; 2048]], p: &[[u8; 48]]| {
                s.verify_cell_kzg_proof_batch(vec![c; x.len()], x, cells.iter().collect(), p.iter().collect())
            };
            verify(&s, &commitment, &indices, &cells, &proofs).expect("valid proofs");
            repeat((s, commitment, indices, cells, proofs), move |(s, c, x, cells, p)| {
                verify(s, c, x, cells, p).expect("valid")
            })
        }
        Eip7594Op::RecoverCellsAndKzgProofs => {
            let indices = decode_indices(&i[0]);
            let cells: Vec<[u8; 2048]> = i[1..].iter().map(|c| cell(c)).collect();
            let recover = |s: &DASContext, x: &[u64], c: &[[u8; 2048]]| {
                s.recover_cells_and_kzg_proofs(x.to_vec(), c.iter().collect())
            };
            let (all, _) = recover(&s, &indices, &cells).expect("valid cells");
            assert!(indices.iter().zip(&cells).all(|(&x, c)| *all[x as usize] == *c));
            repeat((s, indices, cells), move |(s, x, c)| recover(s, x, c).expect("valid"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// rust-eth-kzg's commitment and blob proof of the op's blob equal isochron's (the op's
    /// inputs) and c-kzg's.
    #[test]
    fn agrees_with_isochron_and_c_kzg() {
        let fixtures = Fixtures::new();
        let inputs = crate::ops::build(Op::Eip4844(Eip4844Op::ComputeBlobKzgProof), &fixtures).inputs;
        let s = RUST_ETH_KZG.context(&fixtures);
        let b = blob(&inputs[0]);
        assert_eq!(s.blob_to_kzg_commitment(&b).expect("canonical")[..], inputs[1][..]);
        let proof = s.compute_blob_kzg_proof(&b, &b48(&inputs[1])).expect("valid");
        let c = c_kzg::ethereum_kzg_settings(0);
        let blob = c_kzg::Blob::from_bytes(&inputs[0]).expect("131072 bytes");
        let commitment = c_kzg::Bytes48::from_bytes(&inputs[1]).expect("48 bytes");
        let expected = c.compute_blob_kzg_proof(&blob, &commitment).expect("valid");
        assert_eq!(proof, expected.to_bytes().into_inner());
    }

    /// On one blob, c-kzg and rust-eth-kzg, each at its default and at width 8, compute the
    /// same cells and proofs; each peer's `verify_cell_kzg_proof_batch` kernel accepts them and
    /// its `recover_cells_and_kzg_proofs` kernel gives back the cells it started from (both
    /// checked when the kernels are built); rust-eth-kzg recovers every cell and proof.
    #[test]
    fn eip7594_agrees_with_c_kzg() {
        use crate::ops::eip7594::{recover_indices, recover_inputs, verify_inputs};
        use crate::peers::ckzg::{C_KZG, C_KZG_W8};
        let fixtures = Fixtures::new();
        let inputs = crate::ops::build(Op::Eip4844(Eip4844Op::BlobToKzgCommitment), &fixtures).inputs;
        let c0 = c_kzg::ethereum_kzg_settings(0);
        let b = c_kzg::Blob::from_bytes(&inputs[0]).expect("131072 bytes");
        let commitment = c0.blob_to_kzg_commitment(&b).expect("canonical").to_bytes().into_inner();
        let (cells, proofs) = c0.compute_cells_and_kzg_proofs(&b).expect("canonical");
        let cells: Vec<[u8; 2048]> = cells.iter().map(|c| c.to_bytes()).collect();
        let proofs: Vec<[u8; 48]> = proofs.iter().map(|p| p.to_bytes().into_inner()).collect();
        let (cells8, proofs8) = c_kzg::ethereum_kzg_settings(8).compute_cells_and_kzg_proofs(&b).expect("canonical");
        assert!(cells8.iter().zip(&cells).all(|(a, b)| a.to_bytes() == *b));
        assert!(proofs8.iter().zip(&proofs).all(|(a, b)| a.to_bytes().into_inner() == *b));

        let blob = blob(&inputs[0]);
        for peer in [RUST_ETH_KZG, RUST_ETH_KZG_W8] {
            let s = peer.context(&fixtures);
            assert_eq!(s.blob_to_kzg_commitment(&blob).expect("canonical"), commitment);
            let (c, p) = s.compute_cells_and_kzg_proofs(&blob).expect("canonical");
            assert!(c.iter().map(|c| **c).eq(cells.iter().copied()), "{}", peer.name);
            assert_eq!(p[..], proofs[..], "{}", peer.name);
            assert!(s.compute_cells(&blob).expect("canonical").iter().map(|c| **c).eq(cells.iter().copied()));
            let half: Vec<&[u8; 2048]> = recover_indices().iter().map(|&i| &cells[i as usize]).collect();
            let (c, p) = s.recover_cells_and_kzg_proofs(recover_indices(), half).expect("valid");
            assert!(c.iter().map(|c| **c).eq(cells.iter().copied()), "{}", peer.name);
            assert_eq!(p[..], proofs[..], "{}", peer.name);
        }

        let peers: [&dyn Peer; 4] = [&C_KZG, &C_KZG_W8, &RUST_ETH_KZG, &RUST_ETH_KZG_W8];
        let cases = [
            (Eip7594Op::ComputeCells, vec![inputs[0].clone()], 2),
            (Eip7594Op::ComputeCellsAndKzgProofs, vec![inputs[0].clone()], 4),
            (Eip7594Op::VerifyCellKzgProofBatch, verify_inputs(&commitment, &cells, &proofs), 2),
            (Eip7594Op::RecoverCellsAndKzgProofs, recover_inputs(&cells), 4),
        ];
        for (op, inputs, n_peers) in cases {
            let mut kernels = crate::peers::kernels(&peers, Op::Eip7594(op), &inputs, &fixtures);
            assert_eq!(kernels.len(), n_peers, "{}", op.name());
            for (_, kernel) in &mut kernels {
                kernel(1);
            }
        }
    }
}
