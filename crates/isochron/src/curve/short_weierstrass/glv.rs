//! Endomorphism-accelerated scalar decomposition: GLV (Gallant–Lambert–Vanstone, "Faster point
//! multiplication on elliptic curves with efficient endomorphisms", CRYPTO 2001, §4) on G1 and its
//! multi-dimensional GLS form (Galbraith–Scott, "Exponentiation in pairing-friendly groups using
//! homomorphisms", Pairing 2008, §4) on G2.
//!
//! An endomorphism `φ` acting on the order-`r` subgroup as `[λ]` turns `[k]P` into
//! `Σ [k_i] φ^i(P)` with short `k_i`, where `k ≡ Σ k_i λ^i (mod r)`. The `k_i` come from Babai
//! rounding in the lattice `L = {v ∈ Z^d : Σ v_i λ^i ≡ 0 (mod r)}`: with a short basis `B` (rows
//! `b_j`) of `L`, write `(k, 0, …, 0) = Σ β_j b_j`, `β_j = k·ℓ_j / r` where `ℓ = r·e_0·B⁻¹`;
//! then `c_j = round(β_j)` and `(k_0, …, k_{d−1}) = (k, 0, …, 0) − Σ c_j b_j`, so
//! `|k_i| ≤ (½ + ε)·Σ_j |b_{j,i}|`. The division by `r` is replaced by a multiplication with
//! the precomputed `g_j = round(2^320·ℓ_j / r)` and a shift (GLV 2001 §4, "Babai rounding";
//! the error of `k·g_j / 2^320` is below `2^−65`).
//!
//! Every constant is derived at compile time from the basis, `ℓ` and `λ`, which the curve
//! declares as polynomials in its family parameter; the decomposition itself is constant time
//! (fixed-width multiplications, masked negations).

use subtle::{Choice, ConditionallySelectable};
use zeroize::Zeroize;

use super::{Projective, SwCurve};
use crate::field::fp2::{Fp2, TowerParams};
use crate::field::{FieldParams, Fp};
use crate::limbs::{self, mont};

pub(crate) mod i256;
// `pub(crate)`: users reach this arithmetic as `isochron::hazmat::glv`.
pub(crate) use i256::{add, int, mul, sub, I256};

/// The largest lattice dimension (GLS on the G2 of BN and BLS12 curves).
pub const MAX_DIM: usize = 4;

/// Whether `a < 0`.
const fn is_negative(a: &I256) -> bool {
    a[3] >> 63 == 1
}

/// `|a|`.
const fn abs(a: &I256) -> I256 {
    if is_negative(a) {
        sub(&[0; 4], a)
    } else {
        *a
    }
}

/// `round(2^320·a / m)` for `0 ≤ a < 2^192` and a 4-limb `m ≥ 2^192` (bit-serial long
/// division, compile time only).
const fn round_scaled_div(a: &I256, m: &[u64; 4]) -> [u64; 5] {
    // Numerator 2^320·a + ⌊m/2⌋ as 10 limbs.
    let mut num = [0u64; 10];
    let half = limbs::shr1(m);
    let mut i = 0;
    while i < 4 {
        num[i] = half[i];
        num[5 + i] = a[i];
        i += 1;
    }
    let mut q = [0u64; 5];
    let mut rem = [0u64; 5];
    let m5 = [m[0], m[1], m[2], m[3], 0];
    let mut bit = 640;
    while bit > 0 {
        bit -= 1;
        // rem = 2·rem + next bit (rem < m < 2^256, so 5 limbs never overflow).
        let mut l = 4;
        while l > 0 {
            rem[l] = (rem[l] << 1) | (rem[l - 1] >> 63);
            l -= 1;
        }
        rem[0] = (rem[0] << 1) | ((num[bit / 64] >> (bit % 64)) & 1);
        let (d, borrow) = limbs::sub(&rem, &m5);
        if borrow == 0 {
            rem = d;
            assert!(bit < 320, "quotient exceeds 5 limbs");
            q[bit / 64] |= 1 << (bit % 64);
        }
    }
    q
}

