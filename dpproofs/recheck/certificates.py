"""Replaying the certificates of bounded verifications, lifted proofs and exact evaluations.

* bounded search: the sizes listed are the claim's sizes (for a lifted verdict, some may be
  missing: its small-model record's growth rules then cover them) plus, for a lifted verdict,
  exactly those its small-model record says it searched (for a bounded verdict whose lifting stopped
  short, those its coverage names), every result is unsat, and each size is re-solved with the
  second encoding of :mod:`dpproofs.recheck.resolve` (skipped with ``--no-bounded``);
* small-model reduction: m is the number of rows of the claim's size-axis objects, every
  conjunct's bound is m + K + max(e - 1, 1) (m + K when e = 0), or e + 1 when the merging bound
  was used (then smaller), N* is the largest bound, and the unsat size is >= N* and is listed
  unsat by the bounded search of the same claim; the sizes the record says it searched are those
  the bounded search lists, and each part's recorded growth rule holds on them ("none": every
  size 1..bound searched; "split" or "pad": some size >= bound); the recorded formula must be,
  node by node, the one traced again from the claim rebuilt from its file (:mod:`.retraced`);
  then m, K, e, k and N* are recomputed from the recorded formula by the rechecker's own shape
  analysis (:mod:`.smallmodel`): a recorded N* below the recomputed one fails, and so does a
  part whose recorded growth rule (split, pad, none) is not the one read from the formula
  (:mod:`.growthrule`), or whose m, K, e, k or rule is not the one counted here; a formula not
  recorded or outside that reading is "not replayed"; the status, method, reason (or pinned
  coverage) and the whole certificate the report shows are written again from the claim, the
  record and the bounded search and must be the report's, line for line (:mod:`.liftedtext`);
  and the formula is compared with the claim's predicate at 1, 2, 3 outcomes
  (:mod:`.formulacheck`): a difference fails;
* exact evaluation of a concrete rational mechanism: the pure epsilon (max over neighbour pairs
  and outputs of ln(M[x][y] / M[x'][y])) or the total variation (max over pairs of half the L1
  distance) is recomputed here with Fractions, compared with the recorded value, and the claimed
  relation decided again (rationals exactly, logarithms in Arb balls).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from dpproofs.evidence import (
    BoundedSearch,
    ExactEvaluation,
    LocalisedConjunct,
    ShapePart,
    SmallModel,
)
from dpproofs.recheck.balls import Real, Undecidable, compare, enclose, log
from dpproofs.recheck.balls import with_precision as precision
from dpproofs.recheck.claims import NoSuchPart, NotRebuilt, family_line
from dpproofs.recheck.formulacheck import compare as same_formula
from dpproofs.recheck.liftedtext import told
from dpproofs.recheck.nodetable import NotRead
from dpproofs.recheck.pieces import Finding, Piece, confirmed, failed, not_replayed
from dpproofs.recheck.resolve import resolve_size
from dpproofs.recheck.retraced import compare as retraced
from dpproofs.recheck.smallmodel import refinement_precondition, reproduce
from dpproofs.recheck.wholedomain import whole_domain

#: Longest single re-solve (seconds), unless the caller says otherwise.
RESOLVE_SECONDS = 60.0
#: A recorded formula is compared with the predicate at 1, ..., this many outcomes.
FORMULA_SIZES = 3


def bounded(
    piece: Piece,
    claim: Any,
    record: BoundedSearch,
    lifted: SmallModel | None,
    resolve: bool,
    seconds: float = RESOLVE_SECONDS,
) -> Finding:
    """A bounded search's sizes against the claim's and, when a lifting searched more, against
    the sizes its small-model record says it searched (``lifted``: that record, None when the
    verdict has none)."""
    quantifier = getattr(claim, "quantifier", None)
    if quantifier is None:
        return failed(piece, f"the claim is a {type(claim).__name__}, not a search claim")
    listed = [s.size for s in record.sizes]
    expected = set(quantifier.sizes)
    extra = set(listed) - expected
    if len(set(listed)) != len(listed):
        return failed(piece, f"a size is listed twice: {listed}")
    # A lifting whose record says what it searched may leave a size of the claim undecided
    # (time ran out there after the sizes it rests on were unsat): the small-model record's
    # growth rules, checked on the sizes listed, cover every size.
    if expected - set(listed) and (lifted is None or lifted.searched is None):
        return failed(
            piece, f"sizes {sorted(expected - set(listed))} of the claim are not listed as covered"
        )
    # Sizes outside the claim's are those a lifting searched. A lifted verdict's small-model
    # record lists every size searched (its parts' growth rules say which it rests on, checked
    # by small_model); the two lists must be the same. A lifting that stopped short leaves them
    # in a bounded verdict, whose coverage must then name them (checked below).
    named = piece.status == "verified-bounded" and _coverage_sizes(listed, record.size_name) in (
        piece.coverage or ""
    )
    if lifted is not None and lifted.searched is None and extra:
        return not_replayed(
            piece,
            f"sizes {sorted(extra)} are listed beyond the claim's; the small-model record does "
            "not say which sizes the lifting searched (a report from before that field)",
        )
    if lifted is not None and lifted.searched is not None:
        if sorted(lifted.searched) != sorted(listed):
            return failed(
                piece,
                f"the bounded search lists sizes {sorted(listed)}, the small-model record says "
                f"it searched {sorted(lifted.searched)}",
            )
    elif extra and not named:
        return failed(piece, f"sizes {sorted(extra)} are listed; the claim searches no such size")
    if record.size_name != quantifier.size_name:
        return failed(
            piece, f"the sizes count {record.size_name}, the claim's {quantifier.size_name}"
        )
    said = _coverage_sizes(listed, record.size_name)
    covers = piece.coverage or ""
    bounded_here = piece.part == () and piece.status == "verified-bounded"
    if bounded_here and "every finite" not in covers and said not in covers:
        return failed(piece, f"the coverage does not say {said!r}: {covers!r}")
    not_unsat = [f"{s.size}: {s.result}" for s in record.sizes if s.result != "unsat"]
    if not_unsat:
        return failed(piece, f"a bounded verification needs unsat at every size ({not_unsat})")
    if "refinement" in " ".join(s.encoding for s in record.sizes):
        return not_replayed(
            piece,
            "the sizes match the claim; the re-solve needs the refinement's inner values, "
            "which the report does not record",
        )
    if not resolve:
        return not_replayed(piece, "the sizes match the claim; re-solving skipped (--no-bounded)")
    inconclusive = []
    for size in listed:
        answer, detail = resolve_size(claim, size, seconds)
        if answer == "counterexample":
            return failed(piece, f"size {size} is not unsat: the second encoding finds {detail}")
        if answer != "unsat":
            inconclusive.append(f"size {size}: {answer} ({detail})")
    if inconclusive:
        return not_replayed(piece, "second encoding inconclusive at " + "; ".join(inconclusive))
    holds, whole = whole_domain(piece, claim, listed)
    if not holds:
        return failed(piece, whole)
    found = confirmed(piece, f"z3 unsat again at {listed} with a second encoding")
    return replace(found, why=f"{found.why}; {whole}", supports="proved") if whole else found


def _coverage_sizes(sizes: Sequence[int], noun: str) -> str:
    """How a coverage statement names the sizes: "2 outcomes", "outcomes in {2, 3, 4}"."""
    listed = sorted(set(sizes))
    if len(listed) == 1:
        return f"{listed[0]} {noun}"
    return f"{noun} in {{{', '.join(str(k) for k in listed)}}}"


def small_model(
    piece: Piece,
    claim: Any,
    record: SmallModel,
    unsat: Sequence[int],
    sizes: BoundedSearch | None = None,
) -> Finding:
    """The small-model record against the claim (module docstring); ``sizes``: the bounded
    search of the same part, whose sizes' lines the certificate must show."""
    try:
        lifted = without_family_line(piece)  # what the n = 1 claim's lifting wrote
    except ValueError as exc:
        return failed(piece, str(exc))
    rows = _claim_rows(claim, record.n_star)
    if rows is None:
        return failed(piece, f"the claim is a {type(claim).__name__}, not a search claim")
    if record.rows != rows:
        return failed(piece, f"m = {record.rows}, but the claim's objects have {rows} rows")
    problem = _check_reduction(record)
    if problem:
        return failed(piece, problem)
    if record.unsat_size not in unsat:
        return failed(piece, f"the bounded search does not list size {record.unsat_size} as unsat")
    problem = _check_growth(record, unsat)
    if problem:
        return failed(piece, problem)
    if record.formula is not None:
        outcome, why = retraced(claim, record.formula)
        if outcome == "failed":
            return failed(piece, why)
    outcome, why = reproduce(record, rows, unsat)
    inner = {name for name, _ in getattr(claim, "inner", ())}
    if inner and outcome == "confirmed":
        outcome, why = _refinement(record, inner, why)
    elif outcome == "confirmed" and record.formula is not None:
        compared = range(1, min(record.unsat_size, FORMULA_SIZES) + 1)
        outcome, link = same_formula(claim, record.formula, compared)
        why = f"{why}; {link}"
    problem = "" if outcome == "failed" else told(lifted, claim, record, sizes)
    if outcome == "failed" or problem:
        return failed(piece, problem or why)
    if outcome == "not replayed":
        return not_replayed(piece, f"N* = {record.n_star} <= unsat size {record.unsat_size}; {why}")
    return confirmed(piece, f"{why}; <= unsat size {record.unsat_size}")


