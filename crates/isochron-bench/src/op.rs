//! What the benchmark measures, as types: an [`Op`] says which curve (or protocol), which area
//! and which operation, and its name (DESIGN.md §3: `curve/group_or_area/operation`, e.g.
//! `bls12_381/fp/mul`, `bn254/g1/mul_ct`, `eth_bls/batch_verify/60`) is printed from that
//! description, never parsed back. isochron's kernels ([`crate::ops`]) and the peers
//! ([`crate::peers`]) match on the description to decide what to run.
//!
//! The list of ops is [`crate::registry::ALL`].

use core::fmt;

/// The curve an op works on (the first part of its name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Curve {
    /// BLS12-381: `bls12_381`.
    Bls12_381,
    /// BN254 (alt_bn128): `bn254`.
    Bn254,
}

/// A field of a curve's tower or its scalar field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// The base field: `fp`.
    Fp,
    /// Its quadratic extension: `fp2`.
    Fp2,
    /// The pairing's target field: `fp12`.
    Fp12,
    /// The scalar field: `fr`.
    Fr,
}

/// An operation on field elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FieldOp {
    /// `x ← x·y`, chained: `mul`.
    Mul,
    /// `x ← x²`, chained: `square`.
    Square,
    /// `x ← x⁻¹` (constant time), chained: `inverse`.
    Inverse,
    /// A square root of the same square, repeated: `sqrt`.
    Sqrt,
}

/// One of a pairing-friendly curve's two groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// The group over the base field: `g1`.
    G1,
    /// The group over the twist's field: `g2`.
    G2,
}

/// An operation on the points `P = [a]G`, `Q = [b]G` of a group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupOp {
    /// `x ← x + Q`, chained: `add`.
    Add,
    /// `x ← 2x`, chained: `double`.
    Double,
    /// `[b]P`, constant time: `mul_ct`.
    MulCt,
    /// `[b]P`, variable time: `mul_vartime`.
    MulVartime,
    /// Whether the affine `P` is in the prime-order subgroup: `subgroup_check`.
    SubgroupCheck,
    /// Decoding the compressed `P` with every check: `decompress_checked`.
    DecompressChecked,
}

/// A pairing computation on `P = [a]G1`, `Q = [b]G2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PairingOp {
    /// The Miller loop of `e(P, Q)`: `miller_loop`.
    MillerLoop,
    /// The final exponentiation of that Miller loop's value: `final_exp`.
    FinalExp,
    /// `e(P, Q)`: `pairing`.
    Pairing,
    /// The product of `n` pairings (one multi-Miller loop, one final exponentiation):
    /// `multi_pairing/n`.
    MultiPairing(usize),
}

/// An operation of the Ethereum BLS signature ciphersuite (`isochron::bls::eth`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EthBlsOp {
    /// Key generation from 32 bytes of IKM: `keygen`.
    KeyGen,
    /// Signing a 32-byte message: `sign`.
    Sign,
    /// Verifying one signature: `verify`.
    Verify,
    /// Aggregating `n` signatures: `aggregate_n`.
    Aggregate(usize),
    /// Verifying an aggregate of `n` signatures of one message: `fast_aggregate_verify_n`.
    FastAggregateVerify(usize),
    /// Verifying `n` signature sets at once, on one thread: `batch_verify/n`.
    BatchVerify(usize),
    /// Verifying `n` signature sets at once, on every thread: `batch_verify_parallel/n`.
    BatchVerifyParallel(usize),
    /// Decoding a public key with its checks: `pubkey_deserialize_checked`.
    PubkeyDeserializeChecked,
    /// Decoding a signature with its checks: `signature_deserialize_checked`.
    SignatureDeserializeChecked,
}

/// An operation of EIP-4844 KZG (`isochron::protocols::eip4844`, mainnet setup) on random
/// canonical blobs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Eip4844Op {
    /// `blob_to_kzg_commitment`.
    BlobToKzgCommitment,
    /// `compute_kzg_proof` at a random point.
    ComputeKzgProof,
    /// `compute_blob_kzg_proof`.
    ComputeBlobKzgProof,
    /// `verify_kzg_proof`.
    VerifyKzgProof,
    /// `verify_blob_kzg_proof`.
    VerifyBlobKzgProof,
    /// `verify_blob_kzg_proof_batch` of `n` blobs: `verify_blob_kzg_proof_batch/n`.
    VerifyBlobKzgProofBatch(usize),
}

