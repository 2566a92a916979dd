//! KZG commitments for EIP-4844 (consensus-specs Deneb `polynomial-commitments`) and EIP-7594
//! (Fulu `polynomial-commitments-sampling`), on a trusted-setup handle: the embedded mainnet
//! setup or one loaded from c-kzg-4844's text format. Blobs are 131,072 bytes, commitments and
//! proofs 48, field elements (`z`, `y`) 32, cells 2,048; a blob's extension has 128 cells.

use isochron::protocols::eip4844::{KzgSettings, BYTES_PER_BLOB, BYTES_PER_COMMITMENT, BYTES_PER_PROOF};
use isochron::protocols::eip7594::{BYTES_PER_CELL, CELLS_PER_EXT_BLOB};

use crate::isochron_status::{self, *};
use crate::{check_out, input, input_items, run, store, verdict, write, Outcome};

// Literal values for the C header, checked against the library's constants.
/// Bytes of a blob.
pub const ISOCHRON_KZG_BLOB_BYTES: usize = 131_072;
/// Bytes of a commitment or a proof.
pub const ISOCHRON_KZG_G1_BYTES: usize = 48;
/// Bytes of a cell.
pub const ISOCHRON_KZG_CELL_BYTES: usize = 2048;
/// Cells (and cell proofs) of an extended blob.
pub const ISOCHRON_KZG_CELLS_PER_EXT_BLOB: usize = 128;
const _: () = assert!(
    ISOCHRON_KZG_BLOB_BYTES == BYTES_PER_BLOB
        && ISOCHRON_KZG_G1_BYTES == BYTES_PER_COMMITMENT
        && ISOCHRON_KZG_G1_BYTES == BYTES_PER_PROOF
        && ISOCHRON_KZG_CELL_BYTES == BYTES_PER_CELL
        && ISOCHRON_KZG_CELLS_PER_EXT_BLOB == CELLS_PER_EXT_BLOB
);

/// An opaque trusted-setup handle. Create it with [`isochron_kzg_load_mainnet`],
/// [`isochron_kzg_load_trusted_setup`] or [`isochron_kzg_load_trusted_setup_file`]; release it
/// with [`isochron_kzg_free`]. A handle may be used from several threads at once.
pub struct isochron_kzg_settings {
    settings: Setup,
}

enum Setup {
    Mainnet(&'static KzgSettings),
    Loaded(Box<KzgSettings>),
}

impl isochron_kzg_settings {
    fn get(&self) -> &KzgSettings {
        match &self.settings {
            Setup::Mainnet(s) => s,
            Setup::Loaded(s) => s,
        }
    }
}

/// The handle behind a pointer.
///
/// # Safety
/// A non-NULL `s` came from this module's loaders and was not freed.
unsafe fn settings<'a>(s: *const isochron_kzg_settings) -> Result<&'a KzgSettings, isochron_status> {
    // SAFETY: non-NULL handles are live (this function's contract).
    unsafe { s.as_ref() }.map(isochron_kzg_settings::get).ok_or(ISOCHRON_NULL_POINTER)
}

fn publish(out: *mut *mut isochron_kzg_settings, settings: Setup) -> Outcome {
    let handle = Box::into_raw(Box::new(isochron_kzg_settings { settings }));
    // SAFETY: `out` is valid for writes (the crate's contract).
    unsafe { store(out, handle) }.inspect_err(|_| {
        // SAFETY: `handle` came from `Box::into_raw` above and was not published.
        drop(unsafe { Box::from_raw(handle) });
    })
}

fn load(text: &str) -> Result<KzgSettings, isochron_status> {
    KzgSettings::load(text).map_err(|e| e.reason.into())
}

/// The embedded mainnet setup (parsed and checked on the first call, then shared): `*out`
/// receives a handle to free with [`isochron_kzg_free`].
#[no_mangle]
pub unsafe extern "C" fn isochron_kzg_load_mainnet(out: *mut *mut isochron_kzg_settings) -> isochron_status {
    run(|| publish(out, Setup::Mainnet(KzgSettings::mainnet())))
}

/// A setup from text in c-kzg-4844's format (`4096`, `65`, then the G1 Lagrange, G2 monomial
/// and G1 monomial points in hex, one per line), every point checked: `*out` receives a handle.
#[no_mangle]
pub unsafe extern "C" fn isochron_kzg_load_trusted_setup(
    out: *mut *mut isochron_kzg_settings,
    text: *const u8,
    text_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffer is valid for its length (the crate's contract).
        let text = unsafe { input(text, text_len) }?;
        let text = core::str::from_utf8(text).map_err(|_| ISOCHRON_MALFORMED)?;
        publish(out, Setup::Loaded(Box::new(load(text)?)))
    })
}

