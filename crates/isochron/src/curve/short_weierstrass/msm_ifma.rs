//! The batch-affine bucket accumulation of the variable-time MSM (`msm.rs`, step 4) on eight
//! lanes of AVX-512 IFMA (`limbs::x86_64_ifma`), for curves over a prime field of four or six
//! words, chosen at run time; other CPUs and fields keep the serial code. Public data only.
//!
//! The scheduling is the serial one (`msm::Buckets`): a batch gathers additions into distinct
//! buckets, `P + (−P)` empties a bucket at once, a conflict waits for the next batch. What
//! changes is the arithmetic of a batch: its additions run eight at a time, lane `k` of a group
//! holding the `k`-th addition, so Montgomery's trick keeps eight running products (one per
//! lane) and ends with one scalar inversion for the eight. Points and buckets live in the
//! vector form (`x·R'`, `y·R'` in radix `2^52`, canonical, one 64-byte row per coordinate), so
//! that equal coordinates have equal rows; the points are converted once per MSM and the
//! buckets back once per window, for the bucket reduction (`msm::finish_buckets`). A doubling
//! (`P + P`, rare) is computed at once in the serial arithmetic.

use alloc::vec::Vec;

use super::msm::{
    add_digits, batch_size, combine_segments, finish_buckets, table_sum, take_retries, BucketSet, MsmShape, MsmTable,
    FINAL_ROUNDS, MAX_SEGMENTS, MIN_AFFINE_REDUCTION, NEG,
};
use super::xyzz::Xyzz;
use super::{Affine, Projective, SwCurve};
use crate::field::Field;
use crate::limbs::x86_64_ifma::{self as ifma, gather, scatter, Lanes, Mont52, Row};

/// A point in the vector form: canonical `x·R'` and `y·R'` rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub(super) struct VPoint {
    x: Row,
    y: Row,
}

/// The limb count of the vector backend for the curve's base field, and its modulus, if this
/// CPU and the field have the backend.
pub(super) fn backend<C: SwCurve>() -> Option<(&'static [u64], usize)> {
    let modulus = C::Base::mont_modulus()?;
    if !ifma::available() {
        return None;
    }
    Some((modulus, ifma::limbs_for(modulus.len())?))
}

/// Whether this backend takes the MSM windows of curves over `C`'s base field on this CPU
/// ([`window_sums`] returns `Some`).
pub(super) fn supports<C: SwCurve>() -> bool {
    matches!(backend::<C>(), Some((_, 5 | 8)))
}

