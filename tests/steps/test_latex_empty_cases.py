"""Sums of symbolic bounds decided in every case, each sum empty or not (Rule EMPTY of
dpproofs/steps/cases.py): the reader's verdict against exact enumeration at the integer points
of a box, each sum an explicit loop over the integers a <= i <= b (none when b < a, Concrete
Mathematics 2.4). A proved step holds at every point of the box; a refuted one is false at its
witness; a step not checked in an empty case is false at the point it names, where a sum has a
negative number of terms."""

from __future__ import annotations

import itertools
import operator
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.deadline import Deadline
from dpproofs.steps.check import check_steps
from dpproofs.steps.derivation import read_derivation
from dpproofs.verdict import StepResult

#: The integer box every generated step is enumerated over.
BOX = range(-6, 7)
RELATIONS = {"=": operator.eq, r"\le": operator.le, r"\ge": operator.ge}


@dataclass(frozen=True)
class Affine:
    """c0 + cn n + cm m, printed as LaTeX."""

    c0: int
    cn: int
    cm: int = 0

    def at(self, n: int, m: int) -> int:
        return self.c0 + self.cn * n + self.cm * m

    def latex(self) -> str:
        parts = [f"{c} {x}" if c not in (1, -1) else ("" if c == 1 else "-") + x
                 for c, x in ((self.cn, "n"), (self.cm, "m")) if c]  # fmt: skip
        text = " + ".join([*parts, *([str(self.c0)] if self.c0 or not parts else [])])
        return text.replace("+ -", "- ")


@dataclass(frozen=True)
class Sum:
    """sum_{i=lower}^{upper} body, body 1, 2 or i."""

    lower: Affine
    upper: Affine
    body: str

    def at(self, n: int, m: int) -> F:
        term: Callable[[int], F] = {"1": lambda i: F(1), "2": lambda i: F(2), "i": F}[self.body]
        return sum((term(i) for i in range(self.lower.at(n, m), self.upper.at(n, m) + 1)), F(0))

    def latex(self) -> str:
        return rf"\sum_{{i={self.lower.latex()}}}^{{{self.upper.latex()}}} {self.body}"

    def varies(self) -> bool:
        """Whether the number of terms b - a + 1 depends on n or m."""
        return (self.upper.cn, self.upper.cm) != (self.lower.cn, self.lower.cm)

    def formula(self, n: int, m: int) -> F:
        """The closed form, true where the number of terms is >= 0 (Faulhaber)."""
        a, b = self.lower.at(n, m), self.upper.at(n, m)
        if self.body == "i":
            return F(b * (b + 1) - (a - 1) * a, 2)
        return int(self.body) * F(b - a + 1)

    def formula_latex(self) -> str:
        a, b = f"({self.lower.latex()})", f"({self.upper.latex()})"
        if self.body == "i":
            return rf"\frac{{{b} \cdot ({b} + 1) - ({a} - 1) \cdot {a}}}{{2}}"
        return rf"{self.body} \cdot ({b} - {a} + 1)"


def _value(sums: list[Sum], rest: Affine, n: int, m: int) -> F:
    return sum((s.at(n, m) for s in sums), F(0)) + rest.at(n, m)


def _point(reason: str) -> dict[str, int]:
    found = re.search(r"fails at ((?:\w+ = -?\d+(?:, )?)+), where", reason)
    assert found is not None, reason
    return {k: int(v) for k, v in re.findall(r"(\w+) = (-?\d+)", found.group(1))}


def _judged(
    sums: list[Sum], relation: str, rest: Affine, result: StepResult, formula: bool = False
) -> None:
    """The verdict against the sums themselves (the module docstring); the right side is
    ``rest``, plus the sums' closed forms with ``formula``."""
    holds = RELATIONS[relation]

    def true_at(n: int, m: int) -> bool:
        right = F(rest.at(n, m)) + (sum(s.formula(n, m) for s in sums) if formula else 0)
        return bool(holds(_value(sums, Affine(0, 0), n, m), right))

    if result.status == "proved":
        assert all(true_at(n, m) for n, m in itertools.product(BOX, BOX)), result.reason
    elif result.status == "refuted":
        assert result.witness is not None
        point = {k: F(v) for k, v in result.witness.assignment}
        assert all(v.denominator == 1 for v in point.values())
        n, m = int(point.get("n", 0)), int(point.get("m", 0))
        assert not true_at(n, m)
        # refuted only where no sum whose number of terms varies is empty by a negative one
        # (one of constant bounds b < a is empty as written: Concrete Mathematics 2.4)
        assert all(s.upper.at(n, m) - s.lower.at(n, m) + 1 >= 0 for s in sums if s.varies())
    elif result.status == "not-checked" and "negative number of terms" in result.reason:
        point = _point(result.reason)
        n, m = point.get("n", 0), point.get("m", 0)
        assert not true_at(n, m)
        assert any(s.upper.at(n, m) - s.lower.at(n, m) + 1 < 0 for s in sums)


