"""``dpproofs check-proof``: run through a tiny argparse, as cli.py will register it."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest

from dpproofs.cli import check_proof as cli_check_proof


def call(*argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="dpproofs")
    cli_check_proof.add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["check-proof", *argv])
    out, err = io.StringIO(), io.StringIO()
    return cli_check_proof.run(args, out, err), out.getvalue(), err.getvalue()


LAPLACE = r"""\begin{align*}
\frac{\Pr[\mathcal{M}(x) = z]}{\Pr[\mathcal{M}(y) = z]}
  &= e^{\epsilon(|f(y) - z| - |f(x) - z|)} && \text{(pdf)} \\
  &\le e^{\epsilon |f(x) - f(y)|} && \text{(triangle inequality)} \\
  &\le e^{\epsilon}
\end{align*}"""
MAPS = [
    r"--map=\Pr[\mathcal{M}(x) = z] => e^{-\epsilon|f(x) - z|}",
    r"--map=\Pr[\mathcal{M}(y) = z] => e^{-\epsilon|f(y) - z|}",
    "--map=f(x) => u",
    "--map=f(y) => v",
]


def test_proved_chain(tmp_path: Path) -> None:
    tex = tmp_path / "proof.tex"
    tex.write_text(LAPLACE, encoding="utf-8")
    code, out, _ = call(str(tex), *MAPS, r"--assume=|f(x) - f(y)| \le 1", "--where=epsilon=(0, oo)")
    assert code == 0, out
    assert out.count(": proved") == 3
    # the parsed form is shown, f(x) and f(y) mapped to u and v
    assert "parsed: exp((epsilon*Abs((u) - (v)))) <= exp((epsilon))" in out
    assert "by:     (triangle inequality)" in out
    assert out.strip().endswith("proved: 3/3 steps proved")


def test_refuted_without_the_sensitivity_assumption(tmp_path: Path) -> None:
    tex = tmp_path / "proof.tex"
    tex.write_text(LAPLACE, encoding="utf-8")
    code, out, _ = call(str(tex), *MAPS, "--where=epsilon=(0, oo)", "--json")
    assert code == 1
    report = json.loads(out)
    assert report["status"] == "refuted"
    statuses = [s["status"] for s in report["steps"]]
    assert statuses[:2] == ["proved", "proved"] and statuses[2] == "refuted"
    assert set(report["steps"][2]) == {
        "index", "latex", "lhs", "relation", "rhs", "justification", "status", "witness", "reason"
    }  # fmt: skip
    assert report["steps"][2]["witness"]["assignment"]


@pytest.mark.parametrize("bad", ["--map=no separator", "--where=novalue"])
def test_usage_errors(tmp_path: Path, bad: str) -> None:
    tex = tmp_path / "proof.tex"
    tex.write_text("a = a", encoding="utf-8")
    code, _, err = call(str(tex), bad)
    assert code == 2 and "check-proof" in err


@pytest.mark.parametrize(("option", "value"), [("--assume", ""), ("--conclusion", "x +")])
def test_an_unreadable_assumption_or_conclusion_names_its_option(
    tmp_path: Path, option: str, value: str
) -> None:
    """The fuzz test's find (CI, 27 Nov): ``--assume ''`` was refused without naming
    ``--assume`` (or the file)."""
    tex = tmp_path / "proof.tex"
    tex.write_text("x \\le x + 1", encoding="utf-8")
    code, _, err = call(str(tex), f"{option}={value}")
    assert code == 2 and f"check-proof: {option}: " in err, err


def test_missing_file(tmp_path: Path) -> None:
    code, _, err = call(str(tmp_path / "absent.tex"))
    assert code == 2 and "absent.tex" in err


def test_timeout_is_a_hard_limit_shared_by_the_steps(tmp_path: Path) -> None:
    # A 10-level tower e^{e^{...}} on both sides of "= 2": sympy's simplification of the second
    # step does not return for minutes. Each step runs in a child stopped at its share of
    # --timeout, so the step is unknown with the reason (exit 3) and the first step still stands.
    tower_x = "e^{" * 10 + "x" + "}" * 10
    tower_y = "e^{" * 10 + "y" + "}" * 10
    tex = tmp_path / "tower.tex"
    tex.write_text(
        rf"\begin{{align*}} {tower_x} + {tower_y} &= {tower_y} + {tower_x} + 0 \\ &= 2"
        r"\end{align*}",
        encoding="utf-8",
    )
    code, out, _ = call(str(tex), "--timeout=8")
    assert code == 3, out
    assert "step 1: proved" in out
    assert "step 2: unknown" in out
    assert "time limit of" in out and "the process was stopped" in out
    assert out.strip().endswith("unknown: 1/2 steps proved, step 2 unknown")


@pytest.mark.parametrize(
    ("assume", "said"),
    [
        ("eps > 0", "did you mean \\epsilon?"),
        (r"\delta > 0", "--assume names 'delta', which no step uses"),
    ],
)
def test_an_assume_naming_nothing_a_step_uses_is_a_usage_error(
    tmp_path: Path, assume: str, said: str
) -> None:
    tex = tmp_path / "proof.tex"
    tex.write_text(r"\[ e^{\varepsilon} \ge 1 + \varepsilon \]", encoding="utf-8")
    code, _, err = call(str(tex), f"--assume={assume}")
    assert code == 2 and said in err
    code, out, _ = call(str(tex), "--assume=epsilon > 0")  # the name, not e*p*s*i*l*o*n
    assert code == 0 and out.endswith("proved: 1/1 steps proved\n")
