//! Miller loops of the optimal ate pairing with G2 in homogeneous projective coordinates and
//! lines evaluated at an affine G1 point (Costello–Lange–Naehrig eprint 2009/615 §5; Aranha et
//! al. eprint 2010/526 §4, eqs. (11)–(13)).
//!
//! A G2 point is first turned into the list of its line coefficients ([`G2Prepared`]), which
//! depends only on the point and the loop parameter, so a fixed G2 argument (a public key, a
//! KZG setup point) can be prepared once. All pairing inputs are public: the loop skips
//! identities. The accumulator takes the evaluated lines two at a time, multiplied together
//! first ([`Accumulator`]).

use alloc::vec::Vec;

use super::{Family, MillerLoopOutput, PairingParams, TwistType};
use crate::curve::short_weierstrass::Affine;
use crate::field::fp::Fp;
use crate::field::fp12::Fp12;
use crate::field::fp2::{Fp2, Fp2Wide, TowerParams};
use crate::field::fp6::Fp6;
use crate::field::Field;

/// The coefficients `(c0, c1, c2)` of one line; evaluated at `P = (xP, yP)` they give the
/// sparse Fp12 element `c0·(−yP), c1·(3xP), c2` placed per [`TwistType`] ([`eval_line`]). A
/// line may be scaled by any factor in Fp, which the final exponentiation removes: with the
/// `−1` and the `3` on `P`'s side, worked out once per loop ([`LinePoint`]), the tangent line of
/// a doubling step is `(H, J, I)` of eq. (11) without a negation and a tripling per step, and
/// an addition step's line is scaled by 3.
type Line<const N: usize, T> = [Fp2<T, N>; 3];

/// `(3xP, −yP)` for a G1 point `P`: the factors of a line's coefficients ([`Line`]).
type LinePoint<const N: usize, T> = [Fp<<T as TowerParams<N>>::Fp, N>; 2];

/// [`LinePoint`] of `p`.
fn line_point<E: PairingParams<N>, const N: usize>(p: &Affine<E::G1>) -> LinePoint<N, E::Tower> {
    let (x, y) = (p.x(), p.y());
    [x.double() + x, -y]
}

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

/// A G2 point in projective coordinates during the loop. For a D-twist (`b' = b/ξ`) `z` holds
/// `Z/ξ` ([`walk_lines`]): then `3b'Z² = 3b·ξ·(Z/ξ)²`, with `b` the small coefficient of G1,
/// costs a multiplication by `ξ` and by `3b` instead of a product with the constant `3b'`.
struct Acc<T: TowerParams<N>, const N: usize> {
    x: Fp2<T, N>,
    y: Fp2<T, N>,
    z: Fp2<T, N>,
}

impl<T: TowerParams<N>, const N: usize> Acc<T, N> {
    /// `T ← 2T` and the tangent line at `T` (eprint 2010/526, eq. (11), as [`Line`] scales it),
    /// with `e_of(Z²) = 3b'Z²` and `scale` the factor `Z` carries (`ξ` for a D-twist, see
    /// [`Acc`]).
    fn double(
        &mut self,
        e_of: impl Fn(&Fp2<T, N>) -> Fp2<T, N>,
        scale: impl Fn(&Fp2<T, N>) -> Fp2<T, N>,
    ) -> Line<N, T> {
        let a = halve(&(self.x * self.y));
        let b = self.y.square();
        let c = self.z.square();
        let e = e_of(&c);
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
        [scale(&h), j, i]
    }

    /// `n` doubling steps ([`Acc::double`]), each line handed to `emit`: on the AVX-512 IFMA
    /// lanes where the CPU and the tower have them and the twist's `3b'` is `lane_k·ξ`
    /// (`field::fp2_lanes`, the same values), one by one otherwise.
    fn double_run(
        &mut self,
        n: usize,
        lane_k: Option<u64>,
        e_of: impl Fn(&Fp2<T, N>) -> Fp2<T, N> + Copy,
        scale: impl Fn(&Fp2<T, N>) -> Fp2<T, N> + Copy,
        mut emit: impl FnMut(&Line<N, T>),
    ) {
        #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
        let mut done = 0;
        #[cfg(target_arch = "x86_64")]
        if let Some(k) = lane_k {
            // Chunks of at most 64 steps (a buffer on the stack); `false` means no lanes here.
            let mut lines = [[Fp2::ZERO; 3]; 64];
            let mut t = [self.x, self.y, self.z];
            while done < n {
                let run = (n - done).min(lines.len());
                if !crate::field::fp2_lanes::double_line_n(&mut t, k, &mut lines[..run]) {
                    break;
                }
                lines[..run].iter().for_each(&mut emit);
                done += run;
            }
            [self.x, self.y, self.z] = t;
        }
        let _ = lane_k;
        for _ in done..n {
            emit(&self.double(e_of, scale));
        }
    }

