"""A theorem split by sizes gets the verdict it gets in one job, on any executor, in any order.

``split="sizes"`` submits one job per (part, size) and one merge job (dpproofs.run.split). The
claims below are small enough to decide in seconds and cover the cases the merge must get right:
a bounded verdict (coverage lists every size), a refutation first possible at 3 outcomes (the
counterexample and its minimality come from size 3, whatever size 4 found), a proof lifted by
the small-model theorem (the lifting runs in the merge job), a conjunction of such parts, and an
undecided size (the UNKNOWN names exactly the sizes decided). The Dask case is skipped when the
``dask`` extra is absent (``make test-dask`` installs it).
"""

import dataclasses
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.claim import Deadline
from dpproofs.errors import InvalidTheorem
from dpproofs.run import executors, split
from dpproofs.run.runner import run
from dpproofs.run.selection import Planned
from dpproofs.run.worker import decide_theorem, discover, load_claim
from dpproofs.search.sizes import UNDECIDED, decide_size, merge_parts, search_parts
from dpproofs.theorem import theorem
from dpproofs.verdict import Status

SPLIT = """
from fractions import Fraction as F

from dpproofs.algebra import implies
from dpproofs.claim import all_of
from dpproofs.search import Interval, for_all_distributions
from dpproofs.theorem import theorem
from dpproofs.vocabulary import one_sided_close, statistical_difference


def tv_close(alg, p, q, delta):
    return implies(
        alg,
        alg.le(statistical_difference(alg, p, q), delta),
        one_sided_close(alg, p, q, alg.const(1), delta),
    )


def half(alg, p):
    return alg.any([alg.le(alg.const(F(1, 2)), x) for x in p])


@theorem(id="split.bounded", source="test", expect="verified-bounded", split="sizes")
def bounded():
    "SD <= delta implies p_0 <= q_0 + delta, on 2 to 4 outcomes (singles out an outcome)"
    return for_all_distributions(range(2, 5), delta=Interval(0, 1)).claim(
        lambda alg, p, q, delta: implies(
            alg, alg.le(statistical_difference(alg, p, q), delta), alg.le(p[0], q[0] + delta)
        )
    )


@theorem(id="split.half", source="test", expect="refuted", split="sizes")
def smallest():
    "some outcome has probability >= 1/2 (false first on 3 outcomes)"
    return for_all_distributions(range(2, 5), names=("p",)).claim(half)


@theorem(id="split.lifted", source="test", expect="proved", split="sizes")
def lifted():
    "TV <= delta implies one-sided (0, delta)-closeness: 2 outcomes searched, N* = 3 lifts it"
    return for_all_distributions((2,), delta=Interval(0, 1)).claim(tv_close)


@theorem(id="split.lifted_among", source="test", expect="proved", split="sizes")
def lifted_among():
    "the same on 2 and 3 outcomes: N* = 3 is among the sizes searched"
    return for_all_distributions(range(2, 4), delta=Interval(0, 1)).claim(tv_close)


@theorem(id="split.both", source="test", expect="refuted", split="sizes")
def both():
    "the lifted claim and the false one"
    return all_of(
        for_all_distributions((2,), delta=Interval(0, 1)).claim(tv_close),
        for_all_distributions(range(2, 5), names=("p",)).claim(half),
    )
"""

#: size jobs: 3 (bounded) + 3 (half) + 1 (lifted) + 2 (lifted_among) + 1 + 3 (both)
SIZE_JOBS = 13
CERTIFICATE_TIME = re.compile(r" ?\(\d+\.\d+ s\)|; \d+\.\d+ s\)")


@pytest.fixture(scope="module")
def found(tmp_path_factory):
    file = tmp_path_factory.mktemp("split") / "split_claims.py"
    file.write_text(SPLIT)
    discovered = discover(str(file), 6 * 1024**3)
    assert [(t.id, t.split) for t in discovered.theorems] == [
        ("split.bounded", ((0, (2, 3, 4)),)),
        ("split.half", ((0, (2, 3, 4)),)),
        ("split.lifted", ((0, (2,)),)),
        ("split.lifted_among", ((0, (2, 3)),)),
        ("split.both", ((0, (2,)), (1, (2, 3, 4)))),
    ]
    return discovered


