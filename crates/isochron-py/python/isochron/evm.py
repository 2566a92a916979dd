"""The EVM's cryptographic precompiled contracts (0x01-0x11 and P256VERIFY at 0x100), byte for
byte and gas unit for gas unit.

>>> from isochron import evm
>>> out, gas = evm.run("bn254_add", bytes(128))
>>> (out, gas)
(b'\\x00...', 150)  # doctest: +SKIP

``run`` raises :class:`isochron.PrecompileError` (a subclass of :class:`isochron.Error`) when
the call fails, with the reason.
"""

from ._native import PrecompileError
from ._native import evm as _evm

run = _evm.run
gas = _evm.gas
precompiles = _evm.precompiles
forks = _evm.forks
DEFAULT_GAS_LIMIT = _evm.DEFAULT_GAS_LIMIT

__all__ = ["run", "gas", "precompiles", "forks", "DEFAULT_GAS_LIMIT", "PrecompileError"]