    /// `T ← T + Q` for an affine `Q` and the line through `T` and `Q` (eprint 2010/526,
    /// eq. (12), as [`Line`] scales it); `sq` is `Q`'s coordinates times the factor `Z` carries,
    /// `scale` that factor.
    fn add(&mut self, q: &[Fp2<T, N>; 2], sq: &[Fp2<T, N>; 2], scale: impl Fn(&Fp2<T, N>) -> Fp2<T, N>) -> Line<N, T> {
        let [qx, qy] = q;
        let theta = self.y - sq[1] * self.z;
        let lambda = self.x - sq[0] * self.z;
        let c = theta.square();
        let d = lambda.square();
        let e = lambda * d;
        let f = scale(&(self.z * c));
        let g = self.x * d;
        let h = e + f - g.double();
        self.x = lambda * h;
        // The differences of products with one reduction per coefficient.
        self.y = Field::difference_of_products(&theta, &(g - h), &e, &self.y);
        self.z *= e;
        let j = Field::difference_of_products(&theta, qx, &lambda, qy);
        // `[λ, −θ, j]` scaled by 3 (see `Line`).
        [-(lambda.double() + lambda), -theta, j.double() + j]
    }
}

/// `k` with `v = k·ξ = k + k·u` for `1 ≤ k ≤ 12`, if `v` is one (the M-twist's `3b'`).
fn small_multiple_of_xi<T: TowerParams<N>, const N: usize>(v: &Fp2<T, N>) -> Option<u64> {
    (T::XI == [1, 1])
        .then(|| (1..=12).find(|&k| *v == Fp2::new(crate::field::Fp::from_u64(k), crate::field::Fp::from_u64(k))))
        .flatten()
}

/// Where [`walk_lines`] hands the lines of a Miller loop. Closures `(line, first_of_step)`
/// take the lines one by one.
trait LineSink<T: TowerParams<N>, const N: usize> {
    /// One line, `first_of_step` for the first line of a loop digit (where the accumulator is
    /// squared first).
    fn line(&mut self, l: &Line<N, T>, first_of_step: bool);

    /// A run of `n` doubling steps from the homogeneous point `t` (an M-twist with `3b' =
    /// k·ξ`) taken whole, lines and all, `t` left at the run's end; `false` (the default): not
    /// taken, nothing touched, and the walk makes the lines.
    fn doubling_run(&mut self, _t: &mut [Fp2<T, N>; 3], _k: u64, _n: usize) -> bool {
        false
    }
}

impl<T: TowerParams<N>, const N: usize, F: FnMut(&Line<N, T>, bool)> LineSink<T, N> for F {
    fn line(&mut self, l: &Line<N, T>, first_of_step: bool) {
        self(l, first_of_step)
    }
}

