"""Declaring theorems: the authoring API of theorem files.

A theorem file is a Python module under ``theorems/``. Each theorem is a function decorated with
:func:`theorem` that builds and returns a claim::

    @theorem(source="003_87c8c5658751411a.txt, Proposition 8", expect="proved")
    def randomized_response_is_ln3_dp():
        "Randomized response for binary data with a fair coin is (ln 3, 0)-DP."
        return pure_epsilon_is(RANDOMIZED_RESPONSE, "log(3)")

The decorator records a :class:`TheoremSpec` (id, title, source, expected status, where it is
defined) in the module's ``__dpproofs_theorems__`` list and returns the function unchanged, so the
file stays importable and each theorem stays callable from a test.
"""

from __future__ import annotations

import inspect
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path
from typing import Any

from dpproofs.claim import Claim
from dpproofs.deadline import within_limits
from dpproofs.errors import InvalidTheorem, did_you_mean
from dpproofs.verdict import Status

REGISTRY_ATTRIBUTE = "__dpproofs_theorems__"
_ID = re.compile(r"^[A-Za-z0-9_.:-]+$")
#: How a theorem may be split into jobs: not at all, or one job per (part, size) of a search.
SPLITS = (None, "sizes")
_SEED = re.compile(r"^\d{3}_[0-9a-f]{16}\.txt\b")
#: Shown as a theorem's expectation when its declaration's expect= cannot be read.
BROKEN_DECLARATION = "(the declaration is broken)"


def expectation(expect: Status | None) -> str:
    """The expected verdict as shown: its value, or BROKEN_DECLARATION for None."""
    return BROKEN_DECLARATION if expect is None else expect.value


class Role(Enum):
    """What a theorem is to the claim IDs its source cites.

    A claim ID's verdict (``docs/verdicts.md``) is the verdict of the theorems that encode the
    statement as the source writes it (``STATEMENT``); the others are shown beside it:

    * ``STATEMENT``: the source's statement as written (the default);
    * ``CORRECTION``: a corrected statement (the default when ``corrects=`` is given);
    * ``PROOF``: a step, a display or a derivation of the source's proof, not its statement;
    * ``SPECIAL_CASE``: the statement at chosen parameters, members or one of its cases;
    * ``PROBE``: the project's own question about the statement (a boundary, a variant);
    * ``STUB``: cites the statement without encoding it yet (its verdict says nothing);
    * ``IDENTITY``: the statement is an identity of the definitions it is written in (both sides
      are the same expression once the definitions are unfolded), so no check of it could fail:
      shown, never counted as decided.
    """

    STATEMENT = "statement"
    CORRECTION = "correction"
    PROOF = "proof"
    SPECIAL_CASE = "special-case"
    PROBE = "probe"
    STUB = "stub"
    IDENTITY = "identity"

    @classmethod
    def parse(cls, text: str | Role | None, corrects: str | None) -> Role:
        """The declared role; ``None`` reads as CORRECTION with ``corrects=``, else STATEMENT."""
        if text is None:
            return cls.CORRECTION if corrects else cls.STATEMENT
        if isinstance(text, Role):
            return text
        if not isinstance(text, str):
            raise InvalidTheorem(f"role= must be a string such as 'proof', got {text!r}")
        for role in cls:
            if role.value == text.strip().lower():
                return role
        names = ", ".join(repr(r.value) for r in cls)
        hint = did_you_mean(text.strip().lower(), [r.value for r in cls])
        raise InvalidTheorem(f"role= must be one of {names}, got {text!r}{hint}")


class Refutation(Enum):
    """What a refutation of a source's statement catches (``refutation=`` of :func:`theorem`).

    * ``NOTATIONAL``: the statement as typed fails but the evident intended one holds (``<`` for
      ``<=``, ``=`` for ``<=``, 2 sigma for 2 sigma^2, a strict bound failing only at the
      boundary); the intended statement must be a theorem beside it that ``corrects=`` it and
      expects "proved" (checked by the library's tests, shown in the reports);
    * ``SUBSTANTIVE``: the mathematics fails (a constant, a hypothesis, a step).
    """

    NOTATIONAL = "notational"
    SUBSTANTIVE = "substantive"

    @classmethod
    def parse(cls, text: str | Refutation | None, expect: Status) -> Refutation | None:
        """The declared label; only a theorem expected to be refuted may carry one."""
        if text is None:
            return None
        if expect is not Status.REFUTED:
            raise InvalidTheorem(
                f"refutation= labels a refutation; this theorem expects {expect.value!r}"
            )
        if isinstance(text, Refutation):
            return text
        if isinstance(text, str):
            for label in cls:
                if label.value == text.strip().lower():
                    return label
        names = ", ".join(repr(r.value) for r in cls)
        raise InvalidTheorem(f"refutation= must be one of {names}, got {text!r}")


