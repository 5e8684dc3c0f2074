"""The result cache: decided verdicts are reused until a source they depend on changes."""

import io
import json
from pathlib import Path

import pytest

from dpproofs.cli.main import main
from dpproofs.run.cache import package_fingerprint

HELPER = 'RATE = "3/4"\n'
USES_HELPER = """
from dpproofs import FiniteMechanism, pure_epsilon_is, theorem
from helper import RATE

RR = FiniteMechanism.from_rows([[RATE, "1/4"], ["1/4", RATE]])


@theorem(id="a.rr", source="test", expect="proved")
def rr():
    return pure_epsilon_is(RR, "log(3)")
"""
STANDALONE = """
import time
from dpproofs import exact_fact, theorem


@theorem(id="b.fact", source="test", expect="proved")
def fact():
    return exact_fact("1 + 1 = 2", lambda facts: facts.equal("1 + 1", 1 + 1, 2))


@theorem(id="b.slow", source="test", expect="unknown", timeout=1)
def slow():
    return exact_fact("sleeps", lambda: (time.sleep(30), (True, {}))[1])
"""


def verify(folder, *extra):
    report = folder / "v.json"
    code = main(
        ["verify", str(folder), "--json", str(report), *extra], io.StringIO(), io.StringIO()
    )
    assert code == 0
    return {t["id"]: t for t in json.loads(report.read_text())["theorems"]}


@pytest.mark.slow
def test_only_what_changed_is_decided_again(tmp_path):
    theorems = tmp_path / "theorems"
    theorems.mkdir()
    (theorems / "helper.py").write_text(HELPER)  # imported by a.py: a project-local dependency
    (theorems / "a.py").write_text(USES_HELPER)
    (theorems / "b.py").write_text(STANDALONE)
    first = verify(theorems)
    assert not any(t["cached"] for t in first.values())
    warm = verify(theorems)
    assert warm["a.rr"]["cached"] and warm["b.fact"]["cached"]
    assert warm["a.rr"]["seconds"] == first["a.rr"]["seconds"]  # the original time is kept
    assert not warm["b.slow"]["cached"]  # a time limit is never cached
    # Changing the helper a.py imports re-decides a.py only.
    (theorems / "helper.py").write_text(HELPER + "# changed\n")
    after = verify(theorems)
    assert not after["a.rr"]["cached"] and after["b.fact"]["cached"]
    # --no-cache decides everything afresh.
    fresh = verify(theorems, "--no-cache")
    assert not any(t["cached"] for t in fresh.values())


def test_the_fingerprint_hashes_every_source_file_of_the_package(monkeypatch):
    """The key of every entry hashes the whole package, deciders included: the fork server
    preloads the search, scalar and finite deciders, so a child's record of what it read does not
    list them, and only this hash makes a changed decider re-decide. (When cache.py moved to
    run/, it hashed the 13 files of run/ only, and a changed search engine was served cached.)"""
    import dpproofs

    root = Path(dpproofs.__file__).resolve().parent
    real = Path.read_bytes
    read: list[Path] = []

    def recorded(path: Path) -> bytes:
        read.append(path)
        return real(path)

    monkeypatch.setattr(Path, "read_bytes", recorded)
    before = package_fingerprint()
    assert sorted(read) == sorted(root.rglob("*.py"))
    assert root / "search" / "onesize.py" in read

    engine = root / "search" / "onesize.py"
    monkeypatch.setattr(Path, "read_bytes", lambda p: real(p) + b"#" * (p == engine))
    assert package_fingerprint() != before