/// Walks the Miller loop of `Q` (not the identity), handing each line to `emit` in loop order
/// with `true` for the first line of a loop digit (where the accumulator is squared first) and
/// `false` for the others (the addition lines and the BN Frobenius lines). Returns the point
/// the loop's doublings and additions reached, `[|x|]Q` for BLS12 and `[6u + 2]Q + ψ(Q) −
/// ψ²(Q)` for BN, as `(X, Y, Z)` with `Z` true (the D-twist's `ξ` put back); `Z = 0` if a step
/// met an exceptional case (a doubling of a point with `Y = 0`, an addition of `±R` to `R`):
/// both formulas' `Z` has the input's `Z` and that case's zero as factors, so a zero stays
/// zero through the remaining steps and a non-zero `Z` means that every step was a true group
/// operation.
fn walk_lines<E: PairingParams<N>, const N: usize>(
    q: &Affine<E::G2>,
    emit: &mut impl LineSink<E::Tower, N>,
) -> [Fp2<E::Tower, N>; 3] {
    use crate::curve::short_weierstrass::SwCurve;
    type F<E, const N: usize> = Fp2<<E as PairingParams<N>>::Tower, N>;
    // A D-twist's point carries Z/ξ (see `Acc`): Q starts as (ξx : ξy : ξ).
    let d_twist = E::TWIST == TwistType::D;
    let scale = |v: &F<E, N>| if d_twist { v.mul_by_nonresidue() } else { *v };
    let e_of = |c: &F<E, N>| {
        if d_twist {
            let t = c.mul_by_nonresidue();
            Fp2::new(E::G1::mul_by_3b(&t.c0), E::G1::mul_by_3b(&t.c1))
        } else {
            E::G2::mul_by_3b(c)
        }
    };
    let with_scaled = |x: F<E, N>, y: F<E, N>| ([x, y], [scale(&x), scale(&y)]);
    let (q, sq) = with_scaled(q.x(), q.y());
    let (neg_q, neg_sq) = ([q[0], -q[1]], [sq[0], -sq[1]]);
    let mut t = Acc { x: sq[0], y: sq[1], z: Fp2::ONE };
    // On an M-twist with `3b' = k·ξ`, runs of doubling steps may go to the vector lanes
    // (`Acc::double_run`); `k` found once (the twist's `3b'` is a small multiple of `ξ` on the
    // curves implemented, or the lanes are not used).
    let lane_k = if d_twist { None } else { small_multiple_of_xi(&e_of(&Fp2::ONE)) };
    let digits = loop_digits::<E, N>();
    let mut start = 0;
    while start < digits.len() {
        // A run: doubling steps up to the next nonzero digit (or the end), then its addition.
        let end = digits[start..].iter().position(|&d| d != 0).map_or(digits.len(), |i| start + i + 1);
        let taken = lane_k.is_some_and(|k| {
            let mut p = [t.x, t.y, t.z];
            let taken = emit.doubling_run(&mut p, k, end - start);
            [t.x, t.y, t.z] = p;
            taken
        });
        if !taken {
            t.double_run(end - start, lane_k, e_of, scale, |l| emit.line(l, true));
        }
        match digits[end - 1] {
            1 => emit.line(&t.add(&q, &sq, scale), false),
            -1 => emit.line(&t.add(&neg_q, &neg_sq, scale), false),
            _ => {}
        }
        start = end;
    }
    if E::FAMILY == Family::Bn {
        // Q1 = ψ(Q), Q2 = −ψ²(Q): the p-power Frobenius carried to the twist.
        let (cx, cy) = E::PSI;
        let (q1x, q1y) = (q[0].conjugate() * cx, q[1].conjugate() * cy);
        let (q2x, q2y) = (q1x.conjugate() * cx, q1y.conjugate() * cy);
        let (q1, sq1) = with_scaled(q1x, q1y);
        let (q2, sq2) = with_scaled(q2x, -q2y);
        emit.line(&t.add(&q1, &sq1, scale), false);
        emit.line(&t.add(&q2, &sq2, scale), false);
    }
    [t.x, t.y, scale(&t.z)]
}

impl<E: PairingParams<N>, const N: usize> From<Affine<E::G2>> for G2Prepared<E, N> {
    fn from(q: Affine<E::G2>) -> Self {
        let infinity = bool::from(q.is_identity());
        let mut lines = Vec::new();
        if !infinity {
            lines.reserve(loop_digits::<E, N>().len() * 2 + 2);
            walk_lines::<E, N>(&q, &mut |l: &Line<N, E::Tower>, _| lines.push(*l));
        }
        G2Prepared { lines, infinity }
    }
}

