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
//! - running-sum bucket reduction in XYZZ coordinates;
//! - below 128 pairs, interleaved wNAF (Straus/Möller) instead.
//!
//! [`msm_vartime`] runs on the calling thread; with the `parallel` feature,
//! `msm_vartime_parallel` spreads the windows over rayon's pool and returns the same point.
//! [`FixedBaseMsm`] precomputes the endomorphism images of a point set known in advance (the
//! KZG trusted setup). All of it is variable time: points and scalars must be public.
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

/// Multi-scalar multiplication over a point set fixed in advance (a trusted setup): the
/// endomorphism images `φʲ(Pᵢ)` are computed and normalized once, so each MSM starts directly
/// with the bucket passes (Pippenger with the same method as [`msm_vartime`]).
///
/// Table size: `d·n` affine points for `n` points, `d` = 2 on G1 (GLV) and 4 on G2 (GLS) of
/// BLS12-381 and BN254 — for the 4096 G1 points of the EIP-4844 setup, 8192 points, 0.8 MiB.
#[derive(Clone, Debug)]
pub struct FixedBaseMsm<G: Group> {
    table: G::MsmTable,
}

impl<G: Group> FixedBaseMsm<G> {
    /// Precomputes the table of `points` (public).
    pub fn new_vartime(points: &[G::Affine]) -> Self {
        FixedBaseMsm { table: G::msm_table_vartime(points) }
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
