"""The Markdown view: claim IDs read from sources, one row per ID, corrections beside them."""

from dpproofs.run.runner import TheoremResult
from dpproofs.theorem import Role
from dpproofs.verdict import Counterexample, Status, Verdict
from dpproofs.views.markdown import claim_ids, markdown


def test_claim_ids_are_read_from_citations():
    source = "004_b0aca88671cf8a62.txt, Theorem 2.2 (KS-Thm2.2(ii)); see also CY-Prop1(10), C-Thm5."
    assert claim_ids(source) == ["KS-Thm2.2(ii)", "CY-Prop1(10)", "C-Thm5"]
    assert claim_ids("V-sd-hybrid and T-5-composition, V-sd-hybrid") == [
        "V-sd-hybrid",
        "T-5-composition",
    ]
    assert claim_ids("ABC-Thm1, XKS-1, no ids here") == []


def result(id, source, verdict, expected, corrects=None, role=None):
    role = Role.parse(role, corrects)
    return TheoremResult(
        id, f"title of {id}", source, expected, verdict, "t.py:1", "", corrects, role=role
    )


def test_a_refuted_claim_shows_its_counterexample_and_its_correction():
    bad = result(
        "ks.false",
        "seed, KS-Thm2.4(i)",
        Verdict.refuted("search", Counterexample.of({"eps": "1/2"})),
        Status.REFUTED,
    )
    fixed = result(
        "ks.fixed", "seed, KS-Thm2.4(i)", Verdict.proved("smt"), Status.PROVED, corrects="ks.false"
    )
    plain = result("other", "a user theorem", Verdict.proved("exact"), Status.PROVED)
    lines = markdown([bad, fixed, plain]).splitlines()
    rows = [line for line in lines if line.startswith("| ") and "`" in line]
    assert rows[0] == (
        "| KS-Thm2.4(i) | title of ks.false | `ks.false` | statement | **refuted** | refuted"
        " | search |  |  | eps = 1/2 | ks.fixed: proved |"
    )
    assert rows[1].endswith(
        "| `ks.fixed` | correction | **proved** | proved | smt |  |  |  | corrects ks.false |"
    )
    uncited = lines[lines.index("## Theorems citing no claim ID") :]
    assert any("`other`" in line for line in uncited)


def test_step_summary_counts_each_status():
    from dataclasses import replace

    from dpproofs.run.runner import step_summary
    from dpproofs.verdict import StepResult

    def step(i, status):
        return StepResult(i, "a = b", "a", "=", "b", "", status)

    # 5 steps: proved at 1, 2, 3 and 5, refuted at 4 -> "4/5 proved, 1 refuted".
    steps = tuple(step(i, "refuted" if i == 4 else "proved") for i in range(1, 6))
    assert step_summary(replace(Verdict.proved("steps"), steps=steps)) == "4/5 proved, 1 refuted"
    assert step_summary(Verdict.proved("exact")) == ""  # verdicts without steps


def test_the_summary_counts_theorems_ids_per_source_and_steps():
    from dataclasses import replace

    from dpproofs.verdict import StepResult

    steps = (
        StepResult(1, "a = b", "a", "=", "b", "", "proved"),
        StepResult(2, "b <= c", "b", "<=", "c", "", "not-checked"),
    )
    results = [
        # KS-Thm2.4(i): the statement is refuted; its proved correction does not decide the ID.
        result(
            "ks.false",
            "seed, KS-Thm2.4(i)",
            Verdict.refuted("search", Counterexample.of({"eps": "1/2"})),
            Status.REFUTED,
        ),
        result("ks.true", "seed, KS-Thm2.4(i)", Verdict.proved("smt"), Status.PROVED, "ks.false"),
        # KS-Thm2.2(i): a proved statement and a bounded one: the conjunction is bounded.
        result("ks.a", "seed, KS-Thm2.2(i)", Verdict.proved("smt"), Status.PROVED),
        result(
            "ks.b",
            "seed, KS-Thm2.2(i)",
            Verdict.verified_bounded("x", "n <= 2"),
            Status.VERIFIED_BOUNDED,
        ),
        # KS-Lemma4.1: a proved step of the proof only: not encoded as stated.
        result("ks.step", "seed, KS-Lemma4.1", Verdict.proved("smt"), Status.PROVED, role="proof"),
        # CY-Lemma1: a stub and a derivation with an unknown step: not encoded as stated.
        result(
            "cy.open",
            "seed, CY-Lemma1",
            Verdict.unknown("open", "todo"),
            Status.UNKNOWN,
            role="stub",
        ),
        result(
            "cy.steps",
            "seed, CY-Lemma1",
            replace(Verdict.unknown("proof steps", "step 2"), steps=steps),
            Status.UNKNOWN,
            role="proof",
        ),
    ]
    text = markdown(results)
    assert "7 theorems: 3 proved, 1 verified-bounded, 2 unknown, 1 refuted." in text
    # source | cited | decided as stated | proved | bounded | unknown | error | refuted
    # | not encoded as stated
    assert "| K&S | 3 | 2 | 0 | 1 | 0 | 0 | 1 | 1 |" in text
    assert "| Cuff & Yu | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 1 |" in text
    assert "Not encoded as stated (2): CY-Lemma1, KS-Lemma4.1." in text
    assert "Proof steps: 2 in 1 derivations: 1 proved, 0 refuted, 0 unknown, 1 not-checked." in text
