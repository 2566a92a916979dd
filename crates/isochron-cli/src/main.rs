//! `isochron <area> <command>`: the isochron command-line tool (DESIGN.md §3).
//!
//! Hex in, hex out, `--json` for machine-readable output. Exit status: 0 success (or valid),
//! 1 invalid but well-formed input (e.g. a signature that does not verify), 2 bad input, with a
//! one-line error on stderr naming what is wrong. Output that cannot be written (stdout closed,
//! e.g. `isochron … | head -c0`) ends the command with status 2: silently for a broken pipe,
//! with a one-line error otherwise.

mod bench;
mod bls;
mod c25519;
mod ec;
mod evm;
mod kzg;
mod secret;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Parser, Subcommand};

/// Constant-time elliptic-curve and pairing cryptography.
#[derive(Debug, Parser)]
#[command(name = "isochron", version)]
struct Cli {
    #[command(subcommand)]
    area: Area,
}

/// The areas of the tool, each with its commands.
#[derive(Debug, Subcommand)]
enum Area {
    /// Time isochron's own operations (the comparison benchmark's op names, without peers).
    Bench(bench::Args),
    /// Ethereum BLS signatures: keygen, pubkey, sign, verify, aggregate, fast-aggregate-verify,
    /// aggregate-verify.
    Bls(bls::Args),
    /// EIP-4844 KZG commitments to blobs: blob-to-commitment, compute-blob-proof,
    /// verify-blob-proof, compute-proof, verify-proof.
    Kzg(kzg::Args),
    /// secp256k1: pubkey, sign, verify, recover (ECDSA), schnorr-sign, schnorr-verify
    /// (BIP-340), ecdh.
    Secp256k1(ec::Secp256k1Args),
    /// P-256: pubkey, sign, verify (ECDSA), ecdh.
    P256(ec::P256Args),
    /// Ed25519 (RFC 8032): pubkey, sign, verify (modes rfc8032, strict, zip215; --ctx, --ph).
    Ed25519(c25519::Ed25519Args),
    /// X25519 (RFC 7748): pubkey, shared.
    X25519(c25519::X25519Args),
    /// Run one EVM precompile (by name or address) and print its output and gas.
    Precompile(evm::Args),
}

/// Why a command did not succeed, mapped to the exit status of DESIGN.md §3.
#[derive(Debug)]
pub enum Failure {
    /// Bad input (exit 2), with a one-line description of what is wrong.
    BadInput(String),
    /// Well-formed input that is not valid (exit 1): a signature that does not verify. The
    /// command has already printed its verdict.
    Invalid,
    /// Failure already reported on stdout (exit 2): a failing precompile with `--json`.
    Quiet,
    /// Stdout could not be written (exit 2; quiet for a broken pipe, whose reader is gone).
    Output(io::Error),
}

/// Writes one line to stdout and flushes it. A write error (a closed pipe included) becomes
/// [`Failure::Output`] instead of the panic of `println!`.
pub fn out_line(line: &str) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    writeln!(out, "{line}").and_then(|()| out.flush()).map_err(Failure::Output)
}

/// Prints a verification verdict (`true`/`false`, or `{"valid":…}` with `--json`); `false` is
/// exit status 1.
pub fn verdict(json: bool, valid: bool) -> Result<(), Failure> {
    if json {
        out_line(&format!("{{\"valid\":{valid}}}"))?;
    } else {
        out_line(&valid.to_string())?;
    }
    if valid {
        Ok(())
    } else {
        Err(Failure::Invalid)
    }
}

/// Prints `hex`, or `{"key":"hex"}` with `--json` (the JSON line is wiped after writing: the
/// value may be a secret key).
pub fn print_value(json: bool, key: &str, hex: &str) -> Result<(), Failure> {
    if json {
        out_line(&zeroize::Zeroizing::new(format!("{{\"{key}\":\"{hex}\"}}")))
    } else {
        out_line(hex)
    }
}

/// A bad-input failure naming the argument and why its value was rejected.
pub fn bad(what: &str, e: isochron::Error) -> Failure {
    use isochron::Error;
    let reason = match e {
        Error::NotOnCurve => "not on the curve".to_string(),
        Error::NotInSubgroup => "not in the prime-order subgroup".to_string(),
        Error::Identity => "the point at infinity is not a valid public key".to_string(),
        Error::NonCanonical => "value out of range (not below the modulus or group order)".to_string(),
        Error::Zero => "the zero secret key is not valid".to_string(),
        Error::TooShort { min, got } => format!("too short: at least {min} bytes required, got {got}"),
        e => e.to_string(),
    };
    Failure::BadInput(format!("bad {what}: {reason}"))
}

/// Decodes hex (with or without `0x`), constant time in the digits ([`isochron_cli::hex::decode`]).
pub fn parse_hex(what: &str, s: &str) -> Result<Vec<u8>, Failure> {
    isochron_cli::hex::decode(s).map_err(|e| Failure::BadInput(format!("bad {what}: {e}")))
}

/// Writes one line to stderr, ignoring a closed stderr (nothing else could report it).
fn err_line(line: &str) {
    let _ = writeln!(io::stderr().lock(), "{line}");
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            err_line("isochron: missing command (try --help)");
            return ExitCode::from(2);
        }
        Err(e) => {
            // One line: clap's first line names the problem ("error: unexpected argument ...").
            // (A first line ending in ':' continues on the next ones, up to the blank line:
            // "the following required arguments were not provided: --sig <SIG>".)
            let rendered = e.render().to_string();
            let first: Vec<&str> = rendered.lines().take_while(|l| !l.trim().is_empty()).map(str::trim).collect();
            let first = if first.is_empty() { "error: bad arguments".to_string() } else { first.join(" ") };
            err_line(&format!("isochron: {} (try --help)", first.trim_start_matches("error: ")));
            return ExitCode::from(2);
        }
    };
    let outcome = match cli.area {
        Area::Bench(args) => bench::run(&args),
        Area::Bls(args) => bls::run(args),
        Area::Kzg(args) => kzg::run(&args),
        Area::Secp256k1(args) => ec::run_secp256k1(args),
        Area::P256(args) => ec::run_p256(args),
        Area::Precompile(args) => evm::run(&args),
        Area::Ed25519(args) => c25519::run_ed25519(args),
        Area::X25519(args) => c25519::run_x25519(args),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::BadInput(msg)) => {
            err_line(&format!("isochron: {msg}"));
            ExitCode::from(2)
        }
        Err(Failure::Invalid) => ExitCode::from(1),
        Err(Failure::Quiet) => ExitCode::from(2),
        Err(Failure::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(2),
        Err(Failure::Output(e)) => {
            err_line(&format!("isochron: cannot write the output: {e}"));
            ExitCode::from(2)
        }
    }
}
