"""A conjunction with lifted parts: its reason, coverage and certificate, written again.

The runner writes a conjunction's verdict with one writer, :func:`dpproofs.verdict.conjunction`:

* proved: method "all of", reason = the parts' non-empty reasons joined by "; " in the parts'
  order (each text once: the first occurrence stays), no coverage, no certificate;
* verified-bounded: "all of", no reason, coverage = per part, in order, its coverage or else
  "proved: " and its reason (or its method), joined by "; " (each once), no certificate.

Recheck derives each part's text where it can: a lifted part (a ``small-model`` piece of that
part) from its claim rebuilt from the file (:func:`.liftedtext.stated`: its proved reason, or
its pinned coverage), a conjunction from its own parts, by the rule above. A part whose text is
not derived here (another decider's) stands for any run of "; "-separated texts, possibly none
(it may have said a later part's text first: that text is then only required somewhere). The
whole's reason (proved) or coverage (bounded) must then be the derived texts in the writer's
order at the writer's positions: a regular expression, each derived text a whole "; "-segment,
matched against the whole text (an empty reason says nothing and is accepted).
Its method must be "all of" and its certificate empty, as the writer leaves them. Refuted
wholes are not handled here (the refuting part's texts are the whole's; :mod:`.reasons`).
"""

from __future__ import annotations

import re
from typing import Any

from dpproofs import lifted
from dpproofs.recheck.claims import NotRebuilt, rebuild
from dpproofs.recheck.liftedtext import stated
from dpproofs.recheck.pieces import Outcome, Reported

#: The conjunction's class, by its home (not imported), and its method.
ALL_OF = ("dpproofs.claim", "AllOf")
ALL_OF_METHOD = "all of"

Path = tuple[int, ...]
#: A part's text as derived: the text, or None (not derived: any run of texts).
Text = str | None


def applies(verdict: Reported) -> bool:
    """Whether ``verdict`` has a small-model piece of a part (a lifted part of a conjunction)."""
    return any(p.kind == "small-model" and p.part != () for p in verdict.pieces)


def told(verdict: Reported) -> tuple[Outcome, str] | None:
    """None when the conjunction's certificate is empty and its reason (coverage) has the
    derived parts' texts in the writer's order (module docstring); else (FAILED, why). The
    statuses are the reported ones (a text is compared whether or not the statuses could be
    derived from the replay; they are compared with the replay elsewhere)."""
    try:
        claim = rebuild(verdict.file, verdict.theorem, ())
    except NotRebuilt:
        return None
    status = verdict.status
    if _home(claim) != ALL_OF or status not in ("proved", "verified-bounded"):
        return None
    if verdict.method != ALL_OF_METHOD:
        return Outcome.FAILED, f"the method {verdict.method!r} of a conjunction is not 'all of'"
    shown = verdict.pieces[0].certificate if verdict.pieces else ()
    if shown:
        return Outcome.FAILED, (
            f"the certificate {list(shown)} of a conjunction ({status}) is not the empty one "
            "its writer leaves"
        )
    tree = _Tree(verdict)
    parts = tree.parts((), claim)
    if status == "proved":
        items = [tree.reason(p) for p in parts]
        said = verdict.reason
        if said == "":
            return None
    else:
        items = [tree.covered(p) for p in parts]
        said = verdict.coverage or ""
    if not _matches(said, items):
        derived = "; ".join("..." if t is None else t for t in items)
        return Outcome.FAILED, (
            f"the conjunction's {'reason' if status == 'proved' else 'coverage'} {said!r} is "
            f"not its parts' texts in order ({derived!r}; '...': a part not derived here)"
        )
    return None


def _home(claim: Any) -> tuple[str, str]:
    return type(claim).__module__, type(claim).__qualname__


