//! arkworks' kernels (ark-ff 0.6 with its `asm` multiplication and squaring, which the build's
//! `target-cpu=native` activates), generic over `ark_ff::Field`.

use ark_ec::short_weierstrass::{Affine, Projective, SWCurveConfig};
use ark_ec::{CurveGroup, PrimeGroup};
use ark_ff::{
    AdditiveGroup, CubicExtConfig, CubicExtField, Field, Fp, FpConfig, PrimeField, QuadExtConfig, QuadExtField,
};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};

use crate::timing::{chain, repeat, Kernel};

/// An arkworks field element decoded from the benchmark's canonical big-endian bytes.
pub trait ArkDecode: Field {
    /// The element whose encoding (coefficients in tower order, lowest first) is `bytes`.
    fn decode(bytes: &[u8]) -> Self;
}

impl<P: FpConfig<N>, const N: usize> ArkDecode for Fp<P, N> {
    fn decode(bytes: &[u8]) -> Self {
        // The inputs are canonical (below the modulus), so no reduction happens.
        Self::from_be_bytes_mod_order(bytes)
    }
}

impl<P: QuadExtConfig> ArkDecode for QuadExtField<P>
where
    P::BaseField: ArkDecode,
{
    fn decode(bytes: &[u8]) -> Self {
        let (c0, c1) = bytes.split_at(bytes.len() / 2);
        Self::new(ArkDecode::decode(c0), ArkDecode::decode(c1))
    }
}

impl<P: CubicExtConfig> ArkDecode for CubicExtField<P>
where
    P::BaseField: ArkDecode,
{
    fn decode(bytes: &[u8]) -> Self {
        let third = bytes.len() / 3;
        let c = |i: usize| ArkDecode::decode(&bytes[i * third..(i + 1) * third]);
        Self::new(c(0), c(1), c(2))
    }
}

/// `x ← x·y`, chained, on inputs `[x, y]`.
pub fn mul<F: ArkDecode>(inputs: &[Vec<u8>]) -> Kernel {
    chain(F::decode(&inputs[0]), F::decode(&inputs[1]), |x, y| x * y)
}

/// `x ← x²`, chained, on input `[x]`.
pub fn square<F: ArkDecode>(inputs: &[Vec<u8>]) -> Kernel {
    chain(F::decode(&inputs[0]), (), |x, _| x.square())
}

/// `x ← x⁻¹`, chained, on input `[x]` (non-zero).
pub fn inverse<F: ArkDecode>(inputs: &[Vec<u8>]) -> Kernel {
    chain(F::decode(&inputs[0]), (), |x, _| x.inverse().expect("non-zero input"))
}

/// A square root of the same square, repeated, on input `[x]` (a square).
pub fn sqrt<F: ArkDecode>(inputs: &[Vec<u8>]) -> Kernel {
    repeat(F::decode(&inputs[0]), |x| x.sqrt().expect("a square input"))
}

/// `P = [a]G1`, `Q = [b]G2` from the op's two big-endian scalars.
fn points<E: ark_ec::pairing::Pairing>(inputs: &[Vec<u8>]) -> (E::G1Affine, E::G2Affine) {
    let a = E::ScalarField::from_be_bytes_mod_order(&inputs[0]);
    let b = E::ScalarField::from_be_bytes_mod_order(&inputs[1]);
    ((E::G1::generator() * a).into_affine(), (E::G2::generator() * b).into_affine())
}

/// The Miller loop of `e(P, Q)`.
pub fn miller_loop<E: ark_ec::pairing::Pairing>(inputs: &[Vec<u8>]) -> Kernel {
    repeat(points::<E>(inputs), |(p, q)| E::multi_miller_loop([*p], [*q]))
}

/// The final exponentiation of the Miller loop of `e(P, Q)`.
pub fn final_exp<E: ark_ec::pairing::Pairing>(inputs: &[Vec<u8>]) -> Kernel {
    let (p, q) = points::<E>(inputs);
    repeat(E::multi_miller_loop([p], [q]), |f| E::final_exponentiation(*f))
}