/// [`isochron_kzg_load_trusted_setup`] from the file at `path` (`path_len` bytes, no NUL
/// needed); an unreadable file is `ISOCHRON_IO`.
#[no_mangle]
pub unsafe extern "C" fn isochron_kzg_load_trusted_setup_file(
    out: *mut *mut isochron_kzg_settings,
    path: *const u8,
    path_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffer is valid for its length (the crate's contract).
        let path = unsafe { input(path, path_len) }?;
        let path = std::str::from_utf8(path).map_err(|_| ISOCHRON_INVALID_ARGUMENT)?;
        let text = std::fs::read_to_string(path).map_err(|_| ISOCHRON_IO)?;
        publish(out, Setup::Loaded(Box::new(load(&text)?)))
    })
}

/// Releases a handle (NULL is ignored).
#[no_mangle]
pub unsafe extern "C" fn isochron_kzg_free(settings: *mut isochron_kzg_settings) {
    if !settings.is_null() {
        // SAFETY: the handle came from `publish` (`Box::into_raw`) and is freed once (the
        // crate's contract); dropping cannot panic.
        drop(unsafe { Box::from_raw(settings) });
    }
}

/// `blob_to_kzg_commitment`: 48 bytes into `commitment_out`.
#[no_mangle]
pub unsafe extern "C" fn isochron_kzg_blob_to_commitment(
    commitment_out: *mut u8,
    commitment_out_len: usize,
    settings: *const isochron_kzg_settings,
    blob: *const u8,
    blob_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers and the handle are valid (the crate's contract).
        unsafe {
            let c = self::settings(settings)?.blob_to_kzg_commitment(input(blob, blob_len)?)?;
            write(commitment_out, commitment_out_len, &c)
        }
    })
}

/// `compute_kzg_proof`: the proof (48 bytes) and the evaluation `y` (32 bytes) at `z`.
#[no_mangle]
pub unsafe extern "C" fn isochron_kzg_compute_proof(
    proof_out: *mut u8,
    proof_out_len: usize,
    y_out: *mut u8,
    y_out_len: usize,
    settings: *const isochron_kzg_settings,
    blob: *const u8,
    blob_len: usize,
    z: *const u8,
    z_len: usize,
) -> isochron_status {
    run(|| {
        check_out(proof_out, proof_out_len, BYTES_PER_PROOF)?;
        check_out(y_out, y_out_len, 32)?;
        // SAFETY: the buffers and the handle are valid (the crate's contract).
        unsafe {
            let (proof, y) = self::settings(settings)?.compute_kzg_proof(input(blob, blob_len)?, input(z, z_len)?)?;
            write(proof_out, proof_out_len, &proof)?;
            write(y_out, y_out_len, &y)
        }
    })
}

