//! The AVX2 backend of the variable-time Edwards25519 multiplications (verification, batch
//! verification, multiscalar multiplication) on isochron's own field: four-lane field
//! arithmetic in radix 2^25.5 ([`field`]) and Hisil–Wong–Carter–Dawson's 4-processor point
//! formulas ([`point`]), chosen at run time by [`available`]; CPUs without AVX2 and other
//! architectures keep the serial code of `edwards`. Only public data goes through it (no
//! constant-time claims). The fiat-crypto backend never uses it.

pub(crate) mod field;
pub(crate) mod point;

use alloc::vec::Vec;

use self::field::FeVec;
use self::point::{odd_multiples, CachedVec, ExtendedVec};
use super::edwards::{pippenger_digits, EdwardsPoint, BASE_WNAF_WIDTH, VAR_WNAF_WIDTH};
use super::field::Fe;
use super::scalar::Scalar;

/// Whether the AVX2 code may run: statically enabled, else asked of the CPU through the
/// standard library (cached by it), else `false` without `std`. Tests can force the serial
/// path on the current thread ([`force_serial`]).
#[inline]
pub(crate) fn available() -> bool {
    #[cfg(test)]
    if FORCE_SERIAL.with(|f| f.get()) {
        return false;
    }
    if cfg!(target_feature = "avx2") {
        return true;
    }
    detected()
}

#[cfg(feature = "std")]
#[inline]
fn detected() -> bool {
    std::is_x86_feature_detected!("avx2")
}

#[cfg(not(feature = "std"))]
#[inline]
fn detected() -> bool {
    false
}

