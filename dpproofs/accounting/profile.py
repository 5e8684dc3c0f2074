"""The privacy profile of a composition as JSON-ready data, and its plain-text rendering.

The keys are those of ``dpproofs profile --json`` (pure_epsilon, delta, epsilon_for_delta,
total_variation, kl, renyi), each value a certified float with its bracket and path, plus a
``composition`` record (the parts, how pairs were matched). There is no MI-DP entry.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from dpproofs.accounting import conversions as C
from dpproofs.accounting.compose import Composition, Part, check_times, part_of
from dpproofs.errors import DpProofsError
from dpproofs.exact.bracket import shown_outward

#: A query of the profile: (its key, its argument or None).
Query = tuple[str, Any]


def quantity(composition: Composition, query: Query) -> C.Answer:
    """The answer to one query, in this process."""
    key, argument = query
    if key == "pure_epsilon":
        return C.pure_epsilon(composition)
    if key == "delta":
        return C.delta_for_epsilon(composition, argument)
    if key == "epsilon_for_delta":
        return C.epsilon_for_delta(composition, argument)
    if key == "total_variation":
        return C.total_variation(composition)
    if key == "kl":
        return C.kl_divergence(composition)
    if key == "renyi":
        return C.renyi_divergence(composition, argument)
    raise ValueError(f"not a profile quantity: {key!r}")


def cheap(query: Query) -> bool:
    """Pure epsilon, eps(0) (= pure epsilon), KL and Renyi read only the factors' PLDs (k is a
    multiplier, never an exponent): bounded work, done in this process. The rest build the
    composed PLD, whose size grows with k."""
    key, argument = query
    if key == "epsilon_for_delta":
        rational, _ = C.parse_number(argument)
        return rational == 0
    return key in ("pure_epsilon", "kl", "renyi")


#: How a profile's answers are computed: (composition, queries) -> one JSON-ready dict per
#: query, in order. In this process by default; ``dpproofs compose`` passes
#: :func:`dpproofs.run.isolated_quantity.answers_within`, which decides the costly ones in
#: children under a hard time limit.
Answers = Callable[[Composition, Sequence[Query]], list[dict[str, Any]]]


def answers_here(composition: Composition, queries: Sequence[Query]) -> list[dict[str, Any]]:
    """Every query's answer, computed in this process without a time limit."""
    return [quantity(composition, query).as_dict() for query in queries]


def load_composition(parts: Sequence[tuple[str, int]]) -> Composition:
    """Load each mechanism file and compose them, the i-th run k_i times."""
    return Composition(tuple(_named_part(path, k) for path, k in parts))


def _named_part(path: str, times: int) -> Part:
    """``_load_part``, with every error naming the file it is about."""
    try:
        return _load_part(path, times)
    except DpProofsError as exc:
        if str(exc).startswith(f"{Path(path)}:"):  # the loader named it already
            raise
        raise type(exc)(f"{Path(path)}: {exc}") from exc


def _load_part(path: str, times: int) -> Part:
    """Rational entries ("3/4", "0.25", 1) are read with Fractions, without sympy; any other
    file goes through the full loader, which validates it and names what is wrong."""
    from dpproofs.finite.loading import mechanism_fields, read_json

    try:
        fields = mechanism_fields(read_json(path))
        rows = tuple(tuple(_rational(v) for v in row) for row in fields["rows"])
    except (DpProofsError, ValueError, ZeroDivisionError):
        rows = ()
    width = len(rows[0]) if rows else 0
    outputs = fields["outputs"] if rows else None
    if (
        not width
        or any(len(row) != width or min(row) < 0 or sum(row) != 1 for row in rows)
        or (outputs is not None and len(outputs) != width)
    ):
        from dpproofs.finite.loading import load_mechanism

        return part_of(load_mechanism(path), times)
    inputs = tuple(range(len(rows))) if fields["inputs"] is None else tuple(fields["inputs"])
    relation = fields["neighbours"]
    if len(inputs) != len(rows) or len(set(inputs)) != len(inputs):
        from dpproofs.finite.loading import load_mechanism

        return part_of(load_mechanism(path), times)
    pairs = relation.pairs(inputs)
    return Part(rows, inputs, pairs, check_times(times), fields["name"])


def _rational(value: Any) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise ValueError("not an exact rational entry")
    return Fraction(value)


def profile_as_dict(
    composition: Composition,
    epsilons: Sequence[str] = (),
    deltas: Sequence[str] = (),
    renyi_orders: Sequence[str] = ("2",),
    answers: Answers = answers_here,
) -> dict[str, Any]:
    """Every quantity of the profile; ``epsilon``/``delta``/``order`` echo the strings given.
    ``answers`` computes them (see :data:`Answers`)."""
    queries: list[Query] = [
        ("pure_epsilon", None),
        *(("delta", e) for e in epsilons),
        *(("epsilon_for_delta", d) for d in deltas),
        ("total_variation", None),
        ("kl", None),
        *(("renyi", a) for a in renyi_orders),
    ]
    it = iter(answers(composition, queries))
    first = composition.parts[0]
    return {
        "name": " x ".join(f"{p.name or 'M'}^{p.times}" for p in composition.parts),
        "exact": True,
        "neighbours": composition.matching,
        "composition": {
            "parts": [{"name": p.name, "k": p.times} for p in composition.parts],
            "matching": composition.matching,
            "pairs": len(first.pairs),
        },
        "pure_epsilon": next(it),
        "delta": [{"epsilon": e, **next(it)} for e in epsilons],
        "epsilon_for_delta": [{"delta": d, **next(it)} for d in deltas],
        "total_variation": next(it),
        "kl": next(it),
        "renyi": [{"order": a, **next(it)} for a in renyi_orders],
    }


def render_text(data: dict[str, Any]) -> str:
    """An aligned plain-text table: quantity, closed form, certified value and bracket, path."""
    rows = [("quantity", "exact", "value", "certified bracket", "path", "attained at")]

    def add(name: str, q: dict[str, Any]) -> None:
        value = q["value"]
        shown = value if isinstance(value, str) else f"{value:.15g}"
        if q["lower"] is None:  # infinite or unknown: said in words, with the reason
            bracket = q.get("reason", "")
        else:
            bracket = shown_outward(q["lower"], q["upper"], 15)
        where = " vs ".join(str(a) for a in q["attained"]) if q.get("attained") else ""
        rows.append((name, str(q["exact"] or ""), shown, bracket, q["path"] or "", where))

    add("pure epsilon", data["pure_epsilon"])
    for d in data["delta"]:
        add(f"delta(eps = {d['epsilon']})", d)
    for e in data["epsilon_for_delta"]:
        add(f"eps(delta = {e['delta']})", e)
    add("total variation", data["total_variation"])
    add("KL", data["kl"])
    for r in data["renyi"]:
        add(f"Renyi order {r['order']}", r)
    widths = [min(60, max(len(r[i]) for r in rows)) for i in range(len(rows[0]))]
    lines = [f"privacy profile of {data['name']} ({data['neighbours']})"]
    for r in rows:
        lines.append("  ".join(cell[:60].ljust(w) for cell, w in zip(r, widths, strict=True)))
    return "\n".join(lines) + "\n"
