"""isochron: constant-time elliptic-curve and pairing cryptography (Python bindings).

Submodules:

- :mod:`isochron.bls` -- Ethereum BLS signatures (``BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_``)
- :mod:`isochron.kzg` -- EIP-4844 / EIP-7594 KZG, a drop-in for the ``ckzg`` package
- :mod:`isochron.evm` -- the EVM's cryptographic precompiles
- :mod:`isochron.curves` -- G1/G2 of BLS12-381 and BN254, pairing checks
- :mod:`isochron.ed25519`, :mod:`isochron.x25519`, :mod:`isochron.ristretto255`,
  :mod:`isochron.secp256k1`, :mod:`isochron.p256`

Bad input raises :class:`isochron.Error` (a :class:`ValueError`) with the library's reason
(:class:`isochron.PrecompileError` for failing EVM precompile calls, :class:`isochron.KzgError`,
also a :class:`RuntimeError`, for KZG inputs);
a well-formed signature or proof that does not verify gives ``False``.
"""

from ._native import Error, KzgError, PrecompileError, __version__

from . import bls, curves, ed25519, evm, kzg, p256, ristretto255, secp256k1, x25519

__all__ = [
    "Error",
    "KzgError",
    "PrecompileError",
    "__version__",
    "bls",
    "curves",
    "ed25519",
    "evm",
    "kzg",
    "p256",
    "ristretto255",
    "secp256k1",
    "x25519",
]
