//! The gas-only functions: what a call with a given input costs, without running it. Each
//! saturates at `u64::MAX` and prices the input whether or not it is valid (a failing call
//! consumes the caller's whole gas limit instead).

use super::Fork;

/// Words of 32 bytes, rounded up (the Yellow Paper's `⌈|I|/32⌉`).
fn words(len: usize) -> u64 {
    (len as u64).div_ceil(32)
}

/// 0x01 ecrecover (Yellow Paper Appendix E): 3000.
pub fn ecrecover_gas(_input: &[u8]) -> u64 {
    3000
}

/// 0x02 sha256 (Yellow Paper Appendix E): `60 + 12·⌈|I|/32⌉`.
pub fn sha256_gas(input: &[u8]) -> u64 {
    60 + 12 * words(input.len())
}

/// 0x03 ripemd160 (Yellow Paper Appendix E): `600 + 120·⌈|I|/32⌉`.
pub fn ripemd160_gas(input: &[u8]) -> u64 {
    600 + 120 * words(input.len())
}

/// 0x04 identity (Yellow Paper Appendix E): `15 + 3·⌈|I|/32⌉`.
pub fn identity_gas(input: &[u8]) -> u64 {
    15 + 3 * words(input.len())
}

/// 0x05 modexp: EIP-198 "Gas cost" (Istanbul), EIP-2565 "Specification" (Berlin to Prague),
/// EIP-7883 "Specification" (Osaka). Lengths too large for the header to be priced exactly
/// saturate at `u64::MAX`.
pub fn modexp_gas(input: &[u8], fork: Fork) -> u64 {
    super::modexp::gas(input, fork)
}

/// 0x06 bn254_add (EIP-1108 "Specification"): 150.
pub fn bn254_add_gas(_input: &[u8]) -> u64 {
    150
}

/// 0x07 bn254_mul (EIP-1108 "Specification"): 6000.
pub fn bn254_mul_gas(_input: &[u8]) -> u64 {
    6000
}

/// 0x08 bn254_pairing (EIP-1108 "Specification"): `34000·k + 45000`, `k = ⌊|I|/192⌋`.
pub fn bn254_pairing_gas(input: &[u8]) -> u64 {
    34_000 * (input.len() / 192) as u64 + 45_000
}

/// 0x09 blake2f (EIP-152 "Gas costs and benchmarks"): the number of rounds, the input's first
/// 4 bytes big-endian (0 for an input shorter than 4 bytes).
pub fn blake2f_gas(input: &[u8]) -> u64 {
    match input.get(..4) {
        Some(r) => u32::from_be_bytes([r[0], r[1], r[2], r[3]]) as u64,
        None => 0,
    }
}

/// 0x0a point evaluation (EIP-4844 "Parameters", `POINT_EVALUATION_PRECOMPILE_GAS`): 50000.
pub fn point_evaluation_gas(_input: &[u8]) -> u64 {
    50_000
}

/// 0x0b BLS12_G1ADD (EIP-2537 "Gas schedule"): 375.
pub fn bls12_g1add_gas(_input: &[u8]) -> u64 {
    375
}

/// 0x0d BLS12_G2ADD (EIP-2537 "Gas schedule"): 600.
pub fn bls12_g2add_gas(_input: &[u8]) -> u64 {
    600
}

/// EIP-2537 "Discounts table as a vector of pairs `[k, discount]`", G1MSM: the discount for
/// `k = 1..=128` (in thousandths); `max_discount = 519` beyond.
pub const G1MSM_DISCOUNT: [u16; 128] = [
    1000, 949, 848, 797, 764, 750, 738, 728, 719, 712, 705, 698, 692, 687, 682, 677, 673, 669, 665, 661, 658, 654, 651,
    648, 645, 642, 640, 637, 635, 632, 630, 627, 625, 623, 621, 619, 617, 615, 613, 611, 609, 608, 606, 604, 603, 601,
    599, 598, 596, 595, 593, 592, 591, 589, 588, 586, 585, 584, 582, 581, 580, 579, 577, 576, 575, 574, 573, 572, 570,
    569, 568, 567, 566, 565, 564, 563, 562, 561, 560, 559, 558, 557, 556, 555, 554, 553, 552, 551, 550, 549, 548, 547,
    547, 546, 545, 544, 543, 542, 541, 540, 540, 539, 538, 537, 536, 536, 535, 534, 533, 532, 532, 531, 530, 529, 528,
    528, 527, 526, 525, 525, 524, 523, 522, 522, 521, 520, 520, 519,
];

