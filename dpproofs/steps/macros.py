"""The document's own commands, expanded in TeX's order and scope.

A pasted .tex file brings its preamble, and a definition there changes what a command means
(``\\renewcommand{\\log}{\\log_2}``, ``\\let\\le\\ge``, ``\\newcommand{\\norm}[1]{...}``): reading
the command the built-in way would decide another statement. :func:`expand` walks the document
from its start as TeX reads it and replaces each use of a defined command by the meaning IN
FORCE AT THAT USE (the definitions read are those of :mod:`.macro_definitions`):

* a definition holds from where it stands on; a later ``\\renewcommand`` changes the uses after
  it, never those before;
* scope: a definition inside a group (``{...}``, ``\\begingroup ... \\endgroup``,
  ``\\begin{env} ... \\end{env}``, a math block) ends with the group; ``\\gdef`` and a
  ``\\global`` prefix define at every level (TeX's global assignment);
* ``\\let\\a\\b`` copies the meaning ``\\b`` has at the ``\\let``: a later redefinition of
  ``\\b`` does not change ``\\a``; ``\\let`` of a command the document does not define keeps
  that command as it is (``\\let\\oldle\\le``: ``\\oldle`` is the built-in ``\\le``);
* what TeX does not execute is not read (:func:`.tex_source.visible`);
* an expansion is read again, as TeX reads it: a command whose body defines another defines it
  where it is used; ``\\csname name\\endcsname`` is the command ``\\name``, and
  ``\\expandafter T\\csname name\\endcsname`` is ``T\\name``.

A use of a defined command is replaced by `` body `` (spaces keep it apart from its
neighbours), ``#k`` by the k-th argument in braces (a braced group or one token). Whatever the
walk cannot follow exactly is NEVER guessed: a definition not read (:mod:`.macro_definitions`),
one inside a math block (whose scope a cell of ``align`` ends), one inside a conditional
(``\\ifx ... \\fi``: it may not run), a body that uses its own command, ``\\providecommand`` of a
command LaTeX defines, expansions that do not end: a math block that USES the command is not
checked, with the definition and its line (:class:`Expansion`). Where even the rest of the text
cannot be followed (an ``\\expandafter`` or ``\\csname`` not of the forms above, a definition
whose end is lost, a command not read used outside mathematics, where it may open a block or
define another), every block from there on is not checked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from dpproofs.steps.macro_arguments import substitute
from dpproofs.steps.macro_definitions import (
    BY_NAME,
    DEFINING,
    LATEX,
    PREFIXES,
    CommandDefinition,
    Macro,
    Shown,
    argument,
    mentioned,
    read,
    unread_message,
)
from dpproofs.steps.tex_source import NOT_CONDITIONALS, visible

__all__ = ["Expansion", "Macro", "Refusal", "expand"]

#: Expansions in a row that read nothing of the text itself: more means they do not end.
MAX_EXPANSIONS = 500
#: Characters of expansion waiting to be read: more means expansions that grow without end.
MAX_PENDING = 100_000
_TOKEN = re.compile(r"\\(?:[A-Za-z]+|.)|[{}]|\$\$?", re.DOTALL)
_TOKEN_AT = re.compile(r"\\(?:[A-Za-z@]+|.)|[{}]|\$\$?", re.DOTALL)
#: Commands (LaTeX's, etoolbox's, xpatch's) that change the command they are given.
_PATCHING = re.compile(r"(?:addto@macro|appto|preto|patchcmd|apptocmd|pretocmd|robustify)$")
#: A token after which a braced group is that command's argument (``\\foo{a}{b}``: after the
#: first argument, ``last`` is ``\\foo`` again).
_COMMAND_BEFORE = re.compile(r"\\[A-Za-z@]+")
_CONDITIONAL = re.compile(r"\\if[A-Za-z@]*")
_OPTION = re.compile(r"\[[^\[\]{}]*\]")
_MATH_ENVIRONMENTS = frozenset(
    f"{name}{star}"
    for name in re.findall(r"\w+", "align alignat eqnarray equation gather multline flalign math")
    for star in ("", "*")
) | {"displaymath", "aligned", "split", "gathered", "alignedat", "array", "cases", "matrix"}
_CLOSERS = {"}": "{", "\\endgroup": "\\begingroup", "\\egroup": "{", "\\]": "\\[",
            "\\)": "\\("}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Primitive:
    """What ``\\let`` copies from a command the document does not define: that command as
    LaTeX defines it, whatever the document later does to it."""

    token: str


@dataclass(frozen=True, slots=True)
class Unread:
    """A command whose meaning at this point is not followed; ``why`` names the definition."""

    why: str


Meaning = Macro | Primitive | Unread


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why the block holding ``offset`` of :attr:`Expansion.text` is not checked; ``onward``:
    every block from there on."""

    offset: int
    message: str
    onward: bool = False


