"""Replaying a refutation's witness: the claim, rebuilt from its file, is false there.

* search witness (objects and parameters at a size): every object is an exact row-stochastic
  matrix of the claim's shape at that size, every parameter lies in its domain (a parameter
  pinned to ln r takes the value ln r, with e^param = r exactly), and the claim's predicate,
  evaluated in the rechecker's own algebra (:class:`~dpproofs.recheck.balls.BallAlgebra`:
  rationals exact, e^x and log in Arb balls), is False;
* scalar witness: every symbol of the claim's problem is given a rational in its domain, every
  assumption is true there and the statement is false;
* step witness: the same, for the refuted step of a derivation (read as a scalar claim by the
  same reader as ``holds``, which builds a claim and decides nothing).

An undecidable comparison is retried at higher precision and else reported as not replayed.
"""

from __future__ import annotations

import inspect
import json
import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from dpproofs.recheck.balls import BallAlgebra, Real, Undecidable, exp, log, sqrt, truth
from dpproofs.recheck.balls import with_precision as precision
from dpproofs.recheck.pieces import Finding, Piece, confirmed, failed, not_replayed

#: Arb working precisions tried in turn (bits).
PRECISIONS = (128, 512, 2048)


class BadWitness(Exception):
    """The witness is not a point of the claim's domain (wrong names, shapes, values)."""


def derived_argument(arg: str, params: Mapping[str, Any]) -> tuple[str, str] | None:
    """How a predicate argument derives from a parameter: ("exp", x) for ``E`` (x = eps) and
    ``exp_x``, ("sqrt", x) for ``sqrt_x``; None when it names no parameter."""
    if arg == "E":
        return "exp", "eps"
    if arg.startswith("exp_") and arg[4:] in params:
        return "exp", arg[4:]
    if arg.startswith("sqrt_") and arg[5:] in params:
        return "sqrt", arg[5:]
    return None


def parse_matrix(text: str) -> list[list[Fraction]]:
    """``"[[1/2, 1/2], [1, 0]]"`` or ``"[1/2, 1/2]"`` (one row) as rows of Fractions."""
    quoted = re.sub(r"(-?\d+(?:/\d+)?)", r'"\1"', text)
    try:
        data = json.loads(quoted)
    except json.JSONDecodeError as exc:
        raise BadWitness(f"{text!r} is not a matrix of exact rationals") from exc
    if isinstance(data, list) and data and not isinstance(data[0], list):
        data = [data]
    if not isinstance(data, list) or not all(isinstance(row, list) for row in data):
        raise BadWitness(f"{text!r} is not a matrix of exact rationals")
    try:
        return [[Fraction(v) for v in row] for row in data]
    except (ValueError, ZeroDivisionError, TypeError) as exc:
        raise BadWitness(f"{text!r}: {exc}") from exc


def parse_rational(text: str) -> Fraction:
    try:
        return Fraction(text.strip())
    except (ValueError, ZeroDivisionError) as exc:
        raise BadWitness(f"{text!r} is not an exact rational") from exc


def _decide(piece: Piece, evaluate: Callable[[], bool], false_means: str) -> Finding:
    """Run ``evaluate`` (the claim's truth at the witness) at rising precision."""
    reason = ""
    for bits in PRECISIONS:
        try:
            with precision(bits):
                holds = evaluate()
        except BadWitness as exc:
            return failed(piece, str(exc))
        except Undecidable as exc:
            reason = str(exc)
            continue
        except (ZeroDivisionError, ValueError) as exc:
            return failed(piece, f"the claim is undefined at the witness ({exc})")
        if holds:
            return failed(piece, "the claim holds at the witness (it is no counterexample)")
        return confirmed(piece, false_means)
    return not_replayed(piece, f"a comparison stays undecided at {PRECISIONS[-1]} bits: {reason}")


# --- search witnesses ---------------------------------------------------------------------


def search_point(
    quantifier: Any, predicate: Any, size: int, values: Mapping[str, str]
) -> Callable[[], bool]:
    """The predicate's truth at the witness, as a function (run at each precision)."""
    shapes = quantifier.shapes(size)
    params = dict(quantifier.params)
    unknown = set(values) - set(shapes) - set(params)
    if unknown:
        raise BadWitness(f"the witness names {sorted(unknown)}, which the claim does not quantify")
    matrices = {}
    for name, shape in shapes.items():
        if name not in values:
            raise BadWitness(f"the witness gives no value for {name}")
        matrix = parse_matrix(values[name])
        if len(matrix) != shape.rows or any(len(row) != shape.cols for row in matrix):
            raise BadWitness(f"{name} must be {shape.rows} x {shape.cols} at size {size}")
        for row in matrix:
            if any(v < 0 for v in row) or sum(row) != 1:
                raise BadWitness(f"{name} has a row that is not a probability distribution")
        matrices[name] = matrix
    exact: dict[str, Fraction] = {}
    for name, domain in params.items():
        if domain.exp_value is not None:
            continue
        if name not in values:
            raise BadWitness(f"the witness gives no value for the parameter {name}")
        value = parse_rational(values[name])
        if not domain.contains(value):
            raise BadWitness(f"{name} = {value} is outside its domain {domain}")
        exact[name] = value
    arguments = list(inspect.signature(predicate).parameters)

    def evaluate() -> bool:
        alg = BallAlgebra()
        env: dict[str, Any] = {"alg": alg}
        for name, shape in shapes.items():
            env[name] = shape.wrap([[Real(v) for v in row] for row in matrices[name]])
        exps: dict[str, Real] = {}
        for name, domain in params.items():
            if domain.exp_value is not None:
                exps[name] = Real(Fraction(domain.exp_value))
                env[name] = log(exps[name])
            else:
                env[name] = Real(exact[name])
                exps[name] = exp(env[name])
        for arg in arguments:
            if arg in env:
                continue
            derived = derived_argument(arg, params)
            if derived is None:
                raise BadWitness(f"the predicate's argument {arg!r} names nothing")
            how, base = derived
            env[arg] = exps[base] if how == "exp" else sqrt(env[base])
        result = predicate(*(env[a] for a in arguments))
        if not isinstance(result, bool):
            raise Undecidable(f"the predicate gave {result!r}, not a truth value")
        return result

    return evaluate


