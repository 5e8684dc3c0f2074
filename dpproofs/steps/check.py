"""Checking a derivation step by step with the scalar decider.

Each step ``e_{i-1} R_i e_i`` becomes one claim ``holds(step, where, assuming)`` of
:mod:`dpproofs.symbolic` (for all parameters in their domains satisfying the assumptions), decided
by its pipeline within a share of the deadline. A refuting witness satisfies the assumptions and
was re-checked by exact / rigorous arithmetic (the pipeline's judge). A step the decider rejects
as malformed (InvalidClaim) is not-checked with that reason; a step meaningless at some admissible
point (a definedness ERROR) is unknown with the point.

The derivation, as a claim: refuted if a step is refuted; proved if every step is proved and the
chain composes to the conclusion; otherwise unknown. The reason reads e.g.
``3/5 steps proved, step 4 refuted``; the per-step results are the verdict's ``steps``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from dpproofs.claim import no_truth_value
from dpproofs.deadline import Deadline
from dpproofs.errors import DpProofsError
from dpproofs.evidence import Witness
from dpproofs.progress import note
from dpproofs.steps import cases
from dpproofs.steps.chain import Relation
from dpproofs.steps.counts import vacuous
from dpproofs.steps.derivation import Derivation, Step
from dpproofs.steps.linearity import NormalForm, normal_form
from dpproofs.symbolic import holds
from dpproofs.verdict import Counterexample, Status, StepResult, Verdict

PROVED, REFUTED, UNKNOWN, NOT_CHECKED = "proved", "refuted", "unknown", "not-checked"
METHOD = "proof steps"


def check_step(step: Step, derivation: Derivation, deadline: Deadline) -> StepResult:
    """Decide one step under the derivation's assumptions and domains."""
    statement = step.statement
    if statement is None:
        return _result(step, NOT_CHECKED, reason=step.problem)
    if step.defines:
        defined = dict(step.opaque).get(step.defines, step.defines)  # as written, not Tt_...
        defines = f"defines {defined} (a definition, not a claim for every {defined})"
        if step.definition.startswith("used in") or "(" in step.lhs_latex:
            return _result(step, NOT_CHECKED, reason=f"{defines}: {step.definition}")
        return _result(step, NOT_CHECKED, reason=(
            f"{defines}; pass it as --assume '{step.lhs_latex} = ...' to use it in the steps "
            "that follow" + (f" ({step.definition})" if step.definition else "")))  # fmt: skip
    texts = dict(step.opaque)
    if len(texts) < len(step.opaque):  # two texts, one digest: they would be read as one number
        return _result(step, NOT_CHECKED, reason=(
            "two different texts read to one unknown number (their digests collide): "
            + "; ".join(f"{latex} as {name}" for name, latex in step.opaque)))  # fmt: skip
    normal = normal_form(statement, step.opaque)
    if normal is not None:  # the step's operators by their laws (proves only)
        linear = _linear_proof(step, derivation, normal, deadline.share(0.5))
        if linear is not None:
            return linear
    try:
        assuming = (
            *derivation.assumptions,
            *([step.premise] if step.premise else []),
            *step.conditions,
            *cases.nonempty(step),
        )
        claim = holds(statement, where=_mentioned(derivation, statement), assuming=assuming)
    except DpProofsError as exc:
        return _result(step, NOT_CHECKED, reason=f"{type(exc).__name__}: {exc}")
    verdict = claim.decide(deadline.share(1 / (1 + len(step.cases))))
    vacuity = ""
    if verdict.status is Status.PROVED:
        vacuity = contradiction(step, derivation, deadline) or vacuous(step, derivation, deadline)
    if vacuity:
        return _result(step, NOT_CHECKED, reason=vacuity)
    if verdict.status is Status.PROVED:
        open_case = cases.unsettled(step, derivation, deadline, lambda t: _mentioned(derivation, t))
        if open_case is not None:
            return _result(step, open_case.status, reason=open_case.reason)
        return _result(step, PROVED, reason=verdict.method + _opaque_note(step) + _cases_note(step))
    unmarked = [f"{shown} (line {line})" for shown, line, marked in step.uses if not marked]
    if verdict.status is Status.REFUTED and unmarked:
        return _result(step, NOT_CHECKED, reason=(
            f"it fails at {_shown(verdict.counterexample)} with the display"
            f"{'s' if len(unmarked) > 1 else ''} {', '.join(unmarked)} read as a definition, "
            "which no defining symbol or word marks (a case or a hypothesis of the prose?): "
            "write := (or 'let' before the display) to check it"))  # fmt: skip
    if verdict.status is Status.REFUTED and step.opaque:
        return _result(step, NOT_CHECKED, reason=_opaque_refutation(step, verdict))
    if verdict.status is Status.REFUTED and _opaque_assigned(verdict.counterexample):
        # an unknown of the row's condition or an --assume (for $\Pr[A] < 0$): its value in
        # the witness may be one the true quantity never takes (then the step holds vacuously)
        return _result(step, NOT_CHECKED, reason=(
            f"it fails at {_shown(verdict.counterexample)}, where an assumption's unknown "
            "number takes a value the quantity it stands for may never take: give it a meaning "
            "with --map"))  # fmt: skip
    if verdict.status is Status.ERROR and _opaque_at(step, verdict.reason):
        # meaningless at a value of an opaque quantity (ln(1 + f(x)) at f(x) = -2): a value the
        # true quantity may never take; not checked, like a refutation at one
        return _result(step, NOT_CHECKED, reason=_opaque_refutation(step, verdict))
    if verdict.status is Status.REFUTED and may_define(step):
        return _result(step, NOT_CHECKED, reason=(
            f"ambiguous: {step.latex} may define {step.lhs_latex} (a definition is not a claim "
            f"for all values; it fails at {_shown(verdict.counterexample)}); if it is a claim, "
            f"write it with its defined quantity replaced (--map '{step.lhs_latex}' => ...)"
        ))  # fmt: skip
    if verdict.status is Status.REFUTED:
        fractional = _fractional_counts(step, verdict.counterexample)
        if fractional:
            return _result(step, UNKNOWN, reason=(
                f"refuted only at {fractional}, which counts the terms of a sum or product and "
                "must be an integer; not decided for the integers"))  # fmt: skip
        if step.caveat and verdict.counterexample is not None:
            point = ", ".join(f"{k} = {v}" for k, v in verdict.counterexample.assignment)
            return _result(step, NOT_CHECKED, reason=(
                f"{step.caveat}; read as a claim for every value it fails at {point}: state the "
                "case with --assume, or the definition, to check it"))  # fmt: skip
        return _result(step, REFUTED, verdict.counterexample, verdict.method)
    return _result(step, UNKNOWN, reason=f"{verdict.status.value}: {verdict.reason}")


