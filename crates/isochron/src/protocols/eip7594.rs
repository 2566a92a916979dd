//! EIP-7594 (PeerDAS) cells and cell proofs, pinned: consensus-specs
//! `specs/fulu/polynomial-commitments-sampling.md` ("Fulu -- Polynomial Commitments
//! Sampling"), byte for byte. Methods of the EIP-4844 [`KzgSettings`] (the same trusted setup).
//!
//! - The blob's polynomial `p` (degree < 4096) is extended to [`FIELD_ELEMENTS_PER_EXT_BLOB`] =
//!   8192 evaluations over the 8192nd roots of unity in bit-reversed order, cut into
//!   [`CELLS_PER_EXT_BLOB`] = 128 cells of [`FIELD_ELEMENTS_PER_CELL`] = 64 field elements
//!   ([`BYTES_PER_CELL`] = 2048 bytes). Cell `i` holds `p` on the coset
//!   `hᵢ·{ω₆₄^brp(j)}` with `hᵢ = ω₈₁₉₂^brp₇(i)` (`coset_for_cell`).
//! - A cell's proof is the KZG multi-proof of `p` on its coset: the commitment to the quotient
//!   of `p` by `X⁶⁴ − hᵢ⁶⁴`. All 128 proofs are computed at once with FK20 (Feist–Khovratovich,
//!   "Fast amortized KZG proofs", eprint 2023/033, §3–4): the quotients' commitments are a
//!   Toeplitz matrix of setup points times the coefficients, computed through circulant
//!   embedding as 128 multi-scalar multiplications of 64 precomputed points (the FFTs of the
//!   setup's columns, built on first use with their shifted copies, and summed together as one
//!   fixed-base batch), then one FFT over G1 evaluates them at the 128 values `hᵢ⁶⁴`.
//! - [`KzgSettings::verify_cell_kzg_proof_batch`] is the spec's
//!   `verify_cell_kzg_proof_batch_impl`: one random linear combination (challenge hashed with
//!   [`RANDOM_CHALLENGE_KZG_CELL_BATCH_DOMAIN`]) and one two-pairing check, with the sum of the
//!   cells' interpolation polynomials computed by inverse FFTs of the cosets (per cell index,
//!   not per cell).
//! - [`KzgSettings::recover_cells_and_kzg_proofs`] recovers the polynomial from any half of the
//!   cells (`recover_polynomialcoeff`: multiply by the vanishing polynomial of the missing
//!   cells, divide on the coset shifted by [`PRIMITIVE_ROOT_OF_UNITY`]), then recomputes
//!   every cell and proof.
//!
//! Errors: every `assert` of the spec is an [`Error`]: [`Error::Length`] for a blob, cell,
//! commitment or proof of the wrong size, [`Error::NonCanonical`] for a field element `≥ r`,
//! the point decoder's reason for a bad G1 point, [`Error::Count`] for lists of different
//! lengths, [`Error::IndexOutOfRange`] for a cell index `≥ 128`, and for recovery
//! [`Error::CountRange`] (fewer than 64 or more than 128 cells), [`Error::Duplicate`] and
//! [`Error::Unsorted`] (the indices must be strictly ascending).
//!
//! Everything here works on public data and is variable time. With the `parallel` feature,
//! computing cells and proofs and recovery spread their multi-scalar multiplications over
//! rayon's pool; the results are identical.
//!
//! Conformance vectors: the consensus-spec-tests `kzg-mainnet` cases of the four handlers
//! (`crates/isochron/tests/kzg.rs`); differential test against c-kzg-4844.

use alloc::vec;
use alloc::vec::Vec;

use sha2::{Digest, Sha256};

use super::eip4844::{
    blob_to_polynomial, bytes_to_kzg_g1, check_len, compute_powers, g1_lincomb, map_range, KzgSettings, Proof,
    BYTES_PER_BLOB, BYTES_PER_COMMITMENT, BYTES_PER_FIELD_ELEMENT, BYTES_PER_PROOF, FIELD_ELEMENTS_PER_BLOB,
    PRIMITIVE_ROOT_OF_UNITY,
};
use crate::curve::short_weierstrass::MultiFixedMsm;
use crate::curve::{Group, PointEncoding};
use crate::curves::bls12_381::{Fr, G1Affine, G1Curve, G1Projective, G2Prepared};
use crate::error::Error;
use crate::fft::{bit_reversed_index, EvaluationDomain};
use crate::field::Field;