def _status(sums: list[Sum], relation: str, rest: Affine, formula: bool = False) -> StepResult:
    right = " + ".join([*(s.formula_latex() for s in sums if formula), rest.latex()])
    block = (" + ".join(s.latex() for s in sums) + f" {relation} {right}").replace("+ -", "- ")
    (result,) = check_steps(read_derivation(block), Deadline(60))
    return result


_AFFINE = st.builds(Affine, st.integers(-2, 2), st.integers(-1, 1), st.integers(-1, 1))
_SUM = st.builds(Sum, _AFFINE, _AFFINE, st.sampled_from(["1", "2", "i"]))


@settings(max_examples=25, deadline=None)
@given(
    sums=st.lists(_SUM, min_size=1, max_size=2),
    relation=st.sampled_from(sorted(RELATIONS)),
    rest=_AFFINE,
)
def test_a_generated_step_gets_a_verdict_the_enumeration_confirms(
    sums: list[Sum], relation: str, rest: Affine
) -> None:
    _judged(sums, relation, rest, _status(sums, relation, rest))


@settings(max_examples=25, deadline=None)
@given(
    sums=st.lists(_SUM, min_size=1, max_size=2),
    relation=st.sampled_from(sorted(RELATIONS)),
    offset=st.sampled_from([0, 0, 1, -1]),
)
def test_a_step_true_where_no_sum_is_empty_gets_a_verdict_the_enumeration_confirms(
    sums: list[Sum], relation: str, offset: int
) -> None:
    # the right side is the sums' closed forms (+ offset): true where every number of terms is
    # >= 0 (offset 0), so the empty cases decide it
    rest = Affine(offset, 0)
    _judged(sums, relation, rest, _status(sums, relation, rest, True), True)


@pytest.mark.parametrize(
    ("sums", "relation", "rest", "status"),
    [
        # the three of tests/adversary/test_s9_latex.py, section 3: true only where every sum
        # has >= 0 terms; each fails where one is empty (n = 3; n = 1; a = b = 1 in n, m)
        ([Sum(Affine(0, 1), Affine(1, 0), "1"), Sum(Affine(1, 0), Affine(0, 1), "1")], "=",
         Affine(2, 0), "not-checked"),
        ([Sum(Affine(1, 0), Affine(0, 1), "1"), Sum(Affine(1, 0), Affine(0, -1), "1")], "=",
         Affine(0, 0), "not-checked"),
        ([Sum(Affine(0, 1), Affine(0, 0, 1), "1"), Sum(Affine(1, 0, 1), Affine(-1, 1), "1")],
         "=", Affine(0, 0), "not-checked"),
        # true in every case: n terms, or (for n < 0) -n terms of the second sum
        ([Sum(Affine(1, 0), Affine(0, 1), "2"), Sum(Affine(1, 1), Affine(0, 0), "2")], r"\ge",
         Affine(0, 2), "proved"),
        ([Sum(Affine(1, 0), Affine(0, 1), "i")], r"\ge", Affine(0, 0), "proved"),
        # false where no sum is empty: refuted there (n = 1: 1 != 2)
        ([Sum(Affine(1, 0), Affine(0, 1), "1")], "=", Affine(0, 2), "refuted"),
    ],
)  # fmt: skip
def test_chosen_steps(sums: list[Sum], relation: str, rest: Affine, status: str) -> None:
    result = _status(sums, relation, rest)
    assert result.status == status, result.reason
    _judged(sums, relation, rest, result)


def test_an_empty_case_the_text_excludes_leaves_the_step_proved() -> None:
    # sum_{i=n}^{1} 1 + sum_{i=1}^{n} 1 = 2 holds for 0 <= n <= 2 (2 - n + n), where both
    # sums have >= 0 terms: stated, it is proved
    block = r"\sum_{i=n}^{1} 1 + \sum_{i=1}^{n} 1 = 2"
    derivation = read_derivation(block, assume=[r"0 \le n", r"n \le 2"])
    assert all(len(range(n, 2)) + len(range(1, n + 1)) == 2 for n in range(3))
    assert [r.status for r in check_steps(derivation, Deadline(60))] == ["proved"]


def test_more_numbers_of_terms_than_the_cap_are_not_checked() -> None:
    block = " + ".join(rf"\sum_{{i=1}}^{{n + {k}}} 1" for k in range(5)) + " = 5n + 15"
    (result,) = check_steps(read_derivation(block), Deadline(30))
    assert result.status == "not-checked" and "2^5 cases" in result.reason


def test_a_product_is_one_when_empty() -> None:
    # prod_{i=1}^{n} 2 = 2^n for n >= 0; at n = -1 the product is empty, 1 != 1/2
    (result,) = check_steps(read_derivation(r"\prod_{i=1}^{n} 2 = 2^n"), Deadline(60))
    assert result.status == "not-checked" and "negative number of terms" in result.reason
    assert F(1) != F(1, 2)
    (stated,) = check_steps(
        read_derivation(r"\prod_{i=1}^{n} 2 = 2^n", assume=[r"n \ge 0"]), Deadline(60)
    )
    assert stated.status == "proved"
