//! The FFT module (`isochron::fft`): transforms against naive polynomial evaluation, their
//! inverses, coset transforms, the bit-reversal permutation, the G1 transform of FK20, errors
//! on unsupported sizes, and agreement with arkworks' `ark-poly` `Radix2EvaluationDomain` for
//! BLS12-381 Fr (whose root of unity is the same: `7^t` for the generator 7, checked below).

use ark_ff::{BigInteger, PrimeField as _};
use ark_poly::{EvaluationDomain as _, Radix2EvaluationDomain};
use isochron::curve::Group;
use isochron::curves::{bls12_381, bn254};
use isochron::fft::{bit_reverse_permutation, bit_reversed_index, EvaluationDomain};
use isochron::field::{Field, PrimeField};
use isochron::Error;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

type Fr = bls12_381::Fr;

fn rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

fn random_vec<F: Field>(n: usize, rng: &mut ChaCha20Rng) -> Vec<F> {
    (0..n).map(|_| F::random(rng)).collect()
}

/// `Σ_j a_j·x^j` by Horner's rule.
fn eval<F: Field>(coeffs: &[F], x: F) -> F {
    coeffs.iter().rev().fold(F::ZERO, |acc, c| acc * x + c)
}

/// For a field: fft agrees with naive evaluation at `ω^i`, ifft inverts it, and the coset
/// transforms agree with evaluation at `g·ω^i` and invert each other; sizes 2^0..2^max_log.
fn transforms_agree_with_evaluation<F: PrimeField>(max_log: u32, seed: u64) {
    let mut rng = rng(seed);
    for k in 0..=max_log {
        let n = 1usize << k;
        let d = EvaluationDomain::<F>::new(n).unwrap();
        assert_eq!((d.size(), d.log_size()), (n, k));
        // ω is a primitive n-th root of unity.
        assert_eq!(d.omega().pow_vartime(&[n as u64]), F::ONE);
        if n > 1 {
            assert_ne!(d.omega().pow_vartime(&[(n / 2) as u64]), F::ONE);
        }
        assert_eq!(d.omega() * d.omega_inv(), F::ONE);
        assert_eq!(d.size_inv() * F::from_u64(n as u64), F::ONE);
        let points = d.elements();

        let coeffs: Vec<F> = random_vec(n, &mut rng);
        let mut values = coeffs.clone();
        d.fft(&mut values).unwrap();
        for (i, (v, x)) in values.iter().zip(&points).enumerate() {
            assert_eq!(*v, eval(&coeffs, *x), "fft, size {n}, index {i}");
        }
        d.ifft(&mut values).unwrap();
        assert_eq!(values, coeffs, "ifft ∘ fft, size {n}");
        // And the other way round.
        d.ifft(&mut values).unwrap();
        d.fft(&mut values).unwrap();
        assert_eq!(values, coeffs, "fft ∘ ifft, size {n}");

        let g = F::MULTIPLICATIVE_GENERATOR;
        let mut values = coeffs.clone();
        d.coset_fft(&mut values).unwrap();
        for (i, (v, x)) in values.iter().zip(&points).enumerate() {
            assert_eq!(*v, eval(&coeffs, g * x), "coset fft, size {n}, index {i}");
        }
        d.coset_ifft(&mut values).unwrap();
        assert_eq!(values, coeffs, "coset ifft ∘ coset fft, size {n}");

        let shift = F::from_u64(5);
        let mut values = coeffs.clone();
        d.coset_fft_with(&mut values, &shift).unwrap();
        assert_eq!(values[n - 1], eval(&coeffs, shift * points[n - 1]));
        d.coset_ifft_with(&mut values, &shift).unwrap();
        assert_eq!(values, coeffs);
    }
}

#[test]
fn bls12_381_fr_agrees_with_evaluation() {
    transforms_agree_with_evaluation::<Fr>(10, 1);
}

#[test]
fn bn254_fr_agrees_with_evaluation() {
    transforms_agree_with_evaluation::<bn254::Fr>(8, 2);
}

#[test]
fn multiplicative_generator_is_declared_generator() {
    assert_eq!(Fr::MULTIPLICATIVE_GENERATOR, Fr::from_u64(7));
    assert_eq!(bn254::Fr::MULTIPLICATIVE_GENERATOR, bn254::Fr::from_u64(5));
    // The 2-adic root of unity is its t-th power, t = (r − 1)/2^s: of order exactly 2^s.
    let s = Fr::TWO_ADICITY;
    let mut w = Fr::ROOT_OF_UNITY;
    for _ in 0..s - 1 {
        w = w.square();
    }
    assert_eq!(w, -Fr::ONE);
    // A generator is not a square (its Legendre symbol is −1).
    assert!(!bool::from(isochron::field::SqrtField::is_square(&Fr::MULTIPLICATIVE_GENERATOR)));
}

