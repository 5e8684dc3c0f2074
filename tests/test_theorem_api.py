"""The @theorem authoring API and theorem discovery."""

import sys
import textwrap
import types

import pytest

from dpproofs.errors import InvalidTheorem
from dpproofs.run.discovery import LoadFailure, load_theorems, theorem_files
from dpproofs.theorem import cites_seed, theorem
from dpproofs.verdict import Status


def declare(tmp_path, body, name="t.py"):
    path = tmp_path / name
    path.write_text("from dpproofs import theorem, exact_fact\n" + textwrap.dedent(body))
    return path


def test_declaration_records_spec_with_defaults(tmp_path):
    path = declare(
        tmp_path,
        '''
        @theorem(source="003_87c8c5658751411a.txt, Proposition 8", expect="proved")
        def rr_is_dp():
            """Randomized response is ln 3-DP.

            More text."""
            return exact_fact("x", lambda: (True, {}))
    ''',
    )
    specs = load_theorems(path)
    assert not isinstance(specs, LoadFailure)
    (spec,) = specs
    assert spec.id == "t.rr_is_dp"
    assert spec.title == "Randomized response is ln 3-DP."
    assert spec.expect is Status.PROVED
    assert spec.location == f"{path}:3"
    assert cites_seed(spec)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"source": "", "expect": "proved"}, "needs a source"),
        ({"source": "s", "expect": "error"}, "cannot expect 'error'"),
        (
            {"source": "s", "expect": "true"},
            r"^expect= must be one of \['refuted', 'unknown', 'verified-bounded', 'proved'\], "
            r"got 'true'$",
        ),
        (
            {"source": "s", "expect": "proven"},
            r"got 'proven' \(did you mean 'proved'\?\)",
        ),
        ({"source": "s", "expect": "bounded"}, r"did you mean"),
        ({"source": "s", "expect": "proved", "id": "has space"}, "may only use"),
        # Reports and terminals show these as text: another type once crashed the whole run.
        ({"source": 123, "expect": "proved"}, "source= must be a string, got 123"),
        ({"source": "s", "expect": 123}, "expect= must be a status such as 'proved', got 123"),
        ({"source": "s", "expect": None}, "expect= must be a status"),
        ({"source": "s", "expect": "proved", "id": 5}, "id= must be a string, got 5"),
        ({"source": "s", "expect": "proved", "title": 5}, "title= must be a string, got 5"),
        ({"source": "s", "expect": "proved", "note": None}, "note= must be a string, got None"),
        ({"source": "s", "expect": "proved", "corrects": ["a"]}, r"corrects= must be a string"),
        ({"source": "s", "expect": "proved", "role": "lemma"}, r"role= must be one of 'statement'"),
        ({"source": "s", "expect": "proved", "role": "proofs"}, r"did you mean 'proof'\?"),
        ({"source": "s", "expect": "proved", "role": 3}, r"role= must be a string"),
        ({"source": "s", "expect": "proved", "role": "correction"}, r"needs corrects="),
        # A label for a refutation only, and one of the two kinds.
        ({"source": "s", "expect": "proved", "refutation": "notational"}, r"expects 'proved'"),
        ({"source": "s", "expect": "refuted", "refutation": "typo"}, r"'notational', 'subst"),
        ({"source": "s", "expect": "refuted", "refutation": 1}, r"refutation= must be one of"),
    ],
)
def test_malformed_declarations_are_rejected(kwargs, message):
    # The declaration itself does not raise (a typo must not sink the file): building the
    # theorem's claim does, with the reason.
    def claim():
        return None

    theorem(**kwargs)(claim)
    (spec,) = claim.__globals__.pop("__dpproofs_theorems__")
    with pytest.raises(InvalidTheorem, match=message):
        spec.build()
    assert spec.expect is not Status.ERROR


def test_a_typo_in_expect_is_an_error_of_that_theorem_and_the_others_still_load(tmp_path):
    # Before: the file failed to import as a whole ("unknown status 'proven'"), with no theorem.
    path = declare(
        tmp_path,
        """
        @theorem(source="s", expect="proved")
        def fine():
            return exact_fact("x", lambda: (True, {}))

        @theorem(source="s", expect="proven")
        def typo():
            return exact_fact("x", lambda: (True, {}))

        @theorem(source="s", expect="proved", timout=5)
        def unknown_keyword():
            return exact_fact("x", lambda: (True, {}))
    """,
    )
    specs = load_theorems(path)
    assert not isinstance(specs, LoadFailure)
    fine, typo, keyword = specs
    assert fine.build() is not None and fine.expect is Status.PROVED
    # Its expect= cannot be read: None, shown as "(the declaration is broken)" (was UNKNOWN,
    # shown as "expected unknown").
    assert (typo.id, typo.location, typo.expect) == ("t.typo", f"{path}:7", None)
    with pytest.raises(InvalidTheorem, match=r"got 'proven' \(did you mean 'proved'"):
        typo.build()
    assert keyword.expect is Status.PROVED
    with pytest.raises(InvalidTheorem, match=r"no argument timout=5 \(did you mean 'timeout'\?\)"):
        keyword.build()


