"""What TeX executes of a pasted text: comments, verbatim material and ``\\iffalse`` removed.

``%`` to the end of its line is a comment (``\\%`` is a percent sign, and ``\\\\%`` a row end
followed by a comment); ``\\verb|...|`` and ``\\lstinline|...|`` (any delimiter), the
``verbatim``, ``Verbatim``, ``BVerbatim``, ``lstlisting``, ``minted`` and ``comment``
environments (to the end of the text when not closed) and ``\\iffalse ... \\fi`` (with the
conditionals nested in it) are shown or skipped by TeX, never executed: a definition or a math
block there is neither defined nor read. Their line breaks are kept, so every line of the text
keeps its number.
"""

from __future__ import annotations

import re

_HIDDEN = re.compile(
    r"\\begin\{(?P<env>(?:verbatim|Verbatim|BVerbatim|lstlisting|minted|comment)\*?)\}"
    r"(?:.*?\\end\{(?P=env)\}|.*)"
    r"|\\(?:verb|lstinline)\*?(?P<delim>[^\sA-Za-z*])[^\n]*?(?P=delim)"
    r"|(?P<comment>%[^\n]*)|\\[A-Za-z@]+|\\.",
    re.DOTALL,
)


def visible(text: str) -> str:
    """``text`` as TeX executes it: comments, ``\\verb``, verbatim environments and
    ``\\iffalse ... \\fi`` removed, their line breaks kept."""

    def keep(found: re.Match[str]) -> str:
        if found.group("comment") is not None:
            return ""
        if found.group("env") or found.group("delim"):
            return "\n" * found.group(0).count("\n")
        return found.group(0)

    text = _HIDDEN.sub(keep, text)
    while (start := re.search(r"\\iffalse(?![A-Za-z@])", text)) is not None:
        depth, end = 0, len(text)
        for found in re.finditer(r"\\if[A-Za-z@]*|\\fi(?![A-Za-z@])", text[start.start() :]):
            depth += 1 if found.group(0) != "\\fi" else -1
            if depth == 0:
                end = start.start() + found.end()
                break
        text = text[: start.start()] + "\n" * text.count("\n", start.start(), end) + text[end:]
    return text
