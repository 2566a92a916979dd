#!/usr/bin/env bash
# The Python package's tests (issue 15, item 2; crates/isochron-py):
#   1. a virtual environment (target/py-venv, or $ISOCHRON_PY_VENV) with pinned maturin and
#      pytest from PyPI;
#   2. the package built in release mode and installed the way users install it,
#      `pip install ./crates/isochron-py` (maturin as the PEP 517 backend; without build
#      isolation, so that the pinned maturin of the venv builds it and nothing else is fetched);
#   3. pytest over crates/isochron-py/tests: unit tests, error cases and the shared BLS, KZG and
#      EVM vectors (crates/isochron/tests/vectors); with ckzg (pinned, optional) as the drop-in
#      peer of isochron.kzg.
# Exits non-zero when anything fails. Builds with CARGO_BUILD_JOBS=1 unless set.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=${ISOCHRON_PY_VENV:-target/py-venv}
MATURIN_VERSION=1.16.0
PYTEST_VERSION=9.2.0
# The drop-in peer of isochron.kzg (tests/test_kzg.py compares results; skipped without it).
CKZG_VERSION=2.1.8
export CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-1}

command -v "$PYTHON" >/dev/null || { echo "test_python.sh: $PYTHON not found (Python >= 3.8 with venv and pip)" >&2; exit 1; }
command -v cargo >/dev/null || { echo "test_python.sh: cargo not found (install Rust with rustup)" >&2; exit 1; }

if [ ! -x "$VENV/bin/python" ]; then
    echo "==> creating $VENV"
    "$PYTHON" -m venv "$VENV"
fi
# The venv's bin first: maturin's PEP 517 hook runs the `maturin` command.
VENV=$(cd "$VENV" && pwd)
export PATH="$VENV/bin:$PATH"
echo "==> maturin $MATURIN_VERSION, pytest $PYTEST_VERSION"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    "maturin==$MATURIN_VERSION" "pytest==$PYTEST_VERSION"

"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "ckzg==$CKZG_VERSION" \
    || echo "test_python.sh: ckzg $CKZG_VERSION not installed; the differential KZG test is skipped" >&2

echo "==> pip install ./crates/isochron-py (release build)"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-build-isolation \
    --force-reinstall --no-deps ./crates/isochron-py

echo "==> pytest crates/isochron-py/tests"
cd crates/isochron-py
"$VENV/bin/python" -m pytest -q -p no:cacheprovider tests "$@"