/// A short basis of the GLV/GLS lattice of `λ` with everything Babai rounding needs, derived at
/// compile time by [`Lattice::new`].
#[derive(Clone, Copy, Debug)]
pub struct Lattice {
    dim: usize,
    basis: [[I256; MAX_DIM]; MAX_DIM],
    rounding: [[u64; 5]; MAX_DIM],
    rounding_negative: [bool; MAX_DIM],
    bits: u32,
    eigenvalue: [u64; 4],
}

/// The decomposition `k ≡ Σ (−1)^{s_i} |k_i| λ^i (mod r)` of a scalar: magnitudes below
/// `2^Lattice::bits()` and their signs. Secret when `k` is.
#[derive(Clone, Copy, Debug)]
pub struct Decomposition {
    /// `|k_i|` as two little-endian limbs (entries past the dimension are zero).
    pub magnitudes: [[u64; 2]; MAX_DIM],
    /// Whether `k_i < 0`.
    pub negative: [Choice; MAX_DIM],
}

impl Default for Decomposition {
    fn default() -> Self {
        Decomposition { magnitudes: [[0; 2]; MAX_DIM], negative: [Choice::from(0); MAX_DIM] }
    }
}

impl Zeroize for Decomposition {
    fn zeroize(&mut self) {
        self.magnitudes.zeroize();
        self.negative = [Choice::from(0); MAX_DIM];
    }
}

impl Lattice {
    /// The lattice data from rows `basis[0..dim]` of a basis of `{v : Σ v_i λ^i ≡ 0 mod r}`,
    /// `ell = r·e_0·B⁻¹` (so `Σ_j ell_j·b_j = (r, 0, …, 0)`), the eigenvalue `λ` (any
    /// representative with `|λ| < r`) and the modulus `r`. Entries of the basis must be below
    /// `2^129` in absolute value (secp256k1's reduced basis has a 129-bit entry; the products
    /// `c_j·b_{j,i}` wrap modulo `2^256`, harmless since each digit is below `2^128`) and those of `ell` below `2^192`. The tests check the lattice
    /// relations; this derives the rounding constants and the digit bound.
    pub const fn new(
        dim: usize,
        basis: [[I256; MAX_DIM]; MAX_DIM],
        ell: [I256; MAX_DIM],
        lambda: I256,
        r: &[u64; 4],
    ) -> Self {
        assert!(dim >= 2 && dim <= MAX_DIM);
        let mut rounding = [[0u64; 5]; MAX_DIM];
        let mut rounding_negative = [false; MAX_DIM];
        let mut j = 0;
        while j < dim {
            let a = abs(&ell[j]);
            assert!(a[3] == 0, "ell entry too large");
            rounding[j] = round_scaled_div(&a, r);
            rounding_negative[j] = is_negative(&ell[j]);
            j += 1;
        }
        // |k_i| < S_i/2 + 1 with S_i = Σ_j |b_{j,i}|, so |k_i| ≤ ⌊S_i/2⌋ + 1 < 2^bits.
        let mut bits = 0;
        let mut i = 0;
        while i < dim {
            let mut s = [0u64; 4];
            let mut j = 0;
            while j < dim {
                let b = abs(&basis[j][i]);
                assert!(b[2] <= 1 && b[3] == 0, "basis entry too large");
                s = add(&s, &b);
                j += 1;
            }
            let bound = add(&limbs::shr1(&s), &int(1));
            let b = limbs::num_bits_vartime(&bound);
            if b > bits {
                bits = b;
            }
            i += 1;
        }
        assert!(bits <= 128);
        let mag = abs(&lambda);
        assert!(limbs::lt(&mag, r), "eigenvalue not reduced");
        let eigenvalue = if is_negative(&lambda) { limbs::sub(r, &mag).0 } else { mag };
        Lattice { dim, basis, rounding, rounding_negative, bits, eigenvalue }
    }