@dataclass(frozen=True, slots=True)
class Expansion:
    """The text with comments and verbatim removed, definitions blanked (their lines kept) and
    defined commands expanded, with the refusals of :func:`expand`."""

    text: str
    refusals: tuple[Refusal, ...] = ()

    def refusal(self, start: int, end: int) -> str:
        """Why the block ``text[start:end]`` is not checked ("" when it is)."""
        found = [
            r.message for r in self.refusals if r.offset < end and (r.onward or start <= r.offset)
        ]
        if not found:
            return ""
        return (
            f"ambiguous: the document's commands: {'; '.join(dict.fromkeys(found))} (write the "
            "block with the command expanded, or define it with \\newcommand before the blocks)"
        )


def expand(text: str) -> Expansion:
    """The document ``text`` with its commands expanded as the module docstring says."""
    return _Walk(visible(text)).run()


@dataclass(slots=True)
class _Frame:
    """A group: what opened it, whether it is mathematics, the meanings it defines and (for the
    outermost frame of a math block) the commands the block has used."""

    kind: str
    math: bool = False
    #: The command whose argument the group is ("" for a group of its own): it may run the
    #: group elsewhere, later (``\\AtBeginDocument``) or not at all.
    argument: str = ""
    meanings: dict[str, Meaning] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)


