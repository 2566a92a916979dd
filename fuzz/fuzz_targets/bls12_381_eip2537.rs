//! BLS12-381 points in the EIP-2537 encoding (`x ‖ y`, each Fp coefficient as 64 big-endian
//! bytes with 16 zero bytes on top, Fp2 as `c0 ‖ c1`, the identity all zeros), G1 (128 bytes)
//! and G2 (256 bytes), with the subgroup check (MSM, pairing) and without (G1ADD, G2ADD),
//! against arkworks. No peer library decodes EIP-2537 itself: the peer below applies the EIP's
//! padding rule and takes each coordinate, the curve and the subgroup checks from arkworks.
//! Input: a selector byte (bit 0: G2; bit 1: unchecked), then the encoding (any length).
#![no_main]

use isochron::curves::bls12_381 as iso;
use isochron_fuzz::agree;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, bytes)) = data.split_first() else { return };
    let (g2, checked) = (sel & 1 == 1, sel & 2 == 0);
    let what = format!("EIP-2537 {}{}", if g2 { "G2" } else { "G1" }, if checked { "" } else { " unchecked" });
    let (ours, peer) = if g2 {
        let p = if checked { iso::G2Affine::from_eip2537(bytes) } else { iso::G2Affine::from_eip2537_unchecked(bytes) };
        let ours = p.ok().map(|p| p.to_eip2537().to_vec());
        (ours, peer::g2(bytes, checked))
    } else {
        let p = if checked { iso::G1Affine::from_eip2537(bytes) } else { iso::G1Affine::from_eip2537_unchecked(bytes) };
        let ours = p.ok().map(|p| p.to_eip2537().to_vec());
        (ours, peer::g1(bytes, checked))
    };
    agree(&what, bytes, ours, peer, true);
});

/// arkworks (`ark-bls12-381`), the peer, behind EIP-2537's padding rule.
mod peer {
    use ark_bls12_381::{Fq, Fq2, G1Affine, G2Affine};
    use ark_ec::short_weierstrass::{Affine, SWCurveConfig};
    use ark_ec::AffineRepr;
    use ark_ff::{BigInteger, PrimeField, Zero};
    use ark_serialize::CanonicalDeserialize;

    /// One EIP-2537 Fp coefficient: 16 zero bytes, then 48 big-endian bytes below p (arkworks'
    /// canonical decoding).
    fn fp(b: &[u8]) -> Option<Fq> {
        let (pad, be) = b.split_at(16);
        if pad.iter().any(|&x| x != 0) {
            return None;
        }
        let le: Vec<u8> = be.iter().rev().copied().collect();
        Fq::deserialize_compressed(&le[..]).ok()
    }

    fn fp_out(x: &Fq, out: &mut Vec<u8>) {
        out.extend_from_slice(&[0u8; 16]);
        out.extend_from_slice(&x.into_bigint().to_bytes_be());
    }

    /// The point `(x, y)`, all zeros being the identity; on the curve, and in the subgroup if
    /// `checked`.
    fn point<C: SWCurveConfig>(x: C::BaseField, y: C::BaseField, checked: bool) -> Option<Affine<C>> {
        if x.is_zero() && y.is_zero() {
            return Some(Affine::identity());
        }
        let p = Affine::<C>::new_unchecked(x, y);
        (p.is_on_curve() && (!checked || p.is_in_correct_subgroup_assuming_on_curve())).then_some(p)
    }

    pub fn g1(b: &[u8], checked: bool) -> Option<Vec<u8>> {
        if b.len() != 128 {
            return None;
        }
        let p: G1Affine = point(fp(&b[..64])?, fp(&b[64..])?, checked)?;
        let mut out = Vec::with_capacity(128);
        if p.is_zero() {
            out.resize(128, 0);
        } else {
            fp_out(&p.x, &mut out);
            fp_out(&p.y, &mut out);
        }
        Some(out)
    }

    pub fn g2(b: &[u8], checked: bool) -> Option<Vec<u8>> {
        if b.len() != 256 {
            return None;
        }
        let x = Fq2::new(fp(&b[..64])?, fp(&b[64..128])?);
        let y = Fq2::new(fp(&b[128..192])?, fp(&b[192..])?);
        let p: G2Affine = point(x, y, checked)?;
        let mut out = Vec::with_capacity(256);
        if p.is_zero() {
            out.resize(256, 0);
        } else {
            for c in [&p.x.c0, &p.x.c1, &p.y.c0, &p.y.c1] {
                fp_out(c, &mut out);
            }
        }
        Some(out)
    }
}
