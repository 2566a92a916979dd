//! Multi-scalar multiplication `Σ [kᵢ]·Pᵢ` for public inputs, generic over [`Group`].
//!
//! The bucket method of Pippenger ("On the evaluation of powers and monomials", SIAM J. Comput.
//! 9(1), 1980), as used for elliptic curves by Bernstein–Doumen–Lange–Oosterwijk ("Faster batch
//! forgery identification", INDOCRYPT 2012, §4):
//! - scalars split by the curve's GLV/GLS endomorphism (Gallant–Lambert–Vanstone, CRYPTO 2001;
//!   Galbraith–Scott 2008), so 128-bit digits on G1 and 64-bit digits on G2;
//! - signed-digit windows (digits in `[−2^(c−1), 2^(c−1)]`, half the buckets), `c` chosen by a
//!   cost model of the input size;
//! - buckets accumulated in affine coordinates by batches of independent additions sharing one
//!   inversion (Montgomery's trick; the "batch-affine" method of the ZPrize 2022 MSM entries,
//!   see eprint 2022/1400 §3), with `P + P` and `P + (−P)` handled apart;
//! - running-sum bucket reduction, by batch-affine additions over segments of the buckets;
//! - below 128 pairs, interleaved wNAF (Straus/Möller) instead.
//!
//! [`msm_vartime`] runs on the calling thread; with the `parallel` feature,
//! `msm_vartime_parallel` spreads the windows over rayon's pool and returns the same point.
//! [`FixedBaseMsm`] precomputes the endomorphism images and shifted copies of a point set known
//! in advance (the KZG trusted setup). All of it is variable time: points and scalars must be public.
//!
//! Inputs of different lengths: the pairs beyond the shorter slice are ignored (never a panic).

use crate::curve::Group;

/// `Σ [kᵢ]·Pᵢ` over the first `min(points.len(), scalars.len())` pairs, on the calling thread
/// ([`Group::msm_vartime`]; see the module documentation). Variable time in the points and
/// scalars.
pub fn msm_vartime<G: Group>(points: &[G::Affine], scalars: &[G::Scalar]) -> G {
    G::msm_vartime(points, scalars)
}

/// [`msm_vartime`] on rayon's thread pool ([`Group::msm_vartime_parallel`]): the same result.
#[cfg(feature = "parallel")]
pub fn msm_vartime_parallel<G: Group>(points: &[G::Affine], scalars: &[G::Scalar]) -> G {
    G::msm_vartime_parallel(points, scalars)
}

/// Multi-scalar multiplication over a point set fixed in advance (a trusted setup), with
/// precomputed tables: for each point `P` its endomorphism images `φᵉ(P)` and `T` shifted
/// copies `[2^(c·t)]·φᵉ(P)` of each (`t < T`, `c` the table's window width), normalized to
/// affine once. An MSM over the table accumulates `T` consecutive windows into one set of
/// buckets, so it pays one bucket reduction and `c·T` doublings per `T` windows (none at all
/// with `T` = the number of windows), which also makes wider windows pay; the bucket
/// additions are those of [`msm_vartime`]. The result is the same point as [`msm_vartime`].
///
/// Table size: `d·T·n` affine points for `n` points, `d` = 2 on G1 (GLV) and 4 on G2 (GLS) of
/// BLS12-381 and BN254 ([`FixedBaseMsm::size_bytes`]). For the 4096 G1 points of the EIP-4844
/// setup, the default layout (`c` = 13, `T` = 10, a single reduction) holds 81 920 points of
/// 104 bytes, 8.1 MiB; [`FixedBaseMsm::with_copies_vartime`] with `T = 1` (endomorphism images
/// only, the windows chosen per call) holds 8192 points, 0.8 MiB. On a CPU with AVX-512 IFMA, a
/// table with shifted copies keeps its points a second time in the form of the vector backend
/// (128 bytes each: 10 MiB more for the EIP-4844 default).
#[derive(Clone, Debug)]
pub struct FixedBaseMsm<G: Group> {
    table: G::MsmTable,
}

impl<G: Group> FixedBaseMsm<G> {
    /// Precomputes the table of `points` (public) with the default layout: the fewest shifted
    /// copies whose estimated cost is within 2% of the cheapest, within 64 MiB.
    pub fn new_vartime(points: &[G::Affine]) -> Self {
        FixedBaseMsm { table: G::msm_table_vartime(points) }
    }

    /// Precomputes the table of `points` (public) with `copies` shifted copies of each point
    /// and endomorphism image (clamped to `[1, number of windows]`; 1 keeps only the
    /// endomorphism images): memory against speed, see the type's documentation.
    pub fn with_copies_vartime(points: &[G::Affine], copies: usize) -> Self {
        FixedBaseMsm { table: G::msm_table_with_copies_vartime(points, copies) }
    }

    /// The memory held by the table's points, in bytes.
    pub fn size_bytes(&self) -> usize {
        G::msm_table_size_bytes(&self.table)
    }

    /// `Σ [kᵢ]·Pᵢ` over the first `min(n, scalars.len())` points of the set, on the calling
    /// thread. Variable time in the scalars.
    pub fn msm_vartime(&self, scalars: &[G::Scalar]) -> G {
        G::msm_with_table_vartime(&self.table, scalars)
    }

    /// [`FixedBaseMsm::msm_vartime`] on rayon's thread pool: the same result.
    #[cfg(feature = "parallel")]
    pub fn msm_vartime_parallel(&self, scalars: &[G::Scalar]) -> G {
        G::msm_with_table_vartime_parallel(&self.table, scalars)
    }
}
