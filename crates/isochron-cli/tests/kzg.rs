//! `isochron kzg`: EIP-4844 commitments and proofs through the command line, checked byte for
//! byte against the library ([`isochron::protocols::eip4844`], itself checked against the
//! consensus-spec-tests vectors and c-kzg); blob files raw, hex and on stdin; exit statuses (0
//! valid, 1 invalid, 2 bad input with one line on stderr); `--json`; `--setup`.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use isochron::protocols::eip4844::{KzgSettings, BYTES_PER_BLOB, MAINNET_SETUP};
use isochron_cli::hex;

fn isochron(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_isochron")).args(args).output().expect("runs")
}

fn isochron_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_isochron"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap().trim_end().to_string()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn ok(args: &[&str]) -> String {
    let o = isochron(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

fn bad_input(args: &[&str]) -> String {
    let o = isochron(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
    let e = stderr(&o);
    assert_eq!(e.trim_end().lines().count(), 1, "{args:?}: {e}");
    assert!(o.stdout.is_empty(), "{args:?}");
    e
}

/// A canonical blob: field element i is `i² + 7` (big endian).
fn blob() -> Vec<u8> {
    let mut b = vec![0u8; BYTES_PER_BLOB];
    for (i, fe) in b.chunks_exact_mut(32).enumerate() {
        let v = (i as u64) * (i as u64) + 7;
        fe[24..].copy_from_slice(&v.to_be_bytes());
    }
    b
}

fn tmp(name: &str, contents: &[u8]) -> PathBuf {
    let p = std::env::temp_dir().join(format!("isochron-cli-kzg-{}-{name}", std::process::id()));
    std::fs::write(&p, contents).unwrap();
    p
}

#[test]
fn commitments_and_proofs() {
    let s = KzgSettings::mainnet();
    let blob = blob();
    let raw = tmp("raw.bin", &blob);
    let hexfile = tmp("blob.hex", format!("0x{}\n", hex::encode(&blob)).as_bytes());
    let raw = raw.to_str().unwrap();
    let hexfile = hexfile.to_str().unwrap();

    let c = s.blob_to_kzg_commitment(&blob).unwrap();
    let c_hex = hex::encode(&c);
    assert_eq!(ok(&["kzg", "blob-to-commitment", "--blob", raw]), c_hex);
    assert_eq!(ok(&["kzg", "blob-to-commitment", "--blob", hexfile]), c_hex);
    assert_eq!(ok(&["kzg", "blob-to-commitment", "--blob", raw, "--json"]), format!("{{\"commitment\":\"{c_hex}\"}}"));
    let o = isochron_stdin(&["kzg", "blob-to-commitment", "--blob", "-"], &blob);
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), c_hex.clone()));
    let o = isochron_stdin(&["kzg", "blob-to-commitment", "--blob", "-"], hex::encode(&blob).as_bytes());
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), c_hex.clone()));

    // compute-blob-proof / verify-blob-proof.
    let p = hex::encode(&s.compute_blob_kzg_proof(&blob, &c).unwrap());
    assert_eq!(ok(&["kzg", "compute-blob-proof", "--blob", raw, "--commitment", &c_hex]), p);
    assert_eq!(
        ok(&["kzg", "verify-blob-proof", "--blob", hexfile, "--commitment", &format!("0x{c_hex}"), "--proof", &p]),
        "true"
    );
    assert_eq!(
        ok(&["kzg", "verify-blob-proof", "--blob", raw, "--commitment", &c_hex, "--proof", &p, "--json"]),
        "{\"valid\":true}"
    );
    // A valid point that is not the proof: false, exit 1.
    let o = isochron(&["kzg", "verify-blob-proof", "--blob", raw, "--commitment", &c_hex, "--proof", &c_hex]);
    assert_eq!((o.status.code(), stdout(&o)), (Some(1), "false".to_string()));

    // compute-proof / verify-proof.
    let z = format!("{:064x}", 0x1234_5678u64);
    let (proof, y) = s.compute_kzg_proof(&blob, &hex::decode(&z).unwrap()).unwrap();
    let (proof, y) = (hex::encode(&proof), hex::encode(&y));
    assert_eq!(ok(&["kzg", "compute-proof", "--blob", raw, "--z", &z]), format!("{proof}\n{y}"));
    assert_eq!(
        ok(&["kzg", "compute-proof", "--blob", raw, "--z", &z, "--json"]),
        format!("{{\"proof\":\"{proof}\",\"y\":\"{y}\"}}")
    );
    assert_eq!(ok(&["kzg", "verify-proof", "--commitment", &c_hex, "--z", &z, "--y", &y, "--proof", &proof]), "true");
    let mut y2 = hex::decode(&y).unwrap();
    y2[31] ^= 1;
    let o = isochron(&[
        "kzg",
        "verify-proof",
        "--commitment",
        &c_hex,
        "--z",
        &z,
        "--y",
        &hex::encode(&y2),
        "--proof",
        &proof,
        "--json",
    ]);
    assert_eq!((o.status.code(), stdout(&o)), (Some(1), "{\"valid\":false}".to_string()));

    // A setup file in the same format gives the same commitment.
    let setup = tmp("setup.txt", MAINNET_SETUP.as_bytes());
    assert_eq!(ok(&["kzg", "blob-to-commitment", "--blob", raw, "--setup", setup.to_str().unwrap()]), c_hex);
    for f in [PathBuf::from(raw), PathBuf::from(hexfile), setup] {
        std::fs::remove_file(f).ok();
    }
}

