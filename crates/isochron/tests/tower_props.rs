//! Algebraic properties of the extension towers Fp2 → Fp6 → Fp12 of BN254 and BLS12-381:
//! field axioms (one macro over each type), Frobenius maps against `x^(p^k)` and their order,
//! the derived Frobenius coefficients against their definition, conjugates, inversion, Fp2
//! square roots, and the pairing helpers (sparse products, cyclotomic squaring) against the
//! generic operations.

use isochron::curves::{bls12_381, bn254};
use isochron::field::fp12::{Fp12, KARABINA_MIN_RUN};
use isochron::field::fp2::{Fp2, TowerParams};
use isochron::field::{Field, FieldParams};
use isochron::{ConditionallySelectable, ConstantTimeEq};
use num_bigint::BigUint;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use zeroize::Zeroize;

const ITERS: usize = 200;

fn rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

macro_rules! field_axioms {
    ($name:ident, $t:ty) => {
        #[test]
        fn $name() {
            type F = $t;
            let mut r = rng(1);
            assert!(bool::from(F::ZERO.is_zero()) && !bool::from(F::ONE.is_zero()));
            assert_eq!(F::default(), F::ZERO);
            assert!(F::ZERO.invert().is_none().into() && F::ZERO.inverse_vartime().is_none());
            for _ in 0..ITERS {
                let (a, b, c) = (F::random(&mut r), F::random(&mut r), F::random(&mut r));
                assert_eq!(a + b, b + a);
                assert_eq!((a + b) + c, a + (b + c));
                assert_eq!(a * b, b * a);
                assert_eq!((a * b) * c, a * (b * c));
                assert_eq!(a * (b + c), a * b + a * c);
                assert_eq!(a + F::ZERO, a);
                assert_eq!(a * F::ONE, a);
                assert_eq!(a * F::ZERO, F::ZERO);
                assert_eq!(a + (-a), F::ZERO);
                assert_eq!(a - b, a + (-b));
                assert_eq!(a.double(), a + a);
                assert_eq!(a.square(), a * a);
                assert_eq!(F::sum_of_products(&a, &b, &c, &a), a * b + c * a);
                assert_eq!(F::mul_minus_square(&a, &b, &c), a * b - c * c);
                assert_eq!(F::difference_of_products(&a, &b, &c, &a), a * b - c * a);
                // Edge values through the double-width paths: −1 (largest coefficients), 0.
                let m = -F::ONE;
                assert_eq!(F::mul_minus_square(&m, &m, &a), F::ONE - a * a);
                assert_eq!(F::mul_minus_square(&F::ZERO, &b, &m), -F::ONE);
                assert_eq!(F::mul_minus_square(&a, &b, &F::ZERO), a * b);
                assert_eq!(F::difference_of_products(&m, &m, &m, &m), F::ZERO);
                assert_eq!(F::difference_of_products(&F::ZERO, &b, &m, &m), -F::ONE);
                assert_eq!(F::sum_of_products(&m, &m, &m, &m), F::ONE.double());
                assert_eq!(a.pow_vartime(&[5]), a * a * a * a * a);
                assert_eq!(a.pow(&[0x1234_5678_9abc_def1, 3]), a.pow_vartime(&[0x1234_5678_9abc_def1, 3]));
                let mut x = a;
                x += b;
                x -= c;
                x *= b;
                assert_eq!(x, (a + b - c) * b);
                let ai = a.invert().unwrap();
                assert_eq!(a * ai, F::ONE);
                assert_eq!(a.inverse_vartime(), Some(ai));
                assert!(bool::from(a.ct_eq(&a)) && !bool::from(a.ct_eq(&b)));
                assert_eq!(F::conditional_select(&a, &b, 0.into()), a);
                assert_eq!(F::conditional_select(&a, &b, 1.into()), b);
                let mut z = a;
                z.zeroize();
                assert_eq!(z, F::ZERO);
            }
            let mut v: Vec<F> = (0..8).map(|i| if i == 3 { F::ZERO } else { F::random(&mut r) }).collect();
            let w = v.clone();
            F::batch_invert(&mut v);
            for (x, y) in v.iter().zip(w.iter()) {
                assert_eq!(*x, y.inverse_vartime().unwrap_or(F::ZERO));
            }
            assert!(!format!("{:?}", F::ONE).is_empty());
        }
    };
}