@dataclass(frozen=True, slots=True)
class TheoremSpec:
    """One declared theorem. ``build()`` returns its claim; nothing is decided at import time."""

    id: str
    title: str
    source: str
    #: The expected verdict; None when the declaration is broken and its ``expect=`` cannot be
    #: read (its verdict is then ERROR, shown as "expected: (the declaration is broken)").
    expect: Status | None
    build: Callable[[], Claim]
    file: str
    line: int
    timeout: float | None = None
    note: str = ""
    corrects: str | None = None
    split: str | None = None
    role: Role = Role.STATEMENT
    refutation: Refutation | None = None
    #: The source's sentence as the source writes it ("" when not given).
    quote: str = ""
    #: The reading decisions the encoding takes ("" when not given).
    reading: str = ""
    #: How the encoded domain is narrower than the source's ("" when it is the source's).
    restricted: str = ""

    @property
    def location(self) -> str:
        return f"{self.file}:{self.line}"


def theorem(
    *,
    source: str,
    expect: str | Status,
    id: str | None = None,
    title: str | None = None,
    timeout: float | None = None,
    note: str = "",
    corrects: str | None = None,
    split: str | None = None,
    role: str | Role | None = None,
    refutation: str | Refutation | None = None,
    quote: str = "",
    reading: str = "",
    restricted: str = "",
    **unknown: object,
) -> Callable[[Callable[[], Claim]], Callable[[], Claim]]:
    """Declare a theorem.

    ``source``: the seed file name and numbered statement it encodes, e.g.
    ``"003_87c8c5658751411a.txt, Proposition 8"`` (or any citation for user theorems).
    ``expect``: the verdict the author expects ("proved", "verified-bounded", "refuted",
    "unknown"); ``dpproofs verify`` fails when the verdict differs. ``id`` defaults to
    ``<file stem>.<function>``; ``title`` to the first line of the docstring. ``timeout``
    overrides the run's per-theorem limit. ``note`` says what a reader must know (a
    reconstruction, a replaced constant). ``corrects`` names the id of the (refuted or loose)
    theorem whose corrected statement this one is, so reports can show the two side by side.
    ``split="sizes"`` (for a search claim, or an all_of of search claims) decides every size of
    every part alone, so that ``dpproofs verify`` can give each (part, size) to its own worker;
    the verdict is the same split or not (see :mod:`dpproofs.run.split`). ``role`` says what the
    theorem is to the claim IDs it cites (:class:`Role`: "statement", "correction", "proof",
    "special-case", "probe", "stub", "identity"); a claim ID's verdict is that of its
    "statement" theorems. ``refutation`` labels an expected refutation "notational" or
    "substantive" (:class:`Refutation`). ``quote``: the source's sentence, quoted as the source (or
    the claims checklist) writes it, so that a reader can set it beside the encoded statement;
    ``reading``: the reading decisions the encoding takes where the sentence leaves a choice (the
    neighbour notion, the log base, which quantifier, the domain of a parameter). ``restricted``:
    the encoding decides the statement on part of the domain the source states ("eps in
    [1/100, 2] and |D| = 2; the source: every eps > 0 and every D"); a claim ID's verdict then
    counts a proof of it as verified-bounded, never as proved as stated.

    A malformed declaration (a misspelt ``expect=``, an unknown keyword, ...) does not raise: the
    theorem is registered (under its default id when ``id=`` is the problem) and building its
    claim raises :class:`InvalidTheorem` with the reason and a did-you-mean, so that a run reports
    that theorem as an ERROR at the declaration's line and still decides the file's others.
    """
    try:
        values = (source, expect, id, title, timeout, note, corrects, split, role, refutation)
        declared = _checked(*values, unknown)
        _require_text("quote", quote)
        _require_text("reading", reading)
        _require_text("restricted", restricted)
        problem = ""
    except InvalidTheorem as exc:
        # A broken declaration must not sink the file: the theorem is registered with what could
        # be read and its claim is an ERROR naming the declaration's line (the others still run).
        declared = {"expect": _readable_status(expect), "id": None, "timeout": None}
        declared |= {"split": None, "role": Role.STATEMENT, "refutation": None}
        if isinstance(id, str) and _ID.match(id):
            declared["id"] = id
        problem = str(exc)

    def register(func: Callable[[], Claim]) -> Callable[[], Claim]:
        broken = problem
        try:
            _require_plain_function(func)
        except InvalidTheorem as exc:
            broken = broken or str(exc)
        module = inspect.getmodule(func)
        file = inspect.getsourcefile(func) or "<unknown>"
        theorem_id = declared["id"] or f"{Path(file).stem}.{func.__name__}"
        doc = inspect.getdoc(func) or ""
        shown = title if isinstance(title, str) and title else ""
        spec = TheoremSpec(
            id=theorem_id,
            title=shown or (doc.splitlines()[0] if doc else func.__name__.replace("_", " ")),
            source=source.strip() if isinstance(source, str) else repr(source),
            expect=declared["expect"],
            build=_refusal(broken, func.__name__) if broken else func,
            file=file,
            # The decorator's line, also where no source can be read (a REPL, exec).
            line=func.__code__.co_firstlineno,
            timeout=declared["timeout"],
            note=note if isinstance(note, str) else "",
            corrects=corrects if isinstance(corrects, str) else None,
            split=declared["split"],
            role=declared["role"],
            refutation=declared["refutation"],
            quote=" ".join(quote.split()) if isinstance(quote, str) else "",
            reading=" ".join(reading.split()) if isinstance(reading, str) else "",
            restricted=" ".join(restricted.split()) if isinstance(restricted, str) else "",
        )
        if module is None:  # code run outside any module (exec): nothing to register it with
            return func
        registry: Any = getattr(module, REGISTRY_ATTRIBUTE, None)
        if registry is None:
            registry = []
            setattr(module, REGISTRY_ATTRIBUTE, registry)
        registry.append(_unique(registry, spec, declared["id"] is None))
        return func

    return register


