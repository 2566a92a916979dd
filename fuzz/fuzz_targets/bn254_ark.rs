//! BN254 points in isochron's own `PointEncoding` for BN254, arkworks' `CanonicalSerialize`
//! format (little-endian coordinates, Fp2 as `c0 ‖ c1`, the flags in the top two bits of the
//! last byte: `0x80` "y is the larger root", `0x40` infinity), compressed (32/64 bytes) and
//! uncompressed (64/128 bytes), G1 and G2, with and without the subgroup check, against
//! `ark-bn254`'s `CanonicalDeserialize`. Input: a selector byte (bit 0: G2; bit 1:
//! uncompressed; bit 2: unchecked), then the encoding (any length).
//!
//! isochron accepts exactly one encoding per point; arkworks also reads a few non-canonical
//! ones (the infinity flag over non-zero bytes, an uncompressed sign flag that does not match
//! `y`), so the peer's verdict counts as an acceptance only when it re-encodes to the input.
#![no_main]

use isochron::curves::bn254 as iso;
use isochron_fuzz::{agree, decode_point};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, bytes)) = data.split_first() else { return };
    let (g2, compressed, checked) = (sel & 1 == 1, sel & 2 == 0, sel & 4 == 0);
    let what = format!(
        "bn254 {} {}{}",
        if g2 { "G2" } else { "G1" },
        if compressed { "compressed" } else { "uncompressed" },
        if checked { "" } else { " unchecked" }
    );
    let (ours, peer) = if g2 {
        (
            decode_point::<iso::G2Affine>(bytes, compressed, checked),
            peer::decode::<ark_bn254::G2Affine>(bytes, compressed, checked),
        )
    } else {
        (
            decode_point::<iso::G1Affine>(bytes, compressed, checked),
            peer::decode::<ark_bn254::G1Affine>(bytes, compressed, checked),
        )
    };
    agree(&what, bytes, ours, peer, true);
});

/// arkworks, the peer: `deserialize_with_mode` with the subgroup check (`Validate::Yes`) or
/// without; unvalidated uncompressed points are then held to the curve equation (isochron's
/// `_unchecked` skips only the subgroup check), and an acceptance must re-encode to the input.
mod peer {
    use ark_ec::short_weierstrass::{Affine, SWCurveConfig};
    use ark_ec::AffineRepr;
    use ark_serialize::{CanonicalDeserialize, CanonicalSerialize, Compress, Validate};

    pub fn decode<A>(b: &[u8], compressed: bool, checked: bool) -> Option<Vec<u8>>
    where
        A: CanonicalDeserialize + CanonicalSerialize + Into<Affine<<A as Curve>::Config>>,
        A: Curve,
    {
        let mode = if compressed { Compress::Yes } else { Compress::No };
        let validate = if checked { Validate::Yes } else { Validate::No };
        let p = A::deserialize_with_mode(b, mode, validate).ok()?;
        let mut out = Vec::new();
        p.serialize_with_mode(&mut out, mode).ok()?;
        let affine: Affine<<A as Curve>::Config> = p.into();
        if !(affine.is_zero() || affine.is_on_curve()) || out != b {
            return None;
        }
        Some(out)
    }

    /// The curve configuration of an arkworks affine point type.
    pub trait Curve {
        /// The configuration.
        type Config: SWCurveConfig;
    }
    impl<P: SWCurveConfig> Curve for Affine<P> {
        type Config = P;
    }
}
