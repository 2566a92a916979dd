//! The registry: the list of ops ([`ALL`]), the filter over their names, and [`Case`], one op
//! made ready to measure: isochron's side from [`crate::ops`] and the kernels of every peer
//! that has the op, all on the same inputs.
//!
//! The op names key the figures of BENCHMARKS.md and seed each op's inputs, so the list (and
//! each op's peers) is pinned by `tests/pinned_ops.rs`.

use crate::fixtures::Fixtures;
use crate::op::{Backend, Op, SecCurve, SecOp};
use crate::ops;
use crate::peers::{self, Peer};
use crate::timing::{self, Kernel, Measurement};

/// Every op, in the order they run and print.
pub const ALL: &[Op] = {
    use crate::op::Backend::{Fiat, Native};
    use crate::op::C25519Op;
    use crate::op::Curve::*;
    use crate::op::Eip4844Op;
    use crate::op::Eip7594Op;
    use crate::op::EthBlsOp::*;
    use crate::op::EvmOp;
    use crate::op::Field::*;
    use crate::op::FieldOp::*;
    use crate::op::Group::*;
    use crate::op::GroupOp::*;
    use crate::op::PairingOp::*;
    use crate::op::SecCurve::*;
    &[
        Op::Field(Bls12_381, Fp, Mul),
        Op::Field(Bls12_381, Fp, Square),
        Op::Field(Bls12_381, Fp, Inverse),
        Op::Field(Bls12_381, Fp, Sqrt),
        Op::Field(Bls12_381, Fp2, Mul),
        Op::Field(Bls12_381, Fp2, Square),
        Op::Field(Bls12_381, Fp2, Inverse),
        Op::Field(Bls12_381, Fp12, Mul),
        Op::Field(Bls12_381, Fp12, Square),
        Op::Field(Bls12_381, Fp12, Inverse),
        Op::Field(Bls12_381, Fr, Mul),
        Op::Field(Bn254, Fp, Mul),
        Op::Field(Bn254, Fp, Square),
        Op::Field(Bn254, Fp, Inverse),
        Op::Pairing(Bls12_381, MillerLoop),
        Op::Pairing(Bls12_381, FinalExp),
        Op::Pairing(Bls12_381, Pairing),
        Op::Pairing(Bn254, MillerLoop),
        Op::Pairing(Bn254, FinalExp),
        Op::Pairing(Bn254, Pairing),
        Op::Pairing(Bls12_381, MultiPairing(2)),
        Op::Pairing(Bls12_381, MultiPairing(4)),
        Op::Pairing(Bls12_381, MultiPairing(8)),
        Op::Group(Bls12_381, G1, Add),
        Op::Group(Bls12_381, G1, Double),
        Op::Group(Bls12_381, G1, MulCt),
        Op::Group(Bls12_381, G1, MulVartime),
        Op::Group(Bls12_381, G1, SubgroupCheck),
        Op::Group(Bls12_381, G1, DecompressChecked),
        Op::Group(Bls12_381, G2, Add),
        Op::Group(Bls12_381, G2, Double),
        Op::Group(Bls12_381, G2, MulCt),
        Op::Group(Bls12_381, G2, MulVartime),
        Op::Group(Bls12_381, G2, SubgroupCheck),
        Op::Group(Bls12_381, G2, DecompressChecked),
        Op::Group(Bn254, G1, Add),
        Op::Group(Bn254, G1, Double),
        Op::Group(Bn254, G1, MulCt),
        Op::Group(Bn254, G1, MulVartime),
        Op::Group(Bn254, G2, Add),
        Op::Group(Bn254, G2, Double),
        Op::Group(Bn254, G2, MulCt),
        Op::Group(Bn254, G2, MulVartime),
        Op::HashToCurve(Bls12_381, G1),
        Op::HashToCurve(Bls12_381, G2),
        Op::EthBls(KeyGen),
        Op::EthBls(Sign),
        Op::EthBls(Verify),
        Op::EthBls(Aggregate(128)),
        Op::EthBls(FastAggregateVerify(128)),
        Op::EthBls(BatchVerify(6)),
        Op::EthBls(BatchVerify(60)),
        Op::EthBls(BatchVerify(180)),
        Op::EthBls(BatchVerifyParallel(6)),
        Op::EthBls(BatchVerifyParallel(60)),
        Op::EthBls(BatchVerifyParallel(180)),
        Op::EthBls(PubkeyDeserializeChecked),
        Op::EthBls(SignatureDeserializeChecked),
        Op::FrFft(Bls12_381, 4096),
        Op::FrFft(Bls12_381, 8192),
        Op::Eip4844(Eip4844Op::BlobToKzgCommitment),
        Op::Eip4844(Eip4844Op::ComputeKzgProof),
        Op::Eip4844(Eip4844Op::ComputeBlobKzgProof),
        Op::Eip4844(Eip4844Op::VerifyKzgProof),
        Op::Eip4844(Eip4844Op::VerifyBlobKzgProof),
        Op::Eip4844(Eip4844Op::VerifyBlobKzgProofBatch(1)),
        Op::Eip4844(Eip4844Op::VerifyBlobKzgProofBatch(8)),
        Op::Eip4844(Eip4844Op::VerifyBlobKzgProofBatch(64)),
        Op::Eip7594(Eip7594Op::ComputeCells),
        Op::Eip7594(Eip7594Op::ComputeCellsAndKzgProofs),
        Op::Eip7594(Eip7594Op::VerifyCellKzgProofBatch),
        Op::Eip7594(Eip7594Op::RecoverCellsAndKzgProofs),
        msm(Bls12_381, G1, 64, false),
        msm(Bls12_381, G1, 1024, false),
        msm(Bls12_381, G1, 4096, false),
        msm(Bls12_381, G1, 65536, false),
        msm(Bls12_381, G1, 262144, false),
        msm(Bls12_381, G1, 4096, true),
        msm(Bls12_381, G1, 65536, true),
        msm(Bls12_381, G1, 262144, true),
        msm(Bls12_381, G2, 64, false),
        msm(Bls12_381, G2, 4096, false),
        msm(Bls12_381, G2, 4096, true),
        msm(Bn254, G1, 4096, false),
        msm(Bn254, G1, 65536, false),
        msm(Bn254, G1, 262144, false),
        msm(Bn254, G1, 65536, true),
        msm(Bn254, G1, 262144, true),
        sec(Secp256k1, SecOp::Sign, Native),
        sec(Secp256k1, SecOp::Verify, Native),
        sec(Secp256k1, SecOp::Recover, Native),
        sec(Secp256k1, SecOp::SchnorrSign, Native),
        sec(Secp256k1, SecOp::SchnorrVerify, Native),
        sec(Secp256k1, SecOp::SchnorrBatchVerify(64), Native),
        sec(Secp256k1, SecOp::Ecdh, Native),
        sec(Secp256k1, SecOp::Pubkey, Native),
        sec(P256, SecOp::Sign, Native),
        sec(P256, SecOp::Verify, Native),
        sec(P256, SecOp::Ecdh, Native),
        sec(Secp256k1, SecOp::Sign, Fiat),
        sec(Secp256k1, SecOp::Verify, Fiat),
        sec(Secp256k1, SecOp::Recover, Fiat),
        sec(Secp256k1, SecOp::SchnorrSign, Fiat),
        sec(Secp256k1, SecOp::SchnorrVerify, Fiat),
        sec(Secp256k1, SecOp::SchnorrBatchVerify(64), Fiat),
        sec(Secp256k1, SecOp::Ecdh, Fiat),
        sec(Secp256k1, SecOp::Pubkey, Fiat),
        sec(P256, SecOp::Sign, Fiat),
        sec(P256, SecOp::Verify, Fiat),
        sec(P256, SecOp::Ecdh, Fiat),
        evm(EvmOp::Sha256(32)),
        evm(EvmOp::Sha256(64)),
        evm(EvmOp::Sha256(128)),
        evm(EvmOp::Sha256(256)),
        evm(EvmOp::Bn254Add),
        evm(EvmOp::Bn254Mul),
        evm(EvmOp::Bn254Pairing(1)),
        evm(EvmOp::Bn254Pairing(2)),
        evm(EvmOp::Bn254Pairing(4)),
        evm(EvmOp::Bn254Pairing(8)),
        evm(EvmOp::Bls12G1Add),
        evm(EvmOp::Bls12G2Add),
        evm(EvmOp::Bls12G1Msm(1)),
        evm(EvmOp::Bls12G1Msm(2)),
        evm(EvmOp::Bls12G1Msm(8)),
        evm(EvmOp::Bls12G1Msm(32)),
        evm(EvmOp::Bls12G1Msm(128)),
        evm(EvmOp::Bls12G2Msm(1)),
        evm(EvmOp::Bls12G2Msm(2)),
        evm(EvmOp::Bls12G2Msm(8)),
        evm(EvmOp::Bls12G2Msm(32)),
        evm(EvmOp::Bls12G2Msm(128)),
        evm(EvmOp::Bls12Pairing(1)),
        evm(EvmOp::Bls12Pairing(2)),
        evm(EvmOp::Bls12Pairing(4)),
        evm(EvmOp::Bls12Pairing(8)),
        evm(EvmOp::Bls12MapFpToG1),
        evm(EvmOp::Bls12MapFp2ToG2),
        evm(EvmOp::PointEvaluation),
        evm(EvmOp::Modexp(256)),
        evm(EvmOp::Modexp(1024)),
        evm(EvmOp::Modexp(2048)),
        evm(EvmOp::Modexp(4096)),
        evm(EvmOp::Ecrecover),
        evm(EvmOp::P256Verify),
        c25519(C25519Op::Ed25519Pubkey, Native),
        c25519(C25519Op::Ed25519Sign, Native),
        c25519(C25519Op::Ed25519Verify, Native),
        c25519(C25519Op::Ed25519VerifyStrict, Native),
        c25519(C25519Op::Ed25519BatchVerify(16), Native),
        c25519(C25519Op::Ed25519BatchVerify(64), Native),
        c25519(C25519Op::Ed25519BatchVerify(256), Native),
        c25519(C25519Op::X25519Pubkey, Native),
        c25519(C25519Op::X25519Shared, Native),
        c25519(C25519Op::RistrettoMulCt, Native),
        c25519(C25519Op::RistrettoEncode, Native),
        c25519(C25519Op::RistrettoDecode, Native),
        c25519(C25519Op::RistrettoFromUniformBytes, Native),
        c25519(C25519Op::EdwardsMsm(64), Native),
        c25519(C25519Op::EdwardsMsm(1024), Native),
        c25519(C25519Op::Ed25519Pubkey, Fiat),
        c25519(C25519Op::Ed25519Sign, Fiat),
        c25519(C25519Op::Ed25519Verify, Fiat),
        c25519(C25519Op::Ed25519VerifyStrict, Fiat),
        c25519(C25519Op::Ed25519BatchVerify(16), Fiat),
        c25519(C25519Op::Ed25519BatchVerify(64), Fiat),
        c25519(C25519Op::Ed25519BatchVerify(256), Fiat),
        c25519(C25519Op::X25519Pubkey, Fiat),
        c25519(C25519Op::X25519Shared, Fiat),
        c25519(C25519Op::RistrettoMulCt, Fiat),
        c25519(C25519Op::RistrettoEncode, Fiat),
        c25519(C25519Op::RistrettoDecode, Fiat),
        c25519(C25519Op::RistrettoFromUniformBytes, Fiat),
        c25519(C25519Op::EdwardsMsm(64), Fiat),
        c25519(C25519Op::EdwardsMsm(1024), Fiat),
    ]
};

