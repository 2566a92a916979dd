//! BLS12-381 (Bowe, "BLS12-381: New zk-SNARK Elliptic Curve Construction", 2017;
//! draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.1): base field Fp (381 bits, 6 limbs) and
//! scalar field Fr (255 bits, 4 limbs).

use alloc::vec::Vec;

use crate::curve::short_weierstrass::glv::{self, Endomorphism, Lattice, I256};
use crate::curve::short_weierstrass::{endomorphism, msm, Affine, Projective, SwCurve};
use crate::field::sqrt::PowChain;
use crate::field::FieldParams;
use crate::pairing::{Family, PairingParams, TwistType};

/// Parameters of the BLS12-381 base field, `p = 0x1a0111ea…aaab` (draft-irtf-cfrg-pairing-
/// friendly-curves-11 §4.2.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FpParams;

impl FieldParams<6> for FpParams {
    const MODULUS: [u64; 6] = crate::limbs::from_hex(
        "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
    );
    const GENERATOR: u64 = 2;
    const NAME: &'static str = "bls12_381::Fp";
    const SQRT_CHAIN_3MOD4_MINUS_ONE: Option<&'static PowChain> = Some(&SQRT_CHAIN);
}

/// An addition chain for `(p − 3)/4` (found by `addchain search`; test `sqrt_chain_exponent`):
/// 374 squarings and 75 products (a table of 36 powers, then 42 windows), against 376 and 81
/// for the sliding window of width 5. The square roots, Fp2's and `sqrt_ratio`'s (hash to
/// curve, decompression) run it.
static SQRT_CHAIN: PowChain = PowChain::new(
    &[
        (0, 0),
        (1, 1),
        (2, 2),
        (0, 3),
        (1, 4),
        (1, 5),
        (2, 6),
        (4, 5),
        (0, 8),
        (2, 9),
        (0, 10),
        (11, 11),
        (1, 12),
        (0, 13),
        (10, 12),
        (1, 15),
        (3, 15),
        (3, 17),
        (11, 15),
        (1, 19),
        (11, 18),
        (2, 21),
        (12, 17),
        (11, 22),
        (1, 24),
        (8, 24),
        (3, 26),
        (13, 23),
        (2, 28),
        (6, 29),
        (8, 29),
        (7, 30),
        (2, 32),
        (8, 31),
        (8, 32),
        (8, 34),
    ],
    (28, 32),
    &[
        (8, 7),
        (11, 35),
        (11, 33),
        (8, 36),
        (7, 15),
        (9, 20),
        (10, 27),
        (7, 18),
        (9, 22),
        (6, 10),
        (11, 20),
        (9, 34),
        (10, 31),
        (6, 10),
        (10, 21),
        (9, 25),
        (11, 16),
        (10, 32),
        (9, 23),
        (9, 28),
        (8, 19),
        (10, 29),
        (9, 24),
        (12, 22),
        (5, 5),
        (11, 22),
        (7, 4),
        (13, 35),
        (9, 28),
        (8, 36),
        (8, 34),
        (11, 26),
        (8, 36),
        (8, 36),
        (6, 14),
        (10, 36),
        (9, 36),
        (8, 36),
        (8, 36),
        (8, 36),
        (7, 17),
        (6, 9),
    ],
    1,
);

/// Parameters of the BLS12-381 scalar field, `r = 0x73eda753…00000001`, the order of G1, G2, GT.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrParams;

impl FieldParams<4> for FrParams {
    const MODULUS: [u64; 4] =
        crate::limbs::from_hex("0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001");
    const GENERATOR: u64 = 7;
    const NAME: &'static str = "bls12_381::Fr";
}

/// The BLS12-381 base field.
pub type Fp = crate::field::Fp<FpParams, 6>;
/// The BLS12-381 scalar field.
pub type Fr = crate::field::Fp<FrParams, 4>;

/// The BLS12-381 pairing tower (draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.1):
/// `Fp2 = Fp[u]/(u² + 1)`, `Fp6 = Fp2[v]/(v³ − (u + 1))`, `Fp12 = Fp6[w]/(w² − v)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tower;

