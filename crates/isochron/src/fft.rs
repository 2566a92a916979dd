//! Number-theoretic transforms over a prime field's power-of-two subgroups: the FFT and its
//! inverse on field elements and on group elements (G1 for FK20), coset FFTs, and the
//! bit-reversal permutation of the Ethereum specifications.
//!
//! An [`EvaluationDomain`] of size `n = 2^k` (with `k` at most the field's 2-adicity `s`) is the
//! subgroup `{1, ω, ω², …, ω^(n−1)}` for `ω = ROOT_OF_UNITY^(2^(s−k))`, a primitive `n`-th root
//! of unity derived from the field's constants ([`PrimeField::ROOT_OF_UNITY`]). Its
//! [`fft`](EvaluationDomain::fft) maps the coefficients `a₀, …, a_(n−1)` of a polynomial `a(X)`
//! (natural order) to its values `a(ω^i)` (natural order); [`ifft`](EvaluationDomain::ifft)
//! is the inverse. The coset transforms do the same on `g·⟨ω⟩` for a shift `g` outside the
//! subgroup (by default the field's multiplicative generator,
//! [`PrimeField::MULTIPLICATIVE_GENERATOR`]).
//!
//! Algorithm: the iterative radix-2 decimation-in-time Cooley–Tukey FFT (Cooley–Tukey, "An
//! algorithm for the machine calculation of complex Fourier series", Math. Comp. 19, 1965; the
//! iterative form as in Cormen et al., *Introduction to Algorithms*, §30.3): a bit-reversal
//! permutation of the input, then `k` rounds of butterflies `(u, v) ↦ (u + w·v, u − w·v)`. The
//! twiddles `w` of each round are precomputed in one contiguous table (`fft/radix2.rs`). The inverse
//! transform is the forward one followed by `i ↦ −i mod n` and a multiplication by `1/n`
//! (`a(ω^(−i)) = â_(n−i)`), so the domain keeps a single table.
//!
//! The same kernels transform field elements (`fft`, `ifft`, `coset_*`: multiplication by a
//! twiddle) and points of a [`Group`] over that scalar field (`*_group`: variable-time scalar
//! multiplication by the public twiddle, [`Group::mul_vartime`]). For field elements a transform
//! takes time depending only on the domain size; for group elements it depends on the (public)
//! twiddles only, never on the points.
//!
//! No radix-4 kernel: in a prime field the multiplication by the fourth root of unity that a
//! radix-4 butterfly saves in the complex case is a full field multiplication, so radix-4
//! performs the same number of multiplications as two radix-2 rounds and only saves passes over
//! the data; on BLS12-381 Fr a 2^12-point transform measures about 23 ns per butterfly against
//! 19 ns per multiplication (the data of such sizes stays in L2), which leaves it little to win.
//!
//! With the `parallel` feature the rounds of large transforms (at least
//! [`PARALLEL_MIN_SIZE`] points) run on rayon's thread pool; the results are identical.

use alloc::vec::Vec;
use core::ops::{Add, Sub};

use crate::curve::Group;
use crate::error::Error;
use crate::field::{Field, PrimeField};

mod radix2;

pub use radix2::PARALLEL_MIN_SIZE;

/// What the kernels transform: field elements or group elements, added and subtracted; the
/// multiplication by a twiddle is passed alongside (a field product, or
/// [`Group::mul_vartime`]).
trait Element: Copy + Send + Sync + Add<Output = Self> + Sub<Output = Self> {}

impl<T: Copy + Send + Sync + Add<Output = T> + Sub<Output = T>> Element for T {}

/// A field element times a twiddle.
#[inline(always)]
fn field_mul<F: PrimeField>(x: &F, w: &F) -> F {
    *x * w
}

/// A group element times a public twiddle (variable time in the twiddle).
#[inline(always)]
fn group_mul<G: Group>(x: &G, w: &G::Scalar) -> G {
    x.mul_vartime(w)
}

