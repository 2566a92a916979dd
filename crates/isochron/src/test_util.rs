//! Helpers shared by the unit tests: limbs to and from `num-bigint` integers.

use num_bigint::BigUint;

/// The integer whose little-endian 64-bit limbs are `a`.
pub(crate) fn big<const N: usize>(a: &[u64; N]) -> BigUint {
    a.iter().rev().fold(BigUint::default(), |v, &l| (v << 64) + l)
}

/// The little-endian 64-bit limbs of `v < 2^(64N)`.
pub(crate) fn limbs_of<const N: usize>(v: &BigUint) -> [u64; N] {
    let mut r = [0u64; N];
    for (i, d) in v.to_u64_digits().into_iter().enumerate() {
        r[i] = d;
    }
    r
}

/// A field element below `m` for the kernels' tests: one of the extremes `0, 1, m − 1, m − 2,
/// ⌊m/2⌋, ⌊m/2⌋ + 1` when `edge`, else uniformly random (`N` random words reduced mod `m`).
pub(crate) fn operand<const N: usize>(m: &BigUint, edge: bool, rng: &mut impl rand::Rng) -> BigUint {
    if edge {
        let edges = [0u8.into(), 1u8.into(), m - 1u8, m - 2u8, m >> 1, (m >> 1) + 1u8];
        return edges[rng.gen_range(0..edges.len())].clone();
    }
    let mut w = [0u64; N];
    w.iter_mut().for_each(|w| *w = rng.gen());
    big(&w) % m
}

/// Checks of a short Weierstrass curve of prime order shared by the curve tests
/// (secp256k1, P-256): the projective formulas against the textbook affine ones (with
/// `a = 0` or `−3`), their edge cases, and every scalar multiplication against the others.
pub(crate) mod sw {
    use crate::curve::short_weierstrass::{mul_by_a, Affine, Projective, Scalar, SwCurve};
    use crate::field::{Field, FieldParams, SqrtField};
    use rand::SeedableRng;
    use subtle::ConditionallySelectable;

    /// `p + q` by the affine chord-and-tangent rule (public points, variable time).
    pub(crate) fn affine_add<C: SwCurve>(p: &Affine<C>, q: &Affine<C>) -> Affine<C> {
        if bool::from(p.is_identity()) {
            return *q;
        }
        if bool::from(q.is_identity()) {
            return *p;
        }
        let (x1, y1, x2, y2) = (p.x(), p.y(), q.x(), q.y());
        let lambda = if x1 == x2 {
            if y1 != y2 || bool::from(y1.is_zero()) {
                return Affine::identity();
            }
            let xx = x1.square();
            (xx.double() + xx + mul_by_a::<C>(&C::Base::ONE)) * y1.double().inverse_vartime().unwrap()
        } else {
            (y2 - y1) * (x2 - x1).inverse_vartime().unwrap()
        };
        let x3 = lambda.square() - x1 - x2;
        Affine::from_xy(x3, lambda * (x1 - x3) - y1).unwrap()
    }

    /// A random point `[k]G`.
    pub(crate) fn random_point<C: SwCurve>(rng: &mut rand_chacha::ChaCha20Rng) -> Projective<C> {
        Projective::generator().mul_vartime(&Scalar::<C>::random(rng))
    }

    /// A point of the curve with a random `x` (no subgroup check: on a curve with a cofactor,
    /// almost surely outside the prime-order subgroup).
    pub(crate) fn curve_point<C: SwCurve>(rng: &mut rand_chacha::ChaCha20Rng) -> Affine<C>
    where
        C::Base: SqrtField,
    {
        loop {
            let x = C::Base::random(rng);
            if let Some(y) = Option::from((x.square() * x + mul_by_a::<C>(&x) + C::B).sqrt()) {
                return Affine::from_xy_unchecked(x, y);
            }
        }
    }

    /// `[k]·R ≠ O` for random curve points `R` ([`curve_point`]), checked to be killed by
    /// `order`: with `k` the group order over a divisor, a point of small order.
    pub(crate) fn small_order_point<C: SwCurve>(
        rng: &mut rand_chacha::ChaCha20Rng,
        k: &[u64],
        order: u64,
    ) -> Projective<C>
    where
        C::Base: SqrtField,
    {
        loop {
            let q = Projective::from(curve_point::<C>(rng)).mul_limbs_vartime(k);
            if !bool::from(q.is_identity()) {
                assert!(bool::from(q.mul_limbs_vartime(&[order]).is_identity()));
                return q;
            }
        }
    }

