//! EIP-4844 KZG commitments to blobs, pinned: consensus-specs
//! `specs/deneb/polynomial-commitments.md` ("Deneb -- Polynomial Commitments"), byte for byte.
//!
//! - Curve: BLS12-381; commitments and proofs are 48-byte compressed G1 points (ZCash format),
//!   decoded with every check (`validate_kzg_g1`: the identity `0xc0 00…00` or a point of the
//!   subgroup); field elements are 32-byte big-endian integers below `r` (`KZG_ENDIANNESS =
//!   'big'`, `bytes_to_bls_field` rejects the rest with [`Error::NonCanonical`]).
//! - Blobs: [`FIELD_ELEMENTS_PER_BLOB`] = 4096 field elements, [`BYTES_PER_BLOB`] = 131072
//!   bytes, the evaluations of a polynomial of degree < 4096 over the 4096th roots of unity
//!   (`PRIMITIVE_ROOT_OF_UNITY = 7`) in bit-reversed order.
//! - Fiat–Shamir: SHA-256 reduced mod `r` (`hash_to_bls_field`) with the domains
//!   [`FIAT_SHAMIR_PROTOCOL_DOMAIN`] and [`RANDOM_CHALLENGE_KZG_BATCH_DOMAIN`].
//! - Setup: [`KzgSettings`]; the mainnet ceremony output is embedded ([`KzgSettings::mainnet`],
//!   parsed and checked once), and [`KzgSettings::load`] reads any setup in the same text format.
//!
//! Errors: every `assert` of the spec is an [`Error`]: [`Error::Length`] for a blob, field
//! element, commitment or proof of the wrong size, [`Error::NonCanonical`] for a field element
//! `≥ r`, the point decoder's reason ([`Error::InvalidFlags`], [`Error::NotOnCurve`],
//! [`Error::NotInSubgroup`]…) for a bad G1 point, [`Error::Count`] for batch lists of
//! different lengths. Verification of well-formed inputs returns `Ok(bool)`.
//!
//! Everything here works on public data and is variable time.
//!
//! Conformance vectors: the consensus-spec-tests `kzg-mainnet` cases of the six handlers
//! (`crates/isochron/tests/kzg.rs`); differential test against c-kzg-4844.

use alloc::vec::Vec;

use sha2::{Digest, Sha256};

use crate::curve::short_weierstrass::SwCurve;
use crate::curve::{Group, PointEncoding};
use crate::curves::bls12_381::{Bls12_381, Fr, G1Affine, G1Curve, G1Projective, G2Affine, G2Prepared};
use crate::error::Error;
use crate::field::{Field, PrimeField};
#[cfg(feature = "std")]
use crate::msm::FixedBaseMsm;
use crate::pairing::PairingEngine;

/// `FIELD_ELEMENTS_PER_BLOB`: the number of field elements of a blob.
pub const FIELD_ELEMENTS_PER_BLOB: usize = 4096;
/// `BYTES_PER_FIELD_ELEMENT`.
pub const BYTES_PER_FIELD_ELEMENT: usize = 32;
/// `BYTES_PER_BLOB` = 131072.
pub const BYTES_PER_BLOB: usize = FIELD_ELEMENTS_PER_BLOB * BYTES_PER_FIELD_ELEMENT;
/// Bytes of a compressed G1 point: a commitment or a proof (`Bytes48`).
pub const BYTES_PER_COMMITMENT: usize = 48;
/// Bytes of a proof (`Bytes48`).
pub const BYTES_PER_PROOF: usize = 48;
/// `FIAT_SHAMIR_PROTOCOL_DOMAIN`: the domain of `compute_challenge`.
pub const FIAT_SHAMIR_PROTOCOL_DOMAIN: &[u8; 16] = b"FSBLOBVERIFY_V1_";
/// `RANDOM_CHALLENGE_KZG_BATCH_DOMAIN`: the domain of `verify_kzg_proof_batch`'s challenge.
pub const RANDOM_CHALLENGE_KZG_BATCH_DOMAIN: &[u8; 16] = b"RCKZGBATCH___V1_";
/// `PRIMITIVE_ROOT_OF_UNITY`: the generator of `Fr*` the roots of unity are powers of.
pub const PRIMITIVE_ROOT_OF_UNITY: u64 = 7;
/// Number of G2 monomial points of the EIP-4844 setup (`[τ^0]G2 … [τ^64]G2`).
pub const NUM_G2_POINTS: usize = 65;