def without_family_line(piece: Piece) -> Piece:
    """A proved neighbour-pair or group piece with its rule's certificate line (checked against
    the claim as the theorem builds it, :func:`.claims.family_line`) taken off, so that the rest
    is the n = 1 claim's lifting text; ValueError when that line is not the claim's. A claim
    that cannot be rebuilt has no line taken off (its certificate is then compared whole, so a
    rule line fails the comparison: never a pass)."""
    try:
        line = family_line(piece.file, piece.theorem, piece.part)
    except (NotRebuilt, NoSuchPart):
        return piece
    if line is None or piece.status != "proved" or piece.part != ():
        return piece  # a part's texts are read in the whole's (.liftedtext, .liftedwhole)
    if piece.certificate[:1] != (line,):
        first = piece.certificate[0] if piece.certificate else None
        raise ValueError(f"certificate line 1 is {first!r}, not the rule's {line!r}")
    return replace(piece, certificate=piece.certificate[1:])


def _refinement(record: SmallModel, inner: set[str], why: str) -> tuple[str, str]:
    """A refinement claim (``ForAllHypothesis``): N* was recomputed from "H(b) => C" with the
    inner objects b as fixed data; Rule 11's preconditions are read from the same formula (a
    binder reading b breaking them fails). The formula is not compared with the predicate here
    (the claim quantifies b over a continuum; the comparison would be at chosen b only)."""
    try:
        problem = refinement_precondition(record.formula, inner)
    except NotRead as exc:
        return "not replayed", f"{why}; the refinement's preconditions are not read: {exc}"
    if problem:
        return "failed", f"refinement (Rule 11): {problem}"
    return "not replayed", (
        f"{why}; refinement (Rule 11): every binder reading {sorted(inner)} is a condition on "
        "every outcome in the hypothesis; the formula H(b) => C is not compared with the "
        "predicate (b ranges over a continuum)"
    )