/// `compute_blob_kzg_proof`: 48 bytes into `proof_out`.
#[no_mangle]
pub unsafe extern "C" fn isochron_kzg_compute_blob_proof(
    proof_out: *mut u8,
    proof_out_len: usize,
    settings: *const isochron_kzg_settings,
    blob: *const u8,
    blob_len: usize,
    commitment: *const u8,
    commitment_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers and the handle are valid (the crate's contract).
        unsafe {
            let s = self::settings(settings)?;
            let proof = s.compute_blob_kzg_proof(input(blob, blob_len)?, input(commitment, commitment_len)?)?;
            write(proof_out, proof_out_len, &proof)
        }
    })
}

/// `verify_kzg_proof`: `ISOCHRON_OK` if `proof` shows that the committed polynomial is `y` at
/// `z`.
#[no_mangle]
pub unsafe extern "C" fn isochron_kzg_verify_proof(
    settings: *const isochron_kzg_settings,
    commitment: *const u8,
    commitment_len: usize,
    z: *const u8,
    z_len: usize,
    y: *const u8,
    y_len: usize,
    proof: *const u8,
    proof_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers and the handle are valid (the crate's contract).
        let ok = unsafe {
            self::settings(settings)?.verify_kzg_proof(
                input(commitment, commitment_len)?,
                input(z, z_len)?,
                input(y, y_len)?,
                input(proof, proof_len)?,
            )?
        };
        verdict(ok)
    })
}

/// `verify_blob_kzg_proof`.
#[no_mangle]
pub unsafe extern "C" fn isochron_kzg_verify_blob_proof(
    settings: *const isochron_kzg_settings,
    blob: *const u8,
    blob_len: usize,
    commitment: *const u8,
    commitment_len: usize,
    proof: *const u8,
    proof_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers and the handle are valid (the crate's contract).
        let ok = unsafe {
            self::settings(settings)?.verify_blob_kzg_proof(
                input(blob, blob_len)?,
                input(commitment, commitment_len)?,
                input(proof, proof_len)?,
            )?
        };
        verdict(ok)
    })
}

/// `verify_blob_kzg_proof_batch` (one multi-pairing; every core): `blobs`, `commitments` and
/// `proofs` are concatenated items, the same number of each; no blobs is valid.
#[no_mangle]
pub unsafe extern "C" fn isochron_kzg_verify_blob_proof_batch(
    settings: *const isochron_kzg_settings,
    blobs: *const u8,
    blobs_len: usize,
    commitments: *const u8,
    commitments_len: usize,
    proofs: *const u8,
    proofs_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers and the handle are valid (the crate's contract).
        let ok = unsafe {
            self::settings(settings)?.verify_blob_kzg_proof_batch(
                &input_items(blobs, blobs_len, BYTES_PER_BLOB)?,
                &input_items(commitments, commitments_len, BYTES_PER_COMMITMENT)?,
                &input_items(proofs, proofs_len, BYTES_PER_PROOF)?,
            )?
        };
        verdict(ok)
    })
}

/// Writes 128 cells and (optionally) 128 proofs, each concatenated.
fn write_cells(
    cells_out: *mut u8,
    cells_out_len: usize,
    proofs_out: Option<(*mut u8, usize)>,
    cells: &[[u8; BYTES_PER_CELL]],
    proofs: &[[u8; BYTES_PER_PROOF]],
) -> Outcome {
    // SAFETY: the output buffers are valid for their lengths (the crate's contract).
    unsafe {
        write(cells_out, cells_out_len, cells.as_flattened())?;
        if let Some((p, len)) = proofs_out {
            write(p, len, proofs.as_flattened())?;
        }
    }
    Ok(())
}

/// `compute_cells`: the 128 cells of the extended blob, 262,144 bytes into `cells_out`.
#[no_mangle]
pub unsafe extern "C" fn isochron_kzg_compute_cells(
    cells_out: *mut u8,
    cells_out_len: usize,
    settings: *const isochron_kzg_settings,
    blob: *const u8,
    blob_len: usize,
) -> isochron_status {
    run(|| {
        check_out(cells_out, cells_out_len, CELLS_PER_EXT_BLOB * BYTES_PER_CELL)?;
        // SAFETY: the buffers and the handle are valid (the crate's contract).
        let cells = unsafe { self::settings(settings)?.compute_cells(input(blob, blob_len)?)? };
        write_cells(cells_out, cells_out_len, None, &cells, &[])
    })
}

