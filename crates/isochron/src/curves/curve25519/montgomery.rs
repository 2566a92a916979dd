//! Curve25519 in Montgomery form `v² = u³ + 486662·u² + u` (RFC 7748 §4.1): the X25519
//! function by the Montgomery ladder on `u` coordinates (RFC 7748 §5), constant time in the
//! scalar, and the birational map from Edwards25519 (`u = (1 + y)/(1 − y)`, RFC 7748 §4.1).

use zeroize::Zeroize;

use super::edwards::{EdwardsField, EdwardsPoint};
use super::field::Fe25519;

/// `(A + 2)/4` for `A = 486662`: the ladder computes RFC 7748 §5's
/// `z_2 = E·(AA + a24·E)` with `a24 = (A − 2)/4 = 121665` as the equal `E·(BB + 121666·E)`
/// (`E = AA − BB`), so that fiat-crypto's dedicated `carry_scmul_121666` serves the fiat backend.
const A24_PLUS_ONE: u32 = 121666;

/// RFC 7748 §5 `decodeScalar25519`: clear the three low bits and the top bit, set bit 254.
pub fn clamp(k: &[u8; 32]) -> [u8; 32] {
    let mut c = *k;
    c[0] &= 248;
    c[31] &= 127;
    c[31] |= 64;
    c
}

/// `X25519(k, u)` (RFC 7748 §5): the `u` coordinate of `[clamp(k)]·(u, ·)` by the Montgomery
/// ladder, with `u` decoded modulo `p` after masking its top bit (non-canonical values
/// accepted, as the RFC requires). 255 ladder steps of 5M + 4S + one multiplication by
/// `121666`, each bit's conditional swaps by masks: constant time in `k` and `u`.
pub fn x25519<F: Fe25519>(k: &[u8; 32], u: &[u8; 32]) -> [u8; 32] {
    let mut k = clamp(k);
    let x1 = F::from_bytes(u);
    let (mut x2, mut z2, mut x3, mut z3) = (F::ONE, F::ZERO, x1, F::ONE);
    let mut swap = 0u8;
    for t in (0..255).rev() {
        let bit = (k[t / 8] >> (t % 8)) & 1;
        swap ^= bit;
        F::conditional_swap(&mut x2, &mut x3, swap.into());
        F::conditional_swap(&mut z2, &mut z3, swap.into());
        swap = bit;
        let a = x2 + z2;
        let aa = a.square();
        let b = x2 - z2;
        let bb = b.square();
        let e = aa - bb;
        let c = x3 + z3;
        let d = x3 - z3;
        let da = d * a;
        let cb = c * b;
        x3 = (da + cb).square();
        z3 = x1 * (da - cb).square();
        x2 = aa * bb;
        z2 = e * (bb + e.mul_small(A24_PLUS_ONE));
    }
    F::conditional_swap(&mut x2, &mut x3, swap.into());
    F::conditional_swap(&mut z2, &mut z3, swap.into());
    let out = (x2 * z2.invert().unwrap_or(F::ZERO)).to_bytes();
    k.zeroize();
    x3.zeroize();
    z3.zeroize();
    out
}

impl<F: EdwardsField> EdwardsPoint<F> {
    /// The Montgomery `u` coordinate of this point, `u = (1 + y)/(1 − y) = (Z + Y)/(Z − Y)`
    /// (RFC 7748 §4.1); zero for the identity (whose image is the point at infinity) and for
    /// `(0, −1)`. Constant time.
    pub fn to_montgomery_u(&self) -> [u8; 32] {
        let (y, z) = self.yz();
        let num = z + y;
        let den = z - y;
        (num * den.invert().unwrap_or(F::ZERO)).to_bytes()
    }
}
