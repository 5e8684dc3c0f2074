"""A second, independent reading of LaTeX, used only by the tests: latex2sympy2_extended (an
ANTLR grammar of LaTeX, written apart from dpproofs' reader) with two stated conventions of DP
texts applied first: ``\\log`` is the natural logarithm, and Greek and Latin names keep their
case. Its symbols are renamed the way dpproofs names parameters (``\\varepsilon`` is
``epsilon``, ``\\lambda`` is ``lamda``, ``x_{12}`` is ``x_12``), so the two readings can be
compared at the same points.

Where the two readings differ at some point where both are defined, a reader of the paper could
read the step either way: dpproofs' reader must have refused it as ambiguous.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction

import sympy
from latex2sympy2_extended import latex2sympy
from latex2sympy2_extended.latex2sympy2 import ConversionConfig
from latex2sympy2_extended.math_normalization import NormalizationConfig

from dpproofs.symbolic.written import read_formula

_CONVERSION = ConversionConfig(interpret_as_mixed_fractions=False, lowercase_symbols=False)
_NORMALIZATION = NormalizationConfig(
    basic_latex=True, units=False, malformed_operators=False, nits=False, boxed="none",
    equations=False,
)  # fmt: skip
_VARIANTS = {"varepsilon": "epsilon", "vartheta": "theta", "varphi": "phi", "varrho": "rho"}
_RESERVED = {"lambda": "lamda", "E": "E_", "I": "I_"}


def canonical(name: str) -> str:
    """A symbol of the second reader named as dpproofs names parameters."""
    bar = re.fullmatch(r"\\?(?:bar|overline)\{\\?([A-Za-z]+)\}", name)
    if bar:
        base = bar.group(1)
        return f"{_VARIANTS.get(base, base)}_bar"
    plain = re.sub(r"[\\{}]", "", name)
    base, underscore, sub = plain.partition("_")
    base = _RESERVED.get(base, _VARIANTS.get(base, base)) if not underscore else (
        _VARIANTS.get(base, base))  # fmt: skip
    return f"{base}{underscore}{sub}"


#: Decorated names, spelled as subscripts before the second reader reads them (it drops a prime
#: and \\mathbf, and glues \\hat{p} into one name): \\hat{p}_i is p_{hat_i}, as dpproofs names it.
_DECORATION = re.compile(
    r"\\(hat|widehat|tilde|widetilde|mathbf|boldsymbol|bm|mathcal)\{(\\?[A-Za-z]+)\}"
    r"(?:_\{?([A-Za-z0-9]+)\}?)?"
)
_SUFFIX = {"widehat": "hat", "widetilde": "tilde", "mathbf": "bf", "boldsymbol": "bf", "bm": "bf",
           "mathcal": "cal"}  # fmt: skip
_PRIMED = re.compile(r"(?<![A-Za-z\\])([A-Za-z])(''?|\^\*|\^\{\*\})(?:_\{?([A-Za-z0-9]+)\}?)?")


def _spelled(latex: str) -> str:
    def decorated(m: re.Match[str]) -> str:
        suffix = _SUFFIX.get(m[1], m[1]) + (f"_{m[3]}" if m[3] else "")
        return f"{m[2]}_{{{suffix}}}"

    def primed(m: re.Match[str]) -> str:
        mark = {"'": "prime", "''": "prime_prime"}.get(m[2], "star")
        return f"{m[1]}_{{{mark}{f'_{m[3]}' if m[3] else ''}}}"

    return _PRIMED.sub(primed, _DECORATION.sub(decorated, latex))


def second_reading(latex: str) -> sympy.Expr | None:
    """The expression as latex2sympy2_extended reads it (None: it cannot)."""
    text = _spelled(latex)
    # exp(, ln(, log( without a backslash are the functions to the main reader (docs/latex.md)
    text = re.sub(r"(?<![\\A-Za-z])(exp|ln|log)(?=\s*(?:\\left)?\()", r"\\\1", text)
    text = text.replace("\\log", "\\ln").replace("\\tfrac", "\\frac").replace("\\dfrac", "\\frac")
    while re.fullmatch(r"\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}", text):  # {...} around it all (a --map)
        text = text[1:-1]
    try:
        expr = latex2sympy(text, normalization_config=_NORMALIZATION, conversion_config=_CONVERSION)
    except Exception:
        return None
    if not isinstance(expr, sympy.Expr):
        return None
    return expr.subs({s: sympy.Symbol(canonical(s.name), real=True) for s in expr.free_symbols})


def first_reading(text: str) -> sympy.Expr:
    """dpproofs' reading (claim syntax) as a sympy term."""
    return read_formula(f"({text}) == 0").lhs  # type: ignore[attr-defined,no-any-return]


def _interval(domain: str) -> tuple[Fraction, Fraction]:
    low, high = (p.strip() for p in domain.strip()[1:-1].split(","))
    lo = Fraction(-4) if low in ("-oo",) else Fraction(low)
    hi = lo + 6 if high == "oo" else Fraction(high)
    return lo, hi


def points(
    names: set[str], where: dict[str, str], count: int, seed: int
) -> list[dict[str, Fraction]]:
    """``count`` rational points, each name in its --where interval (else in [-4, 4])."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        point = {}
        for name in sorted(names):
            lo, hi = _interval(where[name]) if name in where else (Fraction(-4), Fraction(4))
            point[name] = lo + (hi - lo) * Fraction(rng.randint(1, 999), 1000)
        out.append(point)
    return out


def value(expr: sympy.Expr, point: dict[str, Fraction]) -> complex | None:
    """``expr`` at ``point`` to 30 digits; None where it is undefined or not real."""
    at = {s: sympy.Rational(point[s.name].numerator, point[s.name].denominator)
          for s in expr.free_symbols if s.name in point}  # fmt: skip
    try:
        number = complex(sympy.N(expr.subs(at), 30))
    except (TypeError, ValueError, ZeroDivisionError):
        return None
    if number != number or abs(number.imag) > 1e-12 or abs(number.real) == float("inf"):
        return None
    return number


def differ(first: sympy.Expr, second: sympy.Expr, where: dict[str, str], seed: int = 0) -> str:
    """Where the two readings differ: "" when they agree at every sampled point where both are
    defined (and name the same parameters)."""
    names_first = {s.name for s in first.free_symbols}
    names_second = {s.name for s in second.free_symbols}
    if not names_second <= names_first:  # fewer: the second reader evaluates (a/a is 1)
        return f"parameters {sorted(names_first)} against {sorted(names_second)}"
    for point in points(names_first, where, 12, seed):
        a, b = value(first, point), value(second, point)
        if a is not None and b is not None and abs(a - b) > 1e-9 * (1 + abs(a)):
            shown = ", ".join(f"{k} = {v}" for k, v in point.items())
            return f"at {shown}: {a.real:.6g} against {b.real:.6g}"
    return ""
