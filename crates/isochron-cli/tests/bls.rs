//! `isochron bls`: Ethereum vectors (ethereum/bls12-381-tests v0.1.2) through the command line,
//! exit statuses (0 valid, 1 invalid, 2 bad input with one line on stderr) and `--json`.

use crate::common;

use std::process::Command;

use common::{isochron, isochron_stdin, ok, stderr, stdout};

const SK: &str = "0x328388aff0d4a5b7dc9205abd374e7e98f3cd9f3418edb4eafda5fb16473d216";
const PK: &str = "b53d21a4cfd562c469cc81514d4ce5a6b577d8403d32a394dc265dd190b47fa9f829fdd7963afdf972e5e77854051f6f";
const MSG: &str = "0xabababababababababababababababababababababababababababababababab";
const SIG: &str = "ae82747ddeefe4fd64cf9cedb9b04ae3e8a43420cd255e3c7cd06a8d88b7c7f8638543719981c5d16fa3527c468c25f0026704a6951bde891360c7e8d12ddee0559004ccdbe6046b55bae1b257ee97f7cdb955773d7cf29adf3ccbb9975e4eb9";
const PKS: [&str; 3] = [
    "a491d1b0ecd9bb917989f0e74f0dea0422eac4a873e5e2644f368dffb9a6e20fd6e10c1b77654d067c0618f6e5a7f79a",
    "b301803f8b5ac4a1133581fc676dfedc60d891dd5fa99028805e5ea5b08d3491af75d0707adab3b70c6a6a580217bf81",
    "b53d21a4cfd562c469cc81514d4ce5a6b577d8403d32a394dc265dd190b47fa9f829fdd7963afdf972e5e77854051f6f",
];
const FAST_SIG: &str = "9712c3edd73a209c742b8250759db12549b3eaf43b5ca61376d9f30e2747dbcf842d8b2ac0901d2a093713e20284a7670fcf6954e9ab93de991bb9b313e664785a075fc285806fa5224c82bde146561b446ccfc706a64b8579513cfc4ff1d930";
const AGG_MSGS: [&str; 3] = [
    "0x0000000000000000000000000000000000000000000000000000000000000000",
    "0x5656565656565656565656565656565656565656565656565656565656565656",
    "0xabababababababababababababababababababababababababababababababab",
];
const AGG_SIG: &str = "9104e74b9dfd3ad502f25d6a5ef57db0ed7d9a0e00f3500586d8ce44231212542fcfaf87840539b398bf07626705cf1105d246ca1062c6c2e1a53029a0f790ed5e3cb1f52f8234dc5144c45fc847c0cd37a92d68e7c5ba7c648a8a339f171244";
const NOT_IN_G1: &str =
    "8123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
const NOT_ON_CURVE: &str =
    "8123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde0";