impl crate::field::fp2::TowerParams<6> for Tower {
    type Fp = FpParams;
    const BETA: i64 = -1;
    /// `ξ = u + 1`.
    const XI: [u64; 2] = [1, 1];
}

/// The quadratic extension `Fp[u]/(u² + 1)` (G2 coordinates).
pub type Fp2 = crate::field::fp2::Fp2<Tower, 6>;
/// The cubic extension `Fp2[v]/(v³ − (u + 1))`.
pub type Fp6 = crate::field::fp6::Fp6<Tower, 6>;
/// The degree-12 extension `Fp6[w]/(w² − v)` (pairing values).
pub type Fp12 = crate::field::fp12::Fp12<Tower, 6>;

/// G1 of BLS12-381: `y² = x³ + 4` over Fp (draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G1Curve;

impl SwCurve for G1Curve {
    crate::curve::short_weierstrass::generator_table!(G1Curve);

    type Base = Fp;
    type ScalarParams = FrParams;
    const NAME: &'static str = "bls12_381::G1";
    const B: Fp = Fp::from_u64(4);
    const GENERATOR: (Fp, Fp) = (
        Fp::from_hex(
            "0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb",
        ),
        Fp::from_hex(
            "0x08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1",
        ),
    );

    /// `3b = 12`: `12x = 8x + 4x`.
    #[inline(always)]
    fn mul_by_3b(x: &Fp) -> Fp {
        let x4 = x.double().double();
        x4.double() + x4
    }

    /// GLV with `φ` (`phi`), eigenvalue `λ = −x²` on G1 (see `G1_LATTICE`).
    const ENDOMORPHISM: Option<Endomorphism<Self>> =
        Some(Endomorphism { map: phi, lattice: G1_LATTICE, map_squared: None });

    /// Scott, eprint 2021/1130 §6: `P ∈ G1 ⟺ φ(P) = [−x²]P` with `φ(x, y) = (βx, y)`.
    fn is_torsion_free_vartime(p: &G1Projective) -> bool {
        // [x²]P = [|x|]([|x|]P): two chains of 63 Jacobian doublings.
        phi(p) == -p.mul_by_u64_vartime(BLS_X).mul_by_u64_vartime(BLS_X)
    }

    /// The same test for many points, their `[x²]P` eight at a time on AVX-512 IFMA where the
    /// CPU has it (`chain_ifma`; from four points on, below which the lanes would mostly idle);
    /// a lane that met an exceptional case is checked again alone.
    fn first_outside_subgroup_vartime(points: &[G1Affine]) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        let lanes = (points.len() >= 4)
            .then(|| crate::curve::short_weierstrass::chain_ifma::mul_twice_vartime(points, BLS_X))
            .flatten();
        #[cfg(not(target_arch = "x86_64"))]
        let lanes = None;
        first_outside(points, lanes, |p, x2p| phi(&G1Projective::from(*p)) == -*x2p)
    }

    /// Without AVX-512 IFMA: the subgroup test of every point keeps its `[|x|]P` (normalized
    /// together, so the second chain runs on mixed additions), and the MSM uses them as
    /// fourth-dimension points (`msm::msm_with_multiples_vartime`: 64-bit scalars).
    fn msm_in_subgroup_vartime(points: &[G1Affine], scalars: &[Fr]) -> Result<G1Projective, usize> {
        let n = points.len().min(scalars.len());
        #[cfg(target_arch = "x86_64")]
        if n >= 4 && crate::limbs::x86_64_ifma::available() {
            return crate::curve::short_weierstrass::checked_msm_vartime(points, scalars);
        }
        let points = &points[..n];
        let xp: Vec<G1Projective> = points.iter().map(|p| G1Projective::from(*p).mul_by_u64_vartime(BLS_X)).collect();
        let xp = <G1Projective as crate::curve::Group>::batch_normalize(&xp);
        for (i, (p, q)) in points.iter().zip(&xp).enumerate() {
            if !bool::from(p.infinity)
                && phi(&G1Projective::from(*p)) != -G1Projective::from(*q).mul_by_u64_vartime(BLS_X)
            {
                return Err(i);
            }
        }
        Ok(msm::msm_with_multiples_vartime(points, &xp, BLS_X, &scalars[..n]))
    }
}

