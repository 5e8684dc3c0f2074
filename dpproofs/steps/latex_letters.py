"""Letters next to parentheses in the LaTeX reader (:mod:`dpproofs.steps.latex`): braces TeX
prints as nothing around an application (``{f}(x)`` is ``f(x)``), a run of letters before ``(``
(``score(x, 0, c)``: an application; ``exp(x)``: the function), and a run of letters spelling a
known function without a backslash or ``(`` (``exp 0``: ambiguous, never the product e*x*p*0).
A mixin of the parser: each method reads at the parser's cursor."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from dpproofs.steps.binders import LATIN_OPAQUE, matching
from dpproofs.steps.latex_binding import DECORATIONS, _Binding
from dpproofs.steps.lexer import NotUnderstood, render
from dpproofs.steps.notation import _GREEK, _VARIANTS, RELATIONS

#: Function names a text may type without a backslash (Markdown, blog posts): a run of letters
#: containing one is refused (:meth:`_Letters._no_function_letters`), never read as a product.
_LETTER_FUNCTIONS = (
    "exp", "log", "ln", "lg", "sin", "cos", "tan", "sec", "csc", "cot", "sqrt", "erf", "max", "min",
)  # fmt: skip


def unbrace_applications(toks: list[str]) -> tuple[list[str], frozenset[int]]:
    """Braces TeX prints as nothing around an application, dropped: ``{f}(x)`` and ``f{(x)}``
    are ``f(x)`` (and ``{\\Gamma}(2)``, ``\\Gamma{(n+1)}``), so the application is seen; with
    the positions of the names so unbraced (a brace there marks an application)."""
    out = list(toks)
    braced: set[int] = set()
    index = 0
    while index < len(out):
        before = out[index - 1] if index > 0 else ""
        operator = before in RELATIONS or before in ("\\cdot", "\\times")
        free = before not in ("^", "_", "}") and (operator or not before.startswith("\\"))
        name = is_name(out[index + 1]) if index + 1 < len(out) else False
        if out[index] == "{" and free and name and out[index + 2 : index + 4] == ["}", "("]:
            del out[index + 2], out[index]  # {f}(x) -> f(x)
            braced.add(index)
            continue
        if out[index] == "{" and out[index + 1 : index + 2] == ["("] and is_name(before):
            close = closing(out, index)
            inner = closing(out, index + 1)
            if close is not None and inner is not None and inner == close - 1:
                del out[close], out[index]  # f{(x)} -> f(x)
                braced.add(index - 1)
                continue
        index += 1
    return out, frozenset(braced)


#: Tokens next to which a brace group holding a sum prints as it groups: x + a-1 is x + (a-1).
_LOOSE_BEFORE = frozenset({"", "+", "(", "[", "{", ",", "&", "\\{", *RELATIONS})
_LOOSE_AFTER = frozenset({"", "+", "-", ")", "]", "}", ",", "&", "\\}", *RELATIONS})
#: ... and a product or quotient: -a/b is -(a/b), 2 \cdot a/b is 2 (a/b), a/b \cdot c is (a/b) c.
_PRODUCT_BEFORE = _LOOSE_BEFORE | {"-", "\\cdot", "\\times"}
_PRODUCT_AFTER = _LOOSE_AFTER | {"\\cdot", "\\times"}


#: Commands whose braced arguments make one atom with them (``\\frac{a}{b}``, ``\\hat{x}``).
_TAKING = frozenset(
    {"\\frac", "\\dfrac", "\\tfrac", "\\sqrt", "\\binom", "\\mathbb", "\\mathrm", "\\text"}
    | {f"\\{name}" for name in DECORATIONS}
)


def _prints_the_same(inner: list[str], before: str, after: str) -> bool:
    """Whether the brace group ``{inner}`` between ``before`` and ``after`` reads the same with
    its braces as brackets and with them gone (as TeX prints it). One atom (``{x}``, ``{x^2}``)
    does, except before a script of its own kind (``{x^2}^3``; ``{x^*}^2`` is read); a sum
    (``+ - \\pm \\mp`` at its top level) only between tokens that bind more loosely than + and
    -: both ends of the expression, a
    relation, a +, a bracket, bars around it, a comma (a + b - c is a + (b - c)); a product,
    quotient or juxtaposition (``/ \\cdot \\times``, ``{ab}``) also after -, \\cdot,
    \\times, a letter, a digit or a closing bracket and before \\cdot, \\times or (no
    quotient: a/bc reads a/(bc)) a letter, since multiplication associates (x \\cdot a/b =
    x (a/b), 2ab = 2 (ab)). Anything else reads otherwise:
    -{a+1} prints -a+1, {a+1}/2 prints a+1/2, {ab}^2 prints ab^2, x/{ab} prints x/ab."""
    if before == after == "|":  # |{x-1}| (\\abs{x-1}); |x|{a}|y| is the bar rule's, earlier
        before = after = ""
    depth, additive, product, items, script, previous, chain = 0, False, False, 0, False, "", False
    for index, t in enumerate(inner):  # operators and atoms outside every bracket of the group
        if depth == 0:
            additive = additive or t in ("+", "-", "\\pm", "\\mp")
            product = product or (t in ("/", "\\cdot", "\\times", "*") and previous != "^")
            star = inner[index + 1 : index + 2] == ["*"] or inner[index + 1 : index + 4] == [
                "{", "*", "}"
            ]  # fmt: skip
            script = script or (t == after and t in ("^", "_") and not star)
            argument = t == "{" and chain  # \\frac{a}{b}: one atom
            items += t not in ("^", "_") and previous not in ("^", "_") and not argument
            previous, chain = t, t in _TAKING or argument
        depth += t in ("{", "(", "[", "\\{") or t.startswith("\\left")
        depth -= t in ("}", ")", "]", "\\}") or t.startswith("\\right")
    if additive:
        return before in _LOOSE_BEFORE and after in _LOOSE_AFTER
    if product or items > 1:
        atom_before = re.fullmatch(r"[A-Za-z0-9)}\]]|\\[A-Za-z]+", before) is not None
        quotient = "/" in inner  # {a/b}c prints a/bc: a/(bc) to many readers
        return (before in _PRODUCT_BEFORE or (atom_before and _greek_or_plain(before))) and (
            after in _PRODUCT_AFTER or (is_name(after) and not quotient)
        )
    return not script


def _greek_or_plain(tok: str) -> bool:
    """A letter, digit, closing bracket or Greek letter (no function: ``\\log{ab}`` prints
    log ab, itself ambiguous)."""
    return not tok.startswith("\\") or is_name(tok)


#: Commands of two arguments, the first of which may be one unbraced token (``\\frac1{n}``).
_TWO_ARGUMENTS = frozenset({"\\frac", "\\dfrac", "\\tfrac", "\\binom"})


def _openings(toks: list[str]) -> dict[int, int]:
    """The ``{`` each ``}`` of ``toks`` closes (one scan: O(len(toks)))."""
    stack: list[int] = []
    pairs: dict[int, int] = {}
    for index, tok in enumerate(toks):
        if tok == "{":
            stack.append(index)
        elif tok == "}" and stack:
            pairs[index] = stack.pop()
    return pairs


def _is_argument(toks: list[str], opening: int, pairs: dict[int, int]) -> bool:
    """Whether the brace group opening at ``opening`` is a command's argument (``\\frac{a}{b}``,
    ``\\frac1{b}``, ``\\sqrt{a}``): it prints apart from its neighbours, not run into them."""
    before = toks[opening - 1] if opening > 0 else ""
    if before in _TAKING:
        return True
    if before == "}":  # the second argument of \\frac{a}{b}
        first = pairs.get(opening - 1, -1)
        return first > 0 and toks[first - 1] in _TWO_ARGUMENTS
    return opening > 1 and toks[opening - 2] in _TWO_ARGUMENTS and before not in ("{", "")


def _no_argument_between(toks: list[str], low: int, high: int) -> bool:
    """Whether none of the braces at ``low..high`` opens or closes a command's argument."""
    braces = range(max(low, 0), min(high, len(toks) - 1) + 1)
    if not braces:
        return True
    pairs = _openings(toks)  # only where a digit was found: rare, linear
    return not any(
        _is_argument(toks, i if toks[i] == "{" else pairs.get(i, -1), pairs)
        for i in braces
        if toks[i] == "{" or i in pairs
    )


