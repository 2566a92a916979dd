//! Miller loops of the optimal ate pairing with G2 in homogeneous projective coordinates and
//! lines evaluated at an affine G1 point (Costello–Lange–Naehrig eprint 2009/615 §5; Aranha et
//! al. eprint 2010/526 §4, eqs. (11)–(13)).
//!
//! A G2 point is first turned into the list of its line coefficients ([`G2Prepared`]), which
//! depends only on the point and the loop parameter, so a fixed G2 argument (a public key, a
//! KZG setup point) can be prepared once. All pairing inputs are public: the loop skips
//! identities.

use alloc::vec::Vec;

use super::{Family, MillerLoopOutput, PairingParams, TwistType};
use crate::curve::short_weierstrass::{endomorphism, Affine};
use crate::field::fp12::Fp12;
use crate::field::fp2::{Fp2, Fp2Wide, TowerParams};
use crate::field::fp6::Fp6;

/// The coefficients `(c0, c1, c2)` of one line; evaluated at `P = (xP, yP)` they give the
/// sparse Fp12 element `c0·yP, c1·xP, c2` placed per [`TwistType`].
type Line<const N: usize, T> = [Fp2<T, N>; 3];

/// A G2 point prepared for Miller loops: the line coefficients of every doubling and addition
/// step, in loop order.
#[derive(Clone, Debug)]
pub struct G2Prepared<E: PairingParams<N>, const N: usize> {
    lines: Vec<Line<N, E::Tower>>,
    infinity: bool,
}

/// The loop parameter's signed digits, most significant first, without the leading one:
/// `6u + 2` in non-adjacent form for BN, the binary digits of `|x|` for BLS12.
fn loop_digits<E: PairingParams<N>, const N: usize>() -> Vec<i8> {
    let mut digits = Vec::new();
    match E::FAMILY {
        Family::Bls12 => {
            let x = E::PARAM;
            for i in (0..63 - x.leading_zeros()).rev() {
                digits.push(((x >> i) & 1) as i8);
            }
        }
        Family::Bn => {
            // NAF of 6u + 2 (u > 0 for the BN curves implemented here).
            let mut k = 6 * E::PARAM as u128 + 2;
            let mut naf = Vec::new();
            while k != 0 {
                let d = if k & 1 == 1 { 2 - (k & 3) as i8 } else { 0 };
                k = (k as i128 - d as i128) as u128 >> 1;
                naf.push(d);
            }
            naf.pop(); // the leading 1
            digits.extend(naf.iter().rev());
        }
    }
    digits
}

/// `a / 2` in Fp2.
fn halve<T: TowerParams<N>, const N: usize>(a: &Fp2<T, N>) -> Fp2<T, N> {
    Fp2::new(a.c0.halve(), a.c1.halve())
}

/// A G2 point in projective coordinates during the loop.
struct Acc<T: TowerParams<N>, const N: usize> {
    x: Fp2<T, N>,
    y: Fp2<T, N>,
    z: Fp2<T, N>,
}

impl<T: TowerParams<N>, const N: usize> Acc<T, N> {
    /// `T ← 2T` and the tangent line at `T` (eprint 2010/526, eq. (11); `b3 = 3b'`).
    fn double(&mut self, mul_by_3b: impl Fn(&Fp2<T, N>) -> Fp2<T, N>) -> Line<N, T> {
        let a = halve(&(self.x * self.y));
        let b = self.y.square();
        let c = self.z.square();
        let e = mul_by_3b(&c);
        let f = e.double() + e;
        let g = halve(&(b + f));
        let h = (self.y + self.z).square() - (b + c);
        let i = e - b;
        let j = self.x.square();
        self.x = a * (b - f);
        // y = g² − 3e² at double width, one reduction per coefficient.
        let (mut y, mut e2) = (Fp2Wide::ZERO, Fp2Wide::ZERO);
        g.square_wide_into(&mut y);
        e.square_wide_into(&mut e2);
        for _ in 0..3 {
            y.sub_assign(&e2);
        }
        self.y = y.reduce();
        self.z = b * h;
        [-h, j.double() + j, i]
    }

    /// `T ← T + Q` for an affine `Q` and the line through `T` and `Q` (eprint 2010/526,
    /// eq. (12)).
    fn add(&mut self, qx: &Fp2<T, N>, qy: &Fp2<T, N>) -> Line<N, T> {
        let theta = self.y - *qy * self.z;
        let lambda = self.x - *qx * self.z;
        let c = theta.square();
        let d = lambda.square();
        let e = lambda * d;
        let f = self.z * c;
        let g = self.x * d;
        let h = e + f - g.double();
        self.x = lambda * h;
        self.y = theta * (g - h) - e * self.y;
        self.z *= e;
        let j = theta * qx - lambda * qy;
        [lambda, -theta, j]
    }
}