def _matches(said: str, items: list[Text]) -> bool:
    """Whether ``said`` is ``"; ".join`` of the items, each derived text once (its first
    occurrence), a None item any run of texts (possibly none). After a None item a derived
    text may already have been said by it (the writer keeps the first occurrence): it is then
    optional at its place but must be a segment of ``said`` somewhere."""
    pattern, seen, hidden = "", set(), False
    for item in items:
        if item is None:
            pattern += "(?:.*?; )?"
            hidden = True
        elif item and item not in seen:
            seen.add(item)
            pattern += f"(?:{re.escape(item + '; ')})?" if hidden else re.escape(item + "; ")
    segments = f"; {said}; "
    if any(f"; {item}; " not in segments for item in seen):
        return False
    return re.fullmatch(pattern, said + "; ", flags=re.DOTALL) is not None


def _joined(items: list[Text]) -> Text:
    if any(t is None for t in items):
        return None
    return "; ".join(dict.fromkeys(t for t in items if t))


class _Tree:
    """The parts of a verdict's claim and the texts derived for them."""

    def __init__(self, verdict: Reported) -> None:
        self.verdict = verdict

    def status_of(self, path: Path) -> str | None:
        """The reported status of a part: its pieces' (the whole's at ()), or a conjunction's
        by its parts' (:func:`dpproofs.verdict.conjunction`); None when not known."""
        if path == ():
            return self.verdict.status
        own = {p.status for p in self.verdict.pieces if p.part == path}
        if own:
            return own.pop() if len(own) == 1 else None
        claim = self.claim(path)
        if claim is None or _home(claim) != ALL_OF:
            return None
        statuses = {self.status_of(p) for p in self.parts(path, claim)}
        if not statuses <= {"proved", "verified-bounded"}:  # refuted, unknown, None
            return None
        return "verified-bounded" if "verified-bounded" in statuses else "proved"

    def claim(self, path: Path) -> Any:
        try:
            return rebuild(self.verdict.file, self.verdict.theorem, path)
        except NotRebuilt:
            return None

    def parts(self, path: Path, claim: Any) -> list[Path]:
        return [(*path, i) for i in range(len(claim.parts))]

    def _lifted(self, path: Path) -> tuple[Any, int] | None:
        """(the part's claim, its record's N*) when the part has one small-model piece."""
        records = [
            p.record for p in self.verdict.pieces if p.part == path and p.kind == "small-model"
        ]
        claim = self.claim(path)
        if len(records) != 1 or claim is None or not hasattr(claim, "quantifier"):
            return None
        n_star = records[0].get("N*")
        return (claim, n_star) if isinstance(n_star, int) else None

    def _stated(self, path: Path, pinned: bool) -> Text:
        """The lifted part's text when its parameters are pinned (bounded) or not (proved)."""
        lifted_part = self._lifted(path)
        if lifted_part is None:
            return None
        q = lifted_part[0].quantifier
        if any(d.pinned or d.exp_value is not None for _, d in q.params) != pinned:
            return None
        return stated(q, lifted_part[1])

    def reason(self, path: Path) -> Text:
        """The reason a proved part shows (None: not derived here)."""
        if self.status_of(path) != "proved":
            return None
        claim = self.claim(path)
        if claim is not None and _home(claim) == ALL_OF:
            return _joined([self.reason(p) for p in self.parts(path, claim)])
        return self._stated(path, pinned=False)

    def covered(self, path: Path) -> Text:
        """The text a part adds to a bounded conjunction's coverage (None: not derived)."""
        status = self.status_of(path)
        claim = self.claim(path)
        is_all_of = claim is not None and _home(claim) == ALL_OF
        if status == "proved":
            reason = self.reason(path)
            method = ALL_OF_METHOD if is_all_of else lifted.LIFTED_METHOD
            return None if reason is None else f"proved: {reason or method}"
        if status != "verified-bounded":
            return None
        if is_all_of:
            return _joined([self.covered(p) for p in self.parts(path, claim)])
        return self._stated(path, pinned=True)