/// A KZG commitment: 48 bytes, a compressed G1 point (`KZGCommitment`).
pub type Commitment = [u8; BYTES_PER_COMMITMENT];
/// A KZG proof: 48 bytes, a compressed G1 point (`KZGProof`).
pub type Proof = [u8; BYTES_PER_PROOF];
/// A field element's encoding: 32 bytes, big endian (`Bytes32`).
pub type Bytes32 = [u8; 32];

/// The embedded mainnet trusted setup (see `SOURCES.md` beside this file).
pub const MAINNET_SETUP: &str = include_str!("eip4844/trusted_setup.txt");

/// Why a trusted setup did not load: the 1-based line and the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetupError {
    /// The 1-based line of the first problem (0: the file as a whole, or the consistency check).
    pub line: usize,
    /// What was wrong: [`Error::Malformed`] (not a number or not hex), [`Error::Count`]
    /// (wrong point counts), [`Error::Length`] or the point decoder's reason.
    pub reason: Error,
}

impl core::fmt::Display for SetupError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.line == 0 {
            write!(f, "trusted setup: {}", self.reason)
        } else {
            write!(f, "trusted setup line {}: {}", self.line, self.reason)
        }
    }
}

impl core::error::Error for SetupError {}

/// A loaded trusted setup: the spec's `KZG_SETUP_G1_LAGRANGE` (kept bit-reversed, as every use
/// in the spec takes `bit_reversal_permutation(KZG_SETUP_G1_LAGRANGE)`), `KZG_SETUP_G1_MONOMIAL`
/// and `KZG_SETUP_G2_MONOMIAL`, with the bit-reversed 4096th roots of unity. Every point was
/// decoded with every check, and the setup's three parts were checked to agree.
#[derive(Clone, Debug)]
pub struct KzgSettings {
    g1_lagrange_brp: Vec<G1Affine>,
    g1_monomial: Vec<G1Affine>,
    g2_monomial: Vec<G2Affine>,
    /// `G2` and `[τ]G2` prepared for Miller loops (their line coefficients), the fixed G2
    /// arguments of every verification pairing.
    g2_lines: [G2Prepared; 2],
    roots_brp: Vec<Fr>,
    /// The EIP-7594 tables, built on first use.
    #[cfg(feature = "std")]
    pub(super) das: std::sync::OnceLock<super::eip7594::DasTables>,
    /// Fixed-base MSM tables of `g1_lagrange_brp` (8.1 MiB, 18.1 MiB with AVX-512 IFMA; see
    /// [`FixedBaseMsm`]), built on
    /// the first commitment or proof.
    #[cfg(feature = "std")]
    g1_lagrange_table: std::sync::OnceLock<FixedBaseMsm<G1Projective>>,
}

#[cfg(feature = "std")]
static MAINNET: std::sync::OnceLock<KzgSettings> = std::sync::OnceLock::new();

