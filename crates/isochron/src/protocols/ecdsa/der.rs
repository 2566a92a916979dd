//! The DER encoding of an ECDSA signature, `SEQUENCE { r INTEGER, s INTEGER }` (SEC 1 v2
//! §C.5, ITU-T X.690 §8.3 and §10), for scalars of `L` bytes (32 here: at most 72 bytes of
//! DER, so every length fits the short form).
//!
//! Parsing is strict, as consensus code needs (BIP-66's rules, which are X.690's DER rules):
//! the outer tag `0x30` and two `0x02` tags; short-form lengths only (a long form for a length
//! below 128 is not minimal); each integer at least one byte, not negative (top bit of its
//! first byte clear), without a leading zero byte unless the next byte has its top bit set,
//! and at most `L` bytes once that zero is removed; the sequence's length equal to its
//! contents and nothing after it. The range `1 ≤ r, s < n` is the verifier's check, not the
//! encoding's.

use alloc::vec::Vec;

use crate::error::Error;

/// Appends the DER INTEGER of the big-endian unsigned `v`: leading zero bytes dropped, one
/// zero byte put back when the top bit of the first byte is set (zero is `02 01 00`).
fn push_integer(out: &mut Vec<u8>, v: &[u8]) {
    let start = v.iter().position(|&b| b != 0).unwrap_or(v.len() - 1);
    let v = &v[start..];
    let pad = v[0] >> 7;
    out.push(0x02);
    out.push((v.len() + usize::from(pad)) as u8);
    if pad == 1 {
        out.push(0);
    }
    out.extend_from_slice(v);
}

/// The DER encoding of the big-endian `(r, s)` (at most `len(r) + len(s) + 6` bytes; up to 60
/// bytes each keeps the short form).
pub(crate) fn encode(r: &[u8], s: &[u8]) -> Vec<u8> {
    let mut body = Vec::with_capacity(r.len() + s.len() + 6);
    push_integer(&mut body, r);
    push_integer(&mut body, s);
    let mut out = Vec::with_capacity(body.len() + 2);
    out.push(0x30);
    out.push(body.len() as u8);
    out.extend_from_slice(&body);
    out
}

/// Reads one strict DER INTEGER from the front of `input` into `L` big-endian bytes; returns
/// the rest.
fn take_integer<'a, const L: usize>(input: &'a [u8], out: &mut [u8; L]) -> Result<&'a [u8], Error> {
    let [0x02, len, rest @ ..] = input else {
        return Err(Error::Der);
    };
    let len = usize::from(*len);
    if len == 0 || len >= 0x80 || rest.len() < len {
        return Err(Error::Der);
    }
    let (mut v, rest) = rest.split_at(len);
    if v[0] & 0x80 != 0 {
        // Negative.
        return Err(Error::Der);
    }
    if v[0] == 0 && v.len() > 1 {
        if v[1] & 0x80 == 0 {
            // A leading zero that is not needed.
            return Err(Error::Der);
        }
        v = &v[1..];
    }
    if v.len() > L {
        return Err(Error::Der);
    }
    out.fill(0);
    out[L - v.len()..].copy_from_slice(v);
    Ok(rest)
}

/// Parses a strict DER signature into `(r, s)` as `L`-byte big-endian values (see the module
/// documentation for the rules); [`Error::Der`] for anything else.
pub(crate) fn decode<const L: usize>(der: &[u8]) -> Result<([u8; L], [u8; L]), Error> {
    let [0x30, len, body @ ..] = der else {
        return Err(Error::Der);
    };
    if usize::from(*len) != body.len() || *len >= 0x80 {
        return Err(Error::Der);
    }
    let (mut r, mut s) = ([0u8; L], [0u8; L]);
    let rest = take_integer(body, &mut r)?;
    let rest = take_integer(rest, &mut s)?;
    if !rest.is_empty() {
        return Err(Error::Der);
    }
    Ok((r, s))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sig(r: u8, s: u8) -> ([u8; 32], [u8; 32]) {
        let (mut a, mut b) = ([0u8; 32], [0u8; 32]);
        a[31] = r;
        b[31] = s;
        (a, b)
    }

    #[test]
    fn small_and_padded_integers() {
        let (r, s) = sig(1, 0x80);
        let der = encode(&r, &s);
        assert_eq!(der, [0x30, 0x07, 0x02, 0x01, 0x01, 0x02, 0x02, 0x00, 0x80]);
        assert_eq!(decode::<32>(&der), Ok((r, s)));
        let full = [0xffu8; 32];
        let der = encode(&full, &full);
        assert_eq!(der.len(), 72);
        assert_eq!(decode::<32>(&der), Ok((full, full)));
    }

    #[test]
    fn rejects_non_strict_encodings() {
        let good = [0x30u8, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02];
        assert!(decode::<32>(&good).is_ok());
        let bad: &[&[u8]] = &[
            &[],
            &[0x31, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02], // not a SEQUENCE
            &[0x30, 0x07, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02], // length too long
            &[0x30, 0x05, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02], // length too short
            &[0x30, 0x81, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02], // long form
            &[0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02, 0x00], // trailing byte
            &[0x30, 0x06, 0x03, 0x01, 0x01, 0x02, 0x01, 0x02], // not an INTEGER
            &[0x30, 0x05, 0x02, 0x00, 0x02, 0x01, 0x02],       // empty integer
            &[0x30, 0x06, 0x02, 0x01, 0x81, 0x02, 0x01, 0x02], // negative
            &[0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x02], // needless zero
            &[0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02][..6], // truncated
            &[0x30, 0x09, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02, 0x02, 0x01, 0x03], // third integer
        ];
        for b in bad {
            assert_eq!(decode::<32>(b), Err(Error::Der), "{b:02x?}");
        }
        // 33 bytes of value (a leading 0x01 before 32 bytes) is out of range for L = 32.
        let mut long = alloc::vec![0x30, 0x26, 0x02, 0x21, 0x01];
        long.extend_from_slice(&[0x11; 32]);
        long.extend_from_slice(&[0x02, 0x01, 0x01]);
        assert_eq!(decode::<32>(&long), Err(Error::Der));
    }

    #[test]
    fn round_trip_random() {
        let mut x = 0x1234_5678_9abc_def0u64;
        for _ in 0..500 {
            let mut r = [0u8; 32];
            let mut s = [0u8; 32];
            for b in r.iter_mut().chain(s.iter_mut()) {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *b = x as u8;
            }
            // Vary the leading zeros.
            let zr = (x % 33) as usize;
            r[..zr].fill(0);
            assert_eq!(decode::<32>(&encode(&r, &s)), Ok((r, s)));
        }
    }
}