/// EIP-2537 "Discounts table as a vector of pairs `[k, discount]`", G2MSM: the discount for
/// `k = 1..=128` (in thousandths); `max_discount = 524` beyond.
pub const G2MSM_DISCOUNT: [u16; 128] = [
    1000, 1000, 923, 884, 855, 832, 812, 796, 782, 770, 759, 749, 740, 732, 724, 717, 711, 704, 699, 693, 688, 683,
    679, 674, 670, 666, 663, 659, 655, 652, 649, 646, 643, 640, 637, 634, 632, 629, 627, 624, 622, 620, 618, 615, 613,
    611, 609, 607, 606, 604, 602, 600, 598, 597, 595, 593, 592, 590, 589, 587, 586, 584, 583, 582, 580, 579, 578, 576,
    575, 574, 573, 571, 570, 569, 568, 567, 566, 565, 563, 562, 561, 560, 559, 558, 557, 556, 555, 554, 553, 552, 552,
    551, 550, 549, 548, 547, 546, 545, 545, 544, 543, 542, 541, 541, 540, 539, 538, 537, 537, 536, 535, 535, 534, 533,
    532, 532, 531, 530, 530, 529, 528, 528, 527, 526, 526, 525, 524, 524,
];

/// EIP-2537 "Gas schedule" for MSM: `k·multiplication_cost·discount(k)/1000` (0 for `k = 0`).
fn msm_gas(k: usize, mul_cost: u64, table: &[u16; 128]) -> u64 {
    if k == 0 {
        return 0;
    }
    let discount = table[k.min(128) - 1] as u128;
    let gas = (k as u128) * (mul_cost as u128) * discount / 1000;
    u64::try_from(gas).unwrap_or(u64::MAX)
}

/// 0x0c BLS12_G1MSM (EIP-2537 "Gas schedule"): multiplication cost 12000 with the G1
/// discount table, `k = ⌊|I|/160⌋`.
pub fn bls12_g1msm_gas(input: &[u8]) -> u64 {
    msm_gas(input.len() / 160, 12_000, &G1MSM_DISCOUNT)
}

/// 0x0e BLS12_G2MSM (EIP-2537 "Gas schedule"): multiplication cost 22500 with the G2
/// discount table, `k = ⌊|I|/288⌋`.
pub fn bls12_g2msm_gas(input: &[u8]) -> u64 {
    msm_gas(input.len() / 288, 22_500, &G2MSM_DISCOUNT)
}

/// 0x0f BLS12_PAIRING_CHECK (EIP-2537 "Gas schedule"): `32600·k + 37700`, `k = ⌊|I|/384⌋`.
pub fn bls12_pairing_gas(input: &[u8]) -> u64 {
    32_600 * (input.len() / 384) as u64 + 37_700
}

/// 0x10 BLS12_MAP_FP_TO_G1 (EIP-2537 "Gas schedule"): 5500.
pub fn bls12_map_fp_to_g1_gas(_input: &[u8]) -> u64 {
    5500
}

/// 0x11 BLS12_MAP_FP2_TO_G2 (EIP-2537 "Gas schedule"): 23800.
pub fn bls12_map_fp2_to_g2_gas(_input: &[u8]) -> u64 {
    23_800
}

/// 0x100 P256VERIFY (EIP-7951 "Gas cost"): 6900.
pub fn p256verify_gas(_input: &[u8]) -> u64 {
    6900
}
