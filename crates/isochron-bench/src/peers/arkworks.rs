//! arkworks' kernels (ark-ff 0.6 with its `asm` multiplication and squaring, which the build's
//! `target-cpu=native` activates), generic over `ark_ff::Field`.

use ark_ec::short_weierstrass::{Affine, Projective, SWCurveConfig};
use ark_ec::{CurveGroup, PrimeGroup};
use ark_ff::{
    AdditiveGroup, CubicExtConfig, CubicExtField, Field, Fp, FpConfig, PrimeField, QuadExtConfig, QuadExtField,
};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use {ark_bls12_381 as ark381, ark_bn254 as ark254};

use super::Peer;
use crate::fixtures::Fixtures;
use crate::op::{self, Curve, FieldOp, Group, GroupOp, Op, PairingOp};
use crate::timing::{chain, repeat, Kernel};

/// arkworks: every field, group and pairing op of both curves (not the protocols).
pub struct Arkworks;

impl Peer for Arkworks {
    fn name(&self) -> &'static str {
        "arkworks"
    }

    fn kernel(&self, op: Op, x: &[Vec<u8>], fixtures: &Fixtures) -> Option<Kernel> {
        match op {
            Op::Field(Curve::Bls12_381, op::Field::Fp, f) => Some(field::<ark381::Fq>(f, x)),
            Op::Field(Curve::Bls12_381, op::Field::Fp2, f) => Some(field::<ark381::Fq2>(f, x)),
            Op::Field(Curve::Bls12_381, op::Field::Fp12, f) => Some(field::<ark381::Fq12>(f, x)),
            Op::Field(Curve::Bls12_381, op::Field::Fr, f) => Some(field::<ark381::Fr>(f, x)),
            Op::Field(Curve::Bn254, op::Field::Fp, f) => Some(field::<ark254::Fq>(f, x)),
            Op::Field(Curve::Bn254, op::Field::Fp2, f) => Some(field::<ark254::Fq2>(f, x)),
            Op::Field(Curve::Bn254, op::Field::Fp12, f) => Some(field::<ark254::Fq12>(f, x)),
            Op::Field(Curve::Bn254, op::Field::Fr, f) => Some(field::<ark254::Fr>(f, x)),
            Op::Pairing(Curve::Bls12_381, p) => Some(pairing_op::<ark381::Bls12_381>(p, x)),
            Op::Pairing(Curve::Bn254, p) => Some(pairing_op::<ark254::Bn254>(p, x)),
            Op::Group(Curve::Bls12_381, Group::G1, g) => Some(group::<ark381::g1::Config>(g, x)),
            Op::Group(Curve::Bls12_381, Group::G2, g) => Some(group::<ark381::g2::Config>(g, x)),
            Op::Group(Curve::Bn254, Group::G1, g) => Some(group::<ark254::g1::Config>(g, x)),
            Op::Group(Curve::Bn254, Group::G2, g) => Some(group::<ark254::g2::Config>(g, x)),
            Op::Msm(_, _, op::Msm { parallel: true, .. }) => None,
            Op::Msm(Curve::Bls12_381, Group::G1, m) => {
                Some(msm::<ark381::g1::Config, isochron::curves::bls12_381::G1Curve>(op, m, fixtures))
            }
            Op::Msm(Curve::Bls12_381, Group::G2, m) => {
                Some(msm::<ark381::g2::Config, isochron::curves::bls12_381::G2Curve>(op, m, fixtures))
            }
            Op::Msm(Curve::Bn254, Group::G1, m) => {
                Some(msm::<ark254::g1::Config, isochron::curves::bn254::G1Curve>(op, m, fixtures))
            }
            Op::Msm(Curve::Bn254, Group::G2, m) => {
                Some(msm::<ark254::g2::Config, isochron::curves::bn254::G2Curve>(op, m, fixtures))
            }
            Op::HashToCurve(..)
            | Op::EthBls(_)
            | Op::Eip4844(_)
            | Op::Eip7594(_)
            | Op::Sec(..)
            | Op::Evm(_)
            | Op::C25519(..) => None,
            Op::FrFft(Curve::Bls12_381, _) => Some(fr_fft::<ark381::Fr>(x)),
            Op::FrFft(Curve::Bn254, _) => Some(fr_fft::<ark254::Fr>(x)),
        }
    }
}

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

