"""What a refuted verdict displays beside its counterexample, recomputed and compared.

A counterexample shows ``observed`` (what the exact re-check computed at the point) and
``replay`` (Python source that re-checks it). Both are report text: the rechecker never runs
them. It recomputes each from the replayed evidence and the claim rebuilt from its file, and
compares (a value that differs fails the verdict; one not recomputed leaves it unconfirmed):

* a search witness at size n with values v: ``observed`` is exactly ``size`` = "n <size name>",
  ``exact re-check`` = :data:`SEARCH_RECHECK`, ``found by`` one of :data:`FOUND_BY`, and
  ``minimality``: "smallest size tried" when n is the claim's smallest size,
  :data:`BELOW_SIZES` when n is below every size of the claim (the lifting's bound), or "no
  counterexample on <size name> in [k, ...] (z3 unsat)" where each k is a size of the claim
  below n, re-solved unsat here by the second encoding (:func:`.resolve.resolve_size`; not
  re-solved, e.g. ``--no-bounded``: not confirmed); ``replay`` is the text the search writes
  for (n, v), regenerated (:func:`search_replay`);
* a scalar or step witness at the point x: ``observed`` has, for each of the first four
  relations of the statement (tagged " of <relation>" when there are several), ``lhs`` and
  ``rhs``: the side at x, rendered exactly by sympy, followed for an irrational value by
  " ~= f" with f within 1e-14 relative error of the value (decided with Arb balls);
  ``replay`` is regenerated from the problem and x (:func:`scalar_replay`);
* a concrete mechanism's displayed (x, x', S) or (x, x', y): the two sides of the failing
  comparison (sums of the mechanism's rows), the measured quantity (the exact evaluation's
  value, which the replay recomputed), ``attained_at`` (x, x') or (x, x', y) and ``claimed``
  (the claim's bound); ``replay`` is regenerated (:func:`mechanism_replay`);
* exact facts: one ``fails: <comparison>`` per failing comparison of the replayed record and
  the values the author's check returns (the check run again); no replay;
* an entropic witness (a joint law): each side of the target valued exactly at the law by
  :func:`.entropic.observed` and written by :func:`dpproofs.shannon_text.observed`; no replay.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from dpproofs.recheck.balls import Real, Undecidable, compare, enclose, with_precision
from dpproofs.recheck.entropic import observed as entropic_observed
from dpproofs.recheck.pieces import Finding, Outcome, Reported
from dpproofs.recheck.witnesses import BadWitness, parse_matrix, parse_rational
from dpproofs.replay import BELOW_SIZES, SEARCH_RECHECK, scalar_source, search_source
from dpproofs.replay import relations as named_relations
from dpproofs.shannon_text import METHOD as SHANNON_METHOD

#: How the search may have found the point (its re-check sentence and a point's minimality
#: below the claim's sizes are dpproofs.replay's SEARCH_RECHECK and BELOW_SIZES).
FOUND_BY = ("z3", "numeric pre-search, re-checked exactly")
#: Relative error allowed in the float shown beside an irrational value.
FLOAT_TOLERANCE = Fraction(1, 10**14)

#: The methods a refutation of the theorem's own claim is reported with, by the kind of its
#: replayed evidence (regular expressions, matched in full; an exact fact's method is its own).
METHODS = {
    "search": r"z3 search over finite alphabets( with counterexample-guided refinement| \+ .*)?",
    "search-cegar": r"z3 search over finite alphabets with counterexample-guided refinement",
    "scalar": r"(float search|z3 model), rigorously re-checked|exact evaluation",
    "step": r"proof steps \(.*\)",
    "exact-evaluation": r"exact evaluation",
    "entropic": re.escape(SHANNON_METHOD),
}

#: (outcome, why): None when every displayed value is the recomputed one.
Mismatch = tuple[Outcome, str] | None


def _failed(why: str) -> Mismatch:
    return Outcome.FAILED, why


def _unconfirmed(why: str) -> Mismatch:
    return Outcome.NOT_REPLAYED, why


def compare_observed(shown: Mapping[str, str], expected: Mapping[str, str]) -> Mismatch:
    """The displayed ``observed`` against the recomputed one: the same names and, for each,
    the same text (a value ending in " ~= f" is compared by :func:`_same_display`)."""
    if list(shown) != list(expected):
        return _failed(f"the counterexample observes {list(shown)}; recomputed: {list(expected)}")
    for name, text in shown.items():
        if text != expected[name]:
            return _failed(f"observed {name} = {text!r}; recomputed: {expected[name]!r}")
    return None


def compare_replay(shown: str, expected: str) -> Mismatch:
    if shown != expected:
        return _failed("the replay source is not the one regenerated from the counterexample")
    return None


# --- search witnesses ----------------------------------------------------------------------


def search_replay(claim: Any, size: int, values: Mapping[str, str], cegar: bool) -> str:
    """The replay source the search writes for its counterexample (:func:`dpproofs.replay.
    search_source`): the objects at ``size`` in the claim's order, then the parameters (a
    parameter pinned to ln r as F(r)), then the assertion that the claim fails there (for a
    refinement claim: that the conclusion fails and the hypothesis holds for every inner
    value)."""
    quantifier = claim.quantifier
    items: list[tuple[str, Any]] = []
    for name in quantifier.shapes(size):
        items.append((name, parse_matrix(values[name])))
    for name, domain in quantifier.params:
        pinned = getattr(domain, "exp_value", None)
        items.append(
            (name, Fraction(pinned) if pinned is not None else parse_rational(values[name]))
        )
    return search_source(size, items, cegar)


def search_observed(
    claim: Any,
    size: int,
    shown: Mapping[str, str],
    resolve: Callable[[int], str],
) -> Mismatch:
    """``shown`` against what the search displays at ``size`` (see the module docstring);
    ``resolve(k)`` re-solves size k and says "unsat" or why not."""
    quantifier = claim.quantifier
    name = quantifier.size_name
    fixed = {"size": f"{size} {name}", "exact re-check": SEARCH_RECHECK}
    names = [*fixed, "found by", "minimality"]
    if list(shown) != names:
        return _failed(f"the counterexample observes {list(shown)}; the search shows {names}")
    mismatch = compare_observed({k: shown[k] for k in fixed}, fixed)
    if mismatch:
        return mismatch
    if shown["found by"] not in FOUND_BY:
        return _failed(f"found by {shown['found by']!r}: not a way the search finds points")
    sizes = sorted(quantifier.sizes)
    minimality = shown["minimality"]
    if minimality == BELOW_SIZES:
        if size >= sizes[0]:
            return _failed(f"size {size} is said below the sizes searched, from {sizes[0]}")
        return None
    if minimality == "smallest size tried":
        if size != sizes[0]:
            why = f"size {size} is said the smallest tried; the claim starts at {sizes[0]}"
            return _failed(why)
        return None
    match = re.fullmatch(
        rf"no counterexample on {re.escape(name)} in \[([0-9, ]*)\] \(z3 unsat\)", minimality
    )
    if match is None:
        return _unconfirmed(f"the minimality {minimality!r} is not recomputed")
    below = [int(k) for k in match.group(1).split(",") if k.strip()]
    if not below or any(k >= size or k not in sizes for k in below) or below != sorted(below):
        return _failed(f"the minimality {minimality!r} names sizes that are not below {size}")
    for k in below:
        answer = resolve(k)
        if answer != "unsat":
            return _unconfirmed(f"minimality: {name} = {k} not re-solved unsat ({answer})")
    return None


# --- scalar and step witnesses -------------------------------------------------------------


def _rational(value: Fraction) -> Any:
    import sympy

    return sympy.Rational(value.numerator, value.denominator)


def _at(expr: Any, point: Mapping[Any, Fraction]) -> Any:
    return expr.xreplace({s: _rational(v) for s, v in point.items()})


def _same_display(shown: str, value: Any) -> bool:
    """``shown`` is sympy's rendering of ``value``, and for an irrational value that rendering
    then " ~= f" with |value - f| <= 1e-14 (|f| + 1) (decided with Arb balls)."""
    import sympy

    exact = str(value)
    if value.is_Rational:
        return shown == exact
    text, sep, approx = shown.partition(" ~= ")
    if text != exact:
        return False
    if not sep:
        return True  # the judge shows no float when it cannot compute one
    try:
        f = Fraction(approx)
        bound = Real(FLOAT_TOLERANCE * (abs(f) + 1))
        with with_precision(256):
            error = enclose(value - sympy.Rational(f.numerator, f.denominator), {})
            return compare(error, bound) <= 0 and compare(-error, bound) <= 0
    except (ValueError, ZeroDivisionError, Undecidable, TypeError):
        return False


def scalar_observed(problem: Any, point: Mapping[Any, Fraction]) -> dict[str, Any]:
    """The sides of the statement's first four relations at ``point`` (sympy values)."""
    relations = named_relations(problem.statement)
    observed: dict[str, Any] = {}
    for index, atom in enumerate(relations):
        tag = "" if len(relations) == 1 else f" of {atom}"
        observed[f"lhs{tag}"] = _at(atom.lhs, point)
        observed[f"rhs{tag}"] = _at(atom.rhs, point)
        if index >= 3:
            break
    return observed