/// `FIELD_ELEMENTS_PER_EXT_BLOB`: the evaluations of the extended blob (rate 1/2).
pub const FIELD_ELEMENTS_PER_EXT_BLOB: usize = 2 * FIELD_ELEMENTS_PER_BLOB;
/// `FIELD_ELEMENTS_PER_CELL`: the evaluations of a cell (one coset).
pub const FIELD_ELEMENTS_PER_CELL: usize = 64;
/// `BYTES_PER_CELL` = 2048.
pub const BYTES_PER_CELL: usize = FIELD_ELEMENTS_PER_CELL * BYTES_PER_FIELD_ELEMENT;
/// `CELLS_PER_EXT_BLOB` = 128.
pub const CELLS_PER_EXT_BLOB: usize = FIELD_ELEMENTS_PER_EXT_BLOB / FIELD_ELEMENTS_PER_CELL;
/// `RANDOM_CHALLENGE_KZG_CELL_BATCH_DOMAIN`: the domain of the cell batch challenge.
pub const RANDOM_CHALLENGE_KZG_CELL_BATCH_DOMAIN: &[u8; 16] = b"RCKZGCBATCH__V1_";

/// A cell: 64 field elements, 32 bytes each, big endian (`Cell`).
pub type Cell = [u8; BYTES_PER_CELL];

/// The FK20 blocks: the blob's 4096 coefficients as 64 rows of 64 (`l = 64`, the cell size).
const BLOCKS: usize = FIELD_ELEMENTS_PER_BLOB / FIELD_ELEMENTS_PER_CELL;
/// The circulant size of FK20: `2·BLOCKS`, one evaluation point per cell.
const CIRCULANT: usize = 2 * BLOCKS;

/// What EIP-7594 adds to a setup, computed once from it: the domains and, for FK20, the
/// FFTs of the setup's columns (`CIRCULANT` multi-scalar multiplications of `BLOCKS` points,
/// one per frequency).
#[derive(Clone, Debug)]
pub(super) struct DasTables {
    /// Size 64: a cell's coset (interpolation in verification).
    domain_cell: EvaluationDomain<Fr>,
    /// Size 128: FK20's circulant.
    domain_fk20: EvaluationDomain<Fr>,
    /// Size 4096: a blob's polynomial.
    domain_blob: EvaluationDomain<Fr>,
    /// Size 8192: the extended blob.
    domain_ext: EvaluationDomain<Fr>,
    /// `ω₈₁₉₂^k`, natural order.
    roots_ext: Vec<Fr>,
    /// Set `f` holds the `f`-th value of the FFT of every setup column `t`, with their
    /// shifted copies for the fixed-base MSMs ([`MultiFixedMsm`]).
    columns: MultiFixedMsm<G1Curve>,
    /// `[τ⁶⁴]G2` prepared for Miller loops (the verification pairing's fixed point).
    tau_cell_lines: G2Prepared,
}

