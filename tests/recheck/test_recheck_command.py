"""``dpproofs recheck``: a report of fast theorems rechecks; tampered reports fail, naming the
piece; unreadable reports are usage errors."""

import copy
import io

import pytest

from dpproofs.cli.main import main


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = main(["recheck", *argv], stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def theorem(report, theorem_id):
    return next(t for t in report["theorems"] if t["id"] == theorem_id)


def evidence(report, theorem_id, kind):
    return next(e for e in theorem(report, theorem_id)["evidence"] if e["kind"] == kind)


def test_every_kind_of_evidence_is_recorded(verified):
    _, report = verified
    kinds = {(t["id"], e["kind"]) for t in report["theorems"] for e in t["evidence"]}
    assert kinds == {
        ("fx.pure_implies_approx", "bounded-search"),
        ("fx.pure_implies_approx", "small-model"),
        ("fx.hockey_small", "witness"),
        ("fx.ln2", "witness"),
        ("fx.pair", "exact-evaluation"),
        ("fx.taylor", "witness"),
        ("fx.family", "exact-evaluation"),
        ("fx.steps", "witness"),
        ("fx.facts", "exact-facts"),
        ("fx.amgm_false", "witness"),
        ("fx.amgm", "z3-facts"),
        ("fx.rr_one", "exact-evaluation"),
    }
    # m = 2 rows (p, q); the hockey stick <= 0 is the family p_y <= E q_y (a zero sum): K = 0,
    # e = 1 family, the hypothesis closed under adding outcomes: merging, N* = e + 2^0 = 2.
    lifted = evidence(report, "fx.pure_implies_approx", "small-model")
    assert (lifted["m"], lifted["N*"], lifted["unsat_size"]) == (2, 2, 2)
    assert lifted["parts"] == [
        {"m": 2, "K": 0, "e": 1, "bound": 2, "merged": True, "growth": "split"}
    ]
    sizes = evidence(report, "fx.pure_implies_approx", "bounded-search")["sizes"]
    assert [(s["size"], s["result"]) for s in sizes] == [(2, "unsat"), (3, "unsat")]
    # The pair is a conjunction: each part's evidence names its part.
    assert [e["part"] for e in theorem(report, "fx.pair")["evidence"]] == [[0], [1]]
    # A family: each member's evidence names the member and carries the member's verdict.
    members = theorem(report, "fx.family")["evidence"]
    assert [(e["part"], e["status"], e["measured"]) for e in members] == [
        ([0], "proved", "0"),  # SD((1/2, 1/2), (1/2, 1/2)) = 0
        ([1], "proved", "1/6"),  # |1/2 - 1/3| = 1/6
    ]


def test_the_report_rechecks(verified, write_report):
    _, report = verified
    code, out, _ = run(write_report(report), "-v")
    assert code == 0, out
    assert "15 pieces: 15 confirmed, 0 failed, 0 not replayed" in out
    # 13 verdicts: the unknown one claims nothing; every other status is derived and agrees.
    assert out.splitlines()[-1] == "13 verdicts: 13 confirmed, 0 failed, 0 not replayed"


def test_no_bounded_skips_the_re_solve_and_says_so(verified, write_report):
    _, report = verified
    code, out, _ = run(write_report(report), "--no-bounded")
    assert code == 3  # the statuses resting on a skipped re-solve are not confirmed
    assert "bounded-search: not replayed: the sizes match the claim; re-solving skipped" in out
    assert "12 confirmed, 0 failed, 3 not replayed (2 re-proof skipped, 1 re-solve skipped)" in out
    # fx.pure_implies_approx (re-solve skipped), fx.amgm and fx.chain (re-proof skipped)
    assert "13 verdicts: 10 confirmed, 0 failed, 3 not replayed" in out
    code, out, _ = run(write_report(report), "--no-bounded", "--allow-unreplayed")
    assert code == 0
    assert out.splitlines()[-1] == (
        "accepted unreplayed (--allow-unreplayed): 3 verdicts, 0 theorems absent from the report"
    )


def tampered(report, theorem_id, kind, change):
    data = copy.deepcopy(report)
    for record in theorem(data, theorem_id)["evidence"]:
        if record["kind"] == kind:
            change(record)
    return data


@pytest.mark.parametrize(
    ("theorem_id", "kind", "change", "why"),
    [
        # q = (0, 1) -> (1, 1): no longer a distribution.
        (
            "fx.hockey_small",
            "witness",
            lambda r: r["values"].update(q="[[1, 1]]"),
            "q has a row that is not a probability distribution",
        ),
        # q = (0, 1) -> (1, 0) = p: the hockey stick is 0 <= 1/10, the claim holds there.
        (
            "fx.hockey_small",
            "witness",
            lambda r: r["values"].update(q="[[1, 0]]"),
            "the claim holds at the witness",
        ),
        # eps = 1 -> 2: outside [1/2, 1].
        (
            "fx.hockey_small",
            "witness",
            lambda r: r["values"].update(eps="2"),
            "eps = 2 is outside its domain [1/2, 1]",
        ),
        # The refuted step x^2 + 1 > 2x at x = 1 -> 2 (5 > 4: the step holds there).
        ("fx.steps", "witness", lambda r: r["values"].update(x="2"), "the claim holds"),
        # x = 1 -> 0: outside (0, oo).
        ("fx.taylor", "witness", lambda r: r["values"].update(x="0"), "x = 0 is outside"),
        # A covered size changed: 2 -> 4 (the claim searches 2 and 3). A lifting may leave a
        # claim size undecided, so this is caught by the small-model record's list of the sizes
        # it searched (before: "sizes [2] of the claim are not listed as covered").
        (
            "fx.pure_implies_approx",
            "bounded-search",
            lambda r: r["sizes"][0].update(size=4),
            "the bounded search lists sizes [3, 4], the small-model record says it searched [2, 3]",
        ),
        # An unsat turned sat.
        (
            "fx.pure_implies_approx",
            "bounded-search",
            lambda r: r["sizes"][1].update(result="sat"),
            "a bounded verification needs unsat at every size (['3: sat'])",
        ),
        # N* raised to 4 for the merging rule with e = 1, k = 0.
        (
            "fx.pure_implies_approx",
            "small-model",
            lambda r: r["parts"][0].update(bound=4),
            "part 1: N* = e + 2^k = 2 (m = 2, K = 0, e = 1, k = 0), recorded 4",
        ),
        # An event said to be merged too: e + 2^1 = 3, not the recorded 2.
        (
            "fx.pure_implies_approx",
            "small-model",
            lambda r: r["parts"][0].update(events=1),
            "part 1: N* = e + 2^k = 3 (m = 2, K = 0, e = 1, k = 1), recorded 2",
        ),
        # The monotone rule claimed without a sum (K = 0).
        (
            "fx.pure_implies_approx",
            "small-model",
            lambda r: r["parts"][0].update(merged=False, monotone=True),
            "part 1: a monotone sum is recorded, but K = 0",
        ),
        # A conjunct said to mention 3 rows where the claim has 2 (p, q).
        (
            "fx.pure_implies_approx",
            "small-model",
            lambda r: r["parts"][0].update(m=3),
            "part 1: m = 3 rows, more than the claim's 2",
        ),
        # A member's statistical difference 1/6 -> 1/7.
        (
            "fx.family",
            "exact-evaluation",
            lambda r: r.update(measured="1/7") if r["part"] == [1] else None,
            "total_variation recomputed is 1/6; the report: 1/7",
        ),
        # The measured pure epsilon log(3) -> 1/4.
        (
            "fx.pair",
            "exact-evaluation",
            lambda r: r.update(measured="1/4") if r["part"] == [0] else None,
            "pure_epsilon recomputed is log(3); the report: 1/4",
        ),
        # A comparison said to fail (ln 2 <= 7/10 holds: ln 2 = 0.693...).
        (
            "fx.facts",
            "exact-facts",
            lambda r: r["comparisons"][1].update(holds=False),
            "ln 2: log(2) <= 7/10: decided True here; the report says False",
        ),
        # A bound changed in the report's text: 7/10 -> 69/100.
        (
            "fx.facts",
            "exact-facts",
            lambda r: r["comparisons"][1].update(fact="ln 2: log(2) <= 69/100"),
            "the check states 3 comparisons, not the report's 3 (or not the same ones)",
        ),
    ],
)
def test_a_tampered_report_fails_naming_the_piece(
    verified, write_report, theorem_id, kind, change, why
):
    theorems, report = verified
    code, out, _ = run(write_report(tampered(report, theorem_id, kind, change)), "--no-bounded")
    assert code == 1, out
    failing = [line for line in out.splitlines() if line.startswith("!!")]
    named = [line for line in failing if f"s  {theorems}: {theorem_id}" in line]
    assert named == failing, out  # only pieces of the tampered theorem fail
    piece = next(line for line in failing if f": {kind}" in line and ": failed: " in line)
    assert why in piece
    # Moving size 2 away also takes away the unsat at N* = 2 that the small-model piece needs;
    # size 3 turned sat contradicts the small-model record, which says it searched 2 and 3
    # unsat (G7: the record's sizes are the bounded search's).
    assert len(failing) == (2 if "[2, 3]" in why or "3: sat" in why else 1)


def test_a_witness_on_a_verdict_that_is_not_refuted_fails(verified, write_report):
    _, report = verified
    data = copy.deepcopy(report)
    theorem(data, "fx.taylor")["status"] = "proved"
    theorem(data, "fx.taylor")["evidence"][0]["status"] = "proved"
    del data["summary"]  # it would no longer count the verdicts (a usage error)
    code, out, _ = run(write_report(data))
    assert code == 1
    assert "witness: failed: a witness, but the verdict is proved" in out


def test_a_theorem_gone_from_its_file_is_not_replayed(verified, write_report):
    _, report = verified
    data = copy.deepcopy(report)
    theorem(data, "fx.taylor")["id"] = "fx.renamed"
    code, out, _ = run(write_report(data))
    assert code == 3  # nothing contradicts the report, but its refutation is not confirmed
    assert "fx.renamed: witness: not replayed: the claim cannot be rebuilt" in out
    assert "verdict " in out and "fx.renamed: refuted: not replayed: the claim cannot be" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read the report"),
        ("{not json", "not a JSON report"),
        ('{"summary": {}}', "not a dpproofs verify report"),
        ('{"theorems": [{"id": "x", "evidence": 3}]}', "'evidence' is not a list"),
    ],
)
def test_an_unreadable_report_is_a_usage_error(tmp_path, content, message):
    path = tmp_path / "report.json"
    if content is not None:
        path.write_text(content)
    code, out, err = run(str(path))
    assert code == 2
    assert out == ""
    assert err.startswith("dpproofs: usage error: ") and message in err


