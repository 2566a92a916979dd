"""BN254 (alt_bn128): ``G1`` (32-byte compressed / 64-byte uncompressed arkworks encodings,
64-byte EVM), ``G2`` (64 / 128, 128-byte EVM), ``pairing_check``, the group order ``ORDER``
and the base field modulus ``FIELD_MODULUS``. Scalars are ``int`` (reduced mod ``ORDER``) or
32 big-endian bytes."""

from typing import Iterable, Tuple

from .._native import curves as _c

G1 = _c.BN254_G1
G2 = _c.BN254_G2
ORDER: int = _c.BN254_ORDER
FIELD_MODULUS: int = _c.BN254_FIELD_MODULUS


def pairing_check(pairs: Iterable[Tuple["G1", "G2"]]) -> bool:
    """Whether the product of the pairings ``e(P_i, Q_i)`` over ``pairs`` of ``(G1, G2)`` points
    is the identity of GT (one multi-Miller loop, one final exponentiation; the GIL is released).
    ``True`` for no pairs."""
    return _c.bn254_pairing_check(list(pairs))


def hash_to_g1(msg: bytes, dst: bytes) -> "G1":
    """RFC 9380 ``hash_to_curve`` to G1 (suite ``BN254G1_XMD:SHA-256_SVDW_RO_``) with the
    domain separation tag ``dst`` (non-empty)."""
    return _c.bn254_hash_to_g1(msg, dst)


__all__ = ["G1", "G2", "ORDER", "FIELD_MODULUS", "pairing_check", "hash_to_g1"]