/// `curve/operation` on isochron's own field kernels ([`Backend::Native`]) or, named `…_fiat`
/// on the same inputs and against the same peers, on fiat-crypto's ([`Backend::Fiat`]).
const fn sec(curve: SecCurve, op: SecOp, backend: Backend) -> Op {
    Op::Sec(curve, op, backend)
}

/// A Curve25519 op on isochron's own field kernels or (`…_fiat`) on fiat-crypto's, against
/// dalek.
const fn c25519(op: crate::op::C25519Op, backend: Backend) -> Op {
    Op::C25519(op, backend)
}

/// `evm/precompile[/size]`.
const fn evm(op: crate::op::EvmOp) -> Op {
    Op::Evm(op)
}

/// `curve/msm_group/n` (`_par` when `parallel`).
const fn msm(c: crate::op::Curve, g: crate::op::Group, n: usize, parallel: bool) -> Op {
    Op::Msm(c, g, crate::op::Msm { n, parallel })
}

/// Whether `op` is selected by `filters` (substrings of op names; none selects all).
pub fn selected(op: Op, filters: &[String]) -> bool {
    let name = op.name();
    filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str()))
}

/// The ops selected by `filters`, in the order of [`ALL`].
pub fn select(filters: &[String]) -> Vec<Op> {
    ALL.iter().copied().filter(|&op| selected(op, filters)).collect()
}

