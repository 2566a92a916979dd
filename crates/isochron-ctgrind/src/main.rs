//! `ctgrind`: a constant-time check of isochron's secret-handling functions under valgrind
//! memcheck, after Adam Langley's ctgrind (2010): the secret inputs of each case are marked
//! *undefined* with a memcheck client request, so memcheck reports every conditional jump
//! ("Conditional jump or move depends on uninitialised value(s)") and every memory address
//! ("Use of uninitialised value of size 8") computed from a secret. Results are marked defined
//! again before they are consumed.
//!
//! ```text
//! valgrind --error-exitcode=1 ctgrind check [FILTER]   # must report nothing
//! valgrind --error-exitcode=1 ctgrind leaky            # must report every leaky case
//! ctgrind list                                          # case names (runs natively)
//! ```
//! `scripts/ctgrind.sh` builds the checker and runs both modes. Each mode counts memcheck
//! errors per case (`VALGRIND_COUNT_ERRORS`) to name the failing cases and exits non-zero
//! itself when an expectation fails, in addition to valgrind's `--error-exitcode`.

mod cases;
mod secret;

use std::process::ExitCode;

use crabgrind::valgrind;

/// One named check: `run` executes a secret-handling function on secret inputs.
pub struct Case {
    /// `area/operation`, e.g. `bn254::Fp/invert` or `ct/lt/u16`.
    pub name: String,
    /// Runs the function once with its secret inputs marked undefined.
    pub run: fn(),
}

/// Memcheck errors reported so far in this process.
fn errors() -> usize {
    valgrind::count_errors()
}

/// Runs every case whose name contains `filter` and returns how many memcheck errors each
/// produced.
fn run_cases<'a>(cases: &'a [Case], filter: &str) -> Vec<(&'a str, usize)> {
    cases
        .iter()
        .filter(|c| c.name.contains(filter))
        .map(|c| {
            let before = errors();
            (c.run)();
            (c.name.as_str(), errors() - before)
        })
        .collect()
}

/// Which Montgomery multiplication path the field cases exercise in this process. Valgrind
/// 3.19 decodes MULX/ADCX/ADOX but clears the ADX bit of the CPUID it emulates, so run-time
/// detection alone selects the portable code under valgrind; `scripts/ctgrind.sh` therefore
/// also builds the checker with `-C target-feature=+adx,+bmi2`, which makes the detection
/// true at compile time and the dispatch select the assembly.
fn report_backend() {
    #[cfg(target_arch = "x86_64")]
    println!(
        "cpu: adx={} bmi2={} (adx enabled at compile time: {}); Montgomery path under test: {}",
        std::arch::is_x86_feature_detected!("adx"),
        std::arch::is_x86_feature_detected!("bmi2"),
        cfg!(target_feature = "adx"),
        if isochron::hazmat::limbs::x86_64_adx::available() { "x86-64 ADX assembly" } else { "portable" },
    );
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = args.first().map_or("", String::as_str);
    let filter = args.get(1).map_or("", String::as_str);
    let under_valgrind = valgrind::running_mode().is_valgrind();
    let table = match mode {
        "check" => cases::constant_time(),
        "leaky" => cases::leaky(),
        "list" => {
            for c in cases::constant_time().iter().chain(&cases::leaky()) {
                println!("{}", c.name);
            }
            return ExitCode::SUCCESS;
        }
        _ => {
            eprintln!("usage: valgrind --error-exitcode=1 ctgrind (check|leaky) [FILTER] | ctgrind list");
            return ExitCode::from(2);
        }
    };
    if !under_valgrind {
        eprintln!("ctgrind: not running under valgrind; the check would be vacuous");
        return ExitCode::from(2);
    }
    report_backend();
    let results = run_cases(&table, filter);
    if results.is_empty() {
        eprintln!("ctgrind: no case matches {filter:?}");
        return ExitCode::from(2);
    }
    // In `check` mode every case must be clean; in `leaky` mode every case must be caught.
    let expect_leak = mode == "leaky";
    let mut failed = 0;
    for (name, errs) in &results {
        let ok = (*errs > 0) == expect_leak;
        failed += usize::from(!ok);
        let verdict = match (ok, expect_leak) {
            (true, false) => "ok",
            (true, true) => "ok (leak detected as expected)",
            (false, false) => "LEAK",
            (false, true) => "MISSED (leak not detected)",
        };
        println!("{verdict:>30}  {name}  [{errs} memcheck errors]");
    }
    println!("ctgrind {mode}: {} cases, {failed} failed", results.len());
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(3)
    }
}
