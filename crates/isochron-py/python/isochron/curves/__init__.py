"""Pairing-friendly curves: :mod:`isochron.curves.bls12_381` and :mod:`isochron.curves.bn254`,
each with ``G1``, ``G2`` (immutable points: encodings, ``+``, ``-``, scalar ``*``, ``msm``,
``generator``, ``identity``, ``==``) and ``pairing_check``."""

from . import bls12_381, bn254

__all__ = ["bls12_381", "bn254"]
