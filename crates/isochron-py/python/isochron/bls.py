"""Ethereum BLS signatures: the ciphersuite ``BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_``
(draft-irtf-cfrg-bls-signature-05, minimal-pubkey-size, proof of possession).

Secret keys are 32 bytes, public keys 48 (compressed G1, validated when decoded), signatures
96 (compressed G2, checked when decoded). Bad encodings raise :class:`isochron.Error`.

>>> from isochron import bls
>>> sk = bls.SecretKey.key_gen(b"\\x01" * 32)
>>> sig = sk.sign(b"hello")
>>> bls.verify(sk.public_key(), b"hello", sig)
True
"""

from typing import Sequence, Union

from ._native import bls as _bls

SecretKey = _bls.SecretKey
PublicKey = _bls.PublicKey
Signature = _bls.Signature
DST = _bls.DST
POP_DST = _bls.POP_DST
aggregate_signatures = _bls.aggregate_signatures
aggregate_public_keys = _bls.aggregate_public_keys
verify = _bls.verify
fast_aggregate_verify = _bls.fast_aggregate_verify
eth_fast_aggregate_verify = _bls.eth_fast_aggregate_verify
aggregate_verify = _bls.aggregate_verify
batch_verify = _bls.batch_verify


def aggregate(items: Sequence[Union[Signature, PublicKey]]) -> Union[Signature, PublicKey]:
    """Aggregate signatures (``Aggregate``) or public keys (``eth_aggregate_pubkeys``),
    according to the type of the items. An empty list raises :class:`isochron.Error`."""
    items = list(items)
    if items and isinstance(items[0], PublicKey):
        return aggregate_public_keys(items)
    return aggregate_signatures(items)


__all__ = [
    "SecretKey",
    "PublicKey",
    "Signature",
    "DST",
    "POP_DST",
    "aggregate",
    "aggregate_signatures",
    "aggregate_public_keys",
    "verify",
    "fast_aggregate_verify",
    "eth_fast_aggregate_verify",
    "aggregate_verify",
    "batch_verify",
]
