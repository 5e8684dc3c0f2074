"""What TeX executes of a pasted text: comments, verbatim material and skipped branches removed.

``%`` to the end of its line is a comment (``\\%`` is a percent sign, and ``\\\\%`` a row end
followed by a comment); ``\\verb|...|`` and ``\\lstinline[options]|...|`` (any delimiter, or
``{...}``), the ``verbatim``, ``Verbatim``, ``BVerbatim``, ``lstlisting``, ``minted`` and
``comment`` environments (``\\begin {verbatim}`` too: ``\\begin`` takes an undelimited
argument; to the end of the text when not closed) and everything after ``\\end{document}``
are shown or skipped by TeX, never executed: a definition or a math block there is neither
defined nor read. Their line breaks are kept, so every line of the text keeps its number.

Constant conditionals are resolved as TeX resolves them (The TeXbook, ch. 20): ``\\iffalse A
\\else B \\fi`` is B, ``\\iftrue A \\else B \\fi`` is A, ``\\unless`` (e-TeX) swaps the two, and
``\\ifX`` after ``\\newif\\ifX`` is ``\\iffalse`` when the text never sets it (``X`` written
nowhere but in ``\\ifX``, no definition of ``\\ifX``: a new conditional starts false). Skipping a
branch, TeX pairs ``\\fi`` with the conditionals it skips: the primitives (:data:`CONDITIONALS`),
the ``\\newif`` ones and ``\\if@...``; ``\\iff`` and ``\\ifthenelse`` are no conditionals. A
branch holding any other ``\\if...`` (a package's conditional, or a macro) or not ended by its
``\\fi``, or one whose removed text opens or closes a group (``\\def\\a{\\iffalse}``), cannot
be delimited: its ``\\iftrue``/``\\iffalse`` stays in the text, and
:mod:`.macros` reads nothing from there on.
"""

from __future__ import annotations

import re

#: TeX's, e-TeX's and pdfTeX's conditional primitives.
CONDITIONALS = frozenset(
    re.findall(
        r"\\[A-Za-z]+",
        r"""\if \ifcat \ifnum \ifdim \ifodd \ifvmode \ifhmode \ifmmode \ifinner \ifvoid \ifhbox
        \ifvbox \ifx \ifeof \iftrue \iffalse \ifcase \ifdefined \ifcsname \iffontchar
        \ifincsname \ifpdfprimitive \ifpdfabsnum \ifpdfabsdim""",
    )
)
#: Commands whose name starts with ``\\if`` that are no conditionals (LaTeX's relation, ifthen).
NOT_CONDITIONALS = frozenset(("\\iff", "\\ifthenelse"))

_HIDDEN = re.compile(
    r"\\begin\s*\{(?P<env>(?:verbatim|Verbatim|BVerbatim|lstlisting|minted|comment)\*?)\}"
    r"(?:.*?\\end\{(?P=env)\}|.*)"
    r"|\\lstinline\*?(?:\[[^\]\n]*\])?\{(?P<braced>(?:[^{}\n]|\{[^{}\n]*\})*)\}"
    r"|\\(?:verb|lstinline)\*?(?:(?<=lstinline)\[[^\]\n]*\])?"
    r"(?P<delim>[^\sA-Za-z*\[])[^\n]*?(?P=delim)"
    r"|\\end\s*\{document\}(?P<after>.*)"
    r"|(?P<comment>%[^\n]*)|\\[A-Za-z@]+|\\.",
    re.DOTALL,
)
_TOKEN = re.compile(r"\\(?:[A-Za-z@]+|.)", re.DOTALL)
_CONSTANT = re.compile(r"(?:\\unless\s*)?\\if(?:true|false)(?![A-Za-z@])")


def visible(text: str) -> str:
    """``text`` as TeX executes it (the module docstring), line breaks kept."""

    def keep(found: re.Match[str]) -> str:
        if found.group("comment") is not None:
            return ""
        if found.group("after") is not None:
            return "\\end{document}" + "\n" * found.group("after").count("\n")
        if found.group("env") or found.group("delim") or found.group("braced") is not None:
            return "\n" * found.group(0).count("\n")
        return found.group(0)

    text = _HIDDEN.sub(keep, text)
    newifs = set(re.findall(r"\\newif\s*(\\if[A-Za-z@]+)", text))
    for name in newifs - _set_somewhere(text, newifs):
        use = re.compile(r"(\\newif\s*)?" + re.escape(name) + r"(?![A-Za-z@])")
        text = use.sub(lambda m: m.group(0) if m.group(1) else "\\iffalse", text)
    return _resolve(text, newifs)


def _set_somewhere(text: str, newifs: set[str]) -> set[str]:
    """The ``\\newif`` conditionals the text may set: ``Xtrue`` or ``Xfalse`` written, the name
    written without its backslash (``\\csname``) or after a defining command."""
    found = set()
    for name in newifs:
        stem = name[3:]
        defining = r"\\(?:let|[gex]?def|(?:re)?newcommand\*?|providecommand)\s*\{?\s*"
        if (
            stem + "true" in text
            or stem + "false" in text
            or text.count(stem) != text.count(name)  # \\setboolean{draft}{true}, \\csname
            or re.search(defining + re.escape(name) + r"(?![A-Za-z@])", text)
        ):
            found.add(name)
    return found


def _resolve(text: str, newifs: set[str]) -> str:
    """``text`` with each ``\\iftrue``/``\\iffalse`` (after ``\\unless`` too) replaced by the
    branch TeX executes, until one whose branches cannot be delimited (left in place)."""
    pos = 0
    while (constant := _CONSTANT.search(text, pos)) is not None:
        if re.search(r"\\let\s*\\[A-Za-z@]+\s*=?\s?$", text[: constant.start()]):
            return text  # \\let\\ifX\\iffalse: copied, not run (macros refuses from there)
        taken = constant.group(0).endswith("true") != ("unless" in constant.group(0))
        depth, otherwise, end = 1, None, None
        for token in _TOKEN.finditer(text, constant.end()):
            name = token.group(0)
            if name == "\\fi":
                depth -= 1
                if depth == 0:
                    end = token
                    break
            elif name == "\\else" and depth == 1 and otherwise is None:
                otherwise = token
            elif name.startswith("\\if") and name not in NOT_CONDITIONALS:
                if name not in CONDITIONALS and name not in newifs and not name.startswith("\\if@"):
                    return text  # a package's conditional or a macro: where it ends is unclear
                depth += 1
        if end is None:
            return text  # not ended: TeX stops with an error
        if taken:  # the condition and the \\else branch with its \\fi go
            middle = otherwise.start() if otherwise else end.start()
            cut = [(constant.start(), constant.end()), (middle, end.end())]
        else:  # the condition with its branch (to its \\else) and the \\fi go
            cut = [(constant.start(), (otherwise or end).end())]
            cut += [(end.start(), end.end())] if otherwise else []
        if any(_unbalanced(text[begin:finish]) for begin, finish in cut):
            return text  # across a group's end (inside a definition's body?): not clear
        for begin, finish in reversed(cut):
            text = text[:begin] + "\n" * text.count("\n", begin, finish) + text[finish:]
        pos = constant.start()
    return text


def _unbalanced(text: str) -> bool:
    """Whether ``text`` opens or closes a group it does not close or open."""
    depth = 0
    for brace in re.findall(r"\\.|[{}]", text, re.DOTALL):
        depth += {"{": 1, "}": -1}.get(brace, 0)
        if depth < 0:
            return True
    return depth != 0