/// The index `i` with its lowest `log_size` bits reversed (the consensus-specs
/// polynomial-commitments `reverse_bits(n, order)` for `order = 2^log_size`). Bits of `i` above
/// `log_size` are dropped; `log_size = 0` gives 0.
pub fn bit_reversed_index(i: usize, log_size: u32) -> usize {
    if log_size == 0 {
        return 0;
    }
    let log_size = log_size.min(usize::BITS);
    i.reverse_bits() >> (usize::BITS - log_size)
}

/// Permutes `values` in place to bit-reversed order: the element at index `i` moves to
/// `reverse_bits(i)` (an involution). This is the Ethereum consensus-specs
/// polynomial-commitments `bit_reversal_permutation` (EIP-4844 blobs and the EIP-7594 cells are
/// in this order). [`Error::UnsupportedDomainSize`] unless the length is a power of two (as the
/// specification asserts).
pub fn bit_reverse_permutation<T>(values: &mut [T]) -> Result<(), Error> {
    let n = values.len();
    if !n.is_power_of_two() {
        return Err(Error::UnsupportedDomainSize { size: n, max_log2: usize::BITS - 1 });
    }
    radix2::bit_reverse(values, n.trailing_zeros());
    Ok(())
}

/// The multiplicative subgroup of size `n = 2^k` of a prime field `F`, with the precomputed
/// twiddles of its FFT (`n` elements of `F`).
#[derive(Clone, Debug)]
pub struct EvaluationDomain<F: PrimeField> {
    /// `k`.
    log_size: u32,
    /// `ω`, a primitive `n`-th root of unity.
    omega: F,
    /// `ω⁻¹`.
    omega_inv: F,
    /// `1/n` in `F`.
    size_inv: F,
    /// `twiddles[h + j] = ω_(2h)^j` for `h = 1, 2, 4, …, n/2` and `0 ≤ j < h`, where
    /// `ω_(2h) = ω^(n/2h)`; `twiddles[0] = 1`. Each round of butterflies reads one contiguous
    /// slice.
    twiddles: Vec<F>,
}

impl<F: PrimeField> EvaluationDomain<F> {
    /// The domain of exactly `size` points, with `ω = ROOT_OF_UNITY^(2^(s−k))` and its `size`
    /// twiddles. [`Error::UnsupportedDomainSize`] unless `size` is a power of two `2^k` with
    /// `k ≤` [`PrimeField::TWO_ADICITY`] (and below the pointer width), or if the twiddle table
    /// cannot be allocated.
    pub fn new(size: usize) -> Result<Self, Error> {
        let max_log2 = F::TWO_ADICITY.min(usize::BITS - 1);
        if !size.is_power_of_two() || size.trailing_zeros() > max_log2 {
            return Err(Error::UnsupportedDomainSize { size, max_log2 });
        }
        let log_size = size.trailing_zeros();
        // ω = ROOT_OF_UNITY^(2^(s−k)): a primitive 2^s-th root squared s − k times.
        let mut omega = F::ROOT_OF_UNITY;
        for _ in log_size..F::TWO_ADICITY {
            omega = omega.square();
        }
        let omega_inv = omega.inverse_vartime().ok_or(Error::Zero)?;
        let size_inv = F::from_u64(size as u64).inverse_vartime().ok_or(Error::Zero)?;
        // A size the allocator refuses is reported, not aborted on.
        let twiddles = radix2::twiddles(omega, size).ok_or(Error::UnsupportedDomainSize { size, max_log2 })?;
        Ok(Self { log_size, omega, omega_inv, size_inv, twiddles })
    }

    /// The smallest domain with at least `min_size` points (one point for `min_size ≤ 1`), or
    /// [`Error::UnsupportedDomainSize`] if it would exceed the field's 2-adicity.
    pub fn new_at_least(min_size: usize) -> Result<Self, Error> {
        let size = min_size
            .max(1)
            .checked_next_power_of_two()
            .ok_or(Error::UnsupportedDomainSize { size: min_size, max_log2: F::TWO_ADICITY.min(usize::BITS - 1) })?;
        Self::new(size)
    }

