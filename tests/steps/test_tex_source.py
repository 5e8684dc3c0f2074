"""What TeX executes of a text (dpproofs/steps/tex_source.py): constant conditionals resolved
against a reference evaluator on generated nestings, and the blocks after a branch whose end is
not clear never decided."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dpproofs.deadline import Deadline
from dpproofs.steps.check import check_steps
from dpproofs.steps.derivation import read_derivation
from dpproofs.steps.tex_source import visible

# A tree: an atom (a word, or \iff: a relation, no conditional), a constant conditional
# ("if", unless, value, then, otherwise or None), or an \ifx ... \fi (a primitive TeX pairs).
Tree = object


def trees() -> st.SearchStrategy[list[Tree]]:
    atom = st.sampled_from(["a", "b", "c", "\\iff", "\\ifthenelse"])

    def extend(inner: st.SearchStrategy[list[Tree]]) -> st.SearchStrategy[Tree]:
        branch = st.lists(inner, max_size=3).map(lambda xs: [y for x in xs for y in x])
        constant = st.tuples(
            st.just("if"), st.booleans(), st.booleans(), branch, st.none() | branch
        )
        return constant | st.tuples(st.just("ifx"), branch)

    node = st.recursive(atom, lambda inner: extend(inner.map(lambda t: [t])), max_leaves=12)
    return st.lists(node, max_size=5)


def render(nodes: list[Tree]) -> str:
    out = []
    for node in nodes:
        if isinstance(node, str):
            out.append(node)
        elif node[0] == "ifx":
            out += ["\\ifx", render(node[1]), "\\fi"]
        else:
            _, unless, value, then, otherwise = node
            out += ["\\unless" * unless + ("\\iftrue" if value else "\\iffalse"), render(then)]
            out += [] if otherwise is None else ["\\else", render(otherwise)]
            out.append("\\fi")
    return " ".join(out)


def executed(nodes: list[Tree]) -> list[str]:
    """By the book (The TeXbook, ch. 20): the branch the condition selects; \\unless negates;
    an \\ifx is left with its \\fi (not a constant), its inside read on."""
    out: list[str] = []
    for node in nodes:
        if isinstance(node, str):
            out.append(node)
        elif node[0] == "ifx":
            out += ["\\ifx", *executed(node[1]), "\\fi"]
        else:
            _, unless, value, then, otherwise = node
            out += executed(then if value != unless else (otherwise or []))
    return out


@settings(max_examples=300, deadline=None)
@given(trees())
def test_constant_conditionals_run_the_branch_tex_runs(nodes: list[Tree]) -> None:
    assert visible(render(nodes)).split() == executed(nodes)


def statuses(block: str) -> list[str]:
    return [r.status for r in check_steps(read_derivation(block), Deadline(30))]


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        # a conditional not known (a package's, or a macro) inside \iffalse: where the skipped
        # text ends is not clear, so nothing from the \iffalse on is decided (1 = 2 is skipped
        # when \ifdraft is a conditional, 2 = 3 is skipped when it is not)
        ("\\[ 1 = 1 \\]\n\\iffalse \\ifdraft \\fi \\[ 1 = 2 \\] \\fi\n\\[ 2 = 3 \\]",
         ["proved", "not-checked", "not-checked"]),
        ("\\iffalse \\[ 1 = 2 \\]\n\\[ 1 = 3 \\]", ["not-checked", "not-checked"]),  # no \fi
        # \ifx is a primitive: paired with its \fi, 1 = 2 skipped
        ("\\iffalse \\ifx a b \\fi \\[ 1 = 2 \\] \\fi\n\\[ 1 = 1 \\]", ["proved"]),
        # the inner \else belongs to \ifx: \cc is 3 (the outer \else branch)
        ("\\def\\cc{2}\\iffalse \\ifx ab \\else \\fi\\def\\cc{5}\\else\\def\\cc{3}\\fi\n"
         "\\[ \\cc = 3 \\]", ["proved"]),
        ("\\def\\cc{2}\\iftrue\\def\\cc{3}\\else\\def\\cc{4}\\fi\n\\[ \\cc = 3 \\]", ["proved"]),
        ("\\def\\cc{2}\\unless\\iftrue\\def\\cc{3}\\fi\n\\[ \\cc = 2 \\]", ["proved"]),
        # \drafttrue written: the \ifdraft block is typeset, and 1 = 2 refuted
        ("\\newif\\ifdraft\\drafttrue\n\\ifdraft\n\\[ 1 = 2 \\]\n\\fi", ["refuted"]),
        ("\\newif\\ifdraft\\setboolean{draft}{true}\n\\ifdraft\n\\[ 1 = 2 \\]\n\\fi", ["refuted"]),
        # an \iffalse inside a body is no conditional of the text; used, it is not followed
        ("\\def\\bs{\\iffalse}\\def\\es{\\fi}\n\\[ 1 = 2 \\]", ["refuted"]),
        ("\\def\\bs{\\iffalse}\\def\\es{\\fi}\n\\bs\\[ 1 = 2 \\]\\es", ["not-checked"]),
        ("\\[ 1 = 1 \\]\\end {document}\n\\[ 1 = 2 \\]", ["proved"]),
        # \\let copies \\iffalse, it does not run it: a conditional the text makes, whose uses
        # are not followed, so nothing after it is decided (the second was refuted before)
        ("\\[ 1 = 1 \\]\\let\\ifdraft\\iffalse\n\\ifdraft \\[ 1 = 2 \\] \\fi\n\\[ 2 = 3 \\]",
         ["proved", "not-checked", "not-checked"]),
        ("\\let\\skipped\\iffalse\n\\[ 1 = 2 \\]", ["not-checked"]),
        # \lstinline{...} shows its text, braces and all: the block stays in the group where
        # \cc is 5 (cut at its first "{" before, the "}" left behind closed the group: 2 = 5)
        ("\\def\\cc{2}{\\def\\cc{5}\\lstinline{a{b}}\n\\[ \\cc = 5 \\]}", ["proved"]),
        ("\\def\\cc{2}{\\def\\cc{5}\\lstinline[x]{a{b}}\n\\[ \\cc = 5 \\]}", ["proved"]),
        ("\\iftrue $a \\iff b$ \\fi\n\\[ 1 = 2 \\]", ["refuted"]),
    ],
)  # fmt: skip
def test_what_tex_runs_is_read_and_what_is_unclear_is_not_decided(
    document: str, expected: list[str]
) -> None:
    assert statuses(document) == expected


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        # LaTeX's "Command \cc already defined": not read, whichever meaning the author meant
        ("{\\newcommand{\\cc}{2}}\\newcommand{\\cc}{3}\n\\[ \\cc = 3 \\]", ["proved"]),
        ("\\newcommand{\\cc}{2}{\\newcommand{\\cc}{3}}\n\\[ \\cc = 2 \\]", ["proved"]),
        ("\\newcommand{\\cc}{2}{\\newcommand{\\cc}{3}\\[ \\cc = 3 \\]}", ["not-checked"]),
        ("\\def\\cc{2}\\csdef{c c}{6}\n\\[ \\cc = 2 \\]", ["not-checked"]),
        ("\\def\\cc{2}\\csgdef{cc}{6}\n\\[ \\csuse{cc} = 6 \\]", ["proved"]),
        ("\\def\\cc{2}\\bgroup\\def\\cc{3}\\egroup\n\\[ \\cc = 2 \\]", ["proved"]),
        # an optional argument before the first group: still the command's argument
        ("\\def\\cc{2}\\foo[x]{\\gdef\\cc{3}}\n\\[ \\cc = 3 \\]", ["not-checked"]),
    ],
)  # fmt: skip
def test_definitions_tex_rejects_or_names_in_braces(document: str, expected: list[str]) -> None:
    assert statuses(document) == expected
