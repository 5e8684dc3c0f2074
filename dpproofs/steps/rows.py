"""The text around the mathematics of a pasted derivation: its blocks, rows and justifications.

A paper's derivation arrives as LaTeX with prose around it. :func:`math_blocks` takes every math
environment (``align``, ``equation``, ``gather``, ``multline``, ... and ``$$``, ``\\[ \\]``)
and drops comments and the prose between them; :func:`read_rows` applies the author's mapping
(:func:`substitute`, whole tokens only), splits each block into rows on ``\\\\`` and removes the
``&`` marks. Everything after ``&&``, a trailing ``\\text{...}`` and a trailing parenthesised
group with ``\\text`` is the row's justification, never maths; a justification that states a
condition ("for $x \\ge 1$") gives the row's condition; an equation number after spacing
(``\\qquad (2)``) is dropped and a bare ``(2)`` is ambiguous. The maths of each row is read by
:mod:`dpproofs.steps.latex`. See docs/latex.md.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from dpproofs.steps.conditions import MARK, has_relation, segments, stated
from dpproofs.steps.lexer import NotUnderstood, split_chain, tokens
from dpproofs.steps.macros import expand
from dpproofs.steps.notation import _IGNORED, RELATIONS, UNCHECKED_RELATIONS
from dpproofs.steps.tex_source import visible

_ENV = re.compile(r"\\(?:begin|end)\{(?:align\*?|aligned|eqnarray\*?|equation\*?|split)\}")
_LABEL = re.compile(r"\\(?:label|tag)\{[^{}]*\}|\\nonumber|\\notag|\$\$?|\\\[|\\\]")
#: A labelled relation, ``\\overset{(a)}{\\le}`` or ``\\stackrel{(b)}=``: the label is dropped.
_LABELLED_RELATION = re.compile(
    r"\\(?:overset|stackrel)\{[^{}]*\}\s*(?:\{\s*(\\[A-Za-z]+|[=<>])\s*\}|(\\[A-Za-z]+|[=<>]))"
)
_TRAILING_TEXT = re.compile(r"\\text\{((?:[^{}]|\{[^{}]*\})*)\}\s*[.,;]?\s*$")


@dataclass(frozen=True, slots=True)
class Row:
    """One row of the block: its maths (``&`` removed), its justification, and how it joins the
    rows before it.

    ``block`` numbers the math blocks of the text (``align``, ``equation``, ``$$``...); ``line``
    is the row's line in the text (1-based). ``condition`` is a condition the justification
    states for the row ("for $x \\ge 1$"), as LaTeX; ``problem`` says why the row is ambiguous.
    """

    latex: str
    justification: str = ""
    block: int = 0
    line: int = 1
    condition: str = ""
    problem: str = ""
    #: Why the row's block is not checked at all (the document's commands, :mod:`.macros`): it
    #: comes before any other reason.
    refused: str = ""
    #: For the first row of a block after another: the text between the two blocks (prose, or
    #: inline mathematics that could be a left side); None otherwise.
    gap: str | None = None
    #: Why the justification may hold a condition that is not read (:mod:`.conditions`): a
    #: refutation of the row's steps is then not the text's (they are not checked), a proof
    #: stands (a statement for every value holds under any condition).
    caveat: str = ""


#: Rounds of substitution (a value may use other keys); more means the mapping is circular.
MAX_ROUNDS = 8


#: What may stand between two tokens of a mapping key in the text: spaces, ``\\left`` /
#: ``\\right`` and the sizing and spacing commands the reader ignores (:func:`.lexer.tokens`).
_BETWEEN = "(?:" + "|".join(
    [r"\s", r"\\left(?![A-Za-z])", r"\\right(?![A-Za-z])"]
    + [re.escape(t) + ("(?![A-Za-z])" if t[-1].isalpha() else "")
       for t in sorted(_IGNORED, key=len, reverse=True)]
) + ")"  # fmt: skip


def _key_pattern(key: str) -> str:
    """``key`` as a whole token sequence: its tokens (:func:`.lexer.tokens`) in order, with any
    spacing, ``\\left``, ``\\right`` or sizing command between them, so ``\\Phi(\\frac{x}{2})``
    also matches ``\\Phi\\left( \\frac{x}{2} \\right)`` (a key copied from a message, which shows
    the tokens, matches the paper's text). A key that starts with a letter is not the tail of a
    word or a command (``q`` is not replaced inside ``\\geq``), one that ends with a letter or a
    digit is not the head of a longer name or a subscripted symbol (``x`` is not replaced in
    ``x_i`` or ``xy``); two tokens that would run together (``\\Delta f``) need a space."""
    key = key.strip()
    parts = tokens(key) or [key]
    pattern = re.escape(parts[0])
    for before, after in itertools.pairwise(parts):
        # a command and a letter run together without a separator (\\Deltaf is another command)
        joined = re.search(r"\\[A-Za-z]+$", before) and re.match(r"[A-Za-z]", after)
        pattern += _BETWEEN + ("+" if joined else "*") + re.escape(after)
    if re.match(r"[A-Za-z]", key):
        pattern = r"(?<![A-Za-z\\])" + pattern
    elif re.match(r"[0-9]", key):
        pattern = r"(?<![0-9.])" + pattern
    if re.search(r"[A-Za-z]$", key):
        pattern += r"(?![A-Za-z_])"
    elif re.search(r"[0-9]$", key):
        pattern += r"(?![0-9_])"
    return pattern


def substitute(text: str, mapping: Mapping[str, str]) -> str:
    """Replace every key of ``mapping`` by its value (in braces), longest key first, whole tokens
    only (:func:`_key_pattern`), repeated until nothing changes (values may use other keys); a
    circular mapping raises NotUnderstood."""
    if not mapping:
        return text
    keys = sorted(mapping, key=len, reverse=True)
    # one capturing group per key (the key's own pattern has none): lastindex names the key
    pattern = re.compile("|".join(f"({_key_pattern(k)})" for k in keys))
    applied = re.compile(_BETWEEN + r"*[(\[]")

    def replace(m: re.Match[str]) -> str:
        key = keys[m.lastindex - 1]  # type: ignore[operator]
        value = mapping[key]
        # ``\Phi => p`` where the text applies \Phi: {p}(x) would read as p times x.
        if (
            not re.search(r"[)\]]\s*$", key)
            and applied.match(m.string, m.end())
            and not re.fullmatch(r"\s*\\[A-Za-z]+\s*", value)
        ):
            raise NotUnderstood(
                f"ambiguous: {key} is applied to an argument here, and its value {value} "
                f"would read as a factor; map the application as written "
                f"('{key}(x) => ...', with the argument) instead",
                m.string[m.start() : m.start() + 40],
            )
        if re.fullmatch(r"\s*(\\[A-Za-z]+|[A-Za-z])\s*", value):
            return "{" + value + "}"  # a name for a name: {g}(x) is still g applied to x
        # a value is one group, never the argument of a name before it: \lambda H with
        # H => (a + b) is \lambda times (a + b), not \lambda{(a + b)} = \lambda(a + b)
        return "{{" + value + "}}"

    for _ in range(MAX_ROUNDS):
        replaced = pattern.sub(replace, text)
        if replaced == text:
            return text
        text = replaced
    raise NotUnderstood("the mapping is circular (a value keeps using a key)", text[:80])


#: Math environments whose rows are read; the text between them (prose) is not mathematics.
_MATH_BLOCK = re.compile(
    r"\\begin\{(?P<env>align\*?|aligned|alignat\*?|eqnarray\*?|equation\*?|gather\*?"
    r"|multline\*?|split|flalign\*?)\}(?P<body>.*?)\\end\{(?P=env)\}"
    r"|\$\$(?P<dollars>.*?)\$\$|\\\[(?P<bracket>.*?)\\\]",
    re.DOTALL,
)
#: A hand-written equation number after spacing: ``\\qquad (2)``, ``\\hfill (3.1)``.
_EQUATION_NUMBER = re.compile(r"\\(?:q?quad|hfill)\s*\(\s*[\w.*']+\s*\)\s*[.,;]?\s*$")
#: A bare ``(2)`` ending a row after a space: an equation number or a factor?
_BARE_NUMBER = re.compile(r"\s\(\s*\d+(?:\.\d+)?\s*\)\s*[.,;]?\s*$")
_TEXT = re.compile(r"\\(?:text|textrm|mbox)\{(?:[^{}]|\{[^{}]*\})*\}")


def math_blocks(text: str) -> list[tuple[int, str]]:
    """The math blocks of a pasted text with their first line: every math environment, ``$$``
    and ``\\[ \\]`` block, comments removed; the whole text when it has none (a bare block)."""
    return [(block.line, block.body) for block in _blocks_and_gaps(visible(text))]


@dataclass(frozen=True, slots=True)
class _Block:
    """A math block of a text: its first line, environment ("" for ``$$``, ``\\[``, bare
    text), body, the text before it since the block before (None for the first block), and
    where it stands in the text."""

    line: int
    env: str
    body: str
    gap: str | None
    start: int
    end: int


def _blocks_and_gaps(text: str) -> list[_Block]:
    """The blocks of :func:`math_blocks` in a text without comments (:func:`.macros.visible`)."""
    found: list[_Block] = []
    end: int | None = None
    for m in _MATH_BLOCK.finditer(text):
        gap = None if end is None else text[end : m.start()]
        body = m.group("body") or m.group("dollars") or m.group("bracket") or ""
        line = text.count("\n", 0, m.start()) + 1
        found.append(_Block(line, m.group("env") or "", body, gap, m.start(), m.end()))
        end = m.end()
    return found or [_Block(1, "", text, None, 0, len(text))]


#: A row that is only a comment column: ``&&`` (or ``& &``) first, then no operator that would
#: continue the expression above (``&& + b^2`` is maths).
_COMMENT_ROW = re.compile(r"^\s*&\s*&(?!\s*(?:[-+/]|\\cdot|\\times))")


def read_rows(block: str, mapping: Mapping[str, str] | None = None) -> list[Row]:
    """The rows of a pasted text: its math blocks (prose and comments dropped), mapped, split on
    ``\\\\``, without ``&``; everything after ``&&`` and a trailing ``\\text{...}`` is the row's
    justification, a trailing ``\\qquad (2)`` or ``\\tag{2}`` its equation number."""
    rows: list[Row] = []
    # the document's own commands (\\newcommand, \\def, \\let): expanded where they are used,
    # or the blocks that use them refused
    expansion = expand(block)
    for number, found in enumerate(_blocks_and_gaps(expansion.text)):
        env, line, refusal = found.env, found.line, expansion.refusal(found.start, found.end)
        first_row = len(rows)
        # Inline maths inside \\text{...} is kept apart (MARK), to read conditions from it.
        body = _TEXT.sub(lambda m: m.group(0).replace("$", MARK), found.body)
        body = _PIECEWISE.sub(_piecewise, body)
        text = _LABEL.sub(" ", _ENV.sub(" ", body))
        text = _LABELLED_RELATION.sub(_relation_of_label, text)
        text = substitute(text, mapping or {})
        for raw in re.split(r"(\\\\(?:\[[^\]]*\])?)", text):
            if raw.startswith("\\\\"):
                continue
            leading = raw[: len(raw) - len(raw.lstrip())]
            comment = _COMMENT_ROW.match(raw)
            # only a comment column: it belongs to the row above (in eqnarray, && opens the
            # right-hand column: maths)
            if comment and not env.startswith("eqnarray"):
                if rows and rows[-1].block == number:
                    rows[-1] = _annotated(rows[-1], raw[comment.end() :])
                line += raw.count("\n")
                continue
            row = _row(raw, number, line + leading.count("\n"))
            line += raw.count("\n")
            if row is not None:
                parts, problem = _listed(row.latex)
                problem = row.problem or problem
                rows += [replace(row, latex=part, problem=problem) for part in parts]
        if len(rows) > first_row:
            rows[first_row] = replace(rows[first_row], gap=found.gap)
        if refusal:
            rows[first_row:] = [
                replace(row, problem=refusal, refused=refusal) for row in rows[first_row:]
            ]
    return rows


def _listed(maths: str) -> tuple[list[str], str]:
    """A row that lists relations separated by top-level commas (``u(0) = 0, \\quad u(1) = 1``)
    as its statements, one per relation: each is a statement of its own, never a link of a chain
    ``u(0) = 0, u(1) = 1`` with a bogus middle ``0, u(1)``. Any other row is one piece.

    A later piece that only bounds a lone parameter (``..., \\quad \\varepsilon \\le 1``) may be
    the condition of the relation before it, as papers write one: the row is then one piece, and
    ambiguous (the reason says how to write it)."""
    parts, depth, begin = [], 0, 0
    for index, char in enumerate(maths):
        depth += char in "{(["
        depth -= char in "})]"
        if char == "," and depth == 0:
            parts.append(maths[begin:index].strip())
            begin = index + 1
    parts.append(maths[begin:].strip())
    chains = [split_chain(tokens(p)) for p in parts]
    if len(parts) < 2 or not all(rels for _, rels, _ in chains):
        return [maths], ""
    for part, (exprs, _, _) in zip(parts[1:], chains[1:], strict=True):
        if all(_lone(e) for e in exprs):
            return [maths], (
                f"ambiguous: ', {part}' after a relation is its condition or a statement of its "
                "own? write a condition beside the row (&& \\text{for $x \\le 1$}) or the "
                "statement on a row of its own"
            )
    return parts, ""


def _lone(expr: list[str]) -> bool:
    """A parameter or a number alone (``x``, ``\\varepsilon``, ``x_i``, ``-1``): the side of a
    condition, not of a statement."""
    return (
        len(expr) == 1 or (len(expr) == 2 and expr[0] == "-") or (len(expr) >= 3 and expr[1] == "_")
    )


#: A piecewise definition or an array inside a row: its ``&`` and ``\\\\`` are its own columns and
#: rows, not the derivation's, and its relations are not links of the chain.
_PIECEWISE = re.compile(
    r"(?:\\left\\\{\s*)?\\begin\{(?P<env>[dr]?cases|array)\}(?:\{[^{}]*\})?.*?"
    r"\\end\{(?P=env)\}(?:\s*\\right\.)?",
    re.DOTALL,
)


def _piecewise(found: re.Match[str]) -> str:
    """One token, ``\\cases`` (refused by the expression reader with the way forward), keeping
    the block's line breaks so the rows after it keep their line numbers."""
    return (
        " \\"
        + ("cases" if "cases" in found["env"] else "array")
        + " "
        + "\n" * (found.group(0).count("\n"))
    )


def _annotated(row: Row, aside: str) -> Row:
    """``row`` with a comment-column row below it (``&& \\varepsilon \\le 1``) added to its
    justification; a condition stated there is the row's condition (a second one makes the row
    ambiguous: which of them does the step use?)."""
    shown = _plain(aside.replace("&", " ")).replace(MARK, "")
    justification = f"{row.justification}; {shown}" if row.justification else shown
    condition, why = _condition_of(aside)
    if why:
        return replace(row, justification=justification, caveat=row.caveat or why)
    if condition and row.condition:
        problem = (
            f"ambiguous: the row states two conditions ('{row.condition}' and '{condition}'); "
            "write them as one chain or in one justification"
        )
        return replace(row, justification=justification, problem=row.problem or problem)
    return replace(row, justification=justification, condition=condition or row.condition)


def _condition_of(aside: str) -> tuple[str, str]:
    """The condition a comment column states and why it cannot be read: in the words of
    :mod:`.conditions` (``for $x \\ge 1$``), or bare mathematics that is a relation (``&& x \\le
    1``, a condition column as in a case split)."""
    pieces = segments(aside)
    if len(pieces) == 1 and pieces[0][0] and has_relation(pieces[0][1]):
        return pieces[0][1].rstrip(".,;: "), ""
    return stated(aside)


def _row(raw: str, block: int, line: int) -> Row | None:
    """One row's maths, justification, condition and problem (None for an empty row)."""
    aside = ""
    maths = raw
    cut = re.search(r"(?<=\S)\s*&&", raw)
    if cut and raw[: cut.start()].replace("&", "").strip():
        maths, aside = raw[: cut.start()], raw[cut.end() :].replace("&", " ")
    maths = re.sub(r"\s+", " ", maths.replace("&", " ")).strip()
    maths = _EQUATION_NUMBER.sub("", maths).strip()
    spaced = list(re.finditer(r"\\q?quad\b", maths))
    if not aside and spaced:  # ``e^x \ge 1 + x \quad x \ge 0``: a statement and its condition
        before, after = maths[: spaced[-1].start()].strip(), maths[spaced[-1].end() :].strip()
        bare = not before.endswith(",") and not after.startswith("(") and MARK not in after
        simple = re.fullmatch(r"\\?[A-Za-z]+\s*(?:\\geq?|\\leq?|<|>|\\neq?)\s*[-\w.\\ ]+", after)
        if bare and simple and "\\forall" not in before and has_relation(before):
            maths, aside = before, after
    problem = ""
    if _BARE_NUMBER.search(maths):
        problem = (
            "ambiguous: the row ends with "
            f"'{_BARE_NUMBER.search(maths).group(0).strip()}', an equation number or a factor? "  # type: ignore[union-attr]
            "write \\tag{2} for a number or \\cdot (2) for a product"
        )
    stripped = maths.rstrip(".,;").strip()
    maths, justification = _justification(stripped)
    tail = stripped[len(maths) :].strip()
    if tail.startswith("(") and tail.endswith(")"):
        tail = tail[1:-1]
    maths = maths.rstrip(".,;").strip()
    condition, why = _condition_of(aside) if aside.strip() else ("", "")
    if aside.strip():
        justification = _plain(aside)
    elif tail:
        condition, why = stated(tail)
    justification = justification.replace(MARK, "")
    if not maths:
        return None
    return Row(maths, justification, block, line, condition, problem, caveat=why)


def _plain(text: str) -> str:
    """A justification as shown: ``\\text{...}`` unwrapped, spaces collapsed."""
    shown = re.sub(r"\\(?:text|textrm|mathrm|mbox)\{((?:[^{}]|\{[^{}]*\})*)\}", r"\1", text)
    return re.sub(r"\s+", " ", shown).strip().rstrip(".,;").strip()


def _relation_of_label(found: re.Match[str]) -> str:
    """The relation under an ``\\overset`` label, if it is one; else the text unchanged."""
    relation = found.group(1) or found.group(2)
    if relation in RELATIONS or relation in UNCHECKED_RELATIONS:
        return f" {relation} "
    return found.group(0)


def _justification(line: str) -> tuple[str, str]:
    """Split a trailing justification off a row: ``\\text{...}`` or a parenthesised group that
    contains ``\\text`` (``(\\text{by } \\varepsilon\\text{-DP})``).

    Returns (maths, justification)."""
    found = _TRAILING_TEXT.search(line)
    if found:
        return line[: found.start()].strip(), found.group(1).strip()
    if line.endswith(")"):
        depth = 0
        for index in range(len(line) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(line[index], 0)
            if depth == 0:
                group = line[index:]
                if "\\text" in group:
                    shown = re.sub(r"\\text\{((?:[^{}]|\{[^{}]*\})*)\}", r"\1", group[1:-1])
                    return line[:index].strip(), shown.strip()
                break
    return line, ""


_CONTINUES_EXPRESSION = ("+", "-", "\\cdot", "\\times", "/")


#: Inline mathematics in the text between two displays: it could be the left side of a display
#: that opens with a relation.
_INLINE_MATHS = re.compile(r"\$|\\\(|\\ensuremath")


def statements(rows: list[Row]) -> list[list[int]]:
    """Row numbers grouped by statement (see derivation.read_derivation). A display that opens with
    a relation continues the chain of the display before it when only prose stands between them
    (its first step says so); with inline mathematics between them (``where $y = 2x$,``), that
    could be its left side, its first step is ambiguous."""
    groups: list[list[int]] = []
    for number, row in enumerate(rows):
        toks = tokens(row.latex)
        head = toks[0] if toks else ""
        joins = head in RELATIONS or head in UNCHECKED_RELATIONS or head in _CONTINUES_EXPRESSION
        new_block = number > 0 and row.block != rows[number - 1].block
        has_relation = bool(split_chain(toks)[1])
        if new_block and head in RELATIONS and row.gap is not None:
            before = rows[number - 1]
            inline = _INLINE_MATHS.search(row.gap)
            if inline is None:
                note = f"continues the chain of the display at line {before.line}"
                shown = f"{note}; {row.justification}" if row.justification else note
                rows[number] = replace(row, justification=shown)
                groups[-1].append(number)
                continue
            rows[number] = replace(row, problem=row.problem or (
                f"ambiguous: the display at line {row.line} opens with {head}, and the text "
                "before it holds mathematics (" + row.gap[inline.start() :].strip()[:40] + "...) "
                "that could be its left side, or it continues the display at line "
                f"{before.line}: write its left side"))  # fmt: skip
            groups[-1].append(number)
            continue
        if not groups or new_block or (not joins and has_relation):
            groups.append([number])
            continue
        if not joins:  # no relation and no operator: continued expression or new statement?
            rows[number] = replace(
                row,
                problem=row.problem
                or (
                    f"ambiguous: line {row.line} neither starts with a relation nor with + or -: "
                    "a continuation of the expression above or a new statement? start it with "
                    "an operator (+, \\cdot) or give it its own relation"
                ),
            )
        groups[-1].append(number)
    return groups
