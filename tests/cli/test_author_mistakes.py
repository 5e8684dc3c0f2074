"""Python mistakes in a theorem function are ERRORs naming the author's line and the fix."""

import pytest
import sympy

from dpproofs.errors import InvalidClaim
from dpproofs.run.hints import hint
from dpproofs.run.worker import decide_theorem
from dpproofs.symbolic.claim import holds
from dpproofs.verdict import Status

HEAD = """\
import sympy
from dpproofs import theorem
from dpproofs.symbolic.claim import holds

x, y = sympy.symbols("x y", real=True)


@theorem(id="t.mistake", source="test", expect="proved")
def mistake():
"""


@pytest.mark.parametrize(
    ("body", "line", "fix"),
    [
        # line 10 is the body's first line (HEAD has 9 lines)
        ("    return holds(x^2 >= 0)\n", 10, "write x**2, not x^2"),
        ("    return holds((x^y) + 1 >= 0)\n", 10, "write x**2, not x^2"),
        ("    return holds((x^y) >= 0)\n", 10, "write x**2, not x^2"),
        ("    return holds(x < 1 and y < 1)\n", 10, "combine relations with & and |"),
        ("    if x < 1:\n        pass\n    return holds(x >= x)\n", 10, "claims with all_of"),
        ("    return holds(not (x < 1))\n", 10, "~ for not"),
    ],
)
def test_the_error_names_the_line_and_what_to_write(tmp_path, body, line, fix):
    # Before: "TypeError: cannot determine truth value of Relational: x < 1" (or
    # "unsupported operand type(s) for ^") with no word of the fix.
    path = tmp_path / "t.py"
    path.write_text(HEAD + body)
    verdict = decide_theorem(str(path), "t.mistake", None, 2**30)
    assert verdict.status is Status.ERROR
    assert f"{path}:{line}: TypeError: " in verdict.reason
    assert fix in verdict.reason


def test_a_bare_xor_statement_says_what_to_write():
    # Before: "x ^ y is not a relation ..." without a word about powers.
    x, y = sympy.symbols("x y", real=True)
    with pytest.raises(InvalidClaim, match=r"is exclusive or in Python, not a power: write x\*\*2"):
        holds(x ^ y)


def test_other_errors_get_no_hint():
    assert hint(ValueError("cannot determine truth value of Relational")) == ""
    assert hint(TypeError("unsupported operand type(s) for +: 'int' and 'str'")) == ""


FLOATS = """\
from dpproofs import FiniteMechanism, pure_epsilon_is, theorem

RR = FiniteMechanism.from_rows([[0.75, 0.25], [0.25, 0.75]], name="RR")


@theorem(id="t.floats", source="test", expect="proved")
def floats():
    return pure_epsilon_is(RR, "log(3)")
"""


def test_float_rows_are_reported_where_the_mechanism_was_built(tmp_path):
    # Before: only the return (line 8) was named; the floats were written on line 3.
    path = tmp_path / "t.py"
    path.write_text(FLOATS)
    verdict = decide_theorem(str(path), "t.floats", None, 2**30)
    assert verdict.status is Status.ERROR
    assert verdict.reason.startswith(f"{path}:8: InvalidClaim: mechanism RR has float entries")
    assert f"float entries (at {path}:3); claims need exact entries" in verdict.reason


def test_and_between_claims_is_refused_not_a_silent_drop(tmp_path):
    # Before: holds(false) and holds(true) was holds(true), proved: the false part was dropped.
    path = tmp_path / "t.py"
    unit = 'where={"x": "(0, 1)"}'
    body = f'    return holds("x < 0", {unit}) and holds("x > 0", {unit})\n'
    path.write_text(HEAD + body)
    verdict = decide_theorem(str(path), "t.mistake", None, 2**30)
    assert verdict.status is Status.ERROR
    assert f"{path}:10: TypeError: a claim (ScalarClaim) is not True or False" in verdict.reason
    assert "combine claims with all_of(...)" in verdict.reason


@pytest.mark.parametrize(
    "build",
    [
        lambda: __import__("dpproofs").all_of(__import__("dpproofs").exact_fact("x", print)),
        lambda: __import__("dpproofs").exact_fact("x", lambda facts: None),
    ],
)
def test_no_claim_has_a_truth_value(build):
    with pytest.raises(TypeError, match="is not True or False until it is decided"):
        bool(build())


def test_an_error_the_decider_returns_names_the_theorem_line(tmp_path):
    # Found by test_fuzz_inputs in `make test`: before, the reason was only
    # "InvalidClaim: the check stated no fact (...)", with no file or line.
    path = tmp_path / "t.py"
    path.write_text(
        "from dpproofs import exact_fact, theorem\n\n\n"
        '@theorem(id="t.string", source="s", expect="proved")\n'
        "def string():\n"
        "    return exact_fact('returns a string', lambda facts: 'yes')\n"
    )
    verdict = decide_theorem(str(path), "t.string", None, 2**30)
    assert verdict.status is Status.ERROR
    assert verdict.reason.startswith(f"{path}:4: InvalidClaim: the check stated no fact")
