"""NIST P-256: ECDSA (RFC 6979 deterministic nonces) and ECDH. Secret keys are 32 bytes big
endian, public keys SEC1 (33 or 65 bytes), signatures 64 bytes ``r || s``. Messages are hashed
with SHA-256 unless ``hasher=None`` (then a 32-byte digest)."""

from ._native import p256 as _p

public_key = _p.public_key
sign = _p.sign
verify = _p.verify
signature_to_der = _p.signature_to_der
signature_from_der = _p.signature_from_der
ecdh = _p.ecdh

__all__ = ["public_key", "sign", "verify", "signature_to_der", "signature_from_der", "ecdh"]