    /// Everything about the group law and scalar multiplication, on random points.
    pub(crate) fn check_curve<C: SwCurve>() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(12);
        let g = Projective::<C>::generator();
        assert!(bool::from(Affine::<C>::generator().is_on_curve()));
        let r = <C::ScalarParams as FieldParams<4>>::MODULUS;
        assert!(bool::from(g.mul_limbs_vartime(&r).is_identity()), "[n]G = O");
        let o = Projective::<C>::identity();
        for _ in 0..20 {
            let p = random_point::<C>(&mut rng);
            let q = random_point::<C>(&mut rng);
            let (pa, qa) = (p.to_affine(), q.to_affine());
            assert!(bool::from(p.is_on_curve()) && bool::from(pa.is_on_curve()));
            let sum = p.add(&q);
            assert!(bool::from(sum.is_on_curve()));
            assert_eq!(sum.to_affine(), affine_add(&pa, &qa));
            assert_eq!(p.add_mixed(&qa), sum);
            assert_eq!(p.double().to_affine(), affine_add(&pa, &pa));
            assert_eq!(p.add(&p), p.double());
            assert_eq!(p.add_mixed(&pa), p.double());
            assert_eq!(p.add(&p.neg()), o);
            assert_eq!(p.add_mixed(&pa.neg()), o);
            assert_eq!(p.add(&o), p);
            assert_eq!(o.add(&p), p);
            assert_eq!(o.add_mixed(&pa), p);
            assert_eq!(p.add_mixed(&Affine::identity()), p);
            assert_eq!(o.double(), o);
            // Scalar multiplication: constant time, vartime, generator table, plain wNAF.
            let k = Scalar::<C>::random(&mut rng);
            let want = p.mul_limbs_vartime(&k.to_canonical_limbs());
            assert_eq!(p.mul(&k), want);
            assert_eq!(p.mul_vartime(&k), want);
            assert_eq!(Projective::<C>::mul_generator(&k), g.mul_limbs_vartime(&k.to_canonical_limbs()));
            assert_eq!(p.double_n_jacobian(5), p.mul_limbs_vartime(&[32]));
            assert_eq!(p.mul_by_u64_vartime(1234567), p.mul_limbs_vartime(&[1234567]));
            assert_eq!(p.mul_by_u64_chain(1234567), p.mul_limbs_vartime(&[1234567]));
            // a·G + b·P.
            let (a, b) = (Scalar::<C>::random(&mut rng), Scalar::<C>::random(&mut rng));
            let ab = Projective::<C>::multi_mul_limbs_vartime(
                &[g.to_affine(), pa],
                &[&a.to_canonical_limbs(), &b.to_canonical_limbs()],
            );
            assert_eq!(ab, g.mul(&a).add(&p.mul(&b)));
        }
        // Edge scalars.
        let p = random_point::<C>(&mut rng);
        for k in [Scalar::<C>::ZERO, Scalar::<C>::ONE, -Scalar::<C>::ONE, Scalar::<C>::from_u64(2)] {
            let want = p.mul_limbs_vartime(&k.to_canonical_limbs());
            assert_eq!(p.mul(&k), want);
            assert_eq!(p.mul_vartime(&k), want);
            assert_eq!(Projective::<C>::mul_generator(&k), g.mul_limbs_vartime(&k.to_canonical_limbs()));
        }
        assert_eq!(p.mul(&-Scalar::<C>::ONE), p.neg());
        // a·G + b·P with zero scalars, the identity, P = ±G, and scalars of every size.
        let pa = p.to_affine();
        let (zero, one) = (Scalar::<C>::ZERO, Scalar::<C>::ONE);
        let dbl = Projective::<C>::mul_generator_add_vartime;
        assert_eq!(dbl(&zero, &pa, &zero), o);
        assert_eq!(dbl(&one, &Affine::identity(), &one), g);
        assert_eq!(dbl(&zero, &pa, &one), p);
        assert_eq!(dbl(&one, &g.to_affine(), &one), g.double());
        assert_eq!(dbl(&one, &g.neg().to_affine(), &one), o);
        for k in [-one, Scalar::<C>::from_u64(127), Scalar::<C>::from_u64(129), Scalar::<C>::random(&mut rng)] {
            assert_eq!(dbl(&k, &pa, &-k), g.mul(&k).add(&p.mul(&-k)));
        }
        assert_eq!(o.mul(&Scalar::<C>::from_u64(5)), o);
        // Constant-time selection keeps the identity valid.
        let sel = Projective::conditional_select(&p, &o, subtle::Choice::from(1));
        assert_eq!(sel, o);
    }
}
