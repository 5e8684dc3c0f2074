"""`dpproofs check` in a subprocess (exit codes 0 / 1 / 3 / 2), and dpproofs.check in Python."""

from __future__ import annotations

import doctest
import io
import json
import re
import subprocess
import sys

import pytest

import dpproofs.oneline
from dpproofs import Status, check
from dpproofs.cli.main import main
from dpproofs.errors import InvalidClaim
from dpproofs.oneline import parse_where


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dpproofs", "check", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _main(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["check", *args], out, err)
    return code, out.getvalue(), err.getvalue()


def test_check_from_the_shell_proves() -> None:
    proved = _run("exp(x) >= 1 + x", "--where", "x: (-oo, oo)")
    assert proved.returncode == 0, proved.stderr
    assert proved.stdout.startswith("proved: exp(x) >= 1 + x")


def test_check_refutes_and_rejects() -> None:
    # e^x <= 1 + x + x^2/2 fails at x = 1: e = 2.718... > 5/2.
    code, out, _ = _main("exp(x) <= 1 + x + x**2/2", "--where", "x: (0, oo)")
    assert code == 1 and "witness: x = " in out
    code, _, err = _main("exp(x) <=", "--where", "x: (0, oo)")
    assert code == 2 and "usage error" in err
    code, out, _ = _main("exp(x) >= 1 + x", "--json")
    assert code == 0 and json.loads(out)["status"] == "proved"


def test_unknown_exits_3_and_says_what_might_help() -> None:
    # A true claim that no decider settles in a tiny time budget; the contract: never proved
    # without a proof, and the hint is printed when the answer is unknown.
    code, out, _ = _main(
        "x**7 - 3*x**5 + 3*x**3 - x + exp(-x**2) >= x**7 - 3*x**5 + 3*x**3 - x",
        "--where",
        "x: (-oo, oo)",
        "--timeout",
        "0.001",
    )
    assert code in (0, 3)
    if code == 3:
        assert "might help" in out


def test_check_in_python_matches_the_shell() -> None:
    assert check("exp(x) >= 1 + x", where="x: (-oo, oo)").status is Status.PROVED
    verdict = check("x*y <= 1/4", where="x: [0, 1]; y: [0, 1]", assume="x + y <= 1")
    assert verdict.status is Status.PROVED  # xy <= ((x+y)/2)^2 <= 1/4
    wrong = check("x*y <= 1/5", where={"x": "[0, 1]", "y": "[0, 1]"}, assume=["x + y <= 1"])
    assert wrong.status is Status.REFUTED
    assert wrong._repr_markdown_().startswith("**refuted**")
    assert "witness x" in wrong._repr_html_()


def test_a_notebook_and_print_show_the_statement_not_a_dataclass_dump() -> None:
    wrong = check("x*y <= 1/5", where="x: [0, 1]; y: [0, 1]", assume="x + y <= 1")
    said = "x*y <= 1/5 for x: [0, 1]; y: [0, 1] assuming x + y <= 1"
    assert wrong.statement == said
    assert str(wrong).splitlines()[0] == f"refuted: {said}"
    assert "  witness x: " in str(wrong) and "Verdict(" not in str(wrong)
    assert wrong._repr_markdown_().startswith(f"**refuted** `{said}` (")
    assert "<code>x*y &lt;= 1/5 for x: [0, 1]; y: [0, 1] assuming x + y &lt;= 1</code>" in (
        wrong._repr_html_()
    )
    assert "statement" not in wrong.as_dict()  # display only: reports and caches unchanged


@pytest.mark.parametrize("bad", ["x (0, 1)", "1x: (0, 1)"])
def test_malformed_domains_are_rejected(bad: str) -> None:
    with pytest.raises(InvalidClaim):
        parse_where(bad)


def test_a_statement_without_a_comparison_is_rejected() -> None:
    with pytest.raises(InvalidClaim, match=r"expected a relation \(<, <=, ==, ...\)"):
        check("exp(x) + 1")


@pytest.mark.parametrize(
    ("text", "status"),
    [
        # One reader of text (issue 28): evaluation off, definedness as written.
        ("x >= 0 or x < 0", Status.PROVED),  # was refuted: the text was split on relations
        ("sqrt(x)**2 >= x", Status.ERROR),  # was proved: sympy rewrote sqrt(x)**2 to x
        ("x/x == 1", Status.ERROR),  # undefined at 0; was refused as "already True"
        ("2 > 1", Status.PROVED),  # no variables: decided by exact evaluation
        ("1 > 2", Status.REFUTED),
        ("Phi(x) + Phi(-x) == 1", Status.PROVED),  # Phi(x) = (1 + erf(x/sqrt 2))/2
        ("erf(1) > 0.84", Status.PROVED),  # erf(1) = 0.8427...
        ("erf(x) <= x", Status.REFUTED),  # x = -1: -0.8427 > -1
    ],
)
def test_text_is_read_as_written(text: str, status: Status) -> None:
    assert check(text, timeout=30).status is status


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Exp(x) > 0", "unknown function Exp (did you mean 'exp'?)"),
        ("x => 1", "'=>' is not a relation: write '>='"),
        ("x ^ 2 >= 0", "'^' is not a power in Python; write '**'"),
        # 'e**x', as the '^' message alone advised, is then refused for its bare 'e'.
        ("e^x >= 1 + x", "write exp(x) (or E**(x))"),
        ("e^(2*x) >= 1", "write exp(2 * x) (or E**(2 * x))"),
    ],
)
def test_text_mistakes_say_what_was_meant(text: str, message: str) -> None:
    with pytest.raises(InvalidClaim, match=re.escape(message)):
        check(text)


def test_the_module_examples_run_as_doctests() -> None:
    result = doctest.testmod(dpproofs.oneline)
    assert result.attempted == 3 and result.failed == 0