field_axioms!(axioms_bn254_fp2, bn254::Fp2);
field_axioms!(axioms_bn254_fp6, bn254::Fp6);
field_axioms!(axioms_bn254_fp12, bn254::Fp12);
field_axioms!(axioms_bls12_381_fp2, bls12_381::Fp2);
field_axioms!(axioms_bls12_381_fp6, bls12_381::Fp6);
field_axioms!(axioms_bls12_381_fp12, bls12_381::Fp12);

fn modulus<T: TowerParams<N>, const N: usize>() -> [u64; N] {
    <T::Fp as FieldParams<N>>::MODULUS
}

fn big(limbs: &[u64]) -> BigUint {
    limbs.iter().rev().fold(BigUint::default(), |v, &l| (v << 64) + l)
}

/// `frobenius_map(k) = x^(p^k)` for k = 1, 2, 3, composition, and order `degree`.
fn frobenius_checks<F: Field, const N: usize>(p: [u64; N], degree: usize, seed: u64) {
    let mut r = rng(seed);
    for _ in 0..4 {
        let a = F::random(&mut r);
        let mut pow = a;
        for k in 1..=3 {
            pow = pow.pow_vartime(&p);
            assert_eq!(a.frobenius_map(k), pow, "frobenius_map({k}) = x^(p^{k})");
        }
        let mut f = a;
        for k in 1..=degree {
            f = f.frobenius_map(1);
            assert_eq!(f, a.frobenius_map(k), "frob^{k} = frob_{k}");
        }
        assert_eq!(f, a, "frobenius has order dividing {degree}");
        for k in 0..12 {
            assert_eq!(a.frobenius_map(k).frobenius_map(12 - k), a);
        }
        // Frobenius is a field automorphism.
        let b = F::random(&mut r);
        assert_eq!((a * b).frobenius_map(5), a.frobenius_map(5) * b.frobenius_map(5));
    }
}

#[test]
fn frobenius_bn254() {
    let p = modulus::<bn254::Tower, 4>();
    frobenius_checks::<bn254::Fp2, 4>(p, 2, 10);
    frobenius_checks::<bn254::Fp6, 4>(p, 6, 11);
    frobenius_checks::<bn254::Fp12, 4>(p, 12, 12);
}

#[test]
fn frobenius_bls12_381() {
    let p = modulus::<bls12_381::Tower, 6>();
    frobenius_checks::<bls12_381::Fp2, 6>(p, 2, 20);
    frobenius_checks::<bls12_381::Fp6, 6>(p, 6, 21);
    frobenius_checks::<bls12_381::Fp12, 6>(p, 12, 22);
}

/// The derived constants against their definitions: `ξ` from `XI`, and
/// `γ_{k,i} = ξ^(i·(p^k − 1)/6)` by `pow_vartime` with the exponent from num-bigint.
fn frobenius_coefficients<T: TowerParams<N>, const N: usize>() {
    let one = Fp2::<T, N>::ONE;
    let u = Fp2::<T, N>::new(Field::ZERO, Field::ONE);
    assert_eq!(u.square(), -one, "u² = β = −1");
    let xi = Fp2::<T, N>::NONRESIDUE;
    let small = |k: u64| (0..k).fold(Fp2::<T, N>::ZERO, |s, _| s + one);
    assert_eq!(xi, small(T::XI[0]) + small(T::XI[1]) * u);
    assert_eq!(Fp2::<T, N>::ONE.mul_by_nonresidue(), xi);
    let p = big(&modulus::<T, N>());
    for k in 0..12u32 {
        let base = (p.pow(k) - 1u8) / 6u8;
        for (j, i) in [1u8, 2, 4].into_iter().enumerate() {
            let e = (&base * i).to_u64_digits();
            let want = xi.pow_vartime(&e);
            let got = Fp2::<T, N>::new(
                isochron::field::Fp::from_mont_limbs(T::FROBENIUS[k as usize][j][0]),
                isochron::field::Fp::from_mont_limbs(T::FROBENIUS[k as usize][j][1]),
            );
            assert_eq!(got, want, "γ_({k},{i}) = ξ^({i}(p^{k}−1)/6)");
        }
    }
    // ξ is neither a square nor a cube in Fp2 (so the tower is a field).
    let q = p.pow(2u32) - 1u8;
    assert_ne!(xi.pow_vartime(&(&q / 2u8).to_u64_digits()), one);
    assert_ne!(xi.pow_vartime(&(&q / 3u8).to_u64_digits()), one);
}

