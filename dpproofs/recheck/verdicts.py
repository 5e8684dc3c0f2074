"""Each verdict's status, derived from what was replayed, and compared with the report.

The status of a part (a path through conjunctions and family members, as in the pieces) is
derived from its pieces' findings (``Finding.supports``), never from the report's status:

* refuted: a piece of the part, replayed, shows the claim false (a witness; an exact
  evaluation or exact facts whose relation fails), or the counterexample the verdict displays
  replays as one on the part's concrete mechanism (:func:`.displayed.replay_mechanism`);
* proved: every piece of the part is confirmed and one proves the claim on its whole stated
  domain (interval boxes, exact evaluation or exact facts that hold, a scalar claim or
  derivation proved again), or a bounded search re-solved with a small-model reduction that
  lifts its unsat to every size;
* verified-bounded: every piece confirmed and a bounded search re-solved (sizes checked
  against the claim and the coverage);
* a premise of a reduction (``dpproofs.claim.Premise``): its one part's status, but unknown
  where that part is refuted (a premise that fails refutes nothing);
* a part with no pieces of its own, by its claim rebuilt from the file: a conjunction is
  refuted when a part is, else not derived when a part is not, else verified-bounded when a
  part is, else proved (``dpproofs.verdict.conjunction``); a family is refuted when a member
  is, else verified-bounded when every member is derived (a family is at best bounded);
* otherwise nothing is derived ("not replayed").

A verdict is confirmed when the derived status is the reported one (unknown and error claim
nothing, but an unknown claim must build), a refuted verdict's displayed counterexample is the
one replayed (:mod:`.displayed`), a family's bounded verdict covers its members as the claim
lists them, its reason is one the deciders write for that status (:mod:`.reasons`; a verdict
resting on Shannon-type evidence: its method, reason, certificate and coverage are the ones
written again from the replay, :mod:`.entropictext`; a proof by rule DG, the erasure or the
one-time pad rule, or a conjunction of them: its method, reason and certificate written again
from the claim and the replayed records, :mod:`.ruletext`; a conjunction with lifted parts: its
certificate empty and its reason or coverage its parts' texts in order, :mod:`.liftedwhole`),
a verdict of the informed-belief reduction: its method and coverage the reduction's, its
preconditions met by the file's reduction (:mod:`.informedtext`), and its expected verdict (and that
verdict's label as shown), title, line, source, note, role, corrects, refutation label, quote,
reading and restriction are the theorem file's (the report's seconds and cache fields cannot be
replayed and are not). It fails when the replay contradicts the report (another status
derived, a counterexample shown that is not the replayed one, a declaration that differs) and
is "not replayed" when the status could not be derived.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dpproofs.recheck import entropictext, informedtext, liftedwhole, ruletext
from dpproofs.recheck.balls import Undecidable, compare, enclose, with_precision
from dpproofs.recheck.claims import NotRebuilt, declared, member_label, rebuild
from dpproofs.recheck.displayed import matches_witness, replay_mechanism
from dpproofs.recheck.pieces import DECIDED, STEP_TEXT, Finding, Outcome, Piece, Reported
from dpproofs.recheck.reasons import check_reason
from dpproofs.recheck.resolve import resolve_size
from dpproofs.recheck.shown import Mismatch, displayed_values, scalar_shown, step_of
from dpproofs.recheck.witnesses import BadWitness
from dpproofs.theorem import expectation

#: A premise of a reduction (dpproofs.claim.Premise), recognised by its class's home.
PREMISE = ("dpproofs.claim", "Premise")
#: Pieces whose confirmation rests on the displayed counterexample when it replays.
SHOWN_ON = ("exact-evaluation",)


@dataclass(frozen=True, slots=True)
class Judged:
    """The rechecker's answer about one verdict: the status it derived (None: none)."""

    verdict: Reported
    outcome: Outcome
    derived: str | None
    why: str = ""