def _ends_in_digit(toks: list[str], index: int) -> bool:
    """Whether the token at ``index`` (bare braces skipped leftwards) ends with a digit; the
    brace of a command's argument is a border (``\\frac1{{2}-1}``: the 1 is the numerator)."""
    start = index
    while 0 <= index < len(toks) and toks[index] in ("{", "}"):
        index -= 1
    found = 0 <= index < len(toks) and toks[index][-1:].isdigit()
    return found and _no_argument_between(toks, index + 1, start)


def _starts_with_digit(toks: list[str], index: int) -> bool:
    """Whether the token at ``index`` (bare braces skipped rightwards, a command's argument a
    border) starts with a digit or ``.``."""
    start = index
    while 0 <= index < len(toks) and toks[index] in ("{", "}"):
        index += 1
    found = 0 <= index < len(toks) and toks[index][:1] in (*"0123456789", ".")
    return found and _no_argument_between(toks, start, index - 1)


def is_name(tok: str) -> bool:
    return bool(re.fullmatch(r"[A-Za-z]", tok)) or (
        tok.startswith("\\") and (tok[1:] in _GREEK or tok[1:] in _VARIANTS)
    )


def closing(toks: list[str], start: int) -> int | None:
    """The index of the bracket closing the one at ``start`` (None if unbalanced)."""
    depth = 0
    for index in range(start, len(toks)):
        depth += toks[index] in ("(", "[", "{", "\\{")
        depth -= toks[index] in (")", "]", "}", "\\}")
        if depth == 0:
            return index
    return None