def _unique(registry: list[TheoremSpec], spec: TheoremSpec, default_id: bool) -> TheoremSpec:
    """``spec`` as registered beside ``registry``: unchanged when its id is new. Two theorems of
    one file with the same id must not sink the file: the earlier one's build is replaced by a
    refusal naming both lines, and this one is registered under ``<id>@<line>`` with the same
    refusal, so each is an ERROR at its own line and the file's other theorems are decided."""
    index = next((i for i, s in enumerate(registry) if s.id == spec.id), None)
    if index is None:
        return spec
    earlier = registry[index]
    fix = "give each theorem its own id="
    if default_id:
        fix += " or rename one of the functions (the default id is <file stem>.<function name>)"

    def refusal(other: int, name: str) -> Callable[[], Claim]:
        problem = f"duplicate theorem id {spec.id!r} (also declared at line {other}): {fix}"
        return _refusal(problem, name)

    registry[index] = replace(earlier, build=refusal(spec.line, earlier.build.__name__))
    return replace(
        spec, id=f"{spec.id}@{spec.line}", build=refusal(earlier.line, spec.build.__name__)
    )


_KEYWORDS = (
    "source", "expect", "id", "title", "timeout", "note", "corrects", "split", "role", "refutation",
    "quote", "reading", "restricted",
)  # fmt: skip