def localised(piece: Piece, claim: Any, record: LocalisedConjunct) -> Finding:
    """The bound of a localised conjunct, recomputed from its formula; its unsat is not
    re-solved."""
    reduction = record.reduction
    rows = _claim_rows(claim, reduction.n_star)
    if rows is None:
        return failed(piece, f"the claim is a {type(claim).__name__}, not a search claim")
    if reduction.rows > rows:
        return failed(piece, f"m = {reduction.rows}, but the claim's objects have {rows} rows")
    problem = _check_reduction(reduction) or _check_growth(reduction, reduction.searched or ())
    if problem:
        return failed(piece, f"conjunct {record.conjunct}: {problem}")
    outcome, why = reproduce(reduction, rows, reduction.searched or ())
    if outcome == "failed":
        return failed(piece, f"conjunct {record.conjunct}: {why}")
    return not_replayed(
        piece,
        f"conjunct {record.conjunct}: N* = {reduction.n_star} <= unsat size "
        f"{reduction.unsat_size} ({why}); the localised formula's unsat is not re-solved yet",
    )


def _claim_rows(claim: Any, size: int) -> int | None:
    """The size-axis rows of a search claim's objects (None: not a search claim)."""
    quantifier = getattr(claim, "quantifier", None)
    if quantifier is None:
        return None
    return sum(s.rows for s in quantifier.shapes(size).values() if s.size_axis)


