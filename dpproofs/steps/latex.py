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
Anything else (a Latin letter applied to parentheses, an improper ``\\int``, an unknown command,
``\\approx``) raises :class:`NotUnderstood` naming the token: it is never silently misread.
"""

from __future__ import annotations

import re

from dpproofs.steps.binders import (
    DECORATION_WORDS,
    EXTREMA,
    LATIN_OPAQUE,
    NOT_APPLIED,
    OPAQUE,
    refuse_not_applied,
)
from dpproofs.steps.latex_binding import DECORATIONS, _differential, _extremum, _name
from dpproofs.steps.latex_letters import _Letters, unbrace_applications
from dpproofs.steps.latex_opaque import MACROS, UPRIGHT, _Opaque
from dpproofs.steps.lexer import (
    _BARS,
    EVALUATE_OPEN,
    NotUnderstood,
    check_decimals,
    render,
    tokens,
)
from dpproofs.steps.notation import (
    _FUNCTIONS,
    _GREEK,
    _VARIANTS,
    RELATIONS,
)
from dpproofs.steps.reading import CASES, Reading, subsets
from dpproofs.steps.sums import SUMS


def read_expression(latex: str) -> Reading:
    """One LaTeX expression (no relation) in the syntax of ``read_formula``, with the conditions
    of its sums and products."""
    check_decimals(latex)
    parser = _parsed(latex, frozenset())
    terms = tuple(sorted(set(parser.terms)))
    cases: tuple[tuple[tuple[str, ...], str], ...] = ()
    if len(terms) <= CASES:
        cases = tuple((empty, _parsed(latex, frozenset(empty)).text) for empty in subsets(terms))
    return Reading(
        parser.text,
        tuple(dict.fromkeys(parser.conditions)),
        tuple(sorted(set(parser.counts))),
        tuple(sorted(set(parser.opaque))),
        terms,
        cases,
    )


def _parsed(latex: str, empty: frozenset[str]) -> _Parser:
    """The parser after reading ``latex`` whole (its ``text``), the sums of ``empty`` empty."""
    parser = _Parser(*unbrace_applications([_BARS.get(tok, tok) for tok in tokens(latex)]))
    parser.empty = empty
    try:
        parser.text = parser.whole()
    except RecursionError as exc:  # the parser recurses once per nested group
        raise NotUnderstood("nested too deeply to read", f"{latex[:40]}...") from exc
    return parser


def to_claim_syntax(latex: str) -> str:
    """One LaTeX expression (no relation) in the syntax of ``read_formula``."""
    return read_expression(latex).text


class _Parser(_Opaque, _Letters):
    """Recursive descent: expr = term (+|- term)*; term = factor (op factor)*; factor = atom ^."""

    def __init__(self, toks: list[str], braced: frozenset[int] = frozenset()) -> None:
        self.toks = toks
        self.braced = braced
        self.pos = 0
        self.bars = 0
        self.conditions: list[str] = []
        self.counts: list[str] = []
        self.terms: list[str] = []
        self.empty: frozenset[str] = frozenset()
        self.text = ""
        self.opaque: list[tuple[str, str]] = []

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
                if parts[-1].startswith("/"):
                    raise NotUnderstood(
                        "ambiguous: 'a/b/c' reads as (a/b)/c or as a/(b/c); write "
                        "\\frac{a}{b c} or \\frac{a c}{b}, or brace one quotient",
                        "/",
                    )
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
            self._no_sequence_superscript()
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
            self._brace_is_no_parenthesis()
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
        if tok == EVALUATE_OPEN:
            return self._evaluated(), False
        if re.fullmatch(r"\d+(\.\d+)?", tok):
            return tok, False
        if re.fullmatch(r"\.\d+", tok):  # .5 as papers print it: the exact rational 0.5 = 1/2
            return "0" + tok, False
        if re.fullmatch(r"[A-Za-z]", tok) and not self._before_bracket():
            applied = self._letters_applied()
            if applied is not None:
                return applied, False
        if re.fullmatch(r"[A-Za-z]", tok):
            self._no_function_letters()
        if tok == "e":
            if self.peek() == "_":
                raise NotUnderstood("'e' with a subscript is ambiguous; map it", "e_")
            return "E", True
        if re.fullmatch(r"[A-Za-z]", tok):
            for letters in LATIN_OPAQUE:  # Pr[...], P[...], E[...] written without a backslash
                if self.toks[self.pos - 1 : self.pos - 1 + len(letters) + 1] == [*letters, "["]:
                    self.pos += len(letters) - 1
                    return self._opaque(letters), False
            return self._symbol(tok), False
        return self._command(tok), False

    def _symbol(self, name: str, greek: bool = False, decorated: str = "") -> str:
        """A parameter: a letter, a Greek letter or a decorated one (``decorated`` is how it is
        written, ``\\hat{p}``), with its primes (``x'``, ``x''``: ``x_prime``), subscript
        (``x_i``, ``x'_i``: ``x_prime_i``) and star (``x^*``: ``x_star``)."""
        base = name
        start = self.pos - 1  # the name's token
        name += self._primes()
        if self.peek() == "_":
            self.take()
            at = self.pos
            sub = self.argument_text()
            self._no_spelt_greek(at, sub)
            if sub in DECORATION_WORDS:
                raise NotUnderstood(
                    f"the subscript _{{{sub}}} spells a decoration: write \\{sub}{{{base}}} or "
                    "another subscript",
                    f"_{sub}",
                )
            name = f"{name}_{sub}"
        name += self._primes()
        if self.toks[self.pos : self.pos + 2] == ["^", "*"]:
            self.pos += 2
            name += "_star"
        elif self.toks[self.pos : self.pos + 4] == ["^", "{", "*", "}"]:
            self.pos += 4
            name += "_star"
        if name.endswith("_star") and self.peek() == "^":
            raise NotUnderstood("a double superscript (TeX refuses it): write {x^*}^{2}", "^")
        if name.endswith(("_prime", "_star")) or "_prime_" in name:
            decorated = decorated or render(self.toks[start : self.pos])
        shown = decorated or (render(self.toks[start : self.pos]) if greek else name)
        if decorated and self.peek() in ("(", "["):
            group = self._group_text()
            raise NotUnderstood(
                f"ambiguous: {decorated}{group} is a function applied to an argument (a "
                f"derivative, an estimate) or a product; write {decorated} \\cdot {group} for "
                f"a product, or give it a meaning with --map '{decorated}{group}' => ...",
                f"{decorated}{self.peek()}",
            )
        if self.peek() == "[":
            written = f"{'' if greek else self._letters_before(start)}{shown}"
            raise NotUnderstood(
                "a symbol before '[' (an expectation, a probability, a function?); map it: "
                f"--map '{written}{self._group_text()}' => ...",
                f"{written}[",
            )
        if self.peek() == "(":
            if greek and base in NOT_APPLIED:  # \omega(1), \Theta(n): Landau's classes
                refuse_not_applied(base, render(self.toks[start : self.pos]) + self._group_text())
            # a name before '(' (\delta(0), F_X(2), \epsilon(\hat\alpha)): a function's value
            # or a product; read as one unknown number per application, it is proved only when
            # proved for every value (so under both readings) and never refuted. Kept a product:
            # a bare lowercase Greek parameter or a lowercase letter with a subscript before a
            # sum (\epsilon(1 - \delta), s_2(1 - w), x_i(1 - x_i): how papers write products)
            scalar = (greek and name == base) or (not greek and name.startswith(f"{base}_"))
            plain = "_prime" not in name and not name.endswith("_star")
            if (
                scalar
                and plain
                and base.islower()
                and start not in self.braced
                and (self._sum_inside())
            ):
                return _name(name)
            before = "" if greek else self._letters_before(start)
            if before:  # KL_1(p, q): the name KL_1, or K times L_1(p, q)?
                group = self._group_text()
                raise NotUnderstood(
                    f"ambiguous: {before}{name}{group} is a function {before}{name} or "
                    f"{before} times {name}{group}; give it a meaning with --map "
                    f"'{before}{name}{group}' => ...",
                    f"{name}(",
                )
            # the opaque text is the application as written: the --map key that gives it
            # a meaning (a key with another argument matches only that text)
            return self._application(start, "Fn" if self._comma_inside() else "Ap")
        return _name(name)

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
            if self.peek() == "(":  # \\pi(10): the prime-counting function, or pi times 10
                return self._application(self.pos - 1, "Fn" if self._comma_inside() else "Ap")
            return "pi"
        if tok in SUMS or (name in EXTREMA and self.peek() == "_"):
            return self._bound_operator(tok)
        if tok in MACROS or tok in UPRIGHT or tok in ("\\texttt", "\\norm"):
            return self._macro(tok)
        if tok == "\\int":
            return self._integral()
        if name in ("frac", "dfrac", "tfrac"):
            top = self.fraction_part()
            if _differential(self.toks[self.pos + 1 : self.pos + 6], 0) == (0, 2) or (
                self.toks[self.pos : self.pos + 2] == ["{", "\\mathrm"]
                and _differential(self.toks[self.pos + 1 : self.pos + 6], 0) == (0, 5)
            ):
                # \frac{d}{dx} x^2 read as d/(d x) * x^2 = x: 'x^2 has derivative 2x' refuted
                raise NotUnderstood(
                    "ambiguous: a denominator opening with d x is a derivative (\\frac{d}{dx}, not "
                    "read: map it to its value) or the product of d and x (write d \\cdot x)",
                    f"\\{name}",
                )
            bottom = self.fraction_part()
            return f"({top}/{bottom})"
        if name == "sqrt":
            if self.peek() == "[":
                raise NotUnderstood("only square roots are understood", "\\sqrt[")
            return f"sqrt{self.group()}"
        if name in DECORATIONS:
            return self._decorated(name)
        if name in ("mathbf", "boldsymbol", "bm"):
            # read as a scalar, (x . y)^2 = x^2 y^2 would be proved for vectors
            raise NotUnderstood(
                f"{tok}{{...}} is a vector by convention, and the reader reads real numbers: if it "
                f"is one, map it (--map '{tok}{{x}}' => 'x_v')",
                tok,
            )
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
        if tok in OPAQUE or (tok == "\\mathbb" and render(self.toks[self.pos - 1 : self.pos + 3])
                             in OPAQUE):  # fmt: skip
            return self._opaque()
        if name in EXTREMA:
            # \max\{a, b\} or \max(a, b) (\max\left(...\right): sizing is dropped)
            close = "\\}" if self.peek() == "\\{" else ")"
            self.take("\\{" if close == "\\}" else "(")
            args = [self.expr()]
            while self.peek() == ",":
                self.take()
                args.append(self.expr())
            self.take(close)
            return _extremum(name, args)
        if name in ("cases", "array"):
            raise NotUnderstood(
                f"a piecewise definition or array (\\begin{{{name}}}) is not read: check each "
                "case as its own step, with its condition beside it "
                "(&& \\text{for $x \\ge 0$})",
                f"\\begin{{{name}}}",
            )
        raise NotUnderstood("not understood", tok)