/// An operation of EIP-7594 (PeerDAS) cell KZG (`isochron::protocols::eip7594`, mainnet setup)
/// on one random canonical blob and its 128 cells, named by the spec's function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Eip7594Op {
    /// `compute_cells`: the blob's 128 cells.
    ComputeCells,
    /// `compute_cells_and_kzg_proofs`: the blob's 128 cells and their proofs.
    ComputeCellsAndKzgProofs,
    /// `verify_cell_kzg_proof_batch` of the blob's 128 cells with their proofs (the blob's
    /// commitment repeated 128 times).
    VerifyCellKzgProofBatch,
    /// `recover_cells_and_kzg_proofs` from half the cells (the 64 even indices, ascending).
    RecoverCellsAndKzgProofs,
}

/// A multi-scalar multiplication `Σ [kᵢ]·Pᵢ` of `n` random points and scalars of a group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Msm {
    /// The number of points.
    pub n: usize,
    /// On every thread (`n_par`) rather than one (`n`).
    pub parallel: bool,
}

impl fmt::Display for Msm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.n, if self.parallel { "_par" } else { "" })
    }
}

/// A curve of SEC 2 on which the key and signature ops run (the first part of their names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SecCurve {
    /// secp256k1 (Bitcoin, Ethereum): `secp256k1`.
    Secp256k1,
    /// P-256 (secp256r1, NIST P-256): `p256`.
    P256,
}

/// An operation of ECDSA, BIP-340 Schnorr or ECDH on a [`SecCurve`], on random keys and
/// 32-byte messages. Keys, signatures and peer keys are decoded outside the timed loop unless
/// said otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SecOp {
    /// ECDSA signing of a 32-byte digest (RFC 6979 nonce; low `s` and a recovery id on
    /// secp256k1): `sign`.
    Sign,
    /// ECDSA verification of a signature on a 32-byte digest with a decoded public key:
    /// `verify`.
    Verify,
    /// ECDSA public-key recovery from a digest, a signature and its recovery id: `recover`.
    Recover,
    /// BIP-340 signing of a 32-byte message with 32 bytes of auxiliary randomness:
    /// `schnorr_sign`.
    SchnorrSign,
    /// BIP-340 verification of a signature (from its 64 bytes) with a decoded x-only key:
    /// `schnorr_verify`.
    SchnorrVerify,
    /// BIP-340 batch verification of `n` distinct (key, message, signature) triples:
    /// `schnorr_batch_verify/n`.
    SchnorrBatchVerify(usize),
    /// ECDH: the shared secret's x-coordinate from a secret key and a decoded public key:
    /// `ecdh`.
    Ecdh,
    /// The public key (a point) of a 32-byte secret key, decoding included: `pubkey`.
    Pubkey,
}

/// The field arithmetic isochron runs a [`SecCurve`] op on; it suffixes the op's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Backend {
    /// isochron's own field kernels: no suffix.
    Native,
    /// The fiat-crypto generated field arithmetic (`isochron`'s `fiat` feature, issue 12
    /// item 2): the suffix `_fiat`, e.g. `secp256k1/sign_fiat`,
    /// `secp256k1/schnorr_batch_verify/64_fiat`.
    Fiat,
}

/// An EVM precompile call (`isochron::protocols::evm`, Osaka rules) on a valid input of the
/// given size: `evm/precompile[/size]`. Its report carries the call's gas and the throughput in
/// MGas/s of each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EvmOp {
    /// 0x02 on `n` random bytes: `sha256/n`.
    Sha256(usize),
    /// 0x06 on two random points: `bn254_add`.
    Bn254Add,
    /// 0x07 on a random point and a random 256-bit scalar: `bn254_mul`.
    Bn254Mul,
    /// 0x08 on `k` random pairs: `bn254_pairing/k`.
    Bn254Pairing(usize),
    /// 0x0b on two random points: `bls12_g1add`.
    Bls12G1Add,
    /// 0x0d on two random points: `bls12_g2add`.
    Bls12G2Add,
    /// 0x0c on `k` random points and scalars: `bls12_g1msm/k`.
    Bls12G1Msm(usize),
    /// 0x0e on `k` random points and scalars: `bls12_g2msm/k`.
    Bls12G2Msm(usize),
    /// 0x0f on `k` random pairs: `bls12_pairing/k`.
    Bls12Pairing(usize),
    /// 0x10 on a random field element: `bls12_map_fp_to_g1`.
    Bls12MapFpToG1,
    /// 0x11 on a random Fp2 element: `bls12_map_fp2_to_g2`.
    Bls12MapFp2ToG2,
    /// 0x0a on a valid proof of a random blob at a random point: `point_evaluation`.
    PointEvaluation,
    /// 0x05 with a random base, exponent and odd modulus of `n` bits each: `modexp/n`.
    Modexp(usize),
    /// 0x01 on a valid signature: `ecrecover`.
    Ecrecover,
    /// 0x100 on a valid signature: `p256verify`.
    P256Verify,
}

