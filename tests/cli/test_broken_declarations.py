"""A broken @theorem declaration or two theorems with one id: each an ERROR at its own line,
shown with what was expected, while the file's other theorems are decided."""

import io
import json
import re

from dpproofs.cli.main import main

FILE = """\
from dpproofs import FiniteMechanism, pure_epsilon_is, theorem

RR = FiniteMechanism.from_rows([["3/4", "1/4"], ["1/4", "3/4"]])


@theorem(source="s", expect="prooved")
def typo():
    return pure_epsilon_is(RR, "log(3)")


@theorem(source="s", expect="refuted", timout=3)
def keyword():
    return pure_epsilon_is(RR, "log(2)")


@theorem(id="rr", source="s", expect="proved")
def first():
    return pure_epsilon_is(RR, "log(3)")


@theorem(source="s", expect="proved")
def fine():
    return pure_epsilon_is(RR, "log(3)")


@theorem(id="rr", source="s", expect="proved")
def second():
    return pure_epsilon_is(RR, "log(3)")
"""


def test_broken_declarations_and_duplicates_in_terminal_json_and_html(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.py").write_text(FILE)
    out, err = io.StringIO(), io.StringIO()
    argv = ["verify", "mine.py", "--jobs", "1", "--no-cache", "--json", "r.json", "--html", "h"]
    assert main(argv, stdout=out, stderr=err) == 1
    text = out.getvalue()
    # Before: "error (expected unknown)" for the typo (a stand-in), and the duplicate id sank
    # the whole file (one load failure, no theorem decided).
    assert "mine.py:6: error (expected: the declaration is broken): mine.typo\n" in text
    assert "mine.py:11: error (expected refuted): mine.keyword\n" in text
    assert "mine.py:16: error (expected proved): rr\n" in text
    assert "mine.py:26: error (expected proved): rr@26\n" in text
    assert re.search(r"duplicate theorem id 'rr' \(also\s+declared at line 26\)", text)
    assert text.endswith("5 theorems: 4 error, 1 proved; 4 not as expected\n")
    entries = {e["id"]: e for e in json.loads((tmp_path / "r.json").read_text())["theorems"]}
    shown = {k: (e["status"], e["expected"], e["expected_label"]) for k, e in entries.items()}
    assert shown == {
        "mine.typo": ("error", None, "(the declaration is broken)"),
        "mine.keyword": ("error", "refuted", "refuted"),
        "rr": ("error", "proved", "proved"),
        "mine.fine": ("proved", "proved", "proved"),
        "rr@26": ("error", "proved", "proved"),
    }
    html = (tmp_path / "h" / "index.html").read_text()
    assert "(the declaration is broken) (not as expected)" in html
    assert "unknown (not as expected)" not in html


def test_one_file_name_in_two_folders_says_how_to_tell_the_ids_apart(tmp_path, monkeypatch):
    # Before: "duplicate theorem id 'notes.rr' (also declared at a/notes.py:5)", no fix.
    monkeypatch.chdir(tmp_path)
    body = FILE.split("\n\n\n@theorem")[0] + '\n\n\n@theorem(source="s", expect="proved")\n'
    body += 'def rr():\n    return pure_epsilon_is(RR, "log(3)")\n'
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "notes.py").write_text(body)
    out, err = io.StringIO(), io.StringIO()
    assert main(["verify", "a", "b", "--jobs", "1", "--no-cache"], stdout=out, stderr=err) == 1
    text = " ".join(out.getvalue().split())
    assert (
        "b/notes.py:6: duplicate theorem id 'notes.rr' (also declared at a/notes.py:6): give one "
        "of them its own id= (the default id, <file stem>.<function name>, is the same for two "
        "files of one name in two folders)"
    ) in text
    assert "ok proved" in text
