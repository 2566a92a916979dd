//! The EVM precompile `bn254_add` (`isochron::protocols::evm`) against revm's
//! (`revm-precompile`), on arbitrary bytes: the same output and gas, or both failing
//! ([`isochron_fuzz::evm`]). Input: a fork selector byte, then the call's input.
#![no_main]

use isochron::protocols::evm::Precompile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    isochron_fuzz::evm(Precompile::parse("bn254_add").expect("a precompile"), data);
});