impl KzgSettings {
    /// The embedded mainnet setup, parsed and checked on first use (then shared).
    #[cfg(feature = "std")]
    pub fn mainnet() -> &'static KzgSettings {
        MAINNET.get_or_init(|| match KzgSettings::load(MAINNET_SETUP) {
            Ok(s) => s,
            // The embedded file is fixed and tested (`tests/kzg.rs`); it cannot fail to load.
            Err(e) => unreachable!("embedded trusted setup: {e}"),
        })
    }

    /// Reads a setup file in c-kzg-4844's text format (see [`KzgSettings::load`]).
    #[cfg(feature = "std")]
    pub fn from_file(path: impl AsRef<std::path::Path>) -> std::io::Result<KzgSettings> {
        let text = std::fs::read_to_string(path)?;
        KzgSettings::load(&text).map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    }

    /// Parses a setup in c-kzg-4844's text format: `4096`, `65`, then 4096 compressed G1
    /// Lagrange points, 65 compressed G2 monomial points and 4096 compressed G1 monomial
    /// points, one hex string per line (blank lines and surrounding spaces are ignored). Each
    /// point is decoded with every check; the setup must also be consistent
    /// (`Σ Lagrange = [1]G1 = monomial[0]`, `e([τ]G1, G2) = e(G1, [τ]G2)`).
    pub fn load(text: &str) -> Result<KzgSettings, SetupError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty());
        let mut count = |expected: usize| -> Result<(), SetupError> {
            let (line, l) = lines.next().ok_or(SetupError { line: 0, reason: Error::Malformed { line: 0 } })?;
            let n: usize = l.parse().map_err(|_| SetupError { line, reason: Error::Malformed { line } })?;
            if n != expected {
                return Err(SetupError { line, reason: Error::Count { expected, got: n } });
            }
            Ok(())
        };
        count(FIELD_ELEMENTS_PER_BLOB)?;
        count(NUM_G2_POINTS)?;
        let mut raw48: Vec<(usize, [u8; 48])> = Vec::with_capacity(2 * FIELD_ELEMENTS_PER_BLOB);
        let mut raw96: Vec<(usize, [u8; 96])> = Vec::with_capacity(NUM_G2_POINTS);
        let mut seen = 0usize;
        for (line, l) in lines {
            let is_g2 = (FIELD_ELEMENTS_PER_BLOB..FIELD_ELEMENTS_PER_BLOB + NUM_G2_POINTS).contains(&seen);
            if seen >= 2 * FIELD_ELEMENTS_PER_BLOB + NUM_G2_POINTS {
                return Err(SetupError { line, reason: Error::Malformed { line } });
            }
            if is_g2 {
                let mut b = [0u8; 96];
                decode_hex(l, &mut b, line).map_err(|reason| SetupError { line, reason })?;
                raw96.push((line, b));
            } else {
                let mut b = [0u8; 48];
                decode_hex(l, &mut b, line).map_err(|reason| SetupError { line, reason })?;
                raw48.push((line, b));
            }
            seen += 1;
        }
        if seen != 2 * FIELD_ELEMENTS_PER_BLOB + NUM_G2_POINTS {
            return Err(SetupError {
                line: 0,
                reason: Error::Count { expected: 2 * FIELD_ELEMENTS_PER_BLOB + NUM_G2_POINTS, got: seen },
            });
        }
        let g1 = decode_g1_all(&raw48)?;
        let mut g2_monomial = Vec::with_capacity(NUM_G2_POINTS);
        for (line, b) in &raw96 {
            g2_monomial.push(G2Affine::from_compressed(b).map_err(|reason| SetupError { line: *line, reason })?);
        }
        let (lagrange, g1_monomial) = g1.split_at(FIELD_ELEMENTS_PER_BLOB);
        let g1_monomial = g1_monomial.to_vec();
        let g1_lagrange_brp = bit_reversal_permutation(lagrange);

        // Consistency: Σᵢ Lᵢ(τ) = 1, so the Lagrange points sum to the generator, which is also
        // monomial[0]; and the G1 and G2 monomial parts share τ.
        let sum: G1Projective = lagrange.iter().fold(G1Projective::identity(), |acc, p| acc + p);
        let inconsistent = SetupError { line: 0, reason: Error::Malformed { line: 0 } };
        if sum.to_affine() != G1Affine::generator() || g1_monomial[0] != G1Affine::generator() {
            return Err(inconsistent);
        }
        if g2_monomial[0] != G2Affine::generator()
            || !Bls12_381::pairing_check(&[
                (g1_monomial[1], -G2Affine::generator()),
                (G1Affine::generator(), g2_monomial[1]),
            ])
        {
            return Err(inconsistent);
        }
        let g2_lines = [G2Prepared::from(g2_monomial[0]), G2Prepared::from(g2_monomial[1])];
        Ok(KzgSettings {
            g1_lagrange_brp,
            g1_monomial,
            g2_monomial,
            g2_lines,
            roots_brp: bit_reversal_permutation(&roots_of_unity()),
            #[cfg(feature = "std")]
            das: std::sync::OnceLock::new(),
            #[cfg(feature = "std")]
            g1_lagrange_table: std::sync::OnceLock::new(),
        })
    }

    /// `KZG_SETUP_G1_MONOMIAL`: `[τ^i]G1` for `i < 4096` (for EIP-7594).
    pub fn g1_monomial(&self) -> &[G1Affine] {
        &self.g1_monomial
    }

    /// `bit_reversal_permutation(KZG_SETUP_G1_LAGRANGE)`.
    pub fn g1_lagrange_brp(&self) -> &[G1Affine] {
        &self.g1_lagrange_brp
    }

    /// `KZG_SETUP_G2_MONOMIAL`: `[τ^i]G2` for `i < 65`.
    pub fn g2_monomial(&self) -> &[G2Affine] {
        &self.g2_monomial
    }

    /// `blob_to_kzg_commitment`: the commitment to the blob's polynomial,
    /// `g1_lincomb(bit_reversal_permutation(KZG_SETUP_G1_LAGRANGE), blob_to_polynomial(blob))`.
    pub fn blob_to_kzg_commitment(&self, blob: &[u8]) -> Result<Commitment, Error> {
        let poly = blob_to_polynomial(blob)?;
        Ok(self.g1_lagrange_lincomb(&poly).to_affine().to_compressed())
    }

    /// `compute_kzg_proof`: the proof that the blob's polynomial `p` has `p(z) = y`, and `y`
    /// (32 bytes, big endian).
    pub fn compute_kzg_proof(&self, blob: &[u8], z_bytes: &[u8]) -> Result<(Proof, Bytes32), Error> {
        check_len(blob, BYTES_PER_BLOB)?;
        check_len(z_bytes, BYTES_PER_FIELD_ELEMENT)?;
        let poly = blob_to_polynomial(blob)?;
        let z = bytes_to_bls_field(z_bytes)?;
        let (proof, y) = self.compute_kzg_proof_impl(&poly, &z);
        let mut y_bytes = [0u8; 32];
        y_bytes.copy_from_slice(y.to_bytes_be().as_ref());
        Ok((proof.to_compressed(), y_bytes))
    }

    /// `compute_blob_kzg_proof`: the proof for the blob at the Fiat–Shamir challenge
    /// `compute_challenge(blob, commitment)`; the commitment is not checked against the blob.
    pub fn compute_blob_kzg_proof(&self, blob: &[u8], commitment_bytes: &[u8]) -> Result<Proof, Error> {
        check_len(blob, BYTES_PER_BLOB)?;
        check_len(commitment_bytes, BYTES_PER_COMMITMENT)?;
        bytes_to_kzg_g1(commitment_bytes)?;
        let poly = blob_to_polynomial(blob)?;
        let z = compute_challenge(blob, commitment_bytes);
        let (proof, _) = self.compute_kzg_proof_impl(&poly, &z);
        Ok(proof.to_compressed())
    }

    /// `verify_kzg_proof`: whether `proof` shows that the polynomial committed to has
    /// `p(z) = y`. Malformed inputs are errors; a well-formed wrong proof is `Ok(false)`.
    pub fn verify_kzg_proof(&self, commitment: &[u8], z: &[u8], y: &[u8], proof: &[u8]) -> Result<bool, Error> {
        check_len(commitment, BYTES_PER_COMMITMENT)?;
        check_len(z, BYTES_PER_FIELD_ELEMENT)?;
        check_len(y, BYTES_PER_FIELD_ELEMENT)?;
        check_len(proof, BYTES_PER_PROOF)?;
        let c = bytes_to_kzg_g1(commitment)?;
        let z = bytes_to_bls_field(z)?;
        let y = bytes_to_bls_field(y)?;
        let pi = bytes_to_kzg_g1(proof)?;
        Ok(self.verify_kzg_proof_impl(&c, &z, &y, &pi))
    }

    /// `verify_blob_kzg_proof`: whether `proof` is the blob's proof for `commitment` at the
    /// Fiat–Shamir challenge.
    pub fn verify_blob_kzg_proof(&self, blob: &[u8], commitment: &[u8], proof: &[u8]) -> Result<bool, Error> {
        let (c, z, y, pi) = self.blob_claim(blob, commitment, proof)?;
        Ok(self.verify_kzg_proof_impl(&c, &z, &y, &pi))
    }

    /// The checked inputs of `verify_blob_kzg_proof` and the claim they make: the commitment
    /// `C`, the Fiat–Shamir challenge `z`, the blob's value `y` at `z` and the proof `π`.
    fn blob_claim(&self, blob: &[u8], commitment: &[u8], proof: &[u8]) -> Result<(G1Affine, Fr, Fr, G1Affine), Error> {
        self.blob_claim_with(blob, commitment, proof, bytes_to_kzg_g1)
    }

    /// [`KzgSettings::blob_claim`] with the points decoded by `decode`.
    fn blob_claim_with(
        &self,
        blob: &[u8],
        commitment: &[u8],
        proof: &[u8],
        decode: fn(&[u8]) -> Result<G1Affine, Error>,
    ) -> Result<(G1Affine, Fr, Fr, G1Affine), Error> {
        check_len(blob, BYTES_PER_BLOB)?;
        check_len(commitment, BYTES_PER_COMMITMENT)?;
        check_len(proof, BYTES_PER_PROOF)?;
        let c = decode(commitment)?;
        let poly = blob_to_polynomial(blob)?;
        let z = compute_challenge(blob, commitment);
        let y = self.evaluate_polynomial_in_evaluation_form(&poly, &z);
        Ok((c, z, y, decode(proof)?))
    }

    /// `verify_blob_kzg_proof_batch`: [`KzgSettings::verify_blob_kzg_proof`] for many blobs at
    /// once (`verify_kzg_proof_batch`: a random linear combination with powers of a
    /// challenge hashed from all inputs, one multi-pairing). The three lists must have the
    /// same length ([`Error::Count`]); no blobs is `Ok(true)`.
    pub fn verify_blob_kzg_proof_batch<B, C, P>(
        &self,
        blobs: &[B],
        commitments: &[C],
        proofs: &[P],
    ) -> Result<bool, Error>
    where
        B: AsRef<[u8]> + Sync,
        C: AsRef<[u8]> + Sync,
        P: AsRef<[u8]> + Sync,
    {
        if commitments.len() != blobs.len() {
            return Err(Error::Count { expected: blobs.len(), got: commitments.len() });
        }
        if proofs.len() != blobs.len() {
            return Err(Error::Count { expected: blobs.len(), got: proofs.len() });
        }
        // Each blob's checks, challenge and evaluation (on rayon's pool with `parallel`).
        let claims = |decode: fn(&[u8]) -> Result<G1Affine, Error>| {
            let one =
                |i: usize| self.blob_claim_with(blobs[i].as_ref(), commitments[i].as_ref(), proofs[i].as_ref(), decode);
            map_range(blobs.len(), one).into_iter().collect::<Result<Vec<_>, Error>>()
        };
        // The points' subgroup checks together, after every other check (in the spec's order
        // C₀, π₀, C₁, …: with no other error, the first failing point is the spec's error);
        // on any other error, the checks one by one, for the spec's first error.
        let checked = match claims(bytes_to_kzg_g1_unchecked) {
            Ok(checked) => checked,
            Err(_) => claims(bytes_to_kzg_g1)?,
        };
        let points: Vec<G1Affine> = checked.iter().flat_map(|t| [t.0, t.3]).collect();
        if let Some(k) = G1Curve::first_outside_subgroup_vartime(&points) {
            let bytes = if k % 2 == 0 { commitments[k / 2].as_ref() } else { proofs[k / 2].as_ref() };
            return Err(bytes_to_kzg_g1(bytes).err().unwrap_or(Error::NotInSubgroup));
        }
        let cs: Vec<G1Affine> = checked.iter().map(|t| t.0).collect();
        let zs: Vec<Fr> = checked.iter().map(|t| t.1).collect();
        let ys: Vec<Fr> = checked.iter().map(|t| t.2).collect();
        let pis: Vec<G1Affine> = checked.iter().map(|t| t.3).collect();
        Ok(self.verify_kzg_proof_batch(&cs, &zs, &ys, &pis))
    }

    /// `verify_kzg_proof_impl`: `e(C − [y]G1, −G2) · e(π, [τ]G2 − [z]G2) = 1`, checked in the
    /// equivalent form `e(C − [y]G1 + [z]π, −G2) · e(π, [τ]G2) = 1` (bilinearity: the
    /// multiplication by `z` moves from G2 to G1, and shares its doublings with the one by `y`).
    fn verify_kzg_proof_impl(&self, c: &G1Affine, z: &Fr, y: &Fr, proof: &G1Affine) -> bool {
        let lhs =
            G1Projective::from(*c) + G1Projective::multi_mul_vartime(&[*proof, G1Affine::generator()], &[*z, -*y]);
        // e(lhs, −G2)·e(π, [τ]G2) = e(−lhs, G2)·e(π, [τ]G2).
        self.check_g2_tau(&(-lhs).to_affine(), proof)
    }

    /// Whether `e(a, G2)·e(b, [τ]G2) = 1`, with the G2 points prepared at load time.
    fn check_g2_tau(&self, a: &G1Affine, b: &G1Affine) -> bool {
        self.check_g2_and(a, b, &self.g2_lines[1])
    }

    /// Whether `e(a, G2)·e(b, Q) = 1` for a prepared `Q`.
    pub(super) fn check_g2_and(&self, a: &G1Affine, b: &G1Affine, q: &G2Prepared) -> bool {
        let f = Bls12_381::multi_miller_loop(&[(a, &self.g2_lines[0]), (b, q)]);
        bool::from(Bls12_381::final_exponentiation(&f).is_identity())
    }

    /// `verify_kzg_proof_batch`: with `r` hashed from every input (domain
    /// [`RANDOM_CHALLENGE_KZG_BATCH_DOMAIN`]) and its powers `rᵢ`,
    /// `e(Σ rᵢπᵢ, −[τ]G2) · e(Σ rᵢ(Cᵢ − [yᵢ]G1 + [zᵢ]πᵢ), G2) = 1`.
    fn verify_kzg_proof_batch(&self, cs: &[G1Affine], zs: &[Fr], ys: &[Fr], proofs: &[G1Affine]) -> bool {
        let n = cs.len();
        let mut data = Vec::with_capacity(32 + n * (48 + 32 + 32 + 48));
        data.extend_from_slice(RANDOM_CHALLENGE_KZG_BATCH_DOMAIN);
        data.extend_from_slice(&(FIELD_ELEMENTS_PER_BLOB as u64).to_be_bytes());
        data.extend_from_slice(&(n as u64).to_be_bytes());
        for i in 0..n {
            data.extend_from_slice(&cs[i].to_compressed());
            data.extend_from_slice(zs[i].to_bytes_be().as_ref());
            data.extend_from_slice(ys[i].to_bytes_be().as_ref());
            data.extend_from_slice(&proofs[i].to_compressed());
        }
        let r = hash_to_bls_field(&data);
        let r_powers = compute_powers(&r, n);
        let proof_lincomb = g1_lincomb(proofs, &r_powers);
        // Σ rᵢ(Cᵢ − [yᵢ]G1) + Σ rᵢzᵢπᵢ = Σ rᵢCᵢ + Σ (rᵢzᵢ)πᵢ − [Σ rᵢyᵢ]G1, in one linear combination.
        let mut points = Vec::with_capacity(2 * n + 1);
        let mut scalars = Vec::with_capacity(2 * n + 1);
        let mut ry = Fr::ZERO;
        for i in 0..n {
            points.push(cs[i]);
            scalars.push(r_powers[i]);
            points.push(proofs[i]);
            scalars.push(r_powers[i] * zs[i]);
            ry += r_powers[i] * ys[i];
        }
        points.push(G1Affine::generator());
        scalars.push(-ry);
        let rhs = g1_lincomb(&points, &scalars);
        // e(Σ rᵢπᵢ, −[τ]G2)·e(rhs, G2) = e(rhs, G2)·e(−Σ rᵢπᵢ, [τ]G2).
        self.check_g2_tau(&rhs.to_affine(), &(-proof_lincomb).to_affine())
    }

    /// `compute_kzg_proof_impl`: the quotient `q(X) = (p(X) − y)/(X − z)` in evaluation form
    /// (`compute_quotient_eval_within_domain` where `z` is a root of unity), committed.
    fn compute_kzg_proof_impl(&self, poly: &[Fr], z: &Fr) -> (G1Affine, Fr) {
        let roots = &self.roots_brp;
        let y = self.evaluate_polynomial_in_evaluation_form(poly, z);
        let mut denominators: Vec<Fr> = roots.iter().map(|w| *w - z).collect();
        Fr::batch_inverse_vartime(&mut denominators);
        let mut quotient = Vec::with_capacity(FIELD_ELEMENTS_PER_BLOB);
        for i in 0..FIELD_ELEMENTS_PER_BLOB {
            if roots[i] == *z {
                quotient.push(self.compute_quotient_eval_within_domain(&roots[i], poly, &y));
            } else {
                quotient.push((poly[i] - y) * denominators[i]);
            }
        }
        (self.g1_lagrange_lincomb(&quotient).to_affine(), y)
    }

    /// `compute_quotient_eval_within_domain`: `q(z) = Σ_{ωᵢ ≠ z} (pᵢ − y)·ωᵢ / (z·(z − ωᵢ))`
    /// for `z` in the domain.
    fn compute_quotient_eval_within_domain(&self, z: &Fr, poly: &[Fr], y: &Fr) -> Fr {
        let roots = &self.roots_brp;
        let mut denominators: Vec<Fr> = roots.iter().map(|w| if w == z { Fr::ONE } else { *z * (*z - w) }).collect();
        Fr::batch_inverse_vartime(&mut denominators);
        let mut result = Fr::ZERO;
        for i in 0..FIELD_ELEMENTS_PER_BLOB {
            if roots[i] == *z {
                continue;
            }
            result += (poly[i] - y) * roots[i] * denominators[i];
        }
        result
    }

    /// `evaluate_polynomial_in_evaluation_form`: the barycentric formula
    /// `p(z) = (z^N − 1)/N · Σ pᵢ·ωᵢ/(z − ωᵢ)`, or `pᵢ` when `z = ωᵢ`.
    fn evaluate_polynomial_in_evaluation_form(&self, poly: &[Fr], z: &Fr) -> Fr {
        let roots = &self.roots_brp;
        if let Some(i) = roots.iter().position(|w| w == z) {
            return poly[i];
        }
        let mut denominators: Vec<Fr> = roots.iter().map(|w| *z - w).collect();
        Fr::batch_inverse_vartime(&mut denominators);
        // Σ pᵢ·ωᵢ/(z − ωᵢ) = z·Σ pᵢ/(z − ωᵢ) − Σ pᵢ: one product per term instead of two, and
        // the products summed at double width with one reduction (`Fr::inner_product`).
        let weighted = Fr::inner_product(poly, &denominators);
        let plain: Fr = poly.iter().sum();
        let result = *z * weighted - plain;
        let width = Fr::from_u64(FIELD_ELEMENTS_PER_BLOB as u64);
        // The width is a nonzero field element (4096 < r): it has an inverse.
        let inverse_width = width.inverse_vartime().unwrap_or(Fr::ZERO);
        result * (z.pow_vartime(&[FIELD_ELEMENTS_PER_BLOB as u64]) - Fr::ONE) * inverse_width
    }
}