def scalar_replay(problem: Any, point: Mapping[Any, Fraction]) -> str:
    """The replay source the scalar judge writes for a counterexample at ``point``
    (:func:`dpproofs.replay.scalar_source`); BadWitness for a connective it does not write."""
    try:
        return scalar_source(problem, point)
    except ValueError as exc:
        raise BadWitness(str(exc)) from exc


def scalar_shown(
    problem: Any, values: Mapping[str, str], observed: Mapping[str, str], replay: str
) -> Mismatch:
    """A scalar (or step) witness's observed values and replay, recomputed and compared."""
    by_name = {str(s): s for s in problem.variables}
    point = {by_name[k]: parse_rational(v) for k, v in values.items() if k in by_name}
    expected = scalar_observed(problem, point)
    if list(observed) != list(expected):
        return _failed(f"the counterexample observes {list(observed)}; recomputed {list(expected)}")
    for name, value in expected.items():
        if not _same_display(observed[name], value):
            return _failed(f"observed {name} = {observed[name]!r}; recomputed: {value}")
    return compare_replay(replay, scalar_replay(problem, point))


# --- concrete mechanisms and exact facts --------------------------------------------------


def mechanism_replay(lhs: Any, rhs: Any, meaning: str) -> str:
    """The replay source of a concrete mechanism's counterexample: lhs > rhs, rigorously."""
    return (
        "import sympy\n"
        "from dpproofs.exact.rigorous import sign\n"
        f"lhs = sympy.sympify({str(lhs)!r})\n"
        f"rhs = sympy.sympify({str(rhs)!r})\n"
        f"assert sign(lhs - rhs) > 0  # {meaning}\n"
    )


