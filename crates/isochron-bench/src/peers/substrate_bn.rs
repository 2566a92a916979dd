//! Parity's `substrate-bn` 0.6 kernels (BN254 / alt_bn128, pure Rust, variable time): the base
//! field, the groups through its `Group` trait, the Miller loop, final exponentiation and
//! pairing.

use ::substrate_bn::{Fq, Fr, Group, G1, G2};

use crate::timing::{chain, repeat, Kernel};

fn fq(bytes: &[u8]) -> Fq {
    Fq::from_slice(bytes).expect("a canonical Fp element")
}

fn fr(bytes: &[u8]) -> Fr {
    Fr::from_slice(bytes).expect("a canonical scalar")
}

/// `x ← x·y` in Fp, chained, on inputs `[x, y]`.
pub fn fp_mul(inputs: &[Vec<u8>]) -> Kernel {
    chain(fq(&inputs[0]), fq(&inputs[1]), |x, y| x * *y)
}

/// `x ← x·x` in Fp (substrate-bn exports no squaring), chained, on input `[x]`.
pub fn fp_square(inputs: &[Vec<u8>]) -> Kernel {
    chain(fq(&inputs[0]), (), |x, _| x * x)
}

/// `x ← x⁻¹` in Fp, chained, on input `[x]` (non-zero).
pub fn fp_inverse(inputs: &[Vec<u8>]) -> Kernel {
    chain(fq(&inputs[0]), (), |x, _| x.inverse().expect("non-zero input"))
}

/// `P = [a]G1`, `Q = [b]G2` from the op's two big-endian scalars.
fn points(inputs: &[Vec<u8>]) -> (G1, G2) {
    (G1::one() * fr(&inputs[0]), G2::one() * fr(&inputs[1]))
}

/// The Miller loop of `e(P, Q)` (`miller_loop_batch` of one pair, lines computed inside).
pub fn miller_loop(inputs: &[Vec<u8>]) -> Kernel {
    repeat(points(inputs), |(p, q)| ::substrate_bn::miller_loop_batch(&[(*q, *p)]).expect("affine points"))
}

/// The final exponentiation of the Miller loop of `e(P, Q)`.
pub fn final_exp(inputs: &[Vec<u8>]) -> Kernel {
    let (p, q) = points(inputs);
    let f = ::substrate_bn::miller_loop_batch(&[(q, p)]).expect("affine points");
    repeat(f, |f| f.final_exponentiation().expect("non-zero"))
}

/// `e(P, Q)`.
pub fn pairing(inputs: &[Vec<u8>]) -> Kernel {
    repeat(points(inputs), |(p, q)| ::substrate_bn::pairing(*p, *q))
}

/// Group arithmetic by `op` on `P = [a]G`, `Q = [b]G`: `add`, `double` as `x + x` (no
/// doubling is exported), and the one scalar multiplication for `mul_ct` and `mul_vartime`.
pub fn group<G: Group + 'static>(op: &str, inputs: &[Vec<u8>]) -> Kernel {
    let (a, k) = (fr(&inputs[0]), fr(&inputs[1]));
    let (p, q) = (G::one() * a, G::one() * k);
    match op {
        "add" => chain(p, q, |x, q| x + *q),
        "double" => chain(p, (), |x, _| x + x),
        "mul_ct" | "mul_vartime" => repeat((p, k), |(p, k)| *p * *k),
        _ => panic!("substrate-bn has no group op {op}"),
    }
}