impl KzgSettings {
    /// `g1_lincomb(bit_reversal_permutation(KZG_SETUP_G1_LAGRANGE), scalars)` on the calling
    /// thread: with `std`, over the fixed-base tables of the setup (built on first use, then
    /// shared); without, the plain MSM ([`g1_lincomb`]). The same point either way.
    fn g1_lagrange_lincomb(&self, scalars: &[Fr]) -> G1Projective {
        #[cfg(feature = "std")]
        return self
            .g1_lagrange_table
            .get_or_init(|| FixedBaseMsm::new_vartime(&self.g1_lagrange_brp))
            .msm_vartime(scalars);
        #[cfg(not(feature = "std"))]
        g1_lincomb(&self.g1_lagrange_brp, scalars)
    }
}

/// `(0..n).map(f)`, on rayon's pool with the `parallel` feature (the batch operations: a
/// batch of blobs, the 128 cells of one).
pub(super) fn map_range<T: Send>(n: usize, f: impl Fn(usize) -> T + Sync + Send) -> Vec<T> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        (0..n).into_par_iter().map(f).collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        (0..n).map(f).collect()
    }
}

/// `g1_lincomb`: `Σ scalars[i]·points[i]` (public data) over points not known in advance: the
/// Pippenger MSM ([`Group::msm_vartime`](crate::curve::Group::msm_vartime)) on the calling
/// thread (one blob's operations stay on one thread; batches spread over blobs instead).
pub(super) fn g1_lincomb(points: &[G1Affine], scalars: &[Fr]) -> G1Projective {
    G1Projective::msm_vartime(points, scalars)
}

