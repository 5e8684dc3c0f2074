"""``.whole(phrase)``: sizes that ARE the statement's domain, decided as a proof there (issue 30).

A claim about binary channels only (2 inputs, 2 outputs) has no other size: z3 unsat at that
size, every parameter over its interval, covers every instance of the statement. The tests: the
declaration turns such an unsat into PROVED with the phrase and the coverage in its reason; it
never hides a counterexample; it proves nothing with a parameter pinned to chosen points; it is
refused where it could not be checked (a split parameter, a ';' in the phrase); and a run
refuses a phrase that is not in the theorem's quote.
"""

from __future__ import annotations

import textwrap

import pytest

from dpproofs import wholephrase
from dpproofs.claim import Deadline
from dpproofs.errors import InvalidClaim
from dpproofs.search import Interval, channel, for_all, log_of
from dpproofs.verdict import Status
from dpproofs.vocabulary import statistical_difference

PHRASE = "For a binary channel"


def _tv_is_first_column_gap(alg, W):
    """TV(W_0, W_1) = |W(0|0) - W(0|1)|: true on 2 outputs (both rows sum to 1, so the two
    columns' gaps are equal and TV is half their sum), false on 3 (the rows (1/2, 1/2, 0) and
    (1/2, 0, 1/2) have TV 1/2 and first-column gap 0)."""
    gap = alg.maximum([W[0][0] - W[1][0], W[1][0] - W[0][0]])
    return alg.eq(statistical_difference(alg, W[0], W[1]), gap)


def _binary(whole: object = PHRASE, sizes=(2,), **params):
    quantifier = for_all(
        {"W": channel(inputs=2)},
        sizes,
        size_name="outputs",
        what="binary channels W (2 inputs)",
        **params,
    )
    return quantifier.whole(whole) if whole != "" else quantifier


def test_unsat_on_the_whole_domain_is_proved():
    verdict = _binary().claim(_tv_is_first_column_gap).decide(Deadline(60))
    # Fails before issue 30's .whole(phrase) (no such method).
    assert verdict.status is Status.PROVED
    assert verdict.reason == (
        "for all of the statement's domain ('For a binary channel'): "
        "all binary channels W (2 inputs) with 2 outputs"
    )
    assert verdict.certificate[0].startswith(
        "the statement's domain is binary channels W (2 inputs) with 2 outputs, declared by "
        "its phrase 'For a binary channel'"
    )
    assert [s.size for s in verdict.evidence[0].sizes] == [2]


def test_without_the_declaration_the_same_search_is_bounded():
    verdict = _binary(whole="").claim(_tv_is_first_column_gap).decide(Deadline(60))
    assert verdict.status is Status.VERIFIED_BOUNDED
    assert verdict.coverage.startswith("all binary channels W (2 inputs) with 2 outputs (")


def test_a_false_claim_is_refuted_on_its_whole_domain():
    # TV <= 1/2 fails at W = ((1, 0), (0, 1)), TV = 1: the declaration hides nothing.
    verdict = (
        _binary()
        .claim(lambda alg, W: alg.le(statistical_difference(alg, W[0], W[1]), alg.const(1) / 2))
        .decide(Deadline(60))
    )
    assert verdict.status is Status.REFUTED


def test_the_declared_sizes_are_the_sizes_decided():
    # The claim is false on 3 outputs (rows (1/2, 1/2, 0), (1/2, 0, 1/2): TV 1/2, gap 0), so a
    # whole domain of {2, 3} is refuted there: every declared size is decided.
    declared = _binary(whole="For a channel with 2 or 3 outputs", sizes=(2, 3))
    verdict = declared.claim(_tv_is_first_column_gap).decide(Deadline(60))
    assert verdict.status is Status.REFUTED
    assert "3 outputs" in verdict.reason


def test_a_pinned_parameter_is_no_whole_domain():
    # t pinned to ln 2 (and to one point): the search covered those points only.
    for t in (log_of(2), Interval(1, 1)):
        verdict = (
            _binary(t=t)
            .claim(
                lambda alg, W, t: alg.le(
                    statistical_difference(alg, W[0], W[1]), alg.total([t, alg.const(1)])
                )
            )
            .decide(Deadline(60))
        )
        assert verdict.status is Status.VERIFIED_BOUNDED, t


