//! 0x09 BLAKE2F (EIP-152): the BLAKE2b compression function F of RFC 7693 §3.2 with a
//! caller-chosen number of rounds.

use super::{gas, PrecompileError, PrecompileResult};

/// BLAKE2b's initialization vector (RFC 7693 §2.6).
const IV: [u64; 8] = [
    0x6a09e667f3bcc908,
    0xbb67ae8584caa73b,
    0x3c6ef372fe94f82b,
    0xa54ff53a5f1d36f1,
    0x510e527fade682d1,
    0x9b05688c2b3e6c1f,
    0x1f83d9abfb41bd6b,
    0x5be0cd19137e2179,
];

/// The message schedule SIGMA (RFC 7693 §2.7); round `i` uses row `i mod 10`.
const SIGMA: [[usize; 16]; 10] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
    [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
    [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
    [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
    [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
    [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
    [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
    [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
    [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];

/// The mixing function G (RFC 7693 §3.1), rotations 32, 24, 16, 63.
#[inline(always)]
fn g(v: &mut [u64; 16], a: usize, b: usize, c: usize, d: usize, x: u64, y: u64) {
    v[a] = v[a].wrapping_add(v[b]).wrapping_add(x);
    v[d] = (v[d] ^ v[a]).rotate_right(32);
    v[c] = v[c].wrapping_add(v[d]);
    v[b] = (v[b] ^ v[c]).rotate_right(24);
    v[a] = v[a].wrapping_add(v[b]).wrapping_add(y);
    v[d] = (v[d] ^ v[a]).rotate_right(16);
    v[c] = v[c].wrapping_add(v[d]);
    v[b] = (v[b] ^ v[c]).rotate_right(63);
}

/// The compression function F (RFC 7693 §3.2) with `rounds` rounds (BLAKE2b itself uses 12):
/// updates the state `h` with the message block `m`, the 128-bit offset counter `t` and the
/// final-block flag `f`.
pub fn compress(rounds: u32, h: &mut [u64; 8], m: &[u64; 16], t: [u64; 2], f: bool) {
    let mut v = [0u64; 16];
    v[..8].copy_from_slice(h);
    v[8..].copy_from_slice(&IV);
    v[12] ^= t[0];
    v[13] ^= t[1];
    if f {
        v[14] = !v[14];
    }
    for i in 0..rounds as usize {
        let s = &SIGMA[i % 10];
        g(&mut v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
        g(&mut v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
        g(&mut v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
        g(&mut v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
        g(&mut v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
        g(&mut v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
        g(&mut v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
        g(&mut v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
    }
    for i in 0..8 {
        h[i] ^= v[i] ^ v[i + 8];
    }
}

fn le64(b: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[..8]);
    u64::from_le_bytes(w)
}

/// 0x09 BLAKE2F (EIP-152 "Specification"): the input is exactly 213 bytes, `rounds` (4 bytes
/// big-endian) ‖ `h` (8 little-endian words) ‖ `m` (16 little-endian words) ‖ `t` (2
/// little-endian words) ‖ `f` (one byte, 0 or 1); the output is the state after
/// [`compress`], 64 bytes little-endian. Fails on another length or another final flag.
/// Gas: the number of rounds.
pub fn blake2f(input: &[u8]) -> PrecompileResult {
    if input.len() != 213 {
        return Err(PrecompileError::InvalidInputLength);
    }
    let f = match input[212] {
        0 => false,
        1 => true,
        _ => return Err(PrecompileError::InvalidFinalFlag),
    };
    let rounds = u32::from_be_bytes([input[0], input[1], input[2], input[3]]);
    let mut h = [0u64; 8];
    for (w, b) in h.iter_mut().zip(input[4..68].chunks_exact(8)) {
        *w = le64(b);
    }
    let mut m = [0u64; 16];
    for (w, b) in m.iter_mut().zip(input[68..196].chunks_exact(8)) {
        *w = le64(b);
    }
    let t = [le64(&input[196..204]), le64(&input[204..212])];
    compress(rounds, &mut h, &m, t, f);
    let mut out = alloc::vec![0u8; 64];
    for (o, w) in out.chunks_exact_mut(8).zip(h) {
        o.copy_from_slice(&w.to_le_bytes());
    }
    Ok((out, gas::blake2f_gas(input)))
}
