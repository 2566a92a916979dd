//! serde `Serialize`/`Deserialize` (feature `serde`) for field elements, curve points, GT and
//! BLS public keys and signatures.
//!
//! Every value is written as its canonical encoding: a `0x`-prefixed lower-case hex string for
//! human-readable formats (JSON, TOML…), the bytes otherwise (bincode, CBOR…). The encodings:
//! a prime-field element big-endian, an Fp2 element `c1 ‖ c0` (ZCash order), a point its
//! curve's compressed encoding (BLS12-381: ZCash; BN254: arkworks), GT its twelve big-endian
//! coefficients ([`Gt::to_bytes`]), BLS keys and signatures their compressed encodings.
//! Deserialization checks everything the checked decoders do (length, canonical values, the
//! curve equation, the subgroup; GT membership) and reports the [`Error`] as the format's
//! error. Secret keys are deliberately not serializable (a serializer's buffers cannot be
//! zeroized).

use alloc::vec::Vec;
use core::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::ser::{self, Serializer};
use serde::{Deserialize, Serialize};

use crate::bls::{PublicKey, Signature, Variant};
use crate::codec::PointCodec;
use crate::curve::short_weierstrass::encoding::CoordinateEncoding;
use crate::curve::short_weierstrass::{Affine, Projective};
use crate::error::Error;
use crate::field::fp2::{Fp2, TowerParams};
use crate::field::{FieldParams, Fp};
use crate::pairing::{Gt, PairingParams};

/// The longest encoding (GT of BLS12-381, 576 bytes).
const MAX_LEN: usize = 576;

/// Writes `bytes` as `0x…` hex (human-readable formats) or as bytes.
fn serialize_encoding<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
    if !s.is_human_readable() {
        return s.serialize_bytes(bytes);
    }
    if bytes.len() > MAX_LEN {
        return Err(ser::Error::custom("encoding too long"));
    }
    let mut buf = [0u8; 2 + 2 * MAX_LEN];
    buf[..2].copy_from_slice(b"0x");
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    for (i, b) in bytes.iter().enumerate() {
        buf[2 + 2 * i] = DIGITS[(b >> 4) as usize];
        buf[3 + 2 * i] = DIGITS[(b & 0xf) as usize];
    }
    match core::str::from_utf8(&buf[..2 + 2 * bytes.len()]) {
        Ok(hex) => s.serialize_str(hex),
        Err(_) => Err(ser::Error::custom("hex digits are ASCII")),
    }
}

/// Reads what [`serialize_encoding`] wrote (a hex string, with or without `0x`, bytes, or a
/// sequence of bytes) and decodes it.
fn deserialize_encoding<'de, D: Deserializer<'de>, T>(
    d: D,
    what: &'static str,
    decode: impl FnOnce(&[u8]) -> Result<T, Error>,
) -> Result<T, D::Error> {
    let bytes = if d.is_human_readable() {
        d.deserialize_str(EncodingVisitor(what))?
    } else {
        d.deserialize_bytes(EncodingVisitor(what))?
    };
    decode(&bytes).map_err(de::Error::custom)
}

struct EncodingVisitor(&'static str);

fn hex_digit(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

impl<'de> Visitor<'de> for EncodingVisitor {
    type Value = Vec<u8>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} as a hex string or bytes", self.0)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Vec<u8>, E> {
        let h = v.strip_prefix("0x").unwrap_or(v).as_bytes();
        if !h.len().is_multiple_of(2) || h.len() > 2 * MAX_LEN {
            return Err(E::invalid_length(h.len() / 2, &self));
        }
        h.chunks_exact(2)
            .map(|p| Some(hex_digit(p[0])? << 4 | hex_digit(p[1])?))
            .collect::<Option<Vec<u8>>>()
            .ok_or_else(|| E::invalid_value(de::Unexpected::Str(v), &self))
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Vec<u8>, E> {
        if v.len() > MAX_LEN {
            return Err(E::invalid_length(v.len(), &self));
        }
        Ok(v.to_vec())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<u8>, A::Error> {
        let mut v = Vec::new();
        while let Some(b) = seq.next_element::<u8>()? {
            if v.len() == MAX_LEN {
                return Err(de::Error::invalid_length(v.len() + 1, &self));
            }
            v.push(b);
        }
        Ok(v)
    }
}

/// Serialize and Deserialize through an encoder and a checked decoder.
macro_rules! serde_via {
    ([$($gen:tt)*] $ty:ty $(where $($w:tt)*)?, $what:literal, |$x:ident| $enc:expr, $dec:expr) => {
        impl<$($gen)*> Serialize for $ty $(where $($w)*)? {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let $x = self;
                serialize_encoding($enc.as_ref(), s)
            }
        }
        impl<'de, $($gen)*> Deserialize<'de> for $ty $(where $($w)*)? {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                deserialize_encoding(d, $what, $dec)
            }
        }
    };
}

