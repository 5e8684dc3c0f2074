"""The replay snippets a counterexample carries, and the search's fixed sentences, as text.

A refuted verdict shows ``replay``: Python source that re-checks its counterexample exactly.
The deciders write it (the search: :mod:`dpproofs.search.report`, :mod:`dpproofs.search.cegar`;
the scalar judge: :mod:`dpproofs.symbolic.judge`) and ``dpproofs recheck``
(:mod:`dpproofs.recheck.shown`) regenerates it from the replayed evidence and compares the two
texts; it never runs them. Both use the writers here, so the two texts cannot drift apart.
Formatting only: nothing here decides anything (recheck recomputes every value it formats).

* search: ``values = {name: [[F(a, b), ...]], ..., param: F(a, b)}`` in the order given, then
  ``assert claim.holds_exactly(n, values) is False`` (a refinement claim: the conclusion fails
  and the hypothesis holds for every inner value);
* scalar: the difference lhs - rhs of each relation (preorder, once each) at the point as a
  sympy ``srepr`` tree, its sign decided by ``dpproofs.exact.rigorous.sign``, the assumptions
  asserted to hold and the statement to fail.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

#: The search's sentence for its exact re-check of a counterexample.
SEARCH_RECHECK = "the predicate is false (exact rationals, rigorous comparisons)"
#: The minimality of a counterexample the small-model lifting found at its bound N*, below every
#: size the claim names (nothing smaller was searched).
BELOW_SIZES = "below the sizes searched (found at the small-model bound)"


def fraction_source(v: Fraction) -> str:
    """F(a, b), or F(a) for an integer."""
    return f"F({v.numerator}, {v.denominator})" if v.denominator != 1 else f"F({v.numerator})"


def matrix_source(matrix: Sequence[Sequence[Fraction]]) -> str:
    """[[F(1, 2), F(1, 2)], ...]."""
    return "[" + ", ".join("[" + ", ".join(map(fraction_source, r)) + "]" for r in matrix) + "]"


def refinement_asserts(size: int) -> str:
    """The assertions of a refinement claim's replay (``ForAllHypothesis``)."""
    return (
        f"assert claim.conclusion_holds_exactly({size}, values) is False\n"
        f"assert claim.hypothesis_holds_for_all({size}, values) is True\n"
    )


def search_source(size: int, values: Sequence[tuple[str, Any]], refinement: bool = False) -> str:
    """The replay of a search counterexample on ``size`` outcomes; ``values``: (name, a matrix
    of Fractions or a Fraction), in order."""
    items = [
        f"{name!r}: "
        + (matrix_source(v) if isinstance(v, list | tuple) else fraction_source(Fraction(v)))
        for name, v in values
    ]
    head = (
        "from fractions import Fraction as F\n"
        "# `claim` is the searched claim (e.g. the theorem function's return value).\n"
        f"values = {{{', '.join(items)}}}\n"
    )
    if refinement:
        return head + refinement_asserts(size)
    return head + f"assert claim.holds_exactly({size}, values) is False\n"


#: What sign(lhs - rhs) makes each relation true, by sympy class name.
PY_TEST = {
    "StrictLessThan": "< 0",
    "LessThan": "<= 0",
    "StrictGreaterThan": "> 0",
    "GreaterThan": ">= 0",
    "Equality": "== 0",
    "Unequality": "!= 0",
}


def relations(statement: Any) -> list[Any]:
    """The relations of a sympy formula in preorder (sympy's ``args`` order), once each."""
    out: list[Any] = []

    def walk(node: Any) -> None:
        if type(node).__name__ in PY_TEST and node not in out:
            out.append(node)
        for arg in node.args:
            walk(arg)

    walk(statement)
    return out


def python_formula(formula: Any, names: Mapping[Any, str]) -> str:
    """A sympy formula over named relations as a Python test of the signs (ValueError for a
    connective the replay does not write)."""
    import sympy

    if formula in (sympy.true, sympy.false):
        return str(bool(formula))
    if formula in names:
        return f"(sign({names[formula]}) {PY_TEST[type(formula).__name__]})"
    parts = [python_formula(a, names) for a in formula.args]
    if isinstance(formula, sympy.Not):
        return f"(not {parts[0]})"
    if isinstance(formula, sympy.Implies):
        return f"((not {parts[0]}) or {parts[1]})"
    if not isinstance(formula, sympy.And | sympy.Or):
        raise ValueError(f"{type(formula).__name__} is not a connective the replay writes")
    return "(" + (" and " if isinstance(formula, sympy.And) else " or ").join(parts) + ")"


def scalar_source(problem: Any, point: Mapping[Any, Fraction]) -> str:
    """The replay of a scalar counterexample at ``point`` (``problem``: its ``variables``,
    ``assumptions`` and ``statement``, sympy)."""
    import sympy

    def at(expr: Any) -> Any:
        return expr.xreplace(
            {s: sympy.Rational(v.numerator, v.denominator) for s, v in point.items()}
        )

    shown = ", ".join(
        f"{s} = {sympy.Rational(point[s].numerator, point[s].denominator)}"
        for s in problem.variables
    )
    lines = [
        "import sympy",
        "from dpproofs.exact.rigorous import sign",
        f"# at {shown}; each d is lhs - rhs of one relation, with the values substituted",
        "def term(tree):",
        "    return eval(tree, vars(sympy))  # sympy.srepr form: no name can be misread",
    ]
    names: dict[Any, str] = {}
    for formula in (*problem.assumptions, problem.statement):
        for atom in relations(formula):
            if atom not in names:
                names[atom] = f"d{len(names)}"
                lines.append(
                    f"{names[atom]} = term({sympy.srepr(at(atom.lhs - atom.rhs))!r})  # {atom}"
                )
    for assumption in problem.assumptions:
        lines.append(f"assert {python_formula(assumption, names)}  # assumption holds")
    lines.append(f"assert not {python_formula(problem.statement, names)}  # claim fails")
    return "\n".join(lines) + "\n"
