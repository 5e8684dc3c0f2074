"""LaTeX derivations in, expressions in dpproofs' claim syntax out.

The rows of a pasted derivation come from :mod:`dpproofs.steps.rows`, split at their relations by
:func:`dpproofs.steps.lexer.split_chain`; here each expression is translated.

Each expression is translated by a small recursive-descent parser over a WHITELIST of LaTeX into
the string syntax of :func:`dpproofs.symbolic.written.read_formula` (read there with evaluation
off). The translation is shown next to the LaTeX, so a reader sees what was checked:

* ``\\log`` and ``\\ln`` are the natural logarithm; ``e`` and ``e^{x}`` are Euler's number / exp(x);
* ``\\frac{a}{b}``, ``\\cdot``, ``\\times``, ``/``, implicit products, ``^``, ``\\sqrt``, ``\\exp``,
  ``\\left| x \\right|`` and ``|x|`` (Abs), ``\\max`` / ``\\min``, ``\\tanh``;
* Greek letters are parameters (``\\epsilon`` and ``\\varepsilon`` are the same one), ``\\bar{x}``
  is the parameter ``x_bar``, ``x_i`` / ``x_{12}`` are parameters named with their subscript;
* opaque notation (``\\Pr[...]``, ``f(x)``) needs the author's mapping (whole tokens:
  :func:`dpproofs.steps.rows.substitute`); ``\\sum``, ``\\prod`` are :mod:`dpproofs.steps.sums`.

The vocabulary (relations, Greek letters, functions, spacing) is :mod:`dpproofs.steps.notation`.
Anything else (a Latin letter applied to parentheses, ``\\int``, an unknown command,
``\\approx``) raises :class:`NotUnderstood` naming the token: it is never silently misread.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dpproofs.errors import DpProofsError
from dpproofs.steps.lexer import _BARS, NotUnderstood, one_name_inside, render, tokens
from dpproofs.steps.notation import (
    _FUNCTION_GREEK,
    _FUNCTIONS,
    _GREEK,
    _RESERVED,
    _VARIANTS,
    RELATIONS,
)
from dpproofs.steps.sums import SUMS, NotSummable, closed_form


@dataclass(frozen=True, slots=True)
class Reading:
    """An expression in claim syntax, with what its sums and products need to mean it.

    ``conditions`` (claim syntax) say that each sum or product has a number of terms >= 0;
    ``counts`` are the parameters in their bounds, which count terms: integers. A statement
    proved for all real values of ``counts`` under ``conditions`` holds for the integer ones; a
    refutation counts only at integer values (see :mod:`dpproofs.steps.check`).
    """

    text: str
    conditions: tuple[str, ...] = ()
    counts: tuple[str, ...] = ()


def read_expression(latex: str) -> Reading:
    """One LaTeX expression (no relation) in the syntax of ``read_formula``, with the conditions
    of its sums and products."""
    parser = _Parser([_BARS.get(tok, tok) for tok in tokens(latex)])
    try:
        text = parser.whole()
    except RecursionError as exc:  # the parser recurses once per nested group
        raise NotUnderstood("nested too deeply to read", f"{latex[:40]}...") from exc
    return Reading(text, tuple(parser.conditions), tuple(sorted(set(parser.counts))))


def to_claim_syntax(latex: str) -> str:
    """One LaTeX expression (no relation) in the syntax of ``read_formula``."""
    return read_expression(latex).text


class _Parser:
    """Recursive descent: expr = term (+|- term)*; term = factor (op factor)*; factor = atom ^."""

    def __init__(self, toks: list[str]) -> None:
        self.toks = toks
        self.pos = 0
        self.bars = 0
        self.conditions: list[str] = []
        self.counts: list[str] = []

    def peek(self) -> str | None:
        return self.toks[self.pos] if self.pos < len(self.toks) else None

    def take(self, expected: str | None = None) -> str:
        tok = self.peek()
        if tok is None:
            raise NotUnderstood("the expression ends too early", expected or "<end>")
        if expected is not None and tok != expected:
            raise NotUnderstood(f"expected {expected!r}", tok)
        self.pos += 1
        return tok

    def whole(self) -> str:
        if not self.toks:
            raise NotUnderstood("empty expression", "")
        out = self.expr()
        if self.peek() is not None:
            raise NotUnderstood("not understood", str(self.peek()))
        return out

    def expr(self) -> str:
        out = ""
        if self.peek() in ("+", "-"):
            out = "-" if self.take() == "-" else ""
        out += self.term()
        while self.peek() in ("+", "-"):
            op = self.take()
            out = f"{out} {op} {self.term()}"
        return out

    def term(self) -> str:
        parts = [self.factor()]
        while True:
            tok = self.peek()
            if tok in ("\\cdot", "\\times", "*"):
                self.take()
                parts.append("*" + self.factor())
            elif tok == "/":
                self.take()
                parts.append("/" + self.factor())
                after = self.peek()
                if after is not None and self._starts_atom(after):
                    raise NotUnderstood(
                        "ambiguous: 'a/b c' reads as (a/b) c or as a/(b c); write \\frac{a}{b c} "
                        "or put the product in braces",
                        "/",
                    )
            elif tok is not None and self._starts_atom(tok):
                parts.append("*" + self.factor())
            else:
                return "".join(parts)

    def _starts_atom(self, tok: str) -> bool:
        if tok == "|":
            return self.bars == 0  # inside |...| a bar closes
        return (
            tok
            not in ("+", "-", "/", "^", "_", ")", "]", "}", ",", "\\}", "\\cdot", "\\times", "*")
            and tok not in RELATIONS
        )

    def factor(self) -> str:
        base, is_e = self.atom()
        if self.peek() == "^":
            self.take()
            start = self.pos
            exponent = self.argument()
            if is_e:
                self._imaginary_unit(start, "e^{...}")
            if self.peek() == "^":
                raise NotUnderstood("a double superscript (TeX refuses it): brace the power", "^")
            return f"exp({exponent})" if is_e else f"({base})**({exponent})"
        return "E" if is_e else base

    def argument(self) -> str:
        """A braced group or a single token (``x^2``, ``e^{-t}``)."""
        if self.peek() == "{":
            return self.group()
        tok = self.take()
        if re.fullmatch(r"\d", tok) or re.fullmatch(r"[A-Za-z]", tok):
            return "E" if tok == "e" else _name(tok)
        if tok.startswith("\\") and tok[1:] in (*_GREEK, *_VARIANTS):
            return _name(_VARIANTS.get(tok[1:], tok[1:]))
        raise NotUnderstood("an exponent must be braced", tok)

    def fraction_part(self) -> str:
        """A numerator or denominator: a braced group, one digit, letter or Greek letter
        (``\\frac1{n}``, ``\\tfrac\\delta{2}``); ``\\frac12`` is refused (digits are one token)."""
        if self.peek() == "{":
            return self.group()
        tok = self.peek() or "<end>"
        if re.fullmatch(r"\d|[A-Za-z]", tok):
            self.take()
            return f"({'E' if tok == 'e' else _name(tok)})"
        if tok.startswith("\\") and tok[1:] in (*_GREEK, *_VARIANTS):
            self.take()
            return f"({_name(_VARIANTS.get(tok[1:], tok[1:]))})"
        raise NotUnderstood("a fraction's numerator and denominator must be braced", tok)

    def group(self, close: str = "}") -> str:
        opener = self.take()
        saved, self.bars = self.bars, 0
        inner = self.expr()
        self.bars = saved
        self.take(close)
        return f"({inner})" if opener else inner

    def atom(self) -> tuple[str, bool]:
        tok = self.take()
        if tok == "{":
            self.pos -= 1
            return self.group("}"), False
        if tok in ("(", "["):
            self.pos -= 1
            return self.group(")" if tok == "(" else "]"), False
        if tok == "|":
            self.bars += 1
            inner = self.expr()
            self.take("|")
            self.bars -= 1
            after = self.peek()
            if after is not None and self._starts_atom(after) and "|" in self.toks[self.pos :]:
                raise NotUnderstood(
                    "ambiguous: '|a| b |c|' reads as |a| b |c| or as |a |b| c| (a bar opens or "
                    "closes); write \\cdot between the factors or brace them: {|a|} b {|c|}",
                    "|",
                )
            return f"Abs({inner})", False
        if re.fullmatch(r"\d+(\.\d+)?", tok):
            return tok, False
        if tok == "e":
            if self.peek() == "_":
                raise NotUnderstood("'e' with a subscript is ambiguous; map it", "e_")
            return "E", True
        if re.fullmatch(r"[A-Za-z]", tok):
            return self._symbol(tok), False
        return self._command(tok), False

    def _symbol(self, name: str, greek: bool = False) -> str:
        base, start = name, self.pos - 1  # the name and its token
        if self.peek() == "_":
            self.take()
            sub = self.argument_text()
            name = f"{name}_{sub}"
        shown = render(self.toks[start : self.pos]) if greek else name
        if self.peek() == "[":
            written = f"{'' if greek else self._letters_before(start)}{shown}"
            raise NotUnderstood(
                "a symbol before '[' (an expectation, a probability, a function?); map it: "
                f"--map '{written}{self._group_text()}' => ...",
                f"{written}[",
            )
        if self.peek() == "(":
            named = one_name_inside(self.toks, self.pos)  # f(x): an application or a product?
            if not greek and (len(name) == 1 or self._comma_inside() or named):
                group = self._group_text()
                product = "" if "," in group else f"write {name} \\cdot {group} for a product, or "
                raise NotUnderstood(
                    f"ambiguous: {name}{group} is a function applied to an argument or a "
                    f"product; {product}give it a meaning with --map "
                    f"'{self._letters_before(start)}{name}{group}' => ...",
                    f"{name}(",
                )
            if greek and (base in _FUNCTION_GREEK or self._comma_inside() or named):
                # the key is the application as written: a key with another argument (the
                # '\\Phi(x)' this message once suggested) matches only that text
                group = self._group_text()
                raise NotUnderstood(
                    f"ambiguous: {shown}{group} is a function applied to an argument or a "
                    f"product; map it (--map '{shown}{group}' => ...) or write "
                    f"{shown} \\cdot {group}",
                    f"{shown}(",
                )
        return _name(name)

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
        body = self.term()
        rest = self.toks[self.pos :]
        ends = [k for k, t in enumerate(rest) if t in SUMS]
        if index in rest[: ends[0] if ends else len(rest)]:
            raise NotUnderstood(
                f"ambiguous: the index {index} appears after the body of {tok} (is it inside?); "
                f"put the body in parentheses",
                tok,
            )
        try:
            closed = closed_form(SUMS[tok], _name(index), lower, upper, body)
        except (NotSummable, DpProofsError) as exc:
            raise NotUnderstood(str(exc), tok) from exc
        self.conditions.append(closed.condition)
        self.counts += closed.counts
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
            if re.fullmatch(r"\d\d+", text):
                raise NotUnderstood(
                    f"ambiguous: TeX reads _{text} as the subscript {text[0]} followed by "
                    f"{text[1:]}; write _{{{text}}} for one subscript",
                    f"_{text}",
                )
        if not re.fullmatch(r"[A-Za-z0-9]+", text):
            raise NotUnderstood("a subscript must be letters and digits", text)
        return text

    def _command(self, tok: str) -> str:
        name = tok[1:]
        if name in _GREEK or name in _VARIANTS:
            after = self.toks[self.pos : self.pos + 2]
            if (
                name == "Delta"
                and len(after) == 2
                and re.fullmatch(r"[A-Za-z]", after[0])
                and after[1] == "^"
            ):
                raise NotUnderstood(
                    f"ambiguous: \\Delta {after[0]}^... reads as \\Delta ({after[0]}^...) "
                    f"or (\\Delta {after[0]})^... (in DP texts \\Delta {after[0]} is one "
                    f"quantity); write (\\Delta {after[0]})^{{...}} or \\Delta_{after[0]}",
                    f"\\Delta {after[0]}^",
                )
            return self._symbol(_VARIANTS.get(name, name), greek=True)
        if name == "pi":
            return "pi"
        if tok in SUMS:
            return self._big_operator(tok)
        if name in ("frac", "dfrac", "tfrac"):
            top, bottom = self.fraction_part(), self.fraction_part()
            return f"({top}/{bottom})"
        if name == "sqrt":
            if self.peek() == "[":
                raise NotUnderstood("only square roots are understood", "\\sqrt[")
            return f"sqrt{self.group()}"
        if name == "bar" or name == "overline":
            inner = self.argument_text()
            return _name(_VARIANTS.get(inner, inner) + "_bar")
        if tok in _FUNCTIONS:
            if self.peek() == "^":
                raise NotUnderstood("a power of a function name is ambiguous", f"{tok}^")
            if self.peek() in ("(", "{", "["):
                start = self.pos
                applied = _FUNCTIONS[tok] + self.atom()[0]
                if tok == "\\exp":
                    self._imaginary_unit(start, "\\exp(...)")
                if self.peek() == "^":  # \log(x)^2: (\log x)^2, or \log(x^2) by the log rule?
                    raise NotUnderstood(
                        f"ambiguous: {tok}(...)^... reads as ({tok} ...)^... or as "
                        f"{tok}((...)^...); write ({tok} x)^{{2}} or {tok}(x^{{2}})",
                        f"{tok}(...)^",
                    )
                return applied
            argument = self.factor()
            following = self.peek()
            if following is not None and self._starts_atom(following):
                raise NotUnderstood(
                    f"ambiguous: {tok} followed by a product ('{tok} 2x' reads as {tok}(2x) or "
                    f"({tok} 2) x); write {tok}(...) or put the argument in braces",
                    tok,
                )
            if following in ("/", "\\cdot", "\\times"):
                raise NotUnderstood(
                    f"ambiguous: '{tok} a {following} b' reads as {tok}(a {following} b) or "
                    f"({tok} a) {following} b (papers write \\ln 1/\\delta for \\ln(1/\\delta)); "
                    f"write {tok}(...) with parentheses",
                    tok,
                )
            return f"{_FUNCTIONS[tok]}({argument})"
        if name in ("max", "min"):
            # \max\{a, b\} or \max(a, b) (\max\left(...\right): sizing is dropped)
            if self.peek() == "_":
                raise NotUnderstood(
                    f"{tok} over a set ({tok}_{{...}}) is not read: map the whole maximum to a "
                    "parameter (--map)",
                    f"{tok}_",
                )
            close = "\\}" if self.peek() == "\\{" else ")"
            self.take("\\{" if close == "\\}" else "(")
            args = [self.expr()]
            while self.peek() == ",":
                self.take()
                args.append(self.expr())
            self.take(close)
            return f"{name.capitalize()}({', '.join(args)})"
        if name in ("cases", "array"):
            raise NotUnderstood(
                f"a piecewise definition or array (\\begin{{{name}}}) is not read: check each "
                "case as its own step, with its condition beside it "
                "(&& \\text{for $x \\ge 0$})",
                f"\\begin{{{name}}}",
            )
        raise NotUnderstood("not understood", tok)


def _name(name: str) -> str:
    return _RESERVED.get(name, name)
