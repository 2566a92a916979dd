//! `isochron <area> <command>`: the isochron command-line tool (DESIGN.md §3).
//!
//! Hex in, hex out, `--json` for machine-readable output. Exit status: 0 success (or valid),
//! 1 invalid but well-formed input (e.g. a signature that does not verify), 2 bad input, with a
//! one-line error on stderr naming what is wrong. Output that cannot be written (stdout closed,
//! e.g. `isochron … | head -c0`) ends the command with status 2: silently for a broken pipe,
//! with a one-line error otherwise.

mod bench;
mod bls;
mod kzg;

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
}

/// Why a command did not succeed, mapped to the exit status of DESIGN.md §3.
#[derive(Debug)]
pub enum Failure {
    /// Bad input (exit 2), with a one-line description of what is wrong.
    BadInput(String),
    /// Well-formed input that is not valid (exit 1): a signature that does not verify. The
    /// command has already printed its verdict.
    Invalid,
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
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::BadInput(msg)) => {
            err_line(&format!("isochron: {msg}"));
            ExitCode::from(2)
        }
        Err(Failure::Invalid) => ExitCode::from(1),
        Err(Failure::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(2),
        Err(Failure::Output(e)) => {
            err_line(&format!("isochron: cannot write the output: {e}"));
            ExitCode::from(2)
        }
    }
}
