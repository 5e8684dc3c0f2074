"""What a report says around Shannon-type evidence, against what recheck re-derives.

An *entropic verdict* is one whose every piece of evidence is a Shannon certificate or an
entropic witness. People read it through its method, reason, certificate and coverage, not
through its records. So from the claim rebuilt from its theorem file (Shannon claims, joined by
``all_of`` and ``for_each``), the status derived for each part from the replayed pieces
(:mod:`.verdicts`) and the replayed certificates, recheck writes those texts again with the
decider's writer (:mod:`dpproofs.shannon_text`, text only) and compares:

* a Shannon claim, proved: its method, the reason naming its variables and parameters (as this
  package's :func:`.entropic.names_and_parameters` reads them), the certificate lines of its
  replayed certificate; refuted: its method and refutation reason, no certificate;
* ``all_of`` (:func:`dpproofs.verdict.conjunction`): proved: "all of", the parts' reasons
  joined by "; " (each once), no certificate; verified-bounded: "all of", no reason, the parts'
  coverages (a proved part's: "proved: " and its reason, else its method) joined by "; " (each
  once); refuted: the texts of its first refuted part;
* ``for_each`` (:class:`dpproofs.finite.claims.ForEach`): verified-bounded: "exact evaluation
  of each member", no reason, the family's coverage ("<family> (<n> cases)", then
  "; bounded members: " and "<label>: <coverage>" of each bounded member); refuted: the first
  refuted member's method, no reason, no certificate.

No other claim shows a coverage. The reason may be empty (it then says nothing); every other
text must be the derived one exactly, or the verdict fails. A claim of another kind in the tree,
or a part whose status is not derived, leaves the texts not derived ("not replayed").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dpproofs import shannon_text as text
from dpproofs.recheck.claims import NotRebuilt, rebuild
from dpproofs.recheck.entropic import names_and_parameters
from dpproofs.recheck.pieces import Outcome, Reported
from dpproofs.shannon_certificate import ShannonCertificate

#: The claims an entropic verdict's tree may hold, by their class's home (none is imported).
SHANNON = ("dpproofs.entropic.claim", "ShannonClaim")
ALL_OF = ("dpproofs.claim", "AllOf")
FOR_EACH = ("dpproofs.finite.claims", "ForEach")
#: The methods of a conjunction and of a family's bounded verdict (their deciders' words).
ALL_OF_METHOD = "all of"
FOR_EACH_METHOD = "exact evaluation of each member"

Path = tuple[int, ...]
Mismatch = tuple[Outcome, str] | None


class NotDerived(Exception):
    """The texts of a part cannot be derived (a claim of another kind, a status not derived)."""


@dataclass(frozen=True, slots=True)
class Texts:
    method: str
    reason: str = ""
    certificate: tuple[str, ...] = ()
    coverage: str | None = None


def applies(verdict: Reported) -> bool:
    """Whether every piece of ``verdict`` is Shannon-type evidence (and there is one)."""
    return bool(verdict.pieces) and all(
        p.kind == "shannon-certificate"
        or (p.kind == "witness" and p.record.get("claim") == "entropic")
        for p in verdict.pieces
    )


def told(verdict: Reported, status_of: Callable[[Path], str | None]) -> Mismatch:
    """None when the verdict's method, reason, certificate and coverage are the texts derived
    (module docstring); else (FAILED, the first difference), or (NOT_REPLAYED, why) when the
    texts cannot be derived. ``status_of(path)``: the status derived for the part at path."""
    try:
        want = _texts(_Tree(verdict, status_of), ())
    except NotDerived as exc:
        return Outcome.NOT_REPLAYED, f"the texts of the Shannon-type verdict: {exc}"
    shown = verdict.pieces[0].certificate
    if verdict.method != want.method:
        return Outcome.FAILED, f"the method {verdict.method!r} is not the derived {want.method!r}"
    if verdict.reason not in ("", want.reason):
        return Outcome.FAILED, f"the reason {verdict.reason!r} is not the derived {want.reason!r}"
    if shown != want.certificate:
        return Outcome.FAILED, (
            f"the certificate {list(shown)} is not the replayed one {list(want.certificate)}"
        )
    if verdict.coverage != want.coverage:
        return Outcome.FAILED, (
            f"the coverage {verdict.coverage!r} is not the derived {want.coverage!r}"
        )
    return None


class _Tree:
    """The claims along a verdict's part paths, and what was derived for them."""

    def __init__(self, verdict: Reported, status_of: Callable[[Path], str | None]) -> None:
        self.verdict = verdict
        self.status_of = status_of

    def claim(self, path: Path) -> Any:
        try:
            return rebuild(self.verdict.file, self.verdict.theorem, path)
        except NotRebuilt as exc:
            raise NotDerived(str(exc)) from exc

    def status(self, path: Path) -> str:
        status = self.status_of(path)
        if status is None:
            raise NotDerived(f"no status derived for part {list(path)}")
        return status

    def certificate(self, path: Path) -> ShannonCertificate:
        records = [
            p.record
            for p in self.verdict.pieces
            if p.part == path and p.kind == "shannon-certificate"
        ]
        if len(records) != 1:
            raise NotDerived(f"{len(records)} Shannon certificates for part {list(path)}")
        return ShannonCertificate.from_dict(records[0])


