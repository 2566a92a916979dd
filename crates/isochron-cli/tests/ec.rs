//! `isochron secp256k1` and `isochron p256`: RFC 6979 A.2.5 and the first BIP-340 vectors
//! through the command line, sign/verify/recover round trips, ECDH agreement, `--sk-file`,
//! `--json`, and the exit statuses (0 valid, 1 invalid, 2 bad input with one line on stderr).

use crate::common;

use common::{isochron, isochron_stdin, ok, stderr, stdout};

/// RFC 6979 A.2.5's P-256 key.
const SK: &str = "0xC9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721";
/// "sample".
const SAMPLE: &str = "73616d706c65";

#[test]
fn p256_rfc6979_and_verify() {
    let pk = ok(&["p256", "pubkey", "--sk", SK, "--uncompressed"]);
    assert_eq!(pk, "0460fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb67903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299");
    let sig = ok(&["p256", "sign", "--sk", SK, "--msg", SAMPLE]);
    assert_eq!(sig, "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8");
    assert_eq!(ok(&["p256", "verify", "--pk", &pk, "--msg", SAMPLE, "--sig", &sig]), "true");
    let o = isochron(&["p256", "verify", "--pk", &pk, "--msg", "00", "--sig", &sig]);
    assert_eq!((o.status.code(), stdout(&o)), (Some(1), "false".to_string()));
    let der = ok(&["p256", "sign", "--sk", SK, "--msg", SAMPLE, "--der"]);
    assert!(der.starts_with("30"));
    assert_eq!(
        ok(&["p256", "verify", "--pk", &pk, "--msg", SAMPLE, "--sig", &der, "--der", "--json"]),
        r#"{"valid":true}"#
    );
}

#[test]
fn secp256k1_sign_recover_verify() {
    let pk = ok(&["secp256k1", "pubkey", "--sk", SK, "--uncompressed"]);
    let sig = ok(&["secp256k1", "sign", "--sk", SK, "--msg", "68656c6c6f", "--hash", "keccak256"]);
    assert_eq!(sig.len(), 130);
    assert_eq!(ok(&["secp256k1", "recover", "--msg", "68656c6c6f", "--hash", "keccak256", "--sig", &sig]), pk);
    let compressed = ok(&["secp256k1", "pubkey", "--sk", SK]);
    assert_eq!(compressed.len(), 66);
    for args in [vec!["--sig", sig.as_str()], vec!["--sig", &sig[..128], "--low-s"]] {
        let mut a = vec!["secp256k1", "verify", "--pk", &compressed, "--msg", "68656c6c6f", "--hash", "keccak256"];
        a.extend(args);
        assert_eq!(ok(&a), "true");
    }
    // The same key through --sk-file from stdin.
    let o = isochron_stdin(
        &["secp256k1", "sign", "--sk-file", "-", "--msg", "68656c6c6f", "--hash", "keccak256"],
        SK.as_bytes(),
    );
    assert_eq!(stdout(&o), sig);
}

/// BIP-340 vector 1 (bitcoin/bips `test-vectors.csv`).
#[test]
fn schnorr_vector() {
    let sk = "B7E151628AED2A6ABF7158809CF4F3C762E7160F38B4DA56A784D9045190CFEF";
    let msg = "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89";
    let aux = "0000000000000000000000000000000000000000000000000000000000000001";
    let want = "6896bd60eeae296db48a229ff71dfe071bde413e6d43f917dc8dcf8c78de33418906d11ac976abccb20b091292bff4ea897efcb639ea871cfa95f6de339e4b0a";
    assert_eq!(ok(&["secp256k1", "schnorr-sign", "--sk", sk, "--msg", msg, "--aux", aux]), want);
    let pk = "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659";
    assert_eq!(ok(&["secp256k1", "schnorr-verify", "--pk", pk, "--msg", msg, "--sig", want]), "true");
    let o = isochron(&["secp256k1", "schnorr-verify", "--pk", pk, "--msg", "00", "--sig", want]);
    assert_eq!(o.status.code(), Some(1));
    // Fresh randomness without --aux: a different, valid signature.
    let sig = ok(&["secp256k1", "schnorr-sign", "--sk", sk, "--msg", msg]);
    assert_eq!(ok(&["secp256k1", "schnorr-verify", "--pk", pk, "--msg", msg, "--sig", &sig]), "true");
}

#[test]
fn ecdh_agrees() {
    for curve in ["secp256k1", "p256"] {
        let (a, b) = (format!("0x{}", "03".repeat(32)), "05".repeat(32));
        let pa = ok(&[curve, "pubkey", "--sk", &a]);
        let pb = ok(&[curve, "pubkey", "--sk", &b, "--uncompressed"]);
        let ab = ok(&[curve, "ecdh", "--sk", &a, "--pk", &pb]);
        assert_eq!(ab, ok(&[curve, "ecdh", "--sk", &b, "--pk", &pa]));
        assert_eq!(ab.len(), 64);
    }
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let n = "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141";
    let cases: Vec<Vec<&str>> = vec![
        vec!["secp256k1", "pubkey", "--sk", "00"],
        vec!["secp256k1", "pubkey", "--sk", n],
        vec!["secp256k1", "sign", "--sk", SK, "--digest", "abcd"],
        vec!["secp256k1", "sign", "--sk", SK, "--msg", "zz"],
        vec!["secp256k1", "verify", "--pk", "02", "--msg", "00", "--sig", "00"],
        vec!["p256", "verify", "--pk", "04", "--digest", "00", "--sig", "00"],
        vec!["secp256k1", "recover", "--digest", &SK[2..], "--sig", "00"],
        vec!["secp256k1", "schnorr-verify", "--pk", "00", "--msg", "", "--sig", "00"],
        vec!["p256", "ecdh", "--sk", SK, "--pk", "0400"],
        vec!["p256", "sign", "--sk", SK],
    ];
    for args in &cases {
        let o = isochron(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&o).lines().count(), 1, "{args:?}: {}", stderr(&o));
    }
}
