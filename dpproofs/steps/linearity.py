"""Linear operators in a read step: the opaque numbers of :mod:`.latex_opaque` and :mod:`.binders`
normalised by the laws they obey, so that a step true by linearity is decided.

A step's opaque quantities (``\\sum_{x \\in X} body``, ``\\prod_i body``, ``\\mathbb{E}[body]``,
``\\Pr[A \\le B]``) are read there as one unknown real number per text. Here each is rewritten,
where a rule below applies, as a linear combination c_1 A_1 + ... + c_k A_k + c_0 of CANONICAL
opaque atoms A_j with coefficients c_j free of what the operator binds; the step is then decided
as usual on that form. The rules (statements and proofs: docs/latex.md, "What a step's operators
mean"), for an operator over a variable v with set or range written S (the same written S in one
step is one set: a reader of the paper reads ``\\sum_i`` twice in a row over the same i):

* SUM: sum_{v in S} (sum_j c_j t_j(v) + c_0) = sum_j c_j sum_{v in S} t_j(v) + c_0 |S|, where
  each c_j is a subterm free of v (a term's factors free of v are pulled out of it, a term with no
  factor depending on v is the constant c_0) and |S| is a new unknown number >= 0 (the count
  of S; for a finite S, or wherever the sums are real numbers, as the reader already takes them).
* PRODUCT: prod_{v in S} (c * exp(a_1(v)) * ... * exp(a_m(v))) = c^|S| * exp(sum_{v in S}
  (a_1(v) + ... + a_m(v))), the sum normalised by SUM; applied only when every factor that
  depends on v is written e^{...} or \\exp(...), c the product of the others (free of v).
* EXPECTATION: E[sum_j c_j X_j + c_0] = sum_j c_j E[X_j] + c_0, where c_j, c_0 are NUMBERS (no
  parameter: the reader does not know which letters are random, and E[X Y] = X E[Y] is false).
  Holds for integrable X_j: the step's verdict says "for integrable quantities".
* COMPLEMENT: Pr[A > B] = 1 - Pr[A <= B] and Pr[A >= B] = 1 - Pr[A < B], an event written as one
  strict or non-strict inequality between polynomials A, B (no condition ``|``, no second
  relation), and an event is the same as its rearrangement: A <= B is (A - B) <= 0, expanded.
  Not for ``=`` or ``\\ne`` (``\\Pr[M(x) = y]`` may be a density, and 1 - density is no
  probability), not for ``P[...]`` (P times an Iverson bracket?), not for a conditional event.

Nothing else: no maximum, no monotonicity, no step that needs a non-constant factor moved. The
normal form is used only to PROVE a step (:mod:`dpproofs.steps.check`): its atoms are opaque,
so a step that fails on it is not refuted.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass

import sympy

from dpproofs.errors import DpProofsError
from dpproofs.steps.latex import read_expression
from dpproofs.steps.latex_binding import _name
from dpproofs.steps.latex_opaque import _CONDITIONS, _INFINITE, _SET_RELATIONS, OPERATORS
from dpproofs.steps.lexer import NotUnderstood, render, split_chain, tokens
from dpproofs.steps.notation import _GREEK, _VARIANTS, RELATIONS
from dpproofs.steps.sums import _is_polynomial, _term

#: An opaque parameter of :mod:`.binders` (kind, 16 hex digits).
_ATOM = re.compile(r"\b([A-Z][a-z])_([0-9a-f]{16})\b")
#: The expectation commands (one meaning whatever the spelling).
_EXPECTATIONS = ("\\mathbb", "\\E", "E")
#: Parts of a parameter's name that are words, not letters (decorations, primes).
_WORDS = frozenset(("prime", "star", "bar", "hat", "tilde", "cal"))
#: What the verdict says when linearity of expectation was used.
INTEGRABLE = "for integrable quantities"


#: Whether a subterm depends on what the operator binds.
_Test = Callable[[sympy.Expr], bool]


class _Unread(Exception):
    """An operator this module leaves as the reader read it (one unknown number)."""


@dataclass(frozen=True, slots=True)
class NormalForm:
    """A step's statement with its opaque quantities normalised (claim syntax), the canonical
    atoms it uses (parameter, how it reads), the facts about them, and the rules applied."""

    statement: str
    opaque: tuple[tuple[str, str], ...]
    conditions: tuple[str, ...]
    rules: tuple[str, ...]


def _digest(kind: str, *parts: str) -> str:
    return f"{kind}_{hashlib.sha256(' | '.join(parts).encode()).hexdigest()[:16]}"


class _Normaliser:
    """The canonical atoms met while normalising one step."""

    def __init__(self) -> None:
        self.atoms: dict[str, str] = {}
        self.conditions: list[str] = []
        self.rules: list[str] = []
        #: atom -> what it stands for: (kind, the term under the operator; None for a count)
        self.meaning: dict[str, tuple[str, sympy.Expr | None]] = {}

    def atom(
        self,
        kind: str,
        shown: str,
        *key: str,
        term: sympy.Expr | None = None,
        facts: tuple[str, ...] = (),
    ) -> str:
        name = _digest(kind, *key)
        self.meaning[name] = (key[0], term)
        self.atoms[name] = shown
        self.conditions += [f"{name} {fact}" for fact in facts]
        return name

    def rewrite(self, name: str, latex: str) -> str:
        """The opaque quantity ``name`` (read from ``latex``) as claim syntax, or ``name``."""
        try:
            toks = tokens(latex)
            kind = name[:2]
            if kind in ("Sm", "Pd"):
                return self._operator(toks)
            if kind == "Ex":
                return self._expectation(toks)
            if kind == "Pr":
                return self._probability(toks)
        except (_Unread, NotUnderstood, DpProofsError, ValueError, TypeError, LookupError):
            pass  # a text the rules do not parse is left as the reader read it
        return name

    def _operator(self, toks: list[str]) -> str:
        """SUM and PRODUCT over an unlisted set (the module docstring)."""
        head, rest = toks[0], toks[1:]
        limits: dict[str, list[str]] = {}
        while rest[:1] in (["_"], ["^"]) and rest[0] not in limits:
            mark = rest[0]
            if rest[1] == "{":
                depth, end = 0, 1
                for end in range(1, len(rest)):
                    depth += rest[end] == "{"
                    depth -= rest[end] == "}"
                    if depth == 0:
                        break
                limits[mark], rest = rest[2:end], rest[end + 1 :]
            else:
                limits[mark], rest = rest[1:2], rest[2:]
        under, over = limits.get("_", []), limits.get("^", [])
        refused = (*_INFINITE, *_CONDITIONS)
        if head not in OPERATORS or not under or any(t in refused for t in under + over):
            raise _Unread
        cut = next((k for k, t in enumerate(under) if t in _SET_RELATIONS), len(under))
        variable = under[0]
        if cut > 2 or (cut == 2 and under[1] != "'") or not re.fullmatch(r"[a-df-zA-Z]", variable):
            raise _Unread  # one bound letter (with a prime at most)
        key = render(under) + " ^ " + render(over)
        shown = f"{head}_{{{render(under)}}}" + (f"^{{{render(over)}}}" if over else "")
        reading = read_expression(render(rest))
        if reading.conditions or reading.counts:
            raise _Unread
        dependent = {n for n, latex in reading.opaque if variable in tokens(latex)}
        body = _term(reading.text)
        depends = _depends(variable, dependent)
        if head == "\\sum":
            return self._sum(body, depends, key, shown)
        if head == "\\prod":
            return self._product(body, depends, key, shown)
        raise _Unread

    def _count(self, key: str, shown: str) -> str:
        return self.atom("Ct", f"|{shown}|", "count", key, facts=(">= 0",))

    def _sum(self, body: sympy.Expr, depends: _Test, key: str, shown: str) -> str:
        terms = _linear(body, depends)
        out = []
        for coefficient, part in terms:
            if part is None:
                out.append(f"({coefficient})*{self._count(key, shown)}")
            else:
                name = self.atom("Sm", f"{shown} {part}", "sum", key, sympy.srepr(part), term=part)
                out.append(f"({coefficient})*{name}")
        if len(terms) != 1 or terms[0][0] != 1:
            self.rules.append("linearity of a sum")
        return "(" + " + ".join(out or ["0"]) + ")"

    def _product(self, body: sympy.Expr, depends: _Test, key: str, shown: str) -> str:
        factors = body.args if body.is_Mul else (body,)
        constant = [f for f in factors if not depends(f)]
        exponents = []
        for factor in factors:
            if depends(factor):
                if isinstance(factor, sympy.exp):
                    exponents.append(factor.args[0])
                elif factor.is_Pow and factor.args[0] == sympy.E:
                    exponents.append(factor.args[1])
                else:
                    raise _Unread
        if not exponents:
            raise _Unread
        self.rules.append("a product of exponentials")
        power = sympy.Add(*exponents, evaluate=False) if len(exponents) > 1 else exponents[0]
        summed = shown.replace("\\prod", "\\sum", 1)
        text = f"exp({self._sum(power, depends, key, summed)})"
        if constant:
            base = sympy.Mul(*constant, evaluate=False) if len(constant) > 1 else constant[0]
            text = f"({base})**({self._count(key, shown)})*{text}"
        return text

    def _expectation(self, toks: list[str]) -> str:
        """EXPECTATION (the module docstring): numbers are the only constants."""
        start = 4 if toks[0] == "\\mathbb" else 1
        if toks[0] not in _EXPECTATIONS or toks[start : start + 1] not in (["["], ["("]):
            raise _Unread  # a subscript E_{x ~ D}: the measure is part of the text
        closing = {"[": "]", "(": ")"}[toks[start]]
        if toks[-1] != closing:
            raise _Unread
        reading = read_expression(render(toks[start + 1 : -1]))
        if reading.conditions or reading.counts:
            raise _Unread
        terms = _linear(_term(reading.text), lambda e: bool(e.free_symbols))
        out = []
        for coefficient, part in terms:
            if part is None:
                out.append(f"({coefficient})")
            else:
                name = self.atom("Ex", f"E[{part}]", "expectation", sympy.srepr(part), term=part)
                out.append(f"({coefficient})*{name}")
        if len(terms) != 1 or terms[0][0] != 1 or terms[0][1] is None:
            self.rules.append(f"linearity of expectation ({INTEGRABLE})")
        return "(" + " + ".join(out or ["0"]) + ")"

    def _probability(self, toks: list[str]) -> str:
        """COMPLEMENT (the module docstring)."""
        if toks[0] not in ("\\Pr", "Pr") or toks[1:2] != ["["] or toks[-1] != "]":
            raise _Unread  # \mathbb{P}, a subscript, parentheses: left as read
        inner = toks[2:-1]
        if any(t in ("|", "\\mid", ",", "\\land", "\\wedge", "\\lor", "\\vee") for t in inner):
            raise _Unread
        sides, relations, _ = split_chain(inner)
        if len(relations) != 1 or RELATIONS.get(relations[0]) in (None, "=="):
            raise _Unread
        readings = [read_expression(render(side)) for side in sides]
        if any(r.conditions or r.counts or r.opaque for r in readings):
            raise _Unread
        left, right = (_term(r.text) for r in readings)
        if not (_is_polynomial(left) and _is_polynomial(right)):
            raise _Unread
        relation = RELATIONS[relations[0]]
        if relation in (">", ">="):  # A > B is B < A
            left, right, relation = right, left, {">": "<", ">=": "<="}[relation]
        difference = sympy.expand(left - right)
        # d <= 0 is an atom; d < 0 is the complement of -d <= 0
        complement = relation == "<"
        if complement:
            difference = sympy.expand(-difference)
        name = self.atom(
            "Pr", f"Pr[{difference} <= 0]", "probability", sympy.srepr(difference),
            term=difference, facts=(">= 0", "<= 1"),
        )  # fmt: skip
        if complement:
            self.rules.append("the probability of a complement")
            return f"(1 - {name})"
        return name


def _depends(variable: str, opaque: set[str]) -> _Test:
    """A test for "depends on the bound letter": a parameter named by the letter or holding it
    in a Latin part of its name (``x``, ``D_i``, ``D_ij``, ``h_prime`` for h'; ``xi`` and
    ``epsilon`` are Greek names, not letters; over-approximated: never a non-constant taken
    for a constant), or an opaque number whose text holds the letter as a token."""
    letter = _name(_VARIANTS.get(variable, variable))

    def mentions(name: str) -> bool:
        for part in name.split("_"):
            whole = part in _GREEK or part in _VARIANTS or part in _WORDS or part == "lamda"
            if part == letter or (not whole and letter in part):
                return True
        return False

    def depends(expr: sympy.Expr) -> bool:
        return any(str(s) in opaque or mentions(str(s)) for s in expr.free_symbols)

    return depends


def _linear(expr: sympy.Expr, depends: _Test) -> list[tuple[sympy.Expr, sympy.Expr | None]]:
    """``expr`` as sum_j c_j t_j (+ c_0, part None): each c_j free of what ``depends`` tests, a
    product distributed over the one dependent factor that is a sum."""
    if expr.is_Add:
        return [term for arg in expr.args for term in _linear(arg, depends)]
    if not depends(expr):
        return [(expr, None)]
    if expr.is_Mul:
        free = [f for f in expr.args if not depends(f)]
        bound = [f for f in expr.args if depends(f)]
        coefficient = sympy.Mul(*free, evaluate=False) if len(free) > 1 else (free or [1])[0]
        if len(bound) == 1:
            return [(_times(coefficient, c), part) for c, part in _linear(bound[0], depends)]
        return [(coefficient, sympy.Mul(*bound, evaluate=False))]
    return [(sympy.Integer(1), expr)]


def _times(first: sympy.Expr, second: sympy.Expr) -> sympy.Expr:
    if first == 1:
        return second
    if second == 1:
        return first
    return sympy.Mul(first, second, evaluate=False)


def normal_form(statement: str, opaque: tuple[tuple[str, str], ...]) -> NormalForm | None:
    """The step ``statement`` (claim syntax) with each opaque quantity of ``opaque`` that a rule
    applies to replaced by its normal form; None when no rule applies."""
    normaliser = _Normaliser()
    replaced = {name: normaliser.rewrite(name, latex) for name, latex in opaque}
    kept = {name: latex for name, latex in opaque if replaced[name] == name}
    atoms = {**kept, **normaliser.atoms}
    if not normaliser.rules and len(atoms) >= len(opaque):  # renamed, nothing merged
        return None
    text = _ATOM.sub(lambda found: replaced.get(found.group(0), found.group(0)), statement)
    return NormalForm(
        text,
        tuple(sorted(atoms.items())),
        tuple(dict.fromkeys(normaliser.conditions)),
        tuple(dict.fromkeys(normaliser.rules)),
    )
