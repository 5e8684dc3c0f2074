"""The counterexample a refuted verdict displays, checked to be the one replayed.

A report's refuted verdict shows ``counterexample.assignment``; a reader trusts what is shown,
so the rechecker confirms a refutation only when the shown assignment is itself replayed:

* against a replayed witness (search, scalar, step or entropic): the assignment names exactly
  the witness's values, compared exactly by their kind (a distribution ``[1, 0]`` is the
  one-row matrix ``[[1, 0]]``, a rational is compared as a Fraction, the ``variables`` of an
  entropic witness, the order of its cells, as a list of names); a parameter pinned to ln r,
  which the witness leaves out, is shown as ``ln(r)`` or ``log(r)``; a member of a family adds
  ``member``, the label of the member the witness is about;
* for a concrete mechanism (:func:`replay_mechanism`): ``(x, x', S)`` must be a neighbour pair
  with Pr[M(x) in S] > e^eps Pr[M(x') in S] + delta, where (e^eps, delta) is (e^eps, delta) of
  an (eps, delta)-DP claim and (1, bound) of a total-variation claim (the claim fails: delta(eps)
  >= Pr[M(x) in S] - e^eps Pr[M(x') in S]); ``(x, x', y)`` must have
  M[x][y] > e^bound M[x'][y] for a pure-epsilon claim (then eps >= ln(M[x][y] / M[x'][y]) >
  bound). Decided with Arb balls at rising precision;
* exact facts show no assignment (``{}``): the failing comparisons are the evidence.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from dpproofs.recheck.balls import Real, Undecidable, compare, enclose
from dpproofs.recheck.balls import with_precision as precision
from dpproofs.recheck.witnesses import PRECISIONS, BadWitness, parse_matrix, parse_rational

#: The fields of a witness that are no number, by the witness's kind: an entropic witness's
#: ``variables`` is the order of its cells' values, a list of names.
NAMES = {"entropic": ("variables",)}


def _same_value(shown: str, replayed: str, kind: str = "value") -> bool:
    """Whether ``shown`` is the witness's ``replayed`` field, compared as its ``kind`` says:
    "names" (the same names in the same order, written alike), else "value": a matrix when
    either has a "[", else a rational."""
    if kind == "names":
        return shown == replayed
    try:
        if "[" in shown or "[" in replayed:
            return parse_matrix(shown) == parse_matrix(replayed)
        return parse_rational(shown) == parse_rational(replayed)
    except BadWitness:
        return False


def _pinned(shown: str, domain: Any) -> bool:
    """``ln(r)`` or ``log(r)`` with r the parameter's pinned value e^param."""
    text = shown.replace(" ", "")
    for name in ("ln(", "log("):
        if text.startswith(name) and text.endswith(")"):
            try:
                return parse_rational(text[len(name) : -1]) == Fraction(domain.exp_value)
            except BadWitness:
                return False
    return False


def matches_witness(
    shown: Mapping[str, str],
    values: Mapping[str, str],
    claim: Any,
    member: str | None,
    kind: str = "",
) -> str:
    """ "" when ``shown`` is the witness ``values`` of ``claim`` (see the module docstring), else
    why not. ``member`` is the label of the family member the witness is about, if any;
    ``kind`` the witness's claim kind (its fields that are names: :data:`NAMES`)."""
    shown = dict(shown)
    label = shown.pop("member", None)
    if label != member:
        return f"the counterexample shows member {label!r}; the witness is about {member!r}"
    quantifier = getattr(claim, "quantifier", None)
    params = dict(getattr(quantifier, "params", ()) or ())
    pinned = {n for n, d in params.items() if getattr(d, "exp_value", None) is not None}
    names = set(values) | pinned
    if set(shown) != names:
        return f"the counterexample names {sorted(shown)}; the witness {sorted(values)}"
    for name, text in shown.items():
        if not (
            _pinned(text, params[name])
            if name not in values
            else _same_value(
                text, values[name], "names" if name in NAMES.get(kind, ()) else "value"
            )
        ):
            return f"the counterexample shows {name} = {text}, which is not the witness's value"
    return ""


def _index(labels: Sequence[Any], shown: str, what: str) -> int:
    found = [i for i, label in enumerate(labels) if str(label) == shown]
    if len(found) != 1:
        raise BadWitness(f"{what} = {shown!r} names no single {what} of the mechanism")
    return found[0]


def _outputs(labels: Sequence[Any], shown: str) -> list[int]:
    try:
        listed = ast.literal_eval(shown)
    except (ValueError, SyntaxError) as exc:
        raise BadWitness(f"S = {shown!r} is not a list of outputs") from exc
    if not isinstance(listed, list | tuple):
        raise BadWitness(f"S = {shown!r} is not a list of outputs")
    chosen = [_index(labels, str(label), "output") for label in listed]
    if len(set(chosen)) != len(chosen):
        raise BadWitness(f"S = {shown!r} lists an output twice")
    return chosen


