"""Every lifted verdict of generated claims against brute force at each size 1 .. N* + 2.

For each lifting rule (docs/design/small-model.md) :mod:`strategies_lifting` generates claims
of its shape in the public vocabulary. The engine decides each one; when it answers for every
finite alphabet (proved, or verified-bounded "on every finite number of outcomes" at a pinned
parameter) the independent checker :mod:`dpproofs.soundness.bruteforce` decides the claim at
every size n = 1 .. N* + 2 (N* as the certificate states it, the largest when it states
several): a counterexample there is a false proof and fails the test. A refutation's
counterexample is re-checked by the predicate itself (not the traced formula).

Profiles: ``DPPROOFS_LIFTING_PROFILE=fast`` (default, for ``make test``: a few examples per
rule, derandomized) and ``long`` (for ``make soundness``: many more, still derandomized, so
every run is the same). ``DPPROOFS_LIFTING_STATS=<file>`` appends one JSON line per claim.
"""

from __future__ import annotations

import json
import os
import re
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from strategies_lifting import Spec, realise, rule_families

from dpproofs.claim import Deadline
from dpproofs.soundness.bruteforce import Answer, decide_at, predicate_holds
from dpproofs.verdict import Status

PROFILE = os.environ.get("DPPROOFS_LIFTING_PROFILE", "fast")
EXAMPLES = int(os.environ.get("DPPROOFS_LIFTING_EXAMPLES", 0)) or {"fast": 3, "long": 60}[PROFILE]
SECONDS = {"fast": 20, "long": 60}[PROFILE]

FAMILIES = rule_families()


def lifted(verdict) -> bool:
    """Proved, or shown on every finite alphabet at pinned parameter points."""
    return verdict.status is Status.PROVED or "every finite number" in (verdict.coverage or "")


def n_star(verdict) -> int:
    found = [int(k) for k in re.findall(r"N\* = (\d+)", "\n".join(verdict.certificate))]
    assert found, verdict.certificate
    return max(found)


def parse_assignment(claim, size: int, assignment) -> dict:
    """The counterexample's exact values: matrices for objects, Fractions for parameters."""
    shapes = claim.quantifier.shapes(size)
    point: dict = {}
    for name, text in assignment:
        numbers = [Fraction(x) for x in re.findall(r"-?\d+(?:/\d+)?", text)]
        if name in shapes:
            cols = shapes[name].cols
            point[name] = [numbers[i : i + cols] for i in range(0, len(numbers), cols)]
        else:
            point[name] = numbers[0]
    return point


def compare(family: str, spec: Spec) -> None:
    claim = realise(spec)
    verdict = claim.decide(Deadline(SECONDS))
    record = {"family": family, "status": verdict.status.value, "spec": repr(spec)}
    if lifted(verdict):
        bound = n_star(verdict)
        record["n_star"] = bound
        answers = []
        for size in range(1, bound + 3):
            result = decide_at(claim, size)
            answers.append(result.answer.value)
            assert result.answer is not Answer.FAILS, (
                f"false proof ({verdict.status.value}, N* = {bound}): {spec}\n"
                f"counterexample at {size} outcomes ({result.how}): {result.point}"
            )
        record["brute"] = answers
    elif verdict.status is Status.REFUTED:
        observed = dict(verdict.counterexample.observed)
        size = int(observed["size"].split()[0])
        point = parse_assignment(claim, size, verdict.counterexample.assignment)
        assert predicate_holds(claim, size, point) is False, f"false refutation: {spec}, {point}"
        record["size"] = size
    _log(record)


def _log(record: dict) -> None:
    path = os.environ.get("DPPROOFS_LIFTING_STATS")
    if path:
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(record) + "\n")


KNOWN: dict[str, str] = {}


@pytest.mark.parametrize(
    "family",
    [
        pytest.param(f, marks=pytest.mark.xfail(strict=True, reason=KNOWN[f])) if f in KNOWN else f
        for f in FAMILIES
    ],
)
def test_lifted_verdicts_agree_with_brute_force(family):
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(FAMILIES[family])
    def run(spec):
        compare(family, spec)

    run()