def test_duplicate_ids_in_one_file_are_errors_at_both_lines_and_the_others_load(tmp_path):
    # Before: the whole file failed to load ("duplicate theorem id 'same'"), with no theorem.
    path = declare(
        tmp_path,
        """
        @theorem(id="same", source="s", expect="proved")
        def a():
            return exact_fact("x", lambda: (True, {}))

        @theorem(source="s", expect="proved")
        def fine():
            return exact_fact("x", lambda: (True, {}))

        @theorem(id="same", source="s", expect="refuted")
        def b():
            return exact_fact("x", lambda: (True, {}))
    """,
    )
    specs = load_theorems(path)
    assert not isinstance(specs, LoadFailure)
    first, fine, second = specs
    assert [(s.id, s.line, s.build.__name__) for s in specs] == [
        ("same", 3, "a"),
        ("t.fine", 7, "fine"),
        ("same@11", 11, "b"),
    ]
    assert fine.build() is not None
    fix = "give each theorem its own id="
    with pytest.raises(
        InvalidTheorem, match=rf"^duplicate theorem id 'same' \(also declared at line 11\): {fix}$"
    ):
        first.build()
    with pytest.raises(
        InvalidTheorem, match=rf"^duplicate theorem id 'same' \(also declared at line 3\): {fix}$"
    ):
        second.build()


def test_a_redefined_function_is_a_duplicate_whose_fix_is_a_rename(tmp_path):
    path = declare(
        tmp_path,
        """
        @theorem(source="s", expect="proved")
        def a():
            return exact_fact("x", lambda: (True, {}))

        @theorem(source="s", expect="proved")
        def a():
            return exact_fact("x", lambda: (True, {}))
    """,
    )
    specs = load_theorems(path)
    assert not isinstance(specs, LoadFailure)
    assert [s.id for s in specs] == ["t.a", "t.a@7"]
    with pytest.raises(InvalidTheorem, match=r"\(also declared at line 7\): .* or rename one"):
        specs[0].build()


def test_discovery_skips_private_files_and_folders(tmp_path):
    (tmp_path / "a.py").write_text("")
    (tmp_path / "_helpers.py").write_text("")
    (tmp_path / "_private").mkdir()
    (tmp_path / "_private" / "b.py").write_text("")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "c.py").write_text("")
    assert [p.name for p in theorem_files([tmp_path])] == ["a.py", "c.py"]


async def _coroutine():
    return None


def _generator():
    yield None


def _needs_an_argument(x):
    return x


@pytest.mark.parametrize(
    ("function", "message"),
    [
        (_coroutine, "'_coroutine' is an async def or a generator"),
        (_generator, "'_generator' is an async def or a generator"),
        (_needs_an_argument, "is called with no arguments; '_needs_an_argument' cannot be"),
    ],
)
def test_a_theorem_function_is_a_plain_def_without_arguments(function, message):
    # An async def returned a coroutine (and a "never awaited" warning on the terminal); a
    # required argument failed only when the claim was built. Now the declaration is an error
    # of that theorem, raised before the function is ever called.
    theorem(source="s", expect="proved")(function)
    (spec,) = function.__globals__.pop("__dpproofs_theorems__")
    with pytest.raises(InvalidTheorem, match=message):
        spec.build()


def test_the_role_defaults_to_statement_or_correction_and_reads_its_names():
    from dpproofs.theorem import REGISTRY_ATTRIBUTE, Role

    def declared(**kwargs):
        def claim():
            return None

        theorem(source="s", expect="proved", **kwargs)(claim)
        return getattr(__import__(__name__, fromlist=["_"]), REGISTRY_ATTRIBUTE).pop().role

    assert declared(id="r1") is Role.STATEMENT
    assert declared(id="r2", corrects="r1") is Role.CORRECTION
    assert declared(id="r3", role="Special-Case") is Role.SPECIAL_CASE
    assert declared(id="r4", corrects="r1", role="proof") is Role.PROOF
    assert declared(id="r5", role="identity") is Role.IDENTITY


def test_the_did_you_mean_examples_run_as_doctests():
    import doctest

    import dpproofs.errors

    assert doctest.testmod(dpproofs.errors).failed == 0


def test_a_theorem_declared_where_no_source_can_be_read_keeps_its_line(monkeypatch):
    # In the plain `python` REPL (or exec of a string) inspect cannot read the source: the
    # README's example theorem, pasted there, raised "OSError: source code not available".
    code = textwrap.dedent(
        '''
        from dpproofs import theorem

        @theorem(source="a note", expect="proved")
        def pasted():
            """A claim typed at the prompt."""
        '''
    )
    module = types.ModuleType("typed_at_the_prompt")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    exec(compile(code, "<stdin>", "exec"), module.__dict__)
    (spec,) = module.__dpproofs_theorems__
    # Line 1 of the dedented text is empty; the decorator is on line 4.
    assert (spec.id, spec.line) == ("<unknown>.pasted", 4)
    # Outside any module (exec with a namespace of its own) there is nothing to register it
    # with: the function is returned as it is.
    namespace: dict = {"__name__": "not_a_module_anywhere"}
    exec(compile(code, "<stdin>", "exec"), namespace)
    assert namespace["pasted"].__name__ == "pasted"
