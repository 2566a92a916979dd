//! The EVM's cryptographic precompiled contracts, byte for byte and gas unit for gas unit as
//! the Ethereum execution specs define them.
//!
//! | address | name | function | specification |
//! |---|---|---|---|
//! | `0x01` | `ecrecover` | [`ecrecover`] | Yellow Paper Appendix E; secp256k1 recovery |
//! | `0x02` | `sha256` | [`sha256`] | Yellow Paper Appendix E (FIPS 180-4) |
//! | `0x03` | `ripemd160` | [`ripemd160`] | Yellow Paper Appendix E |
//! | `0x04` | `identity` | [`identity`] | Yellow Paper Appendix E |
//! | `0x05` | `modexp` | [`modexp`] | EIP-198; gas EIP-2565 (Berlin), EIP-7883 (Osaka); bounds EIP-7823 (Osaka) |
//! | `0x06` | `bn254_add` | [`bn254_add`] | EIP-196; gas EIP-1108 |
//! | `0x07` | `bn254_mul` | [`bn254_mul`] | EIP-196; gas EIP-1108 |
//! | `0x08` | `bn254_pairing` | [`bn254_pairing`] | EIP-197; gas EIP-1108 |
//! | `0x09` | `blake2f` | [`blake2f`] | EIP-152 (RFC 7693 §3.2) |
//! | `0x0a` | `point_evaluation` | `point_evaluation` (feature `std`) | EIP-4844 "Point evaluation precompile" |
//! | `0x0b`–`0x11` | `bls12_*` | [`bls12_g1add`] … [`bls12_map_fp2_to_g2`] | EIP-2537 |
//! | `0x100` | `p256verify` | [`p256verify`] | EIP-7951 |
//!
//! Every precompile is a function `fn(input: &[u8]) -> Result<(Vec<u8>, u64), PrecompileError>`
//! with the rules of the default fork ([`Fork::Osaka`]): the output bytes and the gas used, or
//! the reason the call fails (a failing precompile consumes all the gas it was given, so a
//! failure carries no gas). Each also has a gas-only function (`*_gas`, module
//! [`gas`]). [`run`] and [`Precompile`] dispatch by lower-case name or address and take a
//! [`Fork`]; [`execute`] adds the caller's gas limit, checked before any work is done.
//!
//! Bad input of any length or content is an error (or, where the specification says so, an
//! empty output), never a panic. Everything here works on public data and is variable time.

mod blake2;
mod bls12_381;
mod bn254;
mod fork;
pub mod gas;
mod hashes;
mod modexp;
mod secp;

use alloc::vec::Vec;
use core::fmt;

use crate::curve::short_weierstrass::{mul_by_a, Affine, Projective, SwCurve};
use crate::field::Field;

pub use self::blake2::{blake2f, compress as blake2b_compress};
pub use self::bls12_381::{
    bls12_g1add, bls12_g1msm, bls12_g2add, bls12_g2msm, bls12_map_fp2_to_g2, bls12_map_fp_to_g1, bls12_pairing,
};
pub use self::bn254::{bn254_add, bn254_mul, bn254_pairing};
pub use self::fork::{Fork, UnknownFork};
pub use self::hashes::{identity, ripemd160, sha256};
pub use self::modexp::{modexp, modexp_bytes, modexp_with_fork};
#[cfg(feature = "std")]
pub use self::secp::point_evaluation;
pub use self::secp::{ecrecover, p256verify};

/// The gas limit of the calls made without one ([`run`], [`Precompile::run`], [`modexp`],
/// [`modexp_with_fork`]): 2^32, a hundred times what a mainnet block holds, so that no valid
/// block's call is affected; it bounds what a crafted modexp header (lengths up to 2^64, priced
/// but not yet paid) can make the call allocate and compute. The other precompiles' costs grow
/// with the input, which is already in memory.
pub const DEFAULT_GAS_LIMIT: u64 = 1 << 32;

/// The output and gas of a successful precompile call.
pub type PrecompileResult = Result<(Vec<u8>, u64), PrecompileError>;

