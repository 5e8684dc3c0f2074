"""Issue 29 for the K&S, Cummings, thread and Vadhan theorems: every numbered statement they
cite is a theorem of its own (role statement, or an identity labelled as such), and every
theorem states its reading decisions beside the quoted sentence (cheap: the theorems are
discovered, not decided)."""

from pathlib import Path

from dpproofs.run.discovery import load_theorems, theorem_files
from dpproofs.views.markdown import claim_ids

ROOT = Path(__file__).resolve().parents[2]
PREFIXES = ("KS-", "C-", "T-", "V-")
#: Cited only through a proof step, each with the reason (docs/review.md, "IDs without a theorem
#: of their own"): K&S Theorem A.2's witness rests on a DP claim that is false as stated
#: (ks.gauss_sum_dp) and a limit in n that no decider reaches.
WITHOUT_STATEMENT = {"KS-ThmA.2"}


def _specs():
    specs = []
    for file in theorem_files([ROOT / "theorems"]):
        loaded = load_theorems(file)
        assert isinstance(loaded, list), loaded
        specs += [s for s in loaded if any(i.startswith(PREFIXES) for i in claim_ids(s.source))]
    return specs


def test_every_cited_id_has_a_statement_theorem():
    specs = _specs()
    cited = {i for s in specs for i in claim_ids(s.source) if i.startswith(PREFIXES)}
    stated = {
        i for s in specs if s.role.value in ("statement", "identity") for i in claim_ids(s.source)
    }
    assert cited - stated == WITHOUT_STATEMENT


def test_every_theorem_states_its_reading():
    specs = _specs()
    assert len(specs) > 100
    assert sorted(s.id for s in specs if not s.reading.strip()) == []