pub(super) fn check_len(bytes: &[u8], expected: usize) -> Result<(), Error> {
    if bytes.len() == expected {
        Ok(())
    } else {
        Err(Error::Length { expected, got: bytes.len() })
    }
}

/// `bytes_to_bls_field`: a 32-byte big-endian integer below `r`.
pub fn bytes_to_bls_field(b: &[u8]) -> Result<Fr, Error> {
    check_len(b, BYTES_PER_FIELD_ELEMENT)?;
    Fr::from_bytes_be(b)
}

/// `bytes_to_kzg_commitment` / `bytes_to_kzg_proof` (`validate_kzg_g1`): a compressed G1 point,
/// the identity or a point of the subgroup.
pub(super) fn bytes_to_kzg_g1(b: &[u8]) -> Result<G1Affine, Error> {
    check_len(b, BYTES_PER_COMMITMENT)?;
    G1Affine::from_compressed(b)
}

/// [`bytes_to_kzg_g1`] without the subgroup check (the caller checks it).
fn bytes_to_kzg_g1_unchecked(b: &[u8]) -> Result<G1Affine, Error> {
    check_len(b, BYTES_PER_COMMITMENT)?;
    G1Affine::from_compressed_unchecked(b)
}

/// `blob_to_polynomial`: the blob's 4096 field elements (each checked `< r`).
pub fn blob_to_polynomial(blob: &[u8]) -> Result<Vec<Fr>, Error> {
    check_len(blob, BYTES_PER_BLOB)?;
    blob.chunks_exact(BYTES_PER_FIELD_ELEMENT).map(bytes_to_bls_field).collect()
}