#[test]
fn keygen_pubkey_sign() {
    assert_eq!(ok(&["bls", "pubkey", "--sk", SK]), PK);
    assert_eq!(ok(&["bls", "sign", "--sk", SK, "--msg", MSG]), SIG);
    assert_eq!(ok(&["bls", "sign", "--sk", &SK[2..], "--msg", &MSG[2..], "--json"]), format!("{{\"sig\":\"{SIG}\"}}"));
    // KeyGen: a fresh key signs what its public key verifies.
    let sk = ok(&["bls", "keygen", "--ikm", &"00".repeat(32)]);
    assert_eq!(sk.len(), 64);
    assert!(sk.bytes().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
    let pk = ok(&["bls", "pubkey", "--sk", &sk]);
    let sig = ok(&["bls", "sign", "--sk", &sk, "--msg", ""]);
    assert_eq!(ok(&["bls", "verify", "--pk", &pk, "--msg", "0x", "--sig", &sig]), "true");
    let json = ok(&["bls", "keygen", "--ikm", &"00".repeat(32), "--json"]);
    assert_eq!(json, format!("{{\"sk\":\"{sk}\"}}"));
}

#[test]
fn verify_exit_statuses() {
    assert_eq!(ok(&["bls", "verify", "--pk", PK, "--msg", MSG, "--sig", SIG]), "true");
    let tampered = format!("{}ffffffff", &SIG[..SIG.len() - 8]);
    for (msg, sig) in [("0x00", SIG), (MSG, FAST_SIG)] {
        let o = isochron(&["bls", "verify", "--pk", PK, "--msg", msg, "--sig", sig]);
        assert_eq!(o.status.code(), Some(1));
        assert_eq!(stdout(&o), "false");
        assert!(o.stderr.is_empty());
    }
    let o = isochron(&["bls", "verify", "--pk", PK, "--msg", "00", "--sig", SIG, "--json"]);
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(1), "{\"valid\":false}"));
    // A tampered encoding is not a point of G2: bad input.
    let o = isochron(&["bls", "verify", "--pk", PK, "--msg", MSG, "--sig", &tampered]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn aggregates() {
    let mut args = vec!["bls", "fast-aggregate-verify"];
    for pk in PKS {
        args.extend(["--pk", pk]);
    }
    args.extend(["--msg", MSG, "--sig", FAST_SIG]);
    assert_eq!(ok(&args), "true");
    let mut args = vec!["bls", "aggregate-verify"];
    for (pk, m) in PKS.iter().zip(AGG_MSGS) {
        args.extend(["--pk", pk, "--msg", m]);
    }
    args.extend(["--sig", AGG_SIG]);
    assert_eq!(ok(&args), "true");
    // Swapping two messages breaks the pairing of keys and messages.
    let mut swapped = args.clone();
    swapped.swap(5, 9);
    let o = isochron(&swapped);
    assert_eq!((o.status.code(), stdout(&o).as_str()), (Some(1), "false"));
    // ethereum/bls12-381-tests aggregate_0xabab…: the three signatures of one message.
    let sigs = [
        "91347bccf740d859038fcdcaf233eeceb2a436bcaaee9b2aa3bfb70efe29dfb2677562ccbea1c8e061fb9971b0753c240622fab78489ce96768259fc01360346da5b9f579e5da0d941e4c6ba18a0e64906082375394f337fa1af2b7127b0d121",
        "9674e2228034527f4c083206032b020310face156d4a4685e2fcaec2f6f3665aa635d90347b6ce124eb879266b1e801d185de36a0a289b85e9039662634f2eea1e02e670bc7ab849d006a70b2f93b84597558a05b879c8d445f387a5d5b653df",
        "ae82747ddeefe4fd64cf9cedb9b04ae3e8a43420cd255e3c7cd06a8d88b7c7f8638543719981c5d16fa3527c468c25f0026704a6951bde891360c7e8d12ddee0559004ccdbe6046b55bae1b257ee97f7cdb955773d7cf29adf3ccbb9975e4eb9",
    ];
    let mut args = vec!["bls", "aggregate"];
    for s in sigs {
        args.extend(["--sig", s]);
    }
    assert_eq!(ok(&args), FAST_SIG);
    args.push("--json");
    assert_eq!(ok(&args), format!("{{\"sig\":\"{FAST_SIG}\"}}"));
}

#[test]
fn bad_input_exits_2_with_one_line_naming_the_problem() {
    let (zero, ff, short_ikm) = ("00".repeat(32), "ff".repeat(32), "00".repeat(31));
    let infinity = format!("c0{}", "00".repeat(47));
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["bls", "pubkey", "--sk", "0xzz"], "not hex"),
        (vec!["bls", "pubkey", "--sk", "abc"], "not hex"),
        (vec!["bls", "pubkey", "--sk", "0x01"], "wrong length"),
        (vec!["bls", "pubkey", "--sk", &zero], "zero"),
        (vec!["bls", "pubkey", "--sk", &ff], "out of range"),
        (vec!["bls", "keygen", "--ikm", &short_ikm], "too short"),
        (vec!["bls", "verify", "--pk", NOT_IN_G1, "--msg", MSG, "--sig", SIG], "not in the prime-order subgroup"),
        (vec!["bls", "verify", "--pk", NOT_ON_CURVE, "--msg", MSG, "--sig", SIG], "not on the curve"),
        (vec!["bls", "verify", "--pk", &PK[2..], "--msg", MSG, "--sig", SIG], "wrong length"),
        (vec!["bls", "verify", "--pk", PK, "--msg", "0xq", "--sig", SIG], "--msg"),
        (vec!["bls", "verify", "--pk", PK, "--msg", MSG], "--sig"),
        (vec!["bls", "verify", "--pk", &infinity, "--msg", MSG, "--sig", SIG], "infinity"),
        (vec!["bls", "aggregate-verify", "--pk", PK, "--pk", PK, "--msg", MSG, "--sig", SIG], "mismatched counts"),
        (vec!["bls", "fast-aggregate-verify", "--pk", PK, "--pk", NOT_IN_G1, "--msg", MSG, "--sig", SIG], "--pk #2"),
        (vec!["bls", "aggregate"], "--sig"),
        (vec!["bls", "aggregate", "--sig", SIG, "--sig", NOT_ON_CURVE], "--sig #2"),
        (vec!["bls", "no-such-command"], "no-such-command"),
    ];
    for (args, needle) in cases {
        let o = isochron(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err:?} should name {needle:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

/// A file in the temporary directory, removed when dropped.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str, contents: &[u8]) -> Self {
        let path = std::env::temp_dir().join(format!("isochron-cli-test-{}-{name}", std::process::id()));
        std::fs::write(&path, contents).expect("writes the temporary file");
        TempFile(path)
    }
    fn path(&self) -> &str {
        self.0.to_str().expect("UTF-8 path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// `--sk-file PATH` and `--sk-file -` (stdin) give what `--sk` gives; whitespace around the hex
/// is ignored, with or without `0x`.
#[test]
fn secret_key_from_a_file_or_stdin() {
    let file = TempFile::new("sk", format!("  {SK}\n").as_bytes());
    assert_eq!(ok(&["bls", "pubkey", "--sk-file", file.path()]), PK);
    assert_eq!(ok(&["bls", "sign", "--sk-file", file.path(), "--msg", MSG]), SIG);
    let bare = TempFile::new("sk-bare", &SK.as_bytes()[2..]);
    assert_eq!(
        ok(&["bls", "sign", "--msg", MSG, "--sk-file", bare.path(), "--json"]),
        format!("{{\"sig\":\"{SIG}\"}}")
    );
    for args in [&["bls", "pubkey", "--sk-file", "-"][..], &["bls", "sign", "--sk-file", "-", "--msg", MSG]] {
        let o = isochron_stdin(args, format!("{SK}\r\n").as_bytes());
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o), if args[1] == "pubkey" { PK } else { SIG });
    }
}

/// Bad secret-key sources are bad input (exit 2, one line on stderr), never a panic.
#[test]
fn secret_key_source_errors() {
    let file = TempFile::new("sk-both", SK.as_bytes());
    let not_hex = TempFile::new("sk-not-hex", b"0xzz\n");
    let short = TempFile::new("sk-short", b"0x0102\n");
    let binary = TempFile::new("sk-binary", &[0xff, 0xfe, 0x00]);
    let huge = TempFile::new("sk-huge", &vec![b'0'; 10_000]);
    let missing = std::env::temp_dir().join("isochron-cli-test-no-such-file");
    let cases: [(Vec<&str>, &str); 7] = [
        (vec!["bls", "pubkey", "--sk", SK, "--sk-file", file.path()], "cannot be used with"),
        (vec!["bls", "sign", "--msg", MSG], "--sk"),
        (vec!["bls", "pubkey", "--sk-file", not_hex.path()], "not hex"),
        (vec!["bls", "pubkey", "--sk-file", short.path()], "wrong length"),
        (vec!["bls", "pubkey", "--sk-file", binary.path()], "not hex"),
        (vec!["bls", "pubkey", "--sk-file", huge.path()], "longer than"),
        (vec!["bls", "pubkey", "--sk-file", missing.to_str().unwrap()], "cannot read"),
    ];
    for (args, want) in cases {
        let o = isochron(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(!err.contains(SK) && !err.contains(&SK[2..]), "{args:?} echoes the key: {err}");
    }
}

/// A closed stdout (the reader of the pipe gone) ends the command quietly with status 2: no
/// panic (which would be status 101 and a message on stderr). The secret key comes from stdin
/// after the pipe is closed, so the output is written only once nobody can read it.
#[test]
fn closed_stdout_exits_2_quietly() {
    use std::io::Write;
    use std::process::Stdio;
    for args in [&["bls", "sign", "--sk-file", "-", "--msg", MSG][..], &["bls", "pubkey", "--json", "--sk-file", "-"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_isochron"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
        drop(child.stdout.take());
        child.stdin.take().expect("stdin").write_all(SK.as_bytes()).expect("writes stdin");
        let o = child.wait_with_output().expect("waits");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o), "", "{args:?}");
    }
}
