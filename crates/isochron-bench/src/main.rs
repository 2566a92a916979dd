//! `isochron-bench [--json] [FILTER...]`: isochron side by side with its peers (DESIGN.md §3).

use std::io::Write;
use std::process::ExitCode;

use isochron_bench::fixtures::Fixtures;
use isochron_bench::registry::{self, Case};
use isochron_bench::{peers, report::Report, timing};

const USAGE: &str = "usage: isochron-bench [--json] [FILTER...]

Times each operation for isochron and for every peer that has it (blst, arkworks, zkcrypto,
substrate-bn, c-kzg, rust-eth-kzg, libsecp256k1, k256, p256), alternating on the same inputs, and prints medians of alternating rounds with
ratio = isochron / peer.
FILTER selects ops whose name contains it (any of several); --json prints one object per line.";

fn main() -> ExitCode {
    let mut json = false;
    let mut filters = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--json" => json = true,
            "-h" | "--help" => {
                println!("{USAGE}\n\nops:");
                for op in registry::ALL {
                    println!("  {op}");
                }
                return ExitCode::SUCCESS;
            }
            a if a.starts_with('-') => {
                eprintln!("isochron-bench: unknown option {a:?} (try --help)");
                return ExitCode::from(2);
            }
            _ => filters.push(arg),
        }
    }
    let ops = registry::select(&filters);
    if ops.is_empty() {
        eprintln!("isochron-bench: no op matches {filters:?} (see --help for the list)");
        return ExitCode::from(2);
    }
    let report = Report { json, peers: true };
    let mut out = std::io::stdout().lock();
    if let Some(h) = report.header() {
        let _ = writeln!(out, "{h}");
    }
    let fixtures = Fixtures::new();
    for op in ops {
        let mut case = Case::new(op, peers::ALL, &fixtures);
        for line in report.lines(&case.measure(timing::ROUNDS)) {
            let _ = writeln!(out, "{line}");
        }
        let _ = out.flush();
    }
    ExitCode::SUCCESS
}
