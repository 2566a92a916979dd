from . import bls12_381 as bls12_381
from . import bn254 as bn254
