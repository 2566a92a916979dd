"""ristretto255 (RFC 9496): a prime-order group over Curve25519. :class:`Point` has
``from_bytes``/``to_bytes`` (32 canonical bytes), ``generator``, ``identity``,
``from_uniform_bytes`` (64 bytes), ``hash_to_group`` (RFC 9380), ``mul_base``, ``+``, ``-``,
``*`` by a scalar (``int`` mod ``ORDER``, or 32 canonical little-endian bytes) and ``==``."""

from ._native import ristretto255 as _r

Point = _r.Point
ORDER: int = _r.ORDER

__all__ = ["Point", "ORDER"]