/// Field arithmetic: `x ← x·y`, chained, on inputs `[x, y]`; `x ← x²` and `x ← x⁻¹` (`x`
/// non-zero), chained, on input `[x]`; a square root of the same square `x`, repeated.
pub fn field<F: ArkDecode>(op: FieldOp, inputs: &[Vec<u8>]) -> Kernel {
    match op {
        FieldOp::Mul => chain(F::decode(&inputs[0]), F::decode(&inputs[1]), |x, y| x * y),
        FieldOp::Square => chain(F::decode(&inputs[0]), (), |x, _| x.square()),
        FieldOp::Inverse => chain(F::decode(&inputs[0]), (), |x, _| x.inverse().expect("non-zero input")),
        FieldOp::Sqrt => repeat(F::decode(&inputs[0]), |x| x.sqrt().expect("a square input")),
    }
}

/// `P = [a]G1`, `Q = [b]G2` from the op's two big-endian scalars.
fn points<E: ark_ec::pairing::Pairing>(inputs: &[Vec<u8>]) -> (E::G1Affine, E::G2Affine) {
    let a = E::ScalarField::from_be_bytes_mod_order(&inputs[0]);
    let b = E::ScalarField::from_be_bytes_mod_order(&inputs[1]);
    ((E::G1::generator() * a).into_affine(), (E::G2::generator() * b).into_affine())
}

/// The Miller loop of `e(P, Q)`.
fn miller_loop<E: ark_ec::pairing::Pairing>(inputs: &[Vec<u8>]) -> Kernel {
    repeat(points::<E>(inputs), |(p, q)| E::multi_miller_loop([*p], [*q]))
}

/// The final exponentiation of the Miller loop of `e(P, Q)`.
fn final_exp<E: ark_ec::pairing::Pairing>(inputs: &[Vec<u8>]) -> Kernel {
    let (p, q) = points::<E>(inputs);
    repeat(E::multi_miller_loop([p], [q]), |f| E::final_exponentiation(*f))
}

/// `e(P, Q)`.
fn pairing<E: ark_ec::pairing::Pairing>(inputs: &[Vec<u8>]) -> Kernel {
    repeat(points::<E>(inputs), |(p, q)| E::pairing(*p, *q))
}

/// The pairing op `op` (`multi_pairing/n` on the `n` pairs of its inputs).
fn pairing_op<E: ark_ec::pairing::Pairing>(op: PairingOp, inputs: &[Vec<u8>]) -> Kernel {
    match op {
        PairingOp::MillerLoop => miller_loop::<E>(inputs),
        PairingOp::FinalExp => final_exp::<E>(inputs),
        PairingOp::Pairing => pairing::<E>(inputs),
        PairingOp::MultiPairing(_) => multi_pairing::<E>(inputs),
    }
}

/// `∏ e(Pᵢ, Qᵢ)` on the pairs `([aᵢ]G1, [bᵢ]G2)` of the inputs `a₁, b₁, a₂, …`.
fn multi_pairing<E: ark_ec::pairing::Pairing>(inputs: &[Vec<u8>]) -> Kernel {
    let (ps, qs): (Vec<_>, Vec<_>) = inputs.chunks(2).map(points::<E>).unzip();
    repeat((ps, qs), |(ps, qs)| E::multi_pairing(ps.iter().copied(), qs.iter().copied()))
}

