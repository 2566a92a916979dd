//! The tables of cases: [`constant_time`] must run clean under memcheck, [`leaky`] must be
//! reported. A new secret-handling function is one `case(...)` line in the matching table
//! builder (or a new builder called from [`constant_time`]).

use std::hint::black_box;

use isochron::ct::{
    ct_eq, ct_eq_slice, ct_ge, ct_ge_slice, ct_gt, ct_gt_slice, ct_le, ct_le_slice, ct_lt, ct_lt_slice, ct_ne,
    ct_ne_slice, ct_select, ct_select_slice, ct_swap, ct_swap_slice, Choice, ConditionallySelectable, ConstantTimeEq,
    Word,
};
use isochron::curve::PointEncoding;
use isochron::curves::curve25519::field::Fe25519;
use isochron::curves::{bls12_381, bn254, curve25519, p256, secp256k1};
use isochron::field::{Field, FieldParams, Fp, SqrtField};
use isochron::hazmat::limbs::mont;

use crate::secret::{reveal, secret, secret_in_place};
use crate::Case;

fn case(area: &str, op: &str, run: fn()) -> Case {
    Case { name: format!("{area}/{op}"), run }
}

/// Tower arithmetic (Fp2, Fp12) and group operations with secret scalars for one curve module.
macro_rules! tower_and_group_cases {
    ($curve:ident, $n:literal) => {{
        use $curve::{Fp12, Fp2, Fp6, FpParams, G1Projective, G2Projective};
        type S = isochron::curve::short_weierstrass::Scalar<$curve::G1Curve>;
        fn e2(k: u64) -> Fp2 {
            Fp2::new(el::<FpParams, $n>(k), el::<FpParams, $n>(k + 1))
        }
        fn e12(k: u64) -> Fp12 {
            Fp12::new(Fp6::new(e2(k), e2(k + 2), e2(k + 4)), Fp6::new(e2(k + 6), e2(k + 8), e2(k + 10)))
        }
        fn scalar() -> S {
            secret(S::from_u64(0x9e37_79b9_7f4a_7c15).pow_vartime(&[7]))
        }
        let area = concat!(stringify!($curve), "::");
        vec![
            case(area, "Fp2 mul", || reveal(secret(e2(1)) * secret(e2(3)))),
            case(area, "Fp2 square", || reveal(secret(e2(5)).square())),
            case(area, "Fp2 invert", || reveal(secret(e2(7)).invert())),
            case(area, "Fp2 sqrt", || reveal(<Fp2 as SqrtField>::sqrt(&secret(e2(9).square())))),
            case(area, "Fp12 mul", || reveal(secret(e12(1)) * secret(e12(20)))),
            case(area, "Fp12 square", || reveal(secret(e12(40)).square())),
            case(area, "Fp12 invert", || reveal(secret(e12(60)).invert())),
            case(area, "Fp12 pow", || reveal(secret(e12(80)).pow(&secret([u64::MAX / 5; 4])))),
            case(area, "G1 add/double", || {
                let p = secret(G1Projective::generator().mul_vartime(&S::from_u64(5)));
                reveal((p + p.double()).to_affine())
            }),
            case(area, "G1 mul (secret scalar)", || reveal(G1Projective::generator().mul(&scalar()))),
            case(area, "G2 mul (secret scalar)", || reveal(G2Projective::generator().mul(&scalar()))),
            case(area, "G1 mul_generator (table, secret scalar)", || reveal(G1Projective::mul_generator(&scalar()))),
            case(area, "G2 mul_generator (table, secret scalar)", || reveal(G2Projective::mul_generator(&scalar()))),
            case(area, "G1 mul (secret point, secret scalar)", || {
                let p = secret(G1Projective::generator().mul_vartime(&S::from_u64(7)));
                reveal(p.mul(&scalar()))
            }),
            case(area, "G2 mul (secret point, secret scalar)", || {
                let p = secret(G2Projective::generator().mul_vartime(&S::from_u64(7)));
                reveal(p.mul(&scalar()))
            }),
            case(area, "G1 GLV decomposition", || {
                use isochron::curve::short_weierstrass::SwCurve;
                let lattice = $curve::G1Curve::ENDOMORPHISM.expect("GLV").lattice;
                reveal(lattice.decompose(&scalar().to_canonical_limbs()))
            }),
            case(area, "G2 GLS decomposition", || {
                use isochron::curve::short_weierstrass::SwCurve;
                let lattice = $curve::G2Curve::ENDOMORPHISM.expect("GLS").lattice;
                reveal(lattice.decompose(&scalar().to_canonical_limbs()))
            }),
            case(area, "G1 mul (scalar 0)", || reveal(G1Projective::generator().mul(&secret(S::from_u64(0))))),
            case(area, "G1 to_affine", || reveal(secret(G1Projective::generator().double()).to_affine())),
            case(area, "G1 PointEncoding encoders (secret point)", || {
                let p = secret(G1Projective::generator().double().to_affine());
                reveal((p.to_compressed(), p.to_uncompressed()));
                reveal(secret($curve::G1Affine::identity()).to_compressed());
            }),
            case(area, "G2 PointEncoding encoders (secret point)", || {
                let p = secret(G2Projective::generator().double().to_affine());
                reveal((p.to_compressed(), p.to_uncompressed()));
                reveal(secret($curve::G2Affine::identity()).to_compressed());
            }),
            case(area, "G1 batch_normalize (secret points)", || {
                let g = G1Projective::generator();
                let pts = secret([g.double(), G1Projective::identity(), g.double().double()]);
                let out = <G1Projective as isochron::curve::Group>::batch_normalize(&pts);
                reveal(<[_; 3]>::try_from(out).expect("one output per point"))
            }),
            case(area, "G2 batch_normalize (secret points)", || {
                let g = G2Projective::generator();
                let pts = secret([g.double(), G2Projective::identity(), g.double().double()]);
                let out = <G2Projective as isochron::curve::Group>::batch_normalize(&pts);
                reveal(<[_; 3]>::try_from(out).expect("one output per point"))
            }),
            case(area, "Fp2 batch_invert (with a zero)", || {
                let mut v = secret([e2(11), Fp2::ZERO, e2(13)]);
                Fp2::batch_invert(&mut v);
                reveal(v)
            }),
        ]
    }};
}

