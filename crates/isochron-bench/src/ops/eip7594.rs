//! The EIP-7594 (PeerDAS) cell KZG ops (`eip7594/…`, `isochron::protocols::eip7594`'s methods
//! on the mainnet `KzgSettings`), on one random canonical blob per op. Inputs are the spec's
//! byte strings: the blob (131072 bytes), cells (2048), commitments and proofs (48), and the
//! cell indices as one input of big-endian `u64`s:
//!
//! - `compute_cells`, `compute_cells_and_kzg_proofs`: `[blob]`;
//! - `verify_cell_kzg_proof_batch`: `[indices 0..128, commitment, cell₀, …, cell₁₂₇, proof₀, …,
//!   proof₁₂₇]`, verified with the commitment repeated 128 times;
//! - `recover_cells_and_kzg_proofs`: `[indices 0, 2, …, 126, cell₀, cell₂, …, cell₁₂₆]`.

use isochron::protocols::eip4844::KzgSettings;
use isochron::protocols::eip7594::Cell;
use rand_chacha::ChaCha8Rng;

use super::{on_one_thread, one_thread, Side};
use crate::op::Eip7594Op;

/// The number of cells of an extended blob.
pub const CELLS_PER_EXT_BLOB: usize = isochron::protocols::eip7594::CELLS_PER_EXT_BLOB;

/// The cells `recover_cells_and_kzg_proofs` starts from: every other index, ascending.
pub fn recover_indices() -> Vec<u64> {
    (0..CELLS_PER_EXT_BLOB as u64).step_by(2).collect()
}

/// Cell indices as one input: big-endian `u64`s.
pub fn encode_indices(indices: &[u64]) -> Vec<u8> {
    indices.iter().flat_map(|i| i.to_be_bytes()).collect()
}

/// The cell indices of an input built by [`encode_indices`].
pub fn decode_indices(input: &[u8]) -> Vec<u64> {
    input.chunks_exact(8).map(|i| u64::from_be_bytes(i.try_into().expect("8 bytes"))).collect()
}

/// The inputs of `verify_cell_kzg_proof_batch`: `[indices 0..128, commitment, cells…,
/// proofs…]` from one blob's commitment, 128 cells and 128 proofs.
pub fn verify_inputs<C: AsRef<[u8]>, P: AsRef<[u8]>>(commitment: &[u8], cells: &[C], proofs: &[P]) -> Vec<Vec<u8>> {
    assert!(cells.len() == CELLS_PER_EXT_BLOB && proofs.len() == CELLS_PER_EXT_BLOB);
    let indices: Vec<u64> = (0..CELLS_PER_EXT_BLOB as u64).collect();
    let mut inputs = vec![encode_indices(&indices), commitment.to_vec()];
    inputs.extend(cells.iter().map(|c| c.as_ref().to_vec()));
    inputs.extend(proofs.iter().map(|p| p.as_ref().to_vec()));
    inputs
}

/// The inputs of `recover_cells_and_kzg_proofs`: `[indices, cells…]`, the cells of
/// [`recover_indices`] out of one blob's 128 cells.
pub fn recover_inputs<C: AsRef<[u8]>>(cells: &[C]) -> Vec<Vec<u8>> {
    assert_eq!(cells.len(), CELLS_PER_EXT_BLOB);
    let indices = recover_indices();
    let mut inputs = vec![encode_indices(&indices)];
    inputs.extend(indices.iter().map(|&i| cells[i as usize].as_ref().to_vec()));
    inputs
}

/// The `eip7594/…` ops on one blob drawn from `rng`, inputs as the module documentation lays
/// them out; the cells and proofs of the `verify` and `recover` inputs are isochron's (each
/// peer's kernel checks them when it is built). isochron's kernels run on one thread
/// (`ops::on_one_thread`), as the peers' do.
pub fn eip7594(op: Eip7594Op, mut rng: ChaCha8Rng) -> Side {
    let s = KzgSettings::mainnet();
    let b = super::eip4844::blob(&mut rng);
    // The blob's cells and proofs, which also builds the setup's EIP-7594 tables before timing.
    let (cells, proofs) = one_thread().install(|| s.compute_cells_and_kzg_proofs(&b)).expect("a canonical blob");
    assert_eq!(s.compute_cells(&b), Ok(cells.clone()));
    let (inputs, kernel) = match op {
        Eip7594Op::ComputeCells => (vec![b.clone()], on_one_thread(b, move |b| s.compute_cells(b).expect("canonical"))),
        Eip7594Op::ComputeCellsAndKzgProofs => {
            (vec![b.clone()], on_one_thread(b, move |b| s.compute_cells_and_kzg_proofs(b).expect("canonical")))
        }
        Eip7594Op::VerifyCellKzgProofBatch => {
            let commitment = s.blob_to_kzg_commitment(&b).expect("canonical");
            let inputs = verify_inputs(&commitment, &cells, &proofs);
            let args = (vec![commitment; CELLS_PER_EXT_BLOB], decode_indices(&inputs[0]), cells, proofs);
            assert_eq!(s.verify_cell_kzg_proof_batch(&args.0, &args.1, &args.2, &args.3), Ok(true));
            let kernel = on_one_thread(args, move |(c, x, cells, p)| {
                s.verify_cell_kzg_proof_batch(c, x, cells, p).expect("valid")
            });
            (inputs, kernel)
        }
        Eip7594Op::RecoverCellsAndKzgProofs => {
            let inputs = recover_inputs(&cells);
            let indices = recover_indices();
            let half: Vec<Cell> = indices.iter().map(|&i| cells[i as usize]).collect();
            let recovered = one_thread().install(|| s.recover_cells_and_kzg_proofs(&indices, &half));
            assert_eq!(recovered, Ok((cells, proofs)));
            let kernel =
                on_one_thread((indices, half), move |(x, c)| s.recover_cells_and_kzg_proofs(x, c).expect("valid"));
            (inputs, kernel)
        }
    };
    Side { inputs, kernel }
}