/// One op ready to measure: its inputs and the kernels of isochron and of its peers.
pub struct Case {
    /// What is measured.
    pub op: Op,
    /// The inputs every side runs on (canonical big-endian encodings, see [`ops::Side`]).
    pub inputs: Vec<Vec<u8>>,
    /// isochron's kernel.
    pub isochron: Kernel,
    /// Each peer's name and kernel, in the order of the peer list the case was built with.
    pub peers: Vec<(&'static str, Kernel)>,
    /// The gas of one operation (the `evm/…` ops).
    pub gas: Option<u64>,
}

impl Case {
    /// Builds `op`'s inputs and isochron's kernel, then the kernel of each of `peers` that has
    /// `op` (none for the `isochron bench` command, `peers::ALL` for the comparison).
    pub fn new(op: Op, peers: &[&dyn Peer], fixtures: &Fixtures) -> Self {
        let ops::Side { inputs, kernel } = ops::build(op, fixtures);
        let peers = peers::kernels(peers, op, &inputs, fixtures);
        let gas = match op {
            Op::Evm(e) => Some(ops::evm::gas(e, &inputs[0])),
            _ => None,
        };
        Self { op, inputs, isochron: kernel, peers, gas }
    }

    /// Times every side alternately for `rounds` rounds ([`timing::measure`]).
    pub fn measure(&mut self, rounds: usize) -> Measurement {
        let mut m = timing::measure(&self.op.name(), &mut self.isochron, &mut self.peers, rounds);
        m.gas = self.gas;
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::op::{Curve, Field, FieldOp};

    #[test]
    fn names_are_unique_and_lower_case() {
        let mut names: Vec<String> = ALL.iter().map(|op| op.name()).collect();
        // `curve/group_or_area/operation`, or `curve/operation` (e.g. `bls12_381/pairing`).
        assert!(names.iter().all(|n| matches!(n.split('/').count(), 2 | 3) && *n == n.to_lowercase()));
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ALL.len());
    }

