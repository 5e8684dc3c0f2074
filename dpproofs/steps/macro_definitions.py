"""One definition of the document's own commands, read where it stands (for :mod:`.macros`).

A definition is read when its meaning is a plain substitution:

* ``\\newcommand{\\name}{body}``, ``\\newcommand{\\name}[n]{body}`` (also ``\\renewcommand``,
  ``\\providecommand``, ``\\DeclareRobustCommand``, a ``*`` form, ``\\newcommand\\name``): the
  command with its n arguments is the body with ``#k`` replaced by the k-th argument;
* ``\\def\\name{body}``, ``\\def\\name#1#2{body}`` (``\\gdef`` too): the same, with undelimited
  parameters ``#1 .. #n`` in order;
* ``\\let\\name\\other``, ``\\let\\name=\\other``: the meaning ``\\other`` has at that point
  (:mod:`.macros` looks it up);
* ``\\DeclareMathOperator{\\name}{text}``: ``\\operatorname{text}``.

Any other definition (an optional argument's default, delimited parameters ``\\def\\x#1.{}``, a
parameter beyond its arguments, ``##`` in a body, ``\\edef``, ``\\xdef``,
``\\DeclareMathOperator*``, ``\\DeclarePairedDelimiter``, an environment, an xparse command) is
NOT read: :class:`CommandDefinition` names the command with ``why`` set, and where the
definition ends when its shape (name, bracketed options, parameter text, braced groups) can be
followed; when even that fails, ``lost`` is set and what follows it is not read either.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dpproofs.steps.notation import _FUNCTIONS, _GREEK, _IGNORED, RELATIONS, UNCHECKED_RELATIONS

#: Every command that defines a command or an environment (after the prefixes ``\\global``,
#: ``\\long``, ``\\protected``, ``\\outer``); each use is read here.
DEFINING = frozenset(
    re.findall(
        r"\\[A-Za-z]+",
        r"""\newcommand \renewcommand \providecommand \DeclareRobustCommand \def \gdef \edef
        \xdef \let \futurelet \DeclareMathOperator \DeclarePairedDelimiter \newenvironment
        \renewenvironment \NewDocumentCommand \RenewDocumentCommand \ProvideDocumentCommand
        \DeclareDocumentCommand \NewDocumentEnvironment \RenewDocumentEnvironment
        \newrobustcmd \renewrobustcmd""",
    )
)
PREFIXES = frozenset(("\\global", "\\long", "\\protected", "\\outer"))
#: Commands LaTeX defines that the reader reads: ``\\providecommand`` does nothing to them.
LATEX = (
    set(RELATIONS) | set(UNCHECKED_RELATIONS) | set(_FUNCTIONS) | set(_IGNORED)
    | {f"\\{name}" for name in _GREEK | {"varepsilon", "vartheta", "varphi", "varrho", "pi"}}
    | set(re.findall(r"\\[A-Za-z]+", r"""
        \frac \dfrac \tfrac \sum \prod \int \sqrt \Pr \max \min \sup \inf \cdot \times
        \left \right \mathbb \mathrm \text \operatorname \lvert \rvert \vert \mid \infty
        \sin \cos \lim \binom \ldots \cdots \exp \log \ln"""))
)  # fmt: skip


#: Commands that define or use a command named in braces, as the ``\\csname`` spelling.
BY_NAME = {
    f"\\{command}": f"{prefix}\\csname NAME\\endcsname"
    for command, prefix in zip(
        ["@namedef", "csdef", "csgdef", "csedef", "csxdef", "cslet", "@nameuse", "csuse"],
        [f"\\expandafter\\{name}" for name in ("def", "def", "gdef", "edef", "xdef", "let")]
        + ["", ""],
        strict=True,
    )
}
_NAME = re.compile(r"\s*(?:\{\s*(\\[A-Za-z@]+|\\.)\s*\}|(\\[A-Za-z@]+|\\.))")
_ENVIRONMENT = re.compile(r"\s*\{([^{}]*)\}")
_OPTION = re.compile(r"\s*\[[^\[\]]*\]")
_ONE_TOKEN = re.compile(r"\\(?!(?:end|par)(?![A-Za-z]))[A-Za-z]+|\\[^\\A-Za-z]|[^\s{}&$#\\]")


@dataclass(frozen=True, slots=True)
class Macro:
    """A command the document defines: its name (``\\norm``), number of arguments, body."""

    name: str
    arguments: int
    body: str


@dataclass(frozen=True, slots=True)
class CommandDefinition:
    """A definition found at a position: the command it defines (``\\begin{env}`` for an
    environment; "" when not even that is read), where it ends, and either what it means
    (``macro``, or ``let``: the token whose meaning ``\\let`` copies) or why it is not read."""

    name: str
    end: int
    macro: Macro | None = None
    let: str = ""
    why: str = ""
    #: Where the definition ends could not be followed: the text after it is not read either.
    lost: bool = False


def read(text: str, pos: int, command: str) -> CommandDefinition:
    """The definition whose defining ``command`` ends at ``pos`` in ``text``."""
    star = text.startswith("*", pos)
    named = _NAME.match(text, pos + star)
    name = (named.group(1) or named.group(2)) if named else ""
    if command.endswith(("environment", "Environment")):
        environment = _ENVIRONMENT.match(text, pos + star)
        name = f"\\begin{{{environment.group(1)}}}" if environment else ""
        after = environment.end() if environment else pos
        return _unread(text, name, after, ("option", "group", "group", "group"), command[1:])
    if not named:
        return CommandDefinition("", pos, why="no command name", lost=True)
    after = named.end()
    if command in ("\\let", "\\futurelet"):
        if command == "\\futurelet":
            return _unread(text, name, after, (), "\\futurelet")
        equals = re.compile(r"\s*=?\s?").match(text, after)
        assert equals is not None  # matches the empty string
        target = re.compile(r"\\[A-Za-z@]+|\\.|[^\s{}#$%&]").match(text, equals.end())
        if target is None:
            return CommandDefinition(name, after, why="no command to copy", lost=True)
        return CommandDefinition(name, target.end(), let=target.group(0))
    if command in ("\\newcommand", "\\renewcommand", "\\providecommand", "\\DeclareRobustCommand"):
        return _command(text, name, after)
    if command in ("\\def", "\\gdef"):
        parameters = re.compile(r"(?:#\d)*").match(text, after)
        assert parameters is not None  # matches the empty string
        numbers = re.findall(r"#(\d)", parameters.group(0))
        if numbers != [str(k) for k in range(1, len(numbers) + 1)]:
            return _unread(text, name, after, ("parameters", "group"), "parameters out of order")
        if not re.compile(r"\s*\{").match(text, parameters.end()):
            return _unread(text, name, after, ("parameters", "group"), "delimited parameters")
        return _body(text, name, len(numbers), parameters.end())
    if command == "\\DeclareMathOperator" and not star:
        found = group(text, after)
        if found is None:
            return CommandDefinition(name, after, why="no body in braces", lost=True)
        body, end = found
        return CommandDefinition(name, end, Macro(name, 0, f"\\operatorname{{{body}}}"))
    shapes = {
        "\\DeclareMathOperator": ("group",),
        "\\DeclarePairedDelimiter": ("group", "group"),
        "\\edef": ("parameters", "group"),
        "\\xdef": ("parameters", "group"),
    }
    return _unread(text, name, after, shapes.get(command, ("group", "group")), "not read")


def _command(text: str, name: str, pos: int) -> CommandDefinition:
    """``\\newcommand`` and its kin after the name: ``[n]``, then the body."""
    arguments = 0
    bracket = re.compile(r"\s*\[\s*(\d)\s*\]").match(text, pos)
    if bracket:
        arguments, pos = int(bracket.group(1)), bracket.end()
    if re.compile(r"\s*\[").match(text, pos):
        return _unread(text, name, pos, ("option", "group"), "an optional argument")
    return _body(text, name, arguments, pos)


def _body(text: str, name: str, arguments: int, pos: int) -> CommandDefinition:
    found = group(text, pos)
    if found is None:
        return CommandDefinition(name, pos, why="no body in braces", lost=True)
    body, end = found
    if "##" in body:
        return CommandDefinition(name, end, why="a definition inside the body")
    if any(int(k) > arguments or k == "0" for k in re.findall(r"#(\d)", body)):
        return CommandDefinition(name, end, why="a parameter beyond its arguments")
    return CommandDefinition(name, end, Macro(name, arguments, body))


def _unread(text: str, name: str, pos: int, shape: tuple[str, ...], why: str) -> CommandDefinition:
    """A definition not read: where it ends, following ``shape`` (``option``: any bracketed
    options; ``parameters``: a parameter text up to the next brace; ``group``: a braced group)."""
    for part in shape:
        if part == "option":
            while found := _OPTION.match(text, pos):
                pos = found.end()
        elif part == "parameters":
            brace = text.find("{", pos)
            if brace < 0:
                return CommandDefinition(name, pos, why=why, lost=True)
            pos = brace
        elif (braced := group(text, pos)) is not None:
            pos = braced[1]
        else:
            return CommandDefinition(name, pos, why=why, lost=True)
    return CommandDefinition(name, pos, why=why)


def group(text: str, pos: int) -> tuple[str, int] | None:
    """The braced group after ``pos`` (spaces skipped): its inside and where it ends; None when
    there is none or it does not close."""
    while pos < len(text) and text[pos].isspace():
        pos += 1
    if not text.startswith("{", pos):
        return None
    depth, index = 0, pos
    while index < len(text):
        char = text[index]
        if char == "\\":
            index += 2
            continue
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth == 0:
            return text[pos + 1 : index], index + 1
        index += 1
    return None


def argument(text: str, pos: int) -> tuple[str, int] | None:
    """One undelimited argument after ``pos``: a braced group or one token (spaces skipped)."""
    while pos < len(text) and text[pos] in " \t\n":
        pos += 1
    if text.startswith("{", pos):
        return group(text, pos)
    # not a closing brace, a column or row of an alignment, the end of an environment or a
    # paragraph, a math shift or a parameter: TeX stops there or errs
    token = _ONE_TOKEN.match(text, pos)
    return (token.group(0), token.end()) if token else None


@dataclass(frozen=True, slots=True)
class Shown:
    """A definition as a message shows it: its line, its start and its whole text."""

    line: int
    head: str
    whole: str


def unread_message(shown: Shown, why: str, name: str) -> str:
    """Why a definition is not read, for the blocks that use ``name``."""
    return (
        f"line {shown.line}: {shown.head} ({why}): the document's definition is not read, and "
        f"{name or 'the command it defines'} is not read the built-in way"
    )


def mentioned(text: str) -> set[str]:
    """The commands ``text`` names."""
    return set(re.findall(r"\\[A-Za-z@]+|\\.", text))