def e_eps_of(claim: Any) -> Any:
    """e^eps of an (eps, delta)-DP claim, read from the dpproofs function that made its witness
    (QuantityClaim accepts only dpproofs' own functions there)."""
    import sympy

    witness = claim.witness
    cells = dict(zip(witness.__code__.co_freevars, witness.__closure__ or (), strict=True))
    if claim.measured == "total_variation":
        return sympy.Integer(1)
    if "e_eps" not in cells:
        raise BadWitness(f"the claim's {claim.measured} has no e^eps to replay a set against")
    return cells["e_eps"].cell_contents


def replay_mechanism(claim: Any, shown: Mapping[str, str]) -> tuple[bool | None, str]:
    """(True, "") when the shown ``(x, x', S)`` or ``(x, x', y)`` is a counterexample of the
    concrete mechanism claim (see the module docstring); (False, why) when it is not; (None,
    why) when the comparison stays undecided."""
    why = _replay_mechanism(claim, shown)
    return (True, "") if not why else (None if why.startswith("undecided") else False, why)


def sides(claim: Any, shown: Mapping[str, str]) -> Any:
    """The failing comparison at the shown ``(x, x', S)`` or ``(x, x', y)`` of a concrete
    mechanism claim, as the decider displays it: (the attaining point (x, x') or (x, x', y) in
    the mechanism's labels, (name, left side), (name, right side), what lhs > rhs means), the
    sides sympy sums of the rows (right: e^eps Pr[M(x') in S] + delta, or e^eps Pr[M(x') = y]);
    or why there is no such comparison (a str)."""
    import sympy

    mechanism = getattr(claim, "mechanism", None)
    if mechanism is None or mechanism.parameters:
        return "the claim is no concrete mechanism claim"
    try:
        x = _index(mechanism.inputs, shown.get("x", ""), "input")
        x2 = _index(mechanism.inputs, shown.get("x'", ""), "input")
        pair = (mechanism.inputs[x], mechanism.inputs[x2])
        if set(shown) == {"x", "x'", "S"} and claim.measured != "pure_epsilon":
            chosen = _outputs(mechanism.outputs, shown["S"])
            p = sympy.Add(*(mechanism.rows[x][y] for y in chosen))
            q = sympy.Add(*(mechanism.rows[x2][y] for y in chosen))
            return (
                pair,
                ("Pr[M(x) in S]", p),
                ("e^eps Pr[M(x') in S] + delta", e_eps_of(claim) * q + claim.target),
                "Pr[M(x) in S] > e^eps Pr[M(x') in S] + delta",
            )
        if set(shown) == {"x", "x'", "y"} and claim.measured == "pure_epsilon":
            y = _index(mechanism.outputs, shown["y"], "output")
            return (
                (*pair, mechanism.outputs[y]),
                ("Pr[M(x) = y]", mechanism.rows[x][y]),
                ("e^eps Pr[M(x') = y]", sympy.exp(claim.target) * mechanism.rows[x2][y]),
                "Pr[M(x) = y] > e^eps Pr[M(x') = y]",
            )
    except BadWitness as exc:
        return str(exc)
    return f"the counterexample names {sorted(shown)}: not a {claim.measured} witness"


def _replay_mechanism(claim: Any, shown: Mapping[str, str]) -> str:
    mechanism = getattr(claim, "mechanism", None)
    if mechanism is None or mechanism.parameters:
        return "the claim is no concrete mechanism claim"
    if claim.relation not in ("le", "eq"):
        return f"a {claim.relation} claim has no displayed counterexample here"
    try:
        x = _index(mechanism.inputs, shown.get("x", ""), "input")
        x2 = _index(mechanism.inputs, shown.get("x'", ""), "input")
        if (x, x2) not in set(mechanism.pairs):
            return "x and x' are not neighbours"
        if set(shown) == {"x", "x'", "S"} and claim.measured != "pure_epsilon":
            chosen = _outputs(mechanism.outputs, shown["S"])
            factor, slack = e_eps_of(claim), claim.target
        elif set(shown) == {"x", "x'", "y"} and claim.measured == "pure_epsilon":
            chosen = [_index(mechanism.outputs, shown["y"], "output")]
            factor, slack = None, 0
        else:
            return f"the counterexample names {sorted(shown)}: not a {claim.measured} witness"
    except BadWitness as exc:
        return str(exc)
    import sympy

    p = sympy.Add(*(mechanism.rows[x][y] for y in chosen))
    q = sympy.Add(*(mechanism.rows[x2][y] for y in chosen))
    factor = sympy.exp(claim.target) if factor is None else factor
    for bits in PRECISIONS:
        try:
            with precision(bits):
                lhs: Real = enclose(sympy.sympify(p), {})
                rhs: Real = enclose(sympy.sympify(factor * q + slack), {})
                wins = compare(lhs, rhs) > 0
        except Undecidable:
            continue
        except (TypeError, ValueError, ZeroDivisionError) as exc:
            return f"undecided: the comparison is not evaluated here ({exc})"
        return "" if wins else "the claim holds at the counterexample shown"
    return f"undecided: the counterexample's comparison at {PRECISIONS[-1]} bits"
