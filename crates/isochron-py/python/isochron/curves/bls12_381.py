"""BLS12-381: ``G1`` (48-byte compressed / 96-byte uncompressed ZCash encodings, 128-byte
EIP-2537), ``G2`` (96 / 192, 256-byte EIP-2537), ``pairing_check``, the group order ``ORDER``
and the base field modulus ``FIELD_MODULUS``. Scalars are ``int`` (reduced mod ``ORDER``) or
32 big-endian bytes."""

from typing import Iterable, Tuple

from .._native import curves as _c

G1 = _c.BLS12_381_G1
G2 = _c.BLS12_381_G2
ORDER: int = _c.BLS12_381_ORDER
FIELD_MODULUS: int = _c.BLS12_381_FIELD_MODULUS


def pairing_check(pairs: Iterable[Tuple["G1", "G2"]]) -> bool:
    """Whether the product of the pairings ``e(P_i, Q_i)`` over ``pairs`` of ``(G1, G2)`` points
    is the identity of GT (one multi-Miller loop, one final exponentiation; the GIL is released).
    ``True`` for no pairs."""
    return _c.bls12_381_pairing_check(list(pairs))


def hash_to_g1(msg: bytes, dst: bytes) -> "G1":
    """RFC 9380 ``hash_to_curve`` to G1 (suite ``BLS12381G1_XMD:SHA-256_SSWU_RO_``) with the
    domain separation tag ``dst`` (non-empty)."""
    return _c.bls12_381_hash_to_g1(msg, dst)


def hash_to_g2(msg: bytes, dst: bytes) -> "G2":
    """RFC 9380 ``hash_to_curve`` to G2 (suite ``BLS12381G2_XMD:SHA-256_SSWU_RO_``) with the
    domain separation tag ``dst`` (non-empty)."""
    return _c.bls12_381_hash_to_g2(msg, dst)


__all__ = ["G1", "G2", "ORDER", "FIELD_MODULUS", "pairing_check", "hash_to_g1", "hash_to_g2"]
