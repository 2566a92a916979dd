//! Signatures: decoding with every check and Aggregate (draft-irtf-cfrg-bls-signature-05
//! §2.8).

use core::marker::PhantomData;

use super::variant::Variant;
use crate::curve::{AffinePoint, Group, PointEncoding};
use crate::error::Error;

/// A BLS signature (or aggregate signature) of variant `V`: a point of the signature group in
/// the prime-order subgroup. The identity is a valid signature *encoding* (draft-05 §2.8:
/// signature_to_point and subgroup_check only; Ethereum's vectors aggregate it), though it
/// verifies against no valid key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Signature<V: Variant> {
    pub(crate) point: V::SigPoint,
    _variant: PhantomData<V>,
}

impl<V: Variant> Signature<V> {
    /// Decodes the compressed encoding with every check (draft-05 §2.8 steps 1–3,
    /// `signature_to_point` and `signature_subgroup_check`): length, flags, canonical, on the
    /// curve, in the subgroup.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        Ok(Self::from_point(V::SigPoint::from_compressed(bytes)?))
    }

    /// A signature from a point of the signature group, checking the curve and the subgroup.
    pub fn from_affine(point: &V::SigPoint) -> Result<Self, Error> {
        if !bool::from(point.is_on_curve()) {
            return Err(Error::NotOnCurve);
        }
        if !point.to_group().is_torsion_free_vartime() {
            return Err(Error::NotInSubgroup);
        }
        Ok(Self::from_point(*point))
    }

    pub(crate) fn from_point(point: V::SigPoint) -> Self {
        Signature { point, _variant: PhantomData }
    }

    /// The compressed encoding (96 bytes for [`super::MinPk`], 48 for [`super::MinSig`]).
    pub fn to_bytes(&self) -> V::SigBytes {
        self.point.to_compressed()
    }

    /// The point.
    pub fn as_affine(&self) -> &V::SigPoint {
        &self.point
    }

    /// Whether this is the identity (the "infinity signature", `0xc0` followed by zeros).
    pub fn is_identity(&self) -> bool {
        bool::from(self.point.is_identity())
    }

    /// Aggregate (draft-05 §2.8): the sum of the signatures. Fails on an empty list
    /// ([`Error::Empty`]), as the Ethereum vectors require; the signatures were checked when
    /// decoded.
    pub fn aggregate(signatures: &[Self]) -> Result<Self, Error> {
        if signatures.is_empty() {
            return Err(Error::Empty);
        }
        let sum = signatures.iter().fold(V::SigGroup::identity(), |acc, s| acc + s.point);
        Ok(Self::from_point(sum.to_affine()))
    }

    /// Aggregate of compressed encodings: decodes each with every check
    /// ([`Signature::from_bytes`]), then sums.
    pub fn aggregate_bytes<B: AsRef<[u8]>>(signatures: &[B]) -> Result<Self, Error> {
        if signatures.is_empty() {
            return Err(Error::Empty);
        }
        let mut sum = V::SigGroup::identity();
        for s in signatures {
            sum += &Self::from_bytes(s.as_ref())?.point;
        }
        Ok(Self::from_point(sum.to_affine()))
    }
}