def _linear_proof(
    step: Step, derivation: Derivation, normal: NormalForm, deadline: Deadline
) -> StepResult | None:
    """The step proved on its linear normal form (:mod:`.linearity`), or None: a failure there
    is no refutation (its atoms are opaque numbers), the step is then decided as read."""
    present = set(re.findall(r"\b[A-Z][a-z]_[0-9a-f]{16}\b", normal.statement))
    kept = [c for c in step.conditions
            if set(re.findall(r"\b[A-Z][a-z]_[0-9a-f]{16}\b", c)) <= present]  # fmt: skip
    assuming = (
        *derivation.assumptions,
        *([step.premise] if step.premise else []),
        *kept,
        *normal.conditions,
    )
    try:
        claim = holds(
            normal.statement, where=_mentioned(derivation, normal.statement),
            assuming=(*assuming, *cases.nonempty(step)),
        )  # fmt: skip
    except DpProofsError:
        return None
    verdict = claim.decide(deadline.share(1 / (1 + len(step.cases))))
    if verdict.status is not Status.PROVED:
        return None
    # every case with an empty sum, on its own normal form (the opaque atoms are the same)
    forms = [(e, normal_form(s, step.opaque)) for e, s in cases.statements(step)]
    if any(f is None for _, f in forms):
        return None
    todo = [(e, f.statement) for e, f in forms if f is not None]
    extra = tuple(c for _, f in forms if f is not None for c in f.conditions)
    where = lambda t: _mentioned(derivation, t)  # noqa: E731
    if cases.unsettled(step, derivation, deadline, where, todo, (*kept, *extra)) is not None:
        return None
    # the same checks as the step as read: its conditions can hold, its counts be >= 0
    vacuity = contradiction(step, derivation, deadline) or vacuous(step, derivation, deadline)
    if vacuity:
        return _result(step, NOT_CHECKED, reason=vacuity)
    named = ", ".join(f"{latex} as {name}" for name, latex in normal.opaque)
    rules = "; ".join(normal.rules) or "an event written another way"
    return _result(step, PROVED, reason=(
        f"{verdict.method} on the step's linear normal form ({rules}: {normal.statement}), "
        f"for every value of {named}{_cases_note(step)}"))  # fmt: skip


