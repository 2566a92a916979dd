//! BN254 (alt_bn128) points in the EVM encoding of EIP-196/197: big-endian `x ‖ y`, the
//! identity all zeros, G1 (64 bytes; cofactor 1) and G2 (128 bytes, each Fp2 as `c1 ‖ c0`,
//! subgroup checked), against substrate-bn, the BN254 library of several EVM clients (revm).
//! Input: a selector byte (bit 0: G2), then the encoding (any length).
#![no_main]

use isochron::curves::bn254 as iso;
use isochron_fuzz::agree;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, bytes)) = data.split_first() else { return };
    if sel & 1 == 1 {
        let ours = iso::G2Affine::from_evm_bytes(bytes).ok().map(|p| p.to_evm_bytes().to_vec());
        agree("bn254 G2 x‖y", bytes, ours, peer::g2(bytes), true);
    } else {
        let ours = iso::G1Affine::from_evm_bytes(bytes).ok().map(|p| p.to_evm_bytes().to_vec());
        agree("bn254 G1 x‖y", bytes, ours, peer::g1(bytes), true);
    }
});

/// substrate-bn, the peer, called the way EVM precompiles call it: each coordinate by
/// `Fq::from_slice` (32 bytes, below p), all zeros the identity, otherwise `AffineG1::new` /
/// `AffineG2::new` (curve check; subgroup check for G2).
mod peer {
    use substrate_bn::{AffineG1, AffineG2, Fq, Fq2};

    fn fq(b: &[u8]) -> Option<Fq> {
        Fq::from_slice(b).ok()
    }

    fn fq_out(x: Fq, out: &mut Vec<u8>) {
        let mut buf = [0u8; 32];
        x.to_big_endian(&mut buf).expect("32 bytes");
        out.extend_from_slice(&buf);
    }

    pub fn g1(b: &[u8]) -> Option<Vec<u8>> {
        if b.len() != 64 {
            return None;
        }
        let (x, y) = (fq(&b[..32])?, fq(&b[32..])?);
        if x.is_zero() && y.is_zero() {
            return Some(vec![0u8; 64]);
        }
        let p = AffineG1::new(x, y).ok()?;
        let mut out = Vec::with_capacity(64);
        fq_out(p.x(), &mut out);
        fq_out(p.y(), &mut out);
        Some(out)
    }

    pub fn g2(b: &[u8]) -> Option<Vec<u8>> {
        if b.len() != 128 {
            return None;
        }
        // EIP-197: each Fp2 element as (imaginary ‖ real).
        let x = Fq2::new(fq(&b[32..64])?, fq(&b[..32])?);
        let y = Fq2::new(fq(&b[96..])?, fq(&b[64..96])?);
        if x.is_zero() && y.is_zero() {
            return Some(vec![0u8; 128]);
        }
        let p = AffineG2::new(x, y).ok()?;
        let mut out = Vec::with_capacity(128);
        for c in [p.x().imaginary(), p.x().real(), p.y().imaginary(), p.y().real()] {
            fq_out(c, &mut out);
        }
        Some(out)
    }
}
