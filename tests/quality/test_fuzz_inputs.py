"""What users hand over, fuzzed: theorem files, mechanism JSON, LaTeX derivations, CLI arguments.

Each input gets one of the documented exit codes and, when it is wrong, a clear one-line error
naming where (the file and line, or the argument); never a Python traceback or an "internal
error", never a wrong verdict (where the right one is known: integer chains, the pure epsilon of
a rational mechanism, theorems whose truth is known), and the other theorems of a run are still
decided. Most cases call the CLI's ``main`` in this process (or the worker's functions that a
child runs); a few go through ``python -m dpproofs``. The regression cases below each
reproduce an input that once crashed with an internal error.
"""

from __future__ import annotations

import io
import itertools
import json
import math
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dpproofs.cli.main import main
from dpproofs.run import worker
from dpproofs.run.discovery import LoadFailure
from dpproofs.verdict import Status

#: Every fuzz test: no per-example deadline, the same examples on every run.
FUZZ = {"deadline": None, "suppress_health_check": list(HealthCheck), "derandomize": True}
MEMORY = 2 * 1024**3


def call(argv, cwd=None):
    """``dpproofs ARGV`` in this process (in ``cwd``): exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    previous = Path.cwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        code = main(argv, out, err)
    finally:
        os.chdir(previous)
    return code, out.getvalue(), err.getvalue()


def no_crash(code, out, err, codes):
    assert code in codes, (code, out, err)
    assert "Traceback" not in out + err, out + err
    assert "internal error" not in err, err
    if code == 2:  # a usage error is one line
        assert err.count("\n") == 1 and err.startswith("dpproofs"), err


# --- Theorem files ------------------------------------------------------------------------------

HEADER = """from dpproofs import FiniteMechanism, exact_fact, for_each, pure_epsilon_is, theorem
from dpproofs.symbolic import holds

RR = FiniteMechanism.from_rows([["3/4", "1/4"], ["1/4", "3/4"]])
"""
#: Bodies of theorem functions, with the verdicts they may get (None: a failing build or
#: decision, which must be an ERROR naming the file).
BODIES = {
    "return pure_epsilon_is(RR, 'log(3)')": {Status.PROVED},
    "return pure_epsilon_is(RR, 'log(2)')": {Status.REFUTED},
    "return exact_fact('2 = 2', lambda facts: facts.equal('two', 1 + 1, 2))": {Status.PROVED},
    "return exact_fact('1 = 2', lambda facts: facts.equal('one', 1, 2))": {Status.REFUTED},
    "return exact_fact('vouched', lambda: (True, {}))": {Status.UNKNOWN},  # never PROVED
    "return exact_fact('states nothing', lambda facts: None)": None,
    "return exact_fact('returns a string', lambda facts: 'yes')": None,
    "return 1": None,
    "return None": None,
    "return pure_epsilon_is": None,
    "return [pure_epsilon_is(RR, 'log(3)')]": None,
    "raise ValueError('boom')": None,
    "return pure_epsilon_is(RR, 'log(')": None,
    "return pure_epsilon_is(RR, 1.0986)": None,  # a float is not exact
    "return FiniteMechanism.from_rows([['1/2', '1/3']])": None,
    "return for_each('nothing', [], lambda: pure_epsilon_is(RR, 'log(3)'))": None,
    "return for_each('r', [(1,)], lambda r: 1 / 0)": None,
    "return holds(True)": None,
    "return type('Mine', (), {'decide': lambda self, deadline: 1})()": None,
    "import sys; sys.exit(0)": None,
    "return undefined_name": None,
}
#: Decorator arguments: a good declaration, or a broken one (the file then fails to load).
GOOD_DECLARATION = 'source="s", expect="{expect}"'
BAD_DECLARATIONS = (
    'expect="proved"',
    'source="s"',
    'source="s", expect="sure"',
    'source="s", expect="error"',
    'source="s", expect=123',
    'source=123, expect="proved"',
    'source="s", expect="proved", title=5',
    'source="s", expect="proved", id=5',
    'source="s", expect="proved", id="has space"',
    'source="s", expect="proved", note=None',
    'source="s", expect="proved", corrects=["a"]',
    'source="s", expect="proved", timeout=0',
    'source="s", expect="proved", timeout="3"',
    'source="s", expect="proved", bogus=1',
    '"s", "proved"',
)
SIGNATURES = ("def {name}():", "def {name}(x):", "async def {name}():", "def {name}(*args):")
MODULE_LINES = ("", "", "", "", "x = 1 / 0", "import no_such_module_here", "theorem = None")


@st.composite
def theorem_files(draw):
    """A file of 1-3 theorems; returns its text and, per theorem id, the allowed verdicts
    (None when the file as a whole must fail to load)."""
    lines = [HEADER, draw(st.sampled_from(MODULE_LINES))]
    allowed: dict[str, set[Status]] | None = {}
    if lines[-1]:
        allowed = None
    for i in range(draw(st.integers(1, 3))):
        body = draw(st.sampled_from(sorted(BODIES)))
        verdicts = BODIES[body]
        expect = next(iter(verdicts)).value if verdicts else "proved"
        declaration = draw(st.sampled_from([GOOD_DECLARATION] * 3 + list(BAD_DECLARATIONS))).format(
            expect=expect
        )
        signature = draw(st.sampled_from(SIGNATURES[:1] * 4 + SIGNATURES[1:]))
        if declaration != GOOD_DECLARATION.format(expect=expect) or signature != SIGNATURES[0]:
            allowed = None
        name = f"t{i}"
        lines.append(f"\n\n@theorem({declaration})\n{signature.format(name=name)}\n    {body}\n")
        if allowed is not None:
            allowed[name] = verdicts or {Status.ERROR}
    return "".join(lines), allowed


GOOD = (
    HEADER
    + """

