//! The BLS12-381 suites of RFC 9380 §8.8: `BLS12381G1_XMD:SHA-256_SSWU_{RO,NU}_` and
//! `BLS12381G2_XMD:SHA-256_SSWU_{RO,NU}_`, i.e. `expand_message_xmd` with SHA-256, `L = 64`,
//! the simplified SWU map onto an isogenous curve (11-isogenous `E1'` for G1, 3-isogenous `E2'`
//! for G2; Wahby–Boneh, eprint 2019/403) and fast cofactor clearing (G1: `[h_eff]` with
//! `h_eff = 1 − x = 0xd201000000010001`; G2: Budroni–Pintore, eprint 2017/419, RFC 9380
//! Appendix G.3).
//!
//! The isogeny constants are those printed in RFC 9380 Appendix E.2/E.3; the test vectors of
//! Appendix J.9–J.10 (`tests/hash_to_curve.rs`) check every one of them.

use sha2::Sha256;
use subtle::Choice;

use super::{psi, psi_squared, Fp, Fp2, G1Curve, G1Projective, G2Curve, G2Projective, BLS_X};
use crate::error::Error;
use crate::hash_to_curve::isogeny::IsogenyMap;
use crate::hash_to_curve::sqrt_ratio::{sqrt_ratio_3mod4, sqrt_ratio_fp2};
use crate::hash_to_curve::sswu::{add_outputs, map_to_curve_simple_swu, SswuCurve};
use crate::hash_to_curve::{const_neg, const_sqrt_3mod4, ExpandMsgXmd, Suite};

/// `L = ⌈(381 + 128)/8⌉ = 64` bytes per coefficient (RFC 9380 §8.8).
const L: usize = crate::hash_to_curve::hash_to_field::coefficient_len(381, 128);

/// The G1 suite `BLS12381G1_XMD:SHA-256_SSWU_{RO,NU}_` (RFC 9380 §8.8.1).
#[derive(Clone, Copy, Debug, Default)]
pub struct G1Suite;

/// The G2 suite `BLS12381G2_XMD:SHA-256_SSWU_{RO,NU}_` (RFC 9380 §8.8.2).
#[derive(Clone, Copy, Debug, Default)]
pub struct G2Suite;

/// `E1': y² = x³ + A'·x + B'`, 11-isogenous to G1's curve, with `Z = 11` (RFC 9380 §8.8.1).
struct Iso11;

impl SswuCurve for Iso11 {
    type F = Fp;
    const A: Fp = Fp::from_hex(
        "0x00144698a3b8e9433d693a02c96d4982b0ea985383ee66a8d8e8981aefd881ac98936f8da0e0f97f5cf428082d584c1d",
    );
    const B: Fp = Fp::from_hex(
        "0x12e2908d11688030018b12e8753eee3b2016c1f0f24f4070a0b9c14fcef35ef55a23215a316ceaa5d1cc48e98e172be0",
    );
    const Z: Fp = Fp::from_u64(11);

    fn sqrt_ratio(u: &Fp, v: &Fp) -> (Choice, Fp) {
        /// `√(−Z)`, the constant `c2` of RFC 9380 §F.2.1.2.
        const SQRT_MINUS_Z: Fp = const_sqrt_3mod4(&const_neg(&Iso11::Z));
        sqrt_ratio_3mod4(u, v, &SQRT_MINUS_Z)
    }
}

/// `E2': y² = x³ + A'·x + B'` over Fp2 with `A' = 240·i`, `B' = 1012·(1 + i)`, 3-isogenous to
/// G2's curve, and `Z = −(2 + i)` (RFC 9380 §8.8.2).
struct Iso3;

impl SswuCurve for Iso3 {
    type F = Fp2;
    const A: Fp2 = Fp2::new(Fp::ZERO, Fp::from_u64(240));
    const B: Fp2 = Fp2::new(Fp::from_u64(1012), Fp::from_u64(1012));
    const Z: Fp2 = Fp2::new(const_neg(&Fp::from_u64(2)), const_neg(&Fp::ONE));