#[test]
fn bad_input_exits_2() {
    let blob = blob();
    let raw = tmp("raw2.bin", &blob);
    let raw = raw.to_str().unwrap();
    // Not a blob: too short, not hex, missing file.
    let short = tmp("short.bin", &blob[..1000]);
    let e = bad_input(&["kzg", "blob-to-commitment", "--blob", short.to_str().unwrap()]);
    assert!(e.contains("not a blob"), "{e}");
    let nothex = tmp("nothex.txt", b"0xzz");
    bad_input(&["kzg", "blob-to-commitment", "--blob", nothex.to_str().unwrap()]);
    bad_input(&["kzg", "blob-to-commitment", "--blob", "/nonexistent/blob"]);
    // A field element ≥ r (r itself).
    let mut big = blob.clone();
    big[32..64]
        .copy_from_slice(&hex::decode("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001").unwrap());
    let bigf = tmp("big.bin", &big);
    let e = bad_input(&["kzg", "blob-to-commitment", "--blob", bigf.to_str().unwrap()]);
    assert!(e.contains("not below"), "{e}");
    let c = hex::encode(&KzgSettings::mainnet().blob_to_kzg_commitment(&blob).unwrap());
    bad_input(&["kzg", "verify-blob-proof", "--blob", bigf.to_str().unwrap(), "--commitment", &c, "--proof", &c]);
    // Bad points and field elements.
    let not_on_curve =
        "8123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde0";
    let e = bad_input(&["kzg", "compute-blob-proof", "--blob", raw, "--commitment", not_on_curve]);
    assert!(e.contains("--commitment"), "{e}");
    bad_input(&["kzg", "compute-blob-proof", "--blob", raw, "--commitment", &c[2..]]);
    let r = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";
    let e = bad_input(&["kzg", "compute-proof", "--blob", raw, "--z", r]);
    assert!(e.contains("--z"), "{e}");
    let zero = "00".repeat(32);
    bad_input(&["kzg", "verify-proof", "--commitment", &c, "--z", &zero, "--y", r, "--proof", &c]);
    bad_input(&["kzg", "verify-proof", "--commitment", &c, "--z", &zero, "--y", &zero, "--proof", "0x12"]);
    // A bad setup file.
    let setup = tmp("badsetup.txt", b"4096\n65\nnot hex\n");
    let e = bad_input(&["kzg", "blob-to-commitment", "--blob", raw, "--setup", setup.to_str().unwrap()]);
    assert!(e.contains("--setup"), "{e}");
    for f in [PathBuf::from(raw), short, nothex, bigf, setup] {
        std::fs::remove_file(f).ok();
    }
}