def _home(claim: Any) -> tuple[str, str]:
    return type(claim).__module__, type(claim).__qualname__


def _texts(tree: _Tree, path: Path) -> Texts:
    claim, status = tree.claim(path), tree.status(path)
    home = _home(claim)
    if home == SHANNON:
        return _shannon(tree, path, claim, status)
    if home == ALL_OF:
        parts = [(*path, i) for i in range(len(claim.parts))]
        return _all_of(tree, parts, status)
    if home == FOR_EACH:
        return _for_each(tree, path, claim, status)
    raise NotDerived(f"part {list(path)} is a {home[1]}, not a claim of Shannon type")


def _shannon(tree: _Tree, path: Path, claim: Any, status: str) -> Texts:
    if status == "refuted":
        return Texts(text.METHOD, text.REFUTED_REASON)
    if status != "proved":
        raise NotDerived(f"a Shannon claim {status}")
    hypotheses = [str(h) for h in claim.hypotheses]
    lines = text.certificate_lines(tree.certificate(path).directions, hypotheses)
    return Texts(text.METHOD, text.proved_reason(*names_and_parameters(claim)), tuple(lines))


def _all_of(tree: _Tree, parts: list[Path], status: str) -> Texts:
    if status == "refuted":
        first = next((p for p in parts if tree.status_of(p) == "refuted"), None)
        if first is None:
            raise NotDerived("a refuted conjunction without a refuted part")
        return _texts(tree, first)
    shown = [_texts(tree, p) for p in parts]
    if status == "proved":
        reasons = "; ".join(dict.fromkeys(t.reason for t in shown if t.reason))
        return Texts(ALL_OF_METHOD, reasons)
    covered = (t.coverage if t.coverage else f"proved: {t.reason or t.method}" for t in shown)
    return Texts(ALL_OF_METHOD, coverage="; ".join(dict.fromkeys(covered)))


def _for_each(tree: _Tree, path: Path, claim: Any, status: str) -> Texts:
    members = [(*path, i) for i in range(len(claim.members))]
    if status == "refuted":
        first = next((p for p in members if tree.status_of(p) == "refuted"), None)
        if first is None:
            raise NotDerived("a refuted family without a refuted member")
        return Texts(_texts(tree, first).method)
    shown = [_texts(tree, p) for p in members]
    coverage = f"{claim.family} ({len(members)} cases)"
    bounded = [
        f"{label}: {t.coverage}"
        for (label, _), t in zip(claim.members, shown, strict=True)
        if t.coverage is not None
    ]
    if bounded:
        coverage += "; bounded members: " + "; ".join(bounded)
    return Texts(FOR_EACH_METHOD, coverage=coverage)
