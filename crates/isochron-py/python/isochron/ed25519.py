"""Ed25519 (RFC 8032): 32-byte seeds and public keys, 64-byte signatures; Ed25519ctx and
Ed25519ph; verification modes ``"rfc8032"`` (default), ``"strict"`` and ``"zip215"``; batch
verification."""

from ._native import ed25519 as _ed

public_key = _ed.public_key
sign = _ed.sign
verify = _ed.verify
batch_verify = _ed.batch_verify

__all__ = ["public_key", "sign", "verify", "batch_verify"]