impl EvmOp {
    /// The precompile the op calls.
    pub const fn precompile(self) -> isochron::protocols::evm::Precompile {
        use isochron::protocols::evm::Precompile as P;
        match self {
            Self::Sha256(_) => P::Sha256,
            Self::Bn254Add => P::Bn254Add,
            Self::Bn254Mul => P::Bn254Mul,
            Self::Bn254Pairing(_) => P::Bn254Pairing,
            Self::Bls12G1Add => P::Bls12G1Add,
            Self::Bls12G2Add => P::Bls12G2Add,
            Self::Bls12G1Msm(_) => P::Bls12G1Msm,
            Self::Bls12G2Msm(_) => P::Bls12G2Msm,
            Self::Bls12Pairing(_) => P::Bls12Pairing,
            Self::Bls12MapFpToG1 => P::Bls12MapFpToG1,
            Self::Bls12MapFp2ToG2 => P::Bls12MapFp2ToG2,
            Self::PointEvaluation => P::PointEvaluation,
            Self::Modexp(_) => P::Modexp,
            Self::Ecrecover => P::Ecrecover,
            Self::P256Verify => P::P256Verify,
        }
    }

    /// The size part of the name, if any.
    pub const fn size(self) -> Option<usize> {
        match self {
            Self::Sha256(n)
            | Self::Bn254Pairing(n)
            | Self::Bls12G1Msm(n)
            | Self::Bls12G2Msm(n)
            | Self::Bls12Pairing(n)
            | Self::Modexp(n) => Some(n),
            _ => None,
        }
    }
}

impl fmt::Display for EvmOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.precompile().name())?;
        match self.size() {
            Some(n) => write!(f, "/{n}"),
            None => Ok(()),
        }
    }
}

/// An operation on Curve25519 (issue 14) on random keys and 32-byte messages, against the
/// dalek crates; the first part of its name is the scheme or group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum C25519Op {
    /// Ed25519 public key from a 32-byte seed: `ed25519/pubkey`.
    Ed25519Pubkey,
    /// Ed25519 signing of a 32-byte message with an expanded key: `ed25519/sign`.
    Ed25519Sign,
    /// RFC 8032 verification with a decoded key: `ed25519/verify`.
    Ed25519Verify,
    /// Strict verification (small-order `A`, `R` rejected) with a decoded key:
    /// `ed25519/verify_strict`.
    Ed25519VerifyStrict,
    /// Batch verification of `n` (key, message, signature) triples from their bytes:
    /// `ed25519/batch_verify/n` (on one thread).
    Ed25519BatchVerify(usize),
    /// X25519 public key of a 32-byte secret: `x25519/pubkey`.
    X25519Pubkey,
    /// X25519 shared secret from a secret and a peer's public key: `x25519/shared`.
    X25519Shared,
    /// Constant-time `[k]P` on Ristretto255: `ristretto255/mul_ct`.
    RistrettoMulCt,
    /// Encoding a Ristretto255 point: `ristretto255/encode`.
    RistrettoEncode,
    /// Decoding a Ristretto255 encoding: `ristretto255/decode`.
    RistrettoDecode,
    /// RFC 9496's one-way map from 64 bytes: `ristretto255/from_uniform_bytes`.
    RistrettoFromUniformBytes,
    /// Variable-time multiscalar multiplication of `n` Edwards25519 points:
    /// `edwards25519/msm/n`.
    EdwardsMsm(usize),
}

