//! The secp256k1 and P-256 ops compare the same work: on each op's fixture inputs (the bytes
//! every side is given), isochron and every peer that has the op compute the same output
//! (signatures byte for byte, the same recovered and public keys and shared secrets, valid
//! verdicts), and again with the digest or message changed (every verification then fails,
//! signing and recovery still agree). Each side runs each op once or twice: cheap.
#![cfg(feature = "peers")]

use isochron_bench::fixtures::Fixtures;
use isochron_bench::op::{Op, SecCurve, SecOp};
use isochron_bench::peers::{k256, libsecp256k1, p256};
use isochron_bench::{ops, registry};

/// Each side's name and output of `op` on `inputs` (isochron's first).
fn outputs(op: Op, inputs: &[Vec<u8>]) -> Vec<(&'static str, Vec<u8>)> {
    let Op::Sec(curve, sec, backend) = op else { unreachable!("a secp256k1 or P-256 op") };
    let mut out = vec![("isochron", ops::sec::kernel(curve, sec, backend, inputs).1)];
    let peers = [
        ("libsecp256k1", libsecp256k1::kernel(op, inputs)),
        ("k256", k256::kernel(op, inputs)),
        ("p256", p256::kernel(op, inputs)),
    ];
    out.extend(peers.into_iter().filter_map(|(name, k)| Some((name, k?.1))));
    out
}

/// The length of `op`'s output encoding (`ops::sec`).
fn output_len(curve: SecCurve, op: SecOp) -> usize {
    match op {
        SecOp::Sign if curve == SecCurve::Secp256k1 => 65,
        SecOp::Sign | SecOp::SchnorrSign => 64,
        SecOp::Verify | SecOp::SchnorrVerify | SecOp::SchnorrBatchVerify(_) => 1,
        SecOp::Recover | SecOp::Pubkey => 33,
        SecOp::Ecdh => 32,
    }
}

#[test]
fn every_side_computes_the_same_output() {
    let fixtures = Fixtures::new();
    let mut compared = 0;
    for &op in registry::ALL {
        let Op::Sec(curve, sec, _) = op else { continue };
        let inputs = ops::build(op, &fixtures).inputs;
        let verdict = matches!(sec, SecOp::Verify | SecOp::SchnorrVerify | SecOp::SchnorrBatchVerify(_));
        // The digest or message is input 1 of these ops (of the first triple for the batch).
        let with_digest = !matches!(sec, SecOp::Ecdh | SecOp::Pubkey);
        let mut runs = vec![(inputs.clone(), true)];
        if with_digest {
            let mut changed = inputs;
            changed[1][0] ^= 1;
            runs.push((changed, false));
        }
        for (x, valid) in runs {
            let x = x.as_slice();
            let outs = outputs(op, x);
            let (_, ours) = &outs[0];
            assert_eq!(ours.len(), output_len(curve, sec), "{op}");
            if verdict {
                assert_eq!(*ours, [u8::from(valid)], "{op}: isochron's verdict");
            }
            for (name, theirs) in &outs[1..] {
                assert_eq!(theirs, ours, "{op}: {name} and isochron differ");
                compared += 1;
            }
        }
    }
    // secp256k1: libsecp256k1 and k256 on 7 ops, 5 of them twice; P-256: p256 on 3, 2 twice;
    // all of it for both field backends (the `_fiat` ops).
    assert_eq!(compared, 2 * (2 * (7 + 5) + (3 + 2)));
}