/// `[a]G` for the curve's generator and a big-endian scalar.
fn point<P: SWCurveConfig>(k: &[u8]) -> Projective<P> {
    Projective::<P>::generator() * P::ScalarField::from_be_bytes_mod_order(k)
}

/// Group operations on `P = [a]G`, `Q = [b]G`: `add`, `double`, arkworks' one scalar
/// multiplication (variable time, double-and-add over the scalar's bits) for both `mul_ct`
/// and `mul_vartime`, `is_in_correct_subgroup_assuming_on_curve` on the affine `P`, and
/// `deserialize_compressed` (with validation: on the curve, in the subgroup) of arkworks' own
/// compressed encoding of `P`.
pub fn group<P: SWCurveConfig>(op: GroupOp, inputs: &[Vec<u8>]) -> Kernel {
    let p = point::<P>(&inputs[0]);
    match op {
        GroupOp::Add => chain(p, point::<P>(&inputs[1]), |x, q| x + q),
        GroupOp::Double => chain(p, (), |x, _| AdditiveGroup::double(&x)),
        GroupOp::MulCt | GroupOp::MulVartime => {
            repeat((p, P::ScalarField::from_be_bytes_mod_order(&inputs[1])), |(p, k)| *p * k)
        }
        GroupOp::SubgroupCheck => repeat(p.into_affine(), |p| p.is_in_correct_subgroup_assuming_on_curve()),
        GroupOp::DecompressChecked => {
            let mut bytes = Vec::new();
            p.into_affine().serialize_compressed(&mut bytes).expect("serializable");
            repeat(bytes, |b| Affine::<P>::deserialize_compressed(b.as_slice()).expect("a valid encoding"))
        }
    }
}

/// `Radix2EvaluationDomain::fft_in_place` (ark-poly, single-threaded) on a domain built
/// beforehand, each iteration on a fresh copy of the `n` coefficients of the inputs.
fn fr_fft<F: ArkDecode + ark_ff::FftField>(inputs: &[Vec<u8>]) -> Kernel {
    use ark_poly::EvaluationDomain;
    let domain = ark_poly::Radix2EvaluationDomain::<F>::new(inputs.len()).expect("a supported FFT size");
    let coeffs: Vec<F> = inputs.iter().map(|b| F::decode(b)).collect();
    repeat(coeffs, move |c| {
        let mut v = c.clone();
        domain.fft_in_place(&mut v);
        v
    })
}

/// `VariableBaseMSM::msm` over a group's shared MSM inputs (serial: the bench builds arkworks
/// without its `parallel` feature, so the `_par` ops have no arkworks line), converted once per
/// run: the coordinates through their canonical big-endian bytes, the scalars from their
/// little-endian bytes.
fn msm<P, C>(op: Op, m: op::Msm, fixtures: &Fixtures) -> Kernel
where
    P: SWCurveConfig,
    P::BaseField: ArkDecode,
    C: isochron::curve::short_weierstrass::SwCurve,
    C::Base: crate::ops::Encode,
{
    use crate::ops::Encode;
    let Op::Msm(curve, group, _) = op else { unreachable!("an MSM op") };
    let key = format!("arkworks/{}/msm_{}", curve.name(), group.name());
    let inputs = fixtures.shared(&key, || {
        let iso = crate::ops::msm_inputs::<isochron::curve::short_weierstrass::Projective<C>>(fixtures, curve, group);
        let points: Vec<Affine<P>> = iso
            .points
            .iter()
            .map(|p| Affine::new_unchecked(ArkDecode::decode(&p.x().encode()), ArkDecode::decode(&p.y().encode())))
            .collect();
        let scalars: Vec<P::ScalarField> =
            iso.scalars.iter().map(|k| P::ScalarField::from_le_bytes_mod_order(&k.to_bytes_le())).collect();
        (points, scalars)
    });
    let n = m.n;
    repeat(inputs, move |x| <Projective<P> as ark_ec::VariableBaseMSM>::msm(&x.0[..n], &x.1[..n]))
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
