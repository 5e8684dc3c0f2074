"""What a report says around a small-model record, against what recheck re-derives.

A lifted verdict is read by people through its status, method, reason (or coverage) and
certificate, not through its evidence record. So for a small-model piece, from the claim
rebuilt from its theorem file and the record (whose numbers :mod:`.certificates` and
:mod:`.smallmodel` check against the formula), recheck writes again with the shared writer
(:mod:`dpproofs.lifted`, text only) and compares:

* the piece's status: "proved", or "verified-bounded" when a parameter is pinned to chosen
  points (the lifting then covers those points only);
* for the whole claim (part ()): the method is the lifted method; the reason names every
  finite alphabet and each parameter's domain as the file states it (a pinned lifting: the
  coverage does); the certificate contains, in order, the reduction's lines (m and N*; per part
  m, K, e, its bound and rule, its growth rule with its precondition), the line naming the
  unsat sizes, and (for a claim with no inner objects) the line saying that the lifting is of
  the traced formula and at which sizes the predicate was compared with it (the searched ones
  and :func:`dpproofs.lifted.guard_sizes`).

The certificate is compared whole, line for line (:func:`_whole`): the refinement's opening
line (a claim with inner objects), the reduction's head line; per part its line (m, K, e, its
bound and rule), its growth line with the precondition checked (for "none" its start: the
reason is the formula's own words), then exactly K "sum:" and e "family:" lines, each a
different sum (family) of the claim's formula traced again (:func:`_labels`: rendered by the
core's renderer through the formula's own nodes); the unsat line; the guard line (the searched
sizes and :func:`dpproofs.lifted.guard_sizes`; a refinement's closes the certificate); then one
line per searched size, as the search writes it, only its time free (the sorting text read from
the bounded search's encoding, the refinement's count of inner values likewise), plus, for a
claim's size not searched, "not decided (...); not needed", and the line saying why a
localised lifting did not finish (free text after its fixed start). Any other line, a missing
one, or one out of place fails the piece. A part of a conjunction: the whole verdict's reason
(or coverage) must contain the part's lifted reason (or pinned coverage) as written here
(:func:`_in_the_whole`); the whole's texts, the parts' in the writer's order, and its
certificate are rebuilt by :mod:`.liftedwhole`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from dpproofs import lifted as text
from dpproofs.evidence import BoundedSearch, SmallModel
from dpproofs.recheck.pieces import Piece
from dpproofs.recheck.retraced import claim_formula


def told(piece: Piece, claim: Any, record: SmallModel, sizes: BoundedSearch | None) -> str:
    """'' when the report says what the record and the claim give (module docstring), else
    the first difference."""
    q = claim.quantifier
    pinned = [n for n, d in q.params if d.pinned or d.exp_value is not None]
    status = "verified-bounded" if pinned else "proved"
    if piece.status != status:
        at = f" ({', '.join(pinned)} at chosen points)" if pinned else ""
        return f"the small-model piece says {piece.status}; a lifting{at} is {status}"
    domains = [text.describe_domain(n, d) for n, d in q.params]
    if piece.part != ():
        return _in_the_whole(piece, q, record)
    if piece.method != text.LIFTED_METHOD:
        return f"the method {piece.method!r} is not the lifting's {text.LIFTED_METHOD!r}"
    if pinned:
        want = text.pinned_coverage(q.what, q.size_name, record.n_star, domains, pinned)
        if piece.coverage != want:
            return f"the coverage {piece.coverage!r} is not the lifting's {want!r}"
    else:
        shapes = q.shapes(record.n_star).values()
        mechanisms = any(s.text.startswith("mechanism") for s in shapes)
        want = text.proved_reason(q.what, q.size_name, domains, mechanisms)
        if piece.reason != want:
            return f"the reason {piece.reason!r} is not the lifting's {want!r}"
    inner = bool(getattr(claim, "inner", ()))
    return _whole(piece.certificate, claim, record, sizes, inner)


def _in_the_whole(piece: Piece, q: Any, record: SmallModel) -> str:
    """A lifted part of a conjunction: the whole verdict's reason (proved) or coverage
    (bounded: "proved: <reason>" per proved part) must contain what the lifting of this part
    says, its parameters' domains as the file states them (the parts' texts are joined into
    the whole's, :func:`dpproofs.verdict.conjunction`; their order, and the whole's
    certificate, are compared by :mod:`.liftedwhole`). An unknown whole says nothing a part's
    lifting proves (a refuted premise of a reduction, say): there is no text to compare, and the
    record itself is replayed as any other.
    """
    if piece.whole == "unknown":
        return ""
    want = stated(q, record.n_star)
    said = piece.reason if piece.reason else piece.coverage or ""
    if want not in said:
        return f"the verdict does not say what the lifting of part {piece.part} proves: {want!r}"
    return ""


def stated(q: Any, n_star: int) -> str:
    """What the lifting of a claim with quantifier ``q`` says it proves: its pinned coverage
    (a parameter pinned to chosen points) or its proved reason, as :mod:`dpproofs.lifted`
    writes them, the parameters' domains as the file states them."""
    domains = [text.describe_domain(n, d) for n, d in q.params]
    pinned = [n for n, d in q.params if d.pinned or d.exp_value is not None]
    if pinned:
        return text.pinned_coverage(q.what, q.size_name, n_star, domains, pinned)
    shapes = q.shapes(n_star).values()
    mechanisms = any(s.text.startswith("mechanism") for s in shapes)
    return text.proved_reason(q.what, q.size_name, domains, mechanisms)