/// Why a precompile call failed. In the EVM every failure is the same exceptional halt (all
/// the call's gas consumed, no output); the variants say which rule of the specification the
/// input broke.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PrecompileError {
    /// The input has a length the precompile rejects (EIP-152, EIP-197, EIP-2537, EIP-4844).
    InvalidInputLength,
    /// EIP-152: the final-block flag byte is neither 0 nor 1.
    InvalidFinalFlag,
    /// A field element is not below the modulus, or (EIP-2537) its 16 padding bytes are not
    /// zero.
    InvalidFieldElement,
    /// A point is not on the curve (EIP-196, EIP-197, EIP-2537).
    NotOnCurve,
    /// A point is not in the prime-order subgroup (EIP-197 G2, EIP-2537 MSM and PAIRING).
    NotInSubgroup,
    /// EIP-7823 (from Osaka): a modexp length above 1024 bytes.
    ModexpInputTooLarge,
    /// The gas the input costs exceeds the gas limit ([`execute`]; [`DEFAULT_GAS_LIMIT`] where
    /// none is given).
    OutOfGas,
    /// EIP-4844: the versioned hash is not `0x01 ‖ sha256(commitment)[1..]`.
    InvalidVersionedHash,
    /// EIP-4844: a malformed commitment, proof or field element.
    InvalidKzgInput,
    /// EIP-4844: the proof does not verify.
    KzgVerificationFailed,
    /// The precompile is not active in the fork asked for.
    NotActive,
    /// No precompile has this name or address.
    UnknownPrecompile,
}

impl fmt::Display for PrecompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PrecompileError::InvalidInputLength => "invalid input length",
            PrecompileError::InvalidFinalFlag => "invalid final flag",
            PrecompileError::InvalidFieldElement => "invalid field element",
            PrecompileError::NotOnCurve => "point is not on the curve",
            PrecompileError::NotInSubgroup => "point is not in the subgroup",
            PrecompileError::ModexpInputTooLarge => "modexp input length above 1024 bytes",
            PrecompileError::OutOfGas => "out of gas",
            PrecompileError::InvalidVersionedHash => "versioned hash mismatch",
            PrecompileError::InvalidKzgInput => "invalid KZG input",
            PrecompileError::KzgVerificationFailed => "KZG proof verification failed",
            PrecompileError::NotActive => "precompile not active in this fork",
            PrecompileError::UnknownPrecompile => "unknown precompile",
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for PrecompileError {}

impl From<crate::Error> for PrecompileError {
    fn from(e: crate::Error) -> Self {
        match e {
            crate::Error::Length { .. } => PrecompileError::InvalidInputLength,
            crate::Error::NotOnCurve => PrecompileError::NotOnCurve,
            crate::Error::NotInSubgroup => PrecompileError::NotInSubgroup,
            _ => PrecompileError::InvalidFieldElement,
        }
    }
}

/// The 18 precompiles, in address order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Precompile {
    /// `0x01`: [`ecrecover`].
    Ecrecover,
    /// `0x02`: [`sha256`].
    Sha256,
    /// `0x03`: [`ripemd160`].
    Ripemd160,
    /// `0x04`: [`identity`].
    Identity,
    /// `0x05`: [`modexp`] (EIP-198).
    Modexp,
    /// `0x06`: [`bn254_add`] (EIP-196).
    Bn254Add,
    /// `0x07`: [`bn254_mul`] (EIP-196).
    Bn254Mul,
    /// `0x08`: [`bn254_pairing`] (EIP-197).
    Bn254Pairing,
    /// `0x09`: [`blake2f`] (EIP-152).
    Blake2f,
    /// `0x0a`: `point_evaluation` (EIP-4844).
    PointEvaluation,
    /// `0x0b`: [`bls12_g1add`] (EIP-2537 BLS12_G1ADD).
    Bls12G1Add,
    /// `0x0c`: [`bls12_g1msm`] (EIP-2537 BLS12_G1MSM).
    Bls12G1Msm,
    /// `0x0d`: [`bls12_g2add`] (EIP-2537 BLS12_G2ADD).
    Bls12G2Add,
    /// `0x0e`: [`bls12_g2msm`] (EIP-2537 BLS12_G2MSM).
    Bls12G2Msm,
    /// `0x0f`: [`bls12_pairing`] (EIP-2537 BLS12_PAIRING_CHECK).
    Bls12Pairing,
    /// `0x10`: [`bls12_map_fp_to_g1`] (EIP-2537 BLS12_MAP_FP_TO_G1).
    Bls12MapFpToG1,
    /// `0x11`: [`bls12_map_fp2_to_g2`] (EIP-2537 BLS12_MAP_FP2_TO_G2).
    Bls12MapFp2ToG2,
    /// `0x100`: [`p256verify`] (EIP-7951).
    P256Verify,
}