def _cases_note(step: Step) -> str:
    """How a step with sums of symbolic bounds was decided ("" when it has none)."""
    if not step.terms:
        return ""
    terms = ", ".join(step.terms)
    return (
        f" (in all {2 ** len(step.terms)} cases of the numbers of terms {terms}: each >= 0, "
        "or <= -1 and its sum or product empty)"
    )


def contradiction(step: Step, derivation: Derivation, deadline: Deadline) -> str:
    """Why a proof of ``step`` under its row's conditions would be vacuous: no point satisfies
    them together with the assumptions (``for $x > 1$ and $x < 0$``: every step follows), or
    "" when a point is found (the false claim 1 < 0 refuted under them, re-checked exactly)."""
    if not step.premise:
        return ""
    assuming = (*derivation.assumptions, step.premise)
    try:
        verdict = holds(
            "1 < 0", where=_mentioned(derivation, " ".join(assuming)), assuming=assuming
        ).decide(deadline)
    except DpProofsError as exc:
        return f"not decided whether its conditions can hold together ({exc})"
    if verdict.status is Status.REFUTED:
        return ""
    if verdict.status is Status.PROVED:
        return (
            f"its conditions contradict each other (or the assumptions): no point "
            f"satisfies {step.premise}, so every claim would be proved under them"
        )
    return (
        f"not decided whether its conditions ({step.premise}) can hold together "
        f"({verdict.status.value}: {verdict.reason})"
    )


def may_define(step: Step) -> bool:
    """``\\hat{p} = \\frac{\\bar{y} - q}{1 - 2q}`` opening a statement: a parameter alone on the
    left of =, absent from the right, may be defined there; refuted, it is not a false step."""
    first = step.index == 1 or step.starts_statement
    lhs, rhs = step.lhs or "", step.rhs or ""
    return (
        first
        and step.relation is Relation.EQ
        and re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", lhs) is not None
        and re.search(rf"\b{re.escape(lhs)}\b", rhs) is None
        and not step.consequence
    )


def _shown(witness: Counterexample | None) -> str:
    return ", ".join(f"{k} = {v}" for k, v in witness.assignment) if witness else "some values"


def _opaque_note(step: Step) -> str:
    """How the step's opaque quantities were read ("" when it has none)."""
    if not step.opaque:
        return ""
    named = ", ".join(f"{latex} as {name}" for name, latex in step.opaque)
    return f" (for every value of {named})"


def _opaque_assigned(witness: Counterexample | None) -> bool:
    """Whether a witness gives a value to an opaque quantity (``Pr_<16 hex>``, :mod:`.binders`)."""
    return witness is not None and any(
        re.fullmatch(r"[A-Z][a-z]_[0-9a-f]{16}", name) for name, _ in witness.assignment
    )


def _opaque_at(step: Step, reason: str) -> bool:
    """Whether the condition an error's reason says fails (``... undefined at x = 1, Q = -2:
    Q + 1 > 0 fails there``) names one of the step's opaque quantities."""
    failing = reason.rsplit(": ", 1)[-1] if " undefined at " in reason else ""
    return any(re.search(rf"\b{name}\b", failing) for name, _ in step.opaque)


def _opaque_refutation(step: Step, verdict: Verdict) -> str:
    """Why a step that fails for some value of its opaque quantities is not refuted: the true
    values obey laws the reader does not know."""
    at = _shown(verdict.counterexample)
    if verdict.counterexample is None and verdict.status is Status.ERROR:
        at = verdict.reason.partition(" undefined at ")[2] or "some values"
    first = step.opaque[0][1]
    applied = [latex for name, latex in step.opaque if name.startswith("Ap_")]
    if applied:  # f(x): a function's value, or the product f*x; read as a value, it fails
        head, _, group = applied[0].partition("(")
        return (
            f"ambiguous: {applied[0]} is a function applied to an argument or a product; read "
            f"as a function's value (an arbitrary number) the step fails at {at}: write "
            f"{head} \\cdot ({group} for a product, or give it a meaning with "
            f"--map '{applied[0]}' => ..."
        )
    return (
        f"it fails at {at} with "
        + ", ".join(f"{latex} read as an arbitrary number {name}" for name, latex in step.opaque)
        + "; what these quantities are is not known to the reader (linearity, monotonicity, "
        f"their values): give them a meaning with --map '{first}' => ..."
    )