impl<E: PairingParams<N>, const N: usize> G2Prepared<E, N> {
    /// `Q` prepared, or `None` when `Q` (on the twist, public) lies outside G2. On a curve
    /// whose G2 test is the point the Miller loop ends on ([`PairingParams::G2_TEST_BY_LOOP`],
    /// [`walk_lines`]), the test costs a few Fp2 products instead of a scalar multiplication:
    /// BLS12, `ψ(Q) = [x]Q` with `[|x|]Q` from the loop (Scott, eprint 2021/1130 §4); BN with
    /// `u > 0`, `[6u + 2]Q + ψ(Q) − ψ²(Q) = −ψ³(Q)`, the optimal-ate relation `6u + 2 + p −
    /// p² + p³ ≡ 0 mod r` (the curve states why nothing outside G2 satisfies it). The identity
    /// passes. Other curves test `Q` on its own ([`SwCurve::is_torsion_free_vartime`]).
    pub(crate) fn new_checked(q: &Affine<E::G2>) -> Option<Self> {
        use crate::curve::short_weierstrass::{Projective, SwCurve};
        if bool::from(q.is_identity()) {
            return Some(G2Prepared { lines: Vec::new(), infinity: true });
        }
        if !E::G2_TEST_BY_LOOP || (E::FAMILY == Family::Bn && E::PARAM_IS_NEGATIVE) {
            return E::G2::is_torsion_free_vartime(&Projective::from(*q)).then(|| G2Prepared::from(*q));
        }
        let mut lines = Vec::with_capacity(loop_digits::<E, N>().len() * 2 + 2);
        let [x, y, z] = walk_lines::<E, N>(q, &mut |l: &Line<N, E::Tower>, _| lines.push(*l));
        let (cx, cy) = E::PSI;
        let psi = |(a, b): (Fp2<E::Tower, N>, Fp2<E::Tower, N>)| (a.conjugate() * cx, b.conjugate() * cy);
        // The point the loop must have reached, affine: −ψ(Q) for BLS12 with x < 0 (ψ(Q) with
        // x > 0), −ψ³(Q) for BN.
        let (ex, ey) = match E::FAMILY {
            Family::Bls12 => psi((q.x(), q.y())),
            Family::Bn => psi(psi(psi((q.x(), q.y())))),
        };
        let ey = if E::FAMILY == Family::Bn || E::PARAM_IS_NEGATIVE { -ey } else { ey };
        let member = !bool::from(z.is_zero()) && ex * z == x && ey * z == y;
        member.then_some(G2Prepared { lines, infinity: false })
    }
}

/// The Miller loop of one pair with the lines used as they are computed (no [`G2Prepared`]
/// list in memory); where the Fp12 products run on the lanes, its doubling runs stay there
/// whole ([`Accumulator::double_steps`]).
pub(super) fn miller_loop<E: PairingParams<N>, const N: usize>(
    p: &Affine<E::G1>,
    q: &Affine<E::G2>,
) -> MillerLoopOutput<E, N> {
    /// The accumulator of one pair and its G1 point's [`LinePoint`].
    struct OnePair<E: PairingParams<N>, const N: usize> {
        acc: Accumulator<E, N>,
        at: LinePoint<N, E::Tower>,
    }
    impl<E: PairingParams<N>, const N: usize> LineSink<E::Tower, N> for OnePair<E, N> {
        fn line(&mut self, l: &Line<N, E::Tower>, first_of_step: bool) {
            if first_of_step {
                self.acc.square();
            }
            self.acc.push(eval_line::<E, N>(l, &self.at));
        }

        fn doubling_run(&mut self, t: &mut [Fp2<E::Tower, N>; 3], k: u64, n: usize) -> bool {
            self.acc.double_steps(t, k, &self.at, n)
        }
    }
    let mut one = OnePair { acc: Accumulator::<E, N>::new(), at: line_point::<E, N>(p) };
    if !bool::from(p.is_identity()) && !bool::from(q.is_identity()) {
        walk_lines::<E, N>(q, &mut one);
    }
    one.acc.finish()
}

/// `∏ f_{loop, Qᵢ}(Pᵢ)` with one shared squaring per step. The accumulator starts as the
/// first line itself (no product with one, no squaring of one).
pub(super) fn multi_miller_loop<E: PairingParams<N>, const N: usize>(
    pairs: &[(&Affine<E::G1>, &G2Prepared<E, N>)],
) -> MillerLoopOutput<E, N> {
    let live: Vec<_> = pairs
        .iter()
        .filter(|(p, q)| !bool::from(p.is_identity()) && !q.infinity)
        .map(|(p, q)| (line_point::<E, N>(p), q))
        .collect();
    let mut acc = Accumulator::<E, N>::new();
    let mut idx = 0;
    let mut lines = |acc: &mut Accumulator<E, N>| {
        for (at, q) in &live {
            acc.push(eval_line::<E, N>(&q.lines[idx], at));
        }
        idx += 1;
    };
    for d in loop_digits::<E, N>() {
        acc.square();
        lines(&mut acc);
        if d != 0 {
            lines(&mut acc);
        }
    }
    if E::FAMILY == Family::Bn {
        lines(&mut acc);
        lines(&mut acc);
    }
    acc.finish()
}

