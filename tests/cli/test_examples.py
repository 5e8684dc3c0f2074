"""The README's tour runs as written: the examples folder is part of the contract."""

import io
import json
import re
import shlex
from pathlib import Path

from dpproofs.cli.main import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_tour_theorems_come_out_as_the_readme_says(tmp_path):
    out = io.StringIO()
    code = main(["verify", str(EXAMPLES / "tour.py"), "--json", str(tmp_path / "v.json")], out, out)
    assert code == 0, out.getvalue()
    verdicts = {t["id"]: t for t in json.loads((tmp_path / "v.json").read_text())["theorems"]}
    assert verdicts["tour.rr_ln3"]["status"] == "proved"
    # delta(1) = (3 - e)/4 > 1/100, witnessed by the pair (+, -) and S = {Y}.
    rr_one = verdicts["tour.rr_one"]["counterexample"]
    assert rr_one["assignment"] == {"x": "+", "x'": "-", "S": "['Y']"}
    exec(rr_one["replay"], {})
    # e^1 = 2.718... > 1 + 1 + 1/2: the simplest witness is eps = 1.
    taylor = verdicts["tour.exp_taylor"]["counterexample"]
    assert taylor["assignment"] == {"eps": "1"}
    exec(taylor["replay"], {})


def test_profile_of_the_example_mechanism():
    out = io.StringIO()
    code = main(["profile", str(EXAMPLES / "randomized_response.json"), "--json"], out, out)
    data = json.loads(out.getvalue())
    assert code == 0 and data["pure_epsilon"]["exact"] == "log(3)"
    # MI-DP of binary RR(3/4) is the BSC(1/4) capacity ln 2 - h(1/4) = 3/4 ln 3 - ln 2, exactly.
    assert data["mi_dp"]["exact"] == "-log(2)/4 + 3*log(3/2)/4"


def _readme_verify_sessions():
    """Each ``$ .venv/bin/dpproofs verify ...`` console session of the README with its output."""
    text = (EXAMPLES.parent / "README.md").read_text()
    for block in re.findall(r"```console\n(.*?)```", text, flags=re.S):
        lines = block.splitlines()
        if lines[0].startswith("$ .venv/bin/dpproofs verify "):
            yield shlex.split(lines[0][len("$ .venv/bin/dpproofs ") :]), lines[1:]


SECONDS = re.compile(r"\d+\.\d\ds ")


def test_readme_verify_sessions_print_what_the_readme_shows(monkeypatch, tmp_path):
    # In the README's order with a fresh cache, as a newcomer runs them: the second session's
    # verdict comes from the cache (it showed a time before, the newcomer saw "cached").
    monkeypatch.chdir(EXAMPLES.parent)
    monkeypatch.setenv("DPPROOFS_CACHE_DIR", str(tmp_path / "cache"))
    sessions = list(_readme_verify_sessions())
    assert len(sessions) == 2
    for argv, shown in sessions:
        out = io.StringIO()
        assert main(argv, out, io.StringIO()) == 0
        printed = [SECONDS.sub("X.XXs ", line) for line in out.getvalue().splitlines()]
        assert printed == [SECONDS.sub("X.XXs ", line) for line in shown]


def test_readme_profile_session_prints_what_the_readme_shows(monkeypatch):
    # The README's table as printed (the MI-DP bracket was printed rounded to nearest, as a
    # point [0.130812035941, 0.130812035941]; now outward, so it still encloses).
    monkeypatch.chdir(EXAMPLES.parent)
    text = (EXAMPLES.parent / "README.md").read_text()
    command = "$ .venv/bin/dpproofs profile examples/randomized_response.json"
    (block,) = [b for b in re.findall(r"```console\n(.*?)```", text, flags=re.S) if command in b]
    lines = block.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(command))
    argv = shlex.split(lines[at][len("$ .venv/bin/dpproofs ") :])
    out = io.StringIO()
    assert main(argv, out, io.StringIO()) == 0
    shown = [x.rstrip() for x in lines[at + 1 :]]
    assert [x.rstrip() for x in out.getvalue().splitlines()] == shown