/// The window sums of [`super::msm`]'s Pippenger on the vector backend, when this CPU and the
/// curve's base field have one: `points` the split points, `digits` window-major
/// (`digits[w·n + i]`).
pub(super) fn window_sums<C: SwCurve>(
    points: &[Affine<C>],
    digits: &[i32],
    shape: MsmShape,
    parallel: bool,
) -> Option<Vec<Xyzz<C::Base>>> {
    match backend::<C>()? {
        // SAFETY: `backend()` confirmed AVX-512F and AVX-512 IFMA.
        (modulus, 5) => Some(unsafe { run::<C, 5>(modulus, points, digits, shape, parallel) }),
        // SAFETY: as above.
        (modulus, 8) => Some(unsafe { run::<C, 8>(modulus, points, digits, shape, parallel) }),
        _ => None,
    }
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn run<C: SwCurve, const L: usize>(
    modulus: &[u64],
    points: &[Affine<C>],
    digits: &[i32],
    shape: MsmShape,
    parallel: bool,
) -> Vec<Xyzz<C::Base>> {
    let m = Mont52::<L>::new(modulus);
    let vpoints = to_vector(&m, points, parallel);
    let n = points.len();
    let one = |w: usize| {
        let buckets = VecBuckets::new(&m, &vpoints, points, shape.buckets(w));
        add_digits(buckets, &digits[w * n..(w + 1) * n])
    };
    super::msm::par_map(shape.windows, parallel, one)
}

/// A fixed-base table's points in vector form (empty where this CPU or field has no backend).
pub(super) fn table_vector<C: SwCurve>(points: &[Affine<C>]) -> Vec<VPoint> {
    match backend::<C>() {
        // SAFETY: `backend()` confirmed AVX-512F and AVX-512 IFMA.
        Some((modulus, 5)) => unsafe { to_vector(&Mont52::<5>::new(modulus), points, false) },
        // SAFETY: as above.
        Some((modulus, 8)) => unsafe { to_vector(&Mont52::<8>::new(modulus), points, false) },
        _ => Vec::new(),
    }
}

/// The sums over `entries` of a fixed-base table (`msm::table_sum`) in parts of `chunk`
/// entries, on the vector backend; `vector` is the table's [`table_vector`].
pub(super) fn table_sums<C: SwCurve>(
    table: &MsmTable<C>,
    vector: &[VPoint],
    entries: &[(u32, [u64; 4], bool)],
    chunk: usize,
    parallel: bool,
) -> Option<Vec<Xyzz<C::Base>>> {
    match backend::<C>()? {
        // SAFETY: `backend()` confirmed AVX-512F and AVX-512 IFMA.
        (modulus, 5) => Some(unsafe { run_table::<C, 5>(modulus, table, vector, entries, chunk, parallel) }),
        // SAFETY: as above.
        (modulus, 8) => Some(unsafe { run_table::<C, 8>(modulus, table, vector, entries, chunk, parallel) }),
        _ => None,
    }
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn run_table<C: SwCurve, const L: usize>(
    modulus: &[u64],
    table: &MsmTable<C>,
    vector: &[VPoint],
    entries: &[(u32, [u64; 4], bool)],
    chunk: usize,
    parallel: bool,
) -> Vec<Xyzz<C::Base>> {
    let m = Mont52::<L>::new(modulus);
    super::msm::par_map(entries.len().div_ceil(chunk), parallel, |p| {
        let part = &entries[p * chunk..entries.len().min((p + 1) * chunk)];
        table_sum(table, part, |count| VecBuckets::new(&m, vector, &table.points, count))
    })
}

/// `multi_msm::bucket_sums` on the vector backend, where this CPU and the field have it: the
/// sum of each bucket `items[start[b]..end[b]]` (items never the identity) by rounds of pairwise
/// additions, one inversion per round.
pub(super) fn bucket_sums<C: SwCurve>(items: &[Affine<C>], start: &[usize], end: &[usize]) -> Option<Vec<Affine<C>>> {
    match backend::<C>()? {
        // SAFETY: `backend()` confirmed AVX-512F and AVX-512 IFMA.
        (modulus, 5) => Some(unsafe { run_bucket_sums::<C, 5>(modulus, items, start, end) }),
        // SAFETY: as above.
        (modulus, 8) => Some(unsafe { run_bucket_sums::<C, 8>(modulus, items, start, end) }),
        _ => None,
    }
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn run_bucket_sums<C: SwCurve, const L: usize>(
    modulus: &[u64],
    items: &[Affine<C>],
    start: &[usize],
    end: &[usize],
) -> Vec<Affine<C>> {
    let m = Mont52::<L>::new(modulus);
    let mut v = to_vector(&m, items, false);
    // `gone[i]`: the sum of a round's pair at `i` was the identity.
    let mut gone = alloc::vec![false; v.len()];
    let buckets = start.len() - 1;
    let lo = &start[..buckets];
    let mut hi = end[..buckets].to_vec();
    let (mut pairs, mut rhs, mut prefix) = (Vec::new(), Vec::new(), Vec::new());
    loop {
        // One round: in every bucket with two items or more, item i += item i + 1.
        pairs.clear();
        rhs.clear();
        let mut any = false;
        for b in 0..buckets {
            let mut i = lo[b];
            while i + 1 < hi[b] {
                any = true;
                let q = v[i + 1];
                if v[i].x != q.x {
                    pairs.push((i as u32, rhs.len() as u32));
                    rhs.push(q);
                } else if v[i].y == q.y && q.y.0 != [0; 8] {
                    double::<C, L>(&m, &mut v[i], &mut gone[i]);
                } else {
                    gone[i] = true;
                }
                i += 2;
            }
        }
        if !any {
            break;
        }
        add_pairs::<C::Base, L>(&m, &mut v, &rhs, &pairs, &mut prefix);
        // Each bucket keeps its sums (and an odd item out) at its front.
        for b in 0..buckets {
            let mut out = lo[b];
            let mut i = lo[b];
            while i + 1 < hi[b] {
                if !core::mem::take(&mut gone[i]) {
                    v[out] = v[i];
                    out += 1;
                }
                i += 2;
            }
            if i < hi[b] {
                v[out] = v[i];
                out += 1;
            }
            hi[b] = out;
        }
    }
    let sums: Vec<VPoint> = (0..buckets).map(|b| v.get(lo[b]).copied().unwrap_or_default()).collect();
    let empty: Vec<bool> = (0..buckets).map(|b| hi[b] == lo[b]).collect();
    to_affine::<C, L>(&m, &sums, &empty)
}

/// The points in vector form (none is the identity: the split dropped them), on rayon's pool
/// when `parallel`.
#[target_feature(enable = "avx512f,avx512ifma")]
fn to_vector<C: SwCurve, const L: usize>(m: &Mont52<L>, points: &[Affine<C>], parallel: bool) -> Vec<VPoint> {
    const CHUNK: usize = 4096;
    // The closure inherits this function's target features.
    let convert = |c: usize| {
        let src = &points[c * CHUNK..points.len().min((c + 1) * CHUNK)];
        let mut out = Vec::with_capacity(src.len());
        for group in src.chunks(8) {
            let (x, y) = point_lanes(m, group);
            let (x, y) = (scatter(&x), scatter(&y));
            for k in 0..group.len() {
                let mut p = VPoint::default();
                p.x.store(x[k]);
                p.y.store(y[k]);
                out.push(p);
            }
        }
        out
    };
    super::msm::par_map(points.len().div_ceil(CHUNK), parallel, convert).concat()
}

/// The coordinates of up to eight affine points (none the identity) in vector form, canonical,
/// point `k` in lane `k`; lanes past the end repeat the first point.
#[target_feature(enable = "avx512f,avx512ifma")]
pub(super) fn point_lanes<C: SwCurve, const L: usize>(m: &Mont52<L>, group: &[Affine<C>]) -> (Lanes<L>, Lanes<L>) {
    let mut xs = [group[0].x.mont_words(); 8];
    let mut ys = [group[0].y.mont_words(); 8];
    for (k, p) in group.iter().enumerate() {
        xs[k] = p.x.mont_words();
        ys[k] = p.y.mont_words();
    }
    (m.vector_from_word(&ifma::lanes_from_words::<L>(xs)), m.vector_from_word(&ifma::lanes_from_words::<L>(ys)))
}

/// Vector-form points back to affine points (`empty` entries are the identity).
#[target_feature(enable = "avx512f,avx512ifma")]
fn to_affine<C: SwCurve, const L: usize>(m: &Mont52<L>, points: &[VPoint], empty: &[bool]) -> Vec<Affine<C>> {
    let mut out = Vec::with_capacity(points.len());
    for (src, empty) in points.chunks(8).zip(empty.chunks(8)) {
        let mut xs = [&PAD_POINT.x; 8];
        let mut ys = xs;
        for (k, p) in src.iter().enumerate() {
            xs[k] = &p.x;
            ys[k] = &p.y;
        }
        let x = words::<C::Base, L>(m, &gather::<L>(xs));
        let y = words::<C::Base, L>(m, &gather::<L>(ys));
        for (k, e) in empty.iter().enumerate() {
            out.push(if *e { Affine::identity() } else { Affine::from_xy_unchecked(x[k], y[k]) });
        }
    }
    out
}

/// The eight field elements of vector-form lanes (canonical `x·R'`).
#[target_feature(enable = "avx512f,avx512ifma")]
pub(super) fn words<F: Field, const L: usize>(m: &Mont52<L>, v: &Lanes<L>) -> [F; 8] {
    let n = F::ZERO.mont_words().len();
    ifma::words_from_lanes(&m.word_from_vector(v), n).map(|w| F::from_mont_words(&w[..n]))
}

/// One set of buckets in vector form, accumulated by batch-affine additions eight at a time.
/// Only built on a CPU with AVX-512F and AVX-512 IFMA (its [`Mont52`] cannot be made
/// elsewhere), which is what makes its calls into the vector code sound.
pub(super) struct VecBuckets<'a, C: SwCurve, const L: usize> {
    m: &'a Mont52<L>,
    buckets: Vec<VPoint>,
    empty: Vec<bool>,
    busy: Vec<bool>,
    points: &'a [VPoint],
    /// The same points in affine form (the additions left to the reduction).
    affine_points: &'a [Affine<C>],
    /// The pending batch: bucket index and point index (with [`NEG`]).
    batch: Vec<(u32, u32)>,
    /// Per group of eight, the running products before it.
    prefix: Vec<Lanes<L>>,
    conflicts: Vec<(u32, u32)>,
    deferred: Vec<(u32, u32)>,
    batch_size: usize,
}

/// A bucket that no lane writes: `x = 0`, with [`PAD_POINT`] a non-zero denominator.
static PAD_BUCKET: VPoint = VPoint { x: Row([0; 8]), y: Row([0; 8]) };
/// See [`PAD_BUCKET`].
static PAD_POINT: VPoint = VPoint { x: Row([1, 0, 0, 0, 0, 0, 0, 0]), y: Row([0; 8]) };

impl<'a, C: SwCurve, const L: usize> VecBuckets<'a, C, L> {
    /// `count` empty buckets for additions of `points` (vector form) / `affine_points` (the
    /// same points).
    pub(super) fn new(m: &'a Mont52<L>, points: &'a [VPoint], affine_points: &'a [Affine<C>], count: usize) -> Self {
        // Twice the serial batches: the vector additions are cheaper, the inversion is not.
        let batch_size = batch_size(2 * count);
        VecBuckets {
            m,
            buckets: alloc::vec![VPoint::default(); count],
            empty: alloc::vec![true; count],
            busy: alloc::vec![false; count],
            points,
            affine_points,
            batch: Vec::with_capacity(batch_size),
            prefix: Vec::with_capacity(batch_size.div_ceil(8)),
            conflicts: Vec::new(),
            deferred: Vec::new(),
            batch_size,
        }
    }

    /// The bucket sum, with the vector code's target features.
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn finish_vector(mut self) -> Xyzz<C::Base> {
        self.flush();
        for _ in 0..FINAL_ROUNDS {
            if self.conflicts.is_empty() {
                break;
            }
            self.retry();
            self.flush();
        }
        self.deferred.append(&mut self.conflicts);
        if self.deferred.is_empty() && self.buckets.len() >= MIN_AFFINE_REDUCTION {
            return reduce::<C, L>(self.m, &self.buckets, &self.empty);
        }
        let affine = to_affine::<C, L>(self.m, &self.buckets, &self.empty);
        finish_buckets(&affine, self.deferred, self.affine_points)
    }

    /// [`BucketSet::add`] with the vector code's target features.
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn add_vector(&mut self, j: usize, i: u32) {
        self.push(j, i);
        if self.batch.len() >= self.batch_size {
            self.flush();
            self.retry();
        }
    }
}

impl<C: SwCurve, const L: usize> BucketSet<C> for VecBuckets<'_, C, L> {
    #[inline(always)]
    fn add(&mut self, j: usize, i: usize, neg: bool) {
        // SAFETY: a `VecBuckets` exists only on a CPU with AVX-512F and AVX-512 IFMA (its
        // `Mont52` was built there).
        unsafe { self.add_vector(j, i as u32 | if neg { NEG } else { 0 }) }
    }

    fn finish(self) -> Xyzz<C::Base> {
        // SAFETY: as in `add`.
        unsafe { self.finish_vector() }
    }

    #[inline(always)]
    fn prefetch(&self, j: usize) {
        if let Some(b) = self.buckets.get(j) {
            super::msm::prefetch(b);
        }
    }

    #[inline(always)]
    fn prefetch_point(&self, i: usize) {
        if let Some(p) = self.points.get(i) {
            super::msm::prefetch_lines(p);
        }
    }
}

impl<C: SwCurve, const L: usize> VecBuckets<'_, C, L> {
    /// `−y` for a canonical row (`p − y`, or zero).
    fn neg_row(&self, y: &Row) -> Row {
        if y.0 == [0; 8] {
            return *y;
        }
        let mut out = [0u64; 8];
        let mut borrow = 0i64;
        for (o, (p, v)) in out.iter_mut().zip(self.m.modulus().0.iter().zip(&y.0)) {
            let d = *p as i64 - *v as i64 + borrow;
            *o = (d as u64) & ((1 << 52) - 1);
            borrow = d >> 52;
        }
        Row(out)
    }

    /// `±points[i]` in vector form.
    fn signed_point(&self, i: u32) -> VPoint {
        let p = self.points[(i & !NEG) as usize];
        if i & NEG != 0 {
            VPoint { x: p.x, y: self.neg_row(&p.y) }
        } else {
            p
        }
    }

    /// `B_j += ±points[i]` into the batch, or at once when no addition of distinct `x` is
    /// needed (empty bucket, `P + (−P)`, `P + P`); a bucket already in the batch is set aside.
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn push(&mut self, j: usize, i: u32) {
        if self.busy[j] {
            self.conflicts.push((j as u32, i));
            return;
        }
        if bool::from(self.affine_points[(i & !NEG) as usize].infinity) {
            // (Only a table's copies can be the identity: the split drops identity points.)
            return;
        }
        if self.empty[j] {
            self.buckets[j] = self.signed_point(i);
            self.empty[j] = false;
            return;
        }
        let p = &self.points[(i & !NEG) as usize];
        let b = &self.buckets[j];
        if b.x == p.x {
            let same = (b.y == p.y) != (i & NEG != 0);
            if same && b.y.0 != [0; 8] {
                self.double(j);
            } else {
                // P + (−P), or the double of a point of order 2.
                self.empty[j] = true;
            }
            return;
        }
        self.busy[j] = true;
        self.batch.push((j as u32, i));
    }

    /// `B_j ← 2·B_j` in the serial arithmetic (rare: a point added to its own bucket).
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn double(&mut self, j: usize) {
        double::<C, L>(self.m, &mut self.buckets[j], &mut self.empty[j]);
    }

    /// Re-schedules the additions that met a busy bucket; more than a batch of them (inputs
    /// crowding few buckets) go to the reduction instead.
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn retry(&mut self) {
        for (j, i) in take_retries(&mut self.conflicts, &mut self.deferred, self.batch_size) {
            self.push(j as usize, i);
        }
    }

    /// Performs the pending additions, eight at a time, with one scalar inversion.
    #[inline(never)]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn flush(&mut self) {
        add_pairs::<C::Base, L>(self.m, &mut self.buckets, self.points, &self.batch, &mut self.prefix);
        for (j, _) in &self.batch {
            self.busy[*j as usize] = false;
        }
        self.batch.clear();
    }
}

