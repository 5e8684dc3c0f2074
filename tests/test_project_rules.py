"""The project's own promises, checked on its files."""

import ast
import re
from pathlib import Path

import pytest

from dpproofs.run.discovery import load_theorems, theorem_files
from dpproofs.theorem import cites_seed

ROOT = Path(__file__).resolve().parents[1]
SEEDS = {
    "000_ab6863cc5677b341.txt",
    "001_bbdd7f031c172a3e.txt",
    "002_60fe2a2436f5aea5.txt",
    "003_87c8c5658751411a.txt",
    "004_b0aca88671cf8a62.txt",
}


def python_files(*folders):
    for folder in folders:
        yield from sorted((ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("file", theorem_files([ROOT / "theorems"]), ids=lambda p: p.name)
def test_every_theorem_cites_a_seed_and_loads(file):
    specs = load_theorems(file)
    assert isinstance(specs, list) and specs, f"{file} declares no theorems or fails to load"
    for spec in specs:
        assert cites_seed(spec), f"{spec.location}: source {spec.source!r} names no seed file"
        assert spec.source.split(",")[0] in SEEDS, f"{spec.location}: unknown seed"


def test_nothing_reads_the_shared_folder():
    pattern = re.compile(r"\.\./shared|/work/shared|['\"]shared/")
    offenders = [
        str(f.relative_to(ROOT))
        for f in python_files("dpproofs", "theorems", "tests", "benchmarks")
        if f.name != "test_project_rules.py" and pattern.search(f.read_text())
    ]
    assert offenders == []


def test_the_library_never_prints():
    offenders = []
    for file in python_files("dpproofs"):
        if file.name in ("cli.py", "__main__.py"):
            continue
        for node in ast.walk(ast.parse(file.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "print":
                offenders.append(f"{file.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []


def test_modules_stay_one_concept_sized():
    too_long = [
        f"{f.relative_to(ROOT)} ({n} lines)"
        for f in python_files("dpproofs")
        if (n := len(f.read_text().splitlines())) > 450
    ]
    assert too_long == []
