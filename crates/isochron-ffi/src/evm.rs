//! The EVM precompiles (`isochron::protocols::evm`): the 18 cryptographic precompiles 0x01–0x11
//! and 0x100, byte for byte and gas for gas with the consensus rules of a fork.

use isochron::protocols::evm::{self, Fork, Precompile};

use crate::isochron_status::{self, *};
use crate::{input, run, store, write};

/// The precompile named `name` (lower case, e.g. `bn254_add`) or at address `name`
/// (`0x06`, `0x100`).
fn precompile(name: &[u8]) -> Result<Precompile, isochron_status> {
    core::str::from_utf8(name).ok().and_then(Precompile::parse).ok_or(ISOCHRON_UNKNOWN_PRECOMPILE)
}

/// The fork named `name` (`istanbul`, `berlin`, `cancun`, `prague`, `osaka`,
/// case-insensitive); empty for the default, Osaka.
fn fork(name: &[u8]) -> Result<Fork, isochron_status> {
    if name.is_empty() {
        return Ok(Fork::default());
    }
    core::str::from_utf8(name).ok().and_then(|s| s.parse().ok()).ok_or(ISOCHRON_INVALID_ARGUMENT)
}

/// The precompile and the fork of a call, from their name buffers.
///
/// # Safety
/// The buffers are valid for their lengths.
unsafe fn target(
    name: *const u8,
    name_len: usize,
    fork_name: *const u8,
    fork_len: usize,
) -> Result<(Precompile, Fork), isochron_status> {
    // SAFETY: forwarded contract.
    unsafe { Ok((precompile(input(name, name_len)?)?, fork(input(fork_name, fork_len)?)?)) }
}

/// Runs the precompile `name` (name or address, see above) on `data` under `fork_name`
/// (empty: Osaka) with `gas_limit` (0: no limit but 2^32). On success the output goes to
/// `output_out` (its length to `*output_written`) and the gas to `*gas_out`. A failing
/// precompile is `ISOCHRON_PRECOMPILE_FAILED` (or `ISOCHRON_OUT_OF_GAS`); a short output
/// buffer is `ISOCHRON_BUFFER_TOO_SMALL` with the size needed in `*output_written`.
#[no_mangle]
pub unsafe extern "C" fn isochron_evm_run(
    output_out: *mut u8,
    output_out_len: usize,
    output_written: *mut usize,
    gas_out: *mut u64,
    name: *const u8,
    name_len: usize,
    data: *const u8,
    data_len: usize,
    fork_name: *const u8,
    fork_name_len: usize,
    gas_limit: u64,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        unsafe {
            let (p, fork) = target(name, name_len, fork_name, fork_name_len)?;
            let limit = if gas_limit == 0 { evm::DEFAULT_GAS_LIMIT } else { gas_limit };
            let (output, gas) = p.execute(input(data, data_len)?, limit, fork)?;
            if output_out_len < output.len() {
                store(output_written, output.len())?;
                return Err(ISOCHRON_BUFFER_TOO_SMALL);
            }
            write(output_out, output_out_len, &output)?;
            store(output_written, output.len())?;
            store(gas_out, gas)
        }
    })
}

/// The gas the precompile `name` charges for `data` under `fork_name` (empty: Osaka), without
/// running it.
#[no_mangle]
pub unsafe extern "C" fn isochron_evm_gas(
    gas_out: *mut u64,
    name: *const u8,
    name_len: usize,
    data: *const u8,
    data_len: usize,
    fork_name: *const u8,
    fork_name_len: usize,
) -> isochron_status {
    run(|| {
        // SAFETY: the buffers are valid for their lengths (the crate's contract).
        unsafe {
            let (p, fork) = target(name, name_len, fork_name, fork_name_len)?;
            if !p.is_active(fork) {
                return Err(ISOCHRON_UNKNOWN_PRECOMPILE);
            }
            store(gas_out, p.gas(input(data, data_len)?, fork))
        }
    })
}
