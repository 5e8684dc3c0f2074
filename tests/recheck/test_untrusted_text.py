"""The rechecker reads a claim's written text as data: nothing in it is run.

:func:`dpproofs.recheck.scalar.written` used sympy's ``parse_expr`` on the text, which evaluates
Python: a symbol whose name is Python code ran that code while a report was rechecked. The text is
now checked token by token (variables, numbers, a closed set of names and operators) first.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
import sympy

from dpproofs.recheck import scalar
from dpproofs.recheck.pieces import Outcome, Piece
from dpproofs.symbolic.claim import holds


def _problem(text: str) -> SimpleNamespace:
    x = sympy.Symbol("x", real=True)
    return SimpleNamespace(
        text=text,
        variables=(x,),
        statement=sympy.Ge(x, 0),
        domains=(sympy.Interval(0, 1),),
        assumptions=(),
        obligations=(),
    )


@pytest.mark.parametrize(
    "text",
    [
        "__import__('os').system('touch {marker}') >= x",
        "x >= ().__class__.__mro__[1].__subclasses__()",
        "x >= open('{marker}', 'w').close()",
        "exec('import os') >= x",
        "(lambda: 1)() >= x",
        "x >= input()",
    ],
)
def test_code_in_the_text_is_refused_and_never_run(tmp_path, text):
    marker = tmp_path / "ran"
    written = text.format(marker=marker)
    with pytest.raises(scalar.Untranslatable, match=r"is not read again: .* is neither one"):
        scalar.written(_problem(written))
    piece = Piece("f.py", "t", "proved", (), {"kind": "z3-facts"})
    finding = scalar.reprove(piece, _problem(written), 1.0)
    assert finding.outcome is Outcome.NOT_REPLAYED
    assert "is not read again" in finding.why
    assert not marker.exists()


def test_a_symbol_named_as_code_is_not_run(tmp_path):
    """A claim built in Python with a Symbol whose name is code: its text is that code."""
    marker = tmp_path / "ran"
    name = f"__import__('pathlib').Path('{marker}').touch()"
    evil = sympy.Symbol(name, real=True)
    problem = holds(sympy.Ge(evil**2 + 1, 2 * evil), where={name: "(0, oo)"}).problem
    assert "__import__" in problem.text
    with pytest.raises(scalar.Untranslatable):
        scalar.written(problem)
    assert not marker.exists()


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("x + 1/x >= 2", {"x": "(0, oo)"}),
        ("sqrt(x)**2 <= x + 1", {"x": "[0, oo)"}),
        ("x > 0 and x < 1 or Abs(x) >= -x", {"x": "(-oo, oo)"}),
        ("Implies(x > 1, Max(x, y) >= pi*E)", {"x": "(0, 1)", "y": "(0, 1)"}),
        ("Ne(x, 0.25)", {"x": "(0, 1)"}),
        ("x**(1/3) >= 0", {"x": "(0, oo)"}),
    ],
)
def test_what_dpproofs_writes_is_read_as_before(text, where):
    """The texts dpproofs writes read to the same unevaluated tree as sympy's parse_expr gave
    (derivation: parse_expr(text, local_dict=the variables, evaluate=False), the old reading)."""
    from sympy.parsing.sympy_parser import parse_expr

    problem = holds(text, where=where).problem
    names = {str(s): s for s in problem.variables}
    old = parse_expr(problem.text, local_dict=names, evaluate=False)
    assert sympy.srepr(scalar.written(problem)) == sympy.srepr(old)