/// Walks the Miller loop of `Q` (not the identity), handing each line to `emit` in loop order
/// with `true` for the first line of a loop digit (where the accumulator is squared first) and
/// `false` for the others (the addition lines and the BN Frobenius lines).
fn walk_lines<E: PairingParams<N>, const N: usize>(q: &Affine<E::G2>, mut emit: impl FnMut(&Line<N, E::Tower>, bool)) {
    let (qx, qy) = (q.x(), q.y());
    let mut t = Acc { x: qx, y: qy, z: Fp2::ONE };
    let mul_by_3b = |v: &Fp2<E::Tower, N>| <E::G2 as crate::curve::short_weierstrass::SwCurve>::mul_by_3b(v);
    let neg_qy = -qy;
    for d in loop_digits::<E, N>() {
        emit(&t.double(mul_by_3b), true);
        match d {
            1 => emit(&t.add(&qx, &qy), false),
            -1 => emit(&t.add(&qx, &neg_qy), false),
            _ => {}
        }
    }
    if E::FAMILY == Family::Bn {
        // Q1 = ψ(Q), Q2 = −ψ²(Q): the p-power Frobenius carried to the twist.
        let (cx, cy) = endomorphism::psi_coefficients::<E::Tower, N>(E::TWIST == TwistType::M);
        let (q1x, q1y) = (qx.conjugate() * cx, qy.conjugate() * cy);
        let (q2x, q2y) = (q1x.conjugate() * cx, q1y.conjugate() * cy);
        emit(&t.add(&q1x, &q1y), false);
        emit(&t.add(&q2x, &-q2y), false);
    }
}

impl<E: PairingParams<N>, const N: usize> From<Affine<E::G2>> for G2Prepared<E, N> {
    fn from(q: Affine<E::G2>) -> Self {
        let infinity = bool::from(q.is_identity());
        let mut lines = Vec::new();
        if !infinity {
            lines.reserve(loop_digits::<E, N>().len() * 2 + 2);
            walk_lines::<E, N>(&q, |l, _| lines.push(*l));
        }
        G2Prepared { lines, infinity }
    }
}

/// The Miller loop of one pair with the lines used as they are computed (no [`G2Prepared`]
/// list in memory).
pub(super) fn miller_loop<E: PairingParams<N>, const N: usize>(
    p: &Affine<E::G1>,
    q: &Affine<E::G2>,
) -> MillerLoopOutput<E, N> {
    let mut f: Option<MillerLoopOutput<E, N>> = None;
    if !bool::from(p.is_identity()) && !bool::from(q.is_identity()) {
        walk_lines::<E, N>(q, |l, first_of_step| {
            if first_of_step {
                f = f.map(|f| f.square());
            }
            f = Some(mul_by_line::<E, N>(&f, l, p));
        });
    }
    finish::<E, N>(f)
}

/// The accumulator at the end of the loop: one if no line was multiplied in, conjugated for a
/// negative family parameter.
fn finish<E: PairingParams<N>, const N: usize>(f: Option<MillerLoopOutput<E, N>>) -> MillerLoopOutput<E, N> {
    let f = f.unwrap_or(MillerLoopOutput::<E, N>::ONE);
    if E::PARAM_IS_NEGATIVE {
        f.conjugate()
    } else {
        f
    }
}

/// Multiplies `f` by the line `l` evaluated at `P = (xP, yP)`; `None` stands for one, whose
/// product with the line is the sparse line value itself.
#[inline(always)]
fn mul_by_line<E: PairingParams<N>, const N: usize>(
    f: &Option<MillerLoopOutput<E, N>>,
    l: &Line<N, E::Tower>,
    p: &Affine<E::G1>,
) -> MillerLoopOutput<E, N> {
    let (xp, yp) = (p.x(), p.y());
    let zero = Fp2::ZERO;
    match (E::TWIST, f) {
        (TwistType::D, Some(f)) => f.mul_by_034(&l[0].mul_by_fp(&yp), &l[1].mul_by_fp(&xp), &l[2]),
        (TwistType::M, Some(f)) => f.mul_by_014(&l[2], &l[1].mul_by_fp(&xp), &l[0].mul_by_fp(&yp)),
        (TwistType::D, None) => {
            Fp12::new(Fp6::new(l[0].mul_by_fp(&yp), zero, zero), Fp6::new(l[1].mul_by_fp(&xp), l[2], zero))
        }
        (TwistType::M, None) => {
            Fp12::new(Fp6::new(l[2], l[1].mul_by_fp(&xp), zero), Fp6::new(zero, l[0].mul_by_fp(&yp), zero))
        }
    }
}

/// `∏ f_{loop, Qᵢ}(Pᵢ)` with one shared squaring per step. The accumulator starts as the
/// first line itself (no product with one, no squaring of one).
pub(super) fn multi_miller_loop<E: PairingParams<N>, const N: usize>(
    pairs: &[(&Affine<E::G1>, &G2Prepared<E, N>)],
) -> MillerLoopOutput<E, N> {
    let live: Vec<_> = pairs.iter().filter(|(p, q)| !bool::from(p.is_identity()) && !q.infinity).collect();
    let mut f: Option<MillerLoopOutput<E, N>> = None;
    let mut idx = 0;
    let mut lines = |f: &mut Option<MillerLoopOutput<E, N>>| {
        for (p, q) in &live {
            *f = Some(mul_by_line::<E, N>(f, &q.lines[idx], p));
        }
        idx += 1;
    };
    for d in loop_digits::<E, N>() {
        f = f.map(|f| f.square());
        lines(&mut f);
        if d != 0 {
            lines(&mut f);
        }
    }
    if E::FAMILY == Family::Bn {
        lines(&mut f);
        lines(&mut f);
    }
    finish::<E, N>(f)
}
