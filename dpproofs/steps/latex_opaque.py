"""Notation read as one unknown number per written text (as ``\\Pr[...]`` and ``f(x)`` are,
:mod:`.binders`): big operators over a set the reader cannot enumerate, and document macros.

* ``\\sum_{x \\in X} body``, ``\\sum_i body``, ``\\sum^n_i body``, ``\\prod_{j \\in S} body``,
  ``\\max_{x \\sim x'} body``, ``\\sup_{z \\in Z} body`` (a ``\\sum_{i=a}^{b}`` is read exactly
  or refused, :mod:`.sums`): the body is the product that follows, as for the sums read
  exactly, and the whole text (operator, subscript, superscript, body; spacing aside) is ONE
  unknown real number, named by its kind and a digest of its tokens. The same text is the same
  number in a step; two texts (another body, set or letter for the variable) are two numbers.
* ``\\texttt{len(x)}``, ``\\texttt{stability\\_map}(\\din)``, OpenDP's ``\\din`` and ``\\dout``
  (the input and output distances) and ``\\function(x)``: one unknown number per text.
* ``\\norm{v - O}_p``: one unknown number >= 0 per text (every norm is >= 0: the one fact granted).
* ``\\mathrm{erf}(x)`` (also ``\\operatorname``, ``\\text``) is sympy's erf,
  ``\\mathrm{erfc}(x)`` is 1 - erf(x), its definition (the decider knows erf better than erfc);
  ``\\text{Var}(X)``, ``\\mathrm{Var}(X)`` one unknown number >= 0 per text (a variance is >= 0);
  another upright word before ``(`` (``\\mathrm{round}_k(x)``) an application read like f(x),
  unless the word names a distribution (``\\text{Bern}(p)``: two draws are two numbers).

Why sound (docs/latex.md): a step proved for EVERY real value of these numbers (and every value
>= 0 of a norm or a variance) holds for the values the text means, whatever they are, when they
are real numbers: a sum over a finite set, an attained or finite supremum. A set or bound written
infinite (``\\mathbb{Z}``, ``\\infty``) is refused: the series may diverge, the supremum be
infinite, and ``\\sum_{n \\in \\mathbb{N}} n - \\sum_{n \\in \\mathbb{N}} n = 0`` is meaningless.
Over a set named by a letter (``X``, ``x \\sim x'``) the text is taken to mean a real number, as
``\\mathbb{E}[X]`` is (when the expectation exists).
A step that fails for some value is never refuted (:mod:`dpproofs.steps.check`: not checked,
with the ``--map`` that gives the text a meaning). Nothing of the body is used, so a bound
variable cannot leak: ``x`` inside ``\\sum_{x \\in X} x`` is not the parameter ``x``; a bound
letter written after the body is ambiguous (is it inside?).
"""

from __future__ import annotations

import re

from dpproofs.steps.binders import (
    is_variable,
    matching,
    merged,
    opaque_name,
    refuse_not_applied,
)
from dpproofs.steps.latex_binding import _Binding
from dpproofs.steps.lexer import NotUnderstood, render
from dpproofs.steps.notation import _VARIANTS
from dpproofs.steps.sums import SUMS

#: The big operators and their opaque kinds.
OPERATORS = {
    "\\sum": "Sm", "\\prod": "Pd", "\\max": "Mx", "\\sup": "Mx", "\\min": "Mn", "\\inf": "Mn",
}  # fmt: skip
#: Document macros read as one unknown number (OpenDP's proof documents): name -> applied.
MACROS = {"\\din": False, "\\dout": False, "\\function": True}
#: Upright words that are sympy functions.
UPRIGHT_FUNCTIONS = {"erf": "erf({})", "erfc": "(1 - erf({}))"}  # erfc(x) = 1 - erf(x)
#: Upright words for a quantity known >= 0.
NONNEGATIVE = frozenset(("Var", "var", "Variance"))
UPRIGHT = ("\\mathrm", "\\operatorname", "\\text", "\\textrm")
#: A set or bound written infinite: the sum may diverge, the supremum be infinite.
_INFINITE = (
    "\\mathbb", "\\infty", "\\N", "\\Z", "\\R", "\\mathbf", "\\Bbb", "\\NN", "\\ZZ", "\\RR",
    "\\QQ", "\\CC", "\\ldots", "\\dots", "\\cdots", "\\dotsc", "\\dotsb", "\\dotso", "...",
)  # fmt: skip
#: What makes the set of a big operator a condition (the values that satisfy it: may be
#: infinite): ``x : x \ge 1``, ``x \mid ...``, ``n \ne 0``, ``n \notin S``.
_CONDITIONS = (":", "\\mid", "|", "\\ne", "\\neq", "\\notin", "\\not", "\\nmid")
#: What separates a big operator's bound variables from their set, inside its subscript.
#: A subscript of bound letters only (``t``, ``x, x'``, ``\\epsilon``): no set written.
_BOUND_LETTER = (
    r"[A-Za-z]|,|'|\\(alpha|beta|gamma|delta|epsilon|varepsilon|zeta|eta|theta|vartheta|iota|"
    r"kappa|lambda|mu|nu|xi|pi|rho|sigma|tau|upsilon|phi|varphi|chi|psi|omega)"
)
_SET_RELATIONS = (
    "\\in", "=", "\\subseteq", "\\subset", ":", "\\mid", "|", "\\le", "\\leq", "<", "\\ge",
    "\\geq", ">",
)  # fmt: skip


