//! EIP-2537 padded encodings of BLS12-381 points, run through the precompiles' vectors
//! (go-ethereum `core/vm/testdata/precompiles/bls*.json`, see `vectors/SOURCES.md`): each
//! input is decoded with the EIP's rules, the operation is computed (G1ADD, G2ADD, G1MSM and
//! G2MSM with one pair, PAIRING), and the output re-encoded and compared; the failure files
//! must be rejected with the matching typed error. Also round trips and rejections on random
//! points.

use std::path::Path;

use isochron::curve::short_weierstrass::{Affine, Projective, Scalar, SwCurve};
use isochron::curve::PointEncoding;
use isochron::curves::bls12_381::{self, Bls12_381, G1Curve, G2Curve};
use isochron::field::{Field, FieldParams};
use isochron::Error;
use num_bigint::BigUint;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use serde_json::Value;

fn cases(file: &str) -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/evm").join(file);
    let v: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(!v.is_empty(), "{file}: no cases");
    v
}

fn unhex(v: &Value) -> Vec<u8> {
    hex::decode(v.as_str().unwrap()).unwrap()
}

/// Splits `input` into `k ≥ 1` chunks of `size` bytes (EIP-2537: MSM and PAIRING reject an
/// empty input and a length that is not a multiple).
fn chunks(input: &[u8], size: usize) -> Result<std::slice::Chunks<'_, u8>, Error> {
    if input.is_empty() || !input.len().is_multiple_of(size) {
        return Err(Error::Length { expected: size * (input.len() / size).max(1), got: input.len() });
    }
    Ok(input.chunks(size))
}

/// The per-curve EIP-2537 methods of BLS12-381 G1 and G2, for the generic precompiles below.
trait Eip2537: Sized {
    const SIZE: usize;
    fn encode(&self) -> Vec<u8>;
    fn decode(bytes: &[u8]) -> Result<Self, Error>;
    fn decode_unchecked(bytes: &[u8]) -> Result<Self, Error>;
}

macro_rules! eip2537 {
    ($a:ty, $size:literal) => {
        impl Eip2537 for $a {
            const SIZE: usize = $size;
            fn encode(&self) -> Vec<u8> {
                self.to_eip2537().to_vec()
            }
            fn decode(bytes: &[u8]) -> Result<Self, Error> {
                <$a>::from_eip2537(bytes)
            }
            fn decode_unchecked(bytes: &[u8]) -> Result<Self, Error> {
                <$a>::from_eip2537_unchecked(bytes)
            }
        }
    };
}
eip2537!(bls12_381::G1Affine, 128);
eip2537!(bls12_381::G2Affine, 256);

/// G1ADD / G2ADD: two points, on the curve (no subgroup check), their sum.
fn add<C: SwCurve>(input: &[u8]) -> Result<Vec<u8>, Error>
where
    Affine<C>: Eip2537,
{
    let size = Affine::<C>::SIZE;
    if input.len() != 2 * size {
        return Err(Error::Length { expected: 2 * size, got: input.len() });
    }
    let p = Affine::<C>::decode_unchecked(&input[..size])?;
    let q = Affine::<C>::decode_unchecked(&input[size..])?;
    Ok((p.to_projective() + q.to_projective()).to_affine().encode())
}

/// G1MSM / G2MSM: pairs of a subgroup point and a 32-byte big-endian scalar (any 256-bit
/// integer, taken mod r since the points have order r); the sum of the products.
fn msm<C: SwCurve>(input: &[u8]) -> Result<Vec<u8>, Error>
where
    Affine<C>: Eip2537,
{
    let size = Affine::<C>::SIZE;
    let r = BigUint::from_bytes_le(
        &<C::ScalarParams as FieldParams<4>>::MODULUS.iter().flat_map(|l| l.to_le_bytes()).collect::<Vec<_>>(),
    );
    let mut acc = Projective::<C>::identity();
    for c in chunks(input, size + 32)? {
        let p = Affine::<C>::decode(&c[..size])?;
        let k = BigUint::from_bytes_be(&c[size..]) % &r;
        let mut kb = [0u8; 32];
        let be = k.to_bytes_be();
        kb[32 - be.len()..].copy_from_slice(&be);
        let k = Scalar::<C>::from_bytes_be(&kb).unwrap();
        acc += p.to_projective().mul_vartime(&k);
    }
    Ok(acc.to_affine().encode())
}

/// PAIRING: pairs of a G1 and a G2 subgroup point; 32 bytes, the last one 1 iff the product of
/// the pairings is one.
fn pairing_check(input: &[u8]) -> Result<Vec<u8>, Error> {
    let (s1, s2) = (128, 256);
    let pairs = chunks(input, s1 + s2)?
        .map(|c| Ok((bls12_381::G1Affine::from_eip2537(&c[..s1])?, bls12_381::G2Affine::from_eip2537(&c[s1..])?)))
        .collect::<Result<Vec<_>, Error>>()?;
    let mut out = vec![0u8; 32];
    out[31] = <Bls12_381 as isochron::pairing::PairingEngine>::pairing_check(&pairs) as u8;
    Ok(out)
}

type Precompile = fn(&[u8]) -> Result<Vec<u8>, Error>;

/// `(vector file stem, implementation)`.
const PRECOMPILES: [(&str, Precompile); 5] = [
    ("blsG1Add", add::<G1Curve>),
    ("blsG2Add", add::<G2Curve>),
    ("blsG1Mul", msm::<G1Curve>),
    ("blsG2Mul", msm::<G2Curve>),
    ("blsPairing", pairing_check),
];