impl Precompile {
    /// All 18, in address order.
    pub const ALL: [Precompile; 18] = [
        Precompile::Ecrecover,
        Precompile::Sha256,
        Precompile::Ripemd160,
        Precompile::Identity,
        Precompile::Modexp,
        Precompile::Bn254Add,
        Precompile::Bn254Mul,
        Precompile::Bn254Pairing,
        Precompile::Blake2f,
        Precompile::PointEvaluation,
        Precompile::Bls12G1Add,
        Precompile::Bls12G1Msm,
        Precompile::Bls12G2Add,
        Precompile::Bls12G2Msm,
        Precompile::Bls12Pairing,
        Precompile::Bls12MapFpToG1,
        Precompile::Bls12MapFp2ToG2,
        Precompile::P256Verify,
    ];

    /// The lower-case name (`ecrecover`, `bn254_add`, `bls12_map_fp2_to_g2`, `p256verify`…).
    pub const fn name(self) -> &'static str {
        match self {
            Precompile::Ecrecover => "ecrecover",
            Precompile::Sha256 => "sha256",
            Precompile::Ripemd160 => "ripemd160",
            Precompile::Identity => "identity",
            Precompile::Modexp => "modexp",
            Precompile::Bn254Add => "bn254_add",
            Precompile::Bn254Mul => "bn254_mul",
            Precompile::Bn254Pairing => "bn254_pairing",
            Precompile::Blake2f => "blake2f",
            Precompile::PointEvaluation => "point_evaluation",
            Precompile::Bls12G1Add => "bls12_g1add",
            Precompile::Bls12G1Msm => "bls12_g1msm",
            Precompile::Bls12G2Add => "bls12_g2add",
            Precompile::Bls12G2Msm => "bls12_g2msm",
            Precompile::Bls12Pairing => "bls12_pairing",
            Precompile::Bls12MapFpToG1 => "bls12_map_fp_to_g1",
            Precompile::Bls12MapFp2ToG2 => "bls12_map_fp2_to_g2",
            Precompile::P256Verify => "p256verify",
        }
    }

    /// The mainnet address, as a number (`0x01`…`0x11`, `0x100`).
    pub const fn address(self) -> u16 {
        match self {
            Precompile::P256Verify => 0x100,
            p => p as u16 + 1,
        }
    }

    /// The 20-byte address.
    pub const fn address_bytes(self) -> [u8; 20] {
        let mut a = [0u8; 20];
        let n = self.address();
        a[18] = (n >> 8) as u8;
        a[19] = n as u8;
        a
    }

    /// The precompile at an address.
    pub fn from_address(address: u16) -> Option<Precompile> {
        Precompile::ALL.into_iter().find(|p| p.address() == address)
    }

    /// The precompile of a lower-case name, or of an address written in hex with a `0x`
    /// prefix (`0x06`, `0x0100`, or the full 20-byte address).
    pub fn parse(s: &str) -> Option<Precompile> {
        if let Some(p) = Precompile::ALL.into_iter().find(|p| p.name() == s) {
            return Some(p);
        }
        let hex = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X"))?;
        if hex.is_empty() || hex.len() > 40 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let hex = hex.trim_start_matches('0');
        if hex.len() > 4 {
            return None;
        }
        let n = if hex.is_empty() { 0 } else { u16::from_str_radix(hex, 16).ok()? };
        Precompile::from_address(n)
    }

    /// The first fork (of those [`Fork`] names) the precompile is active in.
    pub const fn since(self) -> Fork {
        match self {
            Precompile::PointEvaluation => Fork::Cancun,
            Precompile::Bls12G1Add
            | Precompile::Bls12G1Msm
            | Precompile::Bls12G2Add
            | Precompile::Bls12G2Msm
            | Precompile::Bls12Pairing
            | Precompile::Bls12MapFpToG1
            | Precompile::Bls12MapFp2ToG2 => Fork::Prague,
            Precompile::P256Verify => Fork::Osaka,
            _ => Fork::Istanbul,
        }
    }

    /// Whether the precompile is active in `fork`.
    pub fn is_active(self, fork: Fork) -> bool {
        fork >= self.since()
    }

    /// The gas a call with `input` costs in `fork` (the gas formula alone, whether or not the
    /// input is valid; saturating at `u64::MAX`).
    pub fn gas(self, input: &[u8], fork: Fork) -> u64 {
        match self {
            Precompile::Ecrecover => gas::ecrecover_gas(input),
            Precompile::Sha256 => gas::sha256_gas(input),
            Precompile::Ripemd160 => gas::ripemd160_gas(input),
            Precompile::Identity => gas::identity_gas(input),
            Precompile::Modexp => gas::modexp_gas(input, fork),
            Precompile::Bn254Add => gas::bn254_add_gas(input),
            Precompile::Bn254Mul => gas::bn254_mul_gas(input),
            Precompile::Bn254Pairing => gas::bn254_pairing_gas(input),
            Precompile::Blake2f => gas::blake2f_gas(input),
            Precompile::PointEvaluation => gas::point_evaluation_gas(input),
            Precompile::Bls12G1Add => gas::bls12_g1add_gas(input),
            Precompile::Bls12G1Msm => gas::bls12_g1msm_gas(input),
            Precompile::Bls12G2Add => gas::bls12_g2add_gas(input),
            Precompile::Bls12G2Msm => gas::bls12_g2msm_gas(input),
            Precompile::Bls12Pairing => gas::bls12_pairing_gas(input),
            Precompile::Bls12MapFpToG1 => gas::bls12_map_fp_to_g1_gas(input),
            Precompile::Bls12MapFp2ToG2 => gas::bls12_map_fp2_to_g2_gas(input),
            Precompile::P256Verify => gas::p256verify_gas(input),
        }
    }

    /// Runs the precompile on `input` with the rules of `fork` and the gas limit
    /// [`DEFAULT_GAS_LIMIT`]: [`PrecompileError::NotActive`] when `fork` predates it.
    pub fn run(self, input: &[u8], fork: Fork) -> PrecompileResult {
        self.execute(input, DEFAULT_GAS_LIMIT, fork)
    }

    /// Runs the precompile with a gas limit: [`PrecompileError::OutOfGas`], before any work,
    /// when the input costs more than `gas_limit`.
    pub fn execute(self, input: &[u8], gas_limit: u64, fork: Fork) -> PrecompileResult {
        if !self.is_active(fork) {
            return Err(PrecompileError::NotActive);
        }
        if self == Precompile::Modexp {
            return modexp::modexp_limited(input, fork, gas_limit);
        }
        if self.gas(input, fork) > gas_limit {
            return Err(PrecompileError::OutOfGas);
        }
        match self {
            Precompile::Ecrecover => ecrecover(input),
            Precompile::Sha256 => sha256(input),
            Precompile::Ripemd160 => ripemd160(input),
            Precompile::Identity => identity(input),
            Precompile::Modexp => modexp_with_fork(input, fork),
            Precompile::Bn254Add => bn254_add(input),
            Precompile::Bn254Mul => bn254_mul(input),
            Precompile::Bn254Pairing => bn254_pairing(input),
            Precompile::Blake2f => blake2f(input),
            #[cfg(feature = "std")]
            Precompile::PointEvaluation => point_evaluation(input),
            #[cfg(not(feature = "std"))]
            Precompile::PointEvaluation => Err(PrecompileError::NotActive),
            Precompile::Bls12G1Add => bls12_g1add(input),
            Precompile::Bls12G1Msm => bls12_g1msm(input),
            Precompile::Bls12G2Add => bls12_g2add(input),
            Precompile::Bls12G2Msm => bls12_g2msm(input),
            Precompile::Bls12Pairing => bls12_pairing(input),
            Precompile::Bls12MapFpToG1 => bls12_map_fp_to_g1(input),
            Precompile::Bls12MapFp2ToG2 => bls12_map_fp2_to_g2(input),
            Precompile::P256Verify => p256verify(input),
        }
    }
}

