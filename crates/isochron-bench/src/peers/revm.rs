//! revm's precompiles (`revm-precompile` 43, Osaka: blst for BLS12-381 and KZG through c-kzg,
//! arkworks for BN254, libsecp256k1 for ecrecover, RustCrypto's `p256` for P256VERIFY,
//! aurora-engine-modexp for modexp, RustCrypto's `sha2`), called through its precompile table
//! as an execution client does, on the `evm/…` ops' inputs. Building the kernel checks that
//! revm returns the same output and gas as isochron.

use revm_precompile::{PrecompileSpecId, Precompiles};

use super::Peer;
use crate::fixtures::Fixtures;
use crate::op::Op;
use crate::timing::{repeat, Kernel};

/// `revm`: every `evm/…` op.
pub struct Revm;

impl Peer for Revm {
    fn name(&self) -> &'static str {
        "revm"
    }

    fn kernel(&self, op: Op, inputs: &[Vec<u8>], _: &Fixtures) -> Option<Kernel> {
        let Op::Evm(e) = op else {
            return None;
        };
        let p = e.precompile();
        let address = revm_precompile::primitives::Address::from(p.address_bytes());
        let pc = Precompiles::new(PrecompileSpecId::OSAKA).get(&address).expect("an Osaka precompile").clone();
        let input = inputs[0].clone();
        let out = pc.execute(&input, u64::MAX, 0).expect("no fatal error");
        let ours = p.run(&input, isochron::protocols::evm::Fork::Osaka).expect("a valid input");
        assert!(out.status.is_success(), "{op}: revm fails");
        assert_eq!((out.bytes.to_vec(), out.gas_used), ours, "{op}: revm and isochron differ");
        Some(repeat(input, move |x| pc.execute(x, u64::MAX, 0)))
    }
}