/// `hash_to_bls_field`: SHA-256 of the data as a big-endian integer, reduced mod `r`.
pub fn hash_to_bls_field(data: &[u8]) -> Fr {
    Fr::from_bytes_be_wide(&Sha256::digest(data))
}

/// `compute_challenge`: the Fiat–Shamir evaluation point of a blob and its commitment,
/// `hash_to_bls_field(FIAT_SHAMIR_PROTOCOL_DOMAIN ‖ 4096 as 16 bytes BE ‖ blob ‖ commitment)`.
pub fn compute_challenge(blob: &[u8], commitment: &[u8]) -> Fr {
    let mut h = Sha256::new();
    h.update(FIAT_SHAMIR_PROTOCOL_DOMAIN);
    h.update((FIELD_ELEMENTS_PER_BLOB as u128).to_be_bytes());
    h.update(blob);
    h.update(commitment);
    Fr::from_bytes_be_wide(&h.finalize())
}

/// `compute_powers`: `[1, x, x², …, x^(n−1)]`.
pub(super) fn compute_powers(x: &Fr, n: usize) -> Vec<Fr> {
    let mut out = Vec::with_capacity(n);
    let mut acc = Fr::ONE;
    for _ in 0..n {
        out.push(acc);
        acc *= x;
    }
    out
}