class _Opaque(_Binding):
    """Readings of :mod:`.latex_opaque` (a mixin of :class:`dpproofs.steps.latex._Parser`)."""

    def _opaque_text(self, start: int, kind: str, facts: str = "") -> str:
        """``toks[start:pos]`` as one unknown number (with ``name >= 0`` when ``facts``)."""
        written = self.toks[start : self.pos]
        name = opaque_name(kind, written)
        self.opaque.append((name, render(written)))
        if facts:
            self.conditions.append(f"{name} >= 0")
        return name

    def _bound_operator(self, tok: str) -> str:
        """``\\sum`` / ``\\prod`` read exactly (:mod:`.sums`) or ``\\max_`` over a listed set
        (:mod:`.binders`) where they can be; otherwise (no bounds, a set not listed, no closed
        form) the whole operator is one unknown number. An ambiguity is never read past."""
        start = self.pos - 1
        if (
            tok in SUMS
            and self.toks[self.pos : self.pos + 2] == ["_", "{"]
            and "=" in (self.toks[self.pos + 3 : self.pos + 4])
        ):  # bounds: read exactly or refused (a sequence, no closed form: map it)
            return self._big_operator(tok)
        saved = (len(self.opaque), len(self.conditions), len(self.counts), self.bars,
                 len(self.terms))  # fmt: skip
        try:
            return self._big_operator(tok) if tok in SUMS else self._over_listed_set(tok)
        except NotUnderstood as exc:
            if str(exc).startswith("ambiguous"):
                raise
        del self.opaque[saved[0] :], self.conditions[saved[1] :], self.counts[saved[2] :]
        del self.terms[saved[4] :]
        self.bars = saved[3]
        return self._opaque_operator(start)

    def _opaque_operator(self, start: int) -> str:
        """``toks[start]`` is ``\\sum`` (...), the cursor after it: the operator with its limits and
        body as one unknown number (module docstring)."""
        tok = self.toks[start]
        self.pos = start + 1
        under: list[str] = []
        over: list[str] = []
        for _ in range(2):
            if self.peek() == "_":
                self.take()
                under = self._raw_argument()
            elif self.peek() == "^":
                self.take()
                over = self._raw_argument()
        infinite = next((t for t in (*under, *over) if t in _INFINITE), None)
        if infinite is not None:
            raise NotUnderstood(
                f"{tok} over an infinite set or to {infinite} may diverge or be infinite "
                f"(then {tok}... - {tok}... = 0 is meaningless), and the reader reads real "
                "numbers: not read; map it to its value",
                infinite,
            )
        if not under:
            raise NotUnderstood(
                f"{tok} with no variable under it: write {tok}_{{i=1}}^{{n}} or map it", tok
            )
        cut = next((k for k, t in enumerate(under) if t in _SET_RELATIONS), len(under))
        condition = under[cut : cut + 1] in (["<"], ["\\le"], ["\\leq"], [">"], ["\\ge"], ["\\geq"])
        condition = condition or any(t in _CONDITIONS for t in under)
        if condition or under[cut : cut + 2] in (["\\in", "("], ["\\in", "["], ["\\in", "]"]):
            raise NotUnderstood(
                f"{tok} over an interval or the values that satisfy a condition (a sum over an "
                "infinite or conditioned set is not read: an infinite "
                f"set: {tok}_{{\\alpha > 1}} \\alpha may be infinite) is not read; map it to "
                "its value",
                f"{tok}_",
            )
        bound = _names(under[:cut])
        letters_only = all(re.fullmatch(_BOUND_LETTER, t) for t in under)
        unwritten = bool(tok not in SUMS and cut == len(under) and letters_only and bound)
        saved = (len(self.opaque), len(self.conditions), len(self.counts), len(self.terms))
        body_start = self.pos
        self.term()  # the body's extent; its reading is not used
        del self.opaque[saved[0] :], self.conditions[saved[1] :], self.counts[saved[2] :]
        del self.terms[saved[3] :]
        if tok in SUMS and cut == len(under) and letters_only and bound:
            unwritten = not _indexes_only(self.toks[body_start : self.pos], under)
        rest = self.toks[self.pos :]
        ends = [k for k, t in enumerate(rest) if t in OPERATORS]
        after = bound & _names(rest[: ends[0] if ends else len(rest)])
        if after:
            raise NotUnderstood(
                f"ambiguous: {min(after)} appears after the body of {tok} (is it inside?); put "
                "the body in parentheses",
                tok,
            )
        if "\\emptyset" in under or unwritten:
            raise NotUnderstood(
                f"{tok} over the empty set or over every value of its letter (no set written) "
                "may be infinite: not read; write the set, or give it its value with --map",
                f"{tok}_",
            )
        return self._opaque_text(start, OPERATORS[tok])

    def _macro(self, tok: str) -> str:
        """A document macro or an upright word at the cursor (after ``tok``)."""
        start = self.pos - 1
        if tok == "\\norm":
            self._raw_argument()
            if self.peek() == "_":
                self.take()
                self._raw_argument()
            return self._opaque_text(start, "Nm", facts="norm")
        if tok == "\\texttt":
            self._raw_argument()
            if self.peek() == "(":
                self.pos = matching(self.toks, self.pos) + 1
            return self._opaque_text(start, "Tt")
        if tok in MACROS:
            if MACROS[tok]:
                if self.peek() != "(":
                    raise NotUnderstood(f"{tok} without its argument: map it", tok)
                self.pos = matching(self.toks, self.pos) + 1
            return self._opaque_text(start, "Tt")
        word = "".join(self._raw_argument())
        if (
            tok in ("\\text", "\\textrm")
            and self.peek() == "("
            and word.islower()
            and word not in (*UPRIGHT_FUNCTIONS, *NONNEGATIVE)
        ):
            raise NotUnderstood(
                f"{tok}{{{word}}} is prose, not a function: a step is a relation between "
                "numbers; write the mathematics outside \\text or after && as a justification",
                tok,
            )
        if word in UPRIGHT_FUNCTIONS and self.peek() == "(":
            end = matching(self.toks, self.pos)
            inner = self._sub(self.toks[self.pos + 1 : end])
            self.pos = end + 1
            return UPRIGHT_FUNCTIONS[word].format(inner)
        if not re.fullmatch(r"[A-Za-z]{2,}", word) or self.peek() != "(":
            raise NotUnderstood(
                f"{tok}{{{word}}} is read only as a function's name before '(': map it", tok
            )
        refuse_not_applied(word, f"{tok}{{{word}}}(...)")
        self.pos = matching(self.toks, self.pos) + 1
        if self.peek() in ("^", "'", "!"):
            raise NotUnderstood(
                f"ambiguous: {render(self.toks[start : self.pos])}{self.peek()} binds to the "
                "value or to the argument? write (...) around the application",
                tok,
            )
        return self._opaque_text(start, "Fn", facts="Var" if word in NONNEGATIVE else "")