impl DasTables {
    /// The tables of `settings`: 64 FFTs of 128 points over G1, then 17 shifted copies of each
    /// of the 8192 results (139 264 affine points, 13.8 MiB; about a second on one core).
    pub(super) fn new(settings: &KzgSettings) -> DasTables {
        let domain = |n: usize| match EvaluationDomain::new(n) {
            Ok(d) => d,
            // Powers of two far below Fr's 2-adicity (32).
            Err(e) => unreachable!("EIP-7594 domain of size {n}: {e}"),
        };
        let domain_ext = domain(FIELD_ELEMENTS_PER_EXT_BLOB);
        let roots_ext = domain_ext.elements();
        let domain_fk20 = domain(CIRCULANT);
        let s = settings.g1_monomial();
        // Column t of the Toeplitz matrix, embedded in a circulant: y₀ = s_t,
        // y_(128−j) = s_(64j+t) for 1 ≤ j ≤ 62, zero elsewhere (see `fk20_proofs`).
        let column_fft = |t: usize| -> Vec<G1Projective> {
            let mut y = vec![G1Projective::identity(); CIRCULANT];
            y[0] = G1Projective::from(s[t]);
            for j in 1..BLOCKS - 1 {
                y[CIRCULANT - j] = G1Projective::from(s[BLOCKS * j + t]);
            }
            // Cannot fail: `y` has the domain's length.
            let _ = domain_fk20.fft_group(&mut y);
            y
        };
        let ffts: Vec<Vec<G1Projective>> = map_range(BLOCKS, column_fft);
        let mut transposed = Vec::with_capacity(CIRCULANT * BLOCKS);
        for f in 0..CIRCULANT {
            for fft in &ffts {
                transposed.push(fft[f]);
            }
        }
        DasTables {
            domain_cell: domain(FIELD_ELEMENTS_PER_CELL),
            domain_fk20,
            domain_blob: domain(FIELD_ELEMENTS_PER_BLOB),
            domain_ext,
            roots_ext,
            columns: MultiFixedMsm::new(&G1Projective::batch_normalize(&transposed), BLOCKS),
            tau_cell_lines: G2Prepared::from(settings.g2_monomial()[FIELD_ELEMENTS_PER_CELL]),
        }
    }

    /// `hᵢ⁻¹ = ω₈₁₉₂^(8192 − brp₇(i))`.
    fn coset_shift_inverse(&self, cell: usize) -> Fr {
        self.roots_ext
            [(FIELD_ELEMENTS_PER_EXT_BLOB - reverse_bits(cell, CELLS_PER_EXT_BLOB)) % FIELD_ELEMENTS_PER_EXT_BLOB]
    }

    /// `hᵢ⁶⁴ = ω₁₂₈^brp₇(i)`.
    fn coset_shift_pow_cell(&self, cell: usize) -> Fr {
        self.roots_ext[FIELD_ELEMENTS_PER_CELL * reverse_bits(cell, CELLS_PER_EXT_BLOB)]
    }

    /// `polynomial_eval_to_coeff`: the coefficients of the blob's polynomial (given by its
    /// bit-reversed evaluations).
    fn eval_to_coeff(&self, mut poly: Vec<Fr>) -> Vec<Fr> {
        bit_reverse_in_place(&mut poly);
        // Cannot fail: a blob has 4096 field elements.
        let _ = self.domain_blob.ifft(&mut poly);
        poly
    }

    /// The cells of the polynomial with coefficients `coeff` (`compute_cells`' extension).
    fn cells(&self, coeff: &[Fr]) -> Vec<Cell> {
        let mut ext = vec![Fr::ZERO; FIELD_ELEMENTS_PER_EXT_BLOB];
        ext[..coeff.len()].copy_from_slice(coeff);
        // Cannot fail: `ext` has the domain's length.
        let _ = self.domain_ext.fft(&mut ext);
        bit_reverse_in_place(&mut ext);
        ext.chunks_exact(FIELD_ELEMENTS_PER_CELL).map(coset_evals_to_cell).collect()
    }

