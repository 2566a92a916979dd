//! `expand_message` (RFC 9380 §5.3): `expand_message_xmd` over a Merkle–Damgård hash (SHA-256,
//! SHA-512 from the `sha2` crate, which uses SHA-NI when the CPU has it) and
//! `expand_message_xof` over an extendable-output function (SHAKE128, SHAKE256 from `sha3`),
//! with the long-DST rule of §5.3.3.

use core::marker::PhantomData;

use sha2::digest::core_api::BlockSizeUser;
use sha2::digest::{Digest, ExtendableOutput, Update};

use crate::error::Error;

/// Prefix of the hashed tag that replaces a DST longer than 255 bytes (RFC 9380 §5.3.3).
const OVERSIZE_DST_PREFIX: &[u8] = b"H2C-OVERSIZE-DST-";
/// Longest DST used as is (RFC 9380 §5.3.1, §5.3.2: its length is one byte).
const MAX_DST: usize = 255;
/// Longest output (`len_in_bytes` is encoded in two bytes).
pub(crate) const MAX_LEN: usize = 65535;

/// An `expand_message` variant (RFC 9380 §5.3).
pub trait ExpandMessage {
    /// Fills `out` with `expand_message(msg, dst, out.len())`. Fails if `dst` is empty or
    /// `out` is longer than the variant allows.
    fn expand_message(msg: &[u8], dst: &[u8], out: &mut [u8]) -> Result<(), Error>;
}

/// `expand_message_xmd` (RFC 9380 §5.3.1) over the hash `H` (e.g. `sha2::Sha256`).
pub struct ExpandMsgXmd<H>(PhantomData<H>);

/// `expand_message_xof` (RFC 9380 §5.3.2) over the extendable-output function `H` (e.g.
/// `sha3::Shake128`).
pub struct ExpandMsgXof<H>(PhantomData<H>);

/// An extendable-output function with its target security level `k` (which fixes the length
/// `⌈2k/8⌉` of a hashed long DST, RFC 9380 §5.3.3).
pub trait Xof: Default + Update + ExtendableOutput {
    /// The security level `k` in bits.
    const SECURITY_BITS: usize;
}

impl Xof for sha3::Shake128 {
    const SECURITY_BITS: usize = 128;
}

impl Xof for sha3::Shake256 {
    const SECURITY_BITS: usize = 256;
}

/// A long DST replaced by its hash, or a short one as is; the storage for the hash lives here.
struct Dst {
    buf: [u8; MAX_DST],
    len: usize,
}

impl Dst {
    fn short(dst: &[u8]) -> Result<Option<&[u8]>, Error> {
        if dst.is_empty() {
            return Err(Error::EmptyDomainTag);
        }
        Ok((dst.len() <= MAX_DST).then_some(dst))
    }

    fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

impl<H: Digest + BlockSizeUser + Update> ExpandMessage for ExpandMsgXmd<H> {
    fn expand_message(msg: &[u8], dst: &[u8], out: &mut [u8]) -> Result<(), Error> {
        let b_in_bytes = <H as Digest>::output_size();
        let s_in_bytes = <H as BlockSizeUser>::block_size();
        let len = out.len();
        let max = MAX_LEN.min(255 * b_in_bytes);
        if len > max {
            return Err(Error::ExpandLength { max, got: len });
        }
        // §5.3.3: DST = H("H2C-OVERSIZE-DST-" || DST).
        let long;
        let dst = match Dst::short(dst)? {
            Some(d) => d,
            None => {
                let h = H::new().chain_update(OVERSIZE_DST_PREFIX).chain_update(dst).finalize();
                // A DST' longer than 255 bytes has no length byte (§5.3.3): such a hash is no
                // expand_message_xmd hash.
                if h.len() > MAX_DST {
                    return Err(Error::ExpandLength { max: MAX_DST, got: h.len() });
                }
                let mut buf = [0u8; MAX_DST];
                buf[..h.len()].copy_from_slice(&h);
                long = Dst { buf, len: h.len() };
                long.bytes()
            }
        };
        let dst_len = [dst.len() as u8];
        let with_dst = |h: H| h.chain_update(dst).chain_update(dst_len).finalize();

        // msg' = Z_pad || msg || I2OSP(len, 2) || I2OSP(0, 1) || DST'
        let mut h0 = H::new();
        let zeros = [0u8; 64];
        let mut pad = s_in_bytes;
        while pad > 0 {
            let n = pad.min(zeros.len());
            Digest::update(&mut h0, &zeros[..n]);
            pad -= n;
        }
        Digest::update(&mut h0, msg);
        Digest::update(&mut h0, (len as u16).to_be_bytes());
        Digest::update(&mut h0, [0u8]);
        let b0 = with_dst(h0);
        // b_1 = H(b_0 || 1 || DST'), b_i = H((b_0 XOR b_{i−1}) || i || DST').
        let mut bi = with_dst(H::new().chain_update(&b0).chain_update([1u8]));
        for (i, chunk) in out.chunks_mut(b_in_bytes).enumerate() {
            if i > 0 {
                let mut x = b0.clone();
                for (a, b) in x.iter_mut().zip(bi.iter()) {
                    *a ^= b;
                }
                bi = with_dst(H::new().chain_update(&x).chain_update([(i + 1) as u8]));
            }
            chunk.copy_from_slice(&bi[..chunk.len()]);
        }
        Ok(())
    }
}

impl<H: Xof> ExpandMessage for ExpandMsgXof<H> {
    fn expand_message(msg: &[u8], dst: &[u8], out: &mut [u8]) -> Result<(), Error> {
        let len = out.len();
        if len > MAX_LEN {
            return Err(Error::ExpandLength { max: MAX_LEN, got: len });
        }
        // §5.3.3: DST = H("H2C-OVERSIZE-DST-" || DST, ⌈2k/8⌉).
        let long;
        let dst = match Dst::short(dst)? {
            Some(d) => d,
            None => {
                let mut buf = [0u8; MAX_DST];
                let n = H::SECURITY_BITS.saturating_mul(2).div_ceil(8);
                if n > MAX_DST {
                    return Err(Error::ExpandLength { max: MAX_DST, got: n });
                }
                H::default().chain(OVERSIZE_DST_PREFIX).chain(dst).finalize_xof_into(&mut buf[..n]);
                long = Dst { buf, len: n };
                long.bytes()
            }
        };
        // msg' = msg || I2OSP(len, 2) || DST || I2OSP(len(DST), 1)
        H::default()
            .chain(msg)
            .chain((len as u16).to_be_bytes())
            .chain(dst)
            .chain([dst.len() as u8])
            .finalize_xof_into(out);
        Ok(())
    }
}
