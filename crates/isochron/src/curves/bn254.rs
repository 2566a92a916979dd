//! BN254 as used by Ethereum (alt_bn128, "Snarks"; EIP-196/197): base field Fp and scalar field
//! Fr, both 254 bits (4 limbs). Moduli from EIP-197.

use crate::curve::short_weierstrass::glv::{self, Endomorphism, Lattice, I256};
use crate::curve::short_weierstrass::{endomorphism, Affine, Projective, SwCurve};
use crate::field::FieldParams;
use crate::pairing::{Family, PairingParams, TwistType};

/// Parameters of the BN254 base field, `p = 0x30644e72…d87cfd47` (EIP-197).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FpParams;

impl FieldParams<4> for FpParams {
    const MODULUS: [u64; 4] =
        crate::limbs::from_hex("0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47");
    const GENERATOR: u64 = 3;
    const NAME: &'static str = "bn254::Fp";
}

/// Parameters of the BN254 scalar field, `r = 0x30644e72…f0000001` (EIP-197), the group order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrParams;

impl FieldParams<4> for FrParams {
    const MODULUS: [u64; 4] =
        crate::limbs::from_hex("0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001");
    const GENERATOR: u64 = 5;
    const NAME: &'static str = "bn254::Fr";
}

/// The BN254 base field.
pub type Fp = crate::field::Fp<FpParams, 4>;
/// The BN254 scalar field.
pub type Fr = crate::field::Fp<FrParams, 4>;

/// The BN254 pairing tower (EIP-197; draft-irtf-cfrg-pairing-friendly-curves-11 §4.2.2):
/// `Fp2 = Fp[u]/(u² + 1)`, `Fp6 = Fp2[v]/(v³ − (u + 9))`, `Fp12 = Fp6[w]/(w² − v)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tower;

impl crate::field::fp2::TowerParams<4> for Tower {
    type Fp = FpParams;
    const BETA: i64 = -1;
    /// `ξ = u + 9`.
    const XI: [u64; 2] = [9, 1];
}

/// The quadratic extension `Fp[u]/(u² + 1)` (G2 coordinates).
pub type Fp2 = crate::field::fp2::Fp2<Tower, 4>;
/// The cubic extension `Fp2[v]/(v³ − (u + 9))`.
pub type Fp6 = crate::field::fp6::Fp6<Tower, 4>;
/// The degree-12 extension `Fp6[w]/(w² − v)` (pairing values).
pub type Fp12 = crate::field::fp12::Fp12<Tower, 4>;

/// G1 of BN254: `y² = x³ + 3` over Fp, generator `(1, 2)` (EIP-196).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G1Curve;

impl SwCurve for G1Curve {
    crate::curve::short_weierstrass::generator_table!(G1Curve);

    type Base = Fp;
    type ScalarParams = FrParams;
    const NAME: &'static str = "bn254::G1";
    const B: Fp = Fp::from_u64(3);
    const GENERATOR: (Fp, Fp) = (Fp::from_u64(1), Fp::from_u64(2));

    /// `3b = 9`: `9x + 0` in one pass where the field has the kernel (`Fp::small_mul_add`).
    #[inline(always)]
    fn mul_by_3b(x: &Fp) -> Fp {
        Fp::small_mul_add(x, 9, &Fp::ZERO, false)
    }

    /// GLV with `φ` (`phi`), eigenvalue `λ = −(36u³ + 18u² + 6u + 2)` (see `G1_LATTICE`).
    const ENDOMORPHISM: Option<Endomorphism<Self>> =
        Some(Endomorphism { map: phi, lattice: G1_LATTICE, map_squared: None });

    /// Always true: BN254's `E(Fp)` has prime order `r` (cofactor 1), so every point of the curve
    /// is in G1 (`tests/point_encoding.rs` checks `[r]P = O` on random curve points).
    fn is_torsion_free_vartime(_: &G1Projective) -> bool {
        true
    }
}

/// `β = 3^((p−1)/3)`, a primitive cube root of unity in Fp (3 is a non-cube); with it
/// `φ(x, y) = (βx, y)` acts on G1 as `[−(36u³ + 18u² + 6u + 2)]` (checked by the tests).
pub(crate) const BETA: Fp = {
    let m = &FpParams::MODULUS;
    let e = crate::limbs::div_small(&crate::limbs::sub(m, &crate::limbs::from_u64(1)).0, 3);
    let three = Fp::from_u64(3);
    Fp::from_mont_limbs(crate::limbs::mont::pow_vartime(three.mont_limbs(), &e, &FpParams::R, m, FpParams::INV))
};

