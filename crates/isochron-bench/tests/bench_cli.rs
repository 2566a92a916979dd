//! The comparison benchmark's command line and JSON-lines contract (DESIGN.md §3).

use std::process::{Command, Output};

fn bench(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_isochron-bench")).args(args).output().expect("runs")
}

/// The value of `"key":` in a flat JSON object line, as raw text.
fn field<'a>(line: &'a str, key: &str) -> &'a str {
    let start = line.find(&format!("\"{key}\":")).unwrap_or_else(|| panic!("{key} in {line}")) + key.len() + 3;
    let rest = &line[start..];
    &rest[..rest.find([',', '}']).unwrap()]
}

#[test]
fn json_lines_per_op_and_peer() {
    let o = bench(&["--json", "bls12_381/fr/mul", "bn254/fp/square"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    let keys: Vec<(&str, &str)> = lines.iter().map(|l| (field(l, "op"), field(l, "peer"))).collect();
    assert_eq!(
        keys,
        [
            ("\"bls12_381/fr/mul\"", "\"blst\""),
            ("\"bls12_381/fr/mul\"", "\"arkworks\""),
            ("\"bls12_381/fr/mul\"", "\"zkcrypto\""),
            ("\"bn254/fp/square\"", "\"arkworks\""),
            ("\"bn254/fp/square\"", "\"substrate-bn\""),
        ]
    );
    for l in lines {
        assert!(l.starts_with("{\"op\":") && l.ends_with('}'), "{l}");
        let iso: f64 = field(l, "isochron_ns").parse().unwrap();
        let peer: f64 = field(l, "peer_ns").parse().unwrap();
        let ratio: f64 = field(l, "ratio").parse().unwrap();
        assert!(iso > 0.0 && peer > 0.0);
        // The times are printed to 0.1 ns and the ratio from the unrounded medians.
        let slack = 0.001 + ratio * (0.05 / iso + 0.05 / peer);
        assert!((ratio - iso / peer).abs() <= slack, "{l}");
    }
}

#[test]
fn bad_arguments_exit_2() {
    for args in [&["--no-such-flag"][..], &["no such op"]] {
        let o = bench(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&o.stderr).lines().count(), 1);
    }
}