    /// The 128 cell proofs of the polynomial with coefficients `coeff` (4096 of them), in cell
    /// order, by FK20.
    ///
    /// With `c` the coefficients, `l = 64` and `sᵢ = [τⁱ]G1`, the quotient of `p` by
    /// `X^l − a` commits to `Σ_m a^m·H_m` with `H_m = Σ_t Σ_(j ≤ 62−m) c_(l(m+1+j)+t)·s_(lj+t)`
    /// (`m < 63`): for each `t < l` a Toeplitz product, done as the circulant convolution of
    /// `x_u = c_(lu+t)` with the column `y` above (`H_m` is its entry `m + 1`). So
    /// `Ĥ_f = Σ_t x̂⁽ᵗ⁾_f·ŷ⁽ᵗ⁾_f` (one MSM per frequency over the precomputed columns), `H` the
    /// inverse FFT of `Ĥ`, and cell `i`'s proof the FFT of `H` at `a = hᵢ^l = ω₁₂₈^brp₇(i)`.
    fn fk20_proofs(&self, coeff: &[Fr]) -> Vec<Proof> {
        // x̂⁽ᵗ⁾/n for every t (the inverse FFT's 1/n folded in), stored per frequency:
        // scalars[f·BLOCKS + t].
        let n_inv = self.domain_fk20.size_inv();
        let mut scalars = vec![Fr::ZERO; CIRCULANT * BLOCKS];
        let mut x = vec![Fr::ZERO; CIRCULANT];
        for t in 0..BLOCKS {
            x.fill(Fr::ZERO);
            for u in 0..BLOCKS {
                x[u] = coeff[BLOCKS * u + t] * n_inv;
            }
            // Cannot fail: `x` has the domain's length.
            let _ = self.domain_fk20.fft(&mut x);
            for (f, v) in x.iter().enumerate() {
                scalars[f * BLOCKS + t] = *v;
            }
        }
        let mut h_hat = self.columns.msm_vartime(&scalars, cfg!(feature = "parallel"));
        // The inverse FFT (its 1/n is folded into the scalars): entry w is the forward
        // transform's entry −w mod n. H_m = entry m + 1 for m < 63, zero above.
        let _ = self.domain_fk20.fft_group(&mut h_hat);
        let mut h = vec![G1Projective::identity(); CIRCULANT];
        for (m, hm) in h.iter_mut().enumerate().take(BLOCKS - 1) {
            *hm = h_hat[(CIRCULANT - (m + 1)) % CIRCULANT];
        }
        let _ = self.domain_fk20.fft_group(&mut h);
        // Cell i's a = ω₁₂₈^brp₇(i): entry brp₇(i) of the FFT.
        let proofs = G1Projective::batch_normalize(&h);
        (0..CELLS_PER_EXT_BLOB).map(|i| proofs[reverse_bits(i, CELLS_PER_EXT_BLOB)].to_compressed()).collect()
    }
}

/// `reverse_bits(i, order)` for a power-of-two `order` ([`bit_reversed_index`]).
fn reverse_bits(i: usize, order: usize) -> usize {
    bit_reversed_index(i, order.trailing_zeros())
}

fn bit_reverse_in_place<T>(values: &mut [T]) {
    // Cannot fail: every caller's length is a power of two.
    let _ = crate::fft::bit_reverse_permutation(values);
}

/// `coset_evals_to_cell`: 64 field elements, 32 bytes big endian each.
fn coset_evals_to_cell(evals: &[Fr]) -> Cell {
    let mut cell = [0u8; BYTES_PER_CELL];
    for (chunk, e) in cell.chunks_exact_mut(BYTES_PER_FIELD_ELEMENT).zip(evals) {
        chunk.copy_from_slice(e.to_bytes_be().as_ref());
    }
    cell
}

/// `cell_to_coset_evals`: a cell's 64 field elements, each checked `< r`.
fn cell_to_coset_evals(cell: &[u8]) -> Result<Vec<Fr>, Error> {
    check_len(cell, BYTES_PER_CELL)?;
    cell.chunks_exact(BYTES_PER_FIELD_ELEMENT).map(Fr::from_bytes_be).collect()
}

/// A cell index, checked `< CELLS_PER_EXT_BLOB`.
fn cell_index(index: u64) -> Result<usize, Error> {
    match usize::try_from(index) {
        Ok(i) if i < CELLS_PER_EXT_BLOB => Ok(i),
        _ => Err(Error::IndexOutOfRange { index, bound: CELLS_PER_EXT_BLOB as u64 }),
    }
}

impl KzgSettings {
    /// Runs `f` on the EIP-7594 tables of this setup: built on first use and kept with `std`,
    /// built for the call without it.
    fn with_das<R>(&self, f: impl FnOnce(&DasTables) -> R) -> R {
        #[cfg(feature = "std")]
        {
            f(self.das.get_or_init(|| DasTables::new(self)))
        }
        #[cfg(not(feature = "std"))]
        {
            f(&DasTables::new(self))
        }
    }

    /// `compute_cells`: the 128 cells of the extended blob (no proofs).
    pub fn compute_cells(&self, blob: &[u8]) -> Result<Vec<Cell>, Error> {
        check_len(blob, BYTES_PER_BLOB)?;
        let poly = blob_to_polynomial(blob)?;
        Ok(self.with_das(|das| das.cells(&das.eval_to_coeff(poly))))
    }