def _labels(claim: Any) -> tuple[set[str], set[str]]:
    """(sum labels, family labels) a certificate may show for the claim's formula: every sum
    over the outcomes, every condition on every event (whole, and each conjunct of its body)
    with its sums and marks, every condition on every outcome, and "for every y: l <= 0" of
    every zero sum sum_y pos(l) (as rendered by the core's renderer, cut by
    :func:`dpproofs.lifted.short`)."""
    root, _ = claim_formula(claim)
    sums: set[str] = set()
    families: set[str] = set()
    if root is None:
        return sums, families
    make = type(root)
    seen: set[int] = set()
    stack = [root]
    while stack:
        n = stack.pop()
        if id(n) in seen:
            continue
        seen.add(id(n))
        kids = [a for a in n.args if hasattr(a, "op") and hasattr(a, "args")]
        stack.extend(kids)
        if n.op == "osum":
            sums.add(text.short(repr(n)))
            body = n.args[0]
            if body.op == "pos":
                zero = make("const", (Fraction(0),))
                families.add(text.short(repr(make("oall", (make("le", (body.args[0], zero)),)))))
        elif n.op == "oall":
            families.add(text.short(repr(n)))
        elif n.op == "eall":
            body = n.args[0]
            events = [n] + ([make("eall", (b,)) for b in body.args] if body.op == "all" else [])
            for event in events:
                said = text.short(repr(event))
                sums.add(text.event_sum(said))
                for leaf in _masses(event):
                    sums.add(text.event_mass(leaf[0], leaf[1], said))
    return sums, families


def _masses(event: Any) -> set[tuple[Any, ...]]:
    out: set[tuple[Any, ...]] = set()
    stack = [event]
    while stack:
        n = stack.pop()
        if n.op == "emass":
            out.add(tuple(n.args))
        stack.extend(a for a in n.args if hasattr(a, "op") and hasattr(a, "args"))
    return out


