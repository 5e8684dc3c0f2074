"""The recheck's own copy of the chord rule's and CV-TV's texts (dpproofs/recheck/chordtext.py,
ruletext._convexity) against the deciders' words, on claims of every shape (level, quantity,
hypothesis, group; form, domain): the copies must write exactly what the deciders write."""

from __future__ import annotations

import pytest
import sympy
from sympy import Rational, tanh

from dpproofs.deadline import Deadline
from dpproofs.finite.convexity import MixtureForm, mixture_tv_claim
from dpproofs.recheck import chordtext, ruletext
from dpproofs.recheck.pieces import Piece
from dpproofs.symbolic import chord
from dpproofs.verdict import Status

eps = sympy.Symbol("eps", positive=True)
n = sympy.Symbol("n", positive=True)
delta = sympy.Symbol("delta")

CHORDS = [
    chord.ChordClaim("D", eps, eps * tanh(eps / 2)),
    chord.ChordClaim("D at 2", eps, 2 * eps * tanh(eps)),
    chord.ChordClaim("D at 1/2", eps, eps * tanh(eps / 4) / 2, level=Rational(1, 2)),
    chord.ChordClaim("I", eps, eps * tanh(eps / 2), quantity="mi"),
    chord.ChordClaim("I KL", eps, eps, quantity="mi", hypothesis="kl"),
    chord.ChordClaim("I KL 3", eps, 4 * eps, level=Rational(3), quantity="mi", hypothesis="kl"),
    chord.ChordClaim("I n", eps, n * eps * tanh(n * eps / 2), quantity="mi", group=n),
]


def _piece(record: dict) -> Piece:
    return Piece("f.py", "t", "proved", (), record)


@pytest.mark.parametrize("claim", CHORDS, ids=[c.statement for c in CHORDS])
def test_the_chord_copy_writes_the_deciders_texts(claim: chord.ChordClaim) -> None:
    assert chordtext.METHOD == chord.METHOD and chordtext.SECOND == chord.SECOND
    assert chordtext.coverage(claim) == claim.coverage
    verdict = claim.decide(Deadline(120))
    assert verdict.status is Status.PROVED, verdict.reason
    (record,) = verdict.evidence
    method, reason, lines = chordtext.texts(claim, [_piece(record.as_dict())])
    assert (method, reason, lines) == (verdict.method, verdict.reason, verdict.certificate)


def test_the_chord_copy_needs_the_one_record() -> None:
    with pytest.raises(chordtext.NotWritten):
        chordtext.texts(CHORDS[0], [])


@pytest.mark.parametrize("form", list(MixtureForm))
@pytest.mark.parametrize("domain", ["[0, 1]", "[0, 1/2]"])
def test_the_convexity_copy_writes_the_deciders_texts(form: MixtureForm, domain: str) -> None:
    from dpproofs.finite import convexity

    assert ruletext.CONVEXITY_METHOD == convexity.METHOD
    claim = mixture_tv_claim(form, delta, delta, {delta: domain})
    roles, reason = ruletext._convexity(claim)
    assert roles == claim.roles
    verdict = claim.decide(Deadline(120))
    assert verdict.status is Status.PROVED and verdict.reason == reason
    assert f"delta in {domain}" in reason and "every number of inputs and outputs" in reason
