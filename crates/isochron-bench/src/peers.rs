//! The peers of the comparison benchmark (DESIGN.md §3), each building its kernel for an op
//! from the op's inputs (canonical big-endian bytes): [`blst`] 0.3.17 (C and assembly, through
//! its exported functions) and [`arkworks`] 0.6 (with its `asm` multiplication).

pub mod arkworks;
pub mod blst;

use ::blst as c;
use ark_bls12_381 as ark381;
use ark_bn254 as ark254;

use crate::ops::Op;

/// Attaches every peer that implements `op` (by name), in a fixed order: blst, then arkworks.
pub fn attach(op: &mut Op) {
    let x = &op.inputs;
    let peers = match op.name {
        "bls12_381/fp/mul" => vec![("blst", blst::mul::<c::blst_fp>(x)), ("arkworks", arkworks::mul::<ark381::Fq>(x))],
        "bls12_381/fp/square" => {
            vec![("blst", blst::square::<c::blst_fp>(x)), ("arkworks", arkworks::square::<ark381::Fq>(x))]
        }
        "bls12_381/fp/inverse" => {
            vec![("blst", blst::inverse::<c::blst_fp>(x)), ("arkworks", arkworks::inverse::<ark381::Fq>(x))]
        }
        "bls12_381/fp/sqrt" => vec![("blst", blst::fp_sqrt(x)), ("arkworks", arkworks::sqrt::<ark381::Fq>(x))],
        "bls12_381/fp2/mul" => {
            vec![("blst", blst::mul::<c::blst_fp2>(x)), ("arkworks", arkworks::mul::<ark381::Fq2>(x))]
        }
        "bls12_381/fp2/square" => {
            vec![("blst", blst::square::<c::blst_fp2>(x)), ("arkworks", arkworks::square::<ark381::Fq2>(x))]
        }
        "bls12_381/fp2/inverse" => {
            vec![("blst", blst::inverse::<c::blst_fp2>(x)), ("arkworks", arkworks::inverse::<ark381::Fq2>(x))]
        }
        "bls12_381/fp12/mul" => {
            vec![("blst", blst::mul::<c::blst_fp12>(x)), ("arkworks", arkworks::mul::<ark381::Fq12>(x))]
        }
        "bls12_381/fp12/square" => {
            vec![("blst", blst::square::<c::blst_fp12>(x)), ("arkworks", arkworks::square::<ark381::Fq12>(x))]
        }
        "bls12_381/fp12/inverse" => {
            vec![("blst", blst::inverse::<c::blst_fp12>(x)), ("arkworks", arkworks::inverse::<ark381::Fq12>(x))]
        }
        "bls12_381/fr/mul" => vec![("blst", blst::mul::<c::blst_fr>(x)), ("arkworks", arkworks::mul::<ark381::Fr>(x))],
        "bn254/fp/mul" => vec![("arkworks", arkworks::mul::<ark254::Fq>(x))],
        "bn254/fp/square" => vec![("arkworks", arkworks::square::<ark254::Fq>(x))],
        "bn254/fp/inverse" => vec![("arkworks", arkworks::inverse::<ark254::Fq>(x))],
        "bls12_381/miller_loop" => {
            vec![("blst", blst::miller_loop(x)), ("arkworks", arkworks::miller_loop::<ark381::Bls12_381>(x))]
        }
        "bls12_381/final_exp" => {
            vec![("blst", blst::final_exp(x)), ("arkworks", arkworks::final_exp::<ark381::Bls12_381>(x))]
        }
        "bls12_381/pairing" => {
            vec![("blst", blst::pairing(x)), ("arkworks", arkworks::pairing::<ark381::Bls12_381>(x))]
        }
        "bn254/pairing" => vec![("arkworks", arkworks::pairing::<ark254::Bn254>(x))],
        _ => vec![],
    };
    op.peers.extend(peers);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops;

    /// Every op of the registry that blst or arkworks implements has them attached (a typo in
    /// a name above would silently drop a peer otherwise).
    #[test]
    fn every_op_has_its_peers() {
        for mut op in ops::build(&[]) {
            attach(&mut op);
            let names: Vec<&str> = op.peers.iter().map(|(n, _)| *n).collect();
            let expected: &[&str] = if op.name.starts_with("bn254/") { &["arkworks"] } else { &["blst", "arkworks"] };
            assert_eq!(names, expected, "{}", op.name);
        }
    }
}