    /// The number of points `n`.
    pub fn size(&self) -> usize {
        1 << self.log_size
    }

    /// `k` with `n = 2^k`.
    pub fn log_size(&self) -> u32 {
        self.log_size
    }

    /// The generator `ω` of the domain, a primitive `n`-th root of unity.
    pub fn omega(&self) -> F {
        self.omega
    }

    /// `ω⁻¹`.
    pub fn omega_inv(&self) -> F {
        self.omega_inv
    }

    /// `1/n` in the field.
    pub fn size_inv(&self) -> F {
        self.size_inv
    }

    /// The points `1, ω, ω², …, ω^(n−1)`, in natural order.
    pub fn elements(&self) -> Vec<F> {
        powers(F::ONE, self.omega, self.size())
    }

    fn check_len(&self, len: usize) -> Result<(), Error> {
        if len == self.size() {
            Ok(())
        } else {
            Err(Error::DomainLength { expected: self.size(), got: len })
        }
    }

    /// In place, the coefficients `a₀, …, a_(n−1)` (natural order) become the values
    /// `a(ω^i) = Σ_j a_j·ω^(ij)` (natural order): radix-2 Cooley–Tukey, `(n/2)·log₂ n`
    /// multiplications. [`Error::DomainLength`] unless `values.len() = n`.
    pub fn fft(&self, values: &mut [F]) -> Result<(), Error> {
        self.forward(values, &field_mul)
    }

    /// The inverse of [`EvaluationDomain::fft`]: the values `a(ω^i)` (natural order) become the
    /// coefficients, `a_j = (1/n)·Σ_i a(ω^i)·ω^(−ij)`. [`Error::DomainLength`] unless
    /// `values.len() = n`.
    pub fn ifft(&self, values: &mut [F]) -> Result<(), Error> {
        self.inverse(values, &field_mul)
    }

    /// [`EvaluationDomain::coset_fft_with`] on the coset `g·⟨ω⟩` for `g` the field's
    /// multiplicative generator ([`PrimeField::MULTIPLICATIVE_GENERATOR`]).
    pub fn coset_fft(&self, values: &mut [F]) -> Result<(), Error> {
        self.coset_forward(values, &F::MULTIPLICATIVE_GENERATOR, &field_mul)
    }

    /// [`EvaluationDomain::coset_ifft_with`] on the coset `g·⟨ω⟩` for `g` the field's
    /// multiplicative generator ([`PrimeField::MULTIPLICATIVE_GENERATOR`]).
    pub fn coset_ifft(&self, values: &mut [F]) -> Result<(), Error> {
        self.coset_inverse(values, &F::MULTIPLICATIVE_GENERATOR, &field_mul)
    }

    /// In place, the coefficients of `a(X)` become the values `a(g·ω^i)` (natural order), for
    /// `g = shift`: `a_j ↦ g^j·a_j`, then [`EvaluationDomain::fft`]. [`Error::DomainLength`]
    /// unless `values.len() = n`.
    pub fn coset_fft_with(&self, values: &mut [F], shift: &F) -> Result<(), Error> {
        self.coset_forward(values, shift, &field_mul)
    }

    /// The inverse of [`EvaluationDomain::coset_fft_with`]: [`EvaluationDomain::ifft`], then
    /// `a_j ↦ g^(−j)·a_j`. [`Error::DomainLength`] unless `values.len() = n`, [`Error::Zero`]
    /// for `shift = 0` (no coset).
    pub fn coset_ifft_with(&self, values: &mut [F], shift: &F) -> Result<(), Error> {
        self.coset_inverse(values, shift, &field_mul)
    }

