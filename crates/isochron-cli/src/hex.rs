//! Hex arguments and output of the command line: input with or without a `0x`/`0X` prefix, in
//! either case; output in lower case without a prefix (DESIGN.md §3).

use std::fmt;

use zeroize::Zeroize;

/// Why an argument is not hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HexError {
    /// An odd number of digits (after the optional prefix), counted in bytes of the argument.
    OddLength,
    /// A character other than `0-9`, `a-f`, `A-F`.
    InvalidDigit,
}

impl fmt::Display for HexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexError::OddLength => f.write_str("not hex (odd number of digits)"),
            HexError::InvalidDigit => f.write_str("not hex"),
        }
    }
}

/// Decodes a hex argument: an optional `0x`/`0X` prefix, then pairs of digits in either case.
/// The empty string (or a bare prefix) is the empty byte string. Constant time in the digits
/// (secret keys pass through here): every digit is decoded without a branch or a table lookup,
/// and only the verdict branches; the output is allocated once at its final size (no
/// reallocation leaves a copy behind) and wiped when the text turns out not to be hex.
pub fn decode(s: &str) -> Result<Vec<u8>, HexError> {
    let h = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")).unwrap_or(s);
    if !h.len().is_multiple_of(2) {
        return Err(HexError::OddLength);
    }
    let mut out = Vec::with_capacity(h.len() / 2);
    let mut valid = 0xffu8;
    for p in h.as_bytes().chunks_exact(2) {
        let ((hi, ok_hi), (lo, ok_lo)) = (digit(p[0]), digit(p[1]));
        valid &= ok_hi & ok_lo;
        out.push(hi << 4 | lo);
    }
    if valid != 0xff {
        out.zeroize();
        return Err(HexError::InvalidDigit);
    }
    Ok(out)
}

/// The value of the hex digit `c` and `0xff` if it is one (`0` otherwise), by arithmetic on the
/// character: no branch, no table.
fn digit(c: u8) -> (u8, u8) {
    let d = c.wrapping_sub(b'0');
    let is_d = ((i16::from(d) - 10) >> 8) as u8; // 0xff iff d < 10
    let l = (c | 0x20).wrapping_sub(b'a');
    let is_l = ((i16::from(l) - 6) >> 8) as u8; // 0xff iff l < 6
    ((d & is_d) | (l.wrapping_add(10) & is_l), is_d | is_l)
}

/// Lower-case hex of `bytes`, without a prefix, into a string allocated once at its final size,
/// without a branch or a table lookup on the bytes.
pub fn encode(bytes: &[u8]) -> String {
    let nibble = |n: u8| -> char {
        let letter = ((9i16 - i16::from(n)) >> 8) as u8; // 0xff iff n > 9
        char::from(b'0' + n + (letter & (b'a' - b'0' - 10)))
    };
    let mut s = String::with_capacity(2 * bytes.len());
    for b in bytes {
        s.push(nibble(b >> 4));
        s.push(nibble(b & 0xf));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_and_encodes() {
        assert_eq!(decode("0x00fFaB"), Ok(vec![0x00, 0xff, 0xab]));
        assert_eq!(decode("0X0a"), Ok(vec![0x0a]));
        assert_eq!(decode(""), Ok(vec![]));
        assert_eq!(decode("0x"), Ok(vec![]));
        assert_eq!(decode("abc"), Err(HexError::OddLength));
        assert_eq!(decode("0xzz"), Err(HexError::InvalidDigit));
        assert_eq!(decode("+1"), Err(HexError::InvalidDigit));
        assert_eq!(encode(&[0x00, 0xff, 0xab]), "00ffab");
    }

    /// The branch-free codec agrees with the standard library on every byte and character.
    #[test]
    fn matches_std_on_every_digit() {
        for c in 0..=255u8 {
            let (v, ok) = digit(c);
            match (c as char).to_digit(16) {
                Some(d) => assert_eq!((v, ok), (d as u8, 0xff), "{c:#x}"),
                None => assert_eq!(ok, 0, "{c:#x}"),
            }
        }
        let all: Vec<u8> = (0..=255).collect();
        let hex = encode(&all);
        assert_eq!(hex, all.iter().map(|b| format!("{b:02x}")).collect::<String>());
        assert_eq!(decode(&hex), Ok(all.clone()));
        assert_eq!(decode(&hex.to_uppercase()), Ok(all));
        assert!(decode("0g").is_err() && decode("g0").is_err() && decode("0").is_err());
    }
}