#[test]
fn frobenius_coefficients_match_definition() {
    frobenius_coefficients::<bn254::Tower, 4>();
    frobenius_coefficients::<bls12_381::Tower, 6>();
}

fn conjugates<T: TowerParams<N>, const N: usize>(seed: u64) {
    let mut r = rng(seed);
    for _ in 0..20 {
        let a = Fp2::<T, N>::random(&mut r);
        let b = Fp2::<T, N>::random(&mut r);
        assert_eq!(a.conjugate(), a.frobenius_map(1));
        assert_eq!(a.conjugate().conjugate(), a);
        assert_eq!((a * b).conjugate(), a.conjugate() * b.conjugate());
        let n = a * a.conjugate();
        assert!(bool::from(n.c1.is_zero()));
        assert_eq!(n.c0, a.norm());
        let f = Fp12::<T, N>::random(&mut r);
        let g = Fp12::<T, N>::random(&mut r);
        assert_eq!(f.conjugate(), f.frobenius_map(6));
        assert_eq!((f * g).conjugate(), f.conjugate() * g.conjugate());
        // Unitary elements (f^(p⁶ − 1)) have the conjugate as inverse.
        let unitary = f.conjugate() * f.invert().unwrap();
        assert_eq!(unitary * unitary.conjugate(), Fp12::ONE);
    }
}

#[test]
fn conjugate_properties() {
    conjugates::<bn254::Tower, 4>(30);
    conjugates::<bls12_381::Tower, 6>(31);
}

fn fp2_sqrt<T: TowerParams<N>, const N: usize>(seed: u64) {
    let mut r = rng(seed);
    assert_eq!(Fp2::<T, N>::ZERO.sqrt().unwrap(), Fp2::ZERO);
    assert!(bool::from(Fp2::<T, N>::ZERO.is_square()));
    let (mut squares, mut non_squares) = (0, 0);
    for i in 0..ITERS {
        let a = Fp2::<T, N>::random(&mut r);
        // Squares, including elements of Fp (a1 = 0: the t = 0 branch for one sign of the norm's
        // root) and purely imaginary squares.
        let x = match i % 4 {
            0 => a.square(),
            1 => Fp2::new(a.c0, Field::ZERO).square(),
            2 => Fp2::new(Field::ZERO, a.c1).square(),
            _ => a,
        };
        let s = x.sqrt();
        assert_eq!(bool::from(s.is_some()), bool::from(x.is_square()));
        if i % 4 != 3 {
            assert!(bool::from(s.is_some()), "a square has a root");
        }
        if bool::from(s.is_some()) {
            assert_eq!(s.unwrap().square(), x);
            squares += 1;
        } else {
            non_squares += 1;
        }
        // Elements of Fp are all squares in Fp2, squares of Fp or not.
        let e = Fp2::<T, N>::new(a.c0, Field::ZERO);
        assert!(bool::from(e.is_square()));
        assert_eq!(e.sqrt().unwrap().square(), e);
        assert_eq!((-e).sqrt().unwrap().square(), -e);
    }
    assert!(squares > 0 && non_squares > 0);
    // ξ is a non-square.
    assert!(bool::from(Fp2::<T, N>::NONRESIDUE.sqrt().is_none()));
}

#[test]
fn fp2_sqrt_bn254() {
    fp2_sqrt::<bn254::Tower, 4>(40);
}

#[test]
fn fp2_sqrt_bls12_381() {
    fp2_sqrt::<bls12_381::Tower, 6>(41);
}