/// `φ(x, y) = (βx, y)`, which acts on G1 as `[−x²]` (Scott, eprint 2021/1130 §6).
fn phi(p: &G1Projective) -> G1Projective {
    Projective { x: p.x * BETA, y: p.y, z: p.z }
}

/// The family parameter `x` as a lattice integer.
const X: I256 = glv::int(-(BLS_X as i128));

/// The GLV lattice of `λ = −x²` (`λ² + λ + 1 = x⁴ − x² + 1 = r`): basis `(x², 1)`,
/// `(−1, x² − 1)` (determinant `r`), `ℓ = (x² − 1, −1)`; digits below `2^128`.
const G1_LATTICE: Lattice = {
    let (zero, one) = (glv::int(0), glv::int(1));
    let x2 = glv::mul(&X, &X);
    let x2m1 = glv::sub(&x2, &one);
    let minus_one = glv::int(-1);
    Lattice::new(
        2,
        [[x2, one, zero, zero], [minus_one, x2m1, zero, zero], [zero; 4], [zero; 4]],
        [x2m1, minus_one, zero, zero],
        glv::sub(&zero, &x2),
        &FrParams::MODULUS,
    )
};

/// `|x|` for the BLS12-381 family parameter `x = −0xd201000000010000`.
const BLS_X: u64 = 0xd201_0000_0001_0000;

/// `β`, a primitive cube root of unity in Fp: `β = 2^((p−1)/3)` (2 is a non-cube; of the two
/// roots this is the one for which `φ(x, y) = (βx, y)` acts on G1 as `[−x²]`, checked by the
/// subgroup-check tests).
pub(crate) const BETA: Fp = {
    let m = &FpParams::MODULUS;
    let e = crate::limbs::div_small(&crate::limbs::sub(m, &crate::limbs::from_u64(1)).0, 3);
    let two = Fp::from_u64(2);
    Fp::from_mont_limbs(crate::limbs::mont::pow_vartime(two.mont_limbs(), &e, &FpParams::R, m, FpParams::INV))
};

/// G2 of BLS12-381: `y² = x³ + 4(u + 1)` over Fp2, the M-type sextic twist
/// (draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G2Curve;

impl SwCurve for G2Curve {
    crate::curve::short_weierstrass::generator_table!(G2Curve);

    type Base = Fp2;
    type ScalarParams = FrParams;
    const NAME: &'static str = "bls12_381::G2";
    const B: Fp2 = Fp2::new(Fp::from_u64(4), Fp::from_u64(4));
    const GENERATOR: (Fp2, Fp2) = (
        Fp2::new(
            Fp::from_hex(
                "0x024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8",
            ),
            Fp::from_hex(
                "0x13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e",
            ),
        ),
        Fp2::new(
            Fp::from_hex(
                "0x0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801",
            ),
            Fp::from_hex(
                "0x0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be",
            ),
        ),
    );

    /// `3b = 12·(u + 1)`: a multiplication by the non-residue `ξ = u + 1` and additions.
    #[inline(always)]
    fn mul_by_3b(x: &Fp2) -> Fp2 {
        let x4 = x.mul_by_nonresidue().double().double();
        x4.double() + x4
    }

    /// GLS with `ψ` (`psi`), eigenvalue `x` on G2 (see `G2_LATTICE`).
    const ENDOMORPHISM: Option<Endomorphism<Self>> =
        Some(Endomorphism { map: psi, lattice: G2_LATTICE, map_squared: Some(psi_squared) });

    /// Scott, eprint 2021/1130 §4: `Q ∈ G2 ⟺ ψ(Q) = [x]Q`.
    fn is_torsion_free_vartime(q: &G2Projective) -> bool {
        psi(q) == -q.mul_by_u64_vartime(BLS_X)
    }

    /// The same test for many points, their `[x]Q` eight at a time on AVX-512 IFMA where the
    /// CPU has it (`chain_ifma`, from four points on); a lane that met an exceptional case is
    /// checked again alone.
    fn first_outside_subgroup_vartime(points: &[G2Affine]) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        let lanes = (points.len() >= 4)
            .then(|| crate::curve::short_weierstrass::chain_ifma::mul_fp2_vartime(points, BLS_X))
            .flatten();
        #[cfg(not(target_arch = "x86_64"))]
        let lanes = None;
        first_outside(points, lanes, |q, xq| psi(&G2Projective::from(*q)) == -*xq)
    }
}

