//! `ctgrind`: a constant-time check of isochron's secret-handling functions under valgrind
//! memcheck, after Adam Langley's ctgrind (2010): the secret inputs of each case are marked
//! *undefined* with a memcheck client request, so memcheck reports every conditional jump
//! ("Conditional jump or move depends on uninitialised value(s)") and every memory address
//! ("Use of uninitialised value of size 8") computed from a secret. Results are marked defined
//! again before they are consumed.
//!
//! ```text
//! valgrind --error-exitcode=1 ctgrind check [--backend adx|portable] [FILTER]   # must report nothing
//! valgrind --error-exitcode=1 ctgrind leaky [--backend adx|portable]            # must report every leaky case
//! ctgrind list                                                                   # case names (runs natively)
//! ```
//! A build with the feature `fiat` also takes `--fiat on|off`: fiat-crypto's code or
//! isochron's own kernels for the fields that have both (`isochron::field::fiat::set_enabled`;
//! on by default), so one build checks both backends.
//! With `--backend`, the run fails (exit 2) unless isochron's field arithmetic selects that
//! Montgomery backend in this process ([`isochron::hazmat::backend`]), so that a build meant to
//! check the ADX assembly cannot silently check the portable code instead, or the reverse.
//! `scripts/ctgrind.sh` builds the checker and runs both modes. Each mode counts memcheck
//! errors per case (`VALGRIND_COUNT_ERRORS`) to name the failing cases and exits non-zero
//! itself when an expectation fails, in addition to valgrind's `--error-exitcode`.

mod cases;
mod secret;

use std::process::ExitCode;

use crabgrind::valgrind;
use isochron::hazmat::Backend;

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

/// The Montgomery backend the field cases exercise in this process. Valgrind 3.19 decodes
/// MULX/ADCX/ADOX but clears the ADX bit of the CPUID it emulates, so run-time detection alone
/// selects the portable code under valgrind (a plain `-C target-cpu=x86-64` build, what users of
/// the crate compile); a build with ADX and BMI2 enabled at compile time (`target-cpu=native` on
/// an ADX host, or `+adx,+bmi2`) makes the detection true statically and the dispatch select
/// the assembly. `scripts/ctgrind.sh` runs both and names the backend it expects.
fn backend() -> &'static str {
    match isochron::hazmat::backend() {
        Backend::X86_64Adx => "adx",
        Backend::Portable => "portable",
        _ => "other",
    }
}

fn report_backend() {
    #[cfg(target_arch = "x86_64")]
    println!(
        "cpu (as seen by this process): adx={} bmi2={}; adx enabled at compile time: {}; Montgomery backend: {}",
        std::arch::is_x86_feature_detected!("adx"),
        std::arch::is_x86_feature_detected!("bmi2"),
        cfg!(all(target_feature = "adx", target_feature = "bmi2")),
        backend(),
    );
}

const USAGE: &str =
    "usage: valgrind --error-exitcode=1 ctgrind (check|leaky) [--backend adx|portable] [--fiat on|off] [FILTER] | ctgrind list";

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mode = if args.is_empty() { String::new() } else { args.remove(0) };
    let mut expected_backend = None;
    if let Some(i) = args.iter().position(|a| a == "--backend") {
        match args.get(i + 1).map(String::as_str) {
            Some(b @ ("adx" | "portable")) => expected_backend = Some(b.to_string()),
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        }
        args.drain(i..i + 2);
    }
    if let Some(i) = args.iter().position(|a| a == "--fiat") {
        let on = match args.get(i + 1).map(String::as_str) {
            Some("on") => true,
            Some("off") => false,
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        };
        if !cfg!(feature = "fiat") {
            eprintln!("ctgrind: --fiat {on} needs a build with the feature `fiat`");
            return ExitCode::from(2);
        }
        #[cfg(feature = "fiat")]
        isochron::field::fiat::set_enabled(on);
        println!("ctgrind: fiat-crypto's fields {}", if on { "on" } else { "off (own kernels)" });
        args.drain(i..i + 2);
    }
    if args.len() > 1 {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }
    let filter = args.first().map_or("", String::as_str);
    let under_valgrind = valgrind::running_mode().is_valgrind();
    let table = match mode.as_str() {
        "check" => cases::constant_time(),
        "leaky" => cases::leaky(),
        "list" => {
            for c in cases::constant_time().iter().chain(&cases::leaky()) {
                println!("{}", c.name);
            }
            return ExitCode::SUCCESS;
        }
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    if !under_valgrind {
        eprintln!("ctgrind: not running under valgrind; the check would be vacuous");
        return ExitCode::from(2);
    }
    report_backend();
    if let Some(want) = &expected_backend {
        let got = backend();
        if got != want {
            eprintln!("ctgrind: expected the {want} Montgomery backend, but this process selects {got}");
            return ExitCode::from(2);
        }
        println!("ctgrind: backend {got}, as expected");
    }
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