class _Derivation:
    def __init__(self, verdict: Reported, findings: Sequence[Finding]) -> None:
        self.verdict = verdict
        self.findings = findings
        self.shown_refutes: set[tuple[int, ...]] = set()
        self.why_not = ""
        #: Why a record's own status is not the one its replay gives ("" when none).
        self.contradicted = ""
        shown = verdict.assignment
        if shown is None or verdict.status != "refuted":
            return
        for finding in findings:
            piece = finding.piece
            if piece.kind not in SHOWN_ON or piece.part in self.shown_refutes:
                continue
            try:
                claim = rebuild(piece.file, piece.theorem, piece.part)
                member = member_label(piece.file, piece.theorem, piece.part)
            except NotRebuilt:
                continue
            rest = {k: v for k, v in shown.items() if k != "member"}
            if shown.get("member") == member and rest and replay_mechanism(claim, rest)[0]:
                self.shown_refutes.add(piece.part)

    def status(self, path: tuple[int, ...]) -> str | None:
        own = [f for f in self.findings if f.piece.part == path]
        if path in self.shown_refutes:
            return "refuted"
        if own:
            return self._own(path, own)
        try:
            claim = rebuild(self.verdict.file, self.verdict.theorem, path)
        except NotRebuilt as exc:
            self.why_not = f"the claim cannot be rebuilt: {exc}"
            return None
        parts = getattr(claim, "parts", None)
        members = getattr(claim, "members", None)
        count = len(parts) if isinstance(parts, tuple) else len(members or ())
        if not count:
            self.why_not = f"no evidence for {_where(path)}"
            return None
        derived = [self.status((*path, i)) for i in range(count)]
        if (type(claim).__module__, type(claim).__qualname__) == PREMISE:
            # A premise that fails refutes nothing: its refutation makes the part unknown.
            return "unknown" if derived == ["refuted"] else derived[0]
        if "refuted" in derived:
            return "refuted"
        if None in derived:
            return None
        if "unknown" in derived:
            self.why_not = f"a failed premise in {_where(path)}"
            return "unknown"
        if not isinstance(parts, tuple) or "verified-bounded" in derived:
            return "verified-bounded"
        return "proved"

    def _own(self, path: tuple[int, ...], own: Sequence[Finding]) -> str | None:
        supports = {f.supports for f in own if f.outcome is Outcome.CONFIRMED}
        if "refuted" in supports:
            return "refuted"
        if any(f.outcome is not Outcome.CONFIRMED for f in own):
            self.why_not = f"some evidence of {_where(path)} is not confirmed"
            return None
        if "proved" in supports or {"verified-bounded", "lifts"} <= supports:
            return self._stated(path, own, "proved")
        if "verified-bounded" in supports:
            return self._stated(path, own, "verified-bounded")
        self.why_not = f"no replayed evidence decides {_where(path)}"
        return None

    def _stated(self, path: tuple[int, ...], own: Sequence[Finding], derived: str) -> str:
        """``derived``, noting in ``contradicted`` a record of the part that states another
        decided status (each record carries its part's status: an edited one is a lie)."""
        stated = {f.piece.record.get("status") for f in own} - {None, derived}
        if stated & set(DECIDED) and not self.contradicted:
            said = sorted(str(s) for s in stated & set(DECIDED))
            self.contradicted = (
                f"a record of {_where(path)} says {', '.join(said)}; its replay gives {derived}"
            )
        return derived


def _where(path: tuple[int, ...]) -> str:
    return f"part {'.'.join(map(str, path))}" if path else "the claim"


def judge(verdict: Reported, findings: Sequence[Finding], resolve: float = 0.0) -> Judged:
    """Derive ``verdict``'s status from the ``findings`` of its pieces and compare (see the
    module docstring). ``resolve``: seconds to re-solve one size a displayed minimality
    names (0: not re-solved, so such a minimality is not confirmed)."""
    try:
        spec = declared(verdict.file, verdict.theorem)
    except NotRebuilt as exc:
        return Judged(verdict, Outcome.NOT_REPLAYED, None, f"the claim cannot be rebuilt: {exc}")
    refutation = spec.refutation.value if spec.refutation is not None else None
    for field, mine, theirs in (
        ("expected", None if spec.expect is None else spec.expect.value, verdict.expected),
        ("title", spec.title, verdict.title),
        ("line", spec.line, verdict.line),
        *(
            (name, value, verdict.declared.get(name))
            for name, value in (
                ("source", spec.source),
                ("note", spec.note),
                ("corrects", spec.corrects),
                ("role", spec.role.value),
                ("refutation", refutation),
                ("quote", spec.quote),
                ("reading", spec.reading),
                ("restricted", spec.restricted or None),
                ("expected_label", expectation(spec.expect)),
            )
        ),
    ):
        if mine != theirs:
            why = f"the report's {field} {theirs!r}, the file's {mine!r}"
            return Judged(verdict, Outcome.FAILED, None, why)
    if verdict.status not in DECIDED:
        return _undecided(verdict)
    wrong = liftedwhole.told(verdict) if liftedwhole.applies(verdict) else None
    # The reduction's texts and records first: a part's record missing fails it (a
    # reduction's verdict needs every part), it is not merely "not replayed".
    wrong = wrong or (informedtext.told(verdict) if informedtext.applies(verdict) else None)
    if wrong is not None:
        return Judged(verdict, wrong[0], None, wrong[1])
    derivation = _Derivation(verdict, findings)
    derived = derivation.status(())
    if derived is not None and derived != verdict.status:
        return Judged(verdict, Outcome.FAILED, derived, f"the replayed evidence gives {derived}")
    if derivation.contradicted:
        return Judged(verdict, Outcome.FAILED, derived, derivation.contradicted)
    if derived is None:
        return Judged(verdict, Outcome.NOT_REPLAYED, None, derivation.why_not)
    why = _shown(verdict, findings, derivation) if derived == "refuted" else ""
    why = why or _covered(verdict)
    why = why or _steps(verdict, findings, derived)
    if why:
        return Judged(verdict, Outcome.FAILED, derived, why)
    if entropictext.applies(verdict):
        wrong = entropictext.told(verdict, derivation.status)
    elif ruletext.applies(verdict):
        wrong = ruletext.told(verdict)
    else:
        wrong = check_reason(verdict, derived)
    if wrong is not None:
        return Judged(verdict, wrong[0], derived, wrong[1])
    mismatch = _displayed(verdict, findings, derivation, resolve) if derived == "refuted" else None
    if mismatch is not None:
        return Judged(verdict, mismatch[0], derived, mismatch[1])
    return Judged(verdict, Outcome.CONFIRMED, derived)


