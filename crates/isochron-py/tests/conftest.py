"""Shared helpers of the pytest suite: where the project's vectors are, and their readers."""

import gzip
import json
import tarfile
from pathlib import Path

import pytest

#: crates/isochron/tests/vectors (the shared conformance set, see its SOURCES.md).
VECTORS = Path(__file__).resolve().parents[2] / "isochron" / "tests" / "vectors"


def unhex(s: str) -> bytes:
    """Hex with or without 0x."""
    return bytes.fromhex(s[2:] if s.startswith(("0x", "0X")) else s)


def read_json(path: Path):
    """A JSON file, or its `.gz` twin."""
    if path.exists():
        return json.loads(path.read_text())
    with gzip.open(path.with_name(path.name + ".gz"), "rt") as f:
        return json.load(f)


def parse_yaml(text: str) -> dict:
    """The consensus-spec-tests KZG data.yaml shape (a port of tests/kzg.rs's reader): `input:`
    with indented `key: 'value'`, `key: [a, b]` (possibly wrapped) or `key:` + `- 'value'`
    lines; `output: value`, `output:` + `- 'value'`, or `- - 'value'` + `  - 'value'` for a
    list of lists. Keys are flat; scalars stay strings."""
    out: dict = {}
    current = None  # (key, indent)
    flow = None  # (key, text so far)

    def unquote(s: str) -> str:
        return s.strip().strip("'").strip('"')

    def flow_list(s: str):
        inner = s.strip().lstrip("[").rstrip("]")
        return [unquote(x) for x in inner.split(",") if unquote(x)]

    for line in text.splitlines():
        if flow is not None:
            key, acc = flow
            acc += line.strip() + " "
            if line.rstrip().endswith("]"):
                out[key] = flow_list(acc)
                flow = None
            else:
                flow = (key, acc)
            continue
        t = line.strip()
        if not t:
            continue
        indent = len(line) - len(line.lstrip())
        if t.startswith("- "):
            item = t[2:]
            key, key_indent = current
            entry = out.setdefault(key, [])
            if item.startswith("- "):
                entry.append([unquote(item[2:])])
            elif indent > key_indent and entry and isinstance(entry[-1], list):
                entry[-1].append(unquote(item))
            else:
                entry.append(unquote(item))
            continue
        k, _, v = t.partition(":")
        v = v.strip()
        if not v:
            current = (k, indent)
            out[k] = []
        elif v.startswith("["):
            if v.endswith("]"):
                out[k] = flow_list(v)
            else:
                flow = (k, v + " ")
        else:
            out[k] = unquote(v)
    assert flow is None, "unterminated flow list"
    out.pop("input", None)
    return out


def kzg_cases(tarball: str):
    """`{handler: {case: fields}}` of one of the project's KZG tarballs
    (`<handler>/kzg-mainnet/<case>/data.yaml`), read in memory."""
    cases: dict = {}
    with tarfile.open(VECTORS / "kzg" / tarball, "r:gz") as tar:
        for member in tar:
            if not member.name.endswith("/data.yaml"):
                continue
            handler, _, case, _ = member.name.split("/")
            text = tar.extractfile(member).read().decode()
            cases.setdefault(handler, {})[case] = parse_yaml(text)
    assert cases, tarball
    return cases


@pytest.fixture(scope="session")
def ts():
    """The embedded mainnet trusted setup."""
    from isochron import kzg

    return kzg.load_trusted_setup()