class _Letters(_Binding):
    """The parser's reading of letters next to parentheses
    (:class:`dpproofs.steps.latex._Parser`)."""

    if TYPE_CHECKING:

        def _command(self, tok: str) -> str: ...

    def _no_function_letters(self) -> None:
        """Refuse a run of letters around the one just taken that spells a known function
        (``exp 0``, ``cos 0``, ``ln e``, ``x log y``) without a backslash and without ``(``:
        a reader reads the function there, never the product e*x*p of three parameters."""
        start = end = self.pos - 1
        while start > 0 and re.fullmatch(r"[A-Za-z]", self.toks[start - 1]):
            start -= 1
        while end < len(self.toks) and re.fullmatch(r"[A-Za-z]", self.toks[end]):
            end += 1
        run = "".join(self.toks[start:end])
        found = next((name for name in _LETTER_FUNCTIONS if name in run), None)
        if found is not None:
            raise NotUnderstood(
                f"ambiguous: '{run}' spells the function {found} without a backslash (a reader "
                f"reads {found} of what follows) or a product of letters; write \\{found}(...) "
                "for the function, or \\cdot between the letters",
                run,
            )

    def _before_bracket(self) -> bool:
        """Whether the letter just taken opens ``Pr[``, ``P[`` or ``E[`` (an opaque quantity)."""
        return any(
            self.toks[self.pos - 1 : self.pos + len(letters)] == [*letters, "["]
            for letters in LATIN_OPAQUE
        )

    def _letters_applied(self) -> str | None:
        """A run of letters before ``(``, the first just taken: ``f(x)``, ``score(x, 0, c)``,
        ``exp(x)``. ``exp``, ``ln``, ``log`` are the functions (a reader never means e*x*p there);
        any other run is a
        function's name, its application an opaque number (``_application``: kind "Fn" with an
        argument list, which has no product reading; "Ap" with one argument, which may also be
        a product). A lone ``e`` before ``(`` stays Euler's number times the group."""
        start = end = self.pos - 1
        while end < len(self.toks) and re.fullmatch(r"[A-Za-z]", self.toks[end]):
            end += 1
        run = "".join(self.toks[start:end])
        if end >= len(self.toks) or self.toks[end] != "(" or run == "e":
            return None
        self.pos = end
        if run in ("exp", "ln", "log"):  # no reader means e*x*p(...) or l*n(...) there
            return self._command("\\" + run)
        return self._application(start, "Fn" if self._comma_inside() else "Ap")

    def _brace_is_no_parenthesis(self) -> None:
        """A bare brace group at the cursor groups for TeX but prints nothing: ``{x+1}^2`` prints
        x+1^2, ``2{a+b}`` prints 2a+b, ``-{a+1}`` prints -a+1, ``{a+1}/2`` prints a+1/2, ``{E}[X]``
        prints E[X] (an expectation?), ``{2}{1}`` prints 21. Read as a parenthesis only where the
        print reads the same (:func:`_prints_the_same`); otherwise ambiguous."""
        end = matching(self.toks, self.pos)
        inner = self.toks[self.pos + 1 : end]
        after = self.toks[end + 1] if end + 1 < len(self.toks) else ""
        before = self.toks[self.pos - 1] if self.pos > 0 else ""
        digits = (_ends_in_digit(self.toks, self.pos - 1) and _starts_with_digit(inner, 0)) or (
            _ends_in_digit(inner, len(inner) - 1) and _starts_with_digit(self.toks, end + 1)
        )  # {2}{1}, 2{1}, {2}.5; and x{.5}, which prints x.5 (refused as written, lexer.py)
        digits = digits or (inner[:1] != [] and inner[0].startswith(".") and before[-1:].isalnum())
        if (inner and not _prints_the_same(inner, before, after)) or (inner and after == "["):
            raise NotUnderstood(
                f"ambiguous: {{{render(inner)}}} next to {after or before} groups for TeX but "
                "prints without brackets (a brace group is no parenthesis): write (...)",
                "{",
            )
        if digits:
            raise NotUnderstood(
                f"ambiguous: {{{render(inner)}}} next to {after or before} prints as one number "
                "with its neighbour's digits (TeX prints {2}{1} as 21) but groups for TeX: write "
                "the number, or \\cdot between the factors",
                "{",
            )

    def _no_sequence_superscript(self) -> None:
        """``x^{(1)}`` at the cursor (after ^): the first of a sequence x^{(1)}, ..., x^{(n)}, or
        x to the power 1? Ambiguous."""
        if self.toks[self.pos : self.pos + 2] == ["{", "("] and (
            matching(self.toks, self.pos + 1) + 1 == matching(self.toks, self.pos)
        ):
            raise NotUnderstood(
                f"ambiguous: {render(self.toks[self.pos - 2 : matching(self.toks, self.pos) + 1])}"
                " is an element of a sequence (x^{(1)}, ..., x^{(n)}) or a power: write x^{1} for "
                "a power, or map it",
                "^{(",
            )

    def _no_spelt_greek(self, at: int, sub: str) -> None:
        """A subscript ``toks[at:pos]`` spelling a Greek name in Latin letters (``x_{alpha}``)
        prints otherwise than ``x_{\\alpha}``, yet would be one name: ambiguous."""
        spelt = not any(t.startswith("\\") for t in self.toks[at : self.pos])
        if spelt and sub in (*_GREEK, *_VARIANTS):
            raise NotUnderstood(
                f"ambiguous: the subscript _{{{sub}}} spells a Greek letter's name, and "
                f"x_{{{sub}}} and x_{{\\{sub}}} print differently: write one of them",
                f"_{sub}",
            )