/// `compute_roots_of_unity(FIELD_ELEMENTS_PER_BLOB)`: powers of
/// `ω = PRIMITIVE_ROOT_OF_UNITY^((r − 1)/4096)`.
fn roots_of_unity() -> Vec<Fr> {
    let mut exp = Fr::MODULUS;
    // r is odd: r − 1 only clears bit 0. Then shift right by log2(4096) = 12.
    exp[0] -= 1;
    let shift = FIELD_ELEMENTS_PER_BLOB.trailing_zeros();
    for i in 0..exp.len() {
        let hi = if i + 1 < exp.len() { exp[i + 1] << (64 - shift) } else { 0 };
        exp[i] = (exp[i] >> shift) | hi;
    }
    let omega = Fr::from_u64(PRIMITIVE_ROOT_OF_UNITY).pow_vartime(&exp);
    compute_powers(&omega, FIELD_ELEMENTS_PER_BLOB)
}

/// `bit_reversal_permutation` of a power-of-two-length list.
fn bit_reversal_permutation<T: Copy>(list: &[T]) -> Vec<T> {
    let bits = list.len().trailing_zeros();
    (0..list.len()).map(|i| list[if bits == 0 { 0 } else { i.reverse_bits() >> (usize::BITS - bits) }]).collect()
}

