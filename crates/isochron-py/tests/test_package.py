"""The package itself: layout, exceptions, docstrings, type stubs."""

import importlib
import inspect
from pathlib import Path

import pytest

import isochron

MODULES = [
    "isochron",
    "isochron.bls",
    "isochron.kzg",
    "isochron.evm",
    "isochron.curves",
    "isochron.curves.bls12_381",
    "isochron.curves.bn254",
    "isochron.ed25519",
    "isochron.x25519",
    "isochron.secp256k1",
    "isochron.p256",
    "isochron.ristretto255",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstrings(name):
    """Every module, public function, class and public method has a docstring."""
    mod = importlib.import_module(name)
    assert mod.__doc__, name
    for attr in getattr(mod, "__all__", []):
        obj = getattr(mod, attr)
        if inspect.ismodule(obj) or not callable(obj):
            continue
        assert obj.__doc__ and obj.__doc__.strip(), f"{name}.{attr}"
        if inspect.isclass(obj) and not issubclass(obj, BaseException):
            for m, member in vars(obj).items():
                if not m.startswith("_") and callable(getattr(obj, m)):
                    assert getattr(obj, m).__doc__, f"{name}.{attr}.{m}"


@pytest.mark.parametrize("name", MODULES)
def test_stubs_ship(name):
    """Each module has its .pyi stub beside it, and the package is marked typed."""
    mod = importlib.import_module(name)
    path = Path(mod.__file__)
    assert path.with_suffix(".pyi").exists(), name
    assert (Path(isochron.__file__).parent / "py.typed").exists()


def test_stubs_name_the_api():
    """Every public name of a module appears in its stub."""
    for name in MODULES:
        mod = importlib.import_module(name)
        stub = Path(mod.__file__).with_suffix(".pyi").read_text()
        for attr in getattr(mod, "__all__", []):
            assert attr in stub, f"{name}.{attr} missing from the stub"


def test_exceptions():
    assert issubclass(isochron.Error, ValueError)
    assert issubclass(isochron.PrecompileError, isochron.Error)
    assert isochron.Error.__module__ == "isochron"
    assert issubclass(isochron.KzgError, isochron.Error) and issubclass(isochron.KzgError, RuntimeError)
    assert isochron.KzgError is isochron.kzg.KzgError and isochron.KzgError.__doc__
    assert isochron.__version__


def test_readme_tour(capsys):
    """README.md's tour runs."""
    import re

    readme = Path(__file__).resolve().parents[1] / "README.md"
    code = re.search(r"```python\n(.*?)```", readme.read_text(), re.S).group(1)
    exec(compile(code, str(readme), "exec"), {})
    assert "invalid flag bits" in capsys.readouterr().out
