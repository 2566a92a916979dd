package isochron

/*
#include "isochron.h"
*/
import "C"

// RunPrecompile runs the EVM precompile nameOrAddress on input under the fork named fork, with
// a gas limit: the output and the gas charged.
//
// nameOrAddress is a precompile's name (lower case: "ecrecover", "sha256", "ripemd160",
// "identity", "modexp", "bn254_add", "bn254_mul", "bn254_pairing", "blake2f",
// "point_evaluation", "bls12_g1add", "bls12_g1msm", "bls12_g2add", "bls12_g2msm",
// "bls12_pairing", "bls12_map_fp_to_g1", "bls12_map_fp2_to_g2", "p256verify") or its address
// ("0x06", "0x100"). fork is "istanbul", "berlin", "cancun", "prague" or "osaka"
// (case-insensitive), or "" for Osaka; gasLimit 0 means no limit but 2^32.
//
// Errors: ErrUnknownPrecompile (no such precompile, or not active in the fork),
// ErrInvalidArgument (an unknown fork), ErrOutOfGas (the gas exceeds the limit; checked
// before the work), ErrPrecompileFailed (the precompile rejects its input: the EVM's
// exceptional halt).
func RunPrecompile(nameOrAddress string, input []byte, fork string, gasLimit uint64) (out []byte, gas uint64, err error) {
	name, f := []byte(nameOrAddress), []byte(fork)
	// Most outputs are at most 64 bytes; modexp's is the modulus' length. A short buffer
	// reports the size needed, and the call is repeated once with it.
	buf := make([]byte, 128)
	for {
		var written C.size_t
		var g C.uint64_t
		s := C.isochron_evm_run(ptr(buf), size(buf), &written, &g, ptr(name), size(name), ptr(input), size(input),
			ptr(f), size(f), C.uint64_t(gasLimit))
		if s == C.ISOCHRON_BUFFER_TOO_SMALL && int(written) > len(buf) {
			buf = make([]byte, int(written))
			continue
		}
		if err := check(s); err != nil {
			return nil, 0, err
		}
		return buf[:written:written], uint64(g), nil
	}
}

// PrecompileGas is the gas the precompile nameOrAddress charges for input under fork (as in
// RunPrecompile), without running it.
func PrecompileGas(nameOrAddress string, input []byte, fork string) (uint64, error) {
	name, f := []byte(nameOrAddress), []byte(fork)
	var g C.uint64_t
	if err := check(C.isochron_evm_gas(&g, ptr(name), size(name), ptr(input), size(input), ptr(f), size(f))); err != nil {
		return 0, err
	}
	return uint64(g), nil
}