impl fmt::Display for C25519Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Ed25519Pubkey => f.write_str("ed25519/pubkey"),
            Self::Ed25519Sign => f.write_str("ed25519/sign"),
            Self::Ed25519Verify => f.write_str("ed25519/verify"),
            Self::Ed25519VerifyStrict => f.write_str("ed25519/verify_strict"),
            Self::Ed25519BatchVerify(n) => write!(f, "ed25519/batch_verify/{n}"),
            Self::X25519Pubkey => f.write_str("x25519/pubkey"),
            Self::X25519Shared => f.write_str("x25519/shared"),
            Self::RistrettoMulCt => f.write_str("ristretto255/mul_ct"),
            Self::RistrettoEncode => f.write_str("ristretto255/encode"),
            Self::RistrettoDecode => f.write_str("ristretto255/decode"),
            Self::RistrettoFromUniformBytes => f.write_str("ristretto255/from_uniform_bytes"),
            Self::EdwardsMsm(n) => write!(f, "edwards25519/msm/{n}"),
        }
    }
}

/// One benchmarked operation, described by type; its [`Display`](fmt::Display) is its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// `curve/field/operation`, e.g. `bls12_381/fp2/square`.
    Field(Curve, Field, FieldOp),
    /// `curve/group/operation`, e.g. `bn254/g1/mul_ct`.
    Group(Curve, Group, GroupOp),
    /// `curve/operation`, e.g. `bls12_381/pairing`, `bls12_381/multi_pairing/4`.
    Pairing(Curve, PairingOp),
    /// RFC 9380 hashing of a 32-byte message to a group: `curve/hash_to_group`.
    HashToCurve(Curve, Group),
    /// `eth_bls/operation`, e.g. `eth_bls/verify`.
    EthBls(EthBlsOp),
    /// The forward FFT of `n` scalar-field elements (natural order in and out, a domain built
    /// beforehand): `curve/fr_fft/n`, e.g. `bls12_381/fr_fft/4096`.
    FrFft(Curve, usize),
    /// `eip4844/operation`, e.g. `eip4844/verify_blob_kzg_proof_batch/8`.
    Eip4844(Eip4844Op),
    /// `eip7594/operation`, e.g. `eip7594/compute_cells_and_kzg_proofs`.
    Eip7594(Eip7594Op),
    /// `curve/msm_group/n` or `curve/msm_group/n_par`, e.g. `bls12_381/msm_g1/65536_par`.
    Msm(Curve, Group, Msm),
    /// `curve/operation` with the backend's suffix, e.g. `secp256k1/sign`, `p256/ecdh`,
    /// `secp256k1/schnorr_batch_verify/64`, `secp256k1/verify_fiat`.
    Sec(SecCurve, SecOp, Backend),
    /// `evm/precompile[/size]`, e.g. `evm/bn254_pairing/2`, `evm/modexp/2048`.
    Evm(EvmOp),
    /// A Curve25519 op with the backend's suffix, e.g. `ed25519/sign`,
    /// `ed25519/batch_verify/64_fiat`, `x25519/shared`.
    C25519(C25519Op, Backend),
}

impl Op {
    /// The op's name (DESIGN.md §3), e.g. `bls12_381/fp/mul`.
    pub fn name(self) -> String {
        self.to_string()
    }
}

impl Curve {
    /// The name's curve part.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Bls12_381 => "bls12_381",
            Self::Bn254 => "bn254",
        }
    }
}

impl Field {
    /// The name's area part.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Fp => "fp",
            Self::Fp2 => "fp2",
            Self::Fp12 => "fp12",
            Self::Fr => "fr",
        }
    }
}

impl FieldOp {
    /// The name's operation part.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Mul => "mul",
            Self::Square => "square",
            Self::Inverse => "inverse",
            Self::Sqrt => "sqrt",
        }
    }
}

impl Group {
    /// The name's area part.
    pub const fn name(self) -> &'static str {
        match self {
            Self::G1 => "g1",
            Self::G2 => "g2",
        }
    }
}

impl GroupOp {
    /// The name's operation part.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Add => "add",
            Self::Double => "double",
            Self::MulCt => "mul_ct",
            Self::MulVartime => "mul_vartime",
            Self::SubgroupCheck => "subgroup_check",
            Self::DecompressChecked => "decompress_checked",
        }
    }
}

