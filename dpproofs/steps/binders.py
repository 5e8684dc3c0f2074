"""Notation that binds a variable or names a quantity, read token by token: a maximum over a
listed set, an evaluation bar, an expectation or a probability.

* ``\\max_{x \\in \\{a, b\\}} body`` (also ``\\min``, ``\\sup``, ``\\inf``) is
  Max(body[x := a], body[x := b]): over a finite set the supremum is the maximum, attained at
  a listed element. Any other set (``\\max_{x \\sim x'}``, ``\\max_{y \\in \\mathbb{Z}^d}``) is
  refused: a maximum over an unlisted set needs an optimisation the reader does not do.
* ``\\left. F \\right|_{x=a}^{b}`` is F[x := b] - F[x := a]; the variable must be written
  (``_{x=a}``: with ``_{a}`` alone, which letter is evaluated?), and an infinite bound is a limit
  (refused).
* ``\\Pr[...]``, ``\\mathbb{P}[...]``, ``\\E[...]``, ``\\mathbb{E}[...]`` (brackets or parentheses,
  an optional subscript), and ``Pr[...]``, ``P[...]``, ``E[...]`` without a backslash (brackets
  only: ``P(x)`` may be a product) are OPAQUE: each distinct text (as tokens, spacing and
  sizing aside) is one unknown real number, a probability one >= 0 (not <= 1: papers write
  \\Pr[M(x) = y] for a density of a continuous output, which may exceed 1). A step proved for
  every value of these numbers holds for the true ones (when the expectation exists: a real
  number). A refutation is not: the true values obey laws the reader does not know (linearity,
  monotonicity), so a step "refuted" with an opaque quantity is not checked, with the --map
  that would give it a meaning (:mod:`dpproofs.steps.check`).

``substituted`` replaces a variable by a value at the token level, the value in braces, so the
expression is re-read with the value in place (``e^{x}`` -> ``e^{{a}}``, ``2x`` -> ``2{a}``).
A variable that appears in a subscript (``y_x``) or as a subscript's base (``x_i``) is refused:
is ``x_i`` the variable's i-th coordinate or another name?
"""

from __future__ import annotations

import hashlib
import re

from dpproofs.steps.lexer import NotUnderstood, render
from dpproofs.steps.notation import _VARIANTS

OPEN = ("{", "(", "[", "\\{")
CLOSE = ("}", ")", "]", "\\}")
#: The operators over a listed set, LaTeX name -> claim syntax.
EXTREMA = {"max": "Max", "sup": "Max", "min": "Min", "inf": "Min"}
#: Subscripts that spell a decoration: ``x_{hat}`` would be the name of ``\\hat{x}``.
DECORATION_WORDS = frozenset(("bar", "hat", "tilde", "prime", "star", "bf", "cal"))


def matching(toks: list[str], start: int) -> int:
    """The index of the bracket closing the one at ``start`` (any kind, balanced together)."""
    depth = 0
    for index in range(start, len(toks)):
        depth += toks[index] in OPEN
        depth -= toks[index] in CLOSE
        if depth == 0:
            return index
    raise NotUnderstood("an unbalanced bracket", render(toks[start:]))


def is_variable(tok: str) -> bool:
    """A single Latin letter other than e, or a Greek letter: what may be bound."""
    return bool(re.fullmatch(r"[a-df-zA-Z]|\\[A-Za-z]+", tok)) and tok not in ("\\infty",)


def merged(tok: str) -> str:
    """A token with a Greek letter's variant spelled as the letter (``\\varepsilon`` is
    ``\\epsilon``): the reader reads both as one parameter, so a binder binds both."""
    name = tok.removeprefix("\\")
    return "\\" + _VARIANTS[name] if tok.startswith("\\") and name in _VARIANTS else tok


def mentions(toks: list[str], variable: str) -> bool:
    """Whether ``toks`` holds ``variable`` in either spelling (:func:`merged`)."""
    return merged(variable) in {merged(tok) for tok in toks}


def substituted(toks: list[str], variable: str, value: list[str]) -> list[str]:
    """``toks`` with every occurrence of ``variable`` (either spelling: :func:`merged`) replaced
    by ``{value}``."""
    out: list[str] = []
    for index, tok in enumerate(toks):
        if merged(tok) != merged(variable):
            out.append(tok)
            continue
        before = toks[max(0, index - 2) : index]
        after = toks[index + 1 : index + 2]
        if before[-1:] == ["_"] or before == ["_", "{"] or after == ["_"] or after == ["'"]:
            raise NotUnderstood(
                f"ambiguous: the bound variable {variable} is part of a name here "
                f"({render(toks[max(0, index - 2) : index + 2])}): rename the variable",
                variable,
            )
        out += ["{", *value, "}"]
    return out


def top_level_items(toks: list[str]) -> list[list[str]]:
    """``toks`` split at commas outside brackets."""
    items: list[list[str]] = [[]]
    depth = 0
    for tok in toks:
        depth += tok in OPEN
        depth -= tok in CLOSE
        if tok == "," and depth == 0:
            items.append([])
        else:
            items[-1].append(tok)
    return items


