"""What a Shannon-type verdict says, as text: its method, its reason, its certificate lines and
the values its counterexample shows.

Written once here and used twice: by the entropic decider when it proves or refutes
(:mod:`dpproofs.entropic.claim`) and by ``dpproofs recheck`` (:mod:`dpproofs.recheck.
entropictext`), which may not import the deciders, when it writes the same texts again from the
claim rebuilt from its theorem file, the certificate it replayed and the law it re-evaluated,
and compares them with the report's. Formatting only: nothing here decides (the caller computes
every multiplier and every value it formats).

* proved: the reason names the variables and parameters of the claim (sorted, as the claim
  lists them); the certificate has one line per term of each direction, ``m * H(A | C) >= 0``
  for a term of the Shannon combination and ``m * [hypothesis]`` for a hypothesis, the lines of
  the reverse direction of an equality prefixed ``reverse: ``;
* refuted: a fixed reason; the counterexample observes the two sides of the target at the law,
  each as the exact value c_0 + sum_p c_p ln(p) (primes p, rationals c) that the law gives it
  (docs/design/shannon.md, "Refutation"), then `` ~= f``, f its float to six significant digits,
  when some c_p is not 0.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction

from dpproofs.shannon_certificate import Direction

#: The method of every Shannon-type verdict (proved, refuted or unknown).
METHOD = "Shannon-type inequality (LP-found multipliers, checked exactly)"
#: The reason of a refutation: an exact law where every hypothesis holds and the target fails.
REFUTED_REASON = "the hypotheses hold and the target fails there (decided exactly)"


def proved_reason(names: Sequence[str], parameters: Sequence[str]) -> str:
    """The reason of a Shannon-type proof of a claim about ``names`` with ``parameters``."""
    reason = f"for every joint distribution of {', '.join(names)} on every finite alphabet"
    if parameters:
        reason += " and every value of " + ", ".join(parameters)
    return reason


def unknown_reason(target: str, reverse: bool) -> str:
    """Why a claim stays unknown: no certificate for ``target`` (or for its reverse, an
    equality's second direction, when ``reverse``), and no seeded law refutes it."""
    return (
        "not Shannon-type, or the LP found no certificate: no non-negative combination of the "
        "elemental inequalities and the hypotheses was found for "
        f"{'the reverse of ' if reverse else ''}{target}; no counterexample among the "
        "seeded joint laws (which shows nothing)"
    )


def term_name(first: str, other: str, given: Sequence[str]) -> str:
    """``H(first | given)`` when ``other`` is empty, else ``I(first; other | given)`` (no
    ``| ...`` when ``given`` is empty)."""
    g = ",".join(given)
    if not other:
        return f"H({first} | {g})" if g else f"H({first})"
    return f"I({first}; {other} | {g})" if g else f"I({first}; {other})"


def certificate_lines(directions: Sequence[Direction], hypotheses: Sequence[str]) -> list[str]:
    """The certificate a proof shows, from its evidence's directions (``hypotheses``: the
    claim's hypotheses as written, by index)."""
    lines = []
    for direction in directions:
        prefix = "" if direction.sign == "+" else "reverse: "
        for first, other, given, m in direction.elemental:
            name = term_name(first, other, [n for n in given.split(",") if n])
            lines.append(f"{prefix}{m} * {name} >= 0")
        lines += [f"{prefix}{m} * [{hypotheses[j]}]" for j, m in direction.hypotheses]
    return lines


def value_text(const: Fraction, logs: Mapping[int, Fraction]) -> str:
    """c_0 + sum_p c_p ln(p) exactly (``1/2 + 3/2 ln(2) - ln(3)``, primes ascending; ``0`` for
    zero), then `` ~= f`` with f the float to six significant digits when some c_p is not 0."""
    terms = [(c, f"ln({p})") for p, c in sorted(logs.items()) if c]
    if const or not terms:
        terms.insert(0, (const, ""))
    text = ""
    for index, (c, log) in enumerate(terms):
        size = abs(c)
        body = str(size) if not log else (log if size == 1 else f"{size} {log}")
        if index == 0:
            text = f"-{body}" if c < 0 else body
        else:
            text += f" {'-' if c < 0 else '+'} {body}"
    if len(terms) == 1 and terms[0][1] == "":
        return text
    approximate = math.fsum(
        [float(const), *(float(c) * math.log(p) for p, c in sorted(logs.items()) if c)]
    )
    return f"{text} ~= {approximate:.6g}"


def observed(sides: Sequence[tuple[str, Fraction, Mapping[int, Fraction]]]) -> dict[str, str]:
    """What a refutation observes: each side of the target (its text, c_0, {p: c_p}) as
    :func:`value_text`, the left side first."""
    return {text: value_text(const, logs) for text, const, logs in sides}