    /// `compute_cells_and_kzg_proofs`: the 128 cells of the extended blob and their proofs
    /// (FK20; see the module documentation).
    pub fn compute_cells_and_kzg_proofs(&self, blob: &[u8]) -> Result<(Vec<Cell>, Vec<Proof>), Error> {
        check_len(blob, BYTES_PER_BLOB)?;
        let poly = blob_to_polynomial(blob)?;
        Ok(self.with_das(|das| {
            let coeff = das.eval_to_coeff(poly);
            (das.cells(&coeff), das.fk20_proofs(&coeff))
        }))
    }

    /// `verify_cell_kzg_proof_batch`: whether every `proofs[k]` shows that `cells[k]` holds the
    /// values on cell `cell_indices[k]`'s coset of the polynomial committed to by
    /// `commitments[k]`. The four lists must have the same length ([`Error::Count`]); an empty
    /// batch is `Ok(true)`. Malformed inputs are errors; a well-formed wrong proof is
    /// `Ok(false)`.
    pub fn verify_cell_kzg_proof_batch<C, X, P>(
        &self,
        commitments: &[C],
        cell_indices: &[u64],
        cells: &[X],
        proofs: &[P],
    ) -> Result<bool, Error>
    where
        C: AsRef<[u8]>,
        X: AsRef<[u8]>,
        P: AsRef<[u8]>,
    {
        let n = cell_indices.len();
        for len in [commitments.len(), cells.len(), proofs.len()] {
            if len != n {
                return Err(Error::Count { expected: n, got: len });
            }
        }
        for c in commitments {
            check_len(c.as_ref(), BYTES_PER_COMMITMENT)?;
        }
        let indices = cell_indices.iter().map(|&i| cell_index(i)).collect::<Result<Vec<usize>, Error>>()?;
        for cell in cells {
            check_len(cell.as_ref(), BYTES_PER_CELL)?;
        }
        for p in proofs {
            check_len(p.as_ref(), BYTES_PER_PROOF)?;
        }
        // The distinct commitments in order of first appearance, and each cell's among them.
        let mut unique: Vec<&[u8]> = Vec::new();
        let mut commitment_indices = Vec::with_capacity(n);
        for c in commitments {
            let c = c.as_ref();
            let k = match unique.iter().position(|u| *u == c) {
                Some(k) => k,
                None => {
                    unique.push(c);
                    unique.len() - 1
                }
            };
            commitment_indices.push(k);
        }
        let unique_points = unique.iter().map(|c| bytes_to_kzg_g1(c)).collect::<Result<Vec<G1Affine>, Error>>()?;
        let evals = cells.iter().map(|c| cell_to_coset_evals(c.as_ref())).collect::<Result<Vec<Vec<Fr>>, Error>>()?;
        let proof_points =
            proofs.iter().map(|p| bytes_to_kzg_g1(p.as_ref())).collect::<Result<Vec<G1Affine>, Error>>()?;
        if n == 0 {
            return Ok(true);
        }

        // compute_verify_cell_kzg_proof_batch_challenge
        let mut h = Sha256::new();
        h.update(RANDOM_CHALLENGE_KZG_CELL_BATCH_DOMAIN);
        h.update((FIELD_ELEMENTS_PER_BLOB as u64).to_be_bytes());
        h.update((FIELD_ELEMENTS_PER_CELL as u64).to_be_bytes());
        h.update((unique.len() as u64).to_be_bytes());
        h.update((n as u64).to_be_bytes());
        for c in &unique {
            h.update(c);
        }
        for k in 0..n {
            h.update((commitment_indices[k] as u64).to_be_bytes());
            h.update(cell_indices[k].to_be_bytes());
            h.update(cells[k].as_ref());
            h.update(proofs[k].as_ref());
        }
        let r = Fr::from_bytes_be_wide(&h.finalize());
        let r_powers = compute_powers(&r, n);

        Ok(self.with_das(|das| {
            // LL = Σ r^k·π_k.
            let ll = g1_lincomb(&proof_points, &r_powers);
            // RLC = Σ_i weights_i·C_i, weights_i = Σ_(k → i) r^k.
            let mut weights = vec![Fr::ZERO; unique_points.len()];
            for k in 0..n {
                weights[commitment_indices[k]] += r_powers[k];
            }
            // RLI = [Σ_k r^k·I_k(τ)]: the weighted evaluations summed per cell index, then one
            // interpolation per index. A coset hᵢ·{ω₆₄^brp(j)} in bit-reversed order: the
            // inverse FFT of the natural-order values gives the coefficients of I(hᵢX).
            let mut per_index = vec![None::<Vec<Fr>>; CELLS_PER_EXT_BLOB];
            for k in 0..n {
                let acc = per_index[indices[k]].get_or_insert_with(|| vec![Fr::ZERO; FIELD_ELEMENTS_PER_CELL]);
                for (a, e) in acc.iter_mut().zip(&evals[k]) {
                    *a += r_powers[k] * e;
                }
            }
            let mut interpolation = vec![Fr::ZERO; FIELD_ELEMENTS_PER_CELL];
            for (i, values) in per_index.into_iter().enumerate() {
                let Some(mut values) = values else { continue };
                bit_reverse_in_place(&mut values);
                // Cannot fail: a cell has the domain's length.
                let _ = das.domain_cell.ifft(&mut values);
                let h_inv = das.coset_shift_inverse(i);
                let mut scale = Fr::ONE;
                for (acc, a) in interpolation.iter_mut().zip(&values) {
                    *acc += *a * scale;
                    scale *= h_inv;
                }
            }
            let rli = g1_lincomb(&self.g1_monomial()[..FIELD_ELEMENTS_PER_CELL], &interpolation);
            // RLP = Σ r^k·h_k⁶⁴·π_k; RL = RLC − RLI + RLP, as one linear combination.
            let mut points = unique_points.clone();
            let mut scalars = weights;
            for k in 0..n {
                points.push(proof_points[k]);
                scalars.push(r_powers[k] * das.coset_shift_pow_cell(indices[k]));
            }
            let rl = g1_lincomb(&points, &scalars) - rli;
            // e(LL, [τ⁶⁴]G2) = e(RL, G2): e(−RL, G2)·e(LL, [τ⁶⁴]G2) = 1.
            self.check_g2_and(&(-rl).to_affine(), &ll.to_affine(), &das.tau_cell_lines)
        }))
    }