/// `e(P, Q)`.
pub fn pairing<E: ark_ec::pairing::Pairing>(inputs: &[Vec<u8>]) -> Kernel {
    repeat(points::<E>(inputs), |(p, q)| E::pairing(*p, *q))
}

/// `∏ e(Pᵢ, Qᵢ)` on the pairs `([aᵢ]G1, [bᵢ]G2)` of the inputs `a₁, b₁, a₂, …`.
pub fn multi_pairing<E: ark_ec::pairing::Pairing>(inputs: &[Vec<u8>]) -> Kernel {
    let (ps, qs): (Vec<_>, Vec<_>) = inputs.chunks(2).map(points::<E>).unzip();
    repeat((ps, qs), |(ps, qs)| E::multi_pairing(ps.iter().copied(), qs.iter().copied()))
}

/// `[a]G` for the curve's generator and a big-endian scalar.
fn point<P: SWCurveConfig>(k: &[u8]) -> Projective<P> {
    Projective::<P>::generator() * P::ScalarField::from_be_bytes_mod_order(k)
}

/// Group arithmetic by `op` on `P = [a]G`, `Q = [b]G`: `add`, `double`, and arkworks' one
/// scalar multiplication (variable time, double-and-add over the scalar's bits) for both
/// `mul_ct` and `mul_vartime`.
pub fn group<P: SWCurveConfig>(op: &str, inputs: &[Vec<u8>]) -> Kernel {
    let (p, q) = (point::<P>(&inputs[0]), point::<P>(&inputs[1]));
    let k = P::ScalarField::from_be_bytes_mod_order(&inputs[1]);
    match op {
        "add" => chain(p, q, |x, q| x + q),
        "double" => chain(p, (), |x, _| AdditiveGroup::double(&x)),
        "mul_ct" | "mul_vartime" => repeat((p, k), |(p, k)| *p * k),
        _ => panic!("arkworks has no group op {op}"),
    }
}

/// `is_in_correct_subgroup_assuming_on_curve` on the affine `P = [a]G`.
pub fn subgroup_check<P: SWCurveConfig>(inputs: &[Vec<u8>]) -> Kernel {
    repeat(point::<P>(&inputs[0]).into_affine(), |p| p.is_in_correct_subgroup_assuming_on_curve())
}

/// `deserialize_compressed` (with validation: on the curve, in the subgroup) of arkworks' own
/// compressed encoding of `P = [a]G`.
pub fn decompress_checked<P: SWCurveConfig>(inputs: &[Vec<u8>]) -> Kernel {
    let mut bytes = Vec::new();
    point::<P>(&inputs[0]).into_affine().serialize_compressed(&mut bytes).expect("serializable");
    repeat(bytes, |b| Affine::<P>::deserialize_compressed(b.as_slice()).expect("a valid encoding"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::Encode;
    use isochron::curves::{bls12_381, bn254};
    use rand_core::SeedableRng;

    /// The decoding agrees with isochron's encoding: `decode(x·y) = decode(x)·decode(y)`.
    fn agrees<I: isochron::field::Field + Encode, A: ArkDecode>() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        for _ in 0..20 {
            let (x, y) = (I::random(&mut rng), I::random(&mut rng));
            let (ax, ay) = (A::decode(&x.encode()), A::decode(&y.encode()));
            assert_eq!(A::decode(&(x * y).encode()), ax * ay);
            assert_eq!(A::decode(&x.square().encode()), ax.square());
        }
    }

    #[test]
    fn fields_agree_with_isochron() {
        agrees::<bls12_381::Fp, ark_bls12_381::Fq>();
        agrees::<bls12_381::Fp2, ark_bls12_381::Fq2>();
        agrees::<bls12_381::Fp12, ark_bls12_381::Fq12>();
        agrees::<bls12_381::Fr, ark_bls12_381::Fr>();
        agrees::<bn254::Fp, ark_bn254::Fq>();
    }
}
