//! BLS12-381 points in the ZCash encoding (compressed 48/96 bytes, uncompressed 96/192 bytes,
//! three flag bits), G1 and G2, with and without the subgroup check, against zkcrypto's
//! `bls12_381`. Input: a selector byte (bit 0: G2; bit 1: uncompressed; bit 2: unchecked), then
//! the encoding (any length).
#![no_main]

use isochron::curves::bls12_381 as iso;
use isochron_fuzz::{agree, decode_point};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, bytes)) = data.split_first() else { return };
    let (g2, compressed, checked) = (sel & 1 == 1, sel & 2 == 0, sel & 4 == 0);
    let what = format!(
        "bls12_381 {} {}{}",
        if g2 { "G2" } else { "G1" },
        if compressed { "compressed" } else { "uncompressed" },
        if checked { "" } else { " unchecked" }
    );
    let (ours, peer) = if g2 {
        (decode_point::<iso::G2Affine>(bytes, compressed, checked), peer::g2(bytes, compressed, checked))
    } else {
        (decode_point::<iso::G1Affine>(bytes, compressed, checked), peer::g1(bytes, compressed, checked))
    };
    agree(&what, bytes, ours, peer, true);
});

/// zkcrypto's `bls12_381`, the peer. Its decoders take fixed-size arrays (a wrong length is a
/// rejection); its `from_uncompressed_unchecked` skips the curve check too, so the unchecked
/// uncompressed case adds `is_on_curve` to match isochron's contract (subgroup check only
/// skipped).
mod peer {
    pub fn g1(b: &[u8], compressed: bool, checked: bool) -> Option<Vec<u8>> {
        use bls12_381::G1Affine as A;
        if compressed {
            let a: &[u8; 48] = b.try_into().ok()?;
            let p: Option<A> = if checked { A::from_compressed(a) } else { A::from_compressed_unchecked(a) }.into();
            Some(p?.to_compressed().to_vec())
        } else {
            let a: &[u8; 96] = b.try_into().ok()?;
            let p: Option<A> = if checked {
                A::from_uncompressed(a).into()
            } else {
                Option::<A>::from(A::from_uncompressed_unchecked(a)).filter(|p| bool::from(p.is_on_curve()))
            };
            Some(p?.to_uncompressed().to_vec())
        }
    }

    pub fn g2(b: &[u8], compressed: bool, checked: bool) -> Option<Vec<u8>> {
        use bls12_381::G2Affine as A;
        if compressed {
            let a: &[u8; 96] = b.try_into().ok()?;
            let p: Option<A> = if checked { A::from_compressed(a) } else { A::from_compressed_unchecked(a) }.into();
            Some(p?.to_compressed().to_vec())
        } else {
            let a: &[u8; 192] = b.try_into().ok()?;
            let p: Option<A> = if checked {
                A::from_uncompressed(a).into()
            } else {
                Option::<A>::from(A::from_uncompressed_unchecked(a)).filter(|p| bool::from(p.is_on_curve()))
            };
            Some(p?.to_uncompressed().to_vec())
        }
    }
}
