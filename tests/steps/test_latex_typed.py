"""The corpus steps typed as text for ``dpproofs check`` (issue 28): the same steps, written the
way a user types them (``exp(epsilon) >= epsilon + 1``, ``**``, ``==``), with the derivation's
domains as ``--where`` and its assumptions and the step's condition as ``--assume``.

Every step is decided by :func:`dpproofs.check` (what the command's child runs, in process: the
whole corpus in a few seconds), timed against the timeout (a hang is an error); the hand-typed
steps and every SAMPLE-th other one also go through the command itself, ``dpproofs check ...
--json`` with its child process, and must give the same verdict.

The text of a step is a ``% typed N: TEXT`` line of its corpus file where one is written (a step
the LaTeX reader leaves unread, typed as its author means it), else the LaTeX reader's reading
printed by sympy's printer (evaluation off), so ``check`` reads what a user would type, not the
reader's claim syntax. Required: no error (a refusal of valid text, a crash, a hang past the
timeout), no true step refuted, no false step proved. A step with neither (a ``\\Pr`` or an integral
with no typed line) is counted as not typed, and so is a step the LaTeX reader does not take as a
claim for every value (a display that defines a name, ``\\delta = ...``, or states a condition or
a case: typed for ``check`` it is a claim for every delta).
"""

from __future__ import annotations

import io
import json
import re
import time
from dataclasses import dataclass

import pytest
from latex_corpus import CORPUS, Entry, entries
from sympy.core.relational import Relational
from sympy.printing.str import sstr

from dpproofs.cli.main import main
from dpproofs.errors import DpProofsError
from dpproofs.oneline import check
from dpproofs.steps.check import may_define
from dpproofs.steps.derivation import Derivation, Step
from dpproofs.symbolic.written import read_formula

_TYPED = re.compile(r"^%\s*typed\s+(\d+):\s*(.+)$", re.MULTILINE)
_OPERATORS = {"==": "==", "<=": "<=", "<": "<", ">=": ">=", ">": ">"}
TIMEOUT = 5  # a step not decided by then is unknown (Bernoulli with a real exponent)
#: Every SAMPLE-th machine-typed step also runs through the command (with its child process).
SAMPLE = 16


def user_text(statement: str) -> str:
    """A step in claim syntax as a user types it: each side printed by sympy (``x**2``,
    ``exp(epsilon)``, no redundant parentheses), joined by its relation."""
    relation = read_formula(statement)
    assert isinstance(relation, Relational), statement
    return f"{sstr(relation.lhs)} {relation.rel_op} {sstr(relation.rhs)}"


def hand_typed(entry: Entry) -> dict[int, str]:
    return {int(n): text.strip() for n, text in _TYPED.findall(entry.text)}


@dataclass(frozen=True, slots=True)
class Typed:
    name: str
    index: int
    truth: bool
    text: str
    #: Also run through ``dpproofs check`` (the command, its child process).
    command: bool
    status: str
    said: str


def _arguments(derivation: Derivation, step: Step, text: str) -> tuple[dict[str, str], list[str]]:
    """The step's --where (domains of the names it or its assumptions use) and --assume."""
    assume = [*derivation.assumptions, *([step.premise] if step.premise else []), *step.conditions]
    names = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", " ".join([text, *assume])))
    return {n: d for n, d in derivation.where if n in names}, assume


def _decide(text: str, where: dict[str, str], assume: list[str]) -> tuple[str, str]:
    started = time.perf_counter()
    try:
        verdict = check(text, where, assume, timeout=TIMEOUT)
    except DpProofsError as exc:
        return "error", f"{type(exc).__name__}: {exc}"
    seconds = time.perf_counter() - started
    if seconds > TIMEOUT + 5:
        return "error", f"took {seconds:.0f} s, past the {TIMEOUT} s timeout"
    return verdict.status.value, verdict.reason


def _command(text: str, where: dict[str, str], assume: list[str]) -> tuple[str, str]:
    argv = ["check", text, "--timeout", str(TIMEOUT), "--json"]
    for name, domain in where.items():
        argv += ["--where", f"{name}: {domain}"]
    for a in assume:
        argv += ["--assume", a]
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, out, err)
    if code == 2 and not out.getvalue():
        return "error", err.getvalue().strip()
    verdict = json.loads(out.getvalue())
    return verdict["status"], verdict.get("reason", "")


def _a_claim(step: Step) -> bool:
    """Whether the reader takes the step as a claim for every value of its names: not a
    definition (``\\delta = ...`` in a theorem), not a display whose refutation it withholds (a
    lone condition or case, a name the text defines; dpproofs/steps/displays.py). Typed for
    ``check``, those are claims for every value, which the text never made."""
    return not step.defines and not step.caveat


@pytest.fixture(scope="module")
def typed() -> tuple[list[Typed], list[str]]:
    done, untyped = [], []
    machine = 0
    for entry in entries():
        derivation = entry.read()
        by_hand = hand_typed(entry)
        for expected, step in zip(entry.steps, derivation.steps, strict=True):
            if expected.index in by_hand:
                text, through_command = by_hand[expected.index], True
            elif (
                step.statement is not None
                and not step.consequence
                and not step.opaque
                and not may_define(step)
                and _a_claim(step)
            ):  # \Pr[...] is not typed; a definition or a withheld display is no claim
                text, machine = user_text(step.statement), machine + 1
                through_command = machine % SAMPLE == 0
            else:
                untyped.append(f"{entry.name} step {expected.index}")
                continue
            where, assume = _arguments(derivation, step, text)
            status, said = _decide(text, where, assume)
            if through_command:
                command, why = _command(text, where, assume)
                assert command == status, f"{entry.name} step {expected.index}: {text!r} {why}"
            done.append(Typed(entry.name, expected.index, expected.truth, text,
                              through_command, status, said))  # fmt: skip
    return done, untyped


def test_every_typed_step_is_read_and_decided_without_error(
    typed: tuple[list[Typed], list[str]],
) -> None:
    done, untyped = typed
    assert len(done) >= 100, counts(done, untyped)
    assert sum(t.command for t in done) >= 12
    errors = [f"{t.name} step {t.index}: {t.text!r}: {t.said}" for t in done if t.status == "error"]
    assert not errors, "\n".join(errors)


def test_no_typed_true_step_is_refuted_and_no_false_one_proved(
    typed: tuple[list[Typed], list[str]],
) -> None:
    done, _ = typed
    wrong = [
        f"{t.name} step {t.index} ({'true' if t.truth else 'false'}): {t.text!r} {t.status}"
        for t in done
        if (t.truth and t.status == "refuted") or (not t.truth and t.status == "proved")
    ]
    assert not wrong, "\n".join(wrong)
    assert {t.status for t in done if t.truth} <= {"proved", "unknown"}


def test_typed_lines_name_steps_of_their_file() -> None:
    for path in sorted(CORPUS.glob("*.tex")):
        entry = next(e for e in entries() if e.name == path.stem)
        assert set(hand_typed(entry)) <= {e.index for e in entry.steps}, path.name


def counts(done: list[Typed], untyped: list[str]) -> str:
    """``106 typed (21 not typed): true 92 of 94 proved; false 12 of 12 refuted``."""
    true = [t.status for t in done if t.truth]
    false = [t.status for t in done if not t.truth]
    return (
        f"{len(done)} typed ({len(untyped)} not typed): true {true.count('proved')} of "
        f"{len(true)} proved; false {false.count('refuted')} of {len(false)} refuted"
    )