/// `compute_cells_and_kzg_proofs` (FK20; every core): 128 cells (262,144 bytes) into
/// `cells_out` and their 128 proofs (6,144 bytes) into `proofs_out`.
#[no_mangle]
pub unsafe extern "C" fn isochron_kzg_compute_cells_and_proofs(
    cells_out: *mut u8,
    cells_out_len: usize,
    proofs_out: *mut u8,
    proofs_out_len: usize,
    settings: *const isochron_kzg_settings,
    blob: *const u8,
    blob_len: usize,
) -> isochron_status {
    run(|| {
        check_out(cells_out, cells_out_len, CELLS_PER_EXT_BLOB * BYTES_PER_CELL)?;
        check_out(proofs_out, proofs_out_len, CELLS_PER_EXT_BLOB * BYTES_PER_PROOF)?;
        // SAFETY: the buffers and the handle are valid (the crate's contract).
        let (cells, proofs) =
            unsafe { self::settings(settings)?.compute_cells_and_kzg_proofs(input(blob, blob_len)?)? };
        write_cells(cells_out, cells_out_len, Some((proofs_out, proofs_out_len)), &cells, &proofs)
    })
}

/// `verify_cell_kzg_proof_batch`: `n` cells with their indices, commitments and proofs
/// (concatenated; `n` of each); an empty batch is valid.
#[no_mangle]
pub unsafe extern "C" fn isochron_kzg_verify_cell_proof_batch(
    settings: *const isochron_kzg_settings,
    commitments: *const u8,
    commitments_len: usize,
    cell_indices: *const u64,
    n_cell_indices: usize,
    cells: *const u8,
    cells_len: usize,
    proofs: *const u8,
    proofs_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers and the handle are valid (the crate's contract).
        let ok = unsafe {
            self::settings(settings)?.verify_cell_kzg_proof_batch(
                &input_items(commitments, commitments_len, BYTES_PER_COMMITMENT)?,
                input(cell_indices, n_cell_indices)?,
                &input_items(cells, cells_len, BYTES_PER_CELL)?,
                &input_items(proofs, proofs_len, BYTES_PER_PROOF)?,
            )?
        };
        verdict(ok)
    })
}

/// `recover_cells_and_kzg_proofs`: all 128 cells and proofs (as
/// [`isochron_kzg_compute_cells_and_proofs`]) from at least 64 of the cells, their indices
/// strictly ascending.
#[no_mangle]
pub unsafe extern "C" fn isochron_kzg_recover_cells_and_proofs(
    cells_out: *mut u8,
    cells_out_len: usize,
    proofs_out: *mut u8,
    proofs_out_len: usize,
    settings: *const isochron_kzg_settings,
    cell_indices: *const u64,
    n_cell_indices: usize,
    cells: *const u8,
    cells_len: usize,
) -> isochron_status {
    run(|| {
        check_out(cells_out, cells_out_len, CELLS_PER_EXT_BLOB * BYTES_PER_CELL)?;
        check_out(proofs_out, proofs_out_len, CELLS_PER_EXT_BLOB * BYTES_PER_PROOF)?;
        // SAFETY: the buffers and the handle are valid (the crate's contract).
        let (cells, proofs) = unsafe {
            self::settings(settings)?.recover_cells_and_kzg_proofs(
                input(cell_indices, n_cell_indices)?,
                &input_items(cells, cells_len, BYTES_PER_CELL)?,
            )?
        };
        write_cells(cells_out, cells_out_len, Some((proofs_out, proofs_out_len)), &cells, &proofs)
    })
}
