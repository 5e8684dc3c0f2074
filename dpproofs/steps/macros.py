"""The document's own commands: ``\\newcommand``, ``\\renewcommand``, ``\\def``, ``\\let``.

A pasted .tex file brings its preamble, and a definition there changes what a command means
(``\\renewcommand{\\log}{\\log_2}``, ``\\let\\le\\ge``, ``\\newcommand{\\norm}[1]{...}``): reading
the command the built-in way would decide another statement. So the definitions are read and
EXPANDED in the text before its blocks are read, as TeX expands them:

* ``\\newcommand{\\name}{body}``, ``\\newcommand{\\name}[n]{body}`` (also ``\\renewcommand``,
  ``\\providecommand``, a ``*`` form, ``\\newcommand\\name``), ``\\def\\name{body}``,
  ``\\def\\name#1#2{body}``, ``\\let\\name\\other`` (``\\let\\name=\\other``),
  ``\\DeclareMathOperator{\\name}{text}`` (``\\operatorname{text}``): the command with its n
  arguments (each a braced group or one token) is replaced by the body with ``#k`` replaced by the
  k-th argument, braced (``\\norm{v}`` with body ``\\lvert #1 \\rvert`` gives ``\\lvert {v}
  \\rvert``); repeated while a defined command remains;
* any other definition (an optional argument's default, a body that uses its own command or a
  parameter beyond its arguments, an unbalanced body, ``\\DeclareMathOperator*``, ``\\edef``,
  ``\\newenvironment``, a chain of expansions that does not end) of a command or environment
  the text uses is REFUSED: every row of the text is not checked, with the definition and its
  line. A definition not read of a command the text never uses is left alone (a preamble's
  ``\\DeclareMathOperator*{\\argmax}``). Never is a defined command read the built-in way.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

#: Every command that defines a command or an environment; each use must be read here.
_DEFINING = re.compile(
    r"\\(?:(?:re)?newcommand|providecommand|def|let|DeclareMathOperator|DeclarePairedDelimiter"
    r"|(?:re)?newenvironment|gdef|edef|xdef)(?![A-Za-z])"
)
_NAME = re.compile(r"\s*(?:\{\s*(\\[A-Za-z]+|\\.)\s*\}|(\\[A-Za-z]+|\\.))")
#: Rounds of expansion; more means a definition expands into itself.
MAX_ROUNDS = 32


@dataclass(frozen=True, slots=True)
class Macro:
    """A command the document defines: its name (``\\norm``), number of arguments, body."""

    name: str
    arguments: int
    body: str


class Unreadable(ValueError):
    """A definition this module does not read; the message names it and its line, ``name`` the
    command it defines ("" when not even that is read)."""

    def __init__(self, message: str, name: str = "") -> None:
        super().__init__(message)
        self.name = name


Refuse = Callable[[str], Unreadable]


def expanded(text: str) -> str:
    """``text`` with its definitions removed (their lines kept blank) and its defined commands
    expanded; raises Unreadable as the module docstring says."""
    macros: dict[str, Macro] = {}
    unread: list[Unreadable] = []
    out, end = [], 0
    for found in _DEFINING.finditer(text):
        if found.start() < end:
            continue
        line = text.count("\n", 0, found.start()) + 1
        try:
            macro, stop = _definition(text, found, line)
        except Unreadable as exc:
            if not exc.name:
                raise
            unread.append(exc)
            continue
        if macro.name in _mentioned(macro.body):
            raise Unreadable(
                f"line {line}: {text[found.start() : stop].strip()} defines {macro.name} by "
                f"itself; not read (write the steps with {macro.name} expanded)"
            )
        macros[macro.name] = macro
        out.append(text[end : found.start()])
        out.append("\n" * text.count("\n", found.start(), stop))
        end = stop
    out.append(text[end:])
    result = "".join(out)
    environments = re.findall(r"\\begin\{([^{}]*)\}", result)
    # what the text uses, the definitions not read aside (their own name is no use)
    scrubbed = re.sub(_DEFINING.pattern + r"\*?\s*\{?\s*(?:\\[A-Za-z]+|\\.)", " ", result)
    used = _mentioned(scrubbed) | {f"\\begin{{{e}}}" for e in environments}
    for refusal in unread:  # a definition not read, of a command the text uses: refused
        if refusal.name in used:
            raise refusal
    for _ in range(MAX_ROUNDS):
        if not macros or not _mentioned(result) & set(macros):
            return result
        result = _expand_once(result, macros)
    raise Unreadable(f"the document's commands {', '.join(sorted(macros))} do not finish expanding")


def _mentioned(text: str) -> set[str]:
    return set(re.findall(r"\\[A-Za-z]+|\\.", text))


def _definition(text: str, found: re.Match[str], line: int) -> tuple[Macro, int]:
    """The definition starting at ``found`` and where it ends."""
    command = found.group(0)
    pos = found.end()
    shown = text[found.start() : found.start() + 60].split("\n")[0]

    named = _NAME.match(text, pos + (text.startswith("*", pos)))
    defined = (named.group(1) or named.group(2)) if named else ""
    if command.endswith("environment"):
        environment = re.compile(r"\s*\{([^{}]*)\}").match(text, pos)
        defined = f"\\begin{{{environment.group(1)}}}" if environment else ""

    def refuse(why: str) -> Unreadable:
        return Unreadable(
            f"line {line}: {shown} ({why}): the document's definition is not read, and "
            f"{defined or 'the command it defines'} is not read the built-in way",
            defined,
        )

    if command in ("\\newcommand", "\\renewcommand", "\\providecommand"):
        if text.startswith("*", pos):
            pos += 1
        name, pos = _name(text, pos, refuse)
        arguments = 0
        bracket = re.compile(r"\s*\[\s*(\d)\s*\]").match(text, pos)
        if bracket:
            arguments, pos = int(bracket.group(1)), bracket.end()
        if re.compile(r"\s*\[").match(text, pos):
            raise refuse("an optional argument")
        body, pos = _group(text, pos, refuse)
        if any(int(k) > arguments or k == "0" for k in re.findall(r"#(\d)", body)):
            raise refuse("a parameter beyond its arguments")
        return Macro(name, arguments, body), pos
    if command == "\\def":
        name, pos = _name(text, pos, refuse)
        parameters = re.compile(r"(?:#\d)*").match(text, pos)
        assert parameters is not None  # matches the empty string
        numbers = re.findall(r"#(\d)", parameters.group(0))
        if numbers != [str(k) for k in range(1, len(numbers) + 1)]:
            raise refuse("parameters out of order")
        body, pos = _group(text, parameters.end(), refuse)
        return Macro(name, len(numbers), body), pos
    if command == "\\let":
        name, pos = _name(text, pos, refuse)
        equals = re.compile(r"\s*=?\s*").match(text, pos)
        assert equals is not None
        target = re.compile(r"\\[A-Za-z]+|\\.|[^\s{}]").match(text, equals.end())
        if target is None:
            raise refuse("no command to copy")
        return Macro(name, 0, target.group(0)), target.end()
    if command == "\\DeclareMathOperator" and not text.startswith("*", pos):
        name, pos = _name(text, pos, refuse)
        body, pos = _group(text, pos, refuse)
        return Macro(name, 0, f"\\operatorname{{{body}}}"), pos
    raise refuse("not read by the reader")


def _name(text: str, pos: int, refuse: Refuse) -> tuple[str, int]:
    found = _NAME.match(text, pos)
    if found is None:
        raise refuse("no command name")
    return found.group(1) or found.group(2), found.end()


def _group(text: str, pos: int, refuse: Refuse) -> tuple[str, int]:
    """The braced group after ``pos`` (spaces skipped): its inside and where it ends."""
    while pos < len(text) and text[pos].isspace():
        pos += 1
    if pos >= len(text) or text[pos] != "{":
        raise refuse("no body in braces")
    depth = 0
    for index in range(pos, len(text)):
        if text[index] == "\\":
            continue
        if text[index] in "{}" and text[index - 1 : index] == "\\":
            continue
        depth += {"{": 1, "}": -1}.get(text[index], 0)
        if depth == 0:
            return text[pos + 1 : index], index + 1
    raise refuse("an unbalanced body")


_USE = re.compile(r"\\[A-Za-z]+|\\.")


def _expand_once(text: str, macros: dict[str, Macro]) -> str:
    """Every use of a defined command replaced once (its arguments read after it)."""
    out, pos = [], 0
    while True:
        found = _USE.search(text, pos)
        if found is None:
            out.append(text[pos:])
            return "".join(out)
        out.append(text[pos : found.start()])
        macro = macros.get(found.group(0))
        pos = found.end()
        if macro is None:
            out.append(found.group(0))
            continue
        arguments = []
        for _ in range(macro.arguments):
            argument, pos = _argument(text, pos, macro.name)
            arguments.append(argument)
        body = _substituted(macro.body, arguments)
        # a body ending in a letter command must not glue to a letter after it
        out.append(" " + body.replace("\n", " ") + " ")


def _substituted(body: str, arguments: list[str]) -> str:
    """``body`` with ``#k`` replaced by the k-th argument in braces."""
    return re.sub(r"#(\d)", lambda m: "{" + arguments[int(m.group(1)) - 1] + "}", body)


def _argument(text: str, pos: int, name: str) -> tuple[str, int]:
    """One argument of a command: a braced group or one token."""
    while pos < len(text) and text[pos] in " \t":
        pos += 1

    def refuse(why: str) -> Unreadable:
        return Unreadable(f"{name} used without its arguments ({why})")

    if text.startswith("{", pos):
        return _group(text, pos, refuse)
    token = _USE.match(text, pos) or re.compile(r"\S").match(text, pos)
    if token is None:
        raise refuse("nothing after it")
    return token.group(0), token.end()
