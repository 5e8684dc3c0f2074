"""The document's own commands (dpproofs/steps/macros.py): expanded as TeX expands them, or
refused with their line; never read the built-in way (issue 28, paste from a paper)."""

from __future__ import annotations

import pytest

from dpproofs.steps.macros import Unreadable, expanded
from dpproofs.steps.rows import read_rows


@pytest.mark.parametrize(
    ("document", "result"),
    [
        ("\\newcommand{\\eps}{\\varepsilon}\n$\\eps$", "\n$ \\varepsilon $"),
        ("\\newcommand\\eps{\\varepsilon}\n$\\eps$", "\n$ \\varepsilon $"),
        ("\\renewcommand*{\\eps}{e}\n$\\eps$", "\n$ e $"),
        ("\\def\\eps{\\varepsilon}\n$\\eps$", "\n$ \\varepsilon $"),
        ("\\let\\le\\ge\n$a \\le b \\leq c$", "\n$a  \\ge  b \\leq c$"),
        ("\\let\\le=\\ge\n$a \\le b$", "\n$a  \\ge  b$"),
        ("\\newcommand{\\sq}[1]{#1^2}\n$\\sq{x+1} + \\sq y$", "\n$ {x+1}^2  +  {y}^2 $"),
        ("\\def\\pair#1#2{(#2, #1)}\n$\\pair{a}{b}$", "\n$ ({b}, {a}) $"),
        ("\\newcommand{\\a}{\\b}\\newcommand{\\b}{2}\n$\\a$", "\n$  2  $"),
        ("\\DeclareMathOperator{\\rank}{rank}\n$\\rank$", "\n$ \\operatorname{rank} $"),
        ("no definitions $x \\le 1$", "no definitions $x \\le 1$"),
        # not read, but of a command the text does not use: left alone
        ("\\DeclareMathOperator*{\\argmax}{arg\\,max}\n$x$", "\\DeclareMathOperator*{\\argmax}"
         "{arg\\,max}\n$x$"),
    ],
)
def test_a_definition_is_expanded(document: str, result: str) -> None:
    assert expanded(document) == result


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
    with pytest.raises(Unreadable) as refused:
        expanded(document)
    assert named in str(refused.value)


def test_every_row_of_a_refused_document_is_not_checked_with_why() -> None:
    rows = read_rows("\\renewcommand{\\log}{\\log_2}\n\\begin{align}\\log 8 &= 3\\\\ &= 3\n"
                     "\\end{align}")  # fmt: skip
    assert rows and all("defines \\log by itself" in row.problem for row in rows)


def test_lines_are_kept() -> None:
    document = "\\newcommand{\\eps}\n{\\varepsilon}\n\\begin{align}\n\\eps &\\le 1\n\\end{align}"
    rows = read_rows(document)
    assert [(row.latex, row.line) for row in rows] == [("\\varepsilon \\le 1", 4)]
