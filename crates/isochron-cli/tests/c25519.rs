//! `isochron ed25519` and `isochron x25519`: RFC 8032 §7.1 TEST 1 and §7.2/§7.3 through the
//! command line (pure, --ctx, --ph), the verification modes, RFC 7748 §6.1, the exit statuses
//! (0 valid, 1 invalid or all-zero secret, 2 bad input), `--sk-file -` and `--json`.

use crate::common;

use common::{isochron, isochron_stdin, ok, stderr, stdout};

const SEED: &str = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
const PK: &str = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
const SIG: &str = "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b";

#[test]
fn ed25519_rfc8032_test1() {
    assert_eq!(ok(&["ed25519", "pubkey", "--sk", SEED]), PK);
    assert_eq!(
        ok(&["ed25519", "pubkey", "--sk", &format!("0x{SEED}"), "--json"]),
        format!(r#"{{"public_key":"{PK}"}}"#)
    );
    assert_eq!(ok(&["ed25519", "sign", "--sk", SEED, "--msg", ""]), SIG);
    for mode in ["rfc8032", "strict", "zip215"] {
        assert_eq!(ok(&["ed25519", "verify", "--pk", PK, "--msg", "", "--sig", SIG, "--mode", mode]), "true");
        let o = isochron(&["ed25519", "verify", "--pk", PK, "--msg", "00", "--sig", SIG, "--mode", mode]);
        assert_eq!((o.status.code(), stdout(&o)), (Some(1), "false".to_string()));
    }
    let o = isochron_stdin(&["ed25519", "sign", "--sk-file", "-", "--msg", ""], SEED.as_bytes());
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), SIG.to_string()));
}

/// RFC 8032 §7.2 ("foo") and §7.3 ("abc").
#[test]
fn ed25519_ctx_and_ph() {
    let seed = "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6";
    let pk = "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292";
    let sig = "55a4cc2f70a54e04288c5f4cd1e45a7bb520b36292911876cada7323198dd87a8b36950b95130022907a7fb7c4e9b2d5f6cca685a587b4b21f4b888e4e7edb0d";
    assert_eq!(
        ok(&["ed25519", "sign", "--sk", seed, "--msg", "f726936d19c800494e3fdaff20b276a8", "--ctx", "666f6f"]),
        sig
    );
    assert_eq!(
        ok(&[
            "ed25519",
            "verify",
            "--pk",
            pk,
            "--msg",
            "f726936d19c800494e3fdaff20b276a8",
            "--sig",
            sig,
            "--ctx",
            "666f6f"
        ]),
        "true"
    );
    let o = isochron(&["ed25519", "verify", "--pk", pk, "--msg", "f726936d19c800494e3fdaff20b276a8", "--sig", sig]);
    assert_eq!(o.status.code(), Some(1));
    let seed = "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42";
    let pk = "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf";
    let sig = "98a70222f0b8121aa9d30f813d683f809e462b469c7ff87639499bb94e6dae4131f85042463c2a355a2003d062adf5aaa10b8c61e636062aaad11c2a26083406";
    assert_eq!(ok(&["ed25519", "sign", "--sk", seed, "--msg", "616263", "--ph"]), sig);
    assert_eq!(
        ok(&["ed25519", "verify", "--pk", pk, "--msg", "616263", "--sig", sig, "--ph", "--mode", "strict"]),
        "true"
    );
}

#[test]
fn ed25519_exit_statuses() {
    // Wrong lengths are bad input.
    for args in [
        vec!["ed25519", "verify", "--pk", "00", "--msg", "", "--sig", SIG],
        vec!["ed25519", "verify", "--pk", PK, "--msg", "", "--sig", "00"],
        vec!["ed25519", "pubkey", "--sk", "0011"],
        vec!["ed25519", "sign", "--sk", SEED, "--msg", "zz"],
    ] {
        let o = isochron(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&o).lines().count(), 1, "{args:?}");
    }
    let long_ctx = "00".repeat(256);
    let o = isochron(&["ed25519", "sign", "--sk", SEED, "--msg", "", "--ctx", &long_ctx]);
    assert_eq!(o.status.code(), Some(2));
    // A key of the right length that is not a point: invalid, not bad input. (y = 2: x² =
    // 3/(4d + 1) is not a square.)
    let not_a_point = format!("02{}", "00".repeat(31));
    let o = isochron(&["ed25519", "verify", "--pk", &not_a_point, "--msg", "", "--sig", SIG]);
    assert_eq!((o.status.code(), stdout(&o)), (Some(1), "false".to_string()));
}

/// RFC 7748 §6.1, and the all-zero secret of a low-order key (exit 1).
#[test]
fn x25519_rfc7748() {
    let alice = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a";
    let bob_pk = "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f";
    assert_eq!(
        ok(&["x25519", "pubkey", "--sk", alice]),
        "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"
    );
    let shared = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742";
    assert_eq!(ok(&["x25519", "shared", "--sk", alice, "--pk", bob_pk]), shared);
    assert_eq!(
        ok(&["x25519", "shared", "--sk", alice, "--pk", bob_pk, "--json"]),
        format!(r#"{{"shared_secret":"{shared}"}}"#)
    );
    let o = isochron(&["x25519", "shared", "--sk", alice, "--pk", &"00".repeat(32)]);
    assert_eq!(o.status.code(), Some(1));
    let o = isochron(&["x25519", "shared", "--sk", alice, "--pk", "00"]);
    assert_eq!(o.status.code(), Some(2));
}
