//! The peers of the comparison benchmark (DESIGN.md §3), each building its kernel for an op
//! from the op's inputs (canonical big-endian bytes): [`blst`] 0.3.17 (C and assembly, through
//! its exported functions), [`arkworks`] 0.6 (with its `asm` multiplication), [`zkcrypto`]'s
//! `bls12_381` 0.9 and [`substrate_bn`] 0.6 (BN254).
//!
//! A peer with a single scalar multiplication is attached to both `mul_ct` and `mul_vartime`:
//! blst's `blst_p*_mult` and zkcrypto's `*` are constant time, arkworks' and substrate-bn's
//! are variable time (double-and-add over the scalar's bits).

pub mod arkworks;
pub mod blst;
pub mod blst_bls;
pub mod substrate_bn;
pub mod zkcrypto;

use ::blst as c;
use ark_bls12_381 as ark381;
use ark_bn254 as ark254;

use crate::ops::Op;

/// Attaches every peer that implements `op` (by name), in a fixed order: blst, then arkworks.
pub fn attach(op: &mut Op) {
    let x = &op.inputs;
    let last = op.name.rsplit('/').next().unwrap_or_default();
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
        "bls12_381/fr/mul" => vec![
            ("blst", blst::mul::<c::blst_fr>(x)),
            ("arkworks", arkworks::mul::<ark381::Fr>(x)),
            ("zkcrypto", zkcrypto::fr_mul(x)),
        ],
        "bn254/fp/mul" => vec![("arkworks", arkworks::mul::<ark254::Fq>(x)), ("substrate-bn", substrate_bn::fp_mul(x))],
        "bn254/fp/square" => {
            vec![("arkworks", arkworks::square::<ark254::Fq>(x)), ("substrate-bn", substrate_bn::fp_square(x))]
        }
        "bn254/fp/inverse" => {
            vec![("arkworks", arkworks::inverse::<ark254::Fq>(x)), ("substrate-bn", substrate_bn::fp_inverse(x))]
        }
        "bls12_381/miller_loop" => vec![
            ("blst", blst::miller_loop(x)),
            ("arkworks", arkworks::miller_loop::<ark381::Bls12_381>(x)),
            ("zkcrypto", zkcrypto::miller_loop(x)),
        ],
        "bls12_381/final_exp" => vec![
            ("blst", blst::final_exp(x)),
            ("arkworks", arkworks::final_exp::<ark381::Bls12_381>(x)),
            ("zkcrypto", zkcrypto::final_exp(x)),
        ],
        "bls12_381/pairing" => vec![
            ("blst", blst::pairing(x)),
            ("arkworks", arkworks::pairing::<ark381::Bls12_381>(x)),
            ("zkcrypto", zkcrypto::pairing(x)),
        ],
        "bn254/miller_loop" => vec![
            ("arkworks", arkworks::miller_loop::<ark254::Bn254>(x)),
            ("substrate-bn", substrate_bn::miller_loop(x)),
        ],
        "bn254/final_exp" => {
            vec![("arkworks", arkworks::final_exp::<ark254::Bn254>(x)), ("substrate-bn", substrate_bn::final_exp(x))]
        }
        "bn254/pairing" => {
            vec![("arkworks", arkworks::pairing::<ark254::Bn254>(x)), ("substrate-bn", substrate_bn::pairing(x))]
        }
        n if n.starts_with("bls12_381/multi_pairing/") => vec![
            ("blst", blst::multi_pairing(x)),
            ("arkworks", arkworks::multi_pairing::<ark381::Bls12_381>(x)),
            ("zkcrypto", zkcrypto::multi_pairing(x)),
        ],
        n if n.starts_with("bls12_381/g1/") => match last {
            "subgroup_check" => vec![
                ("blst", blst::subgroup_check::<c::blst_p1>(x)),
                ("arkworks", arkworks::subgroup_check::<ark381::g1::Config>(x)),
                ("zkcrypto", zkcrypto::subgroup_check::<::bls12_381::G1Projective>(x)),
            ],
            "decompress_checked" => vec![
                ("blst", blst::decompress_checked::<c::blst_p1>(x)),
                ("arkworks", arkworks::decompress_checked::<ark381::g1::Config>(x)),
                ("zkcrypto", zkcrypto::decompress_checked::<::bls12_381::G1Projective>(x)),
            ],
            _ => vec![
                ("blst", blst::group::<c::blst_p1>(last, x)),
                ("arkworks", arkworks::group::<ark381::g1::Config>(last, x)),
                ("zkcrypto", zkcrypto::group::<::bls12_381::G1Projective>(last, x)),
            ],
        },
        n if n.starts_with("bls12_381/g2/") => match last {
            "subgroup_check" => vec![
                ("blst", blst::subgroup_check::<c::blst_p2>(x)),
                ("arkworks", arkworks::subgroup_check::<ark381::g2::Config>(x)),
                ("zkcrypto", zkcrypto::subgroup_check::<::bls12_381::G2Projective>(x)),
            ],
            "decompress_checked" => vec![
                ("blst", blst::decompress_checked::<c::blst_p2>(x)),
                ("arkworks", arkworks::decompress_checked::<ark381::g2::Config>(x)),
                ("zkcrypto", zkcrypto::decompress_checked::<::bls12_381::G2Projective>(x)),
            ],
            _ => vec![
                ("blst", blst::group::<c::blst_p2>(last, x)),
                ("arkworks", arkworks::group::<ark381::g2::Config>(last, x)),
                ("zkcrypto", zkcrypto::group::<::bls12_381::G2Projective>(last, x)),
            ],
        },
        "bls12_381/hash_to_g1" => vec![("blst", blst_bls::hash_to_g1(x))],
        "bls12_381/hash_to_g2" => vec![("blst", blst_bls::hash_to_g2(x))],
        n if n.starts_with("eth_bls/batch_verify") => {
            let op = n.trim_start_matches("eth_bls/");
            vec![("blst", blst_bls::eth_bls(op, x, false)), ("blst-mt", blst_bls::eth_bls(op, x, true))]
        }
        n if n.starts_with("eth_bls/") => vec![("blst", blst_bls::eth_bls(n.trim_start_matches("eth_bls/"), x, false))],
        n if n.starts_with("bn254/g1/") => vec![
            ("arkworks", arkworks::group::<ark254::g1::Config>(last, x)),
            ("substrate-bn", substrate_bn::group::<::substrate_bn::G1>(last, x)),
        ],
        n if n.starts_with("bn254/g2/") => vec![
            ("arkworks", arkworks::group::<ark254::g2::Config>(last, x)),
            ("substrate-bn", substrate_bn::group::<::substrate_bn::G2>(last, x)),
        ],
        _ => vec![],
    };
    op.peers.extend(peers);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops;

    /// Every op of the registry has its peers attached (a typo in a name above would silently
    /// drop them otherwise): arkworks everywhere, blst on every BLS12-381 op, zkcrypto on the
    /// BLS12-381 ops its public API has (not the base-field towers), substrate-bn on every
    /// BN254 op; blst alone on the hashing and `eth_bls` ops (and its thread-pool batch,
    /// `blst-mt`, on the batches).
    #[test]
    fn every_op_has_its_peers() {
        for mut op in ops::build(&[]) {
            attach(&mut op);
            let names: Vec<&str> = op.peers.iter().map(|(n, _)| *n).collect();
            let expected: &[&str] = if op.name.starts_with("eth_bls/batch_verify") {
                &["blst", "blst-mt"]
            } else if op.name.starts_with("eth_bls/") || op.name.contains("/hash_to_g") {
                &["blst"]
            } else if op.name.starts_with("bn254/") {
                &["arkworks", "substrate-bn"]
            } else if op.name.starts_with("bls12_381/fp") {
                &["blst", "arkworks"]
            } else {
                &["blst", "arkworks", "zkcrypto"]
            };
            assert_eq!(names, expected, "{}", op.name);
        }
    }
}