/// `acc[j] ← acc[j] ± add[i]` for every `(j, i)` of `pairs` (`−` when `i` has [`NEG`]; the `j`
/// distinct, the `x` coordinates of each pair different), eight at a time (lane `k` of group
/// `g` is pair `8g + k`) with one scalar inversion; `prefix` is scratch space.
#[inline(never)]
#[target_feature(enable = "avx512f,avx512ifma")]
fn add_pairs<F: Field, const L: usize>(
    m: &Mont52<L>,
    acc: &mut [VPoint],
    add: &[VPoint],
    pairs: &[(u32, u32)],
    prefix: &mut Vec<Lanes<L>>,
) {
    if pairs.is_empty() {
        return;
    }
    // The rows of group `g` (pads past the end) and the lanes whose point is negated.
    let group = |acc: &[VPoint], g: usize| {
        let mut bs = [&PAD_BUCKET; 8];
        let mut ps = [&PAD_POINT; 8];
        let mut neg = 0u8;
        for (k, (j, i)) in pairs[8 * g..].iter().take(8).enumerate() {
            bs[k] = &acc[*j as usize];
            ps[k] = &add[(i & !NEG) as usize];
            if i & NEG != 0 {
                neg |= 1 << k;
            }
        }
        let xb = gather::<L>(bs.map(|b| &b.x));
        let yb = gather::<L>(bs.map(|b| &b.y));
        let xp = gather::<L>(ps.map(|p| &p.x));
        let yp = gather::<L>(ps.map(|p| &p.y));
        (xb, yb, xp, yp, neg)
    };
    let groups = pairs.len().div_ceil(8);
    // Forward: the running products of the denominators x_P − x_B, one per lane.
    prefix.clear();
    let mut product = m.one();
    for g in 0..groups {
        let (xb, _, xp, _, _) = group(acc, g);
        prefix.push(product);
        product = m.mul(&product, &m.sub(&xp, &xb, 1));
    }
    let mut inv = invert_lanes::<F, L>(m, &product);
    // Backward: each group's additions, and the inverse of the products before it.
    for g in (0..groups).rev() {
        let (xb, yb, xp, yp, neg) = group(acc, g);
        let d = m.sub(&xp, &xb, 1);
        let d_inv = m.mul(&inv, &prefix[g]);
        inv = m.mul(&inv, &d);
        // λ = (y_P − y_B)/(x_P − x_B), or λ' = −λ = (y_P + y_B)/(x_P − x_B) for b − p.
        let num = blend(neg, &m.sub(&yp, &yb, 1), &m.add(&yp, &yb));
        let lambda = m.mul(&num, &d_inv);
        let x = m.canon(&m.sub(&m.sub(&m.sqr(&lambda), &xb, 1), &xp, 1));
        // y = λ·(x_B − x) − y_B, or λ'·(x − x_B) − y_B.
        let dx = blend(neg, &m.sub(&xb, &x, 1), &m.sub(&x, &xb, 1));
        let y = m.canon(&m.sub(&m.mul(&lambda, &dx), &yb, 1));
        let (x, y) = (scatter(&x), scatter(&y));
        for (k, (j, _)) in pairs[8 * g..].iter().take(8).enumerate() {
            let b = &mut acc[*j as usize];
            b.x.store(x[k]);
            b.y.store(y[k]);
        }
    }
}

