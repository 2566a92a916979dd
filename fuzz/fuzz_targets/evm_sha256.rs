//! The EVM precompile `sha256` (`isochron::protocols::evm`) against revm's
//! (`revm-precompile`), on arbitrary bytes: the same output and gas, or both failing
//! ([`isochron_fuzz::evm`]). Input: a fork selector byte, then the call's input.
#![no_main]

use isochron::protocols::evm::Precompile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    isochron_fuzz::evm(Precompile::parse("sha256").expect("a precompile"), data);
});