#[test]
fn precompile_vectors() {
    let mut ran = 0;
    for (stem, run) in PRECOMPILES {
        for case in cases(&format!("{stem}.json")) {
            let got = run(&unhex(&case["Input"]));
            assert_eq!(got, Ok(unhex(&case["Expected"])), "{stem} {}", case["Name"]);
            ran += 1;
        }
    }
    assert!(ran >= 352, "ran {ran}");
}

/// The failure vectors, each rejected with the error its `ExpectedError` names.
#[test]
fn precompile_failure_vectors() {
    let files: [(&str, Precompile); 7] = [
        ("fail-blsG1Add", add::<G1Curve>),
        ("fail-blsG2Add", add::<G2Curve>),
        ("fail-blsG1Mul", msm::<G1Curve>),
        ("fail-blsG2Mul", msm::<G2Curve>),
        ("fail-blsG1MultiExp", msm::<G1Curve>),
        ("fail-blsG2MultiExp", msm::<G2Curve>),
        ("fail-blsPairing", pairing_check),
    ];
    let mut ran = 0;
    for (stem, run) in files {
        for case in cases(&format!("{stem}.json")) {
            let name = &case["Name"];
            let got = run(&unhex(&case["Input"])).expect_err(&format!("{stem} {name}"));
            let expected = case["ExpectedError"].as_str().unwrap();
            let ok = match expected {
                "invalid input length" => matches!(got, Error::Length { .. }),
                "invalid field element top bytes" | "invalid fp.Element encoding" => got == Error::NonCanonical,
                "invalid point: not on curve" => got == Error::NotOnCurve,
                e if e.ends_with("point is not on correct subgroup") => got == Error::NotInSubgroup,
                e => panic!("{stem} {name}: unknown expected error {e:?}"),
            };
            assert!(ok, "{stem} {name}: expected {expected:?}, got {got:?}");
            ran += 1;
        }
    }
    assert!(ran >= 49, "ran {ran}");
}

macro_rules! round_trips {
    ($name:ident, $curve:ty, $size:literal) => {
        #[test]
        fn $name() {
            type A = Affine<$curve>;
            let mut rng = ChaCha20Rng::seed_from_u64(51);
            let buf: [u8; $size] = A::identity().to_eip2537();
            assert!(buf.iter().all(|&b| b == 0));
            assert!(bool::from(A::from_eip2537(&buf).unwrap().is_identity()));
            for _ in 0..8 {
                let p = Projective::<$curve>::generator().mul(&Scalar::<$curve>::random(&mut rng)).to_affine();
                let buf: [u8; $size] = p.to_eip2537();
                // Every 64-byte coefficient starts with 16 zero bytes.
                assert!(buf.chunks(64).all(|c| c[..16].iter().all(|&b| b == 0)));
                assert_eq!(A::from_eip2537(&buf), Ok(p));
                assert_eq!(A::from_eip2537_unchecked(&buf), Ok(p));
                // The x-coordinate's first coefficient agrees with the ZCash encoding's low
                // coefficient (Fp2: ZCash is c1 ‖ c0, EIP-2537 c0 ‖ c1).
                let z = p.to_uncompressed();
                let x_c0 = if $size == 128 { &z[..48] } else { &z[48..96] };
                assert_eq!(&buf[16..64], x_c0);
                // Wrong length, padding, non-canonical, off the curve.
                assert!(matches!(A::from_eip2537(&buf[1..]), Err(Error::Length { .. })));
                let mut bad = buf;
                bad[0] = 1;
                assert_eq!(A::from_eip2537(&bad), Err(Error::NonCanonical));
                let mut bad = buf;
                bad[16..64].copy_from_slice(&p_bytes());
                assert_eq!(A::from_eip2537(&bad), Err(Error::NonCanonical));
                let mut bad = buf;
                bad[$size - 1] ^= 1;
                assert_eq!(A::from_eip2537(&bad), Err(Error::NotOnCurve));
            }
        }
    };
}

/// The modulus p, big-endian (48 bytes): the smallest non-canonical coefficient.
fn p_bytes() -> [u8; 48] {
    let mut out = [0u8; 48];
    for (o, l) in out.chunks_mut(8).zip(bls12_381::FpParams::MODULUS.iter().rev()) {
        o.copy_from_slice(&l.to_be_bytes());
    }
    out
}

round_trips!(g1_round_trips, G1Curve, 128);
round_trips!(g2_round_trips, G2Curve, 256);

/// Points on the curve outside the subgroup: accepted by the unchecked decoder, rejected with
/// [`Error::NotInSubgroup`] by the checked one.
#[test]
fn subgroup_check_variant() {
    fn off_subgroup<C: SwCurve>(mut x: C::Base) -> Affine<C>
    where
        C::Base: isochron::field::SqrtField,
    {
        loop {
            x += C::Base::ONE;
            let y2 = x.square() * x + C::B;
            if let Some(y) = Option::<C::Base>::from(isochron::field::SqrtField::sqrt(&y2)) {
                let p = Affine::<C>::from_xy(x, y).unwrap();
                if !C::is_torsion_free_vartime(&p.to_projective()) {
                    return p;
                }
            }
        }
    }
    let p1 = off_subgroup::<G1Curve>(bls12_381::Fp::ZERO);
    let b1 = p1.to_eip2537();
    assert_eq!(bls12_381::G1Affine::from_eip2537_unchecked(&b1), Ok(p1));
    assert_eq!(bls12_381::G1Affine::from_eip2537(&b1), Err(Error::NotInSubgroup));
    let p2 = off_subgroup::<G2Curve>(bls12_381::Fp2::ZERO);
    let b2 = p2.to_eip2537();
    assert_eq!(bls12_381::G2Affine::from_eip2537_unchecked(&b2), Ok(p2));
    assert_eq!(bls12_381::G2Affine::from_eip2537(&b2), Err(Error::NotInSubgroup));
}