#[test]
fn largest_domain_and_unsupported_sizes() {
    let s = Fr::TWO_ADICITY;
    // A domain of 2^32 points would hold 2^32 twiddles: only the errors are exercised at the top.
    for size in [0usize, 3, 6, 1000, (1 << 20) + 1] {
        assert_eq!(
            EvaluationDomain::<Fr>::new(size).err(),
            Some(Error::UnsupportedDomainSize { size, max_log2: s }),
            "size {size}"
        );
    }
    let too_big = 1usize << (s + 1);
    assert_eq!(
        EvaluationDomain::<Fr>::new(too_big).err(),
        Some(Error::UnsupportedDomainSize { size: too_big, max_log2: s })
    );
    assert_eq!(
        EvaluationDomain::<Fr>::new_at_least(too_big).err(),
        Some(Error::UnsupportedDomainSize { size: too_big, max_log2: s })
    );
    assert_eq!(
        EvaluationDomain::<Fr>::new_at_least(usize::MAX).err(),
        Some(Error::UnsupportedDomainSize { size: usize::MAX, max_log2: s })
    );
    assert_eq!(EvaluationDomain::<Fr>::new_at_least(0).unwrap().size(), 1);
    assert_eq!(EvaluationDomain::<Fr>::new_at_least(4097).unwrap().size(), 8192);
    // BN254's Fr has 2-adicity 28.
    assert_eq!(bn254::Fr::TWO_ADICITY, 28);
    assert_eq!(
        EvaluationDomain::<bn254::Fr>::new(1 << 29).err(),
        Some(Error::UnsupportedDomainSize { size: 1 << 29, max_log2: 28 })
    );

    // A vector of the wrong length is an error, and is left untouched.
    let d = EvaluationDomain::<Fr>::new(8).unwrap();
    let original: Vec<Fr> = random_vec(7, &mut rng(3));
    let mut v = original.clone();
    assert_eq!(d.fft(&mut v), Err(Error::DomainLength { expected: 8, got: 7 }));
    assert_eq!(d.ifft(&mut v), Err(Error::DomainLength { expected: 8, got: 7 }));
    assert_eq!(d.coset_fft(&mut v), Err(Error::DomainLength { expected: 8, got: 7 }));
    assert_eq!(d.coset_ifft(&mut v), Err(Error::DomainLength { expected: 8, got: 7 }));
    assert_eq!(v, original);
    let mut v: Vec<Fr> = random_vec(8, &mut rng(4));
    assert_eq!(d.coset_ifft_with(&mut v, &Fr::ZERO), Err(Error::Zero));
}

#[test]
fn bit_reversal() {
    assert_eq!(bit_reversed_index(1, 3), 4);
    assert_eq!(bit_reversed_index(6, 3), 3);
    assert_eq!(bit_reversed_index(5, 0), 0);
    // The consensus-specs example order for 8 elements.
    let mut v: Vec<usize> = (0..8).collect();
    bit_reverse_permutation(&mut v).unwrap();
    assert_eq!(v, [0, 4, 2, 6, 1, 5, 3, 7]);
    for k in 0..=12 {
        let n = 1usize << k;
        let original: Vec<usize> = (0..n).collect();
        let mut v = original.clone();
        bit_reverse_permutation(&mut v).unwrap();
        for (i, x) in v.iter().enumerate() {
            assert_eq!(*x, bit_reversed_index(i, k));
        }
        // An involution.
        bit_reverse_permutation(&mut v).unwrap();
        assert_eq!(v, original);
    }
    let mut empty: [u8; 0] = [];
    assert_eq!(
        bit_reverse_permutation(&mut empty),
        Err(Error::UnsupportedDomainSize { size: 0, max_log2: usize::BITS - 1 })
    );
    let mut six = [0u8; 6];
    assert_eq!(
        bit_reverse_permutation(&mut six),
        Err(Error::UnsupportedDomainSize { size: 6, max_log2: usize::BITS - 1 })
    );
}