/// Group operations with secret scalars and points on a prime-order curve without a pairing
/// (secp256k1 with GLV, P-256 with `a = −3`), and its SEC1 encoders.
macro_rules! prime_order_curve_cases {
    ($curve:ident, $c:ident) => {{
        use $curve::{Point, PointAffine};
        type S = isochron::curve::short_weierstrass::Scalar<$curve::$c>;
        fn scalar() -> S {
            secret(S::from_u64(0x9e37_79b9_7f4a_7c15).pow_vartime(&[7]))
        }
        let area = stringify!($curve);
        vec![
            case(area, "add/double/add_mixed (secret points)", || {
                let p = secret(Point::generator().mul_vartime(&S::from_u64(5)));
                let q = secret(Point::generator().mul_vartime(&S::from_u64(9)).to_affine());
                reveal((p + p.double()).add_mixed(&q).to_affine())
            }),
            case(area, "mul (secret scalar)", || reveal(Point::generator().mul(&scalar()))),
            case(area, "mul (secret point, secret scalar)", || {
                let p = secret(Point::generator().mul_vartime(&S::from_u64(7)));
                reveal(p.mul(&scalar()))
            }),
            case(area, "mul (scalar 0)", || reveal(Point::generator().mul(&secret(S::from_u64(0))))),
            case(area, "mul_generator (table, secret scalar)", || reveal(Point::mul_generator(&scalar()))),
            case(area, "to_affine", || reveal(secret(Point::generator().double()).to_affine())),
            case(area, "SEC1 encoders (secret point)", || {
                let p = secret(Point::generator().double().to_affine());
                reveal((p.to_sec1_compressed(), p.to_sec1_uncompressed()));
                reveal(secret(PointAffine::identity()).to_sec1_compressed());
            }),
        ]
    }};
}

/// ECDSA key decoding, signing (RFC 6979 nonces, with and without extra entropy) and ECDH with
/// a secret key on one curve. The documented public branches (the keys' verdicts, a rejected
/// nonce candidate, `r = 0` or `s = 0`, an identity ECDH result) are declassified by
/// `verdicts.supp`, function by function.
macro_rules! ecdsa_ecdh_cases {
    ($curve:ident, $c:ident) => {{
        use isochron::protocols::ecdh::shared_secret;
        use isochron::protocols::ecdsa::SigningKey;
        fn sk() -> SigningKey<$curve::$c> {
            let mut key = SigningKey::<$curve::$c>::from_bytes(&[0x3c; 32]).expect("a valid key");
            secret_in_place(&mut key);
            key
        }
        let area = concat!(stringify!($curve), "/ecdsa");
        vec![
            case(area, "SigningKey from_bytes (secret bytes)", || {
                reveal(SigningKey::<$curve::$c>::from_bytes(&secret([0x3cu8; 32])).map(|k| *k.to_bytes()))
            }),
            case(area, "sign_prehash (secret key)", || {
                reveal(sk().sign_prehash(&[7u8; 32]).map(|(sig, id)| (sig.to_bytes(), id.to_u8())))
            }),
            case(area, "sign_prehash (secret key, secret digest, extra entropy)", || {
                let sig = sk().sign_prehash_with_entropy(&secret([7u8; 32]), &secret([1u8; 32]));
                reveal(sig.map(|(sig, id)| (sig.to_bytes(), id.to_u8())))
            }),
            case(area, "SigningKey to_bytes", || reveal(*sk().to_bytes())),
            case(concat!(stringify!($curve), "/ecdh"), "shared_secret (secret key)", || {
                let peer = SigningKey::<$curve::$c>::from_bytes(&[0x55; 32]).expect("a valid key");
                reveal(shared_secret(&sk(), peer.verifying_key()).map(|s| *s))
            }),
        ]
    }};
}

/// BIP-340 key decoding and signing (secret key, secret auxiliary randomness).
fn bip340_cases() -> Vec<Case> {
    use isochron::protocols::bip340::SigningKey;
    type Sk = SigningKey<secp256k1::Secp256k1>;
    fn sk() -> Sk {
        let mut key = Sk::from_bytes(&[0x3c; 32]).expect("a valid key");
        secret_in_place(&mut key);
        key
    }
    let area = "secp256k1/bip340";
    vec![
        case(area, "SigningKey from_bytes (secret bytes)", || {
            reveal(Sk::from_bytes(&secret([0x3cu8; 32])).map(|k| k.verifying_key().to_bytes()))
        }),
        case(area, "sign (secret key, secret aux)", || reveal(sk().sign(b"message", &secret([5u8; 32])))),
        case(area, "sign (secret key, secret message)", || reveal(sk().sign(&secret([6u8; 32]), &[0u8; 32]))),
    ]
}

