"""A verdict's reason, checked against what the deciders write for its status.

The reason is text a reader trusts ("counterexample on 3 outcomes, re-checked in exact
arithmetic"; "for all pairs of distributions on every finite number of outcomes"). A report
whose status was left alone but whose reason was changed ("no counterexample exists") lies as
much as a changed status. The rechecker imports no decider, so it checks the reason in two ways:

* derived: the reason of a derivation (a verdict that shows proof steps) is a function of the
  steps shown, which are themselves checked against the file and the replayed witnesses:
  ``"k/n steps proved"`` then ``", step(s) i, j <status>"`` for each of refuted, unknown, not
  checked (in that order), and for a refuted derivation ``"; step i: <its LaTeX>"`` for the
  first refuted step with a witness (:func:`dpproofs.steps.check.summary` writes the same);
  it must be that text exactly;
* by template: any other reason is cut at ``"; "`` (a conjunction joins its parts' reasons so)
  and each piece must be one of the texts the deciders write: :data:`REFUTING` (a search
  refutation, a counterexample-guided one; the size it names must be the size of a witness
  the report records, replayed with the verdict), :data:`PROVING` (a lifted proof, a
  certified box cover; the domains a lifted proof's reason names are checked with its
  certificate, :mod:`.certificates`, not here), :data:`NEUTRAL` (a pair member's label). A
  piece that is none of them cannot be checked: "not replayed", never confirmed.

Then the status must be the one the reason states: a refuted verdict whose reason is not empty
has a refuting piece; a proved or verified-bounded verdict has none (the empty reason says
nothing and passes). Otherwise the recheck fails.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from dpproofs.recheck.pieces import Outcome

#: What a refutation's reason says (search: by size, lifting, eps boxes; refinement).
#: Each names the size of its counterexample (group ``size``), which must be a witness's.
REFUTING = (
    re.compile(
        r"counterexample on (?P<size>\d+) [\w ]+?( \(.+\))?, re-checked in exact arithmetic"
        r"( \(\w+ in the box .+ of .+\))?"
    ),
    re.compile(
        r"on (?P<size>\d+) [\w ]+?: the conclusion fails exactly, and the hypothesis holds for .+"
    ),
)
#: What a proof's reason says (lifting, eps boxes; the continuum's certified boxes; rule DG's
#: certified cases; rule PS's obligations, docs/design/posterior_shift.md).
PROVING = (
    re.compile(r"for all .+ on every finite number of .+"),
    re.compile(r"the databases \(\|D\|, n\) and neighbours as stated, not reduced"),
    re.compile(r"for .+: every box certified"),
    re.compile(r"for .+: every case certified"),
    re.compile(r"for all of the statement's domain \('.+'\): all .+"),
    re.compile(
        r"for every \w+ >= 1, every finite D, every output space \(finite, or densities w\.r\.t\. "
        r"one measure\), every mechanism and belief on D\^\w+, \w+ > 0, \w+ in \[0, 1\) \(rule "
        r"PS at a = \d+ \w+\): every obligation proved"
    ),
)
#: What says no status: the member of a family of pairs.
NEUTRAL = (re.compile(r"at n = \d+, \|D\| = \d+"),)

#: How a derivation names each step status after the count of proved steps.
STEP_STATUSES = ("refuted", "unknown", "not-checked")


def steps_reason(
    steps: Sequence[tuple[int, str, Mapping[str, str] | None]],
    step_text: Sequence[Mapping[str, Any]],
    status: str,
) -> str:
    """The reason a derivation with these steps shown writes (see the module docstring)."""
    parts = [f"{sum(s == 'proved' for _, s, _ in steps)}/{len(steps)} steps proved"]
    for wanted in STEP_STATUSES:
        numbers = [str(index) for index, s, _ in steps if s == wanted]
        if numbers:
            label = "step" if len(numbers) == 1 else "steps"
            parts.append(f"{label} {', '.join(numbers)} {wanted.replace('-', ' ')}")
    reason = ", ".join(parts)
    if status == "refuted":
        for (index, s, witness), text in zip(steps, step_text, strict=False):
            if s == "refuted" and witness is not None:
                return f"{reason}; step {index}: {text.get('latex')}"
    return reason


def check_reason(verdict: Any, derived: str) -> tuple[Outcome, str] | None:
    """None when ``verdict.reason`` is one the deciders write for the ``derived`` status;
    else (FAILED, why) when it states another status or is not the derived text, or
    (NOT_REPLAYED, why) when it is a text the rechecker does not know."""
    reason = verdict.reason
    if verdict.steps:
        said = steps_reason(verdict.steps, verdict.step_text, derived)
        if reason != said:
            return Outcome.FAILED, f"the reason {reason!r} is not the steps' {said!r}"
        return None
    if not reason:
        return None
    kinds = []
    sizes = {p.record.get("size") for p in verdict.pieces if p.record.get("kind") == "witness"}
    for piece in reason.split("; "):
        kind = _kind(piece)
        if kind is None:
            return (
                Outcome.NOT_REPLAYED,
                f"the reason's {piece!r} is not a text the rechecker knows the deciders write",
            )
        size = next((m for t in REFUTING if (m := t.fullmatch(piece))), None)
        if size is not None and int(size.group("size")) not in sizes:
            return Outcome.FAILED, f"the reason's {piece!r} names no size a witness has"
        kinds.append(kind)
    if derived == "refuted" and "refuting" not in kinds:
        return Outcome.FAILED, f"a refuted verdict whose reason {reason!r} states no refutation"
    if derived != "refuted" and "refuting" in kinds:
        return Outcome.FAILED, f"a {derived} verdict whose reason {reason!r} states a refutation"
    return None


def _kind(piece: str) -> str | None:
    for kind, templates in (("refuting", REFUTING), ("proving", PROVING), ("neutral", NEUTRAL)):
        if any(t.fullmatch(piece) for t in templates):
            return kind
    return None