    /// `recover_cells_and_kzg_proofs`: every cell and proof of a blob from at least half of its
    /// cells (`cell_indices` strictly ascending, each `< 128`, with their cells). The result is
    /// the spec's even when the cells do not come from one blob (then it is not a blob's).
    pub fn recover_cells_and_kzg_proofs<X: AsRef<[u8]>>(
        &self,
        cell_indices: &[u64],
        cells: &[X],
    ) -> Result<(Vec<Cell>, Vec<Proof>), Error> {
        let n = cell_indices.len();
        if cells.len() != n {
            return Err(Error::Count { expected: n, got: cells.len() });
        }
        if !(CELLS_PER_EXT_BLOB / 2..=CELLS_PER_EXT_BLOB).contains(&n) {
            return Err(Error::CountRange { min: CELLS_PER_EXT_BLOB / 2, max: CELLS_PER_EXT_BLOB, got: n });
        }
        let mut sorted = cell_indices.to_vec();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(Error::Duplicate { index: w[0] });
        }
        if sorted != cell_indices {
            return Err(Error::Unsorted);
        }
        let indices = cell_indices.iter().map(|&i| cell_index(i)).collect::<Result<Vec<usize>, Error>>()?;
        for cell in cells {
            check_len(cell.as_ref(), BYTES_PER_CELL)?;
        }
        let evals = cells.iter().map(|c| cell_to_coset_evals(c.as_ref())).collect::<Result<Vec<Vec<Fr>>, Error>>()?;
        Ok(self.with_das(|das| {
            let coeff = das.recover_polynomialcoeff(&indices, &evals);
            (das.cells(&coeff), das.fk20_proofs(&coeff))
        }))
    }
}

