"""The binding and decorating notations of the LaTeX reader (:mod:`dpproofs.steps.latex`):
evaluation bars ``F |_{x=a}^{b}`` (F(b) - F(a)), extrema over a listed set
(``\\max_{y \\in \\{0, 1\\}} f`` = Max(f[y:=0], f[y:=1])), exact definite integrals
(:mod:`dpproofs.steps.integrals`), opaque quantities (``\\Pr[...]``, ``\\mathbb{E}[...]``: one
unknown number per distinct text), primes and decorations (``x'`` = x_prime, ``\\hat{p}`` =
p_hat), and ``\\sum`` / ``\\prod`` (:mod:`dpproofs.steps.sums`). A mixin of the parser: each
method reads at the parser's cursor and returns claim syntax, or raises NotUnderstood."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from dpproofs.errors import DpProofsError
from dpproofs.steps.binders import (
    EXTREMA,
    OPAQUE,
    evaluation_bounds,
    listed_set,
    matching,
    mentions,
    opaque_name,
    refuse_not_applied,
    substituted,
)
from dpproofs.steps.integrals import NotIntegrable, definite
from dpproofs.steps.lexer import EVALUATE_CLOSE, EVALUATE_OPEN, NotUnderstood, render, tokens
from dpproofs.steps.notation import _FUNCTIONS, _GREEK, _RESERVED, _VARIANTS
from dpproofs.steps.sums import SUMS, NotSummable, closed_form

#: Decorations that make a new parameter name: ``\\hat{p}`` is ``p_hat``.
DECORATIONS = {
    "bar": "bar", "overline": "bar", "hat": "hat", "widehat": "hat", "tilde": "tilde",
    "widetilde": "tilde", "mathcal": "cal",
}  # fmt: skip


class _Binding:
    """The parser's state and the methods the notations below call
    (:class:`dpproofs.steps.latex._Parser`)."""

    toks: list[str]
    pos: int
    bars: int
    conditions: list[str]
    counts: list[str]
    #: The numbers of terms (claim syntax) of the sums and products of symbolic bounds read, and
    #: those to read as empty (m <= -1: 0 or 1; :mod:`dpproofs.steps.cases`).
    terms: list[str]
    empty: frozenset[str]
    opaque: list[tuple[str, str]]

    if TYPE_CHECKING:

        def peek(self) -> str | None: ...
        def take(self, expected: str | None = None) -> str: ...
        def expr(self) -> str: ...
        def term(self) -> str: ...
        def argument(self) -> str: ...
        def __init__(self, toks: list[str]) -> None: ...
        def whole(self) -> str: ...
        def _symbol(self, name: str, greek: bool = False, decorated: str = "") -> str: ...

    def _raw_argument(self) -> list[str]:
        """The tokens of the braced group at the cursor (braces dropped) or its one token."""
        if self.peek() != "{":
            return [self.take()]
        end = matching(self.toks, self.pos)
        inner = self.toks[self.pos + 1 : end]
        self.pos = end + 1
        return inner

    def _sub(self, toks: list[str]) -> str:
        """``toks`` read as an expression of its own, its conditions kept."""
        parser = type(self)(toks)
        parser.empty = self.empty
        text = parser.whole()
        self.conditions += parser.conditions
        self.counts += parser.counts
        self.terms += parser.terms
        self.opaque += parser.opaque
        return text

    def _evaluated(self) -> str:
        """``\\left. F \\right|_{x=a}^{b}``: F[x := b] - F[x := a] (:mod:`.binders`)."""
        depth, end = 1, self.pos
        while depth:
            depth += {EVALUATE_OPEN: 1, EVALUATE_CLOSE: -1}.get(self.toks[end], 0)
            end += 1
        inner = self.toks[self.pos : end - 1]
        self.pos = end
        if self.peek() != "_":
            raise NotUnderstood("an evaluation bar without bounds: write \\right|_{x=a}^{b}",
                                EVALUATE_CLOSE)  # fmt: skip
        self.take("_")
        lower = self._raw_argument()
        self.take("^")
        variable, low, high = evaluation_bounds(lower, self._raw_argument())
        top = self._sub(substituted(inner, variable, high))
        bottom = self._sub(substituted(inner, variable, low))
        return f"(({top}) - ({bottom}))"

    def _over_listed_set(self, tok: str) -> str:
        """``\\max_{x \\in \\{a, b\\}} body``: Max(body[x := a], body[x := b]); the body is the
        product that follows, as for sums (:mod:`.binders`)."""
        self.take("_")
        variable, elements = listed_set(tok, self._raw_argument())
        probe = type(self)(self.toks)
        probe.pos, probe.bars, probe.empty = self.pos, self.bars, self.empty
        probe.term()
        body, self.pos = self.toks[self.pos : probe.pos], probe.pos
        if mentions(self.toks[self.pos :], variable):
            raise NotUnderstood(
                f"ambiguous: {variable} appears after the body of {tok} (is it inside?); write "
                "the body in parentheses",
                tok,
            )
        values = [self._sub(substituted(body, variable, element)) for element in elements]
        return _extremum(tok[1:], values)

    def _integral(self) -> str:
        """``\\int_a^b f(x) \\, dx``: the body runs to its differential ``dx`` or
        ``\\mathrm{d}x``; read exactly by :mod:`.integrals`, or refused."""
        if self.peek() != "_":
            raise NotUnderstood("an integral without bounds is not read: write \\int_{a}^{b}",
                                "\\int")  # fmt: skip
        self.take("_")
        lower = self._raw_argument()
        self.take("^")
        upper = self._raw_argument()
        if "\\infty" in lower + upper:
            raise NotUnderstood("an improper integral (a bound at \\infty) is a limit: not read; "
                                "map it to its value", "\\int")  # fmt: skip
        found = _differential(self.toks, self.pos)
        if found is None:
            raise NotUnderstood("an integral without its differential (dx) at its end: write "
                                "\\int_{a}^{b} f(x) \\, dx", "\\int")  # fmt: skip
        start, length = found
        variable = self.toks[start + length - 1]
        elsewhere = [t for k, t in enumerate(self.toks)
                     if t == "d" and not start <= k < start + length]  # fmt: skip
        if elsewhere:
            raise NotUnderstood(
                "ambiguous: d stands outside this integral's differential (a parameter d, or "
                "another integral: nested integrals are not read): rename the parameter or map "
                "the integral",
                "d",
            )
        body = self.toks[self.pos : start]
        self.pos = start + length
        name = _name(_VARIANTS.get(variable.lstrip("\\"), variable.lstrip("\\")))
        since = len(self.opaque)
        integrand = self._sub(body)
        self._no_opaque_binds(variable, since, "\\int")
        try:
            return definite(name, self._sub(lower), self._sub(upper), integrand)
        except (NotIntegrable, DpProofsError) as exc:
            raise NotUnderstood(str(exc), "\\int") from exc

    def _opaque(self, letters: str = "") -> str:
        """``\\Pr[...]``, ``\\mathbb{E}_{x}[...]``, ``Pr[...]`` (``letters``, read up to the
        bracket): one unknown number per text (:mod:`.binders`)."""
        start = self.pos - max(1, len(letters))
        if self.toks[start] == "\\mathbb":
            self.pos += 3
        command = letters or render(self.toks[start : self.pos])
        if self.peek() == "_":
            self.take("_")
            self._raw_argument()
        if self.peek() not in ("[", "("):
            raise NotUnderstood(
                f"{command} without its argument in brackets: write {command}[...] or map it",
                command,
            )
        self.pos = matching(self.toks, self.pos) + 1
        written = self.toks[start : self.pos]
        kind = OPAQUE[command]
        name = opaque_name(kind, written)
        self.opaque.append((name, render(written)))
        if kind == "Pr":
            self.conditions.append(f"{name} >= 0")  # a mass or a density (not <= 1)
        return name

    def _application(self, start: int, kind: str) -> str:
        """``f(x)``, ``score(x, 0, \\alpha)``, ``\\Phi(x)``: ``toks[start:pos]`` is the function's
        name as written, the cursor at its ``(``. The application is one opaque number per text
        (:mod:`.binders`, kind "Fn" for an argument list, "Ap" for one argument, which could
        also be a product). Sound for every reading of the name: a step proved for every value
        of the opaque number holds for each value it takes, f's value at x or the product f*x
        (a substitution instance of a universally quantified claim)."""
        end = matching(self.toks, self.pos)
        written = self.toks[start : end + 1]
        head = "".join(t.lstrip("\\") for t in self.toks[start : self.pos] if t != "_")
        if not any(t == "_" for t in self.toks[start : self.pos]):
            refuse_not_applied(head, render(written))
        before = self.toks[start - 1] if start > 0 else ""
        after = self.toks[end + 1] if end + 1 < len(self.toks) else ""
        if after == "(":  # g(x)(y): g(x) applied to y (a family of functions), or g(x)*y?
            shown = render(self.toks[start : matching(self.toks, end + 1) + 1])
            raise NotUnderstood(
                f"ambiguous: {shown} is a curried application (g(x) applied to y) or a product; "
                f"write \\cdot before the second parenthesis for a product, or give it a meaning "
                f"with --map '{shown}' => ...",
                f"{render(written)}(",
            )
        if kind == "Ap" and (before == "/" or before in _FUNCTIONS or after in ("^", "'", "!")):
            # the product reading binds otherwise: f(x)^2 is f*x^2, a/f(x) is (a/f)*x, \log f(x)
            # is (\log f)*x: no longer an instance of the function's value
            shown = render(written)
            head, _, group = shown.partition("(")
            beside = after if after in ("^", "'", "!") else before
            raise NotUnderstood(
                f"ambiguous: {shown} is a function applied to an argument or a product, and "
                f"the two bind differently beside {beside}"
                f"; write {head} \\cdot ({group} for a product, or give it a meaning with --map "
                f"'{shown}' => ...",
                f"{head}(",
            )
        self.pos = end + 1
        name = opaque_name(kind, written)
        self.opaque.append((name, render(written)))
        return name

    def _no_opaque_binds(self, variable: str, since: int, operator: str) -> None:
        """A sum's, product's or integral's variable inside an opaque quantity of its body
        (``\\sum_{i=1}^{n} f(i)``): the quantity is one number free of the variable, so the
        body would read as a constant (n f(i)): refused."""
        for _, latex in self.opaque[since:]:
            if mentions(tokens(latex), variable):
                raise NotUnderstood(
                    f"{latex} depends on the variable {variable} of {operator}, and the reader "
                    f"reads it as one unknown number: map it (--map '{latex}' => ...)",
                    operator,
                )

    def _primes(self) -> str:
        """``_prime`` for each ``'`` at the cursor."""
        count = 0
        while self.peek() == "'":
            self.take()
            count += 1
        return "_prime" * count

    def _decorated(self, command: str) -> str:
        """``\\hat{p}``, ``\\tilde\\sigma``, ``\\mathcal{M}``, ``\\bar{y}``: the
        parameter ``p_hat`` (a name of its own, never the undecorated letter)."""
        start = self.pos - 1
        inner = self.argument_text()
        if not (re.fullmatch(r"[A-Za-z]", inner) or inner in (*_GREEK, *_VARIANTS)):
            raise NotUnderstood(f"\\{command} of one letter is read; brace or map the rest",
                                f"\\{command}{{{inner}}}")  # fmt: skip
        suffix = DECORATIONS[command]
        return self._symbol(f"{_VARIANTS.get(inner, inner)}_{suffix}", greek=False,
                            decorated=render(self.toks[start : self.pos]))  # fmt: skip

    def _big_operator(self, tok: str) -> str:
        """``\\sum_{i=a}^{b} body`` or ``\\prod``: the body is the product that follows (up to a
        + or -), read by :mod:`dpproofs.steps.sums`."""
        if self.peek() != "_":
            raise NotUnderstood(f"{tok} without bounds: write {tok}_{{i=1}}^{{n}}", tok)
        self.take("_")
        if self.peek() != "{":
            raise NotUnderstood(f"{tok} without bounds: write {tok}_{{i=1}}^{{n}}", tok)
        self.take("{")
        index = self.take()
        if not re.fullmatch(r"[a-df-zA-Z]", index) or self.peek() != "=":
            raise NotUnderstood(f"{tok}'s lower bound must read {tok}_{{i=1}} (one letter)", index)
        self.take("=")
        lower = self.expr()
        self.take("}")
        if self.peek() != "^":
            raise NotUnderstood(f"{tok} without an upper bound: write {tok}_{{i=1}}^{{n}}", tok)
        self.take("^")
        upper = self.argument()
        since = len(self.opaque)
        counted = (len(self.conditions), len(self.counts))
        body = self.term()
        self._no_opaque_binds(index, since, tok)
        inner = self.counts[counted[1] :]
        if _name(index) in inner:  # its condition m(index) >= 0 is no condition on a parameter
            raise NotUnderstood(
                f"a sum or product inside {tok} whose number of terms depends on the index "
                f"{index} (it may be empty, or negative, for some {index}) is not read; map it",
                tok,
            )
        rest = self.toks[self.pos :]
        ends = [k for k, t in enumerate(rest) if t in SUMS]
        if mentions(rest[: ends[0] if ends else len(rest)], index):
            raise NotUnderstood(
                f"ambiguous: the index {index} appears after the body of {tok} (is it inside?); "
                f"put the body in parentheses",
                tok,
            )
        try:
            closed = closed_form(SUMS[tok], _name(index), lower, upper, body)
        except (NotSummable, DpProofsError) as exc:
            raise NotUnderstood(str(exc), tok) from exc
        self.counts += closed.counts
        if closed.terms:  # symbolic bounds: non-empty (m >= 0) or, in this reading, empty
            self.terms.append(closed.terms)
            if closed.terms in self.empty:
                return closed.empty
        return closed.text

    def _imaginary_unit(self, start: int, where: str) -> None:
        """A bare ``i`` in an exponent of e (``e^{i\\pi}``, ``\\exp(itx)``): the imaginary unit to
        a reader of the paper (Euler's identity, a characteristic function), a real index to the
        reader here; refusing it keeps a true step from being refuted at i = 0. A subscript
        ``x_i`` / ``x_{i}`` is part of a name, not a factor."""
        for k in range(start, self.pos):
            in_subscript = self.toks[k - 1] == "_" or self.toks[k - 2 : k] == ["_", "{"]
            if self.toks[k] == "i" and not in_subscript:
                raise NotUnderstood(
                    f"ambiguous: i in {where} is the imaginary unit or a real index? only real "
                    "parameters are read: name an index otherwise (--map 'i' => 'k')",
                    "i",
                )

    def _letters_before(self, start: int) -> str:
        """The single letters juxtaposed before the token at ``start`` (``KL`` of ``KL(p, q)``):
        TeX reads ``K L`` and ``KL`` alike, and a map key must hold them (a key ``L(p,q)`` is not
        matched after a letter)."""
        first = start
        while first > 0 and re.fullmatch(r"[A-Za-z]", self.toks[first - 1]):
            first -= 1
        return "".join(self.toks[first:start])

    def _group_text(self) -> str:
        """The parenthesised group at the cursor as LaTeX (for a message)."""
        depth = 0
        for end, tok in enumerate(self.toks[self.pos :], start=self.pos):
            depth += tok in ("(", "[", "{", "\\{")
            depth -= tok in (")", "]", "}", "\\}")
            if depth == 0:
                return render(self.toks[self.pos : end + 1])
        return render(self.toks[self.pos :])

    def _sum_inside(self) -> bool:
        """Whether the parenthesised group at the cursor has a top-level + or - after its first
        token (``(1 - \\delta)``, ``(|v - z| - |u - z|)``; not ``(0)``, ``(-1)``, ``(x)``)."""
        depth, bars = 0, 0
        end = matching(self.toks, self.pos)
        for index in range(self.pos + 1, end):
            tok = self.toks[index]
            depth += tok in ("(", "[", "{", "\\{")
            depth -= tok in (")", "]", "}", "\\}")
            if tok == "|":
                bars ^= 1
            if depth == 0 and not bars and index > self.pos + 1 and tok in ("+", "-"):
                return True
        return False

    def _comma_inside(self) -> bool:
        """Whether the parenthesised group at the cursor has a top-level comma (f(x, y))."""
        depth = 0
        for tok in self.toks[self.pos :]:
            if tok in ("(", "[", "{", "\\{"):
                depth += 1
            elif tok in (")", "]", "}", "\\}"):
                depth -= 1
                if depth == 0:
                    return False
            elif tok == "," and depth == 1:
                return True
        return False

    def argument_text(self) -> str:
        """A subscript as part of a name: letters and digits only."""
        if self.peek() == "{":
            self.take()
            parts = []
            while self.peek() not in ("}", None):
                parts.append(self.take().lstrip("\\"))
            self.take("}")
            text = "".join(parts)
        else:
            text = self.take().lstrip("\\")
            if text in ("mathcal", "mathrm", "mathsf", "mathbb", "mathfrak") and self.peek() == "{":
                text += self.argument_text()  # \\delta_\\mathcal{M}: TeX subscripts all of it
            if re.fullmatch(r"\d\d+", text):
                raise NotUnderstood(
                    f"ambiguous: TeX reads _{text} as the subscript {text[0]} followed by "
                    f"{text[1:]}; write _{{{text}}} for one subscript",
                    f"_{text}",
                )
        if not re.fullmatch(r"[A-Za-z0-9]+", text):
            raise NotUnderstood("a subscript must be letters and digits", text)
        return text


def _differential(toks: list[str], start: int) -> tuple[int, int] | None:
    """Where the first differential ``d x`` / ``\\mathrm{d} x`` outside brackets after ``start``
    is, and its length in tokens."""
    depth = 0
    for k in range(start, len(toks)):
        depth += toks[k] in ("{", "(", "[", "\\{")
        depth -= toks[k] in ("}", ")", "]", "\\}")
        if depth < 0:
            return None
        if depth:
            continue
        for head in (["d"], ["\\mathrm", "{", "d", "}"]):
            after = toks[k + len(head) : k + len(head) + 1]
            if toks[k : k + len(head)] == head and after and _bindable(after[0]):
                return k, len(head) + 1
    return None


def _bindable(tok: str) -> bool:
    """A variable of integration: a Latin letter other than d and e, or a Greek letter."""
    if re.fullmatch(r"[a-cf-zA-Z]", tok):
        return True
    return tok.startswith("\\") and tok[1:] in (*_GREEK, *_VARIANTS)


def _extremum(name: str, values: list[str]) -> str:
    """Max / Min of the values (of one value: the value)."""
    return f"({values[0]})" if len(values) == 1 else f"{EXTREMA[name]}({', '.join(values)})"


def _name(name: str) -> str:
    return _RESERVED.get(name, name)
