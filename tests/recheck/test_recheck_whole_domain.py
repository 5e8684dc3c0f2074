"""``dpproofs recheck`` of a search proved on the statement's whole domain (``.whole(phrase)``).

A real report of one such theorem rechecks (exit 0). Each lie exits non-zero: the reason
changed, and the theorem file changed after the run so that the claim no longer declares its
whole domain, or its quote no longer holds the phrase (the claim is rebuilt from the file, and
the proof then rests on nothing the file states).
"""

from __future__ import annotations

import io
import json

from dpproofs.cli.main import main
from dpproofs.recheck.claims import forget

THEOREM = '''from dpproofs.search import channel, for_all
from dpproofs.theorem import theorem
from dpproofs.vocabulary import statistical_difference


@theorem(id="fx.binary_tv", source="fixture", expect="proved",
         quote="For a binary channel, TV is at most 1.")
def binary_tv():
    """TV <= 1 on binary channels."""
    quantifier = for_all({"W": channel(inputs=2)}, [2], size_name="outputs")
    quantifier = quantifier.whole("For a binary channel")
    return quantifier.claim(
        lambda alg, W: alg.le(statistical_difference(alg, W[0], W[1]), alg.const(1))
    )
'''


def _recheck(path) -> tuple[int, str]:
    forget()
    out = io.StringIO()
    code = main(["recheck", str(path)], stdout=out, stderr=out)
    return code, out.getvalue()


def test_whole_domain_proofs_recheck_and_lies_fail(tmp_path):
    source = tmp_path / "whole_theorems.py"
    source.write_text(THEOREM)
    report = tmp_path / "report.json"
    assert main(["verify", str(source), "--json", str(report), "--no-cache", "-q"]) == 0
    data = json.loads(report.read_text())
    assert [t["status"] for t in data["theorems"]] == ["proved"]
    code, said = _recheck(report)
    assert code == 0, said

    lied = json.loads(report.read_text())
    lied["theorems"][0]["reason"] = (
        "for all of the statement's domain ('For a binary channel'): all W"
    )
    report.write_text(json.dumps(lied))
    code, said = _recheck(report)
    assert code != 0 and 'with 2 outputs"' in said and "fx.binary_tv" in said, said
    report.write_text(json.dumps(data))

    # The file no longer declares the whole domain: the same unsat is only bounded.
    source.write_text(THEOREM.replace('.whole("For a binary channel")', ""))
    code, said = _recheck(report)
    assert code != 0 and "the replayed evidence gives verified-bounded" in said, said

    # The quote no longer fixes the sizes.
    source.write_text(THEOREM.replace("For a binary channel, TV", "For every channel, TV"))
    code, said = _recheck(report)
    assert code != 0 and "not a phrase of the quote" in said, said


def test_a_phrase_from_a_sentence_middle_fails_the_recheck(tmp_path):
    # The quote keeps the phrase, but mid-sentence ("Note that for..." would be lower case;
    # here after a comma): no sentence or clause starts with it. Fails before s8's fix (the
    # recheck asked only for a substring).
    source = tmp_path / "whole_theorems.py"
    source.write_text(THEOREM)
    report = tmp_path / "report.json"
    assert main(["verify", str(source), "--json", str(report), "--no-cache", "-q"]) == 0
    source.write_text(THEOREM.replace('quote="For a binary', 'quote="Recall, For a binary'))
    code, said = _recheck(report)
    assert code != 0 and "starts a sentence or clause" in said, said