/// `p ← 2·p` in the serial arithmetic (rare: a point met itself), `empty` if that is the
/// identity.
#[target_feature(enable = "avx512f,avx512ifma")]
fn double<C: SwCurve, const L: usize>(m: &Mont52<L>, p: &mut VPoint, empty: &mut bool) {
    let a = to_affine::<C, L>(m, core::slice::from_ref(p), &[false])[0];
    let d = Projective::from(a).double().to_affine();
    *empty = bool::from(d.infinity);
    if !*empty {
        *p = to_vector(m, &[d], false)[0];
    }
}

/// `acc[s] += add[s]` for every `s` (`empty` flags for the identity) with one inversion
/// ([`add_pairs`]); the cases without a sum of distinct `x` are done at once.
#[target_feature(enable = "avx512f,avx512ifma")]
fn add_slices<C: SwCurve, const L: usize>(
    m: &Mont52<L>,
    acc: &mut [VPoint],
    acc_empty: &mut [bool],
    add: &[VPoint],
    add_empty: &[bool],
    pairs: &mut Vec<(u32, u32)>,
    prefix: &mut Vec<Lanes<L>>,
) {
    pairs.clear();
    for s in 0..acc.len() {
        if add_empty[s] {
            continue;
        }
        if acc_empty[s] {
            acc[s] = add[s];
            acc_empty[s] = false;
        } else if acc[s].x != add[s].x {
            pairs.push((s as u32, s as u32));
        } else if acc[s].y == add[s].y && acc[s].y.0 != [0; 8] {
            double::<C, L>(m, &mut acc[s], &mut acc_empty[s]);
        } else {
            acc_empty[s] = true;
        }
    }
    add_pairs::<C::Base, L>(m, acc, add, pairs, prefix);
}

