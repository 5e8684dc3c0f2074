"""A document command's arguments put into its body, and where TeX reads them otherwise.

TeX replaces ``#k`` in a body by the k-th argument's tokens WITHOUT its braces (The TeXbook,
ch. 20): ``\\newcommand{\\pw}[1]{e^#1}`` then ``\\pw{x+1}`` is ``e^x+1``, whose superscript is
the one token x (a script, like a command's undelimited argument, takes ONE token or group).
:mod:`.macros` puts ``{argument}`` for ``#k``, so the reader sees where the argument begins and
ends; that is the printed text wherever a brace group prints as it groups. Two places differ:

* after ``^``, ``_`` or a command that takes an argument (``\\frac#1#2``, ``\\sqrt#1``,
  ``\\hat#1``), an argument of more than one token: the braced text ``e^{x+1}`` is a script
  of x+1, TeX's is a script of x followed by +1. Such a use is reported (:func:`substitute`),
  and :mod:`.macros` leaves the block not checked (ambiguous: brace ``#k`` in the body);
* anywhere else the group is a bare brace group (``-#1`` gives ``-{a+1}``): the parser's
  own rule (:func:`dpproofs.steps.latex_letters._prints_the_same`) reads it only where the
  print reads the same, as for a group written by hand.

Commands after which ``#k`` is no argument (a relation, ``\\cdot``, a Greek letter, ``\\log``:
they take none) leave a bare group, for the parser's rule.
"""

from __future__ import annotations

import re

from dpproofs.steps.notation import (
    _FUNCTIONS,
    _GREEK,
    _IGNORED,
    _VARIANTS,
    RELATIONS,
    UNCHECKED_RELATIONS,
)

__all__ = ["substitute"]

_DELIMITERS = r"""\lvert \rvert \vert \Vert \lVert \rVert \langle \rangle \lceil \rceil \lfloor
    \rfloor \mid \quad \qquad \displaystyle \partial \nabla"""
#: Commands that take no argument: a group after them is a bare group.
_NO_ARGUMENT = frozenset(
    {*RELATIONS, *UNCHECKED_RELATIONS, *_FUNCTIONS, *_IGNORED}
    | {f"\\{name}" for name in (*_GREEK, *_VARIANTS)}
    | {"\\cdot", "\\times", "\\pm", "\\mp", "\\pi", "\\infty", "\\ldots", "\\cdots", "\\dots"}
    | set(re.findall(r"\\[A-Za-z]+", _DELIMITERS))
)
_PARAMETER = re.compile(r"#(\d)")
_BEFORE = re.compile(r"(\^|_|\\[A-Za-z@]+|#\d)\s*$")


def substitute(body: str, arguments: list[str]) -> tuple[str, str]:
    """``body`` with each ``#k`` replaced by ``{arguments[k-1]}``, and "" or why TeX reads one
    of them otherwise (an argument of several tokens where a script or a command takes one)."""
    why = ""
    for found in _PARAMETER.finditer(body):
        given = arguments[int(found.group(1)) - 1]
        if not why and _takes_one_token(body, found.start()) and not _one_token(given):
            why = (
                f"#{found.group(1)} in its body {body.strip()} stands where TeX takes one token, "
                f"and the argument {given.strip()} is several (TeX prints its first token there, "
                f"the rest after it): write {{#{found.group(1)}}} in the definition"
            )
    return _PARAMETER.sub(lambda m: "{" + arguments[int(m.group(1)) - 1] + "}", body), why


def _takes_one_token(body: str, at: int) -> bool:
    """Whether ``#k`` at ``body[at]`` follows a script sign or a command taking an argument
    (through earlier parameters: ``\\frac#1#2``)."""
    before = _BEFORE.search(body, 0, at)
    if before is None:
        return False
    sign = before.group(1)
    if sign.startswith("#"):
        return _takes_one_token(body, before.start(1))
    return sign in ("^", "_") or sign not in _NO_ARGUMENT


def _one_token(text: str) -> bool:
    """Whether ``text`` is one TeX token or one balanced brace group (spaces aside)."""
    text = text.strip()
    if re.fullmatch(r"\\[A-Za-z@]+|\\.|[^\s\\{}]", text):
        return True
    if not text.startswith("{") or not text.endswith("}"):
        return False
    depth = 0
    for index, char in enumerate(text):
        depth += (char == "{") - (char == "}")
        if depth == 0 and index < len(text) - 1:
            return False
    return depth == 0