    fn sqrt_ratio(u: &Fp2, v: &Fp2) -> (Choice, Fp2) {
        /// `√(−N(Z)) = √(−5)` in Fp.
        const SQRT_MINUS_NORM_Z: Fp = const_sqrt_3mod4(&const_neg(&Fp::from_u64(5)));
        sqrt_ratio_fp2(u, v, &Iso3::Z, &SQRT_MINUS_NORM_Z)
    }

    /// `A = c·i` (`c = 240`): `c·i·x = −c·x1 + c·x0·i`, two Fp products instead of an Fp2 one.
    fn mul_by_a(x: &Fp2) -> Fp2 {
        let c = &Self::A.c1;
        Fp2::new(x.c1.mul(c).neg(), x.c0.mul(c))
    }

    /// `B = c·(1 + i)` (`c = 1012`; `1 + i` is the tower's `ξ`): `c·(x0 − x1) + c·(x0 + x1)·i`.
    fn mul_by_b(x: &Fp2) -> Fp2 {
        x.mul_by_nonresidue().mul_by_fp(&Self::B.c0)
    }

    /// `−(2 + i)·x = (x1 − 2·x0) − (x0 + 2·x1)·i`: additions only.
    fn mul_by_z(x: &Fp2) -> Fp2 {
        Fp2::new(x.c1.sub(&x.c0.double()), x.c0.add(&x.c1.double()).neg())
    }
}