/// Decodes every G1 point of the setup with every check (in parallel threads with `std`: the
/// square roots and subgroup checks of 8192 points dominate the load).
fn decode_g1_all(raw: &[(usize, [u8; 48])]) -> Result<Vec<G1Affine>, SetupError> {
    let decode = |chunk: &[(usize, [u8; 48])]| -> Result<Vec<G1Affine>, SetupError> {
        chunk
            .iter()
            .map(|(line, b)| G1Affine::from_compressed(b).map_err(|reason| SetupError { line: *line, reason }))
            .collect()
    };
    #[cfg(feature = "std")]
    {
        let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1).clamp(1, 16);
        if threads > 1 {
            let chunk = raw.len().div_ceil(threads).max(1);
            let parts: Vec<Result<Vec<G1Affine>, SetupError>> = std::thread::scope(|s| {
                let handles: Vec<_> = raw.chunks(chunk).map(|c| s.spawn(move || decode(c))).collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or(Err(SetupError { line: 0, reason: Error::Malformed { line: 0 } })))
                    .collect()
            });
            let mut out = Vec::with_capacity(raw.len());
            for p in parts {
                out.extend(p?);
            }
            return Ok(out);
        }
    }
    decode(raw)
}

/// Lower-case or upper-case hex, optional `0x`, into exactly `out.len()` bytes.
fn decode_hex(s: &str, out: &mut [u8], line: usize) -> Result<(), Error> {
    let s = s.strip_prefix("0x").unwrap_or(s).as_bytes();
    if s.len() != 2 * out.len() {
        return Err(Error::Length { expected: out.len(), got: s.len() / 2 });
    }
    fn nibble(c: u8) -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            b'A'..=b'F' => Some(c - b'A' + 10),
            _ => None,
        }
    }
    for (o, pair) in out.iter_mut().zip(s.chunks_exact(2)) {
        match (nibble(pair[0]), nibble(pair[1])) {
            (Some(h), Some(l)) => *o = (h << 4) | l,
            _ => return Err(Error::Malformed { line }),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roots_of_unity_have_order_4096() {
        let roots = roots_of_unity();
        let w = roots[1];
        assert_eq!(w.pow_vartime(&[4096]), Fr::ONE);
        assert_ne!(w.pow_vartime(&[2048]), Fr::ONE);
    }

    #[test]
    fn bit_reversal() {
        assert_eq!(bit_reversal_permutation(&[0, 1, 2, 3, 4, 5, 6, 7]), [0, 4, 2, 6, 1, 5, 3, 7]);
    }
}