def _whole(
    certificate: Sequence[str],
    claim: Any,
    record: SmallModel,
    sizes: BoundedSearch | None,
    inner: bool,
) -> str:
    """'' when the certificate is, line for line, the one the record, the claim and the
    bounded search give (module docstring); else the first difference."""
    lines = list(certificate)
    at = 0

    def expect(line: str, prefix: bool = False) -> str:
        nonlocal at
        got = lines[at] if at < len(lines) else None
        if got is None:
            return f"the certificate has no line {at + 1}: {line!r}"
        if not (got.startswith(line) if prefix else got == line):
            return f"certificate line {at + 1} is {got!r}, not {line!r}"
        at += 1
        return ""

    size_name = record.size_name
    if inner and (problem := expect(text.REFINEMENT)):
        return problem
    if problem := expect(text.head_line(record.rows, record.n_star)):
        return problem
    sum_labels, family_labels = _labels(claim)
    for i, part in enumerate(record.parts, 1):
        rule = "merge" if part.merged else "monotone" if part.monotone else "sums"
        rows = record.rows if part.rows is None else part.rows
        if problem := expect(text.part_line(i, rows, part.sums, part.families, part.bound, rule)):
            return problem
        growth = part.growth or "none"
        if growth in text.GROWTH_WHY:
            problem = expect(text.growth_line(growth, text.GROWTH_WHY[growth]))
        else:  # "none" says why not in the formula's own words
            problem = expect(f"  growth: {text.GROWTH_TEXT[growth]} (", prefix=True)
        if problem:
            return problem
        for count, labels, line in (
            (part.sums, sum_labels, text.sum_line),
            (part.families, family_labels, text.family_line),
        ):
            shown: set[str] = set()
            for _ in range(count):
                got = lines[at] if at < len(lines) else ""
                label = next((x for x in labels if line(x) == got and x not in shown), None)
                if label is None:
                    return (
                        f"certificate line {at + 1} ({got!r}) is not {line('')!r} and a sum or "
                        f"family of the claim's formula not shown before (part {i})"
                    )
                shown.add(label)
                at += 1
    stuck = [p.bound for p in record.parts if p.growth == "none"]
    unsat = text.unsat_line(record.unsat_size, record.n_star, size_name, max(stuck, default=None))
    if problem := expect(unsat):
        return problem
    searched = record.searched
    guard = None
    if searched is not None:
        guard = text.guard_line(
            sorted({*searched, *text.guard_sizes(searched, record.n_star)}), size_name
        )
    if guard is not None and not inner and (problem := expect(guard)):
        return problem
    rest = lines[at:]
    if inner and rest and rest[-1] == guard:  # a refinement's guard closes its certificate
        rest = rest[:-1]
    return _size_lines(rest, at, record, sizes, inner)


#: A size line's time: what varies from run to run.
_SECONDS = re.compile(r"\((?:[^()]*; )?(\d+\.\d\d) s\)$")


def _size_lines(
    rest: Sequence[str], at: int, record: SmallModel, sizes: BoundedSearch | None, inner: bool
) -> str:
    """'' when the remaining lines are one line per searched size, each the line the search
    writes for it (the time apart), and, for a size of the claim not searched, "not decided
    ...; not needed"; else the first line that is not."""
    noun = record.size_name
    encodings = {s.size: s.encoding for s in sizes.sizes} if sizes is not None else {}
    searched = set(record.searched or encodings)
    said: set[int] = set()
    for k, line in enumerate(rest, at + 1):
        size = _leading_size(line, noun)
        seconds = _SECONDS.search(line)
        wanted: list[str] = []
        if size is not None and size in searched and size not in said and seconds:
            t = float(seconds.group(1))
            how = encodings.get(size, "")
            if inner:
                values = re.search(r"the hypothesis at (\d+) inner values", how)
                if values:
                    wanted.append(text.refined_size_line(size, noun, int(values.group(1)), t))
            else:
                sorted_ = re.search(r"; outcomes sorted \(invariance ([^()]*)\)$", how)
                wanted.append(text.size_line(size, noun, sorted_.group(1) if sorted_ else None, t))
                wanted.append(text.lift_size_line(size, noun, record.n_star, t))
        if line in wanted:
            said.add(size)  # type: ignore[arg-type]  # size is not None when wanted
            continue
        if size is not None and size not in searched and _not_needed(line, size, noun):
            continue
        if _LOCALISATION.fullmatch(line):
            continue
        return f"certificate line {k} ({line!r}) is not a line the lifting writes"
    missing = sorted(searched - said)
    if missing:
        return f"the certificate has no line for the searched sizes {missing}"
    return ""


#: Why a lifting through localised conjuncts did not finish (then the whole claim's N* was
#: searched); its last part is free text.
_LOCALISATION = re.compile(r"localised conjunct \d+ (\(N\* = \d+\) not searched|at \d+ \S+: .+)")


def _leading_size(line: str, noun: str) -> int | None:
    head = line.split(" ", 2)
    if len(head) < 2 or not head[0].isdigit() or head[1] != f"{noun}:":
        return None
    return int(head[0])


def _not_needed(line: str, size: int, noun: str) -> bool:
    """A claim's size left undecided once the lifting covered it (its reason is free text)."""
    return line.startswith(f"{size} {noun}: not decided (") and line.endswith(
        "); not needed: the small-model theorem covers every size"
    )