def _source(
    verdict: Reported, findings: Sequence[Finding], derivation: _Derivation
) -> Finding | None:
    """The replayed piece the displayed counterexample is: the exact evaluation of the part
    whose mechanism the shown point refutes, else the confirmed refutation it matches."""
    shown = verdict.assignment or {}
    for finding in findings:
        if finding.piece.kind in SHOWN_ON and finding.piece.part in derivation.shown_refutes:
            return finding
    for finding in findings:
        piece = finding.piece
        if finding.outcome is not Outcome.CONFIRMED or finding.supports != "refuted":
            continue
        claim = rebuild(piece.file, piece.theorem, piece.part)
        if piece.kind == "witness":
            member = member_label(piece.file, piece.theorem, piece.part)
            values = {str(k): str(v) for k, v in piece.record.get("values", {}).items()}
            kind = str(piece.record.get("claim"))
            if not matches_witness(shown, values, claim, member, kind):
                return finding
        elif not {k: v for k, v in shown.items() if k != "member"} and _pointless(piece, claim):
            return finding
    return None


def _replayed_steps(findings: Sequence[Finding]) -> dict[Any, Any]:
    """Step index -> the values of its confirmed witness."""
    return {
        f.piece.record.get("step"): f.piece.record.get("values", {})
        for f in findings
        if f.outcome is Outcome.CONFIRMED and f.piece.record.get("claim") == "step"
    }


def _displayed(
    verdict: Reported, findings: Sequence[Finding], derivation: _Derivation, resolve: float
) -> Mismatch:
    """The displayed counterexample's observed values and replay, recomputed (:mod:`.shown`),
    and those of every step shown with a witness."""
    source = _source(verdict, findings, derivation)
    part = source.piece.part if source is not None else ()
    claim = rebuild(verdict.file, verdict.theorem, part)

    def resolved(size: int) -> str:
        if resolve <= 0:
            return "not re-solved: --no-bounded"
        try:
            return resolve_size(claim, size, resolve)[0]
        except Exception as exc:  # a claim the second encoding does not take: unconfirmed
            return f"the re-solve raised {type(exc).__name__}"

    mismatch = displayed_values(verdict, source, claim, resolved)
    if mismatch is not None:
        return mismatch
    replayed = _replayed_steps(findings)
    for index, observed, replay in verdict.step_shown:
        values = replayed.get(index)
        if values is None:
            return Outcome.FAILED, f"step {index} shows a witness that was not replayed"
        try:
            problem = step_of(rebuild(verdict.file, verdict.theorem, ()), index)
            values = {str(k): str(v) for k, v in values.items()}
            mismatch = scalar_shown(problem, values, observed, replay)
        except (BadWitness, KeyError, TypeError, ValueError) as exc:
            mismatch = Outcome.FAILED, f"step {index}'s displayed values: {exc}"
        if mismatch is not None:
            return mismatch[0], f"step {index}: {mismatch[1]}"
    return None


def _undecided(verdict: Reported) -> Judged:
    """Unknown and error claim nothing; but an unknown claim must be buildable (a claim that
    cannot be built is an error), and neither shows a counterexample or a coverage."""
    if verdict.assignment is not None or verdict.coverage:
        why = f"an {verdict.status} verdict shows a counterexample or a coverage"
        return Judged(verdict, Outcome.FAILED, None, why)
    if verdict.status == "unknown":
        try:
            rebuild(verdict.file, verdict.theorem, ())
        except NotRebuilt as exc:
            return Judged(verdict, Outcome.FAILED, "error", f"unknown, but {exc}")
    return Judged(verdict, Outcome.CONFIRMED, None, "claims nothing")


