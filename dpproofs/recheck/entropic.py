"""Replaying a Shannon-type certificate and an entropic counterexample.

Written apart from :mod:`dpproofs.entropic` (which it does not import): the claim rebuilt from
its theorem file is read as data (its ``target`` and ``hypotheses``: relations whose sides
carry ``coords`` {set of names: rational}, ``params`` and ``const``), and everything else is
this module's own code:

* a certificate: each term ``H(A | C)`` / ``I(A; B | C)`` is expanded here into joint-entropy
  coordinates (h(AC) - h(C); h(AC) + h(BC) - h(ABC) - h(C)); any such term is >= 0 for every
  joint distribution (a conditional entropy, a conditional mutual information), so its
  multiplier must be >= 0; an inequality hypothesis's multiplier must be >= 0. The replay checks
  in Fractions that the target's linear part equals the combination coefficient-wise and that
  the target's constant is >= the combination's constant, for "+" and, for an equality, "-".
* a witness: the joint law is read from its exact masses, each h(S) computed as a combination
  of logarithms of primes, and every hypothesis (= 0 exactly: no log and a zero constant) and
  the target's failure decided (a non-zero log combination by Arb balls of growing precision).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import flint
import sympy

from dpproofs import shannon_text
from dpproofs.recheck.pieces import Finding, Piece, confirmed, failed, not_replayed
from dpproofs.shannon_certificate import ShannonCertificate

Form = tuple[dict[Any, Fraction], Fraction]


def _side(side: Any) -> Form:
    coords: dict[Any, Fraction] = {}
    for s, c in side.coords.items():
        coords[("h", frozenset(s))] = Fraction(c)
    for t, c in side.params.items():
        coords[("t", str(t))] = Fraction(c)
    return coords, Fraction(side.const)


def _sum(a: Form, b: Form, k: Fraction) -> Form:
    coords = dict(a[0])
    for key, c in b[0].items():
        coords[key] = coords.get(key, Fraction(0)) + k * c
    return {key: c for key, c in coords.items() if c}, a[1] + k * b[1]


def _difference(relation: Any) -> Form:
    """rhs - lhs of a relation."""
    return _sum(_side(relation.rhs), _side(relation.lhs), Fraction(-1))


def _term(first: str, other: str, given: str) -> Form:
    c = frozenset(n for n in given.split(",") if n)
    a = frozenset([first])
    parts = [(a | c, 1), (c, -1)]
    if other:
        b = frozenset([other])
        parts = [(a | c, 1), (b | c, 1), (a | b | c, -1), (c, -1)]
    coords: dict[Any, Fraction] = {}
    for s, k in parts:
        if s:
            coords[("h", s)] = coords.get(("h", s), Fraction(0)) + k
    return {key: v for key, v in coords.items() if v}, Fraction(0)


def _claim_parts(claim: Any) -> tuple[Any, list[Any]]:
    target, hypotheses = getattr(claim, "target", None), getattr(claim, "hypotheses", None)
    if target is None or hypotheses is None:
        raise ValueError(f"the claim is a {type(claim).__name__}, not a Shannon-type claim")
    return target, list(hypotheses)


def names_and_parameters(claim: Any) -> tuple[list[str], list[str]]:
    """The random variables and the parameters the claim's target and hypotheses mention,
    each sorted (what a proof's reason names)."""
    target, hypotheses = _claim_parts(claim)
    forms = [_difference(r) for r in (target, *hypotheses)]
    keys = {key for f in forms for key in f[0]}
    names = sorted({n for kind, key in keys if kind == "h" for n in key})
    return names, sorted({str(key) for kind, key in keys if kind == "t"})


def replay_certificate(piece: Piece, claim: Any, evidence: ShannonCertificate) -> Finding:
    if piece.status != "proved":
        return failed(piece, f"a Shannon certificate proves; its part is said {piece.status}")
    try:
        target, hypotheses = _claim_parts(claim)
    except ValueError as exc:
        return failed(piece, str(exc))
    signs = sorted(d.sign for d in evidence.directions)
    needed = ["+", "-"] if target.kind == "==" else ["+"]
    if signs != needed:
        return failed(piece, f"directions {signs}, the target {target.kind} needs {needed}")
    for direction in evidence.directions:
        goal = _difference(target)
        if direction.sign == "-":
            goal = _sum(({}, Fraction(0)), goal, Fraction(-1))
        combined: Form = ({}, Fraction(0))
        for first, other, given, text in direction.elemental:
            m = Fraction(text)
            if m < 0:
                return failed(piece, f"a negative multiplier {m} of a non-negative term")
            combined = _sum(combined, _term(first, other, given), m)
        for index, text in direction.hypotheses:
            m = Fraction(text)
            if not 0 <= index < len(hypotheses):
                return failed(piece, f"no hypothesis {index}")
            if hypotheses[index].kind != "==" and m < 0:
                return failed(piece, f"a negative multiplier {m} of an inequality hypothesis")
            combined = _sum(combined, _difference(hypotheses[index]), m)
        residue = _sum((goal[0], Fraction(0)), (combined[0], Fraction(0)), Fraction(-1))
        if residue[0]:
            return failed(piece, f"direction {direction.sign}: the combination is not the target")
        if goal[1] < combined[1]:
            return failed(piece, f"direction {direction.sign}: the constants do not bound")
    return confirmed(piece, "the target is the combination, coefficient-wise in Fractions")


def _logs(m: Fraction) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for p, e in sympy.factorint(m.numerator).items():
        out[int(p)] = out.get(int(p), Fraction(0)) + e
    for p, e in sympy.factorint(m.denominator).items():
        out[int(p)] = out.get(int(p), Fraction(0)) - e
    return out


def _entropy(masses: Mapping[tuple[int, ...], Fraction], index: list[int]) -> dict[int, Fraction]:
    marginal: dict[tuple[int, ...], Fraction] = {}
    for cell, m in masses.items():
        key = tuple(cell[i] for i in index)
        marginal[key] = marginal.get(key, Fraction(0)) + m
    out: dict[int, Fraction] = {}
    for m in marginal.values():
        for p, e in _logs(m).items():
            out[p] = out.get(p, Fraction(0)) - m * e
    return out


def _value(
    form: Form,
    names: list[str],
    masses: Mapping[tuple[int, ...], Fraction],
    point: Mapping[str, Fraction],
) -> tuple[Fraction, dict[int, Fraction]]:
    """(c_0, {p: c_p}) with the form's value at the law = c_0 + sum_p c_p ln p."""
    const = form[1]
    logs: dict[int, Fraction] = {}
    for (kind, key), c in form[0].items():
        if kind == "t":
            const += c * point[key]
            continue
        for p, e in _entropy(masses, [names.index(n) for n in sorted(key)]).items():
            logs[p] = logs.get(p, Fraction(0)) + c * e
    return const, {p: c for p, c in logs.items() if c}


def _sign(
    form: Form,
    names: list[str],
    masses: Mapping[tuple[int, ...], Fraction],
    point: Mapping[str, Fraction],
) -> int | None:
    const, logs = _value(form, names, masses, point)
    if not logs:
        return (const > 0) - (const < 0)
    for bits in (64, 256, 1024, 4096):
        old = flint.ctx.prec
        flint.ctx.prec = bits
        try:
            ball = flint.arb(flint.fmpq(const.numerator, const.denominator))
            for p, c in logs.items():
                ball += flint.arb(flint.fmpq(c.numerator, c.denominator)) * flint.arb(p).log()
        finally:
            flint.ctx.prec = old
        if ball > 0:
            return 1
        if ball < 0:
            return -1
    return None


def _failing_hypothesis(
    hypotheses: list[Any],
    names: list[str],
    masses: Mapping[tuple[int, ...], Fraction],
    point: Mapping[str, Fraction],
) -> Any | None:
    """The first hypothesis that fails (or whose sign is undecided) at the law, or None."""
    for h in hypotheses:
        s = _sign(_difference(h), names, masses, point)
        if s is None or (s != 0 if h.kind == "==" else s < 0):
            return h
    return None


Law = tuple[list[str], dict[tuple[int, ...], Fraction], dict[str, Fraction]]


def _fraction(text: str) -> Fraction:
    try:
        return Fraction(text)
    except ZeroDivisionError as exc:
        raise ValueError(f"{text!r} is no rational") from exc


def read_law(values: Mapping[str, str]) -> Law:
    """(variables, {cell: mass}, {parameter: value}) of a witness's values; ValueError when
    they are not a joint law (a malformed or repeated cell, masses that are no distribution)."""
    if "variables" not in values:
        raise ValueError("no 'variables' (the order of a cell's values)")
    names = values["variables"].split(",")
    masses: dict[tuple[int, ...], Fraction] = {}
    point: dict[str, Fraction] = {}
    for key, text in values.items():
        if key.startswith("P(") and key.endswith(")"):
            cell = tuple(int(v) for v in key[2:-1].split(","))
            if len(cell) != len(names) or cell in masses:
                raise ValueError(f"a malformed cell {key}")
            masses[cell] = _fraction(text)
        elif key != "variables":
            point[key] = _fraction(text)
    if any(m < 0 for m in masses.values()) or sum(masses.values(), Fraction(0)) != 1:
        raise ValueError("the masses are not a distribution")
    return names, masses, point


def observed(claim: Any, values: Mapping[str, str]) -> dict[str, str]:
    """What a refutation at the witness ``values`` observes (:func:`dpproofs.shannon_text.
    observed`): each side of the target, valued here (ValueError for a witness that is not
    a law of the target's variables)."""
    target, _ = _claim_parts(claim)
    names, masses, point = read_law(values)
    sides = []
    for side in (target.lhs, target.rhs):
        form = _side(side)
        if not {n for kind, key in form[0] if kind == "h" for n in key} <= set(names):
            raise ValueError(f"the witness does not give every variable of {side}")
        if not {key for kind, key in form[0] if kind == "t"} <= set(point):
            raise ValueError(f"the witness does not give every parameter of {side}")
        sides.append((str(side), *_value(form, names, masses, point)))
    return shannon_text.observed(sides)


def replay_witness(piece: Piece, claim: Any, values: Mapping[str, str]) -> Finding:
    try:
        target, hypotheses = _claim_parts(claim)
        names, masses, point = read_law(values)
    except ValueError as exc:
        return failed(piece, f"the witness is not a joint law: {exc}")
    forms = [_difference(target), *(_difference(h) for h in hypotheses)]
    mentioned = {n for f in forms for (kind, key) in f[0] if kind == "h" for n in key}
    wanted = {key for f in forms for (kind, key) in f[0] if kind == "t"}
    if not mentioned <= set(names) or not wanted <= set(point):
        return failed(piece, "the witness does not give every variable and parameter")
    failing = _failing_hypothesis(hypotheses, names, masses, point)
    if failing is not None:
        return failed(piece, f"the hypothesis {failing} does not hold (or is undecided) there")
    s = _sign(forms[0], names, masses, point)
    reverse = (
        None
        if target.kind != "=="
        else _sign(_sum(({}, Fraction(0)), forms[0], Fraction(-1)), names, masses, point)
    )
    if s is None:
        return not_replayed(piece, "the target's sign is not decided at the witness")
    if s < 0 or (reverse is not None and reverse < 0):
        return confirmed(piece, "the hypotheses hold and the target fails (exact, Arb)")
    return failed(piece, "the target holds at the witness")


def truth_at(
    claim: Any,
    names: list[str],
    masses: Mapping[tuple[int, ...], Fraction],
    point: Mapping[str, Fraction],
) -> bool | None:
    """The claim at one exact law (and parameter values), by this module's own code: None when a
    hypothesis fails there (or a sign is not decided), else whether the target holds."""
    target, hypotheses = _claim_parts(claim)
    if _failing_hypothesis(hypotheses, names, masses, point) is not None:
        return None
    s = _sign(_difference(target), names, masses, point)
    if s is None:
        return None
    return s == 0 if target.kind == "==" else s >= 0