def mechanism_shown(
    claim: Any,
    assignment: Mapping[str, str],
    measured: str,
    observed: Mapping[str, str],
    replay: str,
) -> Mismatch:
    """A concrete mechanism's displayed sides, quantity, attaining point and bound."""
    from dpproofs.recheck.displayed import sides

    found = sides(claim, assignment)
    if isinstance(found, str):
        return _failed(found)
    attained, (lhs_name, lhs), (rhs_name, rhs), meaning = found
    expected = {
        lhs_name: str(lhs),
        rhs_name: str(rhs),
        claim.measured: measured,
        "attained_at": str(attained),
        "claimed": str(claim.target),
    }
    return compare_observed(observed, expected) or compare_replay(
        replay, mechanism_replay(lhs, rhs, meaning)
    )


def facts_shown(
    claim: Any, comparisons: Sequence[tuple[str, bool]], observed: Mapping[str, str], replay: str
) -> Mismatch:
    """Exact facts: the failing comparisons replayed, then what the author's check returns."""
    from dpproofs.recheck.comparisons import NotReplayable, Recorder

    try:
        shown = claim.check(Recorder()) or {}
    except (Undecidable, NotReplayable) as exc:
        return _unconfirmed(f"the check's values are not recomputed: {exc}")
    expected = {f"fails: {text}": "false (decided exactly)" for text, ok in comparisons if not ok}
    expected.update({str(k): str(v) for k, v in dict(shown).items()})
    return compare_observed(observed, expected) or compare_replay(replay, "")