impl fmt::Display for Precompile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The dispatcher: runs the precompile named `name_or_address` (see [`Precompile::parse`]) on
/// `input` with the rules of `fork`. [`PrecompileError::UnknownPrecompile`] for an unknown
/// name, [`PrecompileError::NotActive`] when `fork` predates the precompile.
pub fn run(name_or_address: &str, input: &[u8], fork: Fork) -> PrecompileResult {
    Precompile::parse(name_or_address).ok_or(PrecompileError::UnknownPrecompile)?.run(input, fork)
}

/// [`run`] with the caller's gas limit ([`Precompile::execute`]).
pub fn execute(name_or_address: &str, input: &[u8], gas_limit: u64, fork: Fork) -> PrecompileResult {
    Precompile::parse(name_or_address).ok_or(PrecompileError::UnknownPrecompile)?.execute(input, gas_limit, fork)
}

/// `input[offset..offset + len]`, zero-padded on the right where the input is short (the
/// EVM's calldata reading rule).
pub(crate) fn padded<const LEN: usize>(input: &[u8], offset: usize) -> [u8; LEN] {
    let mut out = [0u8; LEN];
    if offset < input.len() {
        let n = (input.len() - offset).min(LEN);
        out[..n].copy_from_slice(&input[offset..offset + n]);
    }
    out
}