serde_via!([P: FieldParams<N>, const N: usize] Fp<P, N>, "a field element", |x| x.to_bytes_be(), Fp::from_bytes_be);

serde_via!([T: TowerParams<N>, const N: usize] Fp2<T, N>, "an Fp2 element", |x| {
    let mut out = [0u8; 96];
    x.write_be(&mut out[..16 * N]);
    FixedSlice(out, 16 * N)
}, |b: &[u8]| {
    if b.len() != 16 * N {
        return Err(Error::Length { expected: 16 * N, got: b.len() });
    }
    Fp2::read_be(b)
});

serde_via!([C: PointCodec] Affine<C>, "a compressed curve point", |p| C::compress(p), |b| C::decompress(b, true));
serde_via!([C: PointCodec] Projective<C>, "a compressed curve point", |p| C::compress(&p.to_affine()), |b| C::decompress(b, true).map(Projective::from));
serde_via!([E: PairingParams<N>, const N: usize] Gt<E, N>, "an element of GT", |g| g.to_bytes(), Gt::from_bytes);
serde_via!([V: Variant] PublicKey<V>, "a compressed BLS public key", |k| k.to_bytes(), PublicKey::from_bytes);
serde_via!([V: Variant] Signature<V>, "a compressed BLS signature", |s| s.to_bytes(), Signature::from_bytes);

/// The first `.1` bytes of a buffer.
struct FixedSlice<const L: usize>([u8; L], usize);

impl<const L: usize> AsRef<[u8]> for FixedSlice<L> {
    fn as_ref(&self) -> &[u8] {
        &self.0[..self.1]
    }
}

#[cfg(test)]
mod tests {
    use alloc::format;
    use alloc::string::String;

    use super::*;
    use crate::bls::{MinPk, MinSig, SecretKey};
    use crate::curve::Group;
    use crate::curves::{bls12_381, bn254};
    use crate::field::PrimeField;
    use crate::pairing::PairingEngine;
    use rand::SeedableRng;

    fn json_round_trip<T: Serialize + for<'de> Deserialize<'de> + PartialEq + fmt::Debug>(x: &T) -> String {
        let s = serde_json::to_string(x).unwrap();
        assert_eq!(&serde_json::from_str::<T>(&s).unwrap(), x, "{s}");
        // The bytes form, as non-human-readable formats see it.
        let bytes = serde_json::from_str::<String>(&s).unwrap();
        let raw: Vec<u8> =
            (0..bytes.len() / 2 - 1).map(|i| u8::from_str_radix(&bytes[2 + 2 * i..4 + 2 * i], 16).unwrap()).collect();
        let d = serde::de::value::BytesDeserializer::<serde::de::value::Error>::new(&raw);
        assert_eq!(&T::deserialize(d).unwrap(), x);
        s
    }