def test_a_parameter_over_an_interval_is_covered_whole():
    verdict = (
        _binary(t=Interval(0, 1))
        .claim(
            lambda alg, W, t: alg.le(
                statistical_difference(alg, W[0], W[1]), alg.total([t, alg.const(1)])
            )
        )
        .decide(Deadline(60))
    )
    assert verdict.status is Status.PROVED
    assert verdict.reason.endswith("with 2 outputs, t in [0, 1]")


@pytest.mark.parametrize(
    ("whole", "params", "says"),
    [
        ("For a binary; channel", {}, "without ';'"),
        # issue 30, s8 adversary: a phrase of fewer than 3 words, or naming no size, or not
        # the size searched, is no declaration (fails before: each was accepted)
        ("For", {}, "at least 3 words"),
        ("For binary", {}, "at least 3 words"),
        ("For every channel", {}, "names no size"),
        ("For a ternary channel", {}, r"names the sizes \[3\], not \[2\]"),
        (PHRASE, {"t": Interval(0, 1, split=2)}, "no parameter may be split"),
        (2, {}, "a phrase of the statement"),
        ("  ", {}, "a phrase of the statement"),
        ("For every channel", {}, "names no size"),
    ],
)
def test_undecidable_declarations_are_refused(whole, params, says):
    with pytest.raises(InvalidClaim, match=says):
        _binary(whole=whole, **params)


@pytest.mark.parametrize(
    ("phrase", "sizes"),
    [
        ("For a binary channel", {2}),
        ("For a binary-input, two-output channel", {2}),
        ("For channels (2 inputs, 3 outputs)", {2, 3}),
        ("For a Ternary alphabet", {3}),
        ("For every channel", set()),
        ("For a binarychannel", set()),
    ],
)
def test_named_sizes(phrase, sizes):
    assert wholephrase.named_sizes(phrase) == sizes


@pytest.mark.parametrize(
    ("phrase", "quote", "starts"),
    [
        ("For a binary channel", "For a binary channel, TV <= 1.", True),
        ("For a binary channel", "For  a binary\nchannel, TV <= 1.", True),
        ("For a binary channel", "TV <= 1. For a binary channel, more.", True),
        ("For a binary channel", "Lemma 3: For a binary channel W", True),
        ("For a binary channel", "Then for a binary channel W", False),  # case and place
        ("a binary channel", "For a binary channel, TV <= 1.", False),  # mid-sentence
        ("For a binary chan", "For a binary channel, TV <= 1.", False),  # not a word's end
        ("For a binary channel", "x. y; For a binary channel", True),
    ],
)
def test_quoted_means_a_sentence_or_clause_start(phrase, quote, starts):
    assert wholephrase.quoted(phrase, quote) is starts


THEOREMS = '''
from dpproofs.search import channel, for_all
from dpproofs.theorem import theorem
from dpproofs.vocabulary import statistical_difference


def _claim(whole):
    quantifier = for_all({"W": channel(inputs=2)}, [2], size_name="outputs").whole(whole)
    return quantifier.claim(
        lambda alg, W: alg.le(statistical_difference(alg, W[0], W[1]), alg.const(1))
    )


@theorem(id="fx.quoted", source="fixture", expect="proved",
         quote="For a binary channel, TV is at most 1.")
def quoted():
    """TV <= 1 on binary channels."""
    return _claim("For a binary channel")


@theorem(id="fx.unquoted", source="fixture", expect="proved",
         quote="For every channel, TV is at most 1.")
def unquoted():
    """TV <= 1, declared binary although the statement speaks of every channel."""
    return _claim("For a binary channel")
'''


def test_a_run_requires_the_phrase_in_the_quote(tmp_path):
    from dpproofs.run.worker import load_claim

    path = tmp_path / "whole_theorems.py"
    path.write_text(textwrap.dedent(THEOREMS))
    _claim, spec = load_claim(str(path), "fx.quoted", 6 * 1024**3)
    assert spec.id == "fx.quoted"
    refused = load_claim(str(path), "fx.unquoted", 6 * 1024**3)
    assert refused.status is Status.ERROR
    assert "whole_domain 'For a binary channel' is not a phrase of the theorem's quote=" in (
        refused.reason
    )