def listed_set(operator: str, under: list[str]) -> tuple[str, list[list[str]]]:
    """The variable and the elements of ``x \\in \\{a, b, c\\}`` under ``\\max_``."""
    if (
        len(under) >= 4
        and is_variable(under[0])
        and under[1] == "\\in"
        and under[2] == "\\{"
        and matching(under, 2) == len(under) - 1
    ):
        elements = top_level_items(under[3:-1])
        if all(elements) and not any(t in ("\\ldots", "\\dots", "\\cdots") for e in elements
                                     for t in e):  # fmt: skip
            return under[0], elements
    raise NotUnderstood(
        f"{operator} over a set that is not listed ({operator}_{{{render(under)}}}) is not "
        "read: "
        f"list its elements ({operator}_{{x \\in \\{{a, b\\}}}}) or map the whole {operator[1:]} "
        "to a parameter (--map)",
        f"{operator}_",
    )


def evaluation_bounds(lower: list[str], upper: list[str]) -> tuple[str, list[str], list[str]]:
    """The variable and the two bounds of ``\\right|_{x=a}^{b}``."""
    if len(lower) < 3 or not is_variable(lower[0]) or lower[1] != "=":
        raise NotUnderstood(
            f"ambiguous: an evaluation bar \\right|_{{{render(lower)}}} does not say which "
            "variable it evaluates: write \\right|_{x=a}^{b}",
            "\\right|",
        )
    variable = lower[0]
    if upper[:2] == [variable, "="]:
        upper = upper[2:]
    if "\\infty" in lower or "\\infty" in upper:
        raise NotUnderstood(
            "an evaluation bar at \\infty is a limit: not read (map it, or write the limit's "
            "value)",
            "\\infty",
        )
    return variable, lower[2:], upper


#: Names before ``(`` that are not a number-valued function of their argument, never read as an
#: application (:mod:`.latex_binding`): Landau's ``O(\\epsilon)`` (a set of functions:
#: ``O(x) - O(x) = 0`` is false) and distributions (``Lap(b) + Lap(b) = 2 Lap(b)`` is false for
#: two independent draws). A run of letters ending with one (``x O(n)``) is refused too.
NOT_APPLIED = frozenset((
    "O", "o", "Theta", "Omega", "omega", "N", "Lap", "Laplace", "Bern", "Bernoulli", "Geo", "Geom",
    "Binom", "Bin", "Unif", "Uniform", "Pois", "Poisson", "Exp", "Gauss", "Gumbel",
    # more Landau-like classes (an unspecified function each time it is written) and more
    # distributions (each written one an independent draw)
    "poly", "polylog", "negl", "U", "Ber", "Binomial", "Geometric", "Normal", "Gaussian",
    "Exponential", "Cauchy", "Logistic", "Cat", "Categorical", "Mult", "Multinomial", "Dir",
    "Rad", "Rademacher", "DLap", "DGauss", "Skellam", "Lognormal",
))  # fmt: skip


#: Capitalised names before ``(`` read as a number-valued function: the Greek capitals a DP text
#: applies (``\\Phi(x)``, ``\\Gamma(n)``), a variance and the divergences written as functions.
#: Any other capitalised word of two or more letters (``Weibull(k)``, ``NB(r, p)``,
#: ``\\mathrm{Staircase}(\\epsilon)``) is, in DP texts, most often a distribution or a named
#: object, not a number: refused (a whitelist, as no list can name every distribution).
CAPITALISED_FUNCTIONS = frozenset((
    "Gamma", "Delta", "Lambda", "Xi", "Pi", "Sigma", "Upsilon", "Phi", "Psi", "Var", "Variance",
    # divergences, distances and errors a DP text writes as functions: numbers
    "KL", "TV", "SD", "JS", "Cov", "MSE", "RMSE",
))  # fmt: skip


def refuse_not_applied(name: str, written: str) -> None:
    """Raise NotUnderstood when ``name(`` is Landau's notation or a distribution, or a capitalised
    word (two or more letters) that is not on CAPITALISED_FUNCTIONS."""
    if (
        len(name) >= 2
        and name.isalpha()
        and name[0].isupper()
        and name not in (CAPITALISED_FUNCTIONS | NOT_APPLIED)
    ):
        raise NotUnderstood(
            f"{written}: a capitalised name before '(' ({name}) is read as a distribution or a "
            "named object, not a number: not read; give the step a meaning with --map "
            f"'{written}' => ...",
            f"{name}(",
        )
    found = next((n for n in sorted(NOT_APPLIED, key=len, reverse=True) if name.endswith(n)), None)
    if found is not None:
        raise NotUnderstood(
            f"{written} is read as {found}(...), which is not a number (Landau's O, a "
            "distribution): not read; give the step a meaning with --map "
            f"'{written}' => ...",
            f"{found}(",
        )


#: The opaque quantities: LaTeX command -> kind ("Pr" a probability, "Ex" an expectation).
OPAQUE = {
    "\\Pr": "Pr", "\\E": "Ex", "\\mathbb{P}": "Pr", "\\mathbb{E}": "Ex",
    "Pr": "Pr", "P": "Pb", "E": "Ex",
}  # fmt: skip
#: The same written without a backslash, before ``[`` (``Pr[M(x) \\in S]``); ``P[...]`` ("Pb") is
#: not known >= 0 (a letter P may name a sequence or a matrix).
LATIN_OPAQUE = ("Pr", "P", "E")


def opaque_name(kind: str, written: list[str]) -> str:
    """The parameter standing for one opaque quantity: its kind and a digest of its tokens (the
    same text gives the same name in every expression). No other LaTeX reads to a name with
    more than one letter before its first underscore except Greek letters and decorations."""
    # 64 bits: two texts with one name (a step proved between them, an assumption about one
    # applied to the other) would take a search of 2^32 texts; within a step they are caught
    # (dpproofs.steps.check)
    digest = hashlib.sha256(" ".join(written).encode()).hexdigest()[:16]
    return f"{kind}_{digest}"
