"""The Markdown view: claim IDs read from sources, one row per ID, corrections beside them."""

from dpproofs.run.runner import TheoremResult
from dpproofs.theorem import Refutation, Role
from dpproofs.verdict import Counterexample, Status, Verdict
from dpproofs.views.markdown import _cell, claim_ids, markdown


def test_claim_ids_are_read_from_citations():
    source = "004_b0aca88671cf8a62.txt, Theorem 2.2 (KS-Thm2.2(ii)); see also CY-Prop1(10), C-Thm5."
    assert claim_ids(source) == ["KS-Thm2.2(ii)", "CY-Prop1(10)", "C-Thm5"]
    assert claim_ids("V-sd-hybrid and T-5-composition, V-sd-hybrid") == [
        "V-sd-hybrid",
        "T-5-composition",
    ]
    assert claim_ids("ABC-Thm1, XKS-1, no ids here") == []


def result(id, source, verdict, expected, corrects=None, role=None, refutation=None, **shown):
    role = Role.parse(role, corrects)
    label = Refutation.parse(refutation, expected)
    return TheoremResult(
        id,
        f"title of {id}",
        source,
        expected,
        verdict,
        "t.py:1",
        "",
        corrects,
        role=role,
        refutation=label,
        **shown,
    )


def test_a_refuted_claim_shows_its_counterexample_and_its_correction():
    bad = result(
        "ks.false",
        "seed, KS-Thm2.4(i)",
        Verdict.refuted("search", Counterexample.of({"eps": "1/2"})),
        Status.REFUTED,
        quote="A is | 2-DP.",
        reading="neighbours differ in one entry",
    )
    fixed = result(
        "ks.fixed", "seed, KS-Thm2.4(i)", Verdict.proved("smt"), Status.PROVED, corrects="ks.false"
    )
    plain = result("other", "a user theorem", Verdict.proved("exact"), Status.PROVED)
    lines = markdown([bad, fixed, plain]).splitlines()
    rows = [line for line in lines if line.startswith("| ") and "`" in line]
    assert rows[0] == (
        "| KS-Thm2.4(i) | title of ks.false | A is \\| 2-DP. | neighbours differ in one entry"
        " | `ks.false` | statement | **refuted** | refuted"
        " | unlabelled | search |  |  | eps = 1/2 | ks.fixed: proved |"
    )
    assert rows[1].endswith(
        "| `ks.fixed` | correction | **proved** | proved |  | smt |  |  |  | corrects ks.false |"
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
    # | not encoded as stated | identity | refuted: notational / substantive (unlabelled counts
    # as substantive)
    assert "| K&S | 3 | 2 | 0 | 1 | 0 | 0 | 1 | 1 | 0 | 0 / 1 |" in text
    assert "| Cuff & Yu | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 1 | 0 | 0 / 0 |" in text
    assert "Not encoded as stated (2): CY-Lemma1, KS-Lemma4.1." in text
    assert "Proof steps: 2 in 1 derivations: 1 proved, 0 refuted, 0 unknown, 1 not-checked." in text


def _refuted(id, source, refutation, role=None):
    return result(
        id,
        source,
        Verdict.refuted("exact", Counterexample.of({"x": "1"})),
        Status.REFUTED,
        role=role,
        refutation=refutation,
    )


def test_refutations_are_labelled_and_a_notational_one_needs_its_intended_statement_proved():
    results = [
        # C-a: notational, its intended statement proved beside it: notational.
        _refuted("c.strict", "seed, C-a", "notational"),
        result("c.fixed", "seed, C-a", Verdict.proved("smt"), Status.PROVED, "c.strict"),
        # C-b: notational, but the correction is only bounded here: unconfirmed, substantive.
        _refuted("c.claimed", "seed, C-b", "notational"),
        result(
            "c.bounded",
            "seed, C-b",
            Verdict.verified_bounded("x", "n <= 2"),
            Status.VERIFIED_BOUNDED,
            "c.claimed",
        ),
        # C-c: substantive; a refuted proof step (labelled) does not decide the ID.
        _refuted("c.wrong", "seed, C-c", "substantive"),
        _refuted("c.step", "seed, C-c", "substantive", role="proof"),
        _refuted("c.probe", "seed, C-c", None, role="probe"),
    ]
    text = markdown(results)
    rows = {line.split("`")[1]: line for line in text.splitlines() if line.startswith("| C-")}
    assert "| refuted | notational |" in rows["c.strict"]
    assert "| refuted | notational (unconfirmed" in rows["c.claimed"]
    assert "| refuted | substantive |" in rows["c.wrong"]
    # 4 refuted theorems: c.strict notational; c.claimed (unconfirmed), c.wrong, c.step not;
    # the probe is the project's own question, counted apart and never labelled.
    assert (
        "Refutations of what the sources say: 4: 1 notational, 3 substantive"
        " (and 1 refuted probes, the project's own questions)." in text
    )
    assert "| `c.probe` | probe | **refuted** | refuted |  |" in text
    # IDs refuted as stated: C-a notational; C-b, C-c substantive.
    assert "| Cummings | 3 | 3 | 0 | 0 | 0 | 0 | 3 | 0 | 0 | 1 / 2 |" in text


def test_an_identity_of_definitions_is_shown_but_not_counted_as_decided():
    results = [
        result("t.same", "seed, T-3-x", Verdict.proved("smt"), Status.PROVED, role="identity"),
        result("t.real", "seed, T-4-y", Verdict.proved("smt"), Status.PROVED),
    ]
    text = markdown(results)
    assert "| thread | 2 | 1 | 1 | 0 | 0 | 0 | 0 | 0 | 1 | 0 / 0 |" in text
    assert "Identities of their definitions, not counted as decided (1): T-3-x." in text
    assert "Not encoded as stated" not in text


def test_a_proof_on_part_of_the_sources_domain_counts_as_bounded_for_its_claim_id():
    """Issue 29: ``restricted=`` (eps in [1/100, 2] where the source says every eps > 0) shows
    the proof as what it is and the claim ID's verdict as verified-bounded, never proved."""
    whole = result("v.whole", "seed, V-Prop1", Verdict.proved("smt"), Status.PROVED)
    part = result(
        "v.part",
        "seed, V-Claim1(1)",
        Verdict.proved("smt"),
        Status.PROVED,
        restricted="eps in [1/100, 2]",
    )
    text = markdown([whole, part])
    assert "**proved** (on part of the domain: eps in [1/100, 2])" in text
    vadhan = next(line for line in text.splitlines() if line.startswith("| Vadhan |"))
    # 2 IDs, both decided; one proved, one verified-bounded (columns in _WEAKEST_FIRST reversed)
    assert vadhan.startswith("| Vadhan | 2 | 2 | 1 | 1 | 0 | 0 | 0 |"), vadhan


def test_a_long_cell_is_cut_at_a_space_never_inside_a_name():
    # CI at stop 38: a cell cut at 120 characters ended "dpproofs.search.i...", a module name
    # that does not exist (tests/test_doc_references.py reads the page)
    text = "x" * 100 + " parts built by dpproofs.search.informed_parts and more words"
    cut = _cell(text, 120)
    assert cut == "x" * 100 + " parts built by ..."
    assert len(cut) <= 120
    assert _cell("short | cell", 120) == "short \\| cell"
    assert _cell("y" * 200, 20) == "y" * 17 + " ..."