def _check_reduction(record: SmallModel) -> str:
    """'' when every part's bound follows from its m, K and e, N* is the largest, and the unsat
    size reaches it; else what is wrong."""
    if not record.parts:
        return "no conjunct is recorded"
    problem = _check_parts(record.parts, record.rows)
    if problem:
        return problem
    if record.n_star != max(p.bound for p in record.parts):
        return f"N* = {record.n_star} is not the largest bound of the conjuncts"
    if record.unsat_size < record.n_star:
        return f"the unsat size {record.unsat_size} is below N* = {record.n_star}"
    return ""


def _check_growth(record: SmallModel, unsat: Sequence[int]) -> str:
    """'' when the sizes searched are those the bounded search lists unsat and every part's
    recorded growth rule is satisfied by them: "none" needs every size 1..bound searched, "split"
    or "pad" one size >= bound (docs/design/small-model.md, "Growth"); else what is wrong. A
    record without the fields (a report from before them) is not checked here."""
    if record.searched is None:
        return ""
    searched = set(record.searched)
    if len(searched) != len(record.searched):
        return f"a size is recorded as searched twice: {list(record.searched)}"
    if searched != set(unsat):
        return (
            f"the small-model record searched {sorted(searched)}, the bounded search lists "
            f"{sorted(set(unsat))} unsat"
        )
    if record.unsat_size not in searched:
        return f"the unsat size {record.unsat_size} is not among the sizes searched"
    for index, part in enumerate(record.parts, 1):
        if part.growth == "none":
            missing = [n for n in range(1, part.bound + 1) if n not in searched]
            if missing:
                return (
                    f"part {index} records no growth rule, so every size 1..{part.bound} must "
                    f"be searched; {missing} were not"
                )
        elif part.growth is not None and not any(n >= part.bound for n in searched):
            return (
                f"part {index} grows by {part.growth}, but no size >= its bound {part.bound} "
                "was searched"
            )
    return ""


def _check_parts(parts: Sequence[ShapePart], rows: int) -> str:
    """'' when every part's bound follows from its m, K and e; else what is wrong."""
    for index, part in enumerate(parts, 1):
        if part.rows is not None and part.rows > rows:
            return f"part {index}: m = {part.rows} rows, more than the claim's {rows}"
        rule = part.rule_bound(rows)
        m = rows if part.rows is None else part.rows
        if part.merged and part.monotone:
            return f"part {index}: both the merging and the monotone bound are recorded"
        if part.monotone and part.sums < 1:
            return f"part {index}: a monotone sum is recorded, but K = 0"
        if part.bound != rule:
            return (
                f"part {index}: N* = {_rule_text(part)} = {rule} (m = {m}, K = {part.sums}, "
                f"e = {part.families}, k = {part.events}), recorded {part.bound}"
            )
    return ""


def _rule_text(part: ShapePart) -> str:
    if part.merged:
        return "e + 2^k"
    if part.monotone:
        return "m + K - 1 + e"
    return "m + K + max(e - 1, 1)" if part.families else "m + K"