/// `φ(x, y) = (βx, y)` (GLV 2001 §2, example 4).
fn phi(p: &G1Projective) -> G1Projective {
    Projective { x: p.x * BETA, y: p.y, z: p.z }
}

/// The family parameter `u` as a lattice integer.
const U: I256 = glv::int(BN_U as i128);

/// `a·u + b` for small `a`, `b`.
const fn lin(a: i128, b: i128) -> I256 {
    glv::add(&glv::mul(&glv::int(a), &U), &glv::int(b))
}

/// The GLV lattice of `λ = −(36u³ + 18u² + 6u + 2)` (a root of `λ² + λ + 1` mod `r`): basis
/// `(2u + 1, 6u² + 4u + 1)`, `(6u² + 2u, −(2u + 1))` (determinant `−r`; Galbraith–Scott 2008
/// §5 for BN curves), `ℓ = (2u + 1, 6u² + 4u + 1)`; digits below `2^127`.
const G1_LATTICE: Lattice = {
    let zero = glv::int(0);
    let u2 = glv::mul(&U, &U);
    let six_u2 = glv::mul(&glv::int(6), &u2);
    let a = lin(2, 1);
    let b = glv::add(&six_u2, &lin(4, 1));
    let c = glv::add(&six_u2, &lin(2, 0));
    let lambda =
        glv::add(&glv::add(&glv::mul(&glv::int(36), &glv::mul(&u2, &U)), &glv::mul(&glv::int(18), &u2)), &lin(6, 2));
    Lattice::new(
        2,
        [[a, b, zero, zero], [c, glv::sub(&zero, &a), zero, zero], [zero; 4], [zero; 4]],
        [a, b, zero, zero],
        glv::sub(&zero, &lambda),
        &FrParams::MODULUS,
    )
};

/// G2 of BN254: `y² = x³ + 3/(u + 9)` over Fp2, the D-type sextic twist; generator from
/// EIP-197.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G2Curve;

impl SwCurve for G2Curve {
    crate::curve::short_weierstrass::generator_table!(G2Curve);

    type Base = Fp2;
    type ScalarParams = FrParams;
    const NAME: &'static str = "bn254::G2";
    /// `b' = 3/ξ = 3/(u + 9)` (checked by a unit test).
    const B: Fp2 = Fp2::new(
        Fp::from_canonical_limbs(crate::limbs::from_dec(
            "19485874751759354771024239261021720505790618469301721065564631296452457478373",
        )),
        Fp::from_canonical_limbs(crate::limbs::from_dec(
            "266929791119991161246907387137283842545076965332900288569378510910307636690",
        )),
    );
    const GENERATOR: (Fp2, Fp2) = (
        Fp2::new(
            Fp::from_canonical_limbs(crate::limbs::from_dec(
                "10857046999023057135944570762232829481370756359578518086990519993285655852781",
            )),
            Fp::from_canonical_limbs(crate::limbs::from_dec(
                "11559732032986387107991004021392285783925812861821192530917403151452391805634",
            )),
        ),
        Fp2::new(
            Fp::from_canonical_limbs(crate::limbs::from_dec(
                "8495653923123431417604973247489272438418190587263600148770280649306958101930",
            )),
            Fp::from_canonical_limbs(crate::limbs::from_dec(
                "4082367875863433681332203403145435568316851327593401208105741076214120093531",
            )),
        ),
    );

    /// GLS with `ψ` (`psi`), eigenvalue `6u²` on G2 (see `G2_LATTICE`).
    const ENDOMORPHISM: Option<Endomorphism<Self>> =
        Some(Endomorphism { map: psi, lattice: G2_LATTICE, map_squared: Some(psi_squared) });

    /// Dai–Lin–Zhao–Zhou, eprint 2022/348 §5.1 (BN curves): `Q ∈ G2 ⟺ [u + 1]Q + ψ([u]Q) +
    /// ψ²([u]Q) = ψ³([2u]Q)` on the D-type twist (the polynomial `(u + 1) + 6u²·u + (6u²)²·u −
    /// (6u²)³·2u` in `ψ`'s eigenvalue `6u²` vanishes mod `r`; the paper shows nothing else on the
    /// twist passes): one chain of the 63-bit `[u]` (binary double-and-add, mixed additions of a
    /// decoded point) instead of the 127-bit `[6u²]` of `ψ(Q) = [6u²]Q`.
    fn is_torsion_free_vartime(q: &G2Projective) -> bool {
        let a = q.mul_by_u64_vartime(BN_U);
        let lhs = a + *q + psi(&a) + psi_squared(&a);
        lhs == psi(&psi_squared(&a.double()))
    }
}

