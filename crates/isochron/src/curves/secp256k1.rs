//! secp256k1 (SEC 2 v2 §2.4.1; Bitcoin, Ethereum): `y² = x³ + 7` over the 256-bit prime
//! `p = 2^256 − 2^32 − 977`, a group of prime order `n` (cofactor 1). Base field [`Fp`] and
//! scalar field [`Fq`] are 4-limb Montgomery fields; neither modulus leaves a spare top bit, so
//! they run the full-width kernels of `limbs` (the x86-64 ADX ones where the CPU has them).
//!
//! Scalar multiplication uses the GLV endomorphism `φ(x, y) = (βx, y)` (`β³ = 1` in Fp),
//! acting as `[λ]` (`λ³ = 1` mod `n`), for both the constant-time and the `_vartime` paths, and
//! a precomputed generator table. The scalar multiplications (the variable-time `a·G + b·P` of
//! verification and key recovery, the MSM, the constant-time `[k]·P` and `[k]·G`) and the
//! square root run on a plain form of the base field (module `plain`): `field::crandall` on the
//! own kernels, fiat-crypto's 5×52 form when that backend is selected. Points are
//! encoded in SEC1 form (SEC 1 v2 §2.3.3–2.3.4, [`PointAffine::to_sec1_compressed`] and friends
//! in `encoding`).

use crate::curve::short_weierstrass::glv::{self, Endomorphism, Lattice, I256};
use crate::curve::short_weierstrass::{Affine, Projective, SwCurve};
use crate::field::{Field, FieldParams};
use crate::limbs::{self, mont};

/// Parameters of the secp256k1 base field, `p = 2^256 − 2^32 − 977` (SEC 2 v2 §2.4.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FpParams;

impl FieldParams<4> for FpParams {
    #[cfg(feature = "fiat")]
    const FIAT: Option<crate::field::fiat::FiatBackend<4>> = crate::field::fiat::fiat_backend!(
        fiat_crypto::secp256k1_montgomery_64,
        fiat_secp256k1_montgomery_montgomery_domain_field_element,
        fiat_secp256k1_montgomery_mul,
        fiat_secp256k1_montgomery_square,
        fiat_secp256k1_montgomery_add,
        fiat_secp256k1_montgomery_sub,
        fiat_secp256k1_montgomery_opp
    );
    const MODULUS: [u64; 4] = limbs::from_hex("0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f");
    const SQRT_CHAIN_3MOD4: Option<fn(&Fp) -> Fp> = Some(plain::sqrt_exp);
    /// 3 generates `F_p^*` (checked by a unit test against the factorization of `p − 1`).
    const GENERATOR: u64 = 3;
    const NAME: &'static str = "secp256k1::Fp";
}

/// Parameters of the secp256k1 scalar field, the group order
/// `n = 0xffffffff…bfd25e8cd0364141` (SEC 2 v2 §2.4.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FqParams;

impl FieldParams<4> for FqParams {
    #[cfg(feature = "fiat")]
    const FIAT: Option<crate::field::fiat::FiatBackend<4>> = crate::field::fiat::fiat_backend!(
        fiat_crypto::secp256k1_montgomery_scalar_64,
        fiat_secp256k1_montgomery_scalar_montgomery_domain_field_element,
        fiat_secp256k1_montgomery_scalar_mul,
        fiat_secp256k1_montgomery_scalar_square,
        fiat_secp256k1_montgomery_scalar_add,
        fiat_secp256k1_montgomery_scalar_sub,
        fiat_secp256k1_montgomery_scalar_opp
    );
    const MODULUS: [u64; 4] = limbs::from_hex("0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");
    /// 7 generates `F_n^*`.
    const GENERATOR: u64 = 7;
    const NAME: &'static str = "secp256k1::Fq";
}

/// The secp256k1 base field (coordinates), modulo `p` of SEC 2 v2 §2.4.1.
pub type Fp = crate::field::Fp<FpParams, 4>;
/// The secp256k1 scalar field, modulo the group order `n` of SEC 2 v2 §2.4.1 (keys, nonces).
pub type Fq = crate::field::Fp<FqParams, 4>;
/// The scalar field under the name the pairing curves use (`Fr`).
pub type Fr = Fq;

/// secp256k1: `y² = x³ + 7` over Fp, generator `G` of SEC 2 v2 §2.4.1, cofactor 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Secp256k1;

