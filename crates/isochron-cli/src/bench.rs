//! `isochron bench [FILTER...] [--json]`: isochron's own timings, with the op names, inputs and
//! timing loop of the comparison benchmark (`isochron-bench`, which adds the peers).

use isochron_bench::fixtures::Fixtures;
use isochron_bench::registry::{self, Case};
use isochron_bench::{report::Report, timing};

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
    let selected = registry::select(&args.filters);
    if selected.is_empty() {
        let known: Vec<String> = registry::ALL.iter().map(|op| op.name()).collect();
        return Err(Failure::BadInput(format!("no op matches {:?}; ops: {}", args.filters, known.join(", "))));
    }
    let report = Report { json: args.json, peers: false };
    // Each line is flushed as soon as it is measured; a closed stdout stops the run.
    if let Some(h) = report.header() {
        out_line(&h)?;
    }
    let fixtures = Fixtures::new();
    for op in selected {
        let mut case = Case::new(op, &[], &fixtures);
        for line in report.lines(&case.measure(timing::ROUNDS)) {
            out_line(&line)?;
        }
    }
    Ok(())
}