/// The sparse coefficients of the line `l` evaluated at `P`, given as `at = (3xP, −yP)`
/// ([`LinePoint`]), in position order ([`Fp12`]'s numbering): `(d0, d3, d4) = (c0·(−yP),
/// c1·3xP, c2)` for a D-twist, `(d0, d1, d4) = (c2, c1·3xP, c0·(−yP))` for an M-twist.
#[inline(always)]
fn eval_line<E: PairingParams<N>, const N: usize>(
    l: &Line<N, E::Tower>,
    at: &LinePoint<N, E::Tower>,
) -> Line<N, E::Tower> {
    let [xp, yp] = at;
    match E::TWIST {
        TwistType::D => [l[0].mul_by_fp(yp), l[1].mul_by_fp(xp), l[2]],
        TwistType::M => [l[2], l[1].mul_by_fp(xp), l[0].mul_by_fp(yp)],
    }
}

/// The Miller loop's accumulator `f`, which takes the evaluated lines two at a time: their
/// product first ([`Fp12::line_product_014`]/[`Fp12::line_product_034`], 6 Fp2
/// multiplications), then one product with `f` (17), instead of two sparse products with `f`
/// (2·13). Lines of one step are paired in the order they come; a line left over waits until
/// the step ends. Where the Fp12 products run on the AVX-512 IFMA lanes (M-twist,
/// [`Fp12::lane_products`]), the lines of a step wait instead and go in together with the
/// next squaring as one lane computation, `f` staying on the lanes from the moment it exists
/// to the end (`field::fp12_lanes::Fp12OnLanes`). `None` stands for one.
struct Accumulator<E: PairingParams<N>, const N: usize> {
    f: Option<MillerLoopOutput<E, N>>,
    /// The lines not yet multiplied in, `count` of them.
    pending: [Line<N, E::Tower>; PENDING],
    count: usize,
    /// Whether the lines go to the lanes (see above).
    lanes: bool,
    /// There, `f` from the moment it exists, kept on the lanes between steps.
    #[cfg(target_arch = "x86_64")]
    on_lanes: Option<crate::field::fp12_lanes::Fp12OnLanes<E::Tower, N>>,
}

/// How many lines [`Accumulator`] keeps waiting at most.
const PENDING: usize = 8;

impl<E: PairingParams<N>, const N: usize> Accumulator<E, N> {
    /// One, with no line waiting.
    fn new() -> Self {
        Accumulator {
            f: None,
            pending: [[Fp2::ZERO; 3]; PENDING],
            count: 0,
            lanes: E::TWIST == TwistType::M && Fp12::<E::Tower, N>::lane_products(),
            #[cfg(target_arch = "x86_64")]
            on_lanes: None,
        }
    }

    /// Multiplies in the line `d` (evaluated), or keeps it to pair it with the next one (on
    /// the lanes: for the next squaring).
    #[inline(always)]
    fn push(&mut self, d: Line<N, E::Tower>) {
        if self.lanes || self.count == 0 {
            if self.count == PENDING {
                self.flush();
            }
            self.pending[self.count] = d;
            self.count += 1;
            return;
        }
        self.count = 0;
        let m = match E::TWIST {
            TwistType::D => Fp12::line_product_034(&self.pending[0], &d),
            TwistType::M => Fp12::line_product_014(&self.pending[0], &d),
        };
        match (E::TWIST, &mut self.f) {
            (TwistType::D, Some(f)) => *f = f.mul_by_01234(&m),
            (TwistType::M, Some(f)) => f.mul_by_01245_assign(&m),
            (_, f) => *f = Some(m),
        }
    }

    /// Multiplies in the waiting lines (the first one becomes `f` if `f` is one).
    #[inline(always)]
    fn flush(&mut self) {
        self.absorb(false);
    }

    /// `f ← f²` at the start of a loop step (after the previous step's lines).
    #[inline(always)]
    fn square(&mut self) {
        self.absorb(true);
    }