impl DasTables {
    /// `recover_polynomialcoeff`: the coefficients of the polynomial from the cells at
    /// `indices` (ascending, at least 64), exactly as the spec computes them.
    fn recover_polynomialcoeff(&self, indices: &[usize], evals: &[Vec<Fr>]) -> Vec<Fr> {
        let mut ext = vec![Fr::ZERO; FIELD_ELEMENTS_PER_EXT_BLOB];
        let mut present = [false; CELLS_PER_EXT_BLOB];
        for (&i, e) in indices.iter().zip(evals) {
            ext[i * FIELD_ELEMENTS_PER_CELL..(i + 1) * FIELD_ELEMENTS_PER_CELL].copy_from_slice(e);
            present[i] = true;
        }
        bit_reverse_in_place(&mut ext);

        // construct_vanishing_polynomial: Π (X − ω₁₂₈^brp₇(i)) over the missing cells i, in X⁶⁴.
        let mut short = vec![Fr::ONE];
        for (i, _) in present.iter().enumerate().filter(|(_, p)| !**p) {
            let root = self.coset_shift_pow_cell(i);
            // short ← short·(X − root)
            short.push(Fr::ZERO);
            for j in (0..short.len()).rev() {
                let lower = if j > 0 { short[j - 1] } else { Fr::ZERO };
                short[j] = lower - short[j] * root;
            }
        }
        let mut zero_poly = vec![Fr::ZERO; FIELD_ELEMENTS_PER_EXT_BLOB];
        for (j, c) in short.iter().enumerate() {
            zero_poly[j * FIELD_ELEMENTS_PER_CELL] = *c;
        }

        // (E·Z) in evaluation form, back to coefficients; then (E·Z)/Z on the coset.
        let mut zero_eval = zero_poly.clone();
        let d = &self.domain_ext;
        let shift = Fr::from_u64(PRIMITIVE_ROOT_OF_UNITY);
        // Cannot fail below: every vector has the domain's length and the shift is nonzero.
        let _ = d.fft(&mut zero_eval);
        for (e, z) in ext.iter_mut().zip(&zero_eval) {
            *e *= z;
        }
        let _ = d.ifft(&mut ext);
        let _ = d.coset_fft_with(&mut ext, &shift);
        let mut zero_coset = zero_poly;
        let _ = d.coset_fft_with(&mut zero_coset, &shift);
        // Z has no root on the coset 7·⟨ω⟩ (7 generates Fr*, so 7·ωᵏ is no root of unity).
        Fr::batch_inverse_vartime(&mut zero_coset);
        for (e, z) in ext.iter_mut().zip(&zero_coset) {
            *e *= z;
        }
        let _ = d.coset_ifft_with(&mut ext, &shift);
        ext.truncate(FIELD_ELEMENTS_PER_BLOB);
        ext
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::PrimeField;

    #[test]
    fn domain_roots_are_the_specs() {
        // compute_roots_of_unity(n) = powers of PRIMITIVE_ROOT_OF_UNITY^((r − 1)/n).
        let d = EvaluationDomain::<Fr>::new(FIELD_ELEMENTS_PER_EXT_BLOB).unwrap();
        assert_eq!(Fr::MULTIPLICATIVE_GENERATOR, Fr::from_u64(PRIMITIVE_ROOT_OF_UNITY));
        let w = d.omega();
        assert_eq!(w.pow_vartime(&[8192]), Fr::ONE);
        assert_ne!(w.pow_vartime(&[4096]), Fr::ONE);
        let mut exp = Fr::MODULUS;
        exp[0] -= 1;
        for i in 0..exp.len() {
            let hi = if i + 1 < exp.len() { exp[i + 1] << (64 - 13) } else { 0 };
            exp[i] = (exp[i] >> 13) | hi;
        }
        assert_eq!(Fr::from_u64(PRIMITIVE_ROOT_OF_UNITY).pow_vartime(&exp), w);
    }

    #[test]
    fn reverse_bits_of_cells() {
        assert_eq!(reverse_bits(1, 128), 64);
        assert_eq!(reverse_bits(3, 128), 96);
        assert_eq!(reverse_bits(0, 1), 0);
    }
}
