"""X25519 (RFC 7748): 32-byte secret keys, public keys and shared secrets."""

from ._native import x25519 as _x

x25519 = _x.x25519
public_key = _x.public_key
shared_secret = _x.shared_secret
BASEPOINT = _x.BASEPOINT

__all__ = ["x25519", "public_key", "shared_secret", "BASEPOINT"]