#[test]
fn g1_fft_agrees_with_naive() {
    type G1 = bls12_381::G1Projective;
    let mut rng = rng(5);
    for k in 0..=4 {
        let n = 1usize << k;
        let d = EvaluationDomain::<Fr>::new(n).unwrap();
        let points: Vec<G1> = (0..n).map(|_| G1::random(&mut rng)).collect();
        let mut values = points.clone();
        d.fft_group(&mut values).unwrap();
        for (i, x) in d.elements().iter().enumerate() {
            // Σ_j [x^j]P_j.
            let mut expected = G1::identity();
            let mut xj = Fr::ONE;
            for p in &points {
                expected += p.mul_vartime(&xj);
                xj *= x;
            }
            assert_eq!(values[i], expected, "G1 fft, size {n}, index {i}");
        }
        d.ifft_group(&mut values).unwrap();
        assert_eq!(values, points, "G1 ifft ∘ fft, size {n}");

        // The G1 transform is the field transform "in the exponent": fft([a_j]G) = [fft(a)_i]G.
        let scalars: Vec<Fr> = random_vec(n, &mut rng);
        let mut in_exponent: Vec<G1> = scalars.iter().map(|a| G1::generator() * a).collect();
        let mut field = scalars.clone();
        d.coset_fft_group(&mut in_exponent, &Fr::MULTIPLICATIVE_GENERATOR).unwrap();
        d.coset_fft(&mut field).unwrap();
        let expected: Vec<G1> = field.iter().map(|a| G1::generator() * a).collect();
        assert_eq!(in_exponent, expected, "G1 coset fft, size {n}");
        d.coset_ifft_group(&mut in_exponent, &Fr::MULTIPLICATIVE_GENERATOR).unwrap();
        let expected: Vec<G1> = scalars.iter().map(|a| G1::generator() * a).collect();
        assert_eq!(in_exponent, expected, "G1 coset ifft, size {n}");
    }
}

fn to_ark(x: &Fr) -> ark_bls12_381::Fr {
    ark_bls12_381::Fr::from_be_bytes_mod_order(&x.to_bytes_be())
}

fn from_ark(x: &ark_bls12_381::Fr) -> Fr {
    Fr::from_bytes_be(&x.into_bigint().to_bytes_be()).unwrap()
}

/// arkworks' `Radix2EvaluationDomain` picks the same generator (`ω = 7^((r−1)/n)`), so the
/// transforms agree value for value.
#[test]
fn agrees_with_ark_poly() {
    let mut rng = rng(6);
    for k in [12u32, 13] {
        let n = 1usize << k;
        let ours = EvaluationDomain::<Fr>::new(n).unwrap();
        let ark = Radix2EvaluationDomain::<ark_bls12_381::Fr>::new(n).unwrap();
        assert_eq!(from_ark(&ark.group_gen()), ours.omega(), "ω, size {n}");
        assert_eq!(from_ark(&ark.coset_offset()), Fr::ONE);

        let coeffs: Vec<Fr> = random_vec(n, &mut rng);
        let mut ark_values: Vec<ark_bls12_381::Fr> = coeffs.iter().map(to_ark).collect();
        ark.fft_in_place(&mut ark_values);
        let mut values = coeffs.clone();
        ours.fft(&mut values).unwrap();
        assert_eq!(values, ark_values.iter().map(from_ark).collect::<Vec<_>>(), "fft, size {n}");

        ark.ifft_in_place(&mut ark_values);
        ours.ifft(&mut values).unwrap();
        assert_eq!(values, ark_values.iter().map(from_ark).collect::<Vec<_>>(), "ifft, size {n}");
        assert_eq!(values, coeffs);

        // arkworks' coset domain with offset 7 (the multiplicative generator).
        let coset = ark.get_coset(to_ark(&Fr::MULTIPLICATIVE_GENERATOR)).unwrap();
        coset.fft_in_place(&mut ark_values);
        ours.coset_fft(&mut values).unwrap();
        assert_eq!(values, ark_values.iter().map(from_ark).collect::<Vec<_>>(), "coset fft, size {n}");
    }
}

/// A transform above `PARALLEL_MIN_SIZE` (on rayon's pool with the `parallel` feature, serial
/// otherwise): spot values against evaluation and the round trip, so both paths give the same
/// result.
#[test]
fn large_transform_spot_checks() {
    let n = isochron::fft::PARALLEL_MIN_SIZE * 2;
    let d = EvaluationDomain::<Fr>::new(n).unwrap();
    let coeffs: Vec<Fr> = random_vec(n, &mut rng(7));
    let mut values = coeffs.clone();
    d.fft(&mut values).unwrap();
    for i in [0, 1, 2, n / 2 - 1, n / 2, n - 1] {
        assert_eq!(values[i], eval(&coeffs, d.omega().pow_vartime(&[i as u64])), "index {i}");
    }
    d.ifft(&mut values).unwrap();
    assert_eq!(values, coeffs);
    d.coset_fft(&mut values).unwrap();
    let g = Fr::MULTIPLICATIVE_GENERATOR;
    assert_eq!(values[3], eval(&coeffs, g * d.omega().pow_vartime(&[3])));
    d.coset_ifft(&mut values).unwrap();
    assert_eq!(values, coeffs);
}