impl SwCurve for Secp256k1 {
    crate::curve::short_weierstrass::generator_table!(Secp256k1);

    /// 8192 odd multiples of `G` per image in the table of `a·G + b·P` (ECDSA and BIP-340
    /// verification, key recovery): 16 additions for `G` on average against 20 at width 12, for
    /// a table of 1.2 MB built on first use (about 4 ms), the size libsecp256k1 ships
    /// (`ECMULT_WINDOW_SIZE` 15). Measured 2–3% faster verification than width 12.
    const GENERATOR_WNAF_WIDTH: u32 = 15;

    type Base = Fp;
    type ScalarParams = FqParams;
    const NAME: &'static str = "secp256k1";
    const B: Fp = Fp::from_u64(7);
    const GENERATOR: (Fp, Fp) = (Fp::from_hex(GENERATOR_HEX.0), Fp::from_hex(GENERATOR_HEX.1));

    #[inline(always)]
    fn mul_by_3b(x: &Fp) -> Fp {
        mul_by_21(x)
    }

    /// GLV with `φ(x, y) = (βx, y)`, eigenvalue `λ` (see `LATTICE`).
    const ENDOMORPHISM: Option<Endomorphism<Self>> =
        Some(Endomorphism { map: phi, lattice: LATTICE, map_squared: None });

    /// Always true: the group of secp256k1 has prime order `n` (cofactor 1), so every point of
    /// the curve is in it.
    fn is_torsion_free_vartime(_: &Point) -> bool {
        true
    }

    /// On the plain base field of the selected backend (`plain`).
    fn mul_generator_add_special_vartime(a: &Fq, p: &PointAffine, b: &Fq) -> Option<Point> {
        Some(plain::mul_generator_add_vartime(a, p, b))
    }

    /// On the plain base field of the selected backend (`plain`).
    fn mul_special(p: &Point, k: &Fq) -> Option<Point> {
        Some(plain::mul(p, k))
    }

    /// On the plain base field of the selected backend (`plain`).
    fn mul_generator_special(k: &Fq) -> Option<Point> {
        Some(plain::mul_generator(k))
    }

    /// On the plain base field of the selected backend (`plain`), unless the CPU has AVX-512
    /// IFMA, fiat-crypto is not selected and the input is large enough for the vector MSM's
    /// buckets (which compute on the Montgomery form): smaller inputs would take the generic
    /// scalar code, 16–19% slower than the plain field at 129 points (Intel Xeon, 2026-12-07),
    /// while the vector buckets were 0.72–0.85 of the plain MSM's time at 2,048 and 8,192
    /// points, and the same time at 512.
    fn msm_special_vartime(points: &[PointAffine], scalars: &[Fq], parallel: bool) -> Option<Point> {
        #[cfg(target_arch = "x86_64")]
        if crate::limbs::x86_64_ifma::available()
            && !fiat_selected()
            && crate::curve::short_weierstrass::msm::takes_vector_buckets::<Secp256k1>(points.len().min(scalars.len()))
        {
            return None;
        }
        Some(plain::msm_vartime(points, scalars, parallel))
    }
}

/// `x^((p+1)/4)` for `(p + 1)/4 = 2^254 − 2^30 − 244`, whose binary form is 223 ones, a zero,
/// 22 ones, `0000`, `11`, `00`: an addition chain through the all-ones powers `x_k = x^(2^k − 1)`
/// (`x_(a+b) = x_a^(2^b)·x_b`), 253 squarings and 13 multiplications against about 254 and 51
/// for the sliding window. For either form of the base field; constant time.
fn sqrt_exp_chain<F: Field>(x: &F) -> F {
    let step = |a: &F, squarings: u32, b: &F| a.square_n(squarings) * *b;
    let x2 = step(x, 1, x);
    let x3 = step(&x2, 1, x);
    let x6 = step(&x3, 3, &x3);
    let x9 = step(&x6, 3, &x3);
    let x11 = step(&x9, 2, &x2);
    let x22 = step(&x11, 11, &x11);
    let x44 = step(&x22, 22, &x22);
    let x88 = step(&x44, 44, &x44);
    let x176 = step(&x88, 88, &x88);
    let x220 = step(&x176, 44, &x44);
    let x223 = step(&x220, 3, &x3);
    // 223 ones; then 0 and 22 ones; then 0000 and 11; then 00.
    step(&step(&x223, 23, &x22), 6, &x2).square_n(2)
}