/// The coefficients of `ψ` on the D-type twist ([`endomorphism::psi_coefficients`]).
const PSI: (Fp2, Fp2) = glv::psi_coefficients_const::<Tower, 4>(false);

/// `ψ = untwist⁻¹ ∘ π_p ∘ untwist`, which acts on G2 as `[6u²]` (`p ≡ 6u² mod r`).
fn psi(q: &G2Projective) -> G2Projective {
    endomorphism::psi(q, &PSI)
}

/// `ψ²`'s Fp factor of x (see [`endomorphism::psi_squared`]).
const PSI_SQUARED: Fp = glv::psi_squared_coefficient_const::<Tower, 4>(false);

/// `ψ²`, cheaper than `ψ` twice: the third and fourth constant-time GLS tables.
fn psi_squared(q: &G2Projective) -> G2Projective {
    endomorphism::psi_squared(q, &PSI_SQUARED)
}

/// A 4-dimensional GLS lattice of `ψ`'s eigenvalue `6u²` (Galbraith–Scott 2008 §5 give bases
/// of this shape for BN curves; this one is LLL-reduced, derived for this crate): rows
/// `(2u + 1, 0, 2u, 1)`, `(2u, u + 1, −u, u)`, `(u + 1, u, u, −2u)`, `(2u + 1, −u, −u − 1, −u)`
/// (determinant `−r`), `ℓ = (6u³ + 6u² + 2u, 6u³ − u, 2u + 1, 6u³ + 6u² + u)`; digits below
/// `2^64`.
const G2_LATTICE: Lattice = {
    let u2 = glv::mul(&U, &U);
    let u3_6 = glv::mul(&glv::int(6), &glv::mul(&u2, &U));
    let u2_6 = glv::mul(&glv::int(6), &u2);
    let u3u2_6 = glv::add(&u3_6, &u2_6);
    Lattice::new(
        4,
        [
            [lin(2, 1), lin(0, 0), lin(2, 0), lin(0, 1)],
            [lin(2, 0), lin(1, 1), lin(-1, 0), lin(1, 0)],
            [lin(1, 1), lin(1, 0), lin(1, 0), lin(-2, 0)],
            [lin(2, 1), lin(-1, 0), lin(-1, -1), lin(-1, 0)],
        ],
        [glv::add(&u3u2_6, &lin(2, 0)), glv::add(&u3_6, &lin(-1, 0)), lin(2, 1), glv::add(&u3u2_6, &lin(1, 0))],
        u2_6,
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

/// The BN254 optimal ate pairing: `u = 4965661367192848881` (loop over `6u + 2`), D-type twist.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bn254;

impl PairingParams<4> for Bn254 {
    type Tower = Tower;
    type G1 = G1Curve;
    type G2 = G2Curve;
    const FAMILY: Family = Family::Bn;
    const TWIST: TwistType = TwistType::D;
    const PARAM: u64 = BN_U;
    const PARAM_IS_NEGATIVE: bool = false;
    const PSI: (Fp2, Fp2) = PSI;
    /// `ψ² − tψ + p = 0` on the twist, so `α = 6u + 2 + ψ − ψ² + ψ³` is some `a + bψ`; its norm
    /// `a² + abt + b²p` is `r` times a number prime to the cofactor `h₂ = 2p − r` of E'(Fp2),
    /// and `r ∤ h₂` (test `g2_test_by_loop_is_sound`). `α·ᾱ` is that norm, so `α` is injective
    /// on every ℓ-part of E'(Fp2) with `ℓ | h₂`, and its kernel there is exactly G2 (the
    /// argument of El Housni–Guillevic–Piellard, eprint 2022/352).
    const G2_TEST_BY_LOOP: bool = true;
}

/// The BN254 family parameter `u` (`p = 36u⁴ + 36u³ + 24u² + 6u + 1`).
const BN_U: u64 = 4965661367192848881;

crate::pairing::pairing_engine!(Bn254, 4);

/// The point encodings (`PointEncoding` and the EVM's formats).
mod encoding;
/// Hashing to G1 (RFC 9380 §6.6.1 SVDW; the suite `BN254G1_XMD:SHA-256_SVDW_{RO,NU}_`).
mod hash_to_curve;
pub use hash_to_curve::{encode_to_g1, hash_to_g1, G1Suite};

#[cfg(test)]
mod tests {
    use num_bigint::BigInt;
    use rand::SeedableRng;
    use rand_chacha::ChaCha20Rng;

    use super::*;
    use crate::curve::Group;
    use crate::pairing::PairingEngine;
    use crate::test_util::big;

    /// The reason for [`Bn254`]'s `G2_TEST_BY_LOOP`: with `ψ² = tψ − p`, `α = 6u + 2 + ψ − ψ² +
    /// ψ³ = a + bψ` has norm `a² + abt + b²p = r·m` with `gcd(m, h₂) = 1`, and `r ∤ h₂`.
    #[test]
    fn g2_test_by_loop_is_sound() {
        let u = BigInt::from(BN_U);
        let p = BigInt::from(big(&FpParams::MODULUS));
        let r = BigInt::from(big(&FrParams::MODULUS));
        let poly = |c: [i64; 5]| c.iter().rev().fold(BigInt::from(0), |acc, &k| acc * &u + k);
        assert_eq!(p, poly([1, 6, 24, 36, 36]));
        assert_eq!(r, poly([1, 6, 18, 36, 36]));
        let t = poly([1, 0, 6, 0, 0]);
        // ψ² = tψ − p, ψ³ = (t² − p)ψ − tp.
        let a = BigInt::from(6) * &u + 2 + &p - &t * &p;
        let b = BigInt::from(1) - &t + (&t * &t - &p);
        let norm = &a * &a + &a * &b * &t + &b * &b * &p;
        let h2 = BigInt::from(2) * &p - &r;
        assert!(&norm % &r == BigInt::from(0) && &h2 % &r != BigInt::from(0));
        let m = norm / &r;
        let gcd = |mut x: BigInt, mut y: BigInt| {
            while y != BigInt::from(0) {
                (x, y) = (y.clone(), x % y);
            }
            x
        };
        assert_eq!(gcd(m, h2), BigInt::from(1));
    }

    /// The G2 test inside the Miller loop ([`G2Prepared::new_checked`]) agrees with the test
    /// of one point at a time on subgroup points, random twist points, points of order 10069
    /// (`10069 | h₂`), subgroup points plus such a point, and the identity; a member's lines
    /// are those of [`G2Prepared::from`]; [`Bn254::pairing_check_g2_unchecked`] agrees.
    #[test]
    fn g2_test_in_miller_loop_agrees() {
        use crate::test_util::sw::{curve_point, small_order_point};
        let mut rng = ChaCha20Rng::seed_from_u64(31);
        let p = BigInt::from(big(&FpParams::MODULUS));
        let r = BigInt::from(big(&FrParams::MODULUS));
        let k = ((BigInt::from(2) * &p - &r) * &r / BigInt::from(10069)).to_biguint().unwrap().to_u64_digits();
        let mut points = alloc::vec![G2Affine::identity()];
        for i in 0..24 {
            points.push(match i % 4 {
                0 => G2Projective::random(&mut rng).to_affine(),
                1 => small_order_point::<G2Curve>(&mut rng, &k, 10069).to_affine(),
                2 => (G2Projective::random(&mut rng) + small_order_point::<G2Curve>(&mut rng, &k, 10069)).to_affine(),
                _ => curve_point::<G2Curve>(&mut rng),
            });
        }
        let members = crate::pairing::check_new_checked::<Bn254, 4>(&points, &mut rng);
        assert!(members > 6 && members < points.len());
        let g = G1Projective::random(&mut rng).to_affine();
        let a = Fr::random(&mut rng);
        let q = G2Projective::random(&mut rng);
        let pairs = [((G1Projective::from(g) * a).to_affine(), q.to_affine()), (-g, (q * a).to_affine())];
        assert_eq!(Bn254::pairing_check_g2_unchecked(&pairs), Some(true));
        for bad in [points[2], points[3], points[4]] {
            assert_eq!(Bn254::pairing_check_g2_unchecked(&[pairs[0], (g, bad)]), None);
            assert_eq!(Bn254::pairing_check_g2_unchecked(&[pairs[0], (G1Affine::identity(), bad)]), None);
        }
    }
}