/// Every case that must not leak.
pub fn constant_time() -> Vec<Case> {
    let mut cases = Vec::new();
    cases.extend(word_cases::<u8>("ct/u8"));
    cases.extend(word_cases::<u16>("ct/u16"));
    cases.extend(word_cases::<u32>("ct/u32"));
    cases.extend(word_cases::<u64>("ct/u64"));
    cases.extend(slice_cases::<u8>("ct/[u8]"));
    cases.extend(slice_cases::<u64>("ct/[u64]"));
    cases.extend(field_cases::<bn254::FpParams, 4>("bn254::Fp"));
    cases.extend(field_cases::<bn254::FrParams, 4>("bn254::Fr"));
    cases.extend(field_cases::<bls12_381::FpParams, 6>("bls12_381::Fp"));
    cases.extend(field_cases::<bls12_381::FrParams, 4>("bls12_381::Fr"));
    cases.extend(field_cases::<secp256k1::FpParams, 4>("secp256k1::Fp"));
    cases.extend(field_cases::<secp256k1::FqParams, 4>("secp256k1::Fq"));
    cases.extend(field_cases::<p256::FpParams, 4>("p256::Fp"));
    cases.extend(field_cases::<p256::FqParams, 4>("p256::Fq"));
    cases.extend(fe25519_cases::<curve25519::field::Fe>("curve25519::Fe"));
    #[cfg(feature = "fiat")]
    cases.extend(fe25519_cases::<curve25519::field_fiat::FiatFe>("curve25519::FiatFe"));
    cases.extend(p25519_kernel_cases());
    cases.extend(prime_order_curve_cases!(secp256k1, Secp256k1));
    cases.extend(prime_order_curve_cases!(p256, P256));
    cases.extend(ecdsa_ecdh_cases!(secp256k1, Secp256k1));
    cases.extend(ecdsa_ecdh_cases!(p256, P256));
    cases.extend(bip340_cases());
    cases.push(case("secp256k1", "GLV decomposition", || {
        use isochron::curve::short_weierstrass::SwCurve;
        type S = isochron::curve::short_weierstrass::Scalar<secp256k1::Secp256k1>;
        let lattice = secp256k1::Secp256k1::ENDOMORPHISM.expect("GLV").lattice;
        let k = secret(S::from_u64(0x9e37_79b9_7f4a_7c15).pow_vartime(&[7]));
        reveal(lattice.decompose(&k.to_canonical_limbs()))
    }));
    cases.extend(tower_and_group_cases!(bn254, 4));
    cases.extend(tower_and_group_cases!(bls12_381, 6));
    cases.extend(evm_encoding_cases());
    cases.extend(hash_to_curve_cases());
    cases.extend(bls_cases());
    cases.extend(gt_cases::<bn254::Bn254>("bn254::GT"));
    cases.extend(gt_cases::<bls12_381::Bls12_381>("bls12_381::GT"));
    cases.extend(edwards25519_cases::<isochron::curves::curve25519::Fe>("edwards25519 (own field)"));
    #[cfg(feature = "fiat")]
    cases.extend(edwards25519_cases::<isochron::curves::curve25519::field_fiat::FiatFe>("edwards25519 (fiat field)"));
    cases.extend(curve25519_protocol_cases());
    cases.extend(ffi_cases());
    cases.extend(ristretto_h2c25519_cases::<isochron::curves::curve25519::Fe>("own field"));
    #[cfg(feature = "fiat")]
    cases.extend(ristretto_h2c25519_cases::<isochron::curves::curve25519::field_fiat::FiatFe>("fiat field"));
    cases
}

/// The curves' own fixed-array encoders beyond `PointEncoding` on secret points (BN254's
/// EIP-196/197 bytes, BLS12-381's EIP-2537 bytes), the identity included.
fn evm_encoding_cases() -> Vec<Case> {
    vec![
        case("bn254", "to_evm_bytes (secret points)", || {
            reveal(secret(bn254::G1Projective::generator().double().to_affine()).to_evm_bytes());
            reveal(secret(bn254::G2Projective::generator().double().to_affine()).to_evm_bytes());
            reveal(secret(bn254::G1Affine::identity()).to_evm_bytes());
        }),
        case("bls12_381", "to_eip2537 (secret points)", || {
            reveal(secret(bls12_381::G1Projective::generator().double().to_affine()).to_eip2537());
            reveal(secret(bls12_381::G2Projective::generator().double().to_affine()).to_eip2537());
            reveal(secret(bls12_381::G2Affine::identity()).to_eip2537());
        }),
    ]
}

/// The pairing target group with secret exponents and secret elements: exponentiation
/// (signed fixed windows, constant-time lookups), the final exponentiation of a secret Miller
/// loop value (its exponentiations by the family parameter: BLS12-381's compressed run with
/// one batched inversion, BN254's wNAF), multiplication, inversion, equality.
fn gt_cases<E: isochron::pairing::PairingEngine>(area: &str) -> Vec<Case> {
    use isochron::curve::AffinePoint;
    use isochron::field::{Field, PrimeField};
    use isochron::pairing::TargetGroup;
    fn base<E: isochron::pairing::PairingEngine>() -> E::Gt {
        E::pairing(&E::G1Affine::generator(), &E::G2Affine::generator())
    }
    fn k<E: isochron::pairing::PairingEngine>() -> E::Scalar {
        secret(E::Scalar::from_u64(0x9e37_79b9_7f4a_7c15).pow_vartime(&[9]))
    }
    vec![
        case(area, "pow (secret scalar)", || reveal(base::<E>().pow(&k::<E>()))),
        case(area, "pow (secret base, secret scalar)", || reveal(secret(base::<E>()).pow(&k::<E>()))),
        case(area, "pow (scalar 0)", || reveal(base::<E>().pow(&secret(E::Scalar::from_u64(0))))),
        case(area, "final_exponentiation (secret Miller loop value)", || {
            let f = E::miller_loop(&E::G1Affine::generator(), &E::G2Affine::generator());
            reveal(E::final_exponentiation(&secret(f)))
        }),
        case(area, "mul/square/invert", || {
            let g = secret(base::<E>());
            reveal(g * g.square().invert())
        }),
        case(area, "ct_eq/is_identity", || {
            let g = secret(base::<E>());
            reveal((g.ct_eq(&g), g.is_identity()))
        }),
    ]
}