/// Whether fiat-crypto's code is selected (the `fiat` feature and [`crate::field::fiat::enabled`]).
#[inline(always)]
fn fiat_selected() -> bool {
    #[cfg(feature = "fiat")]
    return crate::field::fiat::enabled();
    #[cfg(not(feature = "fiat"))]
    false
}

/// The affine coordinates of the generator `G` (SEC 2 v2 §2.4.1), hexadecimal.
const GENERATOR_HEX: (&str, &str) = (
    "0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
    "0x483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8",
);

/// `3b·x = 21x = 16x + 4x + x` (`b = 7`), for either form of the base field.
#[inline(always)]
fn mul_by_21<F: Field>(x: &F) -> F {
    let x4 = x.double().double();
    x4.double().double() + x4 + *x
}

/// `β = 2^((p−1)/3)`, a primitive cube root of unity in Fp (2 is not a cube mod `p`), `0x7ae96a2b…719501ee`; with it `φ(x, y) = (βx, y)` acts as `[λ]` on the
/// group (checked by the tests).
pub(crate) const BETA: Fp = {
    let m = &FpParams::MODULUS;
    let e = limbs::div_small(&limbs::sub(m, &limbs::from_u64(1)).0, 3);
    let two = Fp::from_u64(2);
    Fp::from_mont_limbs(mont::pow_vartime(two.mont_limbs(), &e, &FpParams::R, m, FpParams::INV))
};

/// `φ(x, y) = (βx, y)` (GLV 2001 §2, example 4).
fn phi(p: &Point) -> Point {
    Projective { x: p.x * BETA, y: p.y, z: p.z }
}

/// The eigenvalue of `φ`: `λ = n − 1 − 2^((n−1)/3) mod n` (the other primitive cube root of
/// unity, `λ² + λ + 1 ≡ 0`), `0x5363ad4c…1b23bd72`; it is the one that pairs with [`BETA`].
pub(crate) const LAMBDA: [u64; 4] = {
    let m = &FqParams::MODULUS;
    let e = limbs::div_small(&limbs::sub(m, &limbs::from_u64(1)).0, 3);
    let two = mont::mul(&limbs::from_u64(2), &FqParams::R2, m, FqParams::INV);
    let w = mont::pow_vartime(&two, &e, &FqParams::R, m, FqParams::INV);
    let w = mont::redc(&w, &[0; 4], m, FqParams::INV);
    limbs::sub(&limbs::sub(m, &limbs::from_u64(1)).0, &w).0
};

/// `−v` for a lattice integer.
const fn neg(v: &I256) -> I256 {
    glv::sub(&[0; 4], v)
}

/// The GLV lattice of `λ` (GLV 2001 §4: the extended Euclidean algorithm on `(n, λ)`, stopped
/// at the first remainder below `√n`): rows `(a₁, b₁) = (0x3086d221…9284eb15,
/// −0xe4437ed6…0abfe4c3)` and `(a₂, b₂) = (a₁ − b₁, a₁)` (determinant `n`), so
/// `ℓ = (b₂, −b₁)`; digits below `2^128`. A unit test re-derives the basis by running the
/// algorithm.
const LATTICE: Lattice = {
    let a1 = limbs::from_hex("0x3086d221a7d46bcde86c90e49284eb15");
    let b1 = neg(&limbs::from_hex("0xe4437ed6010e88286f547fa90abfe4c3"));
    let a2 = glv::sub(&a1, &b1);
    let b2 = a1;
    let zero = glv::int(0);
    Lattice::new(
        2,
        [[a1, b1, zero, zero], [a2, b2, zero, zero], [zero; 4], [zero; 4]],
        [b2, neg(&b1), zero, zero],
        LAMBDA,
        &FqParams::MODULUS,
    )
};

/// A secp256k1 point in homogeneous projective coordinates: the group, for arithmetic (complete
/// formulas, eprint 2015/1060 Alg. 7–9).
pub type Point = Projective<Secp256k1>;
/// A secp256k1 point in affine coordinates: what the SEC1 encodings (SEC 1 v2 §2.3.3–2.3.4)
/// read and write.
pub type PointAffine = Affine<Secp256k1>;

/// The SEC1 point encodings (and `PointEncoding`).
mod encoding;
/// `[a]·G + [b]·P` on the plain base field.
mod plain;
pub use encoding::{CompressedPoint, UncompressedPoint};

#[cfg(test)]
mod tests;