    /// Multiplies in the waiting lines, the first one becoming `f` if `f` is one, then squares
    /// `f` (if any) when `square`. In lane mode `f` moves to the lanes as soon as it exists
    /// and stays there; the lines one by one are the fallback where the lanes do not run.
    #[inline(always)]
    fn absorb(&mut self, square: bool) {
        let n = core::mem::take(&mut self.count);
        let mut first = 0;
        if self.f.is_none() {
            let Some([d0, d1, d2]) = self.pending[..n].first().copied() else { return };
            let zero = Fp2::ZERO;
            self.f = Some(match E::TWIST {
                TwistType::D => Fp12::new(Fp6::new(d0, zero, zero), Fp6::new(d1, d2, zero)),
                TwistType::M => Fp12::new(Fp6::new(d0, d1, zero), Fp6::new(zero, d2, zero)),
            });
            first = 1;
            self.move_to_lanes();
        }
        let lines = &self.pending[first..n];
        #[cfg(target_arch = "x86_64")]
        if let Some(f) = &mut self.on_lanes {
            return f.mul_by_lines(lines, square);
        }
        let Some(f) = &mut self.f else { return };
        for d in lines {
            match E::TWIST {
                TwistType::D => *f = f.mul_by_034(&d[0], &d[1], &d[2]),
                TwistType::M => f.mul_by_014_assign(&d[0], &d[1], &d[2]),
            }
        }
        if square {
            f.square_assign();
        }
    }

    /// In lane mode, `f` (just made) moved to the lanes where they run.
    #[inline(always)]
    fn move_to_lanes(&mut self) {
        #[cfg(target_arch = "x86_64")]
        if let (true, Some(f)) = (self.lanes, &self.f) {
            self.on_lanes = crate::field::fp12_lanes::Fp12OnLanes::new(f);
        }
    }

    /// `n` doubling steps of the Miller loop of the one pair `(P, t)` (after this step's
    /// squaring, which this does first; `at` is [`line_point`] of `P`) taken whole on the
    /// lanes, or `false` (nothing done) where the lines do not go to the lanes.
    fn double_steps(&mut self, t: &mut [Fp2<E::Tower, N>; 3], k: u64, at: &LinePoint<N, E::Tower>, n: usize) -> bool {
        #[cfg(target_arch = "x86_64")]
        if self.lanes && (1..=12).contains(&k) {
            self.square();
            if self.f.is_none() {
                // Before the first step `f` is one; the run's first step then squares nothing.
                self.f = Some(Fp12::ONE);
                self.move_to_lanes();
            }
            if let Some(f) = &mut self.on_lanes {
                return f.double_steps(t, k, [&at[0], &at[1]], n);
            }
        }
        let _ = (t, k, at, n);
        false
    }

    /// The accumulator at the end of the loop: one if no line was multiplied in, conjugated
    /// for a negative family parameter.
    fn finish(mut self) -> MillerLoopOutput<E, N> {
        self.flush();
        #[cfg(target_arch = "x86_64")]
        if let Some(f) = &self.on_lanes {
            self.f = Some(f.to_fp12());
        }
        let f = self.f.unwrap_or(MillerLoopOutput::<E, N>::ONE);
        if E::PARAM_IS_NEGATIVE {
            f.conjugate()
        } else {
            f
        }
    }
}