    #[test]
    fn round_trips() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        let k = bls12_381::Fr::random(&mut rng);
        let s = json_round_trip(&k);
        assert_eq!(s, format!("\"{k}\""));
        let s2 = s.clone();
        json_round_trip(&bn254::Fp::random(&mut rng));
        json_round_trip(&bls12_381::Fp2::random(&mut rng));
        json_round_trip(&bn254::Fp2::random(&mut rng));
        let g1 = bls12_381::G1Projective::random(&mut rng);
        let s = json_round_trip(&g1.to_affine());
        assert_eq!(s.len(), 2 + 2 + 96);
        json_round_trip(&g1);
        json_round_trip(&bls12_381::G2Projective::random(&mut rng).to_affine());
        json_round_trip(&bls12_381::G1Affine::identity());
        json_round_trip(&bn254::G1Projective::random(&mut rng).to_affine());
        json_round_trip(&bn254::G2Projective::random(&mut rng));
        let e = bls12_381::Bls12_381::pairing(&g1.to_affine(), &bls12_381::G2Affine::generator());
        json_round_trip(&e);
        json_round_trip(&bn254::Bn254::pairing(&bn254::G1Affine::generator(), &bn254::G2Affine::generator()));
        let sk = SecretKey::key_gen(&[7u8; 32], b"").unwrap();
        json_round_trip(&sk.public_key::<MinPk>());
        json_round_trip(&sk.public_key::<MinSig>());
        let sig = crate::bls::Signature::<MinPk>::from_affine(&bls12_381::G2Affine::generator()).unwrap();
        json_round_trip(&sig);
        // Hex without the prefix, and upper-case, are accepted too.
        let hex = s2.trim_matches('"').strip_prefix("0x").unwrap().to_uppercase();
        assert_eq!(serde_json::from_str::<bls12_381::Fr>(&format!("\"{hex}\"")).unwrap(), k);
    }

    #[test]
    fn rejections() {
        let err = |s: &str| serde_json::from_str::<bls12_381::G1Affine>(s).unwrap_err().to_string();
        let g = serde_json::to_string(&bls12_381::G1Affine::generator()).unwrap();
        // x = the generator's x + 1: not on the curve (or not in the subgroup).
        let mut x = bls12_381::G1Affine::generator().x().to_bytes_be().to_vec();
        x[47] ^= 1;
        x[0] |= 0x80;
        let bad = format!("\"0x{}\"", x.iter().map(|b| format!("{b:02x}")).collect::<String>());
        assert_ne!(bad, g);
        let e = err(&bad);
        assert!(e.contains("curve") || e.contains("subgroup"), "{e}");
        assert!(err("\"0x00\"").contains("length"));
        assert!(err("\"0xzz\"").contains("invalid value"));
        assert!(err("\"0x0\"").contains("invalid length"));
        assert!(err(&format!("\"0x{}\"", "00".repeat(MAX_LEN + 1))).contains("invalid length"));
        // A point of BN254 G2 outside the prime-order subgroup: x with a y, not in G2.
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(8);
        let off = loop {
            let x = bn254::Fp2::random(&mut rng);
            let y2 = x.square() * x + <bn254::G2Curve as crate::curve::short_weierstrass::SwCurve>::B;
            if let Some(y) = Option::<bn254::Fp2>::from(crate::field::SqrtField::sqrt(&y2)) {
                break bn254::G2Affine::from_xy(x, y).unwrap();
            }
        };
        let s = serde_json::to_string(&off).unwrap();
        let e = serde_json::from_str::<bn254::G2Affine>(&s).unwrap_err().to_string();
        assert!(e.contains("subgroup"), "{e}");
        // Non-canonical field element (p itself).
        let p = bn254::Fr::MODULUS;
        let be = crate::limbs::to_be_bytes(&p);
        let be = be.as_flattened();
        let s = format!("\"0x{}\"", be.iter().map(|b| format!("{b:02x}")).collect::<String>());
        assert!(serde_json::from_str::<bn254::Fr>(&s).unwrap_err().to_string().contains("non-canonical"));
        // Not in GT: one.
        let one = bls12_381::Gt::ONE;
        let mut bytes = one.to_bytes();
        bytes.as_mut()[47] = 2;
        let s = format!("\"0x{}\"", bytes.iter().map(|b| format!("{b:02x}")).collect::<String>());
        assert!(serde_json::from_str::<bls12_381::Gt>(&s).unwrap_err().to_string().contains("subgroup"));
        // The identity is no valid BLS public key.
        let s = serde_json::to_string(&bls12_381::G1Affine::identity()).unwrap();
        assert!(serde_json::from_str::<crate::bls::PublicKey<MinPk>>(&s).is_err());
    }
}