/// `k_(1,0..11)`: `x_num` of the 11-isogeny (RFC 9380 Appendix E.2).
const G1_X_NUM: [Fp; 12] = [
    Fp::from_hex("0x11a05f2b1e833340b809101dd99815856b303e88a2d7005ff2627b56cdb4e2c85610c2d5f2e62d6eaeac1662734649b7"),
    Fp::from_hex("0x17294ed3e943ab2f0588bab22147a81c7c17e75b2f6a8417f565e33c70d1e86b4838f2a6f318c356e834eef1b3cb83bb"),
    Fp::from_hex("0x0d54005db97678ec1d1048c5d10a9a1bce032473295983e56878e501ec68e25c958c3e3d2a09729fe0179f9dac9edcb0"),
    Fp::from_hex("0x1778e7166fcc6db74e0609d307e55412d7f5e4656a8dbf25f1b33289f1b330835336e25ce3107193c5b388641d9b6861"),
    Fp::from_hex("0x0e99726a3199f4436642b4b3e4118e5499db995a1257fb3f086eeb65982fac18985a286f301e77c451154ce9ac8895d9"),
    Fp::from_hex("0x1630c3250d7313ff01d1201bf7a74ab5db3cb17dd952799b9ed3ab9097e68f90a0870d2dcae73d19cd13c1c66f652983"),
    Fp::from_hex("0x0d6ed6553fe44d296a3726c38ae652bfb11586264f0f8ce19008e218f9c86b2a8da25128c1052ecaddd7f225a139ed84"),
    Fp::from_hex("0x17b81e7701abdbe2e8743884d1117e53356de5ab275b4db1a682c62ef0f2753339b7c8f8c8f475af9ccb5618e3f0c88e"),
    Fp::from_hex("0x080d3cf1f9a78fc47b90b33563be990dc43b756ce79f5574a2c596c928c5d1de4fa295f296b74e956d71986a8497e317"),
    Fp::from_hex("0x169b1f8e1bcfa7c42e0c37515d138f22dd2ecb803a0c5c99676314baf4bb1b7fa3190b2edc0327797f241067be390c9e"),
    Fp::from_hex("0x10321da079ce07e272d8ec09d2565b0dfa7dccdde6787f96d50af36003b14866f69b771f8c285decca67df3f1605fb7b"),
    Fp::from_hex("0x06e08c248e260e70bd1e962381edee3d31d79d7e22c837bc23c0bf1bc24c6b68c24b1b80b64d391fa9c8ba2e8ba2d229"),
];
/// `k_(2,0..9)` and the leading one: `x_den` of the 11-isogeny (RFC 9380 Appendix E.2).
const G1_X_DEN: [Fp; 11] = [
    Fp::from_hex("0x08ca8d548cff19ae18b2e62f4bd3fa6f01d5ef4ba35b48ba9c9588617fc8ac62b558d681be343df8993cf9fa40d21b1c"),
    Fp::from_hex("0x12561a5deb559c4348b4711298e536367041e8ca0cf0800c0126c2588c48bf5713daa8846cb026e9e5c8276ec82b3bff"),
    Fp::from_hex("0x0b2962fe57a3225e8137e629bff2991f6f89416f5a718cd1fca64e00b11aceacd6a3d0967c94fedcfcc239ba5cb83e19"),
    Fp::from_hex("0x03425581a58ae2fec83aafef7c40eb545b08243f16b1655154cca8abc28d6fd04976d5243eecf5c4130de8938dc62cd8"),
    Fp::from_hex("0x13a8e162022914a80a6f1d5f43e7a07dffdfc759a12062bb8d6b44e833b306da9bd29ba81f35781d539d395b3532a21e"),
    Fp::from_hex("0x0e7355f8e4e667b955390f7f0506c6e9395735e9ce9cad4d0a43bcef24b8982f7400d24bc4228f11c02df9a29f6304a5"),
    Fp::from_hex("0x0772caacf16936190f3e0c63e0596721570f5799af53a1894e2e073062aede9cea73b3538f0de06cec2574496ee84a3a"),
    Fp::from_hex("0x14a7ac2a9d64a8b230b3f5b074cf01996e7f63c21bca68a81996e1cdf9822c580fa5b9489d11e2d311f7d99bbdcc5a5e"),
    Fp::from_hex("0x0a10ecf6ada54f825e920b3dafc7a3cce07f8d1d7161366b74100da67f39883503826692abba43704776ec3a79a1d641"),
    Fp::from_hex("0x095fc13ab9e92ad4476d6e3eb3a56680f682b4ee96f7d03776df533978f31c1593174e4b4b7865002d6384d168ecdd0a"),
    Fp::ONE,
];
/// `k_(3,0..15)`: `y_num` of the 11-isogeny (RFC 9380 Appendix E.2).
const G1_Y_NUM: [Fp; 16] = [
    Fp::from_hex("0x090d97c81ba24ee0259d1f094980dcfa11ad138e48a869522b52af6c956543d3cd0c7aee9b3ba3c2be9845719707bb33"),
    Fp::from_hex("0x134996a104ee5811d51036d776fb46831223e96c254f383d0f906343eb67ad34d6c56711962fa8bfe097e75a2e41c696"),
    Fp::from_hex("0x00cc786baa966e66f4a384c86a3b49942552e2d658a31ce2c344be4b91400da7d26d521628b00523b8dfe240c72de1f6"),
    Fp::from_hex("0x01f86376e8981c217898751ad8746757d42aa7b90eeb791c09e4a3ec03251cf9de405aba9ec61deca6355c77b0e5f4cb"),
    Fp::from_hex("0x08cc03fdefe0ff135caf4fe2a21529c4195536fbe3ce50b879833fd221351adc2ee7f8dc099040a841b6daecf2e8fedb"),
    Fp::from_hex("0x16603fca40634b6a2211e11db8f0a6a074a7d0d4afadb7bd76505c3d3ad5544e203f6326c95a807299b23ab13633a5f0"),
    Fp::from_hex("0x04ab0b9bcfac1bbcb2c977d027796b3ce75bb8ca2be184cb5231413c4d634f3747a87ac2460f415ec961f8855fe9d6f2"),
    Fp::from_hex("0x0987c8d5333ab86fde9926bd2ca6c674170a05bfe3bdd81ffd038da6c26c842642f64550fedfe935a15e4ca31870fb29"),
    Fp::from_hex("0x09fc4018bd96684be88c9e221e4da1bb8f3abd16679dc26c1e8b6e6a1f20cabe69d65201c78607a360370e577bdba587"),
    Fp::from_hex("0x0e1bba7a1186bdb5223abde7ada14a23c42a0ca7915af6fe06985e7ed1e4d43b9b3f7055dd4eba6f2bafaaebca731c30"),
    Fp::from_hex("0x19713e47937cd1be0dfd0b8f1d43fb93cd2fcbcb6caf493fd1183e416389e61031bf3a5cce3fbafce813711ad011c132"),
    Fp::from_hex("0x18b46a908f36f6deb918c143fed2edcc523559b8aaf0c2462e6bfe7f911f643249d9cdf41b44d606ce07c8a4d0074d8e"),
    Fp::from_hex("0x0b182cac101b9399d155096004f53f447aa7b12a3426b08ec02710e807b4633f06c851c1919211f20d4c04f00b971ef8"),
    Fp::from_hex("0x0245a394ad1eca9b72fc00ae7be315dc757b3b080d4c158013e6632d3c40659cc6cf90ad1c232a6442d9d3f5db980133"),
    Fp::from_hex("0x05c129645e44cf1102a159f748c4a3fc5e673d81d7e86568d9ab0f5d396a7ce46ba1049b6579afb7866b1e715475224b"),
    Fp::from_hex("0x15e6be4e990f03ce4ea50b3b42df2eb5cb181d8f84965a3957add4fa95af01b2b665027efec01c7704b456be69c8b604"),
];
/// `k_(4,0..14)` and the leading one: `y_den` of the 11-isogeny (RFC 9380 Appendix E.2).
const G1_Y_DEN: [Fp; 16] = [
    Fp::from_hex("0x16112c4c3a9c98b252181140fad0eae9601a6de578980be6eec3232b5be72e7a07f3688ef60c206d01479253b03663c1"),
    Fp::from_hex("0x1962d75c2381201e1a0cbd6c43c348b885c84ff731c4d59ca4a10356f453e01f78a4260763529e3532f6102c2e49a03d"),
    Fp::from_hex("0x058df3306640da276faaae7d6e8eb15778c4855551ae7f310c35a5dd279cd2eca6757cd636f96f891e2538b53dbf67f2"),
    Fp::from_hex("0x16b7d288798e5395f20d23bf89edb4d1d115c5dbddbcd30e123da489e726af41727364f2c28297ada8d26d98445f5416"),
    Fp::from_hex("0x0be0e079545f43e4b00cc912f8228ddcc6d19c9f0f69bbb0542eda0fc9dec916a20b15dc0fd2ededda39142311a5001d"),
    Fp::from_hex("0x08d9e5297186db2d9fb266eaac783182b70152c65550d881c5ecd87b6f0f5a6449f38db9dfa9cce202c6477faaf9b7ac"),
    Fp::from_hex("0x166007c08a99db2fc3ba8734ace9824b5eecfdfa8d0cf8ef5dd365bc400a0051d5fa9c01a58b1fb93d1a1399126a775c"),
    Fp::from_hex("0x16a3ef08be3ea7ea03bcddfabba6ff6ee5a4375efa1f4fd7feb34fd206357132b920f5b00801dee460ee415a15812ed9"),
    Fp::from_hex("0x1866c8ed336c61231a1be54fd1d74cc4f9fb0ce4c6af5920abc5750c4bf39b4852cfe2f7bb9248836b233d9d55535d4a"),
    Fp::from_hex("0x167a55cda70a6e1cea820597d94a84903216f763e13d87bb5308592e7ea7d4fbc7385ea3d529b35e346ef48bb8913f55"),
    Fp::from_hex("0x04d2f259eea405bd48f010a01ad2911d9c6dd039bb61a6290e591b36e636a5c871a5c29f4f83060400f8b49cba8f6aa8"),
    Fp::from_hex("0x0accbb67481d033ff5852c1e48c50c477f94ff8aefce42d28c0f9a88cea7913516f968986f7ebbea9684b529e2561092"),
    Fp::from_hex("0xad6b9514c767fe3c3613144b45f1496543346d98adf02267d5ceef9a00d9b8693000763e3b90ac11e99b138573345cc"),
    Fp::from_hex("0x02660400eb2e4f3b628bdd0d53cd76f2bf565b94e72927c1cb748df27942480e420517bd8714cc80d1fadc1326ed06f7"),
    Fp::from_hex("0x0e0fa1d816ddc03e6b24255e0d7819c171c40f65e273b853324efcd6356caa205ca2f570f13497804415473a1d634b8f"),
    Fp::ONE,
];
/// The 11-isogeny `E1' → E1` (RFC 9380 Appendix E.2).
const G1_ISOGENY: IsogenyMap<Fp> =
    IsogenyMap { x_num: &G1_X_NUM, x_den: &G1_X_DEN, y_num: &G1_Y_NUM, y_den: &G1_Y_DEN };

