"""A verdict cut short by its time limit says where the time ran out and what was done before
(issue 31, item 2; dpproofs.progress). Before: "time limit of 2 s reached; the process was
stopped", whatever the child had done, and the same advice in every case."""

from __future__ import annotations

import io
import json
import textwrap
from pathlib import Path

from dpproofs import progress
from dpproofs.claim import Deadline
from dpproofs.cli.main import main
from dpproofs.steps.check import check_steps
from dpproofs.steps.derivation import read_derivation

SLOW = textwrap.dedent(
    '''
    import time

    from dpproofs import exact_fact, theorem
    from dpproofs.progress import note


    def _slow_check():
        note("the first half of the cases")
        time.sleep(30)
        return True


    @theorem(source="test", expect="proved", timeout=2)
    def slow_to_decide():
        """Decided slowly."""
        return exact_fact("a slow fact", _slow_check)


    @theorem(source="test", expect="proved", timeout=2)
    def slow_to_build():
        """Built slowly."""
        time.sleep(30)
        return exact_fact("never built", lambda: True)
    '''
)


def test_a_timed_out_child_reports_its_stage_and_what_it_had_done(tmp_path: Path) -> None:
    (tmp_path / "slow.py").write_text(SLOW)
    out = io.StringIO()
    code = main(
        ["verify", str(tmp_path), "--no-cache", "--jobs", "2", "--json", str(tmp_path / "v.json")],
        stdout=out,
        stderr=io.StringIO(),
    )
    assert code == 1
    reasons = {
        t["id"]: t["reason"] for t in json.loads((tmp_path / "v.json").read_text())["theorems"]
    }
    limit = "time limit of 2 s reached; the process was stopped"
    assert reasons == {
        "slow.slow_to_decide": f"{limit} while deciding the claim; done before the limit: "
        "the first half of the cases",
        "slow.slow_to_build": f"{limit} while building the claim (before deciding began)",
    }
    assert "what might help: a cheaper file or theorem function" in " ".join(out.getvalue().split())


def test_the_summary_of_the_notes_by_hand() -> None:
    s = progress.summary
    assert s(()) == ""
    assert s(("importing the file",)) == " while importing the file (before deciding began)"
    notes = ("importing the file", "building the claim", "deciding the claim", "a", "b")
    assert s(notes) == " while deciding the claim; done before the limit: a; b"
    assert s(("x", "deciding the claim")) == " while deciding the claim"  # "x" came before it


def test_each_checked_step_is_a_note() -> None:
    derivation = read_derivation(r"\begin{align} (x+1)^2 &= x^2 + 2x + 1 \\ &\geq 2x \end{align}")
    heard: list[str] = []
    with progress.listening(heard.append):
        check_steps(derivation, Deadline(30))
    assert heard == ["step 1 of 2: proved", "step 2 of 2: proved"]
    progress.note("outside: nobody listens")  # no sink: nothing happens, nothing raised
    assert len(heard) == 2


def test_only_the_latest_notes_are_kept_and_named() -> None:
    notes: list[str] = []
    for text in ("importing the file", "stale", "deciding the claim"):
        progress.kept(notes, text)
    assert notes == ["deciding the claim"]  # a stage starts afresh
    for number in range(progress.KEPT + 5):
        progress.kept(notes, f"n{number}")
    assert len(notes) == progress.KEPT + 1 and notes[0] == "deciding the claim"
    assert notes[-1] == f"n{progress.KEPT + 4}" and notes[1] == "n5"
    said = progress.summary(tuple(notes))
    last = "; ".join(f"n{i}" for i in range(progress.KEPT + 5 - progress.SHOWN, progress.KEPT + 5))
    assert said == (
        f" while deciding the claim; done before the limit: {progress.KEPT} notes, "
        f"the last {progress.SHOWN}: {last}"
    )


def test_each_unsat_size_of_a_search_is_a_note() -> None:
    from fractions import Fraction as F

    from dpproofs.algebra import implies
    from dpproofs.search import Interval, for_all_distributions
    from dpproofs.vocabulary import indistinguishable, pointwise_indistinguishable

    claim = for_all_distributions(
        outcomes=[2, 3], eps=Interval(F(1, 100), 3), delta=Interval(0, F(1, 2))
    ).claim(
        lambda alg, p, q, E, delta: implies(
            alg,
            pointwise_indistinguishable(alg, p, q, E, delta),
            indistinguishable(alg, p, q, E, delta),
        )
    )
    heard: list[str] = []
    with progress.listening(heard.append):
        claim.decide(Deadline(120))
    assert heard[:2] == ["2 outcomes: z3 unsat", "3 outcomes: z3 unsat"]