    /// The dimension `d` (2 for GLV, 4 for GLS on G2).
    pub const fn dim(&self) -> usize {
        self.dim
    }

    /// The bit bound of the decomposition: every `|k_i| < 2^bits`.
    pub const fn bits(&self) -> u32 {
        self.bits
    }

    /// The eigenvalue `λ mod r` as canonical little-endian limbs.
    pub const fn eigenvalue(&self) -> [u64; 4] {
        self.eigenvalue
    }

    /// Decomposes `k < 2^256` (canonical limbs) by Babai rounding; constant time in `k`.
    pub fn decompose(&self, k: &[u64; 4]) -> Decomposition {
        let mut c = [[0u64; 4]; MAX_DIM];
        for (j, cj) in c.iter_mut().enumerate().take(self.dim) {
            *cj = mul_shift_round(k, &self.rounding[j]);
            if self.rounding_negative[j] {
                // Public: the sign of a constant.
                *cj = sub(&[0; 4], cj);
            }
        }
        let mut out = Decomposition::default();
        for i in 0..self.dim {
            let mut d = if i == 0 { *k } else { [0; 4] };
            for (j, cj) in c.iter().enumerate().take(self.dim) {
                d = sub(&d, &mul(cj, &self.basis[j][i]));
            }
            let neg = Choice::from((d[3] >> 63) as u8);
            let minus = sub(&[0; 4], &d);
            for (l, limb) in d.iter_mut().enumerate() {
                limb.conditional_assign(&minus[l], neg);
            }
            out.magnitudes[i] = [d[0], d[1]];
            out.negative[i] = neg;
            d.zeroize();
        }
        c.zeroize();
        out
    }
}

/// `⌊(k·g + 2^319) / 2^320⌋` for a 4-limb `k` and 5-limb `g` (the result fits 4 limbs because
/// `g < 2^258`); constant time.
fn mul_shift_round(k: &[u64; 4], g: &[u64; 5]) -> [u64; 4] {
    let mut t = [0u64; 9];
    t[4] = 1 << 63;
    for (i, &ki) in k.iter().enumerate() {
        let mut carry = 0;
        for (j, &gj) in g.iter().enumerate() {
            let (lo, hi) = limbs::mac(t[i + j], ki, gj, carry);
            t[i + j] = lo;
            carry = hi;
        }
        // Row i − 1 ended at t[i + 4]: t[i + 5] is still zero.
        t[i + 5] = carry;
    }
    let r = [t[5], t[6], t[7], t[8]];
    t.zeroize();
    r
}

/// An endomorphism of a curve's order-`r` subgroup acting as `[λ]`, with the lattice that
/// decomposes scalars for it.
#[derive(Clone, Copy, Debug)]
pub struct Endomorphism<C: SwCurve> {
    /// The map on projective points (constant time).
    pub map: PointMap<C>,
    /// The decomposition lattice of its eigenvalue.
    pub lattice: Lattice,
    /// The map applied twice, where that has a cheaper form than two applications (`ψ²` on
    /// the twists scales the coordinates by Fp constants: [`super::endomorphism::psi_squared`]).
    pub map_squared: Option<PointMap<C>>,
}

/// A map on projective points.
pub type PointMap<C> = fn(&Projective<C>) -> Projective<C>;

/// `(c_x, c_y)` of `ψ(x, y) = (x̄·c_x, ȳ·c_y)` (see [`super::endomorphism::psi_coefficients`])
/// as a compile-time constant: D-type `(ξ^((p−1)/3), ξ^((p−1)/2))`, M-type their inverses
/// (`a⁻¹ = ā / N(a)`, the norm inverted by Fermat). Requires `u² = −1`.
pub const fn psi_coefficients_const<T: TowerParams<N>, const N: usize>(m_twist: bool) -> (Fp2<T, N>, Fp2<T, N>) {
    let g = &T::FROBENIUS[1];
    let cx = g[1];
    let cy = fp2_mul::<T::Fp, N>(&g[0], &g[1]);
    if m_twist {
        (fp2_from_raw(&fp2_inv::<T::Fp, N>(&cx)), fp2_from_raw(&fp2_inv::<T::Fp, N>(&cy)))
    } else {
        (fp2_from_raw(&cx), fp2_from_raw(&cy))
    }
}