#[cfg(test)]
std::thread_local! {
    static FORCE_SERIAL: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// Test hook: `true` makes [`available`] answer `false` on this thread (the serial path).
#[cfg(test)]
pub(crate) fn force_serial(on: bool) {
    FORCE_SERIAL.with(|f| f.set(on));
}

/// Odd multiples per table: `2^(w − 2)` for `edwards`' wNAF widths (8 for variable points,
/// 64 for the base point).
const VAR_TABLE: usize = 1 << (VAR_WNAF_WIDTH - 2);
const BASE_TABLE: usize = 1 << (BASE_WNAF_WIDTH - 2);

/// The odd multiples `[1, 3, …, 127]·B` and `[1, 3, …, 127]·2^128·B` in vector cached form.
#[target_feature(enable = "avx2")]
fn build_base_tables() -> [Vec<CachedVec>; 2] {
    let b = EdwardsPoint::<Fe>::basepoint();
    let b128 = b.mul_by_pow2(128);
    [
        odd_multiples(&ExtendedVec::from_point(&b), BASE_TABLE),
        odd_multiples(&ExtendedVec::from_point(&b128), BASE_TABLE),
    ]
}

/// Runs `f` on the base tables (built once per process with `std`, per call without).
#[target_feature(enable = "avx2")]
fn with_base_tables<R>(f: impl FnOnce(&[Vec<CachedVec>; 2]) -> R) -> R {
    #[cfg(feature = "std")]
    {
        static TABLES: std::sync::OnceLock<[Vec<CachedVec>; 2]> = std::sync::OnceLock::new();
        // The closure inherits this function's target feature.
        f(TABLES.get_or_init(|| build_base_tables()))
    }
    #[cfg(not(feature = "std"))]
    {
        f(&build_base_tables())
    }
}

/// `x^((p − 5)/8)` of eight elements at once (one lane each, two vectors): the chain of
/// `field::pow_p58_chain` on lane-wise squares and products, each step on both vectors, whose
/// independent instructions the CPU overlaps (the chain is bound by the latency of one
/// vector product, not by the multipliers). Constant time.
#[target_feature(enable = "avx2")]
pub(crate) fn pow_p58_x8(x: &[Fe; 8]) -> [Fe; 8] {
    let v = (FeVec::from_fes([x[0], x[1], x[2], x[3]]), FeVec::from_fes([x[4], x[5], x[6], x[7]]));
    let sq = |a: &(FeVec, FeVec)| (a.0.square(), a.1.square());
    let mul = |a: &(FeVec, FeVec), b: &(FeVec, FeVec)| (a.0.mul(&b.0), a.1.mul(&b.1));
    let r = super::field::pow_p58_with(&v, &sq, &mul);
    let (lo, hi) = (r.0.to_fes(), r.1.to_fes());
    core::array::from_fn(|i| if i < 4 { lo[i] } else { hi[i - 4] })
}

/// `Σ [n_i]·P_i + [m_0]·B + [m_1]·2^128·B` from wNAF digits (`n_i` of width 5, `m_j` of
/// width 8; `edwards::vartime_wnaf_combination`'s contract), variable time: one vector doubling
/// per digit position from the first non-zero digit on, one vector addition per non-zero digit.
#[target_feature(enable = "avx2")]
pub(crate) fn wnaf_combination(points: &[(&[i16], EdwardsPoint<Fe>)], base: [&[i16]; 2]) -> EdwardsPoint<Fe> {
    let tables: Vec<Vec<CachedVec>> =
        points.iter().map(|(_, p)| odd_multiples(&ExtendedVec::from_point(p), VAR_TABLE)).collect();
    with_base_tables(|bt| {
        let len = points.iter().map(|(n, _)| n.len()).chain(base.iter().map(|n| n.len())).max().unwrap_or(0);
        let mut q = ExtendedVec::identity();
        let mut started = false;
        for i in (0..len).rev() {
            if started {
                q.double_assign();
            }
            let sources = points.iter().map(|(n, _)| *n).zip(tables.iter().map(Vec::as_slice));
            for (n, t) in sources.chain(base.iter().copied().zip(bt.iter().map(Vec::as_slice))) {
                let d = n.get(i).copied().unwrap_or(0);
                if d != 0 {
                    let e = &t[(d.unsigned_abs() / 2) as usize];
                    if d > 0 {
                        q.add_assign(e);
                    } else {
                        q.sub_assign(e);
                    }
                    started = true;
                }
            }
        }
        q.to_point()
    })
}

/// `Σ [k_i]·P_i` by Pippenger's bucket method (`edwards::pippenger_digits`' windows and signed
/// digits), with vector buckets: per window, each point added to (or subtracted from) the
/// bucket of its digit's magnitude (a bucket's first point copied in), the non-empty buckets
/// summed by the running-sum trick. Variable time.
#[target_feature(enable = "avx2")]
pub(crate) fn pippenger(scalars: &[Scalar], points: &[EdwardsPoint<Fe>]) -> EdwardsPoint<Fe> {
    let n = points.len();
    let (c, windows, digits) = pippenger_digits(scalars);
    let prepared: Vec<(ExtendedVec, ExtendedVec, CachedVec)> = points
        .iter()
        .map(|p| {
            let e = ExtendedVec::from_point(p);
            (e, ExtendedVec::from_point(&-*p), e.to_cached())
        })
        .collect();
    let identity = ExtendedVec::identity();
    let nb = 1usize << (c - 1);
    let mut buckets = alloc::vec![identity; nb];
    let mut filled = alloc::vec![false; nb];
    let mut total = identity;
    for i in (0..windows).rev() {
        for _ in 0..c {
            total.double_assign();
        }
        filled.fill(false);
        for ((p, minus_p, q), &d) in prepared.iter().zip(&digits[i * n..(i + 1) * n]) {
            if d == 0 {
                continue;
            }
            let k = (d.unsigned_abs() - 1) as usize;
            let b = &mut buckets[k];
            match (filled[k], d > 0) {
                (false, true) => *b = *p,
                (false, false) => *b = *minus_p,
                (true, true) => b.add_assign(q),
                (true, false) => b.sub_assign(q),
            }
            filled[k] = true;
        }
        let mut running: Option<ExtendedVec> = None;
        let mut sum: Option<ExtendedVec> = None;
        for (b, &f) in buckets.iter().zip(&filled).rev() {
            if f {
                running = Some(match running {
                    None => *b,
                    Some(mut r) => {
                        r.add_assign(&b.to_cached());
                        r
                    }
                });
            }
            if let Some(r) = running {
                sum = Some(match sum {
                    None => r,
                    Some(mut s) => {
                        s.add_assign(&r.to_cached());
                        s
                    }
                });
            }
        }
        if let Some(s) = sum {
            total.add_assign(&s.to_cached());
        }
    }
    total.to_point()
}

#[cfg(test)]
mod tests {
    use rand::{Rng, RngCore, SeedableRng};
    use rand_chacha::ChaCha20Rng;

    use super::field::FeVec;
    use super::point::{CachedVec, ExtendedVec};
    use super::*;
    use crate::curves::curve25519::scalar::{self, Scalar};
    use crate::field::{Field, PrimeField};

    /// Runs `f` when the CPU has AVX2 (the vector code's precondition), else skips.
    fn with_avx2(f: unsafe fn()) {
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: AVX2 was just detected; `f` is one of this module's AVX2 test bodies.
            unsafe { f() }
        } else {
            std::eprintln!("no AVX2: vector tests skipped");
        }
    }

    /// Random elements and the edge cases: 0, 1, p − 1, p (a non-canonical zero), p + 1,
    /// 2^255 − 1, 2^255 − 20 = p − 1, 2^256 − 1 (weakly reduced `Fe` limbs), values with all
    /// radix-2^25.5 limbs at their maximum.
    fn inputs(rng: &mut ChaCha20Rng) -> Vec<Fe> {
        let p = [0xffff_ffff_ffff_ffed, u64::MAX, u64::MAX, 0x7fff_ffff_ffff_ffff];
        let mut v = vec![
            Fe::ZERO,
            Fe::ONE,
            Fe::from_limbs([p[0] - 1, p[1], p[2], p[3]]),
            Fe::from_limbs(p),
            Fe::from_limbs([p[0] + 1, p[1], p[2], p[3]]),
            Fe::from_limbs([u64::MAX, u64::MAX, u64::MAX, u64::MAX >> 1]),
            Fe::from_limbs([u64::MAX; 4]),
            Fe::from_limbs([0, 0, 0, 1 << 63]),
        ];
        for _ in 0..60 {
            v.push(Fe::from_limbs([rng.next_u64(), rng.next_u64(), rng.next_u64(), rng.next_u64()]));
        }
        v
    }

    fn lanes4(v: &[Fe], rng: &mut ChaCha20Rng) -> [Fe; 4] {
        core::array::from_fn(|_| v[rng.gen_range(0..v.len())])
    }

    #[target_feature(enable = "avx2")]
    fn field_body() {
        let mut rng = ChaCha20Rng::seed_from_u64(0x0025_519a);
        let v = inputs(&mut rng);
        for _ in 0..3000 {
            let (a, b) = (lanes4(&v, &mut rng), lanes4(&v, &mut rng));
            let (va, vb) = (FeVec::from_fes(a), FeVec::from_fes(b));
            assert_eq!(va.to_fes(), a);
            let mul = va.mul(&vb).to_fes();
            let sqr = va.square().to_fes();
            let sum = va.add(&vb).to_fes();
            let diff = va.sub::<2>(&vb).to_fes();
            let diff4 = va.sub::<4>(&vb.add(&vb)).to_fes();
            let neg = va.neg::<2>().to_fes();
            // Loose inputs: a + b and a + 2p − b into the product and the square.
            let mul_loose = va.add(&vb).mul(&va.sub::<2>(&vb)).to_fes();
            let sqr_loose = va.sub::<2>(&vb).square().to_fes();
            let red = va.add(&vb).sub::<4>(&vb.add(&va)).reduce().to_fes();
            for l in 0..4 {
                assert_eq!(mul[l], a[l] * b[l]);
                assert_eq!(sqr[l], a[l].square());
                assert_eq!(sum[l], a[l] + b[l]);
                assert_eq!(diff[l], a[l] - b[l]);
                assert_eq!(diff4[l], a[l] - b[l].double());
                assert_eq!(neg[l], -a[l]);
                assert_eq!(mul_loose[l], (a[l] + b[l]) * (a[l] - b[l]));
                assert_eq!(sqr_loose[l], (a[l] - b[l]).square());
                assert_eq!(red[l], Fe::ZERO);
            }
        }
        // The largest loose limbs (2^27.6 > every limb) through the product and the square.
        let big = FeVec([_mm256_set1_epi64x(203_000_000); 10]);
        let lim = big.to_fes();
        let (m, s) = (big.mul(&big).to_fes(), big.square().to_fes());
        for l in 0..4 {
            assert_eq!(m[l], lim[l] * lim[l]);
            assert_eq!(s[l], lim[l].square());
        }
        // Lane permutations and blends move whole lanes.
        let a: [Fe; 4] = core::array::from_fn(|_| v[rng.gen_range(0..v.len())]);
        let b: [Fe; 4] = core::array::from_fn(|_| v[rng.gen_range(0..v.len())]);
        let (va, vb) = (FeVec::from_fes(a), FeVec::from_fes(b));
        assert_eq!(va.permute::<0b00_01_10_11>().to_fes(), [a[3], a[2], a[1], a[0]]);
        assert_eq!(va.blend::<0b1100_1100>(&vb).to_fes(), [a[0], b[1], a[2], b[3]]);
        assert_eq!(va.swap_pairs().to_fes(), [a[1], a[0], a[3], a[2]]);
    }

    use core::arch::x86_64::_mm256_set1_epi64x;

    #[test]
    fn vector_field_vs_fe() {
        with_avx2(field_body);
    }

    fn random_scalar(rng: &mut ChaCha20Rng) -> Scalar {
        let mut b = [0u8; 64];
        rng.fill_bytes(&mut b);
        scalar::from_bytes_mod_order_wide(&b)
    }

    /// Small-order points (the identity, orders 2, 4 and 8) and random points, some with torsion.
    fn points(rng: &mut ChaCha20Rng) -> Vec<EdwardsPoint<Fe>> {
        let t8 =
            EdwardsPoint::<Fe>::decompress(&hex32("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"))
                .expect("a torsion point");
        assert!(bool::from(t8.is_small_order()));
        let mut v = vec![EdwardsPoint::IDENTITY, t8, t8.double(), t8.double().double(), EdwardsPoint::basepoint()];
        for i in 0..12 {
            let p = EdwardsPoint::<Fe>::mul_base(&random_scalar(rng));
            v.push(if i % 3 == 0 { p + t8 } else { p });
        }
        v
    }

    fn hex32(s: &str) -> [u8; 32] {
        let b = hex::decode(s).expect("hex");
        b.try_into().expect("32 bytes")
    }

    #[target_feature(enable = "avx2")]
    fn point_body() {
        let mut rng = ChaCha20Rng::seed_from_u64(0x00ed_2551);
        let pts = points(&mut rng);
        for p in &pts {
            let vp = ExtendedVec::from_point(p);
            assert_eq!(vp.to_point(), *p);
            assert_eq!(vp.double().to_point(), p.double());
            let (x, y, z, t) = vp.double().to_point().coords();
            assert_eq!(x * y, z * t, "doubling: T");
            let (x, y, z, t) = vp.add(&ExtendedVec::from_point(p).to_cached()).to_point().coords();
            assert_eq!(x * y, z * t, "addition: T");
            assert_eq!(vp.double().double().to_point(), p.double().double());
            for q in &pts {
                let cq: CachedVec = ExtendedVec::from_point(q).to_cached();
                assert_eq!(vp.add(&cq).to_point(), *p + *q);
                assert_eq!(vp.sub(&cq).to_point(), *p - *q);
                let s = vp.add(&cq);
                let (x, y, z, t) = s.to_point().coords();
                assert_eq!(x * y, z * t, "sum: T");
                let s2 = ExtendedVec::from_point(&s.to_point());
                assert_eq!(s2.double().to_point(), (*p + *q).double(), "double of re-imported sum {:?}", s.to_point());
                assert_eq!(s.double().to_point(), (*p + *q).double(), "double of sum");
                let (x, y, z, t) = s.double().to_point().coords();
                assert_eq!(x * y, z * t, "double of sum: T");
                let d = ExtendedVec::from_point(&s.double().to_point());
                assert_eq!(d.sub(&cq).to_point(), (*p + *q).double() - *q, "re-imported");
                assert_eq!(s.double().sub(&cq).to_point(), (*p + *q).double() - *q);
            }
        }
        // Identity in vector form, and the lane-3 bound of a negated cached point reused.
        let id = ExtendedVec::identity();
        assert_eq!(id.to_point(), EdwardsPoint::IDENTITY);
        let c = ExtendedVec::from_point(&pts[5]).to_cached();
        assert_eq!(id.sub(&c).sub(&c.neg()).to_point(), EdwardsPoint::IDENTITY);
    }

    #[test]
    fn vector_points_vs_serial() {
        with_avx2(point_body);
    }

    /// The vector wNAF combination against the serial one, called directly: the entry points
    /// take the vector code only in builds with AVX-512 and for more than two points.
    #[target_feature(enable = "avx2")]
    fn wnaf_combination_body() {
        let mut rng = ChaCha20Rng::seed_from_u64(0x0a7e_2551);
        let pts = points(&mut rng);
        let half = |rng: &mut ChaCha20Rng| crate::curve::wnaf(&random_scalar(rng).to_words()[..2], BASE_WNAF_WIDTH);
        let (b, b128) = (half(&mut rng), half(&mut rng));
        for n in [0usize, 1, 2, 3, 7] {
            let nafs: Vec<Vec<i16>> =
                (0..n).map(|_| crate::curve::wnaf(&random_scalar(&mut rng).to_words(), VAR_WNAF_WIDTH)).collect();
            let pairs: Vec<(&[i16], EdwardsPoint<Fe>)> =
                nafs.iter().zip(pts.iter().skip(n)).map(|(d, p)| (d.as_slice(), *p)).collect();
            for base in [[&[][..], &[][..]], [&b[..], &[][..]], [&b[..], &b128[..]]] {
                if n == 0 && base[0].is_empty() {
                    continue;
                }
                let serial = crate::curves::curve25519::edwards::wnaf_combination_serial(&pairs, base);
                assert_eq!(wnaf_combination(&pairs, base), serial, "n = {n}");
            }
        }
    }

    #[test]
    fn wnaf_combination_vs_serial() {
        with_avx2(wnaf_combination_body);
    }

    /// The public variable-time entry points with the vector engine against the forced serial
    /// path, on random scalars and points, small-order and repeated points, zero scalars.
    #[test]
    fn vector_vs_serial_entry_points() {
        let mut rng = ChaCha20Rng::seed_from_u64(0x5eed);
        let pts = points(&mut rng);
        let both = |f: &dyn Fn() -> EdwardsPoint<Fe>| {
            force_serial(true);
            let s = f();
            force_serial(false);
            (f(), s)
        };
        let mut scalars: Vec<Scalar> = (0..pts.len()).map(|_| random_scalar(&mut rng)).collect();
        scalars[1] = Scalar::ZERO;
        scalars[3] = Scalar::ONE;
        for (i, p) in pts.iter().enumerate() {
            let (a, b) = (scalars[i], scalars[(i + 1) % scalars.len()]);
            let (v, s) = both(&|| p.vartime_double_scalar_mul_basepoint(&a, &b));
            assert_eq!(v, s);
            assert_eq!(v, p.mul_vartime(&a) + EdwardsPoint::mul_base(&b));
            let (v, s) = both(&|| p.mul_vartime(&a));
            assert_eq!(v, s);
            for r in pts.iter().step_by(3) {
                let (sc, k) = (random_scalar(&mut rng), random_scalar(&mut rng));
                let (v, s) = both(&|| {
                    EdwardsPoint::vartime_half_size_combination(p, r, &sc, &k).unwrap_or(EdwardsPoint::IDENTITY)
                });
                assert_eq!(v, s);
            }
        }
        // MSM: all points, repeated points, sizes on both sides of the Pippenger threshold.
        let mut many: Vec<EdwardsPoint<Fe>> = Vec::new();
        while many.len() < 200 {
            many.extend_from_slice(&pts);
        }
        many.truncate(200);
        let ks: Vec<Scalar> = (0..many.len()).map(|_| random_scalar(&mut rng)).collect();
        for n in [0usize, 1, 2, 5, 17, 64, 200] {
            let (v, s) = both(&|| {
                <Fe as crate::curves::curve25519::edwards::EdwardsField>::vartime_pippenger(&ks[..n], &many[..n])
            });
            let direct =
                ks[..n].iter().zip(&many[..n]).fold(EdwardsPoint::IDENTITY, |acc, (k, p)| acc + p.mul_vartime(k));
            assert_eq!(v, s, "Pippenger, n = {n}");
            assert_eq!(v, direct, "Pippenger, n = {n}");
            let (v, s) = both(&|| EdwardsPoint::multiscalar_mul_vartime(&ks[..n], &many[..n]).expect("counts"));
            assert_eq!(v, s, "n = {n}");
            let direct =
                ks[..n].iter().zip(&many[..n]).fold(EdwardsPoint::IDENTITY, |acc, (k, p)| acc + p.mul_vartime(k));
            assert_eq!(v, direct, "n = {n}");
        }
    }
}

