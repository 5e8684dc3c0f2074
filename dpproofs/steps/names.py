"""Parameter names of a derivation as its steps read them, and the --where names they miss.

The LaTeX reader names ``\\varepsilon`` ``epsilon`` and ``\\lambda`` ``lamda`` (a Python keyword);
an author may write a domain with either spelling. :func:`parameter_name` reads a --where name
the same way; :func:`unused_where` lists the names no step or assumption uses, and
:func:`misspelt_where` reports those close to a name a step uses (a domain that would otherwise be
dropped, and the steps decided on another one).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from dpproofs.errors import did_you_mean
from dpproofs.steps.latex import NotUnderstood, to_claim_syntax
from dpproofs.steps.notation import _GREEK, _VARIANTS


def parameter_name(written: str) -> str:
    """A parameter as the steps' translation names it: ``\\varepsilon``, ``varepsilon`` and
    ``epsilon`` are ``epsilon``, ``\\epsilon_1`` is ``epsilon_1``, ``lambda`` is ``lamda`` (a
    Python keyword); other names as given."""
    name = written.strip().lstrip("\\")
    base, underscore, sub = name.partition("_")
    if base in _GREEK_NAMES:
        return to_claim_syntax("\\" + base + (f"_{{{sub}}}" if underscore else ""))
    return to_claim_syntax(name) if name in ("E", "I") else name


#: Greek letters as the LaTeX reader knows them (``\\varepsilon`` is ``epsilon``).
_GREEK_NAMES = _GREEK | frozenset(_VARIANTS)


def _names(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))


def unused_where(
    steps: Sequence[Any], assumptions: list[str], domains: Mapping[str, str]
) -> list[str]:
    """The --where names that no step and no assumption uses, in order."""
    used: set[str] = set()
    for text in (*(t for step in steps for t in (step.lhs, step.rhs, step.premise)), *assumptions):
        used |= _names(text or "")
    return [name for name in sorted(domains) if name not in used]


def misspelt_where(unused: list[str], steps: Sequence[Any]) -> list[str]:
    """A --where name that no step uses but that is close to one a step uses is a misspelling:
    the domain would be dropped and the steps decided on another one."""
    used = set().union(*(_names(t or "") for s in steps for t in (s.lhs, s.rhs))) - _FUNCTION_NAMES
    out = []
    for name in unused:
        hint = did_you_mean(name, sorted(used))
        if hint:
            out.append(f"--where names {name!r}, which no step uses{hint}")
    return out


_FUNCTION_NAMES = frozenset(
    ("exp", "log", "sqrt", "Abs", "Max", "Min", "tanh", "sinh", "cosh", "E", "pi")
)


#: A run of two or more letters that is not a command (``\\le``) and not inside a subscript.
_WORD = re.compile(r"(?<![\\A-Za-z_])(?<!_\{)[A-Za-z]{2,}")


def typed_names(latex: str) -> str:
    """An author's ``--assume`` or ``--conclusion`` with its multi-letter names read as the steps
    read them: ``epsilon > 0`` is ``\\epsilon > 0`` (TeX would read the product e*p*s*i*l*o*n),
    ``lambda`` and ``lamda`` are ``\\lambda``. Any other run of letters (``eps``, ``xy``) is a
    name no step can use, or a product: NotUnderstood, with the ways to write it."""

    def name(found: re.Match[str]) -> str:
        word = found.group(0)
        if word == "lamda":
            word = "lambda"
        if word in _GREEK_NAMES:
            return "\\" + word
        known = sorted(_GREEK_NAMES | {"exp", "log", "ln", "sqrt"})
        prefixed = [k for k in known if k.startswith(word)]
        hint = f" (did you mean \\{prefixed[0]}?)" if prefixed else did_you_mean(word, known)
        raise NotUnderstood(
            f"'{word}' is not a name any step can use (the steps read Greek letters, "
            f"letters and subscripts){hint}; write \\{word} for a command or put spaces "
            f"between the letters of a product ({' '.join(word)})",
            word,
        )

    return _WORD.sub(name, latex)


def assumed_names(assumptions: Sequence[str], steps: Sequence[Any]) -> list[str]:
    """The parameters the assumptions (claim syntax) name that no step reaches, in order: a name
    is reached when a step uses it or an assumption links it to a reached name (``x <= y`` and
    ``y <= z`` for a step on x and z reach y). An assumption whose names are all unreached
    constrains nothing the steps say (a misspelt name would be dropped silently)."""
    reached = set().union(*(_names(t or "") for s in steps for t in (s.lhs, s.rhs, s.premise)))
    named = [_names(a) - _FUNCTION_NAMES for a in assumptions]
    grown = True
    while grown:
        grown = False
        for names in named:
            if names & reached and not names <= reached:
                reached |= names
                grown = True
    return sorted(set().union(*named) - reached)