/// The first point outside the subgroup, given the batched multiples `lanes` (`None` for a lane
/// that met an exceptional case; `None` altogether without the vector backend) and the test
/// `passes` of a point against its multiple; a point without its multiple is tested alone
/// ([`SwCurve::is_torsion_free_vartime`]). The identity passes.
fn first_outside<C: SwCurve>(
    points: &[Affine<C>],
    lanes: Option<Vec<Option<Projective<C>>>>,
    passes: impl Fn(&Affine<C>, &Projective<C>) -> bool,
) -> Option<usize> {
    let alone = |p: &Affine<C>| C::is_torsion_free_vartime(&Projective::from(*p));
    match lanes {
        Some(multiples) => points.iter().zip(multiples).position(|(p, m)| match m {
            _ if bool::from(p.infinity) => false,
            Some(m) => !passes(p, &m),
            None => !alone(p),
        }),
        None => points.iter().position(|p| !alone(p)),
    }
}

/// The coefficients of `ψ` on the M-type twist ([`endomorphism::psi_coefficients`]).
const PSI: (Fp2, Fp2) = glv::psi_coefficients_const::<Tower, 6>(true);

/// `ψ = untwist⁻¹ ∘ π_p ∘ untwist`, which acts on G2 as `[x]` (Scott, eprint 2021/1130 §4).
fn psi(q: &G2Projective) -> G2Projective {
    endomorphism::psi(q, &PSI)
}

/// `ψ²`'s Fp factor of x (see [`endomorphism::psi_squared`]).
const PSI_SQUARED: Fp = glv::psi_squared_coefficient_const::<Tower, 6>(true);

/// `ψ²`, cheaper than `ψ` twice: the third and fourth constant-time GLS tables.
fn psi_squared(q: &G2Projective) -> G2Projective {
    endomorphism::psi_squared(q, &PSI_SQUARED)
}

/// The 4-dimensional GLS lattice of `ψ`'s eigenvalue `x` (Galbraith–Scott 2008 §4; `r =
/// x⁴ − x² + 1`): basis `(x, −1, 0, 0)`, `(0, x, −1, 0)`, `(0, 0, x, −1)`, `(1, 0, −1, x)`
/// (determinant `r`), `ℓ = (x³ − x, x² − 1, x, 1)`; digits below `2^63`.
const G2_LATTICE: Lattice = {
    let (zero, one, minus_one) = (glv::int(0), glv::int(1), glv::int(-1));
    let x2 = glv::mul(&X, &X);
    let x3 = glv::mul(&x2, &X);
    Lattice::new(
        4,
        [[X, minus_one, zero, zero], [zero, X, minus_one, zero], [zero, zero, X, minus_one], [one, zero, minus_one, X]],
        [glv::sub(&x3, &X), glv::sub(&x2, &one), X, one],
        X,
        &FrParams::MODULUS,
    )
};

/// A G1 point in affine coordinates.
pub type G1Affine = Affine<G1Curve>;
/// A G1 point in projective coordinates.
pub type G1Projective = Projective<G1Curve>;
/// A G2 point in affine coordinates.
pub type G2Affine = Affine<G2Curve>;
/// A G2 point in projective coordinates.
pub type G2Projective = Projective<G2Curve>;

/// The BLS12-381 optimal ate pairing: loop parameter `x = −0xd201000000010000`
/// (draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.1), M-type twist.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bls12_381;

impl PairingParams<6> for Bls12_381 {
    type Tower = Tower;
    type G1 = G1Curve;
    type G2 = G2Curve;
    const FAMILY: Family = Family::Bls12;
    const TWIST: TwistType = TwistType::M;
    const PARAM: u64 = BLS_X;
    const PARAM_IS_NEGATIVE: bool = true;
    const PSI: (Fp2, Fp2) = PSI;
    /// Scott, eprint 2021/1130 §4 (the test of [`G2Curve`]'s `is_torsion_free_vartime`).
    const G2_TEST_BY_LOOP: bool = true;
}