    #[test]
    fn sec_names_carry_the_backend() {
        use crate::op::SecCurve::{Secp256k1, P256};
        assert_eq!(sec(Secp256k1, SecOp::Sign, Backend::Native).name(), "secp256k1/sign");
        assert_eq!(sec(P256, SecOp::Ecdh, Backend::Native).name(), "p256/ecdh");
        assert_eq!(Op::Sec(Secp256k1, SecOp::Verify, Backend::Fiat).name(), "secp256k1/verify_fiat");
        let batch = Op::Sec(Secp256k1, SecOp::SchnorrBatchVerify(64), Backend::Fiat);
        assert_eq!(batch.name(), "secp256k1/schnorr_batch_verify/64_fiat");
    }

    #[test]
    fn msm_inputs_cover_every_msm_op() {
        for &op in ALL {
            if let Op::Msm(c, g, m) = op {
                assert!(m.n <= ops::msm_inputs_size(c, g), "{op}");
            }
        }
        use crate::op::{Curve::*, Group::*};
        for (c, g) in [(Bls12_381, G1), (Bls12_381, G2), (Bn254, G1)] {
            assert!(ALL.contains(&msm(c, g, ops::msm_inputs_size(c, g), false)), "{}/{}", c.name(), g.name());
        }
    }

    #[test]
    fn filters_select_by_substring() {
        assert_eq!(select(&[]), ALL);
        let some = select(&["fp/mul".into(), "bn254".into()]);
        assert!(some.iter().all(|op| op.name().contains("fp/mul") || op.name().contains("bn254")));
        assert!(some.contains(&Op::Field(Curve::Bls12_381, Field::Fp, FieldOp::Mul)));
        assert!(select(&["no such op".into()]).is_empty());
    }

