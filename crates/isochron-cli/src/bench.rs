//! `isochron bench [FILTER...] [--json]`: isochron's own timings, with the op names, inputs and
//! timing loop of the comparison benchmark (`isochron-bench`, which adds the peers).

use isochron_bench::{ops, report::Report, timing};

use crate::{out_line, Failure};

/// Arguments of `isochron bench`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Print one JSON object per line: {"op":…,"isochron_ns":…}.
    #[arg(long)]
    json: bool,
    /// Run only the ops whose name contains one of these substrings (all ops if none).
    filters: Vec<String>,
}

/// Measures the selected ops and prints one line per op as soon as it is measured.
pub fn run(args: &Args) -> Result<(), Failure> {
    let selected = ops::build(&args.filters);
    if selected.is_empty() {
        let known: Vec<&str> = ops::REGISTRY.iter().map(|(n, _)| *n).collect();
        return Err(Failure::BadInput(format!("no op matches {:?}; ops: {}", args.filters, known.join(", "))));
    }
    let report = Report { json: args.json, peers: false };
    // Each line is flushed as soon as it is measured; a closed stdout stops the run.
    if let Some(h) = report.header() {
        out_line(&h)?;
    }
    for mut op in selected {
        for line in report.lines(&timing::measure(&mut op, timing::ROUNDS)) {
            out_line(&line)?;
        }
    }
    Ok(())
}
