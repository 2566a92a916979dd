//! The `isochron` binary's interface: help, version, exit statuses and the bench output format.

use std::process::{Command, Output};

fn isochron(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_isochron")).args(args).output().expect("runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

#[test]
fn version_and_help() {
    let v = isochron(&["--version"]);
    assert_eq!(v.status.code(), Some(0));
    assert_eq!(stdout(&v).trim(), format!("isochron {}", env!("CARGO_PKG_VERSION")));
    let h = isochron(&["--help"]);
    assert_eq!(h.status.code(), Some(0));
    assert!(stdout(&h).contains("bench"));
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for args in [&["no-such-area"][..], &["bench", "--no-such-flag"], &["bench", "no such op"], &[]] {
        let o = isochron(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&o).trim_end().lines().count(), 1, "{args:?}: {}", stderr(&o));
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn bench_prints_json_lines() {
    let o = isochron(&["bench", "--json", "bls12_381/fr/mul", "bn254/fp/square"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    assert_eq!(lines.len(), 2);
    for (line, op) in lines.iter().zip(["bls12_381/fr/mul", "bn254/fp/square"]) {
        let prefix = format!(r#"{{"op":"{op}","isochron_ns":"#);
        assert!(line.starts_with(&prefix) && line.ends_with('}'), "{line}");
        let ns: f64 = line[prefix.len()..line.len() - 1].parse().unwrap();
        assert!(ns > 0.0);
    }
}

#[test]
fn bench_prints_a_table() {
    let o = isochron(&["bench", "fr/mul"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let mut lines = out.lines();
    assert!(lines.next().unwrap().starts_with("op"));
    assert!(lines.next().unwrap().starts_with("bls12_381/fr/mul"));
}