def comparable(result):
    """Everything but the seconds (of the verdict, and inside certificate lines)."""
    entry = result.as_dict()
    del entry["seconds"], entry["cached"]
    entry["certificate"] = [CERTIFICATE_TIME.sub("", line) for line in entry["certificate"]]
    return entry


class Counting(ThreadPoolExecutor):
    """A process pool (supervisor threads) that counts what it was given."""

    def __init__(self, workers):
        super().__init__(max_workers=workers)
        self.submitted = []

    def submit(self, fn, /, *args, **kwargs):
        self.submitted.append(fn)
        return super().submit(fn, *args, **kwargs)


def decide_all(found, executor, whole=False):
    planned = [
        Planned(dataclasses.replace(info, split=()) if whole else info, found.dependencies)
        for info in found.theorems
    ]
    return {r.id: comparable(r) for r in run(planned, executor=executor, default_timeout=120)}


@pytest.fixture(scope="module")
def unsplit(found):
    """Each theorem in one job (by independent sizes, in one process)."""
    with Counting(2) as pool:
        results = decide_all(found, pool, whole=True)
    assert pool.submitted.count(split.decide_size) == 0
    return results


def test_the_unsplit_verdicts_are_the_expected_ones(unsplit):
    assert {i: r["status"] for i, r in unsplit.items()} == {
        "split.bounded": "verified-bounded",
        "split.half": "refuted",
        "split.lifted": "proved",
        "split.lifted_among": "proved",
        "split.both": "refuted",
    }
    assert unsplit["split.bounded"]["coverage"] == (
        "all pairs of distributions with outcomes in {2, 3, 4}, delta in [0, 1] (not one formula "
        "for every size: p[0] singles out an outcome)"
    )
    sizes = [e for e in unsplit["split.bounded"]["evidence"] if e["kind"] == "bounded-search"]
    assert [row["size"] for row in sizes[0]["sizes"]] == [2, 3, 4]
    # max_y p(y) >= 1/2 holds on 2 outcomes; the uniform distribution on 3 refutes it.
    observed = unsplit["split.half"]["counterexample"]["observed"]
    assert observed["size"] == "3 outcomes"
    assert observed["minimality"] == "no counterexample on outcomes in [2] (z3 unsat)"
    # m = 2 rows, one sum: N* = 3 > 2 searched, so the lifting decides 3 outcomes itself.
    kinds = [e["kind"] for e in unsplit["split.lifted"]["evidence"]]
    assert kinds == ["bounded-search", "small-model"]
    assert "z3 unsat at 3 >= N* = 3 outcomes" in unsplit["split.lifted"]["certificate"]
    lines = unsplit["split.lifted"]["certificate"]
    assert "3 outcomes: z3 unsat (the small-model bound" in lines  # its seconds removed
    # Here 3 outcomes was searched by its own job: the lifting only reads that it was unsat.
    among = unsplit["split.lifted_among"]
    assert [e["kind"] for e in among["evidence"]] == ["bounded-search", "small-model"]
    assert "z3 unsat at 3 >= N* = 3 outcomes" in among["certificate"]
    assert not any("(the small-model bound" in line for line in among["certificate"])
    assert unsplit["split.both"]["counterexample"] == unsplit["split.half"]["counterexample"]


def test_split_jobs_on_the_process_pool_give_the_unsplit_verdicts(found, unsplit):
    with Counting(2) as pool:
        assert decide_all(found, pool) == unsplit
    assert pool.submitted.count(split.decide_size) == SIZE_JOBS
    assert pool.submitted.count(split.merge) == 5


@pytest.mark.slow
def test_split_jobs_on_a_dask_local_cluster_give_the_unsplit_verdicts(found, unsplit):
    pytest.importorskip("distributed", reason="the dask extra is not installed (make test-dask)")
    spec = executors.ExecutorSpec(executors.ExecutorKind.DASK)
    with executors.open_executor(spec, 2) as client:
        assert decide_all(found, client) == unsplit