/// RFC 9380 hashing to curves with the message or the field element secret: the maps, the
/// cofactor clearing and the whole hash must be constant time in the message.
fn hash_to_curve_cases() -> Vec<Case> {
    use isochron::curves::{bls12_381 as h, bn254 as hb};
    use isochron::hash_to_curve::Suite;
    const DST: &[u8] = b"QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_";
    let area = "hash_to_curve";
    vec![
        case(area, "bls12_381 G1 map_to_curve (secret u)", || {
            reveal(h::G1Suite::map_to_curve(&s::<bls12_381::FpParams, 6>(130)))
        }),
        case(area, "bls12_381 G2 map_to_curve (secret u)", || {
            let u = bls12_381::Fp2::new(el(131), el(132));
            reveal(h::G2Suite::map_to_curve(&secret(u)))
        }),
        case(area, "bls12_381 G2 clear_cofactor (secret point)", || {
            let p = h::G2Suite::map_to_curve(&bls12_381::Fp2::new(el(133), el(134)));
            reveal(h::G2Suite::clear_cofactor(&secret(p)))
        }),
        case(area, "bls12_381 hash_to_g1 (secret msg)", || reveal(h::hash_to_g1(&secret([7u8; 32]), DST))),
        case(area, "bls12_381 hash_to_g2 (secret msg)", || reveal(h::hash_to_g2(&secret([7u8; 32]), DST))),
        case(area, "bls12_381 encode_to_g1 (secret msg)", || reveal(h::encode_to_g1(&secret([8u8; 32]), DST))),
        case(area, "bls12_381 encode_to_g2 (secret msg)", || reveal(h::encode_to_g2(&secret([8u8; 32]), DST))),
        case(area, "bn254 SVDW map_to_curve (secret u)", || {
            reveal(hb::G1Suite::map_to_curve(&s::<bn254::FpParams, 4>(135)))
        }),
    ]
}

/// BLS signatures with the secret key (and, for Sign, the message) secret: KeyGen (one round,
/// `hkdf_mod_r`: HKDF-SHA256 and the reduction mod r, with a short and a long salt; and the
/// whole `key_gen`), the key's decoding and encoding, SkToPk, Sign, PopProve. The documented
/// public branches on secret-derived bits (KeyGen's loop condition, a round's output being
/// zero with probability 2⁻²⁵⁵; `SecretKey::from_bytes`'s verdict, valid or not) are
/// declassified by `verdicts.supp`, which names them function by function.
fn bls_cases() -> Vec<Case> {
    use isochron::bls::{eth, hkdf_mod_r, Ciphersuite, MessageAugmentation, MinPk, MinSig, SecretKey};
    fn sk() -> SecretKey {
        let mut b = [0x3cu8; 32];
        b[0] = 0x2a;
        let mut sk = SecretKey::from_bytes(&b).expect("a valid key");
        secret_in_place(&mut sk);
        sk
    }
    let area = "bls";
    vec![
        case(area, "KeyGen round hkdf_mod_r (secret IKM)", || reveal(hkdf_mod_r(&secret([0x5au8; 32]), b"salt", b""))),
        case(area, "KeyGen round hkdf_mod_r (secret IKM, 100-byte salt)", || {
            reveal(hkdf_mod_r(&secret([0x5au8; 32]), &[0x11; 100], b"info"))
        }),
        case(area, "KeyGen key_gen (secret IKM)", || {
            reveal(SecretKey::key_gen(&secret([0x5au8; 32]), b"").map(|sk| *sk.to_bytes()))
        }),
        case(area, "KeyGen eth::key_gen (secret IKM)", || {
            reveal(eth::key_gen(&secret([0x5bu8; 48])).map(|sk| *sk.to_bytes()))
        }),
        case(area, "SecretKey from_bytes (secret bytes)", || {
            let mut b = [0x3cu8; 32];
            b[0] = 0x2a;
            reveal(SecretKey::from_bytes(&secret(b)).map(|sk| *sk.to_bytes()))
        }),
        case(area, "SkToPk min_pk (secret key)", || reveal(sk().public_key::<MinPk>().to_bytes())),
        case(area, "SkToPk min_sig (secret key)", || reveal(sk().public_key::<MinSig>().to_bytes())),
        case(area, "Sign eth (secret key)", || reveal(eth::sign(&sk(), b"public message").to_bytes())),
        case(area, "Sign eth (secret key, secret message)", || reveal(eth::sign(&sk(), &secret([9u8; 32])).to_bytes())),
        case(area, "Sign min_sig aug (secret key)", || {
            reveal(Ciphersuite::<MinSig, MessageAugmentation>::sign(&sk(), b"m").to_bytes())
        }),
        case(area, "PopProve eth (secret key)", || reveal(eth::pop_prove(&sk()).to_bytes())),
        case(area, "SecretKey to_bytes", || reveal(*sk().to_bytes())),
    ]
}

