//! EIP-7594 cells (`isochron::protocols::eip7594`, mainnet setup) against c-kzg-4844:
//! `verify_cell_kzg_proof_batch` and `recover_cells_and_kzg_proofs` must accept and reject the
//! same inputs (bad cell indices, field elements ≥ r, bad or off-subgroup points, too few or
//! repeated cells) and, where both accept, give the same verdict or the same cells and proofs.
//! Input: a selector byte. Even: a batch of `1 + sel/2 % 3` items, the rest split evenly, each
//! item commitment (48) ‖ cell index (1 byte, so up to 255) ‖ proof (48) ‖ the start of its cell
//! (zero-padded to 2048 bytes). Odd: a 16-byte bitmap of the cells given (ascending), then the
//! starts of those cells in order (each zero-padded), with `sel/2 % 2 = 1` repeating the first
//! index.
//!
//! Recovery from cells that are not one blob's has no meaningful answer: the spec recomputes
//! every cell from what its arithmetic gives (isochron follows it step by step), while c-kzg
//! returns the given cells as they were and computes the others its own way. So the outputs
//! are compared when the given cells are consistent (isochron gives every one of them back
//! unchanged); otherwise both must only accept.
#![no_main]

use isochron::protocols::eip4844::KzgSettings;
use isochron::protocols::eip7594::{Cell, BYTES_PER_CELL, CELLS_PER_EXT_BLOB};
use isochron_fuzz::hex;
use libfuzzer_sys::fuzz_target;

fn cell_from(bytes: &[u8]) -> Cell {
    let mut c = [0u8; BYTES_PER_CELL];
    let n = bytes.len().min(BYTES_PER_CELL);
    c[..n].copy_from_slice(&bytes[..n]);
    c
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, b)) = data.split_first() else { return };
    let ours = KzgSettings::mainnet();
    let theirs = c_kzg::ethereum_kzg_settings(0);
    if sel % 2 == 0 {
        let k = 1 + usize::from(sel / 2) % 3;
        let size = b.len() / k;
        if size < 97 {
            return;
        }
        let (mut cs, mut idx, mut cells, mut ps) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for item in b.chunks_exact(size) {
            cs.push(<[u8; 48]>::try_from(&item[..48]).unwrap());
            idx.push(u64::from(item[48]));
            ps.push(<[u8; 48]>::try_from(&item[49..97]).unwrap());
            cells.push(cell_from(&item[97..]));
        }
        let mine = ours.verify_cell_kzg_proof_batch(&cs, &idx, &cells, &ps).ok();
        let peer = (|| {
            let cs: Vec<c_kzg::Bytes48> = cs.iter().map(|c| c_kzg::Bytes48::new(*c)).collect();
            let ps: Vec<c_kzg::Bytes48> = ps.iter().map(|p| c_kzg::Bytes48::new(*p)).collect();
            let cells: Vec<c_kzg::Cell> = cells.iter().map(|c| c_kzg::Cell::new(*c)).collect();
            theirs.verify_cell_kzg_proof_batch(&cs, &idx, &cells, &ps).ok()
        })();
        assert_eq!(mine, peer, "verify_cell_kzg_proof_batch: isochron and c-kzg differ on {}", hex(b));
    } else {
        if b.len() < 16 {
            return;
        }
        let mut idx: Vec<u64> =
            (0..CELLS_PER_EXT_BLOB as u64).filter(|&i| b[(i / 8) as usize] >> (i % 8) & 1 == 1).collect();
        if (sel / 2) % 2 == 1 && !idx.is_empty() {
            idx.insert(0, idx[0]);
        }
        let rest = &b[16..];
        let cells: Vec<Cell> =
            (0..idx.len()).map(|j| cell_from(rest.get(j * BYTES_PER_CELL..).unwrap_or(&[]))).collect();
        let mine = ours.recover_cells_and_kzg_proofs(&idx, &cells).ok();
        let peer = (|| {
            let cells: Vec<c_kzg::Cell> = cells.iter().map(|c| c_kzg::Cell::new(*c)).collect();
            theirs.recover_cells_and_kzg_proofs(&idx, &cells).ok()
        })();
        match (mine, peer) {
            (None, None) => {}
            (Some((mc, mp)), Some((pc, pp))) => {
                let given = |i: usize| idx.iter().position(|&j| j == i as u64);
                let consistent = (0..CELLS_PER_EXT_BLOB).all(|i| given(i).is_none_or(|k| mc[i] == cells[k]));
                for i in (0..CELLS_PER_EXT_BLOB).filter(|_| consistent) {
                    assert_eq!(mc[i][..], pc[i].to_bytes()[..], "recovered cell {i} differs on {}", hex(b));
                    assert_eq!(mp[i][..], pp[i].to_bytes()[..], "recovered proof {i} differs on {}", hex(b));
                }
            }
            (m, p) => panic!(
                "recover_cells_and_kzg_proofs: isochron {} and c-kzg {} on {}",
                if m.is_some() { "accepts" } else { "rejects" },
                if p.is_some() { "accepts" } else { "rejects" },
                hex(b)
            ),
        }
    }
});