@theorem(id="good.rr", source="test", expect="proved")
def rr():
    "RR with 3/4 is ln 3-DP"
    return pure_epsilon_is(RR, "log(3)")
"""
)

any_file = st.one_of(
    theorem_files(),
    st.binary(max_size=300).map(lambda b: (b, None)),
    st.integers(0, len(GOOD)).map(lambda n: (GOOD[:n], None)),  # truncated
)
_NUMBERS = itertools.count()


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzzed")


@settings(max_examples=100, **FUZZ)
@given(case=any_file)
def test_a_fuzzed_theorem_file_is_decided_or_names_its_line(scratch, case):
    text, allowed = case
    path = scratch / f"f{next(_NUMBERS)}.py"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    lines = max(1, (text if isinstance(text, bytes) else text.encode()).count(b"\n") + 1)
    saved_path = list(sys.path)
    try:
        found = worker.discover(str(path), MEMORY)  # what a child does to import the file
        if isinstance(found, LoadFailure):
            assert found.file == str(path) and 1 <= found.line <= lines, found
            assert found.message and "Traceback" not in found.message
            assert found.status is Status.ERROR
            return
        assert allowed is None or {t.id.split(".")[-1] for t in found.theorems} == set(allowed)
        for info in found.theorems:
            verdict = worker.decide_theorem(str(path), info.id, None, MEMORY)
            if verdict.status is Status.ERROR:
                assert verdict.reason.startswith(f"{path}:"), verdict.reason
            if allowed is not None:
                assert verdict.status in allowed[info.id.split(".")[-1]], (info.id, verdict)
    finally:
        sys.path[:] = saved_path


#: Files that once ended the whole run with "internal error" (title=5, expect=123) or printed
#: a RuntimeWarning (async def), beside other broken files: the good theorem is still decided.
BROKEN_FILES = {
    "title.py": (
        '@theorem(source="s", expect="proved", title=5)\ndef t():\n    return 1\n',
        "InvalidTheorem: title= must be a string, got 5",
    ),
    "expect.py": (
        '@theorem(source="s", expect=123)\ndef t():\n    return 1\n',
        "InvalidTheorem: expect= must be a status such as 'proved', got 123",
    ),
    "asynch.py": (
        '@theorem(source="s", expect="proved")\nasync def t():\n    return 1\n',
        "InvalidTheorem: @theorem needs a plain def that returns a claim; 't' is an async def "
        "or a generator",
    ),
    "argument.py": (
        '@theorem(source="s", expect="proved")\ndef t(x):\n    return 1\n',
        "InvalidTheorem: a theorem function is called with no arguments; 't' cannot be "
        "(missing a required argument: 'x')",
    ),
    "truncated.py": ('@theorem(id="good.rr", source="test",\n', "SyntaxError: "),
}
#: Each broken file is HEADER, a blank line, then its body: the error is on the body's line 1.
BROKEN_LINE = HEADER.count("\n") + 2


def test_broken_files_are_named_and_the_other_theorems_still_run(tmp_path, monkeypatch):
    monkeypatch.setenv("DPPROOFS_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "good.py").write_text(GOOD)
    (tmp_path / "random.py").write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff")
    for name, (body, _message) in BROKEN_FILES.items():
        (tmp_path / name).write_text(HEADER + "\n" + body)
    report = tmp_path / "v.json"
    code, out, err = call(["verify", str(tmp_path), "--json", str(report), "--no-cache"])
    no_crash(code, out, err, {1})
    assert err == ""  # no warning from a child on the terminal
    found = {t["id"]: t for t in json.loads(report.read_text())["theorems"]}
    assert found["good.rr"]["status"] == "proved"
    assert found["random.py"]["status"] == "error"
    assert found["random.py"]["reason"].startswith(f"{tmp_path / 'random.py'}:1: ")
    for name, (_body, message) in BROKEN_FILES.items():
        # A malformed declaration is an error of its theorem (the file still loads); a file
        # that does not parse is an error of the file.
        entry = found.get(name) or found[f"{name.removesuffix('.py')}.t"]
        assert entry["status"] == "error"
        assert entry["reason"].startswith(f"{tmp_path / name}:{BROKEN_LINE}: {message}"), entry


# --- Mechanism JSON -----------------------------------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
ENTRIES = ["0", "1", "1/2", "1/3", "-1/2", "2", "exp(-1)", "eps", "1/0", "nan", "oo", "(", ""]


@st.composite
def rational_mechanisms(draw):
    """A valid m x k mechanism with rational entries (strings), neighbours "all"."""
    m, k = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    rows = []
    for _ in range(m):
        weights = draw(st.lists(st.integers(0, 4), min_size=k, max_size=k))
        if not any(weights):
            weights[0] = 1
        rows.append([Fraction(w, sum(weights)) for w in weights])
    return rows


@st.composite
def mutated_mechanisms(draw):
    data: dict = {"rows": [[str(p) for p in row] for row in draw(rational_mechanisms())]}
    mutation = draw(st.integers(0, 5))
    if mutation == 0:
        row = draw(st.integers(0, len(data["rows"]) - 1))
        column = draw(st.integers(0, len(data["rows"][row]) - 1))
        data["rows"][row][column] = draw(st.sampled_from(ENTRIES) | json_values)
    elif mutation == 1:
        data["neighbours"] = draw(
            st.sampled_from(["all", "add-remove", [[0, 1]], [[0, 9]], {"hamming": 2}, [[0]]])
            | json_values
        )
    elif mutation == 2:
        data[draw(st.sampled_from(["inputs", "outputs", "name", "parameters", "extra"]))] = draw(
            json_values
        )
    elif mutation == 3:
        data["parameters"] = {"eps": draw(st.sampled_from(["log(3)", "(0, oo)", "(1, 0)", "x"]))}
        data["rows"][0][0] = "exp(eps)/(1 + exp(eps))"
    elif mutation == 4:
        data["rows"][-1].append("0")  # a ragged row
    return data


def pure_epsilon_ratio(rows):
    """max over inputs x != x' and outputs y of P[x][y] / P[x'][y] (None: unbounded), at least 1."""
    best = Fraction(1)
    for x, x2 in itertools.permutations(range(len(rows)), 2):
        for p, q in zip(rows[x], rows[x2], strict=True):
            if p > 0 and q == 0:
                return None
            if q > 0:
                best = max(best, p / q)
    return best


def exact_epsilon_is(shown, ratio, times):
    if ratio is None:
        return shown == "inf"
    return sympy.exp(sympy.sympify(shown)) == sympy.Rational(ratio) ** times


@settings(max_examples=60, **FUZZ)
@given(rows=rational_mechanisms(), times=st.integers(1, 3))
def test_the_pure_epsilon_of_a_rational_mechanism_is_right(scratch, rows, times):
    path = scratch / f"m{next(_NUMBERS)}.json"
    path.write_text(json.dumps({"rows": [[str(p) for p in row] for row in rows]}))
    ratio = pure_epsilon_ratio(rows)
    code, out, err = call(["profile", str(path), "--json", "--no-mi-dp", "--renyi", "2"])
    no_crash(code, out, err, {0})
    assert exact_epsilon_is(json.loads(out)["pure_epsilon"]["exact"], ratio, 1)
    code, out, err = call(["compose", f"{path}:{times}", "--json"])
    no_crash(code, out, err, {0})
    shown = json.loads(out)["pure_epsilon"]
    assert exact_epsilon_is(shown["exact"], ratio, times)  # eps of a K-fold composition: K eps
    if ratio is not None:
        assert shown["lower"] <= times * math.log(ratio) <= shown["upper"]


@settings(max_examples=100, **FUZZ)
@given(
    content=mutated_mechanisms().map(json.dumps)
    | json_values.map(json.dumps)
    | st.binary(max_size=60),
    command=st.sampled_from(["profile", "compose", "profile --compose 2"]),
)
def test_a_fuzzed_mechanism_file_is_profiled_or_named(scratch, content, command):
    path = scratch / f"m{next(_NUMBERS)}.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    name, *options = command.split()
    argv = [name, f"{path}:2" if name == "compose" else str(path), *options, "--json"]
    if name == "profile":
        argv.append("--no-mi-dp")
    code, out, err = call(argv)
    no_crash(code, out, err, {0, 2})
    if code == 2:
        assert path.name in err, err


@pytest.mark.parametrize(
    ("content", "command", "message"),
    [
        (  # read_text raised UnicodeDecodeError
            b'{"rows":\n \xff}',
            "profile",
            "dpproofs: invalid mechanism: {path}:2: not UTF-8 text (byte 0xff)\n",
        ),
        (  # json.loads raised RecursionError
            b'{"rows": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
            "compose",
            "dpproofs: usage error: {path}: nested too deeply to be a mechanism\n",
        ),
        (  # compose took min() of an empty row
            b'{"rows": [[]]}',
            "compose",
            "dpproofs: usage error: {path}: row 0 (input 0) sums to 0, not 1\n",
        ),
        (  # from_rows raised InvalidClaim for the empty family
            b'{"rows": [["exp(eps)/(1 + exp(eps))", "1/(1 + exp(eps))"], ["1/2", "1/2"]],'
            b' "parameters": {"eps": "(1, 0)"}}',
            "profile",
            "dpproofs: invalid mechanism: {path}: parameter 'eps': the domain '(1, 0)' is empty\n",
        ),
        (  # the error did not say which file
            b'{"rows": [[0.5, 0.5], [0.25, 0.75]]}',
            "compose",
            "dpproofs: usage error: {path}: exact accounting needs rational entries (parametric, "
            "irrational or float entries are not supported)\n",
        ),
        (  # a float mechanism: 2.2e-311 ** -1 overflowed in the Renyi divergence
            b'{"rows": [[2e-66, 2.225073858507e-311, 1], [2e-66, 2.225073858507e-311, 1]]}',
            "profile",
            "dpproofs: usage error: {path}: float arithmetic overflowed ((34, 'Numerical result "
            'out of range\')); write the entries as exact strings such as "1/3"\n',
        ),
    ],
)
def test_mechanism_files_that_once_crashed(tmp_path, content, command, message):
    path = tmp_path / "m.json"
    path.write_bytes(content)
    argv = [command, f"{path}:2" if command == "compose" else str(path)]
    assert call(argv) == (2, "", message.format(path=path))


def test_a_folder_is_not_a_mechanism_file(tmp_path):
    # Path("") is "." and read_text raised IsADirectoryError.
    code, out, err = call(["profile", ""], cwd=tmp_path)
    assert (code, out, err) == (
        2,
        "",
        "dpproofs: invalid mechanism: .: cannot be read (Is a directory)\n",
    )


def test_composing_a_mechanism_without_neighbours_gives_zero(tmp_path):
    # One input: no pair of neighbours, so every quantity is the empty maximum 0, as `profile`
    # says; compose took max() of no pairs.
    (tmp_path / "one.json").write_text('{"rows": [["1"]]}')
    code, out, err = call(["compose", f"{tmp_path / 'one.json'}:3", "--json", "--epsilon", "1"])
    no_crash(code, out, err, {0})
    data = json.loads(out)
    assert data["composition"]["pairs"] == 0
    for quantity in (data["pure_epsilon"], data["delta"][0], data["kl"], data["total_variation"]):
        assert (quantity["exact"], quantity["value"], quantity["attained"]) == ("0", 0.0, None)


# --- LaTeX derivations --------------------------------------------------------------------------

LATEX_TOKENS = (
    r"\begin{align*}", r"\end{align*}", r"\begin{aligned}", r"\end{aligned}", "&=", r"&\le",
    "&<", r"&\ge", "=", r"\le", "<", ">", r"\\", "&&", r"\text{(by x)}", r"\frac{", "}", "{",
    "e^{", "^", "_", "x", "y", "1", "2", "0", r"\epsilon", "|", "(", ")", "[", "]", "+", "-",
    r"\cdot", r"\sum_{i=1}^{n}", r"\log", r"\ln", r"\sqrt{", r"\Pr[", r"\mathcal{M}", "f(x)",
    " ", "\n", "%", "$", r"\left(", r"\right)", r"\max", r"\infty", "\\", r"\notacommand",
)  # fmt: skip
latex = st.lists(st.sampled_from(LATEX_TOKENS), max_size=30).map("".join)
snippet = st.lists(st.sampled_from(LATEX_TOKENS[5:]), max_size=6).map("".join)


@settings(max_examples=100, **FUZZ)
@given(
    text=latex | st.text(max_size=40) | st.binary(max_size=30),
    options=st.lists(
        st.tuples(st.sampled_from(["--assume", "--map", "--where", "--conclusion"]), snippet)
        | st.tuples(st.just("--map"), st.tuples(snippet, snippet).map(" => ".join))
        | st.tuples(
            st.just("--where"), st.sampled_from(["x=(0, oo)", "x=[0, 1]", "x=(1, 0)", "x=foo"])
        ),
        max_size=3,
    ),
)
def test_a_fuzzed_derivation_is_checked_or_named(scratch, text, options):
    path = scratch / f"d{next(_NUMBERS)}.tex"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    argv = ["check-proof", str(path), "--timeout", "5", *(f"{o}={v}" for o, v in options)]
    code, out, err = call(argv)
    no_crash(code, out, err, {0, 1, 2, 3})
    if code == 2:
        assert path.name in err or "--" in err, err


DIRECTIONS = {"=": 0, r"\le": -1, "<": -1, r"\ge": 1, ">": 1}
RELATIONS = {"=": lambda a, b: a == b, r"\le": lambda a, b: a <= b, "<": lambda a, b: a < b,
             r"\ge": lambda a, b: a >= b, ">": lambda a, b: a > b}  # fmt: skip


@settings(max_examples=80, **FUZZ)
@given(
    first=st.integers(-9, 9),
    steps=st.lists(st.tuples(st.sampled_from(sorted(RELATIONS)), st.integers(-9, 9)), min_size=1,
                   max_size=4),
)  # fmt: skip
def test_a_chain_of_integers_gets_the_right_verdict_per_step(scratch, first, steps):
    rows, left = [], first
    for relation, right in steps:
        rows.append(f"&{relation} {right}")
    body = f"{first} " + " \\\\\n".join(rows)
    path = scratch / f"d{next(_NUMBERS)}.tex"
    path.write_text(f"\\begin{{align*}}\n{body}\n\\end{{align*}}\n")
    code, out, err = call(["check-proof", str(path), "--json", "--timeout", "5"])
    no_crash(code, out, err, {0, 1, 3})
    report = json.loads(out)
    truths = []
    for (relation, right), step in zip(steps, report["steps"], strict=True):
        truths.append(RELATIONS[relation](left, right))
        assert step["status"] == ("proved" if truths[-1] else "refuted"), (body, step)
        left = right
    # A false step refutes the chain; true steps prove it when they compose (<= and >= mixed
    # relate nothing: UNKNOWN, "not a chain").
    directions = {DIRECTIONS[relation] for relation, _ in steps} - {0}
    status = "refuted" if not all(truths) else "proved" if len(directions) < 2 else "unknown"
    assert report["status"] == status and (code == 0) == (status == "proved"), (body, report)


def test_a_derivation_that_is_not_utf8_names_the_file_and_line(tmp_path):
    path = tmp_path / "proof.tex"
    path.write_bytes(b"\\begin{align*}\nx &= x \\\\\n&= \xc8\n\\end{align*}\n")
    assert call(["check-proof", str(path)]) == (
        2,
        "",
        f"dpproofs check-proof: {path}:3: not UTF-8 text (byte 0xc8)\n",
    )


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("--where=x=foo", "--where 'x=foo': cannot read 'foo' as an interval such as '(0, oo)'"),
        ("--where=x=(1, 0)", "--where 'x=(1, 0)': the domain '(1, 0)' is empty"),
        ("--timeout=nan", "argument --timeout: must be a finite number of seconds > 0, got 'nan'"),
        ("--timeout=0", "argument --timeout: must be a finite number of seconds > 0, got '0'"),
        ("--timeout=inf", "argument --timeout: must be a finite number of seconds > 0, got 'inf'"),
    ],
)
def test_bad_check_proof_options_are_usage_errors_up_front(tmp_path, option, message):
    # They were accepted: a bad --where became a reason on every step (exit 1), a bad --timeout
    # was used as it was.
    path = tmp_path / "proof.tex"
    path.write_text("\\begin{align*}\nx &\\le x + 1\n\\end{align*}\n")
    code, out, err = call(["check-proof", str(path), option])
    assert (code, out) == (2, "") and message in err and err.count("\n") == 1, err


@pytest.mark.parametrize("value", ["nan", "inf", "0", "-1"])
def test_a_bad_check_timeout_is_a_usage_error(value):
    assert call(["check", "x >= 0", "--where", "x: (0, oo)", "--timeout", value]) == (
        2,
        "",
        "dpproofs: usage error: argument --timeout: must be a finite number of seconds > 0, "
        f"got {value!r}\n",
    )


# --- CLI arguments ------------------------------------------------------------------------------

VALUES = (
    "0", "-1", "1", "2", "1.5", "nan", "inf", "1e309", "", " ", "abc", "1/2", "log(3)", "log((",
    "10**10", "0x10", "--", "-", "=", "m.json", "m.json:2", "m.json:0", "m.json:x", ":3", "p.tex",
    "nope.json", ".", "x > 0", "exp(x) >= 1 + x", "x: (0, oo)", "x: foo", "x <= y", "\x00",
    "é", "dask", "process", "tcp://h:1",
)  # fmt: skip
OPTIONS = (
    "--timeout", "--jobs", "-j", "--memory", "--epsilon", "--delta", "--renyi", "--compose",
    "--where", "--assume", "--map", "--conclusion", "--json", "--no-mi-dp", "--force",
    "--executor", "--no-cache", "-q", "-v", "--bogus", "-x", "--version", "--help", "-k",
)  # fmt: skip
#: The exit statuses each command documents (cli.py and each command's module docstring).
EXITS = {
    "verify": {0, 1, 2},
    "check": {0, 1, 2, 3},
    "check-proof": {0, 1, 2, 3},
    "profile": {0, 2},
    "compose": {0, 2},
    "new": {0, 2},
}


@settings(max_examples=100, **FUZZ)
@given(
    command=st.sampled_from([*EXITS, "nonsense", ""]),
    tokens=st.lists(st.sampled_from(VALUES + OPTIONS) | st.text(max_size=5), max_size=6),
)
def test_fuzzed_arguments_get_a_documented_exit_and_one_line(tmp_path_factory, command, tokens):
    folder = tmp_path_factory.mktemp("cwd")  # no theorem file: verify never decides here
    (folder / "m.json").write_text('{"rows": [["3/4", "1/4"], ["1/4", "3/4"]]}')
    (folder / "p.tex").write_text("\\begin{align*}\nx &\\le x + 1\n\\end{align*}\n")
    # Only the scratch folder (`new` writes files, `verify` searches folders), and no cluster
    # to start or join.
    tokens = [t for t in tokens if not ("/" in t or ".." in t or t.startswith(("dask", "tcp")))]
    argv = [command, *tokens]
    if command in ("check", "check-proof"):
        argv += ["--timeout", "3"]
    code, out, err = call(argv, cwd=folder)
    no_crash(code, out, err, EXITS.get(command, {0, 2}))


def test_the_real_cli_prints_no_traceback(tmp_path):
    """A few of the inputs above through ``python -m dpproofs``: exit status and stderr."""
    (tmp_path / "m.json").write_bytes(b'{"rows": [[\xff]]}')
    (tmp_path / "one.json").write_text('{"rows": [["1"]]}')
    (tmp_path / "p.tex").write_bytes(b"x &= \xc8\n")
    cases = [
        (["profile", "m.json"], 2, "dpproofs: invalid mechanism: m.json:1: not UTF-8 text"),
        (["compose", "one.json:2"], 0, ""),
        (["check-proof", "p.tex"], 2, "dpproofs check-proof: p.tex:1: not UTF-8 text"),
        (["verify", "--bogus"], 2, "dpproofs: usage error: unrecognized arguments: --bogus"),
    ]
    for argv, status, start in cases:
        done = subprocess.run(
            [sys.executable, "-m", "dpproofs", *argv],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "DPPROOFS_CACHE_DIR": str(tmp_path / "cache")},
        )
        assert done.returncode == status, (argv, done.stderr)
        assert "Traceback" not in done.stdout + done.stderr
        assert done.stderr.startswith(start) and done.stderr.count("\n") == (1 if start else 0)


def test_deeply_nested_inputs_are_errors_not_crashes(tmp_path):
    # Each raised RecursionError (Python's compiler, or the LaTeX reader's recursion), which
    # reached the user as "internal error".
    (tmp_path / "good.py").write_text(GOOD)
    code, out, err = call(["verify", str(tmp_path), "-k", "not " * 5000 + "rr"])
    assert (code, out) == (2, "") and err.startswith("dpproofs: usage error: -k 'not not ")
    assert err.endswith(" rr' is not a valid expression\n")
    code, out, err = call(["check", "-" * 5000 + "x > 0"])
    assert (code, out) == (2, "")
    assert err.startswith("dpproofs: usage error: cannot parse the claim '---")
    assert err.endswith("x > 0': RecursionError\n")
    mechanism = tmp_path / "m.json"
    mechanism.write_text(json.dumps({"rows": [["-" * 3000 + "1/2", "1/2"], ["1/2", "1/2"]]}))
    code, out, err = call(["profile", str(mechanism)])
    assert (code, out) == (2, "") and err.startswith(
        f"dpproofs: invalid mechanism: {mechanism}: row 0 (input 0), column 0 (output 0): "
        "cannot parse '---"
    )
    proof = tmp_path / "proof.tex"
    proof.write_text("\\begin{align*}\nx &= " + "{" * 3000 + "x" + "}" * 3000 + "\n\\end{align*}\n")
    code, out, err = call(["check-proof", str(proof), "--json"])
    no_crash(code, out, err, {3})  # unknown: a step not checked
    (step,) = json.loads(out)["steps"]
    assert step["status"] == "not-checked"
    assert step["reason"].startswith("nested too deeply to read: '{{{{")