def _fractional_counts(step: Step, witness: Counterexample | None) -> str:
    """The counts (parameters in the bounds of a sum or product) that the witness does not set
    to integers, as ``n = 1/2``; "" when there are none (the refutation stands)."""
    if witness is None or not step.counts:
        return ""
    values = dict(witness.assignment)
    bad = []
    for name in step.counts:
        value = values.get(name)
        if value is None or Fraction(value).denominator != 1:
            bad.append(f"{name} = {value}")
    return ", ".join(bad)


def _mentioned(derivation: Derivation, statement: str) -> dict[str, str]:
    """The domains of the parameters this step or the assumptions mention (a domain for a name
    the claim does not use is refused by ``holds``; the steps of a derivation use different
    names)."""
    text = " ".join([statement, *derivation.assumptions])
    return {k: v for k, v in derivation.where if re.search(rf"\b{re.escape(k)}\b", text)}


def _result(
    step: Step, status: str, witness: Counterexample | None = None, reason: str = ""
) -> StepResult:
    """A step's result, with its LaTeX and parsed form shown side by side, and the definitions
    it was decided with."""
    if step.uses:
        used = ", ".join(f"{shown} at line {line}" for shown, line, _ in step.uses)
        plural = "s" if len(step.uses) > 1 else ""
        reason += f"{' ' if reason else ''}(with the definition{plural} of {used})"
    if step.definition and not step.defines:
        reason += f"{' ' if reason else ''}({step.definition})"
    return StepResult(
        index=step.index,
        latex=step.latex,
        lhs=step.lhs or "",
        relation=step.relation.value if step.relation else step.relation_latex,
        rhs=step.rhs or "",
        justification=step.justification,
        status=status,
        witness=witness,
        reason=reason,
    )


def check_steps(derivation: Derivation, deadline: Deadline) -> tuple[StepResult, ...]:
    """Every step, each within an equal share of what is left of the deadline; each result is
    also a progress note (``step 2 of 5: proved``, see dpproofs.progress)."""
    out = []
    count = len(derivation.steps)
    for number, step in enumerate(derivation.steps):
        out.append(check_step(step, derivation, deadline.share(1 / (count - number))))
        note(f"step {out[-1].index} of {count}: {out[-1].status}")
    return tuple(out)


def summary(results: tuple[StepResult, ...]) -> str:
    """``3/5 steps proved, step 4 refuted, step 5 unknown``."""
    parts = [f"{sum(r.status == PROVED for r in results)}/{len(results)} steps proved"]
    for status in (REFUTED, UNKNOWN, NOT_CHECKED):
        numbers = [str(r.index) for r in results if r.status == status]
        if numbers:
            label = "step" if len(numbers) == 1 else "steps"
            parts.append(f"{label} {', '.join(numbers)} {status.replace('-', ' ')}")
    return ", ".join(parts)


def derivation_verdict(derivation: Derivation, results: tuple[StepResult, ...]) -> Verdict:
    """The derivation's verdict from its step results (see the module docstring)."""
    reason = summary(results)
    method = f"{METHOD} ({reason})"  # the table's evidence column shows the method
    refuted = [r for r in results if r.status == REFUTED and r.witness is not None]
    if refuted:
        first = refuted[0]
        return Verdict(
            Status.REFUTED, method, reason=f"{reason}; step {first.index}: {first.latex}",
            counterexample=first.witness, steps=results,
            evidence=step_witnesses(results),
        )  # fmt: skip
    closes, why = derivation.closes() if derivation.steps else (False, "no steps")
    notes = [*derivation.problems, *([why] if why else [])]
    if closes and not notes and all(r.status == PROVED for r in results):
        return Verdict(Status.PROVED, method, reason=reason, steps=results)
    return Verdict(Status.UNKNOWN, method, reason="; ".join([reason, *notes]), steps=results)


@dataclass(frozen=True, slots=True)
class DerivationClaim:
    """A derivation as a claim (returned by a theorem function, run by ``dpproofs verify``)."""

    __bool__ = no_truth_value

    derivation: Derivation

    def describe(self) -> str:
        first = self.derivation.steps[0] if self.derivation.steps else None
        return f"derivation of {len(self.derivation.steps)} steps" + (
            f" from {first.lhs_latex}" if first else ""
        )

    def decide(self, deadline: Deadline) -> Verdict:
        return derivation_verdict(self.derivation, check_steps(self.derivation, deadline))


def step_witnesses(results: tuple[StepResult, ...]) -> tuple[Witness, ...]:
    """The exact witness of every refuted step (evidence for ``dpproofs recheck``)."""
    return tuple(
        Witness("step", r.witness.assignment, step=r.index)
        for r in results
        if r.status == REFUTED and r.witness is not None
    )