def _indexes_only(body: list[str], under: list[str]) -> bool:
    """Whether a sum's or product's letter with no set written is used in its body, and only as
    an index: in a subscript (``x_i``) or inside the brackets of an application or an opaque
    quantity (``p(x)``, ``\\Pr[M(x) = y]``), the values of a family the text means finite. A
    body without the letter (``\\prod_n 2``: how many factors?) or with it bare (``\\sum_n n``,
    ``\\sum_t e^{t}``: every value of the letter, a series that may diverge) is not."""
    letters = {merged(t) for t in under if is_variable(t)}
    inside: set[int] = set()
    k = 0
    while k < len(body):
        tok = body[k]
        head = k > 0 and (is_variable(body[k - 1]) or body[k - 1].startswith("\\"))
        if tok == "_" and body[k + 1 : k + 2] == ["{"]:
            end = matching(body, k + 1)
            inside |= set(range(k + 1, end + 1))
        elif tok == "_":
            inside.add(k + 1)
        elif tok in ("(", "[") and head:
            end = matching(body, k)
            inside |= set(range(k, end + 1))
        k += 1
    uses = [k for k, tok in enumerate(body) if merged(tok) in letters]
    return bool(uses) and all(k in inside for k in uses)


def _names(toks: list[str]) -> set[str]:
    """The variables written in ``toks``, each with its primes (``h'`` is not ``h``); a Greek
    letter's variant is the letter (``\\varepsilon`` is ``\\epsilon``, one parameter)."""
    names = set()
    for k, tok in enumerate(toks):
        if is_variable(tok) or tok == "e":
            primes = 0
            while toks[k + 1 + primes : k + 2 + primes] == ["'"]:
                primes += 1
            name = tok.removeprefix("\\")  # \\varepsilon is \\epsilon
            names.add(_VARIANTS.get(name, name) + "'" * primes)
    return names