    #[test]
    fn every_op_builds_without_peers() {
        let fixtures = Fixtures::new();
        for &op in ALL {
            let case = Case::new(op, &[], &fixtures);
            assert!(case.peers.is_empty() && !case.inputs.is_empty(), "{op}");
        }
    }

    /// Every op of the registry has its peers attached (a peer's match missing an op would
    /// silently drop it otherwise): arkworks everywhere (serial MSMs only), blst on every BLS12-381 op, zkcrypto on the
    /// BLS12-381 ops its public API has (not the base-field towers), substrate-bn on every
    /// BN254 op; blst alone on the hashing and `eth_bls` ops (and its thread-pool batch,
    /// `blst-mt`, on the batches); arkworks (ark-poly) alone on the FFTs; c-kzg and (in the
    /// `rust-eth-kzg` build) rust-eth-kzg on the `eip4844` and `eip7594` ops, and their width-8
    /// configurations on the two `eip7594` ops that compute cell proofs; libsecp256k1 and k256
    /// on the secp256k1 ops, p256 on the P-256 ops, none on the BIP-340 batch.
    #[test]
    #[cfg(feature = "peers")]
    fn every_op_has_its_peers() {
        use crate::op::{Curve, Eip7594Op, EthBlsOp, Field};
        let fixtures = Fixtures::new();
        for &op in ALL {
            let case = Case::new(op, peers::ALL, &fixtures);
            let names: Vec<&str> = case.peers.iter().map(|(n, _)| *n).collect();
            let built = |p: &&&str| cfg!(feature = "rust-eth-kzg") || !p.starts_with("rust-eth-kzg");
            let expected: &[&str] = match op {
                Op::EthBls(EthBlsOp::BatchVerify(_) | EthBlsOp::BatchVerifyParallel(_)) => &["blst", "blst-mt"],
                Op::EthBls(_) | Op::HashToCurve(..) => &["blst"],
                Op::FrFft(..) => &["arkworks"],
                Op::Eip7594(Eip7594Op::ComputeCellsAndKzgProofs | Eip7594Op::RecoverCellsAndKzgProofs) => {
                    &["c-kzg", "c-kzg-w8", "rust-eth-kzg", "rust-eth-kzg-w8"]
                }
                Op::Eip4844(_) | Op::Eip7594(_) => &["c-kzg", "rust-eth-kzg"],
                // arkworks is built without `parallel`: serial MSMs only.
                Op::Msm(Curve::Bls12_381, _, m) if m.parallel => &["blst"],
                Op::Msm(Curve::Bls12_381, ..) => &["blst", "arkworks"],
                Op::Msm(Curve::Bn254, _, m) if m.parallel => &[],
                Op::Msm(Curve::Bn254, ..) => &["arkworks"],
                Op::Field(Curve::Bn254, ..) | Op::Group(Curve::Bn254, ..) | Op::Pairing(Curve::Bn254, _) => {
                    &["arkworks", "substrate-bn"]
                }
                Op::Field(Curve::Bls12_381, Field::Fp | Field::Fp2 | Field::Fp12, _) => &["blst", "arkworks"],
                // No peer crate has BIP-340 batch verification.
                Op::Sec(_, SecOp::SchnorrBatchVerify(_), _) => &[],
                Op::Sec(SecCurve::Secp256k1, ..) => &["libsecp256k1", "k256"],
                Op::Sec(SecCurve::P256, ..) => &["p256"],
                Op::Evm(_) => &["revm"],
                Op::C25519(..) => &["dalek"],
                _ => &["blst", "arkworks", "zkcrypto"],
            };
            let expected: Vec<&str> = expected.iter().filter(built).copied().collect();
            assert_eq!(names, expected, "{op}");
        }
    }
}