/// Public sample words (golden-ratio multiples), made secret by each case.
fn w<W: Word>(k: u64) -> W {
    W::from_u64(k.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

fn yes() -> Choice {
    Choice::from(1)
}

fn word_cases<W: Word>(area: &str) -> Vec<Case> {
    vec![
        case(area, "eq", || reveal(ct_eq(secret(w::<W>(1)), secret(w::<W>(2))))),
        case(area, "ne", || reveal(ct_ne(secret(w::<W>(1)), secret(w::<W>(1))))),
        case(area, "lt", || reveal(ct_lt(secret(w::<W>(1)), secret(w::<W>(2))))),
        case(area, "le", || reveal(ct_le(secret(w::<W>(3)), secret(w::<W>(2))))),
        case(area, "gt", || reveal(ct_gt(secret(w::<W>(1)), secret(w::<W>(2))))),
        case(area, "ge", || reveal(ct_ge(secret(w::<W>(3)), secret(w::<W>(2))))),
        case(area, "select", || reveal(ct_select(secret(w::<W>(1)), secret(w::<W>(2)), secret(yes())))),
        case(area, "swap", || {
            let (mut a, mut b) = (secret(w::<W>(1)), secret(w::<W>(2)));
            ct_swap(&mut a, &mut b, secret(yes()));
            reveal((a, b));
        }),
    ]
}

/// A secret 5-word array (an odd length, so no width-specific unrolling hides a tail).
fn arr<W: Word>(k: u64) -> [W; 5] {
    secret([w(k), w(k + 1), w(k + 2), w(k + 3), w(k + 4)])
}

fn slice_cases<W: Word>(area: &str) -> Vec<Case> {
    vec![
        case(area, "eq", || reveal(ct_eq_slice(&arr::<W>(1), &arr::<W>(1)))),
        case(area, "ne", || reveal(ct_ne_slice(&arr::<W>(1), &arr::<W>(2)))),
        case(area, "lt", || reveal(ct_lt_slice(&arr::<W>(1), &arr::<W>(2)))),
        case(area, "le", || reveal(ct_le_slice(&arr::<W>(3), &arr::<W>(2)))),
        case(area, "gt", || reveal(ct_gt_slice(&arr::<W>(1), &arr::<W>(2)))),
        case(area, "ge", || reveal(ct_ge_slice(&arr::<W>(3), &arr::<W>(2)))),
        case(area, "select", || {
            let mut out = [w::<W>(0); 5];
            ct_select_slice(&mut out, &arr::<W>(1), &arr::<W>(2), secret(yes())).expect("same lengths");
            reveal(out);
        }),
        case(area, "swap", || {
            let (mut a, mut b) = (arr::<W>(1), arr::<W>(2));
            ct_swap_slice(&mut a, &mut b, secret(yes())).expect("same lengths");
            reveal((a, b));
        }),
    ]
}

/// A public sample element `3^k` (spread over the whole field), made secret by each case.
fn el<P: FieldParams<N>, const N: usize>(k: u64) -> Fp<P, N> {
    (Fp::<P, N>::ONE.double() + Fp::<P, N>::ONE).pow_vartime(&[k])
}

/// A secret element.
fn s<P: FieldParams<N>, const N: usize>(k: u64) -> Fp<P, N> {
    secret(el::<P, N>(k))
}

fn field_cases<P: FieldParams<N>, const N: usize>(area: &str) -> Vec<Case> {
    vec![
        case(area, "mul", || reveal(s::<P, N>(101) * s::<P, N>(102))),
        case(area, "square", || reveal(s::<P, N>(103).square())),
        case(area, "add", || reveal(s::<P, N>(104) + s::<P, N>(105))),
        case(area, "sub", || reveal(s::<P, N>(106) - s::<P, N>(107))),
        case(area, "neg", || reveal(-s::<P, N>(108))),
        case(area, "neg(0)", || reveal(-secret(Fp::<P, N>::ZERO))),
        case(area, "double", || reveal(s::<P, N>(109).double())),
        case(area, "halve", || reveal(s::<P, N>(110).halve())),
        case(area, "invert", || reveal(s::<P, N>(111).invert())),
        case(area, "invert(0)", || reveal(secret(Fp::<P, N>::ZERO).invert())),
        case(area, "pow", || reveal(s::<P, N>(112).pow(&secret([u64::MAX / 3; 4])))),
        case(area, "is_zero", || reveal(s::<P, N>(113).is_zero())),
        case(area, "batch_invert (with a zero)", || {
            let mut v = secret([el::<P, N>(123), Fp::<P, N>::ZERO, el::<P, N>(124), el::<P, N>(125)]);
            Fp::<P, N>::batch_invert(&mut v);
            reveal(v)
        }),
        case(area, "ct_eq", || reveal(s::<P, N>(114).ct_eq(&s::<P, N>(114)))),
        case(area, "conditional_select", || {
            reveal(Fp::conditional_select(&s::<P, N>(115), &s::<P, N>(116), secret(yes())))
        }),
        case(area, "sqrt (square)", || reveal(<Fp<P, N> as SqrtField>::sqrt(&secret(el::<P, N>(120).square())))),
        case(area, "sqrt (any)", || reveal(<Fp<P, N> as SqrtField>::sqrt(&s::<P, N>(121)))),
        case(area, "sqrt(0)", || reveal(<Fp<P, N> as SqrtField>::sqrt(&secret(Fp::<P, N>::ZERO)))),
        case(area, "is_square", || reveal(<Fp<P, N> as SqrtField>::is_square(&s::<P, N>(122)))),
        // The portable Montgomery kernels, whichever path the field operations select.
        case(area, "mont::mul (portable)", || {
            let (a, b) = (s::<P, N>(117), s::<P, N>(118));
            reveal(mont::mul(a.mont_limbs(), b.mont_limbs(), &P::MODULUS, P::INV))
        }),
        case(area, "mont::sqr (portable)", || reveal(mont::sqr(s::<P, N>(119).mont_limbs(), &P::MODULUS, P::INV))),
    ]
}

/// A public sample element of GF(2^255 − 19), `3^k`, made secret by each case.
fn fe<F: Fe25519>(k: u64) -> F {
    F::from_u64(3).pow_vartime(&[k])
}

/// A secret element of GF(2^255 − 19).
fn sfe<F: Fe25519>(k: u64) -> F {
    secret(fe::<F>(k))
}

/// The Curve25519 base field on one backend (isochron's own `Fe`, fiat-crypto's `FiatFe`):
/// arithmetic, the Fermat inversion and `(p − 5)/8` chains, RFC 9496's `SQRT_RATIO_M1`, the
/// encodings (canonical reduction, the canonicity flag of decoding) and selection.
fn fe25519_cases<F: Fe25519>(area: &str) -> Vec<Case> {
    vec![
        case(area, "mul", || reveal(sfe::<F>(201) * sfe::<F>(202))),
        case(area, "square", || reveal(sfe::<F>(203).square())),
        case(area, "add/sub/neg", || reveal((sfe::<F>(204) + sfe::<F>(205)) - (-sfe::<F>(206)))),
        case(area, "neg(0)", || reveal(-secret(F::ZERO))),
        case(area, "mul_small", || reveal((sfe::<F>(207).mul_small(121_666), sfe::<F>(207).mul_small(19)))),
        case(area, "halve", || reveal(sfe::<F>(208).halve())),
        case(area, "invert", || reveal(sfe::<F>(209).invert())),
        case(area, "invert(0)", || reveal(secret(F::ZERO).invert())),
        case(area, "pow_p58", || reveal(sfe::<F>(210).pow_p58())),
        case(area, "sqrt_ratio_m1 (square)", || {
            let v = sfe::<F>(211);
            reveal(F::sqrt_ratio_m1(&(v * sfe::<F>(212).square()), &v))
        }),
        case(area, "sqrt_ratio_m1 (non-square)", || reveal(F::sqrt_ratio_m1(&secret(F::from_u64(2)), &sfe::<F>(213)))),
        case(area, "sqrt_ratio_m1 (u = 0, v = 0)", || reveal(F::sqrt_ratio_m1(&secret(F::ZERO), &secret(F::ZERO)))),
        case(area, "sqrt / is_square", || {
            let x = sfe::<F>(214);
            reveal((<F as SqrtField>::sqrt(&x.square()), <F as SqrtField>::is_square(&x)))
        }),
        case(area, "to_bytes", || reveal(sfe::<F>(215).to_bytes())),
        case(area, "to_bytes (p − 1 + p, weakly reduced)", || reveal((secret(-F::ONE) + secret(-F::ONE)).to_bytes())),
        case(area, "from_bytes / from_bytes_checked", || {
            let mut b = fe::<F>(216).to_bytes();
            b[31] |= 0x80;
            let b = secret(b);
            reveal((F::from_bytes(&b), F::from_bytes_checked(&b)))
        }),
        case(area, "from_bytes_checked (non-canonical p + 1)", || {
            let mut b = [0xffu8; 32];
            b[0] = 0xee;
            b[31] = 0x7f;
            reveal(F::from_bytes_checked(&secret(b)))
        }),
        case(area, "is_zero / ct_eq / is_negative / abs", || {
            let (x, y) = (sfe::<F>(217), sfe::<F>(217));
            reveal((x.is_zero(), x.ct_eq(&y), x.is_negative(), x.abs()))
        }),
        case(area, "conditional_select", || {
            reveal(F::conditional_select(&sfe::<F>(218), &sfe::<F>(219), secret(yes())))
        }),
    ]
}

/// The portable kernels of GF(2^255 − 19) (`hazmat::limbs::p25519`), whichever path `Fe`
/// selects (the x86-64 builds run its assembly for products, squares, sums and differences).
fn p25519_kernel_cases() -> Vec<Case> {
    use isochron::hazmat::limbs::p25519;
    fn l(k: u64) -> [u64; 4] {
        secret([k.wrapping_mul(0x9e37_79b9_7f4a_7c15), !k, k.rotate_left(17), u64::MAX - k])
    }
    let area = "curve25519::p25519 (portable)";
    vec![
        case(area, "mul", || reveal(p25519::mul(&l(1), &l(2)))),
        case(area, "sqr", || reveal(p25519::sqr(&l(3)))),
        case(area, "add/sub/neg", || reveal(p25519::neg(&p25519::sub(&p25519::add(&l(4), &l(5)), &l(6))))),
        case(area, "mul_small", || reveal(p25519::mul_small(&l(7), 121_666))),
        case(area, "canonical/halve", || reveal((p25519::canonical_ct(&l(8)), p25519::halve(&l(9))))),
    ]
}

/// Deliberately leaky functions: the negative control, each must be reported.
pub fn leaky() -> Vec<Case> {
    vec![
        case("leaky", "branch on a secret byte", || {
            // Each iteration decides a jump on the secret trip count.
            let n = secret(5u8);
            let mut acc = 0u32;
            for _ in 0..n {
                acc = black_box(acc + 1);
            }
            reveal(acc);
        }),
        case("leaky", "table index by a secret byte", || {
            static TABLE: [u8; 256] = {
                let mut t = [0u8; 256];
                let mut i = 0;
                while i < 256 {
                    t[i] = (i as u8).wrapping_mul(167);
                    i += 1;
                }
                t
            };
            reveal(black_box(&TABLE)[usize::from(secret(42u8))]);
        }),
        case("leaky", "early-exit search for the first differing byte", || {
            let (a, mut b) = ([7u8; 32], [7u8; 32]);
            b[20] = 8;
            let (a, b) = (secret(a), secret(b));
            reveal(a.iter().zip(&b).position(|(x, y)| x != y));
        }),
        case("leaky", "Fp::pow_vartime with a secret exponent", || {
            reveal(el::<bn254::FpParams, 4>(3).pow_vartime(&secret([0x1234_5678_9abc_def0u64; 4])));
        }),
    ]
}

/// Edwards25519 constant-time scalar multiplication (variable base and the base point's
/// table) and encoding with secret scalars and points, on one field backend.
fn edwards25519_cases<F: isochron::curves::curve25519::edwards::EdwardsField>(area: &'static str) -> Vec<Case> {
    use isochron::curves::curve25519::edwards::EdwardsPoint;
    use isochron::curves::curve25519::Scalar;
    // A `fn` item cannot capture `F`: each case is a generic function instantiated here.
    fn k() -> Scalar {
        secret(Scalar::from_u64(0x9e37_79b9_7f4a_7c15).pow_vartime(&[7]))
    }
    fn mul_ct<F: isochron::curves::curve25519::edwards::EdwardsField>() {
        let p = EdwardsPoint::<F>::basepoint().mul_vartime(&Scalar::from_u64(5));
        reveal(p.mul_ct(&k()).compress())
    }
    fn mul_base<F: isochron::curves::curve25519::edwards::EdwardsField>() {
        reveal(EdwardsPoint::<F>::mul_base(&k()).compress())
    }
    fn compress<F: isochron::curves::curve25519::edwards::EdwardsField>() {
        let p = secret(EdwardsPoint::<F>::basepoint().mul_vartime(&Scalar::from_u64(9)));
        reveal(p.compress())
    }
    vec![
        case(area, "mul_ct (secret scalar)", mul_ct::<F>),
        case(area, "mul_base (secret scalar)", mul_base::<F>),
        case(area, "compress (secret point)", compress::<F>),
    ]
}

/// Ed25519 key expansion and signing, X25519 public keys and shared secrets, with secret seeds
/// and keys; on the field backend of the build (fiat-crypto's with the feature `fiat`). The
/// all-zero X25519 verdict is declassified by `verdicts.supp` (`zero_verdict`).
fn curve25519_protocol_cases() -> Vec<Case> {
    use isochron::protocols::{ed25519, x25519};
    vec![
        case("ed25519", "SigningKey from_seed (secret seed)", || {
            reveal(ed25519::SigningKey::from_seed(&secret([0x3cu8; 32])).public_key())
        }),
        case("ed25519", "sign (secret key)", || {
            let mut key = ed25519::SigningKey::from_seed(&[0x3c; 32]);
            secret_in_place(&mut key);
            reveal(key.sign(b"message"))
        }),
        case("ed25519", "sign (secret key, secret message)", || {
            let mut key = ed25519::SigningKey::from_seed(&[0x3c; 32]);
            secret_in_place(&mut key);
            reveal(key.sign(&secret([6u8; 32])))
        }),
        case("x25519", "public_key (secret key)", || reveal(x25519::public_key(&secret([0x3cu8; 32])))),
        case("x25519", "x25519 (secret key, secret u)", || {
            reveal(x25519::x25519(&secret([0x3cu8; 32]), &secret([0x09u8; 32])))
        }),
        case("x25519", "shared_secret (secret key)", || {
            reveal(x25519::shared_secret(&secret([0x3cu8; 32]), &x25519::public_key(&[0x55; 32])))
        }),
    ]
}

/// The C ABI's entry points that take secrets (`crates/isochron-ffi`), with the secret input
/// buffer marked: the wrappers (buffer checks, status mapping, `catch_unwind`, the copy out)
/// around the library calls checked above. Each must return `ISOCHRON_OK` (a public verdict).
fn ffi_cases() -> Vec<Case> {
    use isochron_ffi::isochron_status::ISOCHRON_OK;
    use isochron_ffi::{bls, c25519, curves, secp};
    /// Runs an entry point on the secret `sk` (32 bytes), writing into a 96-byte buffer.
    fn with_secret(f: impl FnOnce(*mut u8, *const u8) -> isochron_ffi::isochron_status) {
        let sk = secret([0x3cu8; 32]);
        let mut out = [0u8; 96];
        let status = f(out.as_mut_ptr(), sk.as_ptr());
        reveal(status as u32);
        assert_eq!(status, ISOCHRON_OK);
        reveal(out);
    }
    let area = "C ABI";
    vec![
        case(area, "isochron_bls_key_gen (secret ikm)", || {
            // SAFETY: the pointers are valid for the lengths passed.
            with_secret(|o, sk| unsafe { bls::isochron_bls_key_gen(o, 32, sk, 32) })
        }),
        case(area, "isochron_bls_sk_to_pk (secret key)", || {
            // SAFETY: the pointers are valid for the lengths passed.
            with_secret(|o, sk| unsafe { bls::isochron_bls_sk_to_pk(o, 48, sk, 32) })
        }),
        case(area, "isochron_bls_sign (secret key)", || {
            // SAFETY: the pointers are valid for the lengths passed.
            with_secret(|o, sk| unsafe { bls::isochron_bls_sign(o, 96, sk, 32, b"m".as_ptr(), 1) })
        }),
        case(area, "isochron_ed25519_sign (secret seed)", || {
            // SAFETY: the pointers are valid for the lengths passed.
            with_secret(|o, sk| unsafe {
                c25519::isochron_ed25519_sign(o, 64, sk, 32, b"m".as_ptr(), 1, core::ptr::null(), 0, false)
            })
        }),
        case(area, "isochron_x25519_public_key (secret key)", || {
            // SAFETY: the pointers are valid for the lengths passed.
            with_secret(|o, sk| unsafe { c25519::isochron_x25519_public_key(o, 32, sk, 32) })
        }),
        case(area, "isochron_ristretto255_mul (secret scalar)", || {
            with_secret(|o, _| {
                let k = secret([7u8; 32]);
                // SAFETY: the pointers are valid for the lengths passed.
                unsafe { c25519::isochron_ristretto255_mul(o, 32, core::ptr::null(), 0, k.as_ptr(), 32) }
            })
        }),
        case(area, "isochron_point_mul (secret scalar, BLS12-381 G1)", || {
            let mut g = [0u8; 48];
            assert_eq!(
                // SAFETY: the pointers are valid for the lengths passed.
                unsafe {
                    curves::isochron_point_generator(g.as_mut_ptr(), 48, curves::ISOCHRON_GROUP_BLS12_381_G1, true)
                },
                ISOCHRON_OK
            );
            // SAFETY: the pointers are valid for the lengths passed.
            with_secret(|o, k| unsafe {
                curves::isochron_point_mul(o, 48, curves::ISOCHRON_GROUP_BLS12_381_G1, g.as_ptr(), 48, k, 32, true)
            })
        }),
        case(area, "isochron_ecdsa_sign (secret key, secp256k1)", || {
            with_secret(|o, sk| {
                let mut recid = 0u8;
                // SAFETY: the pointers are valid for the lengths passed.
                let status = unsafe {
                    secp::isochron_ecdsa_sign(
                        o,
                        64,
                        &mut recid,
                        secp::ISOCHRON_CURVE_SECP256K1,
                        sk,
                        32,
                        [9u8; 32].as_ptr(),
                        32,
                        core::ptr::null(),
                        0,
                    )
                };
                reveal(recid);
                status
            })
        }),
        case(area, "isochron_ecdh (secret key, P-256)", || {
            let mut peer = [0u8; 33];
            let peer_sk = [0x55u8; 32];
            // SAFETY: the pointers are valid for the lengths passed.
            let s = unsafe {
                secp::isochron_ecdsa_public_key(
                    peer.as_mut_ptr(),
                    33,
                    secp::ISOCHRON_CURVE_P256,
                    peer_sk.as_ptr(),
                    32,
                    true,
                )
            };
            assert_eq!(s, ISOCHRON_OK);
            // SAFETY: the pointers are valid for the lengths passed.
            with_secret(|o, sk| unsafe {
                secp::isochron_ecdh(o, 32, secp::ISOCHRON_CURVE_P256, sk, 32, peer.as_ptr(), 33)
            })
        }),
        case(area, "isochron_bip340_sign (secret key, secret aux)", || {
            with_secret(|o, sk| {
                let aux = secret([1u8; 32]);
                // SAFETY: the pointers are valid for the lengths passed.
                unsafe { secp::isochron_bip340_sign(o, 64, sk, 32, b"m".as_ptr(), 1, aux.as_ptr(), 32) }
            })
        }),
    ]
}

/// ristretto255 (RFC 9496) and the RFC 9380 Elligator 2 maps of Curve25519 with secret inputs,
/// on one field backend: `mul_ct` (secret point and scalar), `mul_base`, `encode`, the one-way
/// map `from_uniform_bytes`, `hash_to_group`, the edwards25519/curve25519 maps and the
/// edwards25519 suites. Not here: `decode` and the curve25519 suites, whose `Ok`/`Err`
/// verdicts are public branches (a rejected encoding; the identity, probability 2⁻²⁵²).
fn ristretto_h2c25519_cases<F: isochron::curves::curve25519::edwards::EdwardsField>(backend: &str) -> Vec<Case> {
    use isochron::curves::curve25519::{hash_to_curve as h2c, scalar, RistrettoPoint};
    fn k() -> isochron::curves::curve25519::Scalar {
        secret(scalar::from_bytes_mod_order_wide(&[0xa5; 64]))
    }
    fn secret_fe<F: isochron::curves::curve25519::Fe25519>(b: u8) -> F {
        secret(F::from_bytes(&[b; 32]))
    }
    const DST: &[u8] = b"QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_RO_";
    let h2c_area = format!("hash_to_curve 25519 ({backend})");
    let area = format!("ristretto255 ({backend})");
    vec![
        case(&area, "mul_ct (secret point, secret scalar)", || {
            let p = secret(RistrettoPoint::<F>::mul_base(&scalar::from_bytes_mod_order_wide(&[3; 64])));
            reveal(p.mul_ct(&k()).encode())
        }),
        case(&area, "mul_base (secret scalar)", || reveal(RistrettoPoint::<F>::mul_base(&k()).encode())),
        case(&area, "encode (secret point)", || {
            let p = secret(RistrettoPoint::<F>::from_uniform_bytes(&[9; 64]));
            reveal(p.encode())
        }),
        case(&area, "encode (secret identity)", || reveal(secret(RistrettoPoint::<F>::IDENTITY).encode())),
        case(&area, "from_uniform_bytes (secret bytes)", || {
            reveal(RistrettoPoint::<F>::from_uniform_bytes(&secret([0x5a; 64])).encode())
        }),
        case(&area, "add/sub/eq (secret points)", || {
            let p = secret(RistrettoPoint::<F>::from_uniform_bytes(&[1; 64]));
            let q = secret(RistrettoPoint::<F>::from_uniform_bytes(&[2; 64]));
            reveal(((p + q) - q).ct_eq(&p))
        }),
        case(&area, "hash_to_group (secret msg)", || {
            reveal(RistrettoPoint::<F>::hash_to_group(&secret([7u8; 32]), DST).map(|p| p.encode()).ok())
        }),
        case(&h2c_area, "curve25519 Elligator 2 map (secret u)", || {
            let q = h2c::map_to_curve_elligator2_curve25519::<F>(&secret_fe(0x31));
            reveal((q.u.to_bytes(), q.v.to_bytes()))
        }),
        case(&h2c_area, "curve25519 Elligator 2 map (secret u = 0)", || {
            let q = h2c::map_to_curve_elligator2_curve25519::<F>(&secret(F::ZERO));
            reveal((q.u.to_bytes(), q.v.to_bytes()))
        }),
        case(&h2c_area, "edwards25519 map (secret u)", || {
            reveal(h2c::map_to_curve_elligator2_edwards25519::<F>(&secret_fe(0x32)).compress())
        }),
        case(&h2c_area, "edwards25519 hash_to_field (secret msg)", || {
            let mut u = [F::ZERO; 2];
            let ok = h2c::hash_to_field(&secret([8u8; 32]), DST, &mut u).is_ok();
            reveal((ok, u[0].to_bytes(), u[1].to_bytes()))
        }),
        case(&h2c_area, "hash_to_edwards25519_ro (secret msg)", || {
            reveal(h2c::hash_to_edwards25519_ro::<F>(&secret([9u8; 32]), DST).map(|p| p.compress()).ok())
        }),
        case(&h2c_area, "hash_to_edwards25519_nu (secret msg)", || {
            reveal(h2c::hash_to_edwards25519_nu::<F>(&secret([10u8; 32]), DST).map(|p| p.compress()).ok())
        }),
    ]
}