/// `p + q` in affine coordinates with one variable-time inversion (public data): the chord or
/// tangent slope, `x₃ = λ² − x₁ − x₂`, `y₃ = λ(x₁ − x₃) − y₁`. Any points of the curve (no
/// subgroup assumed), the identity and `q = ±p` included.
pub(crate) fn add_affine_vartime<C: SwCurve>(p: &Affine<C>, q: &Affine<C>) -> Affine<C> {
    if bool::from(p.is_identity()) {
        return *q;
    }
    if bool::from(q.is_identity()) {
        return *p;
    }
    let (x1, y1, x2, y2) = (p.x(), p.y(), q.x(), q.y());
    let (num, den) = if x1 == x2 {
        if y1 != y2 || bool::from(y1.is_zero()) {
            // q = −p (a point of order 2 doubles to the identity).
            return Affine::identity();
        }
        // Tangent: (3x² + a)/(2y).
        let x1sq = x1.square();
        (x1sq.double() + x1sq + mul_by_a::<C>(&C::Base::ONE), y1.double())
    } else {
        (y2 - y1, x2 - x1)
    };
    let Some(inv) = den.inverse_vartime() else {
        return Affine::identity();
    };
    let l = num * inv;
    let x3 = l.square() - x1 - x2;
    let y3 = l * (x1 - x3) - y1;
    Affine::from_xy_unchecked(x3, y3)
}

/// The affine form of `p` with one variable-time inversion (public data).
pub(crate) fn to_affine_vartime<C: SwCurve>(p: &Projective<C>) -> Affine<C> {
    match p.z.inverse_vartime() {
        Some(zinv) => Affine::from_xy_unchecked(p.x * zinv, p.y * zinv),
        None => Affine::identity(),
    }
}