/// `k_(1,0..3)`: `x_num` of the 3-isogeny (RFC 9380 Appendix E.3).
const G2_X_NUM: [Fp2; 4] = [
    Fp2::new(
        Fp::from_hex(
            "0x5c759507e8e333ebb5b7a9a47d7ed8532c52d39fd3a042a88b58423c50ae15d5c2638e343d9c71c6238aaaaaaaa97d6",
        ),
        Fp::from_hex(
            "0x5c759507e8e333ebb5b7a9a47d7ed8532c52d39fd3a042a88b58423c50ae15d5c2638e343d9c71c6238aaaaaaaa97d6",
        ),
    ),
    Fp2::new(
        Fp::ZERO,
        Fp::from_hex(
            "0x11560bf17baa99bc32126fced787c88f984f87adf7ae0c7f9a208c6b4f20a4181472aaa9cb8d555526a9ffffffffc71a",
        ),
    ),
    Fp2::new(
        Fp::from_hex(
            "0x11560bf17baa99bc32126fced787c88f984f87adf7ae0c7f9a208c6b4f20a4181472aaa9cb8d555526a9ffffffffc71e",
        ),
        Fp::from_hex(
            "0x08ab05f8bdd54cde190937e76bc3e447cc27c3d6fbd7063fcd104635a790520c0a395554e5c6aaaa9354ffffffffe38d",
        ),
    ),
    Fp2::new(
        Fp::from_hex(
            "0x171d6541fa38ccfaed6dea691f5fb614cb14b4e7f4e810aa22d6108f142b85757098e38d0f671c7188e2aaaaaaaa5ed1",
        ),
        Fp::ZERO,
    ),
];
/// `k_(2,0..1)` and the leading one: `x_den` of the 3-isogeny (RFC 9380 Appendix E.3).
const G2_X_DEN: [Fp2; 3] = [
    Fp2::new(
        Fp::ZERO,
        Fp::from_hex(
            "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaa63",
        ),
    ),
    Fp2::new(
        Fp::from_hex("0x0c"),
        Fp::from_hex(
            "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaa9f",
        ),
    ),
    Fp2::ONE,
];
/// `k_(3,0..3)`: `y_num` of the 3-isogeny (RFC 9380 Appendix E.3).
const G2_Y_NUM: [Fp2; 4] = [
    Fp2::new(
        Fp::from_hex(
            "0x1530477c7ab4113b59a4c18b076d11930f7da5d4a07f649bf54439d87d27e500fc8c25ebf8c92f6812cfc71c71c6d706",
        ),
        Fp::from_hex(
            "0x1530477c7ab4113b59a4c18b076d11930f7da5d4a07f649bf54439d87d27e500fc8c25ebf8c92f6812cfc71c71c6d706",
        ),
    ),
    Fp2::new(
        Fp::ZERO,
        Fp::from_hex(
            "0x5c759507e8e333ebb5b7a9a47d7ed8532c52d39fd3a042a88b58423c50ae15d5c2638e343d9c71c6238aaaaaaaa97be",
        ),
    ),
    Fp2::new(
        Fp::from_hex(
            "0x11560bf17baa99bc32126fced787c88f984f87adf7ae0c7f9a208c6b4f20a4181472aaa9cb8d555526a9ffffffffc71c",
        ),
        Fp::from_hex(
            "0x08ab05f8bdd54cde190937e76bc3e447cc27c3d6fbd7063fcd104635a790520c0a395554e5c6aaaa9354ffffffffe38f",
        ),
    ),
    Fp2::new(
        Fp::from_hex(
            "0x124c9ad43b6cf79bfbf7043de3811ad0761b0f37a1e26286b0e977c69aa274524e79097a56dc4bd9e1b371c71c718b10",
        ),
        Fp::ZERO,
    ),
];
/// `k_(4,0..2)` and the leading one: `y_den` of the 3-isogeny (RFC 9380 Appendix E.3).
const G2_Y_DEN: [Fp2; 4] = [
    Fp2::new(
        Fp::from_hex(
            "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffa8fb",
        ),
        Fp::from_hex(
            "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffa8fb",
        ),
    ),
    Fp2::new(
        Fp::ZERO,
        Fp::from_hex(
            "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffa9d3",
        ),
    ),
    Fp2::new(
        Fp::from_hex("0x12"),
        Fp::from_hex(
            "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaa99",
        ),
    ),
    Fp2::ONE,
];
/// The 3-isogeny `E2' → E2` (RFC 9380 Appendix E.3).
const G2_ISOGENY: IsogenyMap<Fp2> =
    IsogenyMap { x_num: &G2_X_NUM, x_den: &G2_X_DEN, y_num: &G2_Y_NUM, y_den: &G2_Y_DEN };