class _Walk:
    """One left-to-right reading of a text (:func:`expand`)."""

    def __init__(self, text: str) -> None:
        self.rest, self.pos, self.source = text, 0, 0  # rest[:source] is expansion text
        self.out: list[str] = []
        self.length = self.lines = 0
        self.frames = [_Frame("")]
        self.refusals: list[Refusal] = []
        self.letters_at = False
        self.conditionals = 0
        self.last = ""  # the last token read: a group after a command is its argument
        self.chain: list[str] = []  # the commands expanded since the text itself was last read

    def run(self) -> Expansion:
        while found := (_TOKEN_AT if self.letters_at else _TOKEN).search(self.rest, self.pos):
            between = self.rest[self.pos : found.start()]
            self.emit(between)
            # an optional argument between a command's arguments: the next group is one too
            if not (_OPTION.fullmatch(between.strip()) and _COMMAND_BEFORE.fullmatch(self.last)):
                self.last = between.strip()[-1:] or self.last
            self.pos = found.end()
            self.token(found.group(0), found.start())
        self.emit(self.rest[self.pos :])
        return Expansion("".join(self.out), tuple(self.refusals))

    # --- output and scope ----------------------------------------------------------------
    def emit(self, text: str) -> None:
        self.out.append(text)
        self.length += len(text)
        self.lines += text.count("\n")

    def refuse(self, message: str, onward: bool = False) -> None:
        self.refusals.append(Refusal(self.length, message, onward))

    def meaning(self, name: str) -> Meaning | None:
        for frame in reversed(self.frames):
            if name in frame.meanings:
                return frame.meanings[name]
        return None

    def math_home(self) -> _Frame | None:
        return next((f for f in self.frames if f.math), None)

    def close(self, kind: str) -> _Frame | None:
        """End the innermost group opened by ``kind`` (a closer without one is ignored)."""
        for index in range(len(self.frames) - 1, 0, -1):
            if self.frames[index].kind == kind:
                closed = self.frames[index]
                del self.frames[index:]
                return closed
        return None

    def patched(self, command: str, braced: bool = True) -> bool:
        """A command that changes another (``\\patchcmd{\\cc}``, ``\\g@addto@macro\\cc``,
        :data:`_PATCHING`): the command it names is not read from here on."""
        if self.meaning(command):
            return False
        named = re.compile(r"\s*(\\[A-Za-z@]+)" + (r"\s*\}" if braced else "")).match(
            self.rest, self.pos
        )
        if named is not None:
            why = f"line {self.lines + 1}: {command} {named.group(1)} may change it"
            self.define(named.group(1), Unread(f"{why}: {named.group(1)} is not read"), True)
            self.emit(named.group(1))  # named, not used
            self.pos = named.end(1)
        return named is not None

    def define(self, name: str, meaning: Meaning, every_level: bool) -> None:
        if every_level:
            for frame in self.frames:
                frame.meanings.pop(name, None)
        self.frames[0 if every_level else -1].meanings[name] = meaning

    # --- tokens ----------------------------------------------------------------------------
    def token(self, token: str, start: int) -> None:
        before, self.last = self.last, token
        if token in ("{", "\\begingroup", "\\bgroup", "\\[", "\\("):
            math = token in ("\\[", "\\(") or self.frames[-1].math
            argument = before if token == "{" and _COMMAND_BEFORE.fullmatch(before) else ""
            kind = "{" if token == "\\bgroup" else token  # \\bgroup is \\let to {
            self.frames.append(_Frame(kind, math, argument=argument))
            self.emit(token)
            if argument and not math and _PATCHING.search(argument):
                self.patched(argument)
            return
        elif token in _CLOSERS:
            closed = self.close(_CLOSERS[token])
            # a group after an argument is the same command's next argument
            self.last = closed.argument if closed is not None else ""
        elif token in ("$", "$$"):
            if self.frames[-1].kind == token:
                self.frames.pop()
            else:
                self.frames.append(_Frame(token, True))
        elif token in ("\\begin", "\\end"):
            self.environment(token)
            self.last = ""
            return
        elif token in ("\\makeatletter", "\\makeatother"):
            self.letters_at = token == "\\makeatletter"
        elif token in DEFINING or token in PREFIXES:
            self.definition(token, start)
            self.last = ""
            return
        elif token in ("\\csname", "\\expandafter"):
            self.computed_name(token, start)
            return
        elif token == "\\newif":
            named = re.compile(r"\s*\\[A-Za-z@]+").match(self.rest, self.pos)
            token, self.pos = (token + named.group(0), named.end()) if named else (token, self.pos)
        elif _CONDITIONAL.fullmatch(token) and token not in NOT_CONDITIONALS:
            self.conditionals += 1
            if token in ("\\iftrue", "\\iffalse"):  # left by visible(): its end is not clear
                self.refuse(f"line {self.lines + 1}: {token} ... \\fi whose end is not clear (a "
                            "conditional not known inside it, or no \\fi): the text after it is "
                            "not read", onward=True)  # fmt: skip
        elif token == "\\fi":
            self.conditionals = max(0, self.conditionals - 1)
        elif token in BY_NAME:
            self.by_name(token, start)
            return
        elif token.startswith("\\"):
            self.use(token, start)
            return
        self.emit(token)

    def environment(self, token: str) -> None:
        found = re.compile(r"\s*\{([^{}]*)\}").match(self.rest, self.pos)
        if found is None:
            self.emit(token)
            return
        name = found.group(1).strip()
        self.pos = found.end()
        if token == "\\end":
            self.close(f"env:{name}")
        else:
            if isinstance(self.meaning(f"\\begin{{{name}}}"), Unread):
                why = self.meaning(f"\\begin{{{name}}}")
                assert isinstance(why, Unread)
                self.refuse(why.why, onward=True)
            math = name in _MATH_ENVIRONMENTS or self.frames[-1].math
            self.frames.append(_Frame(f"env:{name}", math))
        self.emit(f"{token}{{{found.group(1)}}}")

    def use(self, name: str, start: int) -> None:
        home = self.math_home()
        if home is not None:
            home.used.add(name)
        meaning = self.meaning(name)
        if isinstance(meaning, Unread):
            self.refuse(meaning.why, onward=home is None)
        if isinstance(meaning, Primitive) and _structural(meaning.token):
            self.push(meaning.token + " ", self.pos)  # \\let\\nc\\newcommand: read as itself
        elif isinstance(meaning, Primitive):
            self.emit(f" {meaning.token} ")
        elif not isinstance(meaning, Macro):
            self.emit(name)
            if home is None and _PATCHING.search(name) and self.patched(name, braced=False):
                self.last = ""  # \\gappto\\cc{...}: {...} is no argument of \\cc
        else:
            self.expand(name, meaning, start)

    def expand(self, name: str, macro: Macro, start: int) -> None:
        arguments, pos = [], self.pos
        for _ in range(macro.arguments):
            found = argument(self.rest, pos)
            if found is None:
                self.refuse(f"{name} used without its arguments", onward=self.math_home() is None)
                self.emit(name)
                return
            arguments.append(found[0])
            pos = found[1]
        body, stripped = substitute(macro.body, arguments)
        if stripped:
            self.refuse(f"line {self.lines + 1}: {name}: {stripped}")
        self.chain = [] if pos > self.source else [*self.chain, name]
        if len(self.chain) > MAX_EXPANSIONS or len(body) + self.source - pos > MAX_PENDING:
            names = ", ".join(sorted({*self.chain, name}))
            self.refuse(f"the document's commands {names} do not finish expanding", onward=True)
            end = max(pos, self.source)  # what the expansions pushed is dropped, lines kept
            self.emit("\n" * self.rest.count("\n", start, end))
            self.push("", end)
            return
        self.push(f" {body.replace(chr(10), ' ')} " + "\n" * self.rest.count("\n", start, pos), pos)

    def push(self, text: str, end: int) -> None:
        """Read ``text`` next, then the rest after ``end``."""
        self.source = len(text) + max(0, self.source - end)
        self.rest, self.pos = text + self.rest[end:], 0

    def computed_name(self, token: str, start: int) -> None:
        """``\\csname name\\endcsname`` and ``\\expandafter T\\csname name\\endcsname``."""
        name = r"\s*\\csname\s*([A-Za-z@]*)\s*\\endcsname"
        pattern = name[len(r"\s*\\csname") :] if token == "\\csname" else (
            r"\s*(\\[A-Za-z@]+|\\.|[^\s\\])" + name
        )  # fmt: skip
        found = re.compile(pattern).match(self.rest, self.pos)
        if found is None:
            self.refuse(
                f"line {self.lines + 1}: {self.rest[start : start + 40].split(chr(10))[0]}: "
                f"{token} not followed (write the command it builds)", onward=True,
            )  # fmt: skip
            self.emit(token)
            return
        built = "\\" + found.group(found.lastindex or 0) + " "
        self.push(built if token == "\\csname" else found.group(1) + built, found.end())

    def by_name(self, token: str, start: int) -> None:
        """``\\@namedef{cc}``, ``\\csdef{cc}`` ... as the ``\\csname`` spelling they stand for."""
        found = re.compile(r"\s*\{\s*([A-Za-z@]*)\s*\}").match(self.rest, self.pos)
        if found is None:
            self.refuse(f"line {self.lines + 1}: {token} of a name not in letters is not followed "
                        "(write the command it builds)", onward=True)  # fmt: skip
            self.emit(token)
            return
        self.push(BY_NAME[token].replace("NAME", found.group(1)) + " ", found.end())

    def definition(self, token: str, start: int) -> None:
        every_level = token == "\\global"
        while token in PREFIXES:
            after = re.compile(r"\s*(\\[A-Za-z]+)").match(self.rest, self.pos)
            if after is None or after.group(1) not in DEFINING | PREFIXES:
                self.emit(token)  # \\global\\advance ...: not a definition
                return
            token, self.pos = after.group(1), after.end()
            every_level = every_level or token == "\\global"
        every_level = every_level or token in ("\\gdef", "\\xdef")
        begin = self.rest.rfind(token, 0, self.pos)
        found = read(self.rest, self.pos, token)
        text = self.rest[begin : found.end]
        line = self.lines + 1 + self.rest.count("\n", start, begin)
        # its line breaks kept, or a space: a definition never glues its neighbours ($\\def..$)
        self.emit("\n" * self.rest.count("\n", start, found.end) or " ")
        self.pos = found.end
        shown = self.rest[begin : begin + 60].split("\n")[0]
        if found.lost:
            self.refuse(f"line {line}: {shown} ({found.why}): the text after it is not read",
                        onward=True)  # fmt: skip
            return
        self.bind(found, token, every_level, Shown(line, shown, text.strip()))

    def bind(self, found: CommandDefinition, token: str, every_level: bool, shown: Shown) -> None:
        """Give ``found.name`` its meaning from here on, or record why it has none."""
        name = found.name
        meaning: Meaning | None = None
        if _structural(name) or found.let in ("\\iftrue", "\\iffalse"):
            self.refuse(f"line {shown.line}: {shown.head} redefines {name}, which the reader "
                        "reads itself: the text after it is not read", onward=True)  # fmt: skip
            return
        if token == "\\providecommand" and self.meaning(name) is not None:
            return  # already defined by the document: \\providecommand does nothing
        why = found.why
        if not why and token == "\\providecommand" and name in LATEX:
            why = "LaTeX defines it, so this may do nothing"
        if not why and token == "\\newcommand" and (name in LATEX or self.meaning(name)):
            why = "it is already defined: LaTeX stops with an error and keeps the old meaning"
        if not why and found.macro is not None and name in mentioned(found.macro.body):
            meaning = Unread(
                f"line {shown.line}: {shown.whole} defines {name} by itself; not read (write "
                f"the steps with {name} expanded)"
            )
        elif not why and found.let:
            copied = self.meaning(found.let)
            meaning = copied if copied is not None else Primitive(found.let)
        elif not why and found.macro is not None:
            meaning = found.macro
        home = self.math_home()
        argument = next((f.argument for f in reversed(self.frames) if f.argument), "")
        if home is None and argument:
            why = f"inside the argument of {argument}, which may run it later or not at all"
            every_level = True  # where it holds is not known: not read anywhere from here on
        elif home is not None or self.conditionals:
            why = "inside a math block, where its scope is unclear: define it before the block"
            if not home:
                why = "inside a conditional (\\if... \\fi), which may not run"
            if home is not None and name in home.used:
                self.refuse(unread_message(shown, why, name))
        if why:
            meaning = Unread(unread_message(shown, why, name))
        assert meaning is not None
        if home is not None:  # unread to the end of the block, and after it when global
            for frame in self.frames[self.frames.index(home) :]:
                frame.meanings[name] = meaning
            if every_level:
                self.define(name, meaning, True)
            return
        self.define(name, meaning, every_level)


def _structural(name: str) -> bool:
    """A command the walk reads itself (groups, environments, definitions, conditionals)."""
    return (
        name in DEFINING
        or name in PREFIXES
        or name in _CLOSERS
        or bool(_CONDITIONAL.fullmatch(name))
        or name in BY_NAME
        or name in re.findall(r"\\[A-Za-z]+|\\.", _READ_HERE)
    )


_READ_HERE = r"""\begin \end \csname \endcsname \expandafter \makeatletter \makeatother \newif
    \fi \begingroup \bgroup \[ \( \verb \lstinline"""
