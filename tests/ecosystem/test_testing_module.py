"""dpproofs.testing: the strategies generate what they promise; the assertions re-check exactly."""

from __future__ import annotations

import doctest
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dpproofs.testing
from dpproofs import FiniteMechanism, Status, delta_for_epsilon, is_dp, pure_epsilon
from dpproofs.claim import Deadline
from dpproofs.exact import compare
from dpproofs.run.discovery import load_theorems
from dpproofs.testing import (
    assert_counterexample,
    assert_dp,
    distributions,
    dp_mechanisms,
    mechanisms,
    priors,
)

ROOT = Path(__file__).resolve().parents[2]


def _spec(file: str, theorem_id: str):  # type: ignore[no-untyped-def]
    specs = load_theorems(ROOT / file)
    assert isinstance(specs, list)
    return next(s for s in specs if s.id == theorem_id)


@given(st.integers(1, 6).flatmap(lambda k: st.tuples(st.just(k), distributions(k))))
def test_distributions_are_exact_probability_vectors(
    drawn: tuple[int, tuple[Fraction, ...]],
) -> None:
    k, p = drawn
    assert len(p) == k
    assert all(isinstance(v, Fraction) and v >= 0 for v in p)
    assert sum(p) == 1


@given(priors(4))
def test_priors_have_full_support(p: tuple[Fraction, ...]) -> None:
    assert all(v > 0 for v in p) and sum(p) == 1


@given(mechanisms(3, ["a", "b"], neighbours=[[0, 1], [1, 2]]))
def test_mechanisms_have_the_requested_shape(m: FiniteMechanism) -> None:
    assert m.inputs == (0, 1, 2) and m.outputs == ("a", "b")
    assert all(sum(row) == 1 for row in m.rows)


@settings(max_examples=15, deadline=None)
@given(dp_mechanisms("log(3)", inputs=2, outputs=3))
def test_dp_mechanisms_are_pure_dp(m: FiniteMechanism) -> None:
    # The construction keeps every ratio <= r <= e^eps = 3, so pure epsilon <= log 3.
    assert compare(pure_epsilon(m).exact, "log(3)") <= 0


@settings(max_examples=10, deadline=None)
@given(dp_mechanisms("1/2", delta="1/10", inputs=3, outputs=2))
def test_dp_mechanisms_with_delta_are_approximately_dp(m: FiniteMechanism) -> None:
    assert compare(delta_for_epsilon(m, "1/2").exact, "1/10") <= 0
    assert is_dp(m, "1/2", "1/10").decide(Deadline(30)).status is Status.PROVED


def _draws(strategy: st.SearchStrategy[FiniteMechanism], n: int) -> list[FiniteMechanism]:
    """n draws of ``strategy``, deterministic (derandomized), as a test would see them."""
    drawn: list[FiniteMechanism] = []

    @settings(max_examples=n, deadline=None, derandomize=True, database=None)
    @given(strategy)
    def record(m: FiniteMechanism) -> None:
        drawn.append(m)

    record()
    return drawn


def test_dp_mechanisms_reach_the_eps_bound() -> None:
    # log 3 is attained exactly (r = 3): a quarter of the draws must lie within 1% of it.
    draws = _draws(dp_mechanisms("log(3)", inputs=2, outputs=3), 60)
    near = [m for m in draws if compare(pure_epsilon(m).exact, "99*log(3)/100") >= 0]
    assert len(near) >= len(draws) // 4, f"{len(near)} of {len(draws)} draws near log 3"


def test_dp_mechanisms_reach_the_delta_bound() -> None:
    draws = _draws(dp_mechanisms("1/2", delta="1/10", inputs=2, outputs=2), 40)
    near = [m for m in draws if compare(delta_for_epsilon(m, "1/2").exact, "99/1000") >= 0]
    assert len(near) >= len(draws) // 4, f"{len(near)} of {len(draws)} draws near delta"


def test_a_test_wrong_only_at_the_boundary_fails() -> None:
    # The mistake: "an (eps, delta)-DP mechanism is also (eps, delta/2)-DP". Every draw at the
    # boundary (delta(1/2) = 1/10 exactly there) refutes it.
    @settings(max_examples=30, deadline=None, derandomize=True, database=None)
    @given(dp_mechanisms("1/2", delta="1/10", inputs=2, outputs=2))
    def halving_delta_is_free(m: FiniteMechanism) -> None:
        assert compare(delta_for_epsilon(m, "1/2").exact, "1/20") <= 0

    with pytest.raises(AssertionError):
        halving_delta_is_free()


def test_assert_dp_passes_and_fails_with_the_counterexample() -> None:
    rr = FiniteMechanism.from_rows([["3/4", "1/4"], ["1/4", "3/4"]])
    assert_dp(rr, "log(3)")
    # delta(1) = 3/4 - e/4 ~ 0.070 > 1/100.
    with pytest.raises(AssertionError, match="refuted"):
        assert_dp(rr, "1", "1/100")


def test_assert_counterexample_scalar_and_concrete() -> None:
    taylor = _spec("examples/tour.py", "tour.exp_taylor")
    # e^1 = 2.718... > 1 + 1 + 1/2 = 5/2: a counterexample; at eps = 1/1000 too (cubic term).
    assert_counterexample(taylor, {"eps": "1"})
    assert_counterexample(taylor, {"eps": Fraction(1, 1000)})
    with pytest.raises(AssertionError, match="not a counterexample"):
        assert_counterexample(taylor, {"eps": "0"})  # outside the domain (0, oo)
    assert_counterexample(_spec("examples/tour.py", "tour.rr_one").build, {})


def test_assert_counterexample_search_claim_from_the_json_record() -> None:
    part2 = _spec("theorems/kasiviswanathan_smith/ks_indistinguishability.py", "ks.claim3_3.part2")
    # The pinned finding (tests/quality/test_ks_findings.py): Q(Bad) = 1/3 > 2 delta/(eps e^eps).
    record = {"assignment": {"eps": "4/3", "delta": "1/2", "p": "[0, 1]", "q": "[1/3, 2/3]"}}
    assert_counterexample(part2, record)
    with pytest.raises(AssertionError):
        assert_counterexample(part2, {"eps": "4/3", "delta": "1/2", "p": "[0, 1]", "q": "[0, 1]"})


def test_the_module_examples_run_as_doctests() -> None:
    result = doctest.testmod(dpproofs.testing, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 4 and result.failed == 0


@settings(max_examples=5, deadline=None)
@given(mechanisms(inputs=["aa", "ab", "ba", "bb"], neighbours={"hamming": 2}))
def test_mechanisms_take_hamming_inputs_written_as_strings(m: FiniteMechanism) -> None:
    # Each of the 4 databases of 2 characters has 2 neighbours: 8 ordered pairs.
    assert m.inputs == ("aa", "ab", "ba", "bb") and len(m.pairs) == 8


def test_without_hypothesis_the_import_says_what_to_install() -> None:
    """dpproofs depends on no hypothesis (pyproject.toml); a user without it is told to add it
    instead of meeting a bare ModuleNotFoundError from inside dpproofs."""
    code = (
        "import sys\n"
        "sys.modules['hypothesis'] = None\n"  # as if not installed
        "try:\n"
        "    import dpproofs.testing\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
    )
    said = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert said == (
        "dpproofs.testing gives hypothesis strategies and needs hypothesis: "
        "pip install hypothesis (or 'dpproofs[test]')\n"
    )