impl fmt::Display for PairingOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MillerLoop => f.write_str("miller_loop"),
            Self::FinalExp => f.write_str("final_exp"),
            Self::Pairing => f.write_str("pairing"),
            Self::MultiPairing(n) => write!(f, "multi_pairing/{n}"),
        }
    }
}

impl fmt::Display for EthBlsOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::KeyGen => f.write_str("keygen"),
            Self::Sign => f.write_str("sign"),
            Self::Verify => f.write_str("verify"),
            Self::Aggregate(n) => write!(f, "aggregate_{n}"),
            Self::FastAggregateVerify(n) => write!(f, "fast_aggregate_verify_{n}"),
            Self::BatchVerify(n) => write!(f, "batch_verify/{n}"),
            Self::BatchVerifyParallel(n) => write!(f, "batch_verify_parallel/{n}"),
            Self::PubkeyDeserializeChecked => f.write_str("pubkey_deserialize_checked"),
            Self::SignatureDeserializeChecked => f.write_str("signature_deserialize_checked"),
        }
    }
}

impl fmt::Display for Eip4844Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BlobToKzgCommitment => f.write_str("blob_to_kzg_commitment"),
            Self::ComputeKzgProof => f.write_str("compute_kzg_proof"),
            Self::ComputeBlobKzgProof => f.write_str("compute_blob_kzg_proof"),
            Self::VerifyKzgProof => f.write_str("verify_kzg_proof"),
            Self::VerifyBlobKzgProof => f.write_str("verify_blob_kzg_proof"),
            Self::VerifyBlobKzgProofBatch(n) => write!(f, "verify_blob_kzg_proof_batch/{n}"),
        }
    }
}

impl Eip7594Op {
    /// The name's operation part (the spec's function).
    pub const fn name(self) -> &'static str {
        match self {
            Self::ComputeCells => "compute_cells",
            Self::ComputeCellsAndKzgProofs => "compute_cells_and_kzg_proofs",
            Self::VerifyCellKzgProofBatch => "verify_cell_kzg_proof_batch",
            Self::RecoverCellsAndKzgProofs => "recover_cells_and_kzg_proofs",
        }
    }
}

impl SecCurve {
    /// The name's curve part.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Secp256k1 => "secp256k1",
            Self::P256 => "p256",
        }
    }
}

impl fmt::Display for SecOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Sign => f.write_str("sign"),
            Self::Verify => f.write_str("verify"),
            Self::Recover => f.write_str("recover"),
            Self::SchnorrSign => f.write_str("schnorr_sign"),
            Self::SchnorrVerify => f.write_str("schnorr_verify"),
            Self::SchnorrBatchVerify(n) => write!(f, "schnorr_batch_verify/{n}"),
            Self::Ecdh => f.write_str("ecdh"),
            Self::Pubkey => f.write_str("pubkey"),
        }
    }
}

impl Backend {
    /// The suffix of the op's name: empty or `_fiat`.
    pub const fn suffix(self) -> &'static str {
        match self {
            Self::Native => "",
            Self::Fiat => "_fiat",
        }
    }
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Field(c, field, op) => write!(f, "{}/{}/{}", c.name(), field.name(), op.name()),
            Self::Group(c, g, op) => write!(f, "{}/{}/{}", c.name(), g.name(), op.name()),
            Self::Pairing(c, op) => write!(f, "{}/{op}", c.name()),
            Self::HashToCurve(c, g) => write!(f, "{}/hash_to_{}", c.name(), g.name()),
            Self::EthBls(op) => write!(f, "eth_bls/{op}"),
            Self::FrFft(c, n) => write!(f, "{}/fr_fft/{n}", c.name()),
            Self::Eip4844(op) => write!(f, "eip4844/{op}"),
            Self::Eip7594(op) => write!(f, "eip7594/{}", op.name()),
            Self::Msm(c, g, m) => write!(f, "{}/msm_{}/{m}", c.name(), g.name()),
            Self::Sec(c, op, b) => write!(f, "{}/{op}{}", c.name(), b.suffix()),
            Self::Evm(op) => write!(f, "evm/{op}"),
            Self::C25519(op, b) => write!(f, "{op}{}", b.suffix()),
        }
    }
}
