//! The point encodings the `zkcrypto` and `serde` features use: each curve's own
//! [`PointEncoding`] (the ZCash format for BLS12-381, arkworks' for BN254), seen through
//! [`PointCodec`] with [`PointBytes`] arrays, which have the `Default` that zkcrypto's `Repr`
//! types need (`[u8; L]` lacks it for `L > 32`).

use core::fmt::Debug;

use crate::curve::short_weierstrass::{Affine, SwCurve};
use crate::curve::PointEncoding;
use crate::curves::{bls12_381, bn254};
use crate::error::Error;

/// A point encoding of fixed length `L`: a byte array with the traits the zkcrypto encodings
/// require.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PointBytes<const L: usize>(pub [u8; L]);

impl<const L: usize> Default for PointBytes<L> {
    fn default() -> Self {
        PointBytes([0; L])
    }
}

impl<const L: usize> AsRef<[u8]> for PointBytes<L> {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl<const L: usize> AsMut<[u8]> for PointBytes<L> {
    fn as_mut(&mut self) -> &mut [u8] {
        &mut self.0
    }
}

impl<const L: usize> Debug for PointBytes<L> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("0x")?;
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

/// What an encoding type must offer.
pub trait EncodingBytes: Copy + Default + Debug + Eq + Send + Sync + 'static + AsRef<[u8]> + AsMut<[u8]> {}
impl<const L: usize> EncodingBytes for PointBytes<L> {}

/// A curve's [`PointEncoding`] with [`PointBytes`] arrays; `checked` selects the subgroup check.
pub trait PointCodec: SwCurve {
    /// The compressed encoding.
    type Compressed: EncodingBytes;
    /// The uncompressed encoding.
    type Uncompressed: EncodingBytes;
    /// Encodes compressed.
    fn compress(p: &Affine<Self>) -> Self::Compressed;
    /// Encodes uncompressed.
    fn uncompress(p: &Affine<Self>) -> Self::Uncompressed;
    /// Decodes a compressed point.
    fn decompress(bytes: &[u8], checked: bool) -> Result<Affine<Self>, Error>;
    /// Decodes an uncompressed point.
    fn decode_uncompressed(bytes: &[u8], checked: bool) -> Result<Affine<Self>, Error>;
}

/// [`PointCodec`] from the curve's [`PointEncoding`] (`$c`/`$u` bytes).
macro_rules! point_codec {
    ($curve:ty, $c:literal, $u:literal) => {
        impl PointCodec for $curve {
            type Compressed = PointBytes<$c>;
            type Uncompressed = PointBytes<$u>;
            fn compress(p: &Affine<Self>) -> PointBytes<$c> {
                PointBytes(p.to_compressed())
            }
            fn uncompress(p: &Affine<Self>) -> PointBytes<$u> {
                PointBytes(p.to_uncompressed())
            }
            fn decompress(bytes: &[u8], checked: bool) -> Result<Affine<Self>, Error> {
                if checked {
                    Affine::from_compressed(bytes)
                } else {
                    Affine::from_compressed_unchecked(bytes)
                }
            }
            fn decode_uncompressed(bytes: &[u8], checked: bool) -> Result<Affine<Self>, Error> {
                if checked {
                    Affine::from_uncompressed(bytes)
                } else {
                    Affine::from_uncompressed_unchecked(bytes)
                }
            }
        }
    };
}

point_codec!(bls12_381::G1Curve, 48, 96);
point_codec!(bls12_381::G2Curve, 96, 192);
point_codec!(bn254::G1Curve, 32, 64);
point_codec!(bn254::G2Curve, 64, 128);