def _checked(
    source: object,
    expect: object,
    id: object,
    title: object,
    timeout: object,
    note: object,
    corrects: object,
    split: object,
    role: object,
    refutation: object,
    unknown: dict[str, object],
) -> dict[str, Any]:
    """The declaration's parsed values (expect, id, timeout, split, role), or InvalidTheorem."""
    for name in sorted(unknown):
        raise InvalidTheorem(
            f"@theorem has no argument {name}={unknown[name]!r}{did_you_mean(name, _KEYWORDS)}"
        )
    _require_text("source", source)
    _require_text("note", note)
    for name, value in (("id", id), ("title", title), ("corrects", corrects)):
        if value is not None:
            _require_text(name, value)
    if not isinstance(expect, str | Status):
        raise InvalidTheorem(f"expect= must be a status such as 'proved', got {expect!r}")
    if timeout is not None and (
        isinstance(timeout, bool)
        or not isinstance(timeout, int | float)
        or not math.isfinite(timeout)
        or timeout <= 0
    ):
        raise InvalidTheorem(f"timeout= must be a finite number of seconds > 0, got {timeout!r}")
    if timeout is not None and within_limits(timeout, "seconds"):
        raise InvalidTheorem(
            f"timeout= must be {within_limits(timeout, 'seconds')}, got {timeout!r}"
        )
    if split not in SPLITS:
        raise InvalidTheorem(f"split= must be one of {SPLITS[1:]} or None, got {split!r}")
    declared_role = Role.parse(role, corrects)  # type: ignore[arg-type]
    if declared_role is Role.CORRECTION and not corrects:
        raise InvalidTheorem("role='correction' needs corrects= (the id of the corrected theorem)")
    try:
        expected = Status.parse(expect) if isinstance(expect, str) else expect
    except ValueError as exc:
        values = [s.value for s in Status if s is not Status.ERROR]
        hint = did_you_mean(str(expect).strip().lower().replace("_", "-"), values)
        raise InvalidTheorem(f"expect= must be one of {values}, got {expect!r}{hint}") from exc
    if expected is Status.ERROR:
        raise InvalidTheorem("a theorem cannot expect 'error'")
    label = Refutation.parse(refutation, expected)  # type: ignore[arg-type]
    if not isinstance(source, str) or not source.strip():
        raise InvalidTheorem("a theorem needs a source (seed file and statement number)")
    if isinstance(id, str) and not _ID.match(id):
        raise InvalidTheorem(f"theorem id {id!r} may only use letters, digits, _ . : -")
    return {
        "expect": expected,
        "id": id,
        "timeout": timeout,
        "split": split,
        "role": declared_role,
        "refutation": label,
    }


def _readable_status(expect: object) -> Status | None:
    """The expected status of a malformed declaration: as written when it reads as one (and is
    not ERROR), else None, shown as "(the declaration is broken)" (its verdict, ERROR, differs
    from either, so the run fails)."""
    if isinstance(expect, Status):
        return None if expect is Status.ERROR else expect
    try:
        status = Status.parse(expect) if isinstance(expect, str) else None
    except ValueError:
        return None
    return None if status is Status.ERROR else status


def _refusal(problem: str, name: str) -> Callable[[], Claim]:
    """The build of a malformed declaration: raises InvalidTheorem with the reason. It keeps
    the theorem function's ``name`` (pytest's -k matches it)."""

    def build() -> Claim:
        raise InvalidTheorem(problem)

    build.__name__ = name
    return build


def _require_plain_function(func: Callable[..., object]) -> None:
    """A theorem function is called with no arguments and returns its claim: an async def or a
    generator would return a coroutine or a generator, never a claim."""
    name = getattr(func, "__name__", repr(func))
    if (
        inspect.iscoroutinefunction(func)
        or inspect.isgeneratorfunction(func)
        or inspect.isasyncgenfunction(func)
    ):
        raise InvalidTheorem(
            f"@theorem needs a plain def that returns a claim; {name!r} is an async def or a "
            "generator"
        )
    try:
        inspect.signature(func).bind()
    except TypeError as exc:
        raise InvalidTheorem(
            f"a theorem function is called with no arguments; {name!r} cannot be ({exc})"
        ) from exc
    except ValueError:  # no signature to read (a builtin): calling it will tell
        pass


def _require_text(name: str, value: object) -> None:
    """Declarations are read by reports and terminals: only text may go where text is shown."""
    if not isinstance(value, str):
        raise InvalidTheorem(f"{name}= must be a string, got {value!r}")


def cites_seed(spec: TheoremSpec) -> bool:
    """True when the source names one of the project's seed documents (NNN_<16 hex>.txt)."""
    return bool(_SEED.match(spec.source))