def _method(verdict: Reported, source: Finding, claim: Any) -> Mismatch:
    """The verdict's method is one that gives a refutation of the source's kind (checked for
    the theorem's own claim; a part's refutation is reported with the whole's method)."""
    if source.piece.part:
        return None
    record = source.piece.record
    kind = source.piece.kind
    allowed = METHODS.get(str(record.get("claim")) if kind == "witness" else kind, "")
    if kind == "exact-facts":
        allowed = re.escape(str(getattr(claim, "method", "")))
    if not allowed or not re.fullmatch(allowed, verdict.method):
        why = f"the method {verdict.method!r} does not give a refutation by {kind} evidence"
        return _failed(why)
    return None


def step_of(claim: Any, index: int) -> Any:
    """The scalar problem of step ``index`` of the derivation ``claim``."""
    from dpproofs.recheck.witnesses import step_problem

    derivation = claim.derivation
    steps = [s for s in derivation.steps if s.index == index]
    if not steps or steps[0].statement is None:
        raise BadWitness(f"the derivation has no readable step {index}")
    return step_problem(derivation, steps[0])


def displayed_values(
    verdict: Reported,
    source: Finding | None,
    claim: Any,
    resolve: Callable[[int], str],
) -> Mismatch:
    """The refuted ``verdict``'s observed values and replay against those recomputed from
    ``source`` (the replayed piece its counterexample is, None: the displayed point itself,
    replayed on the concrete mechanism ``claim``)."""
    observed = verdict.observed or {}
    replay = verdict.replay or ""
    assignment = {k: v for k, v in (verdict.assignment or {}).items() if k != "member"}
    try:
        if source is None:
            return _unconfirmed("no replayed piece to recompute the displayed values from")
        record = source.piece.record
        kind = source.piece.kind
        mismatch = _method(verdict, source, claim)
        if mismatch:
            return mismatch
        if kind == "witness":
            values = {str(k): str(v) for k, v in record.get("values", {}).items()}
            what = record.get("claim")
            if what in ("search", "search-cegar"):
                size = int(record.get("size") or 0)
                return search_observed(claim, size, observed, resolve) or compare_replay(
                    replay, search_replay(claim, size, values, what == "search-cegar")
                )
            if what == "scalar":
                return scalar_shown(claim.problem, values, observed, replay)
            if what == "step":
                problem = step_of(claim, int(record.get("step") or 0))
                return scalar_shown(problem, values, observed, replay)
            if what == "entropic":
                return compare_observed(observed, entropic_observed(claim, values)) or (
                    compare_replay(replay, "")
                )
        if kind == "exact-evaluation":
            if assignment:
                return mechanism_shown(
                    claim, assignment, str(record.get("measured")), observed, replay
                )
            return _unconfirmed("the values shown beside a maximum below the claim: not recomputed")
        if kind == "exact-facts":
            comparisons = [(str(c["fact"]), bool(c["holds"])) for c in record["comparisons"]]
            return facts_shown(claim, comparisons, observed, replay)
    except (BadWitness, KeyError, TypeError, ValueError, AttributeError) as exc:
        return _failed(f"the displayed values cannot be recomputed: {exc}")
    return _unconfirmed(f"the values displayed with {kind} evidence are not recomputed")