#[cfg(test)]
mod timing {
    use super::field::FeVec;
    use super::point::ExtendedVec;
    use super::*;
    use crate::field::Field;

    #[target_feature(enable = "avx2")]
    fn body() {
        let b = EdwardsPoint::<Fe>::basepoint();
        let n = 200_000u32;
        let time = |name: &str, f: &mut dyn FnMut()| {
            let mut best = f64::MAX;
            for _ in 0..5 {
                let t = std::time::Instant::now();
                f();
                best = best.min(t.elapsed().as_secs_f64() * 1e9 / n as f64);
            }
            std::println!("{name}: {best:.1} ns");
        };
        let mut v = ExtendedVec::from_point(&b);
        let c = v.to_cached();
        let mut s = b;
        let mut f = FeVec::from_fes([Fe::ONE, Fe::ONE.double(), Fe::ONE, Fe::ONE]);
        time("vector mul", &mut || (0..n).for_each(|_| f = f.mul(&f)));
        time("vector square", &mut || (0..n).for_each(|_| f = f.square()));
        time("vector double", &mut || (0..n).for_each(|_| v = v.double()));
        time("vector add", &mut || (0..n).for_each(|_| v = v.add(&c)));
        time("serial double", &mut || (0..n).for_each(|_| s = s.double()));
        time("serial add", &mut || (0..n).for_each(|_| s = s + b));
        std::println!("{:?} {:?} {:?}", v.to_point().compress(), s.compress(), f.to_fes()[0]);
    }

    /// `cargo test --profile ci --lib avx2::timing -- --ignored --nocapture`
    #[test]
    #[ignore = "a timing report"]
    fn vector_timing() {
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: AVX2 was just detected.
            unsafe { body() }
        }
    }
}
