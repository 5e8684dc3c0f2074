"""parse_exact reads arithmetic only: sympy's parse_expr evaluates Python, and before the token
check a statement or a mechanism entry reached os.system through attribute access."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dpproofs.cli.main import main
from dpproofs.errors import InvalidExpression
from dpproofs.exact import parse_exact

#: The classic escape from an eval without builtins, through the subclasses of object.
ESCAPE = (
    "{x.__name__: x for x in ().__class__.__mro__[1].__subclasses__()}['_wrap_close']"
    ".__init__.__globals__['system']('touch {marker}')"
)


def test_the_escape_through_object_subclasses_runs_nothing(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    text = ESCAPE.replace("{marker}", str(marker))
    with pytest.raises(InvalidExpression, match=re.escape("'{' is not allowed")):
        parse_exact(text, {})
    out, err = io.StringIO(), io.StringIO()
    # check reads text with the one reader (an ast whitelist, never evaluated).
    assert main(["check", f"{text} >= 0", "--timeout", "20"], out, err) == 2
    assert "expected a real-valued term" in err.getvalue()
    assert not marker.exists()


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("lambda: 1", "lambda"),
        ("(1).__class__", "."),
        ("x[0]", "["),
        ("'1'", "'1'"),
        ("__import__", "__import__"),
        ("1 if 1 else 2", "if"),
        ("x^2", "^"),
        ("1 % 2", "%"),
    ],
)
def test_a_token_that_is_not_arithmetic_is_refused_by_name(text: str, word: str) -> None:
    with pytest.raises(InvalidExpression, match=re.escape(f"{word!r} is not allowed")):
        parse_exact(text, {"x": __import__("sympy").Symbol("x")})


@given(st.integers(-(10**6), 10**6), st.integers(1, 10**6))
def test_arithmetic_is_still_read_exactly(p: int, q: int) -> None:
    # p/q written four ways: a quotient, Rational, a power with a negative exponent, a sum.
    import sympy

    expected = sympy.Rational(p, q)
    assert parse_exact(f"{p}/{q}") == expected
    assert parse_exact(f"Rational({p}, {q})") == expected
    assert parse_exact(f"({p}) * ({q})**(-1)") == expected
    assert parse_exact(f"-(-({p})/{q}) + 0.0") == expected