fn pairing_helpers<T: TowerParams<N>, const N: usize>(seed: u64) {
    use isochron::field::fp6::Fp6;
    let mut r = rng(seed);
    let z = Fp2::<T, N>::ZERO;
    for _ in 0..50 {
        let f = Fp12::<T, N>::random(&mut r);
        let (d0, d1, d2) = (Fp2::random(&mut r), Fp2::random(&mut r), Fp2::random(&mut r));
        let line014 = Fp12::new(Fp6::new(d0, d1, z), Fp6::new(z, d2, z));
        assert_eq!(f.mul_by_014(&d0, &d1, &d2), f * line014);
        let line034 = Fp12::new(Fp6::new(d0, z, z), Fp6::new(d1, d2, z));
        assert_eq!(f.mul_by_034(&d0, &d1, &d2), f * line034);
        // Products of two lines, and the accumulator times such a product.
        let e = [Fp2::random(&mut r), Fp2::random(&mut r), Fp2::random(&mut r)];
        let e014 = Fp12::new(Fp6::new(e[0], e[1], z), Fp6::new(z, e[2], z));
        let p014 = Fp12::line_product_014(&[d0, d1, d2], &e);
        assert_eq!(p014, line014 * e014);
        assert_eq!(f.mul_by_01245(&p014), f * p014);
        let e034 = Fp12::new(Fp6::new(e[0], z, z), Fp6::new(e[1], e[2], z));
        let p034 = Fp12::line_product_034(&[d0, d1, d2], &e);
        assert_eq!(p034, line034 * e034);
        assert_eq!(f.mul_by_01234(&p034), f * p034);
        let a = f.c0;
        assert_eq!(a.mul_by_01(&d0, &d1), a * Fp6::new(d0, d1, z));
        assert_eq!(a.mul_by_1(&d1), a * Fp6::new(z, d1, z));
        assert_eq!(a.mul_by_fp2(&d0), a * Fp6::new(d0, z, z));
        assert_eq!(a.mul_by_nonresidue(), a * Fp6::new(z, Fp2::ONE, z));
        assert_eq!(d0.mul_by_fp(&d1.c0), d0 * Fp2::new(d1.c0, Field::ZERO));
        // Cyclotomic subgroup: f^((p⁶ − 1)(p² + 1)).
        let t = f.conjugate() * f.invert().unwrap();
        let g = t.frobenius_map(2) * t;
        assert_eq!(g.cyclotomic_square(), g.square());
        assert_eq!(g.cyclotomic_square().cyclotomic_square(), g.square().square());
        // Runs of squarings, below and above the compressed (Karabina) threshold; the
        // identity (g2 = g3 = 0, the decompression's degenerate case) stays the identity.
        for n in [0, 1, KARABINA_MIN_RUN - 1, KARABINA_MIN_RUN, 16, 33] {
            let mut e = g;
            for _ in 0..n {
                e = e.square();
            }
            assert_eq!(g.cyclotomic_square_n(n), e, "{n} squarings");
            assert_eq!(Fp12::<T, N>::ONE.cyclotomic_square_n(n), Fp12::ONE);
        }
        // Several powers g^(2^k) from one compressed run (k = 0 included, repeated ks), and of
        // the identity.
        let ks = [0, 1, 1, 9, 10, 26, 64];
        let powers = g.cyclotomic_powers_of_two(&ks);
        assert_eq!(powers.len(), ks.len());
        for (&k, p) in ks.iter().zip(&powers) {
            assert_eq!(*p, g.cyclotomic_square_n(k), "g^(2^{k})");
        }
        assert!(Fp12::<T, N>::ONE.cyclotomic_powers_of_two(&ks).iter().all(|p| *p == Fp12::ONE));
        assert!(g.cyclotomic_powers_of_two(&[]).is_empty());
        let unsorted = g.cyclotomic_powers_of_two(&[26, 0, 10, 9]);
        assert_eq!(unsorted, [powers[5], powers[0], powers[4], powers[3]]);
    }
}

#[test]
fn sparse_and_cyclotomic() {
    pairing_helpers::<bn254::Tower, 4>(50);
    pairing_helpers::<bls12_381::Tower, 6>(51);
}