    /// [`EvaluationDomain::fft`] over a group whose scalar field is `F` (the FFT over G1 of
    /// FK20, Feist–Khovratovich, "Fast amortized KZG proofs", eprint 2023/033):
    /// `P_j ↦ Σ_j [ω^(ij)]P_j`, the same butterflies with a variable-time scalar multiplication
    /// by each (public) twiddle. [`Error::DomainLength`] unless `points.len() = n`.
    pub fn fft_group<G: Group<Scalar = F>>(&self, points: &mut [G]) -> Result<(), Error> {
        self.forward(points, &group_mul)
    }

    /// The inverse of [`EvaluationDomain::fft_group`] ([`EvaluationDomain::ifft`] over the
    /// group). [`Error::DomainLength`] unless `points.len() = n`.
    pub fn ifft_group<G: Group<Scalar = F>>(&self, points: &mut [G]) -> Result<(), Error> {
        self.inverse(points, &group_mul)
    }

    /// [`EvaluationDomain::coset_fft_with`] over a group whose scalar field is `F`.
    /// [`Error::DomainLength`] unless `points.len() = n`.
    pub fn coset_fft_group<G: Group<Scalar = F>>(&self, points: &mut [G], shift: &F) -> Result<(), Error> {
        self.coset_forward(points, shift, &group_mul)
    }

    /// [`EvaluationDomain::coset_ifft_with`] over a group whose scalar field is `F`.
    /// [`Error::DomainLength`] unless `points.len() = n`, [`Error::Zero`] for `shift = 0`.
    pub fn coset_ifft_group<G: Group<Scalar = F>>(&self, points: &mut [G], shift: &F) -> Result<(), Error> {
        self.coset_inverse(points, shift, &group_mul)
    }

    fn forward<T: Element>(&self, values: &mut [T], mul: &(impl Fn(&T, &F) -> T + Sync)) -> Result<(), Error> {
        self.check_len(values.len())?;
        radix2::fft(values, self.log_size, &self.twiddles, mul);
        Ok(())
    }

    fn inverse<T: Element>(&self, values: &mut [T], mul: &(impl Fn(&T, &F) -> T + Sync)) -> Result<(), Error> {
        self.check_len(values.len())?;
        radix2::fft(values, self.log_size, &self.twiddles, mul);
        // The forward transform evaluated at ω^i; at ω^(−i) = ω^(n−i) is index n − i.
        values[1..].reverse();
        radix2::scale(values, &self.size_inv, mul);
        Ok(())
    }

    fn coset_forward<T: Element>(
        &self,
        values: &mut [T],
        shift: &F,
        mul: &(impl Fn(&T, &F) -> T + Sync),
    ) -> Result<(), Error> {
        self.check_len(values.len())?;
        distribute_powers(values, shift, mul);
        radix2::fft(values, self.log_size, &self.twiddles, mul);
        Ok(())
    }

    fn coset_inverse<T: Element>(
        &self,
        values: &mut [T],
        shift: &F,
        mul: &(impl Fn(&T, &F) -> T + Sync),
    ) -> Result<(), Error> {
        self.check_len(values.len())?;
        let shift_inv = shift.inverse_vartime().ok_or(Error::Zero)?;
        self.inverse(values, mul)?;
        distribute_powers(values, &shift_inv, mul);
        Ok(())
    }
}

/// `start, start·x, start·x², …` (`count` elements).
fn powers<F: Field>(start: F, x: F, count: usize) -> Vec<F> {
    let mut out = Vec::with_capacity(count);
    let mut p = start;
    for _ in 0..count {
        out.push(p);
        p *= x;
    }
    out
}

/// `values[j] ↦ g^j·values[j]`.
fn distribute_powers<F: PrimeField, T: Element>(values: &mut [T], g: &F, mul: &impl Fn(&T, &F) -> T) {
    let mut p = F::ONE;
    for (j, v) in values.iter_mut().enumerate() {
        if j > 0 {
            *v = mul(v, &p);
        }
        p *= g;
    }
}