@pytest.fixture(scope="module")
def reports(found):
    """Every (part, size) report of each theorem, decided in this process."""
    out = {}
    for info in found.theorems:
        claim, _spec = load_claim(info.file, info.id, 6 * 1024**3)
        parts = search_parts(claim)
        out[info.id] = (
            parts,
            [
                decide_size(p, n, Deadline(60), i)
                for i, p in enumerate(parts)
                for n in p.quantifier.sizes
            ],
        )
    return out


def untimed(verdict):
    """A verdict's dict without seconds, here and in its parts and certificate lines."""
    verdict = {k: v for k, v in verdict.items() if k != "seconds"}
    verdict["certificate"] = [CERTIFICATE_TIME.sub("", c) for c in verdict["certificate"]]
    verdict["parts"] = [untimed(p) for p in verdict["parts"]]
    return verdict


def merged(parts, reports):
    return untimed(merge_parts(parts, reports, Deadline(60)).as_dict())


@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_merging_reports_in_any_order_gives_the_same_verdict(reports, data):
    names = ["split.bounded", "split.half", "split.lifted_among", "split.both"]
    theorem_id = data.draw(st.sampled_from(names))
    parts, in_order = reports[theorem_id]
    shuffled = data.draw(st.permutations(in_order))
    assert merged(parts, shuffled) == merged(parts, in_order)


def test_an_undecided_size_leaves_exactly_the_decided_sizes_covered(reports):
    parts, in_order = reports["split.bounded"]
    why = "z3 unknown at 3 outcomes (work budget spent): canceled"
    stuck = [
        dataclasses.replace(r, kind=UNDECIDED, reason=why, line="") if r.size == 3 else r
        for r in in_order
    ]
    verdict = merge_parts(parts, stuck[::-1], Deadline(60))
    assert verdict.status is Status.UNKNOWN
    assert verdict.reason == (
        "no counterexample among pairs of distributions with outcomes in {2, 4}, delta in [0, 1] "
        f"(z3 unsat); {why}"
    )


def test_a_refutation_above_an_undecided_size_still_refutes(reports):
    parts, in_order = reports["split.half"]
    why = "z3 unknown at 2 outcomes (time ran out): timeout"
    stuck = [
        dataclasses.replace(r, kind=UNDECIDED, reason=why) if r.size == 2 else r for r in in_order
    ]
    verdict = merge_parts(parts, stuck, Deadline(60))
    assert verdict.status is Status.REFUTED
    observed = dict(verdict.counterexample.observed)
    assert observed["size"] == "3 outcomes"
    assert observed["minimality"] == (
        "no counterexample on outcomes in [] (z3 unsat); outcomes in [2] not decided"
    )


def test_split_takes_only_sizes():
    def cases():
        return None

    theorem(source="test", expect="proved", split="cases")(cases)
    (spec,) = cases.__globals__.pop("__dpproofs_theorems__")
    assert spec.split is None
    with pytest.raises(InvalidTheorem, match="split= must be one of"):
        spec.build()


NOT_A_SEARCH = """
from dpproofs import FiniteMechanism, pure_epsilon_is, theorem

RR = FiniteMechanism.from_rows([["3/4", "1/4"], ["1/4", "3/4"]])


@theorem(id="split.exact", source="test", expect="proved", split="sizes")
def rr():
    "RR with 3/4 is ln 3-DP (an exact claim: nothing to split)"
    return pure_epsilon_is(RR, "log(3)")
"""


def test_a_claim_that_does_not_split_is_an_error_naming_why(tmp_path):
    file = tmp_path / "not_a_search.py"
    file.write_text(NOT_A_SEARCH)
    (info,) = discover(str(file), 6 * 1024**3).theorems
    assert info.split == ()  # so the runner gives it one job, which says why
    verdict = decide_theorem(str(file), "split.exact", None, 6 * 1024**3)
    assert verdict.status is Status.ERROR
    assert verdict.reason.startswith(f"{file}:")  # the declaration's line, then why
    assert verdict.reason.partition(": ")[2].startswith(
        "InvalidClaim: split='sizes' needs a search claim or an all_of of search claims, not "
    )