/// `N(c_x)` for the coefficients of [`psi_coefficients_const`]: the Fp factor of
/// `ψ²(x, y) = (x·N(c_x), y·N(c_y))` (`N(c) = c·c̄ = c0² + c1²`). The other factor is
/// `N(c_y) = ξ^(±(p²−1)/2) = −1`, since the sextic non-residue `ξ` is not a square in Fp2
/// (checked here at compile time), so `ψ²(x, y) = (x·N(c_x), −y)`.
pub const fn psi_squared_coefficient_const<T: TowerParams<N>, const N: usize>(m_twist: bool) -> Fp<T::Fp, N> {
    let (cx, cy) = psi_coefficients_const::<T, N>(m_twist);
    let minus_one = limbs::sub(&<T::Fp as FieldParams<N>>::MODULUS, &<T::Fp as FieldParams<N>>::R).0;
    let ny = fp2_norm::<T, N>(&cy);
    let mut i = 0;
    while i < N {
        assert!(ny.mont_limbs()[i] == minus_one[i], "N(c_y) = −1");
        i += 1;
    }
    fp2_norm(&cx)
}

/// `c0² + c1²` (compile time).
const fn fp2_norm<T: TowerParams<N>, const N: usize>(c: &Fp2<T, N>) -> Fp<T::Fp, N> {
    Fp::from_mont_limbs(fp2_norm_raw::<T::Fp, N>(&[*c.c0.mont_limbs(), *c.c1.mont_limbs()]))
}

/// `a0² + a1²` on Montgomery limbs (compile time).
const fn fp2_norm_raw<P: FieldParams<N>, const N: usize>(a: &[[u64; N]; 2]) -> [u64; N] {
    let (m, inv) = (&P::MODULUS, P::INV);
    limbs::add_mod(&mont::mul(&a[0], &a[0], m, inv), &mont::mul(&a[1], &a[1], m, inv), m)
}

const fn fp2_from_raw<T: TowerParams<N>, const N: usize>(a: &[[u64; N]; 2]) -> Fp2<T, N> {
    Fp2::new(Fp::from_mont_limbs(a[0]), Fp::from_mont_limbs(a[1]))
}

/// `a·b` in `Fp[u]/(u² + 1)` on Montgomery limbs (compile time).
const fn fp2_mul<P: FieldParams<N>, const N: usize>(a: &[[u64; N]; 2], b: &[[u64; N]; 2]) -> [[u64; N]; 2] {
    let (m, inv) = (&P::MODULUS, P::INV);
    let c0 = limbs::sub_mod(&mont::mul(&a[0], &b[0], m, inv), &mont::mul(&a[1], &b[1], m, inv), m);
    let c1 = limbs::add_mod(&mont::mul(&a[0], &b[1], m, inv), &mont::mul(&a[1], &b[0], m, inv), m);
    [c0, c1]
}

/// `a⁻¹ = ā·(a0² + a1²)^(p−2)` in `Fp[u]/(u² + 1)` (compile time; `a ≠ 0`).
const fn fp2_inv<P: FieldParams<N>, const N: usize>(a: &[[u64; N]; 2]) -> [[u64; N]; 2] {
    let (m, inv) = (&P::MODULUS, P::INV);
    let norm = fp2_norm_raw::<P, N>(a);
    let pm2 = limbs::sub(m, &limbs::from_u64(2)).0;
    let ninv = mont::pow_vartime(&norm, &pm2, &P::R, m, inv);
    [mont::mul(&a[0], &ninv, m, inv), limbs::neg_mod(&mont::mul(&a[1], &ninv, m, inv), m)]
}