crate::pairing::pairing_engine!(Bls12_381, 6);

/// The point encodings (`PointEncoding` and the EVM's formats).
mod encoding;
/// RFC 9380 hashing to G1 and G2 (§8.8).
mod hash_to_curve;
pub use hash_to_curve::{encode_to_g1, encode_to_g2, hash_to_g1, hash_to_g2, G1Suite, G2Suite};

#[cfg(test)]
pub(crate) mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha20Rng;

    use super::*;
    use crate::curve::Group;

    /// `h₂ = #E'(Fp2)/r = (x⁸ − 4x⁷ + 5x⁶ − 4x⁴ + 6x³ − 4x² − 4x + 13)/9`, G2's cofactor.
    pub(crate) fn g2_cofactor() -> num_bigint::BigInt {
        let x = -num_bigint::BigInt::from(BLS_X);
        let coeffs = [13, -4, -4, 6, -4, 0, 5, -4, 1];
        coeffs.iter().rev().fold(num_bigint::BigInt::from(0), |acc, c| acc * &x + c) / 9
    }

    /// The G2 test inside the Miller loop ([`G2Prepared::new_checked`]) agrees with the test of
    /// one point at a time on subgroup points, points of the whole twist group, points of small
    /// order (`13², 23² | h₂`; their loops meet exceptional steps), subgroup points plus a
    /// point of order 13, and the identity; a member's lines are those of
    /// [`G2Prepared::from`]; and [`Bls12_381::pairing_check_g2_unchecked`] agrees with the test
    /// and with [`pairing_check`].
    #[test]
    fn g2_test_in_miller_loop_agrees() {
        use crate::pairing::PairingEngine;
        use crate::test_util::sw::{curve_point, small_order_point};
        use num_bigint::BigInt;
        let mut rng = ChaCha20Rng::seed_from_u64(21);
        let r = BigInt::from(crate::test_util::big(&FrParams::MODULUS));
        // `l²` divides h₂ exactly (and not r): `(h₂·r/l²)·R` has an order dividing `l²`.
        let small_order = |rng: &mut ChaCha20Rng, l: u64| {
            let k = ((g2_cofactor() * &r) / BigInt::from(l * l)).to_biguint().unwrap().to_u64_digits();
            small_order_point::<G2Curve>(rng, &k, l * l)
        };
        let mut points = Vec::new();
        for i in 0..36 {
            points.push(match i % 6 {
                0 => G2Projective::random(&mut rng).to_affine(),
                1 => small_order(&mut rng, 13).to_affine(),
                2 => small_order(&mut rng, 23).to_affine(),
                3 => (G2Projective::random(&mut rng) + small_order(&mut rng, 13)).to_affine(),
                4 if i == 4 => G2Affine::identity(),
                _ => curve_point::<G2Curve>(&mut rng),
            });
        }
        let members = crate::pairing::check_new_checked::<Bls12_381, 6>(&points, &mut rng);
        assert!(members > 6 && members < points.len());
        // e(a·P, Q)·e(−P, a·Q) = 1, with identity pairs beside it; a point outside G2 anywhere,
        // also beside an identity, gives `None`.
        let p = G1Projective::random(&mut rng).to_affine();
        let a = Fr::random(&mut rng);
        let g = G2Projective::random(&mut rng);
        let (pa, qa) = ((G1Projective::from(p) * a).to_affine(), (g * a).to_affine());
        let mut pairs = alloc::vec![(pa, g.to_affine()), (-p, qa), (G1Affine::identity(), g.to_affine())];
        assert_eq!(Bls12_381::pairing_check_g2_unchecked(&pairs), Some(true));
        assert!(pairing_check(&pairs));
        pairs[1].0 = p;
        assert_eq!(Bls12_381::pairing_check_g2_unchecked(&pairs), Some(false));
        for bad in [points[1], points[2], points[3], points[5]] {
            for slot in [0, 2] {
                let mut with_bad = pairs.clone();
                with_bad[slot].1 = bad;
                assert_eq!(Bls12_381::pairing_check_g2_unchecked(&with_bad), None);
            }
        }
        let identities = [(G1Affine::identity(), G2Affine::identity()), (p, G2Affine::identity())];
        assert_eq!(Bls12_381::pairing_check_g2_unchecked(&identities), Some(true));
    }

    /// The G1 MSM that reuses the subgroup test's `[|x|]P` (four 64-bit entries a point) against
    /// the plain MSM, with zero and extreme scalars, identities, repeated and opposite points,
    /// on both sides of the interleaved-wNAF threshold; and the index of the first point
    /// outside G1 (random curve points, a point of order 3).
    #[test]
    fn msm_in_subgroup_agrees() {
        let mut rng = ChaCha20Rng::seed_from_u64(11);
        for n in [2usize, 5, 31, 32, 33, 64, 100, 128, 200] {
            let mut points: Vec<G1Affine> = (0..n).map(|_| G1Projective::random(&mut rng).to_affine()).collect();
            let mut scalars: Vec<Fr> = (0..n).map(|_| Fr::random(&mut rng)).collect();
            for i in 0..n {
                match i % 9 {
                    0 => scalars[i] = Fr::ZERO,
                    1 => points[i] = G1Affine::identity(),
                    2 => scalars[i] = -Fr::ONE,
                    3 => scalars[i] = Fr::ONE,
                    4 if i > 4 => points[i] = points[i - 1],
                    5 if i > 5 => points[i] = -points[i - 1],
                    _ => {}
                }
            }
            let want = G1Projective::msm_vartime(&points, &scalars);
            assert_eq!(G1Curve::msm_in_subgroup_vartime(&points, &scalars), Ok(want), "n = {n}");
            let xp: Vec<G1Projective> =
                points.iter().map(|p| G1Projective::from(*p).mul_by_u64_vartime(BLS_X)).collect();
            let xp = G1Projective::batch_normalize(&xp);
            assert_eq!(msm::msm_with_multiples_vartime(&points, &xp, BLS_X, &scalars), want, "n = {n}");
            // Points outside G1: the first one's index.
            let bad = rng.gen_range(0..n);
            let mut with_bad = points.clone();
            with_bad[bad] = crate::test_util::sw::curve_point::<G1Curve>(&mut rng);
            with_bad[n - 1] = crate::test_util::sw::curve_point::<G1Curve>(&mut rng);
            assert_eq!(G1Curve::msm_in_subgroup_vartime(&with_bad, &scalars), Err(bad), "n = {n}");
        }
        // A point of order 3: #E(Fp)/3 times a curve point (|x| ≡ 2 mod 3, so [|x|]P = −P).
        let p = num_bigint::BigUint::from_bytes_be(&(-Fp::ONE).to_bytes_be()) + 1u32;
        let cofactor3 = ((p + num_bigint::BigUint::from(BLS_X)) / 3u32).to_u64_digits();
        let order3 = loop {
            let q =
                Projective::from(crate::test_util::sw::curve_point::<G1Curve>(&mut rng)).mul_limbs_vartime(&cofactor3);
            if !bool::from(q.is_identity()) {
                break q.to_affine();
            }
        };
        // The chain of `[|x|]P` (hash to G1's clearing) on points of orders 3, 11 and 121
        // (`11² | h₁`): its additions meet the identity, `−P` and `P` (`k_j = 12`).
        let n = num_bigint::BigUint::from_bytes_be(&(-Fp::ONE).to_bytes_be()) + 1u32 + BLS_X;
        let order121 =
            crate::test_util::sw::small_order_point::<G1Curve>(&mut rng, &(&n / 121u32).to_u64_digits(), 121);
        for q in [Projective::from(order3), order121, order121.mul_limbs_vartime(&[11])] {
            for p in [q, q + G1Projective::random(&mut rng)] {
                assert_eq!(p.mul_by_u64_chain(BLS_X), p.mul_limbs_vartime(&[BLS_X]));
            }
        }
        let mut points: Vec<G1Affine> = (0..64).map(|_| G1Projective::random(&mut rng).to_affine()).collect();
        points[40] = order3;
        let scalars: Vec<Fr> = (0..64).map(|_| Fr::random(&mut rng)).collect();
        assert_eq!(G1Curve::msm_in_subgroup_vartime(&points, &scalars), Err(40));
    }
}