# --- exact evaluation ----------------------------------------------------------------------


def _pure_epsilon(rows: Sequence[Sequence[Fraction]], pairs: Sequence[tuple[int, int]]) -> Any:
    """max over pairs and outputs of M[x][y] / M[x'][y] (None: infinite), the ratio whose log
    is the pure epsilon; 0 outputs of both rows are skipped."""
    best: Fraction | None = Fraction(0)
    for x, x2 in pairs:
        for p, q in zip(rows[x], rows[x2], strict=True):
            if p == 0:
                continue
            if q == 0:
                return None
            if best is not None and p / q > best:
                best = p / q
    return best


def _total_variation(rows: Sequence[Sequence[Fraction]], pairs: Sequence[tuple[int, int]]) -> Any:
    return max(
        (sum(abs(p - q) for p, q in zip(rows[x], rows[x2], strict=True)) / 2 for x, x2 in pairs),
        default=Fraction(0),
    )


def exact_evaluation(piece: Piece, claim: Any, record: ExactEvaluation) -> Finding:
    import sympy

    for field, mine in (("quantity", "measured"), ("relation", "relation")):
        if getattr(record, field) != str(getattr(claim, mine, None)):
            return failed(piece, f"the report's {field} is not the claim's")
    if record.claimed != str(claim.target):
        return failed(piece, f"the report claims {record.claimed}, the file {claim.target}")
    mechanism = claim.mechanism
    rows = mechanism.rational_rows() if not mechanism.parameters else None
    if record.quantity not in ("pure_epsilon", "total_variation"):
        return not_replayed(piece, f"{record.quantity} is not recomputed here yet")
    if rows is None:
        what = (
            "a parametric family" if mechanism.parameters else "a mechanism with irrational entries"
        )
        return not_replayed(piece, f"{record.quantity} of {what} is not recomputed here yet")
    pairs = mechanism.pairs
    target = claim.target
    if record.quantity == "total_variation":
        tv = _total_variation(rows, pairs)
        value_text = str(sympy.Rational(tv.numerator, tv.denominator))
        value: Real | None = Real(tv)
    else:
        ratio = _pure_epsilon(rows, pairs)
        if ratio is None:
            value_text, value = "oo", None
        elif ratio == 0:
            value_text, value = "0", Real(Fraction(0))  # no neighbours: eps = 0 by convention
        else:
            value_text = str(sympy.log(sympy.Rational(ratio.numerator, ratio.denominator)))
            value = log(Real(ratio))
    if sympy.sympify(value_text) != sympy.sympify(record.measured):
        return failed(
            piece, f"{record.quantity} recomputed is {value_text}; the report: {record.measured}"
        )
    try:
        same = sympy.sympify(value_text) == sympy.sympify(target)  # one expression: equal
        eq = record.relation == "eq" and same
        holds = True if eq else _relation(record.relation, value, target)
    except (Undecidable, TypeError, ValueError) as exc:
        return not_replayed(piece, f"the comparison with {target} is not decided here ({exc})")
    expected = piece.status == "proved"
    if holds != expected:
        return failed(
            piece,
            f"{record.quantity} = {value_text} {record.relation} {target} is {holds}, "
            f"but the verdict is {piece.status}",
        )
    return confirmed(piece, f"{record.quantity} = {value_text} recomputed with Fractions")


def _relation(relation: str, value: Real | None, target: Any) -> bool:
    import sympy

    if target == sympy.oo or value is None:
        infinite_value, infinite_target = value is None, target == sympy.oo
        if relation == "eq":
            return infinite_value == infinite_target
        if relation == "le":
            return infinite_target or not infinite_value
        return infinite_target and not infinite_value  # lt
    with precision(512):
        bound = enclose(sympy.sympify(target), {})
        if relation == "eq":
            return compare(value, bound) == 0
        if relation == "le":
            return compare(value, bound) <= 0
        if relation == "lt":
            return compare(value, bound) < 0
    raise ValueError(f"unknown relation {relation!r}")
