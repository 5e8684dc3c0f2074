"""The document's own commands (dpproofs/steps/macros.py): expanded as TeX expands them, or
refused with their line; never read the built-in way (issue 28, paste from a paper)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.steps.macros import Expansion, expand
from dpproofs.steps.rows import read_rows
from tests.steps.test_steps_cli import call


@pytest.mark.parametrize(
    ("document", "result"),
    [
        ("\\newcommand{\\eps}{\\varepsilon}\n$\\eps$", " \n$ \\varepsilon $"),
        ("\\newcommand\\eps{\\varepsilon}\n$\\eps$", " \n$ \\varepsilon $"),
        ("\\renewcommand*{\\eps}{e}\n$\\eps$", " \n$ e $"),
        ("\\def\\eps{\\varepsilon}\n$\\eps$", " \n$ \\varepsilon $"),
        ("\\let\\le\\ge\n$a \\le b \\leq c$", " \n$a  \\ge  b \\leq c$"),
        ("\\let\\le=\\ge\n$a \\le b$", " \n$a  \\ge  b$"),
        ("\\newcommand{\\sq}[1]{#1^2}\n$\\sq{x+1} + \\sq y$", " \n$ {x+1}^2  +  {y}^2 $"),
        ("\\def\\pair#1#2{(#2, #1)}\n$\\pair{a}{b}$", " \n$ ({b}, {a}) $"),
        ("\\newcommand{\\a}{\\b}\\newcommand{\\b}{2}\n$\\a$", "  \n$  2  $"),
        ("\\DeclareMathOperator{\\rank}{rank}\n$\\rank$", " \n$ \\operatorname{rank} $"),
        ("no definitions $x \\le 1$", "no definitions $x \\le 1$"),
        # not read, but of a command the text does not use: no refusal (its text is dropped)
        ("\\DeclareMathOperator*{\\argmax}{arg\\,max}\n$x$", " \n$x$"),
        # a definition leaves a space where it stood: $\\def\\x{1}$ is no $$
        ("$\\def\\x{1}$ x $$", "$ $ x $$"),
    ],
)
def test_a_definition_is_expanded(document: str, result: str) -> None:
    # a definition leaves its line breaks, or one space where it had none
    assert expand(document) == Expansion(result)


@pytest.mark.parametrize(
    ("document", "named"),
    [
        ("\\renewcommand{\\log}{\\log_2}\n$\\log 8$", "line 1: \\renewcommand{\\log}{\\log_2}"),
        ("x\n\\def\\log{\\log_2}\n$\\log 8$", "line 2: \\def\\log{\\log_2} defines"),
        ("\\newcommand{\\f}[1][0]{#1}\n$\\f$", "line 1: \\newcommand{\\f}[1][0]{#1}"),
        ("\\newcommand{\\f}{#1}\n$\\f$", "line 1: \\newcommand{\\f}{#1}"),
        ("\\edef\\f{x}\n$\\f$", "line 1: \\edef\\f{x}"),
        ("\\newcommand{\\a}{\\b}\\newcommand{\\b}{\\a}\n$\\a$", "do not finish expanding"),
        ("\\DeclareMathOperator*{\\argmax}{arg}\n$\\argmax$", "line 1: \\DeclareMathOperator*"),
    ],
)
def test_a_definition_not_read_of_a_used_command_is_refused(document: str, named: str) -> None:
    expansion = expand(document)
    assert named in expansion.refusal(0, len(expansion.text))


def test_every_row_of_a_refused_document_is_not_checked_with_why() -> None:
    rows = read_rows("\\renewcommand{\\log}{\\log_2}\n\\begin{align}\\log 8 &= 3\\\\ &= 3\n"
                     "\\end{align}")  # fmt: skip
    assert rows and all("defines \\log by itself" in row.problem for row in rows)


def test_lines_are_kept() -> None:
    document = "\\newcommand{\\eps}\n{\\varepsilon}\n\\begin{align}\n\\eps &\\le 1\n\\end{align}"
    rows = read_rows(document)
    assert [(row.latex, row.line) for row in rows] == [("\\varepsilon \\le 1", 4)]


# --- TeX's order and scope (helper MAC, session 10) ------------------------------------------
# Each use is expanded with the definition in force where it stands (TeX reads the document
# once, from its start): a redefinition changes the uses after it, a group's definition ends
# with the group, what TeX does not execute (comments, verbatim) defines nothing, and \let copies
# a meaning at the time of the \let.
def bodies(document: str) -> list[list[str]]:
    """The tokens of each align block of the expanded document."""
    text = expand(document).text
    return [b.split() for b in re.findall(r"\\begin\{align\}(.*?)\\end\{align\}", text, re.S)]


BLOCK = "\\begin{align} \\cc \\end{align}\n"


@pytest.mark.parametrize(
    ("document", "values"),
    [
        # a redefinition holds from where it stands: 2, then 3
        ("\\newcommand{\\cc}{2}\n" + BLOCK + "\\renewcommand{\\cc}{3}\n" + BLOCK, ["2", "3"]),
        ("\\def\\cc{2}\n" + BLOCK + "\\def\\cc{3}\n" + BLOCK, ["2", "3"]),
        # a use before any definition is the command as written
        (BLOCK + "\\newcommand{\\cc}{2}\n" + BLOCK, ["\\cc", "2"]),
        # a group's definition ends with the group; \gdef and \global\def do not
        ("\\def\\cc{2}\n{\\def\\cc{3}}\n" + BLOCK, ["2"]),
        ("\\def\\cc{2}\n{\\def\\cc{3}\n" + BLOCK + "}\n" + BLOCK, ["3", "2"]),
        ("\\def\\cc{2}\n{\\newcommand{\\cc}{3}}\n" + BLOCK, ["2"]),
        ("\\def\\cc{2}\n\\begingroup\\def\\cc{3}\\endgroup\n" + BLOCK, ["2"]),
        ("\\def\\cc{2}\n\\begin{lemma}\\def\\cc{3}\\end{lemma}\n" + BLOCK, ["2"]),
        ("\\def\\cc{2}\n{\\gdef\\cc{3}}\n" + BLOCK, ["3"]),
        ("\\def\\cc{2}\n{{\\global\\def\\cc{3}}}\n" + BLOCK, ["3"]),
        ("\\def\\cc{2}\n{\\global\\long\\def\\cc{3}}\n" + BLOCK, ["3"]),
        # a local definition after a global one inside a group ends with the group
        ("{\\gdef\\cc{3}{\\def\\cc{4}}}\n" + BLOCK, ["3"]),
        # what TeX does not execute defines nothing
        ("\\def\\cc{2}\n% \\def\\cc{3}\n" + BLOCK, ["2"]),
        ("\\def\\cc{2}\\\\% \\def\\cc{3}\n" + BLOCK, ["2"]),
        ("\\def\\cc{2}\n\\verb|\\def\\cc{3}|\n" + BLOCK, ["2"]),
        ("\\def\\cc{2}\n\\verb*+\\def\\cc{3}+\n" + BLOCK, ["2"]),
        ("\\def\\cc{2}\n\\begin{verbatim}\n\\def\\cc{3}\n\\end{verbatim}\n" + BLOCK, ["2"]),
        ("\\def\\cc{2}\n\\begin{lstlisting}\\def\\cc{3}\\end{lstlisting}\n" + BLOCK, ["2"]),
        ("\\def\\cc{2}\n\\begin{minted}{tex}\\def\\cc{3}\\end{minted}\n" + BLOCK, ["2"]),
        ("\\def\\cc{2}\n\\begin{comment}\\def\\cc{3}\\end{comment}\n" + BLOCK, ["2"]),
        ("\\def\\cc{2}\n\\iffalse\\def\\cc{3}\\ifx a b\\fi\\def\\cc{4}\\fi\n" + BLOCK, ["2"]),
        # an escaped percent sign is no comment
        ("\\def\\cc{2}\\% \\def\\cc{3}\n" + BLOCK, ["3"]),
        # \\let copies the meaning of its time; of a command not defined, that command
        ("\\def\\b{2}\\let\\cc\\b\\def\\b{3}\n" + BLOCK, ["2"]),
        ("\\let\\cc\\le\\renewcommand{\\le}{\\ge}\n" + BLOCK, ["\\le"]),
        ("\\let\\cc=\\le\\def\\le{\\ge}\n" + BLOCK, ["\\le"]),
        # \\providecommand does nothing to a command the document defined
        ("\\def\\cc{2}\\providecommand{\\cc}{3}\n" + BLOCK, ["2"]),
        ("\\providecommand{\\cc}{3}\n" + BLOCK, ["3"]),
        # a body is read again where it is used: a command that defines another
        ("\\newcommand{\\setc}[1]{\\def\\cc{#1}}\\setc{5}\n" + BLOCK, ["{5}"]),
        # \\csname ...\\endcsname is the command it names; \\expandafter before it
        ("\\expandafter\\def\\csname cc\\endcsname{6}\n" + BLOCK, ["6"]),
        ("\\def\\cc{7}\n\\begin{align} \\csname cc\\endcsname \\end{align}", ["7"]),
    ],
)
def test_each_use_reads_the_definition_in_force(document: str, values: list[str]) -> None:
    assert bodies(document) == [[v] for v in values]
    assert expand(document).refusals == ()


def refusals(document: str) -> list[str]:
    """Per align block: why it is not checked ("" when it is)."""
    rows = read_rows(document)
    return ["; ".join(dict.fromkeys(r.problem for r in rows if r.block == b)) for b in
            sorted({r.block for r in rows})]  # fmt: skip


TWO = "\\begin{align} \\cc &= 1 \\end{align}\n\\begin{align} x &= 1 \\end{align}\n"


@pytest.mark.parametrize(
    ("preamble", "why"),
    [
        ("\\def\\cc#1.{#1}", "delimited parameters"),
        ("\\edef\\cc{x}", "not read"),
        ("\\newcommand{\\cc}[1][0]{#1}", "an optional argument"),
        ("\\providecommand{\\le}{\\ge}\\let\\cc\\le", "LaTeX defines it"),
        ("\\DeclareMathOperator*{\\cc}{arg}", "not read"),
        ("\\ifdefined\\x\\def\\cc{2}\\fi", "inside a conditional"),
        # a body read again where it is used defines \\cc in the block (line 2)
        ("\\newcommand{\\cc}{\\mkcc}\\newcommand{\\mkcc}{\\def\\cc{1}\\cc}",
         "line 2: \\def\\cc{1}"),
        ("\\def\\cc{\\cc}", "by itself"),
    ],
)  # fmt: skip
def test_a_definition_not_followed_refuses_the_blocks_that_use_it(preamble: str, why: str) -> None:
    # the block that uses \\cc is not checked, naming the definition and its line; the other is
    found = refusals(preamble + "\n" + TWO)
    assert why in found[0] and "line " in found[0], found
    assert found[1] == ""


def test_a_definition_inside_a_math_block_refuses_the_blocks_that_use_it() -> None:
    # in align, each cell is a group of its own: where the \\def ends is not followed. Uses before
    # it in the block are refused too (a \\gdef there reaches them: align reads its body twice).
    document = (
        "\\def\\cc{2}\n\\begin{align} \\cc &= 2 \\\\ \\def\\cc{3} \\cc &= 3 \\end{align}\n"
        "\\begin{align} y &= 1 \\end{align}\n\\begin{align} \\cc &= 2 \\end{align}\n"
    )
    found = refusals(document)
    assert "inside a math block" in found[0] and "line 2" in found[0]
    assert found[1:] == ["", ""]  # after the block, \\cc is 2 again
    glob = document.replace("\\def\\cc{3}", "\\gdef\\cc{3}")
    assert [bool(f) for f in refusals(glob)] == [True, False, True]


@pytest.mark.parametrize(
    "preamble",
    [
        "\\expandafter\\cc\\x",  # an \\expandafter that is not T\\csname name\\endcsname
        "\\csname c\\x c\\endcsname",
        "\\newcommand{\\cc}",  # where it ends is lost
        "\\newcommand{\\todo}[1][red]{#1}\n\\todo{later}",  # a command not read, used in prose
        # expansions that never end, and one whose argument doubles (it hung: 2^k characters)
        "\\def\\a{\\b}\\def\\b{\\a}\\a",
        "\\def\\a#1{\\b{#1#1}}\\def\\b#1{\\a{#1#1}}\\a{x}",
    ],
)
def test_what_the_walk_cannot_follow_refuses_every_block_after_it(preamble: str) -> None:
    found = refusals("\\begin{align} y &= 1 \\end{align}\n" + preamble + "\n" + TWO)
    assert found[0] == "" and found[1] and found[1] == found[2], found


def test_a_refused_block_keeps_its_line_and_the_others_are_checked() -> None:
    document = (
        "\\newcommand{\\cc}{2}\n\\begin{align}\\cc + \\cc &= 4\\end{align}\n"
        "\\renewcommand{\\cc}[1][0]{3}\n\\begin{align}\\cc &= 3\\end{align}\n"
        "\\begin{align}x &\\le x + 1\\end{align}\n"
    )
    rows = read_rows(document)
    assert [(r.latex.split(), r.line, bool(r.problem)) for r in rows] == [
        (["2", "+", "2", "=", "4"], 2, False),
        (["\\cc", "=", "3"], 4, True),
        (["x", "\\le", "x", "+", "1"], 5, False),
    ]
    assert "line 3: \\renewcommand{\\cc}[1][0]{3}" in rows[1].problem


# --- random documents against a reference expander ------------------------------------------
NAMES = ("\\ca", "\\cb", "\\cc")
Event = tuple[str, ...]


def events() -> st.SearchStrategy[list[Event]]:
    name = st.sampled_from(NAMES)
    digit = st.sampled_from("0123456789")
    one = st.one_of(
        st.tuples(st.sampled_from(["def", "newcommand", "renewcommand", "gdef", "global"]), name,
                  digit),
        st.tuples(st.just("let"), name, name),
        st.tuples(st.sampled_from(["open", "close"])),
        st.tuples(st.just("block"), name, name),
        st.tuples(st.sampled_from(["comment", "verb"]), name, digit),
    )  # fmt: skip
    return st.lists(one, max_size=14)


def render(events: list[Event]) -> str:
    """The document the events write; a ``close`` without an open group is left out."""
    out, depth = [], 0
    for kind, *rest in events:
        if kind == "open":
            out.append(("{", "\\begingroup ", "\\begin{proof}")[depth % 3])
            depth += 1
        elif kind == "close" and depth:
            depth -= 1
            out.append(("}", "\\endgroup ", "\\end{proof}")[depth % 3])
        elif kind == "block":
            out.append(f"\\begin{{align}} {rest[0]} {rest[1]} \\end{{align}}")
        elif kind == "let":
            out.append(f"\\let{rest[0]}{rest[1]}")
        elif kind in ("def", "gdef"):
            out.append(f"\\{kind}{rest[0]}{{{rest[1]}}}")
        elif kind == "global":
            out.append(f"\\global\\def{rest[0]}{{{rest[1]}}}")
        elif kind in ("newcommand", "renewcommand"):
            out.append(f"\\{kind}{{{rest[0]}}}{{{rest[1]}}}")
        elif kind == "comment":
            out.append(f"% \\def{rest[0]}{{{rest[1]}}}")
        elif kind == "verb":
            out.append(f"\\verb|\\def{rest[0]}{{{rest[1]}}}|")
    return "\n".join(out) + "\n"


def reference(events: list[Event]) -> tuple[list[list[str]], bool]:
    """What TeX reads in each block, by the book: one table per open group, a local definition
    in the innermost, a global one in the outermost with every inner one dropped, a \\let the
    meaning in force (a command not defined stays itself), comments and \\verb nothing; a
    \\newcommand of a defined command is an error, and the command ("?") is not read after it."""
    scopes: list[dict[str, str]] = [{}]
    unread = False

    def meaning(name: str) -> str:
        return next((s[name] for s in reversed(scopes) if name in s), name)

    blocks = []
    for kind, *rest in events:
        if kind == "open":
            scopes.append({})
        elif kind == "close" and len(scopes) > 1:
            scopes.pop()
        elif kind == "block":
            blocks.append([meaning(name).replace("?", name) for name in rest])
            unread = unread or "?" in map(meaning, rest)
        elif kind == "let":
            scopes[-1][rest[0]] = meaning(rest[1])
        elif kind == "newcommand" and any(rest[0] in scope for scope in scopes):
            scopes[-1][rest[0]] = "?"  # LaTeX: "already defined", an error; not read
        elif kind in ("def", "newcommand", "renewcommand"):
            scopes[-1][rest[0]] = rest[1]
        elif kind in ("gdef", "global"):
            for scope in scopes:
                scope.pop(rest[0], None)
            scopes[0][rest[0]] = rest[1]
    return blocks, unread


@settings(max_examples=300, deadline=None)
@given(events())
def test_random_documents_expand_as_the_reference_reads_them(document: list[Event]) -> None:
    expected, unread = reference(document)
    assert bodies(render(document)) == expected
    assert bool(expand(render(document)).refusals) == unread


@pytest.mark.parametrize("use", ["\\pair{x} &= 1", "\\pair{x}\\\\ &= 1", "\\pair"])
def test_a_command_without_its_arguments_is_not_read(use: str) -> None:
    # an undelimited argument is never a column mark, a row end or nothing: TeX errs there
    found = refusals("\\def\\pair#1#2{#1 - #2}\n\\begin{align}" + use + "\\end{align}")
    assert found and all("\\pair used without its arguments" in f for f in found), found


@pytest.mark.parametrize(
    "preamble",
    [
        # run at \\begin{document}, not here, and at every level: TeX's \\le would be \\ge
        "\\AtBeginDocument{\\def\\cc{3}}",
        "\\newcommand{\\later}{\\AtBeginDocument}\\later{\\def\\cc{3}}",
        "\\ifthenelse{\\boolean{x}}{\\def\\cc{3}}{}",
        # a command given a command name may change it (etoolbox)
        "\\apptocmd{\\cc}{+1}{}{}",
        "\\makeatletter\\g@addto@macro\\cc{+1}\\makeatother",
        "\\gappto\\cc{+1}",
    ],
)
def test_a_definition_in_a_commands_argument_is_not_followed(preamble: str) -> None:
    found = refusals("\\def\\cc{2}\n" + preamble + "\n" + TWO)
    assert found[0] and found[1] == "", found


@pytest.mark.parametrize(
    ("document", "values"),
    [
        # a \\let alias of a defining command defines; of \\begin, begins
        ("\\let\\nc\\newcommand\\nc{\\cc}{3}\n" + BLOCK, ["3"]),
        ("\\def\\cc{2}\\let\\be\\begin\\let\\ee\\end\\be{align} \\cc \\ee{align}", ["2"]),
        # a group after a group of its own is no argument
        ("\\def\\cc{2}{\\def\\x{1}}{\\def\\cc{3}}\n" + BLOCK, ["2"]),
    ],
)
def test_aliases_and_groups(document: str, values: list[str]) -> None:
    assert bodies(document) == [[v] for v in values]
    assert expand(document).refusals == ()


def test_redefining_what_the_walk_reads_itself_stops_it() -> None:
    found = refusals("\\begin{align} y &= 1 \\end{align}\n\\def\\begin{x}\n" + TWO)
    assert found[0] == "" and "redefines \\begin" in found[1] and found[1] == found[2]


def test_a_refused_blocks_reason_comes_before_a_parse_failure(tmp_path: Path) -> None:
    # \\cc is not read as written (it was refused): the step says why, not "not understood: \\cc"
    tex = tmp_path / "proof.tex"
    tex.write_text("\\newcommand{\\cc}[1][0]{3}\n\\begin{align}\\cc &= 3\\end{align}\n")
    code, out, _ = call(str(tex))
    assert code == 3, out
    assert "ambiguous: the document's commands: line 1: \\newcommand{\\cc}[1][0]{3}" in out
    assert "not understood" not in out


def test_a_known_commands_second_argument_changes_nothing() -> None:
    # \\frac{..}{\\Delta}: the second group is \\frac's argument, not a patch of \\Delta (a bug of
    # this walk once made \\Delta unread, and every later step using it not checked)
    document = "$a = \\frac{\\epsilon}{\\Delta}$\n\\begin{align} \\Delta &= 1 \\end{align}"
    assert expand(document) == Expansion(document)
    assert refusals(document) == [""]
    # nor is a formatting command given a command (in prose, as a body often is) a patch of it
    prose = "\\newcommand{\\eps}{\\ensuremath{\\varepsilon}}\nfor \\eps, \\textbf{\\delta}:\n"
    assert refusals(prose + "\\begin{align} \\varepsilon + \\delta &= 1 \\end{align}") == [""]
