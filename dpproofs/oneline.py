"""One-line checks: decide a scalar inequality written as text.

    check("exp(x) >= 1 + x", where="x: (-oo, oo)")                  -> PROVED
    check("exp(x) <= 1 + x + x**2/2", where={"x": "(0, oo)"})       -> REFUTED at x = ...

The statement is one comparison (``<=``, ``<``, ``>=``, ``>``, ``==``) or several joined by
``and``; each side is parsed exactly (``0.1`` is 1/10) with the functions of
:mod:`dpproofs.exact.parse` only, so no code runs. Every other name is a real parameter; ``where``
gives domains (``"x: (0, oo)"``, several separated by ``;``), unnamed parameters range over all
reals; ``assume`` adds hypotheses written the same way. The verdict is that of
:func:`dpproofs.symbolic.holds`, decided within ``timeout`` seconds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from dpproofs.errors import InvalidClaim, InvalidExpression

if TYPE_CHECKING:  # sympy is imported on first use, so `import dpproofs` stays light
    from dpproofs.verdict import Verdict

_RELATION = re.compile(r"(<=|>=|==|<|>)")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_OPERATORS = {"<=": "Le", ">=": "Ge", "==": "Eq", "<": "Lt", ">": "Gt"}


def parse_statement(text: str, symbols: dict[str, Any]) -> Any:
    """``"a <= b and c < d"`` as a sympy Boolean; chains ``a <= b <= c`` are conjunctions."""
    import sympy

    from dpproofs.exact.parse import parse_exact

    parts = re.split(r"\band\b", text)
    if not text.strip():
        raise InvalidClaim("empty statement")
    if not all(p.strip() for p in parts):  # "x < 1 and": a conjunct is missing, not true
        raise InvalidClaim(f"{text.strip()!r}: 'and' needs a comparison on each side")
    relations: list[Any] = []
    for part in parts:
        pieces = _RELATION.split(part)
        if len(pieces) < 3:
            raise InvalidClaim(f"{part.strip()!r} is not a comparison (use <=, <, >=, > or ==)")
        sides = pieces[0::2]
        ops = pieces[1::2]
        try:
            exprs = [parse_exact(side, symbols) for side in sides]
        except InvalidExpression as exc:
            raise InvalidClaim(str(exc)) from exc
        for side, expr in zip(sides, exprs, strict=True):
            _check_defined(side, expr, symbols)
        for left, op, right in zip(exprs, ops, exprs[1:], strict=False):
            relations.append(getattr(sympy, _OPERATORS[op])(left, right, evaluate=False))
    return relations[0] if len(relations) == 1 else sympy.And(*relations)


def _check_defined(text: str, expr: Any, symbols: dict[str, Any]) -> None:
    """Refuse a side with an undefined or non-real constant subterm, naming it as written.

    Every constant subterm as written must denote a real number (or +-oo): ``1/0`` and
    ``log(0)`` are undefined (sympy's ``zoo``), ``oo - oo`` is ``nan``; ``(-8)**(1/3)`` is not
    real (sympy reads powers with the principal branch: 1 + I*sqrt(3)), nor is ``sqrt(-1)``,
    and a comparison with a complex number is undefined. Checking the written subterms, not the
    evaluated side, also refuses ``0*sqrt(-1)``, which sympy evaluates to 0. Subterms with
    parameters are left to the decider's definedness reading (an ERROR verdict at a point).
    """
    import sympy

    tree = _unevaluated(text, symbols)
    for node in sympy.postorder_traversal(expr if tree is None else tree):
        if node.free_symbols or not isinstance(node, sympy.Expr):
            continue
        value = node if tree is None else node.doit()
        if value.has(sympy.zoo, sympy.nan):
            raise InvalidClaim(
                f"{node} (in {text.strip()!r}) is undefined: a division by zero, log(0) or "
                "oo - oo; write the claim without it"
            )
        if value.is_extended_real is False:
            raise InvalidClaim(
                f"{node} (in {text.strip()!r}) is not a real number but {value}: powers and "
                "roots are read with sympy's principal branch ((-8)**(1/3) is 1 + I*sqrt(3)) and "
                "the log of a negative number is complex, so a comparison with it is undefined; "
                "for the real cube root of -8 write -(8**(1/3))"
            )
    if expr.has(sympy.zoo, sympy.nan):  # e.g. x/(x - x): x - x is 0 once evaluated
        raise InvalidClaim(f"{text.strip()!r} is undefined: sympy evaluates it to {expr}")


def _unevaluated(text: str, symbols: dict[str, Any]) -> Any:
    """``text`` read as written (sympy's evaluate=False) with the names of parse_exact, or None
    if that reading fails (the evaluated one, which succeeded, is then checked instead)."""
    import sympy
    from sympy.parsing.sympy_parser import parse_expr

    from dpproofs.exact.parse import _ALLOWED, _TRANSFORMS

    names = ("Add", "Mul", "Pow", "Integer", "Rational", "Float", "Symbol", "factorial")
    try:
        return parse_expr(
            text,
            local_dict={**_ALLOWED, **symbols},
            global_dict={"__builtins__": {}, **{n: getattr(sympy, n) for n in names}},
            transformations=_TRANSFORMS,
            evaluate=False,
        )
    except Exception:  # naming the subterm is a courtesy; the evaluated side is still checked
        return None


def parse_where(where: str | Mapping[str, str] | Iterable[str]) -> dict[str, str]:
    """``"x: (0, oo); y: [0, 1]"`` (or a list of such, or a mapping) as name -> interval text."""
    if isinstance(where, Mapping):
        return {str(k): str(v) for k, v in where.items()}
    items = [where] if isinstance(where, str) else list(where)
    domains: dict[str, str] = {}
    for item in items:
        for entry in item.split(";"):
            if not entry.strip():
                continue
            name, colon, interval = entry.partition(":")
            if not colon or not _NAME.fullmatch(name.strip()):
                raise InvalidClaim(f"{entry.strip()!r}: write a domain as 'x: (0, oo)'")
            domains[name.strip()] = interval.strip()
    return domains


def _names(texts: Iterable[str]) -> list[str]:
    from dpproofs.exact.parse import _ALLOWED

    found: dict[str, None] = {}
    for text in texts:
        for name in _NAME.findall(text):
            if name not in _ALLOWED and name != "and":
                found[name] = None
    return list(found)


def check(
    statement: str,
    where: str | Mapping[str, str] | Iterable[str] = (),
    assume: str | Iterable[str] = (),
    timeout: float | None = 30.0,
) -> Verdict:
    """Decide "for all parameters in their domains with the assumptions: statement".

    >>> from dpproofs import check
    >>> check("exp(x) >= 1 + x", where="x: (-oo, oo)").status.value
    'proved'
    >>> check("exp(x) <= 1 + x + x**2/2", where="x: (0, oo)").status.value
    'refuted'
    """
    import sympy

    from dpproofs.claim import Deadline
    from dpproofs.symbolic import holds

    assumptions = [assume] if isinstance(assume, str) else list(assume)
    domains = parse_where(where)
    names = _names([statement, *assumptions]) + list(domains)
    symbols = {name: sympy.Symbol(name) for name in names}
    claim = holds(
        parse_statement(statement, symbols),
        where={symbols[n]: d for n, d in domains.items()},
        assuming=[parse_statement(a, symbols) for a in assumptions],
    )
    return claim.decide(Deadline(timeout))
