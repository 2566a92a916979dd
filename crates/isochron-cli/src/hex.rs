//! Hex arguments and output of the command line: input with or without a `0x`/`0X` prefix, in
//! either case; output in lower case without a prefix (DESIGN.md §3).

use std::fmt;

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
/// The empty string (or a bare prefix) is the empty byte string.
pub fn decode(s: &str) -> Result<Vec<u8>, HexError> {
    let h = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")).unwrap_or(s);
    if h.len() % 2 != 0 {
        return Err(HexError::OddLength);
    }
    let digit = |c: u8| -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            b'A'..=b'F' => Some(c - b'A' + 10),
            _ => None,
        }
    };
    h.as_bytes()
        .chunks(2)
        .map(|p| Some(digit(p[0])? << 4 | digit(p[1])?))
        .collect::<Option<Vec<u8>>>()
        .ok_or(HexError::InvalidDigit)
}

/// Lower-case hex of `bytes`, without a prefix.
pub fn encode(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
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
}
