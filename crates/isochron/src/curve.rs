//! Elliptic-curve groups, generic over a curve's parameters: short Weierstrass `y² = x³ + b`
//! (the pairing curves' G1 and G2).
//!
//! Literature: Renes–Costello–Batina, "Complete addition formulas for prime order elliptic
//! curves" (eprint 2015/1060, Alg. 7–9 for `a = 0`); Bernstein–Lange, Explicit-Formulas
//! Database (Jacobian coordinates).

pub mod short_weierstrass;
