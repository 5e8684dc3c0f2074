"""The corpus of derivations as papers write them (tests/steps/corpus/*.tex, issue 28).

Each file is pasted as published (prose, comments, several blocks, justifications); its header of
``%`` comments, which the reader drops like any comment, states how to read it and what each step
is, established by hand (the WHY) and, for a false step, with an exact witness:

    % source: where the derivation comes from
    % kind: trap ...               (written to exercise a trap, not taken from a text)
    % kind: verbatim               (displays copied as a page publishes them, address in source)
    % map: KEY => VALUE            (the --map an author gives; repeated)
    % assume: LATEX                (repeated)
    % where: NAME=DOMAIN           (repeated)
    % step N: true -> proved -- why
    % step N: false at x=1, y=0 -> refuted -- why
    % step N: true -> ambiguous -- which notation, and the way to write it
    % step N: true -> not-checked -- what is not read
    % step N: true -> unknown -- read, but the decider does not decide it
    % bug N: refuted -- the reader's answer today when it is wrong (a true step refuted, a false
                        step proved); the step line states the right answer. None is left:
                        tests/steps/test_latex_corpus.py fails on one (fix the reader first)

``truth`` is the step's truth as a reader of the paper reads it; ``verdict`` is what the reader
must answer. Counts (:func:`tally`) are what docs/latex.md reports, for the derivations taken
from texts and for the traps apart.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path

from dpproofs.run.isolated_steps import check_steps_isolated
from dpproofs.steps.derivation import Derivation, read_derivation
from dpproofs.verdict import StepResult

CORPUS = Path(__file__).parent / "corpus"
_FIELD = re.compile(r"^%\s*(source|kind|map|assume|where|step|bug)\s*(?:(\d+):|:)\s*(.*)$")
_STEP = re.compile(
    r"^(?P<index>\d+):\s*(?P<truth>true|false)(?:\s+at\s+(?P<witness>[^-]+?))?\s*->\s*"
    r"(?P<verdict>proved|refuted|ambiguous|not-checked|unknown)\s*--\s*(?P<why>.+)$"
)


@dataclass(frozen=True, slots=True)
class Expected:
    index: int
    truth: bool
    verdict: str
    why: str
    #: For a false step: parameter -> exact value (claim syntax names) where it fails.
    witness: tuple[tuple[str, str], ...] = ()
    #: A known wrong answer of the reader today ("refuted" for a true step, "proved" for a
    #: false one) and why; ``verdict`` is then the right answer.
    bug: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True)
class Entry:
    name: str
    text: str
    source: str
    trap: bool
    #: The displays are copied as a stored public page publishes them (the address in source).
    verbatim: bool
    mapping: tuple[tuple[str, str], ...]
    assume: tuple[str, ...]
    where: tuple[tuple[str, str], ...]
    steps: tuple[Expected, ...]

    def read(self) -> Derivation:
        return read_derivation(
            self.text, dict(self.mapping), assume=self.assume, where=dict(self.where)
        )


def load(path: Path) -> Entry:
    """One corpus file: its header and its text (the whole file, as pasted)."""
    text = path.read_text()
    fields: dict[str, list[str]] = {
        "source": [], "kind": [], "map": [], "assume": [], "where": [], "step": [], "bug": []
    }  # fmt: skip
    for line in text.splitlines():
        found = re.match(_FIELD, line)
        if found:
            kind, number, rest = found.groups()
            fields[kind].append(f"{number}: {rest}" if number else rest)
    mapping = tuple(tuple(m.split(" => ", 1)) for m in fields["map"])
    where = tuple(tuple(w.split("=", 1)) for w in fields["where"])
    bugs = {}
    for line in fields["bug"]:
        found = re.match(r"^(\d+):\s*(refuted|proved)\s*--\s*(.+)$", line)
        if found is None:
            raise ValueError(f"{path.name}: malformed bug line {line!r}")
        bugs[int(found[1])] = (found[2], found[3].strip())
    steps = []
    for line in fields["step"]:
        found = _STEP.match(line)
        if found is None:
            raise ValueError(f"{path.name}: malformed step line {line!r}")
        witness = tuple(
            tuple(part.strip().split("=", 1))
            for part in (found["witness"] or "").split(",")
            if part
        )
        steps.append(
            Expected(int(found["index"]), found["truth"] == "true", found["verdict"],
                     found["why"].strip(), witness,  # type: ignore[arg-type]
                     bugs.pop(int(found["index"]), None))
        )  # fmt: skip
    if bugs:
        raise ValueError(f"{path.name}: bug lines for steps with no label: {sorted(bugs)}")
    trap = any(k.startswith("trap") for k in fields["kind"])
    verbatim = any(k.startswith("verbatim") for k in fields["kind"])
    return Entry(path.stem, text, " ".join(fields["source"]), trap, verbatim, mapping,  # type: ignore[arg-type]
                 tuple(fields["assume"]), where, tuple(steps))  # type: ignore[arg-type]  # fmt: skip


def entries() -> list[Entry]:
    return [load(p) for p in sorted(CORPUS.glob("*.tex"))]


@dataclass(frozen=True, slots=True)
class Outcome:
    entry: Entry
    derivation: Derivation
    results: tuple[StepResult, ...]
    seconds: float


def run(entry: Entry, seconds: float | None = None) -> Outcome:
    """Check the entry's steps within ``seconds`` (default: 60, or 10 a step for a long
    derivation, shared out equally: a verbatim proof document of 17 steps left 3.5 s to each,
    and on a loaded machine a refutation came out unknown). Each step is decided as
    ``dpproofs check-proof`` decides it, in an isolated child killed at its share (in process,
    two documents ran 5 times past their deadline: tests/steps/corpus/hangs/)."""
    started = time.perf_counter()
    derivation = entry.read()
    budget = seconds if seconds is not None else max(60, 10 * len(derivation.steps))
    results = check_steps_isolated(derivation, time.monotonic() + budget)
    return Outcome(entry, derivation, results, time.perf_counter() - started)


def known_bugs() -> list[tuple[Entry, Expected]]:
    """The steps a ``% bug`` line says the reader answers wrongly (none: a test requires it)."""
    return [(e, s) for e in entries() for s in e.steps if s.bug is not None]


def answer(result: StepResult) -> str:
    """The reader's answer for a step in the corpus' words."""
    if result.status == "not-checked" and result.reason.startswith("ambiguous"):
        return "ambiguous"
    return result.status


@dataclass(frozen=True, slots=True)
class Tally:
    derivations: int
    steps: int
    true_steps: int
    true_proved: int
    true_ambiguous: int
    true_other: int
    true_refuted: int
    false_steps: int
    false_refuted: int
    false_proved: int


def tally(outcomes: list[Outcome]) -> Tally:
    pairs = [
        (expected, answer(result))
        for outcome in outcomes
        for expected, result in zip(outcome.entry.steps, outcome.results, strict=True)
    ]
    true = [got for e, got in pairs if e.truth]
    false = [got for e, got in pairs if not e.truth]
    return Tally(
        len(outcomes), len(pairs), len(true), true.count("proved"), true.count("ambiguous"),
        sum(g not in ("proved", "ambiguous", "refuted") for g in true), true.count("refuted"),
        len(false), false.count("refuted"), false.count("proved"),
    )  # fmt: skip


def report(outcomes: list[Outcome]) -> str:
    """The lines docs/latex.md carries (tests/steps/test_latex_corpus.py keeps them current)."""
    lines = []
    for label, chosen in (
        (
            "Derivations taken from texts",
            [o for o in outcomes if not o.entry.trap and not o.entry.verbatim],
        ),
        ("Displays copied verbatim from pages", [o for o in outcomes if o.entry.verbatim]),
        ("Traps (notation written to mislead)", [o for o in outcomes if o.entry.trap]),
        ("All", outcomes),
    ):
        c = tally(chosen)
        share = 100 * c.true_proved / c.true_steps
        lines.append(
            f"| {label} | {c.derivations} | {c.steps} | {c.true_proved} of {c.true_steps} "
            f"({share:.0f}%) | {c.true_ambiguous} | {c.true_other} | {c.true_refuted} | "
            f"{c.false_refuted} of {c.false_steps} | {c.false_proved} |"
        )
    header = (
        "| corpus | derivations | steps | true steps proved | true, ambiguous | "
        "true, not checked or unknown | true refuted (false alarms) | false refuted | "
        "false proved |\n|---|---|---|---|---|---|---|---|---|"
    )
    return "\n".join([header, *lines])
