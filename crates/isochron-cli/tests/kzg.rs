//! `isochron kzg`: EIP-4844 commitments and proofs and EIP-7594 cells, cell proofs, their batch
//! verification and recovery (JSON in and out) through the command line, checked byte for
//! byte against the library ([`isochron::protocols::eip4844`], itself checked against the
//! consensus-spec-tests vectors and c-kzg); blob files raw, hex and on stdin; exit statuses (0
//! valid, 1 invalid, 2 bad input with one line on stderr); `--json`; `--setup`.

use crate::common;

use std::path::PathBuf;

use common::{isochron, isochron_stdin, ok, stderr, stdout};

use isochron::protocols::eip4844::{KzgSettings, BYTES_PER_BLOB, MAINNET_SETUP};
use isochron::protocols::eip7594::Cell;
use isochron_cli::hex;

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

/// `{"cells":[…],"proofs":[…]}` as the command prints it.
fn cells_json(cells: &[Cell], proofs: &[[u8; 48]]) -> String {
    let list = |items: Vec<String>| items.iter().map(|h| format!("\"{h}\"")).collect::<Vec<_>>().join(",");
    format!(
        "{{\"cells\":[{}],\"proofs\":[{}]}}",
        list(cells.iter().map(|c| hex::encode(c)).collect()),
        list(proofs.iter().map(|p| hex::encode(p)).collect())
    )
}

#[test]
fn cells_proofs_verification_and_recovery() {
    let s = KzgSettings::mainnet();
    let blob = blob();
    let raw = tmp("cells.bin", &blob);
    let raw = raw.to_str().unwrap();
    let (cells, proofs) = s.compute_cells_and_kzg_proofs(&blob).unwrap();
    let want = cells_json(&cells, &proofs);
    assert_eq!(ok(&["kzg", "compute-cells-and-proofs", "--blob", raw]), want);
    let o = isochron_stdin(&["kzg", "compute-cells-and-proofs", "--blob", "-"], hex::encode(&blob).as_bytes());
    assert_eq!(stdout(&o), want);

    // Verification of three cells (JSON from a file and from stdin), then a wrong one.
    let c = hex::encode(&s.blob_to_kzg_commitment(&blob).unwrap());
    let batch = |idx: &[usize], cell_of: &dyn Fn(usize) -> String| {
        format!(
            "{{\"commitments\":[{}],\"cell_indices\":[{}],\"cells\":[{}],\"proofs\":[{}]}}",
            idx.iter().map(|_| format!("\"0x{c}\"")).collect::<Vec<_>>().join(","),
            idx.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(", "),
            idx.iter().map(|&i| format!("\"{}\"", cell_of(i))).collect::<Vec<_>>().join(","),
            idx.iter().map(|&i| format!("\"{}\"", hex::encode(&proofs[i]))).collect::<Vec<_>>().join(",")
        )
    };
    let good = batch(&[3, 70, 127], &|i| hex::encode(&cells[i]));
    let f = tmp("batch.json", good.as_bytes());
    assert_eq!(ok(&["kzg", "verify-cell-proof-batch", "--input", f.to_str().unwrap()]), "true");
    let o = isochron_stdin(&["kzg", "verify-cell-proof-batch", "--json"], good.as_bytes());
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), "{\"valid\":true}".to_string()));
    let wrong = batch(&[3, 70, 127], &|i| hex::encode(&cells[if i == 70 { 71 } else { i }]));
    let o = isochron_stdin(&["kzg", "verify-cell-proof-batch"], wrong.as_bytes());
    assert_eq!((o.status.code(), stdout(&o)), (Some(1), "false".to_string()));

    // Recovery from the odd cells.
    let idx: Vec<usize> = (0..128).filter(|i| i % 2 == 1).collect();
    let input = format!(
        "{{\"cell_indices\":[{}],\"cells\":[{}]}}",
        idx.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(","),
        idx.iter().map(|&i| format!("\"{}\"", hex::encode(&cells[i]))).collect::<Vec<_>>().join(",")
    );
    let o = isochron_stdin(&["kzg", "recover-cells"], input.as_bytes());
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), want));

    // Bad input: not JSON, a missing key, an index out of range, too few cells, a bad cell.
    for (input, needle) in [
        ("{\"cell_indices\":[1,2", "not JSON"),
        ("{\"cells\":[]}", "cell_indices"),
        ("[1]", "object"),
        ("{\"cell_indices\":[-1],\"cells\":[]}", "cell_indices[0]"),
        ("{\"cell_indices\":[],\"cells\":[]}", "between 64 and 128"),
        (&input.replacen("\"cells\":[\"", "\"cells\":[\"ff", 1), "cells[0]"),
    ] {
        let o = isochron_stdin(&["kzg", "recover-cells"], input.as_bytes());
        assert_eq!(o.status.code(), Some(2), "{input:.80}");
        let e = stderr(&o);
        assert!(e.contains(needle) && e.trim_end().lines().count() == 1, "{input:.80}: {e}");
    }
    let oob = batch(&[3], &|i| hex::encode(&cells[i])).replace("[3]", "[128]");
    let o = isochron_stdin(&["kzg", "verify-cell-proof-batch"], oob.as_bytes());
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let mut big = cells[5];
    big[..32].copy_from_slice(&[0xff; 32]);
    let bad_cell = batch(&[5], &|_| hex::encode(&big));
    let o = isochron_stdin(&["kzg", "verify-cell-proof-batch"], bad_cell.as_bytes());
    assert!(o.status.code() == Some(2) && stderr(&o).contains("not below"), "{}", stderr(&o));
    for p in [PathBuf::from(raw), f] {
        std::fs::remove_file(p).ok();
    }
}
