//! `isochron precompile`: the EVM precompiles through the command line, by name and address,
//! checked against the library ([`isochron::protocols::evm`], itself checked against
//! go-ethereum's vectors and revm); `--json`, `--fork`, `--gas-limit`, stdin input; exit
//! statuses (0 success, 2 failing precompile or bad arguments, with one line on stderr).

use crate::common;

use common::{isochron, isochron_stdin, ok, stderr, stdout};

use isochron::protocols::evm::{Fork, Precompile};
use isochron_cli::hex;

fn fails(args: &[&str]) -> String {
    let o = isochron(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
    let e = stderr(&o);
    assert_eq!(e.trim_end().lines().count(), 1, "{args:?}: {e}");
    assert!(o.stdout.is_empty(), "{args:?}");
    e
}

#[test]
fn hashes_by_name_and_address() {
    let sha_empty = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    assert_eq!(ok(&["precompile", "sha256", "--input", ""]), format!("{sha_empty}\n60"));
    assert_eq!(ok(&["precompile", "0x02", "--input", "0x"]), format!("{sha_empty}\n60"));
    assert_eq!(
        ok(&["precompile", "sha256", "--input", "", "--json"]),
        format!("{{\"output\":\"{sha_empty}\",\"gas\":60}}")
    );
    assert_eq!(ok(&["precompile", "identity", "--input", "0xABCD"]), "abcd\n18");
    // ripemd160("") left-padded to 32 bytes.
    assert_eq!(
        ok(&["precompile", "0x03", "--input", ""]),
        "0000000000000000000000009c1185a5c5e9fc54612808977ee8f548b2258d31\n600"
    );
    let o = isochron_stdin(&["precompile", "identity", "--input", "-"], b"0x0102\n");
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), "0102\n18".to_string()));
}

#[test]
fn curve_precompiles_match_the_library() {
    // BN254: G + G, the generator times 2, and a pairing of nothing.
    let mut g = vec![0u8; 64];
    g[31] = 1;
    g[63] = 2;
    let add = [g.clone(), g.clone()].concat();
    let mut mul = g.clone();
    mul.extend([0u8; 31]);
    mul.push(2);
    for (name, input) in [("bn254_add", &add), ("bn254_mul", &mul), ("bn254_pairing", &vec![])] {
        let p = Precompile::parse(name).unwrap();
        let (out, gas) = p.run(input, Fork::Osaka).unwrap();
        let expected = format!("{}\n{gas}", hex::encode(&out));
        assert_eq!(ok(&["precompile", name, "--input", &hex::encode(input)]), expected);
        let addr = format!("0x{:02x}", p.address());
        assert_eq!(ok(&["precompile", &addr, "--input", &hex::encode(input)]), expected);
    }
    assert_eq!(
        ok(&["precompile", "bn254_add", "--input", &hex::encode(&add)]),
        ok(&["precompile", "bn254_mul", "--input", &hex::encode(&mul)]).replace("\n6000", "\n150")
    );
    // P256VERIFY on garbage: an empty output, not a failure.
    assert_eq!(ok(&["precompile", "p256verify", "--input", "00"]), "\n6900");
    assert_eq!(ok(&["precompile", "0x100", "--input", "00", "--json"]), "{\"output\":\"\",\"gas\":6900}");
}

#[test]
fn forks_and_gas() {
    // modexp 3^5 mod 7 = 5: the gas differs per fork.
    let mut input = vec![0u8; 96];
    input[31] = 1;
    input[63] = 1;
    input[95] = 1;
    input.extend([3, 5, 7]);
    let h = hex::encode(&input);
    assert_eq!(ok(&["precompile", "modexp", "--input", &h]), "05\n500");
    assert_eq!(ok(&["precompile", "modexp", "--input", &h, "--fork", "prague"]), "05\n200");
    assert_eq!(ok(&["precompile", "modexp", "--input", &h, "--fork", "Berlin"]), "05\n200");
    assert_eq!(ok(&["precompile", "modexp", "--input", &h, "--fork", "istanbul"]), "05\n0");
    // Not active before its fork.
    let e = fails(&["precompile", "p256verify", "--input", "", "--fork", "prague"]);
    assert!(e.contains("not active"), "{e}");
    fails(&["precompile", "bls12_g1add", "--input", "", "--fork", "cancun"]);
    // Gas limit.
    let e = fails(&["precompile", "bn254_mul", "--input", "", "--gas-limit", "5999"]);
    assert!(e.contains("out of gas"), "{e}");
    assert_eq!(
        ok(&["precompile", "bn254_mul", "--input", "", "--gas-limit", "6000"]),
        format!("{}\n6000", "0".repeat(128))
    );
}

#[test]
fn failures_exit_2() {
    // A point off the curve.
    let mut bad = vec![0u8; 128];
    bad[31] = 1;
    bad[63] = 3;
    let e = fails(&["precompile", "bn254_add", "--input", &hex::encode(&bad)]);
    assert!(e.starts_with("isochron: bn254_add failed: "), "{e}");
    let o = isochron(&["precompile", "bn254_add", "--input", &hex::encode(&bad), "--json"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "{\"error\":\"point is not on the curve\"}");
    // Wrong lengths.
    fails(&["precompile", "blake2f", "--input", "00"]);
    fails(&["precompile", "bls12_pairing", "--input", ""]);
    // Bad arguments.
    let e = fails(&["precompile", "keccak", "--input", ""]);
    assert!(e.contains("unknown precompile"), "{e}");
    fails(&["precompile", "0x12", "--input", ""]);
    fails(&["precompile", "sha256", "--input", "0x1"]);
    fails(&["precompile", "sha256", "--input", "zz"]);
    fails(&["precompile", "sha256", "--input", "", "--fork", "frontier"]);
    fails(&["precompile", "sha256"]);
}
