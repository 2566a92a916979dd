//! The peers of the comparison benchmark (DESIGN.md §3): each is a [`Peer`], building its
//! kernel for an op it has from the op's inputs (canonical big-endian bytes), and [`ALL`]
//! lists them in the order their lines print. With the `peers` feature (on by default):
//! [`blst`] 0.3.17 (C and assembly, through its exported functions; its BLS API in
//! [`blst_bls`], with the thread-pool batch as the peer `blst-mt`), [`arkworks`] 0.6 (with its
//! `asm` multiplication), [`zkcrypto`]'s `bls12_381` 0.9, [`substrate_bn`] 0.6 (BN254) and
//! [`ckzg`] (c-kzg-4844 2.1, EIP-4844 and EIP-7594 KZG over blst; `c-kzg-w8` with fixed-base
//! tables of window 8 for the cell proofs). With the `rust-eth-kzg` feature, in a build of its
//! own (it changes blst's build for every peer), also `rust_eth_kzg` (rust-eth-kzg 0.10, the
//! same over blst through blstrs; `rust-eth-kzg-w8` likewise). On secp256k1 and P-256 (with
//! `peers`): [`libsecp256k1`] (the `secp256k1` crate 0.31, bundling libsecp256k1's C code),
//! [`k256`] and [`p256`] (RustCrypto, 0.14). On the EVM precompiles: [`revm`]
//! (`revm-precompile` 43). On Curve25519: [`dalek`] (curve25519-dalek 4, ed25519-dalek 2,
//! x25519-dalek 2, in their default backend selection).
//!
//! Adding a peer: one module implementing [`Peer`] (and its crate in Cargo.toml's `peers`
//! feature), one line in [`ALL`].
//!
//! A peer with a single scalar multiplication is attached to both `mul_ct` and `mul_vartime`:
//! blst's `blst_p*_mult` and zkcrypto's `*` are constant time, arkworks' and substrate-bn's
//! are variable time (double-and-add over the scalar's bits).

use crate::fixtures::Fixtures;
use crate::op::Op;
use crate::timing::Kernel;

#[cfg(feature = "peers")]
pub mod arkworks;
#[cfg(feature = "peers")]
pub mod blst;
#[cfg(feature = "peers")]
pub mod blst_bls;
#[cfg(feature = "peers")]
pub mod ckzg;
#[cfg(feature = "peers")]
pub mod dalek;
#[cfg(feature = "peers")]
pub mod k256;
#[cfg(feature = "peers")]
pub mod libsecp256k1;
#[cfg(feature = "peers")]
pub mod p256;
#[cfg(feature = "peers")]
pub mod revm;
#[cfg(feature = "rust-eth-kzg")]
pub mod rust_eth_kzg;
#[cfg(feature = "peers")]
pub mod substrate_bn;
#[cfg(feature = "peers")]
pub mod zkcrypto;

/// A library measured side by side with isochron.
pub trait Peer: Sync {
    /// The name printed in the `peer` column (DESIGN.md §3: the crate's common name in lower
    /// case, e.g. `blst`, `substrate-bn`).
    fn name(&self) -> &'static str;

    /// The peer's kernel for `op`, on `inputs` (isochron's inputs for the op, as
    /// [`crate::ops::Side`] describes them), or `None` for an op the peer does not have.
    /// Values that several kernels use are built once through `fixtures`.
    fn kernel(&self, op: Op, inputs: &[Vec<u8>], fixtures: &Fixtures) -> Option<Kernel>;
}

/// Every peer, in the order their lines print for an op.
#[cfg(feature = "peers")]
pub const ALL: &[&dyn Peer] = &[
    &blst::Blst,
    &blst_bls::BlstMt,
    &arkworks::Arkworks,
    &zkcrypto::Zkcrypto,
    &substrate_bn::SubstrateBn,
    &ckzg::C_KZG,
    &ckzg::C_KZG_W8,
    &libsecp256k1::Libsecp256k1,
    &k256::K256,
    &p256::P256,
    &revm::Revm,
    &dalek::Dalek,
    #[cfg(feature = "rust-eth-kzg")]
    &rust_eth_kzg::RUST_ETH_KZG,
    #[cfg(feature = "rust-eth-kzg")]
    &rust_eth_kzg::RUST_ETH_KZG_W8,
];

/// The name and kernel of each of `peers` that has `op`, in their order.
pub fn kernels(peers: &[&dyn Peer], op: Op, inputs: &[Vec<u8>], fixtures: &Fixtures) -> Vec<(&'static str, Kernel)> {
    peers.iter().filter_map(|p| Some((p.name(), p.kernel(op, inputs, fixtures)?))).collect()
}