/// Test helper: [`G2Prepared::new_checked`] against the curve's own G2 test
/// ([`SwCurve::is_torsion_free_vartime`](crate::curve::short_weierstrass::SwCurve::is_torsion_free_vartime))
/// on every point of `points`, a member's lines against [`G2Prepared::from`]'s (one Miller
/// loop with a random G1 point); returns how many were members.
#[cfg(test)]
pub(crate) fn check_new_checked<E: PairingParams<N>, const N: usize>(
    points: &[Affine<E::G2>],
    rng: &mut rand_chacha::ChaCha20Rng,
) -> usize {
    use crate::curve::short_weierstrass::{Projective, Scalar, SwCurve};
    let g = Projective::<E::G1>::generator().mul_vartime(&Scalar::<E::G1>::random(rng)).to_affine();
    let mut members = 0;
    for q in points {
        let want = E::G2::is_torsion_free_vartime(&Projective::from(*q));
        let got = G2Prepared::<E, N>::new_checked(q);
        assert_eq!(got.is_some(), want, "{q:?}");
        if let Some(prepared) = got {
            members += 1;
            let from = G2Prepared::<E, N>::from(*q);
            assert_eq!(multi_miller_loop(&[(&g, &prepared)]), multi_miller_loop(&[(&g, &from)]));
        }
    }
    members
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::short_weierstrass::SwCurve;
    use crate::curves::bn254;

    /// The doubling steps on the vector lanes (where the CPU has them) give exactly the lines
    /// and the point of the scalar steps, on BLS12-381's twist (`3b' = 12ξ`), for random
    /// triples (the formulas are polynomials in `X, Y, Z`), zeros and `p − 1`, in runs up to 70.
    #[test]
    fn lane_doubling_steps_agree() {
        use crate::curves::bls12_381::{Fp2, G2Curve};
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(9);
        let e_of = |c: &Fp2| G2Curve::mul_by_3b(c);
        let scale = |v: &Fp2| *v;
        assert_eq!(small_multiple_of_xi(&e_of(&Fp2::ONE)), Some(12));
        let m1 = -Fp2::ONE;
        let mut starts = vec![[Fp2::ZERO; 3], [m1; 3]];
        starts.extend((0..6).map(|_| [0; 3].map(|_: u8| Fp2::random(&mut rng))));
        for [x, y, z] in starts {
            for n in [1, 2, 7, 31, 70] {
                let mut want = Acc { x, y, z };
                let want_lines: Vec<_> = (0..n).map(|_| want.double(e_of, scale)).collect();
                let mut got = Acc { x, y, z };
                let mut got_lines = Vec::new();
                got.double_run(n, Some(12), e_of, scale, |l| got_lines.push(*l));
                assert_eq!(got_lines, want_lines, "{n} steps");
                assert_eq!([got.x, got.y, got.z], [want.x, want.y, want.z], "{n} steps");
            }
        }
    }

    /// The accumulator gives the same value with the lines on the lanes (each step's lines
    /// kept for the next squaring, more than [`PENDING`] in a step included) as with the lines
    /// paired in scalar code, on random lines (any triples: the products are exact).
    #[test]
    fn accumulator_strategies_agree() {
        use crate::curves::bls12_381::{Bls12_381, Fp2};
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(14);
        let mut line = || [0; 3].map(|_: u8| Fp2::random(&mut rng));
        let steps: Vec<Vec<_>> =
            [1, 2, 3, 1, 9, 17, 2, 0, 4].iter().map(|&n| (0..n).map(|_| line()).collect()).collect();
        let run = |lanes: bool| {
            let mut acc = Accumulator::<Bls12_381, 6>::new();
            acc.lanes = lanes;
            for step in &steps {
                acc.square();
                step.iter().for_each(|l| acc.push(*l));
            }
            acc.finish()
        };
        assert_eq!(run(true), run(false));
    }

    /// The Miller loop of one pair (its doubling runs whole on the lanes where they run) gives
    /// the value of the accumulator fed the prepared lines, for random pairs and identities.
    #[test]
    fn one_pair_loop_agrees_with_prepared_lines() {
        use crate::curve::short_weierstrass::{Projective, Scalar};
        use crate::curves::bls12_381::{Bls12_381, G1Curve, G2Curve};
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(15);
        for i in 0..6 {
            let p = Projective::<G1Curve>::generator().mul_vartime(&Scalar::<G1Curve>::random(&mut rng));
            let q = Projective::<G2Curve>::generator().mul_vartime(&Scalar::<G2Curve>::random(&mut rng));
            let (p, q) =
                (if i == 4 { Projective::identity() } else { p }, if i == 5 { Projective::identity() } else { q });
            let (p, q) = (p.to_affine(), q.to_affine());
            let prepared = G2Prepared::<Bls12_381, 6>::from(q);
            assert_eq!(miller_loop::<Bls12_381, 6>(&p, &q), multi_miller_loop(&[(&p, &prepared)]), "pair {i}");
        }
    }

    /// The D-twist's scaled `Z` ([`Acc`]) relies on `b' = b/ξ` with `b` G1's coefficient.
    #[test]
    fn d_twist_coefficient_is_b_over_xi() {
        fn check<E: PairingParams<N>, const N: usize>() {
            assert!(E::TWIST == TwistType::D);
            let b = <E::G2 as SwCurve>::B.mul_by_nonresidue();
            assert_eq!(b, Fp2::new(<E::G1 as SwCurve>::B, Field::ZERO));
        }
        check::<bn254::Bn254, 4>();
    }
}