/// `[k]Q` for `Q` on G2's curve `E'(Fp2)` and `k ∈ {|x|, |x| + 1}` by the chain without its
/// doubling case
/// ([`Projective::mul_by_u64_chain_with`](crate::curve::short_weierstrass::Projective::mul_by_u64_chain_with)):
/// each multiple `k_j` reached before an addition has `k_j − 1` prime to `#E'(Fp2) = h₂·r`
/// (test `g2_chains_meet_no_doubling_case`), so `[k_j]Q = Q` only for `Q` the identity.
fn mul_g2_chain(q: &G2Projective, k: u64) -> G2Projective {
    debug_assert!(k == BLS_X || k == BLS_X + 1);
    q.mul_by_u64_chain_with(k, false)
}

impl Suite for G1Suite {
    type Field = Fp;
    type Curve = G1Curve;
    type Expander = ExpandMsgXmd<Sha256>;
    const L: usize = L;

    /// Simplified SWU onto `E1'`, then the 11-isogeny (RFC 9380 §6.6.3).
    fn map_to_curve(u: &Fp) -> G1Projective {
        let (xn, xd, y) = map_to_curve_simple_swu::<Iso11>(u);
        G1_ISOGENY.map(&xn, &xd, &y)
    }

    /// The two SWU points added on `E1'`, then the isogeny once.
    fn map_to_curve_sum(u0: &Fp, u1: &Fp) -> G1Projective {
        let (p, q) = (map_to_curve_simple_swu::<Iso11>(u0), map_to_curve_simple_swu::<Iso11>(u1));
        G1_ISOGENY.map_projective(&add_outputs::<Iso11>(&p, &q))
    }