def test_jobs_must_be_positive(verified, write_report):
    code, _, err = run(write_report(verified[1]), "--jobs", "0")
    assert code == 2 and "--jobs must be >= 1" in err


def test_an_unsat_the_second_encoding_refutes_fails(verified, write_report):
    # A forged bounded verification of a false claim: the re-solve finds an exact counterexample.
    _, report = verified
    data = copy.deepcopy(report)
    forged = theorem(data, "fx.hockey_small")
    forged["status"] = "verified-bounded"
    del data["summary"]
    forged["coverage"] = "all pairs of distributions with 2 outcomes, eps in [1/2, 1]"
    forged["evidence"] = [
        {
            "kind": "bounded-search",
            "size_name": "outcomes",
            "sizes": [{"size": 2, "encoding": "forged", "result": "unsat"}],
            "part": [],
        }
    ]
    code, out, _ = run(write_report(data))
    assert code == 1
    assert "fx.hockey_small: bounded-search: failed: size 2 is not unsat: " in out
    assert "the second encoding finds an exact counterexample" in out


def test_a_coverage_wider_than_the_sizes_covered_fails(verified, write_report):
    _, report = verified
    data = copy.deepcopy(report)
    forged = theorem(data, "fx.hockey_small")
    forged["status"] = "verified-bounded"
    del data["summary"]
    forged["coverage"] = "all pairs of distributions with outcomes in {2, 3}, eps in [1/2, 1]"
    forged["evidence"] = [
        {
            "kind": "bounded-search",
            "size_name": "outcomes",
            "sizes": [{"size": 2, "encoding": "z3", "result": "unsat"}],
            "part": [],
        }
    ]
    code, out, _ = run(write_report(data), "--no-bounded")
    assert code == 1
    assert "bounded-search: failed: the coverage does not say '2 outcomes'" in out
