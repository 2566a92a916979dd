"""secp256k1: ECDSA (RFC 6979 deterministic nonces, low s, public-key recovery), BIP-340
Schnorr signatures and ECDH. Secret keys are 32 bytes big endian, public keys SEC1 (33 or 65
bytes; x-only 32 bytes for BIP-340), signatures 64 bytes ``r || s``.

Messages are hashed with ``hasher`` (``"sha256"`` by default, ``"keccak256"``), or taken as a
32-byte digest with ``hasher=None``."""

from ._native import secp256k1 as _k

public_key = _k.public_key
ecdsa_sign = _k.ecdsa_sign
ecdsa_sign_recoverable = _k.ecdsa_sign_recoverable
ecdsa_verify = _k.ecdsa_verify
ecdsa_recover = _k.ecdsa_recover
signature_to_der = _k.signature_to_der
signature_from_der = _k.signature_from_der
schnorr_public_key = _k.schnorr_public_key
schnorr_sign = _k.schnorr_sign
schnorr_verify = _k.schnorr_verify
schnorr_batch_verify = _k.schnorr_batch_verify
ecdh = _k.ecdh

__all__ = [
    "public_key",
    "ecdsa_sign",
    "ecdsa_sign_recoverable",
    "ecdsa_verify",
    "ecdsa_recover",
    "signature_to_der",
    "signature_from_der",
    "schnorr_public_key",
    "schnorr_sign",
    "schnorr_verify",
    "schnorr_batch_verify",
    "ecdh",
]