def replay_search(piece: Piece, claim: Any, values: Mapping[str, str], size: int) -> Finding:
    quantifier = getattr(claim, "quantifier", None)
    predicate = getattr(claim, "predicate", None)
    if quantifier is None or predicate is None:
        return failed(piece, f"the claim is a {type(claim).__name__}, not a search claim")
    try:
        evaluate = search_point(quantifier, predicate, size, values)
    except BadWitness as exc:
        return failed(piece, str(exc))
    return _decide(piece, evaluate, f"the predicate is false at the witness on size {size}")


def replay_cegar(piece: Piece, claim: Any, values: Mapping[str, str], size: int) -> Finding:
    """The conclusion fails at the witness (replayed); that the hypothesis holds for EVERY inner
    value was shown by an Arb branch and bound whose boxes the report does not carry."""
    conclusion = getattr(claim, "conclusion", None)
    if conclusion is None:
        return failed(piece, f"the claim is a {type(claim).__name__}, not a refinement claim")
    try:
        evaluate = search_point(claim.quantifier, conclusion, size, values)
    except BadWitness as exc:
        return failed(piece, str(exc))
    finding = _decide(piece, evaluate, "")
    if finding.outcome.value != "confirmed":
        return finding
    return not_replayed(
        piece,
        "the conclusion is false at the witness (replayed), but the hypothesis for every inner "
        "value rests on a branch and bound whose boxes the report does not record",
    )


# --- scalar and step witnesses -------------------------------------------------------------


def replay_scalar(piece: Piece, problem: Any, values: Mapping[str, str]) -> Finding:
    import sympy

    names = {str(s): s for s in problem.variables}
    if set(values) != set(names):
        return failed(
            piece, f"the witness names {sorted(values)}, the claim's symbols are {sorted(names)}"
        )
    point: dict[Any, Real] = {}
    for (name, symbol), domain in zip(names.items(), problem.domains, strict=True):
        try:
            value = parse_rational(values[name])
        except BadWitness as exc:
            return failed(piece, str(exc))
        if domain.contains(sympy.Rational(value.numerator, value.denominator)) is not sympy.true:
            return failed(piece, f"{name} = {value} is outside its domain {domain}")
        point[symbol] = Real(value)

    def evaluate() -> bool:
        for index, assumption in enumerate(problem.assumptions):
            if not truth(assumption, point):
                raise BadWitness(f"assumption {index + 1} ({assumption}) is false at the witness")
        return truth(problem.statement, point)

    return _decide(piece, evaluate, "the assumptions hold and the statement is false there")


def replay_step(piece: Piece, claim: Any, values: Mapping[str, str], step: int) -> Finding:
    derivation = getattr(claim, "derivation", None)
    if derivation is None:
        return failed(piece, f"the claim is a {type(claim).__name__}, not a derivation")
    steps = [s for s in derivation.steps if s.index == step]
    if not steps or steps[0].statement is None:
        return failed(piece, f"the derivation has no readable step {step}")
    try:
        problem = step_problem(derivation, steps[0])
    except Exception as exc:  # the step no longer reads: the witness cannot be replayed
        return failed(piece, f"step {step} cannot be read: {type(exc).__name__}: {exc}")
    return replay_scalar(piece, problem, values)


def step_problem(derivation: Any, step: Any) -> Any:
    """The scalar problem of one step where none of its sums of symbolic bounds is empty: its
    statement under the derivation's assumptions (its premise, the reading's conditions, and
    m >= 0 for each sum's number of terms m), with the domains of the names it mentions.
    Raises what ``holds`` raises."""
    return _case_problem(derivation, step, step.statement, ())


def step_problems(derivation: Any, step: Any) -> list[Any]:
    """The scalar problems of every case of a step (dpproofs/steps/cases.py, Rule EMPTY, encoded
    again here): none of its sums empty, then for each non-empty set E of its numbers of terms,
    the sides with the sums of E empty under m <= -1 for m in E and m >= 0 for the others. A
    case one of whose conditions sympy evaluates to False on the domains has no point and no
    problem. Raises what ``holds`` raises."""
    from dpproofs.errors import InvalidClaim

    out = [step_problem(derivation, step)]
    for empty, lhs, rhs in getattr(step, "cases", ()):
        statement = f"({lhs}) {step.relation.value} ({rhs})"
        try:
            out.append(_case_problem(derivation, step, statement, tuple(empty)))
        except InvalidClaim as exc:
            if "an assumption is false on the whole domain" not in str(exc):
                raise
    return out


def _case_problem(derivation: Any, step: Any, statement: str, empty: tuple[str, ...]) -> Any:
    from dpproofs.symbolic.claim import holds  # reads a claim; decides nothing

    terms = tuple(getattr(step, "terms", ()))
    counted = tuple(f"{t} <= -1" if t in empty else f"{t} >= 0" for t in terms)
    text = " ".join([statement, *derivation.assumptions, *counted])
    where = {k: v for k, v in derivation.where if re.search(rf"\b{re.escape(k)}\b", text)}
    assuming = (
        *derivation.assumptions,
        *([step.premise] if step.premise else []),
        *getattr(step, "conditions", ()),
        *counted,
    )
    return holds(statement, where=where, assuming=assuming).problem
