from . import bls as bls
from . import curves as curves
from . import ed25519 as ed25519
from . import evm as evm
from . import kzg as kzg
from . import p256 as p256
from . import ristretto255 as ristretto255
from . import secp256k1 as secp256k1
from . import x25519 as x25519

__version__: str

class Error(ValueError):
    """Bad input rejected by isochron; the message is the library's reason."""

class PrecompileError(Error):
    """An EVM precompile call failed; the message says which rule the input broke."""

class KzgError(Error, RuntimeError):
    """A KZG input rejected by isochron: an Error (ValueError) and a RuntimeError, as ckzg raises either."""
