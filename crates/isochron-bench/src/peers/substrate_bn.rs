//! Parity's `substrate-bn` 0.6 kernels (BN254 / alt_bn128, pure Rust, variable time): the base
//! field, the groups through its `Group` trait, the Miller loop, final exponentiation and
//! pairing.

use ::substrate_bn::{Fq, Fr, Group, G1, G2};

use super::Peer;
use crate::fixtures::Fixtures;
use crate::op::{self, Curve, Field, FieldOp, GroupOp, Op, PairingOp};
use crate::timing::{chain, repeat, Kernel};

/// substrate-bn: BN254's base field arithmetic, groups and single pairings.
pub struct SubstrateBn;

impl Peer for SubstrateBn {
    fn name(&self) -> &'static str {
        "substrate-bn"
    }

    fn kernel(&self, op: Op, x: &[Vec<u8>], _: &Fixtures) -> Option<Kernel> {
        match op {
            Op::Field(Curve::Bn254, Field::Fp, f) => match f {
                FieldOp::Mul => Some(fp_mul(x)),
                FieldOp::Square => Some(fp_square(x)),
                FieldOp::Inverse => Some(fp_inverse(x)),
                FieldOp::Sqrt => None,
            },
            Op::Pairing(Curve::Bn254, p) => match p {
                PairingOp::MillerLoop => Some(miller_loop(x)),
                PairingOp::FinalExp => Some(final_exp(x)),
                PairingOp::Pairing => Some(pairing(x)),
                PairingOp::MultiPairing(_) => None,
            },
            Op::Group(Curve::Bn254, op::Group::G1, g) => group::<G1>(g, x),
            Op::Group(Curve::Bn254, op::Group::G2, g) => group::<G2>(g, x),
            _ => None,
        }
    }
}

fn fq(bytes: &[u8]) -> Fq {
    Fq::from_slice(bytes).expect("a canonical Fp element")
}

fn fr(bytes: &[u8]) -> Fr {
    Fr::from_slice(bytes).expect("a canonical scalar")
}

/// `x ← x·y` in Fp, chained, on inputs `[x, y]`.
fn fp_mul(inputs: &[Vec<u8>]) -> Kernel {
    chain(fq(&inputs[0]), fq(&inputs[1]), |x, y| x * *y)
}

/// `x ← x·x` in Fp (substrate-bn exports no squaring), chained, on input `[x]`.
fn fp_square(inputs: &[Vec<u8>]) -> Kernel {
    chain(fq(&inputs[0]), (), |x, _| x * x)
}

/// `x ← x⁻¹` in Fp, chained, on input `[x]` (non-zero).
fn fp_inverse(inputs: &[Vec<u8>]) -> Kernel {
    chain(fq(&inputs[0]), (), |x, _| x.inverse().expect("non-zero input"))
}

/// `P = [a]G1`, `Q = [b]G2` from the op's two big-endian scalars.
fn points(inputs: &[Vec<u8>]) -> (G1, G2) {
    (G1::one() * fr(&inputs[0]), G2::one() * fr(&inputs[1]))
}

/// The Miller loop of `e(P, Q)` (`miller_loop_batch` of one pair, lines computed inside).
fn miller_loop(inputs: &[Vec<u8>]) -> Kernel {
    repeat(points(inputs), |(p, q)| ::substrate_bn::miller_loop_batch(&[(*q, *p)]).expect("affine points"))
}

/// The final exponentiation of the Miller loop of `e(P, Q)`.
fn final_exp(inputs: &[Vec<u8>]) -> Kernel {
    let (p, q) = points(inputs);
    let f = ::substrate_bn::miller_loop_batch(&[(q, p)]).expect("affine points");
    repeat(f, |f| f.final_exponentiation().expect("non-zero"))
}

/// `e(P, Q)`.
fn pairing(inputs: &[Vec<u8>]) -> Kernel {
    repeat(points(inputs), |(p, q)| ::substrate_bn::pairing(*p, *q))
}

/// Group arithmetic on `P = [a]G`, `Q = [b]G`: `add`, `double` as `x + x` (no doubling is
/// exported), and the one scalar multiplication for `mul_ct` and `mul_vartime`; no subgroup
/// check or compressed encoding.
pub fn group<G: Group + 'static>(op: GroupOp, inputs: &[Vec<u8>]) -> Option<Kernel> {
    if matches!(op, GroupOp::SubgroupCheck | GroupOp::DecompressChecked) {
        return None;
    }
    let (a, k) = (fr(&inputs[0]), fr(&inputs[1]));
    let (p, q) = (G::one() * a, G::one() * k);
    Some(match op {
        GroupOp::Add => chain(p, q, |x, q| x + *q),
        GroupOp::Double => chain(p, (), |x, _| x + x),
        GroupOp::MulCt | GroupOp::MulVartime => repeat((p, k), |(p, k)| *p * *k),
        GroupOp::SubgroupCheck | GroupOp::DecompressChecked => unreachable!("returned above"),
    })
}