/// `Σ_j (j + 1)·B_j` of vector-form buckets: `msm::reduce_affine` (segments of running sums
/// advancing side by side, one inversion per step) on the vector backend.
#[target_feature(enable = "avx512f,avx512ifma")]
fn reduce<C: SwCurve, const L: usize>(m: &Mont52<L>, buckets: &[VPoint], empty: &[bool]) -> Xyzz<C::Base> {
    let count = buckets.len();
    let segments = (count / 8).clamp(1, MAX_SEGMENTS);
    let len = count / segments;
    let mut running = alloc::vec![VPoint::default(); segments];
    let mut running_empty = alloc::vec![true; segments];
    let mut total = running.clone();
    let mut total_empty = running_empty.clone();
    let mut column = running.clone();
    let mut column_empty = running_empty.clone();
    let (mut pairs, mut prefix) = (Vec::with_capacity(segments), Vec::with_capacity(segments.div_ceil(8)));
    for step in (0..len).rev() {
        for s in 0..segments {
            column[s] = buckets[s * len + step];
            column_empty[s] = empty[s * len + step];
        }
        add_slices::<C, L>(m, &mut running, &mut running_empty, &column, &column_empty, &mut pairs, &mut prefix);
        add_slices::<C, L>(m, &mut total, &mut total_empty, &running, &running_empty, &mut pairs, &mut prefix);
    }
    combine_segments(&to_affine::<C, L>(m, &running, &running_empty), &to_affine::<C, L>(m, &total, &total_empty), len)
}