    /// `[h_eff]P` with `h_eff = 1 − x = |x| + 1 = 0xd201000000010001` (RFC 9380 §8.8.1) by its
    /// fixed chain
    /// ([`Projective::mul_by_u64_chain`](crate::curve::short_weierstrass::Projective::mul_by_u64_chain):
    /// 63 doublings, 6 additions, every exceptional case handled); the operations never depend
    /// on `P`.
    fn clear_cofactor(p: &G1Projective) -> G1Projective {
        p.mul_by_u64_chain(BLS_X + 1)
    }
}

impl Suite for G2Suite {
    type Field = Fp2;
    type Curve = G2Curve;
    type Expander = ExpandMsgXmd<Sha256>;
    const L: usize = L;

    /// Simplified SWU onto `E2'`, then the 3-isogeny (RFC 9380 §6.6.3).
    fn map_to_curve(u: &Fp2) -> G2Projective {
        let (xn, xd, y) = map_to_curve_simple_swu::<Iso3>(u);
        G2_ISOGENY.map(&xn, &xd, &y)
    }

    /// The two SWU points added on `E2'`, then the isogeny once.
    fn map_to_curve_sum(u0: &Fp2, u1: &Fp2) -> G2Projective {
        let (p, q) = (map_to_curve_simple_swu::<Iso3>(u0), map_to_curve_simple_swu::<Iso3>(u1));
        G2_ISOGENY.map_projective(&add_outputs::<Iso3>(&p, &q))
    }

