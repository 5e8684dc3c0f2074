"""The proof documents that ran far past the reader's deadline in process (tests/steps/corpus/
hangs/: 160 s and more than 140 s on a 30 s deadline): ``dpproofs check-proof`` reads the text
and decides each step in an isolated child with a hard limit (dpproofs/run/isolated_steps.py), so
its ``--timeout`` is a limit: the command answers within it plus the fixed overhead of starting
its children, and a step cut short is unknown, never refuted nor proved."""

from __future__ import annotations

import io
import json
import time
from pathlib import Path

import pytest
from latex_corpus import CORPUS, load

from dpproofs.cli.main import main

#: The --timeout given; the documents took 5 to 10 times longer with a 30 s deadline in process.
LIMIT = 10
#: Starting the fork server that preloads sympy and z3, and each step's child: a few seconds,
#: more on a loaded machine (2 cores for 8 sessions).
OVERHEAD = 40


@pytest.mark.parametrize("path", sorted((CORPUS / "hangs").glob("*.tex")), ids=lambda p: p.stem)
def test_check_proof_answers_within_its_timeout_and_refutes_no_true_step(path: Path) -> None:
    entry = load(path)
    argv = ["check-proof", str(path), "--timeout", str(LIMIT), "--json"]
    for key, value in entry.mapping:
        argv += ["--map", f"{key} => {value}"]
    for name, domain in entry.where:
        argv += ["--where", f"{name}={domain}"]
    for assumption in entry.assume:
        argv += ["--assume", assumption]
    out, err = io.StringIO(), io.StringIO()
    started = time.monotonic()
    main(argv, out, err)
    elapsed = time.monotonic() - started
    assert elapsed <= LIMIT + OVERHEAD, f"{path.name}: {elapsed:.0f} s on a {LIMIT} s timeout"
    assert out.getvalue(), err.getvalue()
    steps = {s["index"]: s for s in json.loads(out.getvalue()).get("steps", [])}
    for expected in entry.steps:
        got = steps[expected.index]["status"] if expected.index in steps else "unknown"
        assert got != ("refuted" if expected.truth else "proved"), (path.name, expected.index)
