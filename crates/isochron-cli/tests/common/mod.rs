//! Running the `isochron` binary from the CLI's test files (`bls.rs`, `kzg.rs`).
// Each test binary uses the helpers it needs.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `isochron` with `args`.
pub fn isochron(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_isochron")).args(args).output().expect("runs")
}

/// Runs `isochron` with `input` on stdin.
pub fn isochron_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_isochron"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    child.stdin.take().expect("stdin").write_all(input).expect("writes stdin");
    child.wait_with_output().expect("waits")
}

/// Stdout without its trailing newline.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap().trim_end().to_string()
}

/// Stderr as it is.
pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Stdout of a run that must exit 0.
pub fn ok(args: &[&str]) -> String {
    let o = isochron(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    stdout(&o)
}