    /// Budroni–Pintore (eprint 2017/419), RFC 9380 Appendix G.3:
    /// `[h_eff]P = [x² − x − 1]P + [x − 1]ψ(P) + ψ²(2P)`, grouped as
    /// `[x − 1]([x]P + ψ(P)) + (ψ²(2P) − P)`: two chains (`x < 0`, so `[x]Q = −[|x|]Q` and
    /// `[x − 1]Q = −[|x| + 1]Q`) and three complete additions.
    fn clear_cofactor(p: &G2Projective) -> G2Projective {
        let t = mul_g2_chain(p, BLS_X).neg().add(&psi(p)); // [x]P + ψ(P)
        let t = mul_g2_chain(&t, BLS_X + 1).neg(); // [x − 1]([x]P + ψ(P))
        t.add(&psi_squared(&p.double()).sub(p))
    }
}

/// `hash_to_curve` with `BLS12381G1_XMD:SHA-256_SSWU_RO_` (RFC 9380 §8.8.1). Fails only for an
/// empty `dst`.
pub fn hash_to_g1(msg: &[u8], dst: &[u8]) -> Result<G1Projective, Error> {
    G1Suite::hash_to_curve(msg, dst)
}

/// `encode_to_curve` with `BLS12381G1_XMD:SHA-256_SSWU_NU_` (RFC 9380 §8.8.1).
pub fn encode_to_g1(msg: &[u8], dst: &[u8]) -> Result<G1Projective, Error> {
    G1Suite::encode_to_curve(msg, dst)
}

/// `hash_to_curve` with `BLS12381G2_XMD:SHA-256_SSWU_RO_` (RFC 9380 §8.8.2), the hash of the
/// Ethereum BLS signatures. Fails only for an empty `dst`.
pub fn hash_to_g2(msg: &[u8], dst: &[u8]) -> Result<G2Projective, Error> {
    G2Suite::hash_to_curve(msg, dst)
}

/// `encode_to_curve` with `BLS12381G2_XMD:SHA-256_SSWU_NU_` (RFC 9380 §8.8.2).
pub fn encode_to_g2(msg: &[u8], dst: &[u8]) -> Result<G2Projective, Error> {
    G2Suite::encode_to_curve(msg, dst)
}

#[cfg(test)]
mod tests {
    use rand_core::SeedableRng;

    use super::*;
    use crate::field::Field;

    /// The sum added on the isogenous curves and mapped once equals the sum of the two maps,
    /// also for equal inputs (a doubling), opposite ones (`map(−u) = −map(u)`: the identity)
    /// and zero.
    #[test]
    fn map_sum_on_isogenous_curve() {
        fn check<S: Suite>(rng: &mut rand_chacha::ChaCha20Rng)
        where
            S::Field: Field + core::ops::Neg<Output = S::Field>,
        {
            let mut us: Vec<(S::Field, S::Field)> =
                (0..16).map(|_| (S::Field::random(&mut *rng), S::Field::random(&mut *rng))).collect();
            let u = S::Field::random(&mut *rng);
            us.extend([(u, u), (u, -u), (S::Field::ZERO, u), (S::Field::ZERO, S::Field::ZERO)]);
            for (u0, u1) in &us {
                let sum = S::map_to_curve_sum(u0, u1);
                assert_eq!(sum, S::map_to_curve(u0) + S::map_to_curve(u1));
                assert!(bool::from(sum.is_on_curve()));
            }
            assert!(bool::from(S::map_to_curve_sum(&u, &-u).is_identity()));
        }
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(6);
        check::<G1Suite>(&mut rng);
        check::<G2Suite>(&mut rng);
    }

