//! The Curve25519 ops compare the same work: on each op's fixture inputs, isochron (on both
//! field backends) and dalek compute the same output (public keys, signatures and shared
//! secrets byte for byte, the same encodings and sums, valid verdicts), and every verification
//! fails on a changed message.
#![cfg(feature = "peers")]

use isochron_bench::fixtures::Fixtures;
use isochron_bench::op::{C25519Op, Op};
use isochron_bench::peers::dalek;
use isochron_bench::{ops, registry};

#[test]
fn every_side_computes_the_same_output() {
    let fixtures = Fixtures::new();
    let mut compared = 0;
    for &op in registry::ALL {
        let Op::C25519(c, backend) = op else { continue };
        let inputs = ops::build(op, &fixtures).inputs;
        let verdict =
            matches!(c, C25519Op::Ed25519Verify | C25519Op::Ed25519VerifyStrict | C25519Op::Ed25519BatchVerify(_));
        let mut runs = vec![(inputs.clone(), true)];
        if verdict {
            let mut changed = inputs;
            changed[1][0] ^= 1;
            runs.push((changed, false));
        }
        for (x, valid) in runs {
            let ours = ops::c25519::kernel(c, backend, &x).1;
            let theirs = dalek::kernel(op, &x).expect("dalek has every Curve25519 op").1;
            assert_eq!(ours, theirs, "{op}");
            if verdict {
                assert_eq!(ours, [u8::from(valid)], "{op}");
            }
            compared += 1;
        }
    }
    assert!(compared >= 30);
}
