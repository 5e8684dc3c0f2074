"""Brace groups TeX prints as nothing (issue 28, ADV7 sections 1 and 2): a bare group ``{a+1}``
and a document command's argument are read as brackets only where the print (braces gone) reads
the same; otherwise the step is not checked, never decided on a reading the paper does not print.

The rule (dpproofs/steps/latex_letters.py, ``_prints_the_same``) is tested against brute force:
for generated ``L op {inner} op R`` the two readings -- braces as parentheses, braces dropped --
are evaluated exactly (Fractions, Python's precedence, which is the parser's) at several points,
and wherever the rule reads the group they agree."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.deadline import Deadline
from dpproofs.steps.check import check_steps
from dpproofs.steps.derivation import read_derivation
from dpproofs.steps.latex_letters import _prints_the_same
from dpproofs.steps.lexer import tokens
from dpproofs.steps.macro_arguments import substitute

#: An empty operator is juxtaposition (a product); ^ raises to the atom after it.
_PYTHON = {"+": "+", "-": "-", "\\cdot": "*", "\\times": "*", "/": "/", "": "*", "^": "**"}
_OPERATORS = st.sampled_from(sorted(_PYTHON))
_ATOMS = st.sampled_from(["a", "b", "c", "2", "3"])
_POINTS = [
    {"a": F(1), "b": F(2), "c": F(3)},
    {"a": F(-5, 2), "b": F(7), "c": F(1, 3)},
    {"a": F(4), "b": F(-3), "c": F(11, 5)},
]


def statuses(block: str) -> list[str]:
    return [r.status for r in check_steps(read_derivation(block), Deadline(30))]


def _value(parts: list[str], point: dict[str, F]) -> F | None:
    for at in range(1, len(parts) - 1):
        if parts[at] == "" and parts[at - 1].isdigit() and parts[at + 1].isdigit():
            return None  # 2 3 prints 23: the digit rule's case, not this one's
        if parts[at] == "^" and not parts[at + 1].isdigit():
            return None  # a power of a letter or a group: not generated here
    text = " ".join(f"F({p})" if p.isdigit() else _PYTHON.get(p, p) for p in parts)
    try:
        value = eval(text, {"F": F}, dict(point))  # generated arithmetic, exact
    except ZeroDivisionError:
        return None
    assert isinstance(value, F)  # exact: every number is a Fraction
    return value


@settings(max_examples=400, deadline=None)
@given(
    left=st.one_of(st.just([]), st.tuples(_ATOMS, _OPERATORS).map(list)),
    inner=st.lists(st.tuples(_OPERATORS, _ATOMS), max_size=2),
    first=_ATOMS,
    sign=st.sampled_from(["", "-"]),
    right=st.one_of(st.just([]), st.tuples(_OPERATORS, _ATOMS).map(list)),
)
def test_a_group_read_as_brackets_prints_the_same(
    left: list[str], inner: list[tuple[str, str]], first: str, sign: str, right: list[str]
) -> None:
    group = [*filter(None, [sign, first]), *(t for pair in inner for t in pair)]
    written = [t for t in left if t], [t for t in right if t]  # juxtaposition writes nothing
    before, after = (written[0] or [""])[-1], (written[1] or [""])[0]
    if not _prints_the_same([t for t in group if t], before, after):
        return
    for point in _POINTS:
        braced = _value([*left, "(", *group, ")", *right], point)
        printed = _value([*left, *group, *right], point)
        assert braced is None or printed is None or braced == printed, (left, group, right)


@pytest.mark.parametrize(
    ("inner", "before", "after", "same"),
    [
        ("a+1", "-", "", False),  # -(a+1) vs -a+1
        ("a+1", "", "/", False),  # (a+1)/2 vs a+1/2
        ("a+1", "\\cdot", "", False),
        ("a+1", "+", "-", True),  # x + (a+1) - y
        ("a+1", "=", "", True),
        ("a/b", "-", "\\cdot", True),  # -(a/b) c = -a/b c
        ("a/b", "/", "", False),  # x/(a/b) vs x/a/b
        ("a \\cdot b", "", "^", False),  # (ab)^2 vs a b^2
        ("ab", "2", "", True),  # 2(ab) = 2ab
        ("ab", "2", "c", True),  # 2(ab)c = 2abc
        ("a/b", "2", "c", False),  # 2(a/b)c vs 2a/bc, read a/(bc) by many
        ("ab", "/", "", False),  # x/(ab) vs x/ab
        ("a", "/", "", True),  # x/a
        ("x^2", "", "^", False),  # (x^2)^3 vs x^2^3
        ("\\frac{a}{b}", "", "^", True),  # one atom: the fraction's power
        ("\\hat{a} b", "", "^", False),  # (a_hat b)^2 vs a_hat b^2
        ("{a}{b}", "", "^", False),  # (ab)^2 vs ab^2
    ],
)
def test_the_rule_on_written_groups(inner: str, before: str, after: str, same: bool) -> None:
    assert _prints_the_same(tokens(inner), before, after) is same


@pytest.mark.parametrize(
    ("block", "expected"),
    [
        # a group standing alone between + and =, or a whole side: read (x + a+1 = x+a+1)
        (r"x + {a+1} = x + a + 1", ["proved"]),
        (r"{a+1} = 1 + a", ["proved"]),
        (r"2 \cdot {a b} = 2ab", ["proved"]),
        # -{a+1} prints -a+1: true as printed (= 1 - a), false as braced; never decided
        (r"-{a+1} = 1-a", ["not-checked"]),
        (r"\log{x+1} = \log(x+1)", ["not-checked"]),  # prints log x+1
        (r"\alpha{a+1} = \alpha a + \alpha", ["not-checked"]),  # prints alpha a+1
        # digits side by side print as one number: 2{1} and {2}1 print 21
        (r"2{1} = 21", ["not-checked"]),
        (r"{2}1 = 2", ["not-checked"]),
        (r"{2}.5 = 2.5", ["not-checked"]),
        (r"x{.5} = x/2", ["not-checked"]),  # prints x.5
        (r"{2} + {1} = 3", ["proved"]),  # apart: two numbers
    ],
)
def test_bare_groups(block: str, expected: list[str]) -> None:
    assert statuses(f"\\[ {block} \\]") == expected


@pytest.mark.parametrize(
    ("preamble", "row", "expected"),
    [
        # braced in the body: e^{#1} is a script of the whole argument
        (r"\newcommand{\pw}[1]{e^{#1}}", r"\pw{x+1} = e \cdot e^{x}", ["proved"]),
        # one token after ^: e^#1 with x is e^x
        (r"\newcommand{\pw}[1]{e^#1}", r"\pw{x} = e^{x}", ["proved"]),
        (r"\newcommand{\pw}[1]{e^#1}", r"\pw{\alpha} = e^{\alpha}", ["proved"]),
        (r"\newcommand{\pw}[1]{e^#1}", r"\pw{{x+1}} = e \cdot e^{x}", ["proved"]),
        # several tokens where TeX takes one: \frac#1#2 with a+1 prints \frac a+1 2
        (r"\newcommand{\fr}[2]{\frac#1#2}", r"\fr{a+1}{2} = \frac{a+1}{2}", ["not-checked"]),
        (r"\newcommand{\fr}[2]{\frac#1#2}", r"\fr{a}{b+1} = \frac{a}{b+1}", ["not-checked"]),
        (r"\newcommand{\fr}[2]{\frac#1#2}", r"\fr{a}{2} = \frac{a}{2}", ["proved"]),
        (r"\newcommand{\rt}[1]{\sqrt#1}", r"\rt{x+1} = \sqrt{x+1}", ["not-checked"]),
        # a command with no argument: the group stays bare, the parser's rule decides
        (r"\newcommand{\ng}[1]{-#1}", r"\ng{a} = -a", ["proved"]),
        (r"\newcommand{\ad}[1]{x + #1}", r"\ad{a-1} = x + a - 1", ["proved"]),
        # the usual bracket commands: the group fills the brackets, as printed
        (r"\newcommand{\abs}[1]{\left|#1\right|}", r"\abs{x-1} = |1-x|", ["proved"]),
        (r"\newcommand{\abs}[1]{\lvert #1 \rvert}", r"\abs{x-1} = |1-x|", ["proved"]),
        (r"\newcommand{\pa}[1]{\left(#1\right)}", r"2\pa{x-1} = 2x-2", ["proved"]),
        (r"\newcommand{\half}[1]{#1/2}", r"\half{x+1} = \frac{x+1}{2}", ["not-checked"]),
    ],
)
def test_arguments_of_document_commands(preamble: str, row: str, expected: list[str]) -> None:
    assert statuses(f"{preamble}\n\\[ {row} \\]") == expected


def test_substitute_names_the_parameter_and_the_argument() -> None:
    body, why = substitute("x_#1 + #2", ["12", "a+b"])
    assert body == "x_{12} + {a+b}"
    assert why.startswith("#1 in its body x_#1 + #2 stands where TeX takes one token")
    assert "the argument 12 is several" in why
    assert substitute("x_#1", ["{12}"]) == ("x_{{12}}", "")
    assert substitute("\\cdot #1", ["a+b"]) == ("\\cdot {a+b}", "")
