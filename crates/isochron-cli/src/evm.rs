//! `isochron precompile NAME --input HEX [--fork F] [--gas-limit N] [--json]`: runs one EVM
//! precompile ([`isochron::protocols::evm`]).
//!
//! NAME is the lower-case name (`ecrecover sha256 ripemd160 identity modexp bn254_add bn254_mul
//! bn254_pairing blake2f point_evaluation bls12_g1add bls12_g1msm bls12_g2add bls12_g2msm
//! bls12_pairing bls12_map_fp_to_g1 bls12_map_fp2_to_g2 p256verify`) or the address (`0x06`,
//! `0x100`). The input is hex (with or without `0x`; empty allowed), or `-` to read the hex
//! from stdin. The fork (`osaka`, the default, `prague`, `cancun`, `berlin`, `istanbul`) sets
//! the gas rules and which precompiles exist.
//!
//! Output: the output bytes in hex on one line (an empty line for an empty output) and the
//! gas used on the next; `--json` prints `{"output":HEX,"gas":N}`. A failing precompile (bad
//! input under its EIP, out of gas, not active in the fork) exits 2 with one line on stderr,
//! or with `--json` prints `{"error":TEXT}` on stdout.

use std::io::Read;

use isochron::protocols::evm::{self, Fork, Precompile};
use isochron_cli::hex;

use crate::{out_line, parse_hex, Failure};

/// Arguments of `isochron precompile`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The precompile: its lower-case name (e.g. bn254_add) or its address (e.g. 0x06).
    name: String,
    /// The input: hex (with or without 0x; empty allowed), or `-` to read the hex from stdin.
    #[arg(long, allow_hyphen_values = true)]
    input: String,
    /// The fork whose rules apply: osaka (default), prague, cancun, berlin or istanbul.
    #[arg(long, default_value = "osaka")]
    fork: String,
    /// The gas limit: a call that costs more fails (out of gas) before any work (default
    /// 2^32, `isochron::protocols::evm::DEFAULT_GAS_LIMIT`).
    #[arg(long, value_name = "N")]
    gas_limit: Option<u64>,
    /// Print one JSON object: {"output":HEX,"gas":N} or {"error":TEXT}.
    #[arg(long)]
    json: bool,
}

/// Runs the precompile and prints its output and gas.
pub fn run(args: &Args) -> Result<(), Failure> {
    let Some(p) = Precompile::parse(&args.name) else {
        let names: Vec<&str> = Precompile::ALL.iter().map(|p| p.name()).collect();
        return Err(Failure::BadInput(format!(
            "unknown precompile {:?} (expected an address 0x01-0x11, 0x100 or one of: {})",
            args.name,
            names.join(" ")
        )));
    };
    let fork: Fork = args.fork.parse().map_err(|e| Failure::BadInput(format!("bad --fork: {e}")))?;
    let input = if args.input == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| Failure::BadInput(format!("cannot read the input from stdin: {e}")))?;
        parse_hex("--input", text.trim())?
    } else {
        parse_hex("--input", &args.input)?
    };
    match p.execute(&input, args.gas_limit.unwrap_or(evm::DEFAULT_GAS_LIMIT), fork) {
        Ok((output, gas)) => {
            if args.json {
                out_line(&format!("{{\"output\":\"{}\",\"gas\":{gas}}}", hex::encode(&output)))
            } else {
                out_line(&format!("{}\n{gas}", hex::encode(&output)))
            }
        }
        Err(e) if args.json => {
            out_line(&format!("{{\"error\":\"{e}\"}}"))?;
            Err(Failure::Quiet)
        }
        Err(e) => Err(Failure::BadInput(format!("{p} failed: {e}"))),
    }
}