def _covered(verdict: Reported) -> str:
    """ "" when a family's bounded verdict names its own members as the coverage (the family's
    text and count: ``k in {2, 3} (2 cases)``), else why not. Search claims' coverages are
    checked with their bounded search (:mod:`.certificates`)."""
    if verdict.status != "verified-bounded":
        return f"a {verdict.status} verdict shows a coverage" if verdict.coverage else ""
    claim = rebuild(verdict.file, verdict.theorem, ())
    members = getattr(claim, "members", None)
    if not isinstance(members, tuple):
        return ""
    said = f"{claim.family} ({len(members)} cases)"
    coverage = verdict.coverage or ""
    if coverage != said and not coverage.startswith(f"{said}; bounded members: "):
        return f"the coverage {coverage!r} is not the family's {said!r}"
    return ""


def _shown(verdict: Reported, findings: Sequence[Finding], derivation: _Derivation) -> str:
    """ "" when the displayed counterexample is one the rechecker replayed, else why not."""
    shown = verdict.assignment
    if shown is None:
        return "the verdict is refuted but shows no counterexample"
    if derivation.shown_refutes:
        return ""
    reasons = []
    for finding in findings:
        piece = finding.piece
        if finding.outcome is not Outcome.CONFIRMED or finding.supports != "refuted":
            continue
        claim = rebuild(piece.file, piece.theorem, piece.part)
        if piece.kind != "witness":
            if not {k: v for k, v in shown.items() if k != "member"} and _pointless(piece, claim):
                return ""  # the replayed comparisons are the evidence; nothing else is shown
            reasons.append(f"the counterexample shown, {dict(shown)}, is not replayed")
            continue
        member = member_label(piece.file, piece.theorem, piece.part)
        values = {str(k): str(v) for k, v in piece.record.get("values", {}).items()}
        why = matches_witness(shown, values, claim, member, str(piece.record.get("claim")))
        if not why:
            return ""
        reasons.append(why)
    return "; ".join(reasons) or "the counterexample shown is not replayed"


def _pointless(piece: Piece, claim: Any) -> bool:
    """A refutation with no single point to show: exact facts (the failing comparisons are the
    evidence), and a pure epsilon below the value claimed equal (every ratio is below it: the
    maximum itself is the evidence). Every other refuted exact evaluation shows its point."""
    import sympy

    if piece.kind == "exact-facts":
        return True
    record = piece.record
    if piece.kind != "exact-evaluation" or record.get("quantity") != "pure_epsilon":
        return False
    try:
        with with_precision(512):
            return (
                compare(enclose(sympy.sympify(record["measured"]), {}), enclose(claim.target, {}))
                < 0
            )
    except (Undecidable, TypeError, ValueError, sympy.SympifyError):
        return False


def _steps(verdict: Reported, findings: Sequence[Finding], derived: str) -> str:
    """ "" when the steps a derivation displays agree with what was replayed, else why not: a
    proved derivation (every step proved again) shows every step of the file proved; a step
    shown refuted is one whose witness was replayed, and shows that witness. (A step shown
    proved in a refuted derivation is not proved again.)"""
    if not verdict.steps:
        return ""
    derivation = getattr(rebuild(verdict.file, verdict.theorem, ()), "derivation", None)
    if derivation is None:
        return "the report shows proof steps; the claim is no derivation"
    if [i for i, _, _ in verdict.steps] != [s.index for s in derivation.steps]:
        return "the steps shown are not the derivation's"
    for step, shown_text in zip(derivation.steps, verdict.step_text, strict=False):
        relation = step.relation.value if step.relation else step.relation_latex
        texts = (step.latex, step.lhs or "", relation, step.rhs or "", step.justification)
        for name, mine in zip(STEP_TEXT, texts, strict=True):
            if shown_text.get(name) != mine:
                return (
                    f"step {step.index} shows {name} {shown_text.get(name)!r}; the file's {mine!r}"
                )
    if derived == "proved":
        shown = [f"{i}: {status}" for i, status, _ in verdict.steps if status != "proved"]
        return f"a proved derivation shows steps {shown}" if shown else ""
    replayed = _replayed_steps(findings)
    for index, status, shown_at in verdict.steps:
        values = replayed.get(index)
        if (status == "refuted") != (values is not None):
            return f"step {index} is shown {status}; its replayed witness says otherwise"
        if values is None:
            continue
        if shown_at is None or matches_witness(
            shown_at, {str(k): str(v) for k, v in values.items()}, None, None
        ):
            return f"step {index} shows {shown_at}, not its replayed witness"
    return ""