    /// The multiples `k_j` of [`mul_g2_chain`]'s chains before each addition (the bits of `k`
    /// below the top one, read from the top): `k_j − 1` prime to `#E'(Fp2) = h₂·r`.
    #[test]
    fn g2_chains_meet_no_doubling_case() {
        use num_bigint::BigInt;
        let r = BigInt::from(crate::test_util::big(&<super::super::FrParams as crate::field::FieldParams<4>>::MODULUS));
        let order = super::super::tests::g2_cofactor() * r;
        let gcd = |mut a: u64, mut b: u64| {
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a
        };
        for k in [BLS_X, BLS_X + 1] {
            let mut acc = 1u64;
            for bit in (0..63 - k.leading_zeros()).rev() {
                acc *= 2;
                if k >> bit & 1 == 1 {
                    let rem = u64::try_from(&order % (acc - 1)).unwrap();
                    assert_eq!(gcd(acc - 1, rem), 1, "k = {k:#x}, k_j = {acc}");
                    acc += 1;
                }
            }
            assert_eq!(acc, k);
        }
    }

    /// G2's cofactor clearing against `[x² − x − 1]P + [x − 1]ψ(P) + ψ²(2P)` by plain scalar
    /// multiplication, on points whose chains meet the identity and `−P` (orders 13 and 23,
    /// `13², 23² | h₂`), sums of those with subgroup points, points of the whole curve, and the
    /// identity.
    #[test]
    fn g2_clearing_on_small_orders() {
        use crate::curve::Group;
        use crate::test_util::sw::{curve_point, small_order_point};
        use num_bigint::BigInt;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(13);
        let r = BigInt::from(crate::test_util::big(&<super::super::FrParams as crate::field::FieldParams<4>>::MODULUS));
        let order = super::super::tests::g2_cofactor() * r;
        let limbs = |v: &BigInt| v.to_biguint().unwrap().to_u64_digits();
        let x = BigInt::from(BLS_X);
        let (c0, c1) = (limbs(&(&x * &x + &x - 1)), [BLS_X + 1]);
        let want = |p: &G2Projective| p.mul_limbs_vartime(&c0) - psi(p).mul_limbs_vartime(&c1) + psi(&psi(&p.double()));
        let mut points = vec![G2Projective::identity()];
        for l in [13u64, 23] {
            let k = limbs(&(&order / BigInt::from(l * l)));
            for _ in 0..3 {
                let q = small_order_point::<G2Curve>(&mut rng, &k, l * l);
                points.extend([q, q.mul_limbs_vartime(&[l]), q + G2Projective::random(&mut rng)]);
            }
        }
        points.extend((0..4).map(|_| G2Projective::from(curve_point::<G2Curve>(&mut rng))));
        for p in &points {
            let c = G2Suite::clear_cofactor(p);
            assert_eq!(c, want(p));
            assert!(bool::from(c.is_on_curve()));
        }
    }

    /// The constant products of `E2'` agree with the general Fp2 product.
    #[test]
    fn iso3_constant_products() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(3);
        let mut xs: Vec<Fp2> = (0..32).map(|_| <Fp2 as Field>::random(&mut rng)).collect();
        xs.extend([Fp2::ZERO, Fp2::ONE, -Fp2::ONE, Fp2::new(Fp::ZERO, -Fp::ONE)]);
        for x in &xs {
            assert_eq!(Iso3::mul_by_a(x), *x * Iso3::A);
            assert_eq!(Iso3::mul_by_b(x), *x * Iso3::B);
            assert_eq!(Iso3::mul_by_z(x), *x * Iso3::Z);
        }
    }
}