/// Lane-wise `if mask bit k { b } else { a }`.
#[inline]
#[target_feature(enable = "avx512f")]
fn blend<const L: usize>(mask: u8, a: &Lanes<L>, b: &Lanes<L>) -> Lanes<L> {
    core::array::from_fn(|i| core::arch::x86_64::_mm512_mask_blend_epi64(mask, a[i], b[i]))
}

/// The inverses of eight non-zero lanes: out to the serial field, one inversion by
/// Montgomery's trick, and back.
#[target_feature(enable = "avx512f,avx512ifma")]
pub(super) fn invert_lanes<F: Field, const L: usize>(m: &Mont52<L>, v: &Lanes<L>) -> Lanes<L> {
    let mut elems = words::<F, L>(m, v);
    F::batch_inverse_vartime(&mut elems);
    m.vector_from_word(&ifma::lanes_from_words::<L>(elems.each_ref().map(|e| e.mont_words())))
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha20Rng;

    use super::super::msm::{msm_vartime, serially};
    use super::super::Scalar;
    use super::*;
    use crate::curves::{bls12_381, bn254, p256, secp256k1};

    /// `n` points: multiples `(s + i·t)·G` of the generator, with a few repeated and negated
    /// ones so that buckets meet `P + P` and `P + (−P)`.
    fn points<C: SwCurve>(rng: &mut ChaCha20Rng, n: usize) -> Vec<Affine<C>> {
        let g = Projective::<C>::generator();
        let step = g.mul_vartime(&Scalar::<C>::random(rng));
        let mut q = g.mul_vartime(&Scalar::<C>::random(rng));
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            out.push(match i % 97 {
                5 => out[i - 1],
                9 => neg(&out[i - 2]),
                _ => q.to_affine_vartime(),
            });
            q += step;
        }
        out
    }

    fn neg<C: SwCurve>(p: &Affine<C>) -> Affine<C> {
        Affine::from_xy_unchecked(p.x, -p.y)
    }

    /// The vector backend's MSM equals the serial one (where the CPU has the backend).
    fn agree<C: SwCurve>(seed: u64) {
        if !ifma::available() {
            return;
        }
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        for n in [300usize, 2000, 5000] {
            let pts = points::<C>(&mut rng, n);
            let mut ks: Vec<Scalar<C>> = (0..n).map(|_| Scalar::<C>::random(&mut rng)).collect();
            // Zero scalars, repeated scalars (the same bucket in every window), small ones.
            for i in (0..n).step_by(13) {
                ks[i] = Scalar::<C>::ZERO;
            }
            for i in (1..n).step_by(7) {
                ks[i] = ks[i - 1];
            }
            ks[3] = Scalar::<C>::ONE;
            let vector = msm_vartime(&pts, &ks, false);
            let serial = serially(|| msm_vartime(&pts, &ks, false));
            assert!(vector == serial, "n = {n}");
            // Every point the same: one bucket per digit, doublings, additions left over.
            let same = alloc::vec![pts[1]; n];
            let vector = msm_vartime(&same, &ks, false);
            let serial = serially(|| msm_vartime(&same, &ks, false));
            assert!(vector == serial, "n = {n}, one point");
        }
    }

    #[test]
    fn bls12_381_g1() {
        agree::<bls12_381::G1Curve>(1);
    }

    /// Fixed-base tables: the vector backend's sums equal the serial ones.
    #[test]
    fn tables_agree() {
        if !ifma::available() {
            return;
        }
        let mut rng = ChaCha20Rng::seed_from_u64(6);
        let pts = points::<bls12_381::G1Curve>(&mut rng, 1500);
        let ks: Vec<Scalar<bls12_381::G1Curve>> =
            (0..1500).map(|_| Scalar::<bls12_381::G1Curve>::random(&mut rng)).collect();
        for copies in [2, 5, 11] {
            let table = MsmTable::new(&pts, Some(copies));
            let vector = super::super::msm::msm_with_table_vartime(&table, &ks, false);
            let serial = serially(|| super::super::msm::msm_with_table_vartime(&table, &ks, false));
            assert!(vector == serial, "copies = {copies}");
            assert!(vector == msm_vartime(&pts, &ks, false), "copies = {copies}");
        }
    }

    #[test]
    fn bn254_g1() {
        agree::<bn254::G1Curve>(2);
    }

    #[test]
    fn secp256k1() {
        agree::<secp256k1::Secp256k1>(3);
    }

    #[test]
    fn p256() {
        agree::<p256::P256>(4);
    }

    /// Radix-2^52 conversion round trips, and the lane arithmetic matches the serial field's.
    #[test]
    fn kernel_matches_field() {
        if !ifma::available() {
            return;
        }
        type F = bls12_381::Fp;
        let mut rng = ChaCha20Rng::seed_from_u64(5);
        let mut a: [F; 8] = core::array::from_fn(|_| F::random(&mut rng));
        let b: [F; 8] = core::array::from_fn(|_| F::random(&mut rng));
        a[0] = F::ZERO;
        a[1] = -F::ONE;
        // SAFETY: `available()` confirmed AVX-512F and AVX-512 IFMA.
        unsafe {
            let m = Mont52::<8>::new(F::mont_modulus().unwrap());
            let words_a = ifma::words_from_lanes(&ifma::lanes_from_words::<8>(a.each_ref().map(|x| x.mont_words())), 6);
            for k in 0..8 {
                assert_eq!(&words_a[k][..6], a[k].mont_words());
                assert_eq!(ifma::to_radix52(a[k].mont_words()), {
                    let mut r = Row::default();
                    r.store(scatter(&ifma::lanes_from_words::<8>(a.each_ref().map(|x| x.mont_words())))[k]);
                    r
                });
            }
            let va = m.vector_from_word(&ifma::lanes_from_words::<8>(a.each_ref().map(|x| x.mont_words())));
            let vb = m.vector_from_word(&ifma::lanes_from_words::<8>(b.each_ref().map(|x| x.mont_words())));
            let prod = words::<F, 8>(&m, &m.canon(&m.mul(&va, &vb)));
            let sq = words::<F, 8>(&m, &m.canon(&m.sqr(&va)));
            let diff = words::<F, 8>(&m, &m.canon(&m.sub(&va, &vb, 1)));
            let sum = words::<F, 8>(&m, &m.canon(&m.add(&va, &vb)));
            let inv = words::<F, 8>(&m, &invert_lanes::<F, 8>(&m, &vb));
            for k in 0..8 {
                assert_eq!(prod[k], a[k] * b[k]);
                assert_eq!(sq[k], a[k].square());
                assert_eq!(diff[k], a[k] - b[k]);
                assert_eq!(sum[k], a[k] + b[k]);
                assert_eq!(inv[k], b[k].inverse_vartime().unwrap());
            }
        }
    }
}
