"""The cache never serves a stale verdict (issue 27).

Each scenario declares randomized response with rate r (rows [r, 1-r], [1-r, r]), whose pure
epsilon is log(r / (1 - r)): log 3 for r = 3/4, so "RR is log(3)-DP exactly" is proved; log 4 for
r = 4/5, so the same claim is refuted. Where r comes from is the scenario: a helper imported inside
the theorem function, an environment variable, a data file, a mechanism JSON, a helper reached
through a symlink, an installed module, a same-named file shadowing it, a failed optional import,
a relative path, a folder listing, a file changed while the theorem runs. Each scenario: decide
(proved, not cached) -> decide again (proved, cached: the cache still works) -> change where r
comes from -> decide again with the cache (refuted, not cached: never stale).
"""

from __future__ import annotations

import io
import json
import os
import sysconfig
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from dpproofs.cli.main import main

pytestmark = pytest.mark.slow

THEOREM = """
import json, os, sys
from fractions import Fraction
from pathlib import Path
from dpproofs import FiniteMechanism, pure_epsilon_is, theorem

HERE = Path(__file__).parent
{at_import}

@theorem(id="s.rr", source="test", expect="proved")
def rr():
{in_function}
    r = Fraction(rate)
    rows = [[str(r), str(1 - r)], [str(1 - r), str(r)]]
    return pure_epsilon_is(FiniteMechanism.from_rows(rows), "log(3)")
"""


def theorem(at_import: str = "", in_function: str = "    pass") -> str:
    return THEOREM.format(at_import=at_import, in_function=in_function)


def verify(folder: Path) -> tuple[str, bool]:
    """(status, cached) of the scenario's one theorem, decided with the cache."""
    report = folder.parent / f"v-{uuid.uuid4().hex}.json"
    out, err = io.StringIO(), io.StringIO()
    code = main(["verify", str(folder), "--json", str(report)], out, err)
    assert code in (0, 1), err.getvalue()
    (only,) = json.loads(report.read_text())["theorems"]
    return only["status"], only["cached"]


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of theorems with its own cache; the working folder is elsewhere."""
    monkeypatch.setenv("DPPROOFS_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "theorems").mkdir()
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    return tmp_path / "theorems"


@pytest.fixture
def installed() -> Iterator[Callable[[str, str], Path]]:
    """Write a module into this interpreter's site-packages (removed afterwards)."""
    site = Path(sysconfig.get_paths()["purelib"])
    if not os.access(site, os.W_OK):
        pytest.skip("site-packages is not writable")
    written: list[Path] = []

    def install(name: str, text: str) -> Path:
        path = site / f"{name}.py"
        path.write_text(text)
        written.append(path)
        return path

    yield install
    for path in written:
        path.unlink(missing_ok=True)
        for compiled in (path.parent / "__pycache__").glob(f"{path.stem}.*.pyc"):
            compiled.unlink(missing_ok=True)


def never_stale(folder: Path, change: Callable[[], None]) -> None:
    assert verify(folder) == ("proved", False)
    assert verify(folder) == ("proved", True)
    change()
    assert verify(folder) == ("refuted", False)


def test_a_helper_imported_inside_the_theorem_function(project: Path) -> None:
    (project / "rt27_inner.py").write_text('RATE = "3/4"\n')
    (project / "t.py").write_text(theorem(in_function="    from rt27_inner import RATE as rate"))
    never_stale(project, lambda: (project / "rt27_inner.py").write_text('RATE = "4/5"\n'))


def test_an_environment_variable_read_at_import(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RT27_RATE", "3/4")
    (project / "t.py").write_text(theorem(at_import='rate = os.environ["RT27_RATE"]'))
    never_stale(project, lambda: monkeypatch.setenv("RT27_RATE", "4/5"))


def test_an_environment_variable_read_inside_the_function_unset_at_first(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("RT27_RATE", raising=False)
    (project / "t.py").write_text(theorem(in_function='    rate = os.getenv("RT27_RATE", "3/4")'))
    never_stale(project, lambda: monkeypatch.setenv("RT27_RATE", "4/5"))


def test_the_whole_environment_copied(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RT27_RATE", raising=False)
    (project / "t.py").write_text(
        theorem(at_import='rate = dict(os.environ).get("RT27_RATE", "3/4")')
    )
    never_stale(project, lambda: monkeypatch.setenv("RT27_RATE", "4/5"))


def test_a_data_file_read_at_import(project: Path) -> None:
    (project / "rate.txt").write_text("3/4\n")
    (project / "t.py").write_text(theorem(at_import='rate = (HERE / "rate.txt").read_text()'))
    never_stale(project, lambda: (project / "rate.txt").write_text("4/5\n"))


def test_a_mechanism_json_read_at_import(project: Path) -> None:
    (project / "rr.json").write_text(json.dumps({"rate": "3/4"}))
    (project / "t.py").write_text(
        theorem(at_import='rate = json.load(open(HERE / "rr.json"))["rate"]')
    )
    never_stale(project, lambda: (project / "rr.json").write_text(json.dumps({"rate": "4/5"})))


def test_a_helper_that_is_a_symlink_re_pointed(project: Path) -> None:
    versions = project.parent / "versions"
    versions.mkdir()
    (versions / "one.py").write_text('RATE = "3/4"\n')
    (versions / "two.py").write_text('RATE = "4/5"\n')
    link = project / "rt27_link.py"
    link.symlink_to(versions / "one.py")
    (project / "t.py").write_text(theorem(at_import="from rt27_link import RATE as rate"))

    def re_point() -> None:
        link.unlink()
        link.symlink_to(versions / "two.py")

    never_stale(project, re_point)


def test_an_installed_module_upgraded(project: Path, installed: Callable[[str, str], Path]) -> None:
    name = f"rt27_site_{uuid.uuid4().hex[:8]}"
    installed(name, 'RATE = "3/4"\n')
    (project / "t.py").write_text(theorem(at_import=f"from {name} import RATE as rate"))
    never_stale(project, lambda: installed(name, 'RATE = "4/5"\n'))


def test_an_installed_module_shadowed_by_a_file_beside_the_theorem(
    project: Path, installed: Callable[[str, str], Path]
) -> None:
    name = f"rt27_shadow_{uuid.uuid4().hex[:8]}"
    installed(name, 'RATE = "3/4"\n')
    (project / "t.py").write_text(theorem(at_import=f"from {name} import RATE as rate"))
    never_stale(project, lambda: (project / f"{name}.py").write_text('RATE = "4/5"\n'))


def test_an_optional_import_that_failed_and_now_succeeds(project: Path) -> None:
    optional = (
        "try:\n    from rt27_optional import RATE as rate\nexcept ImportError:\n    rate = '3/4'"
    )
    (project / "t.py").write_text(theorem(at_import=optional))
    never_stale(project, lambda: (project / "rt27_optional.py").write_text('RATE = "4/5"\n'))


def test_a_relative_path_read_from_another_working_folder(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = project.parent / "first", project.parent / "second"
    for folder, rate in ((first, "3/4"), (second, "4/5")):
        folder.mkdir()
        (folder / "rate.txt").write_text(rate)
    monkeypatch.chdir(first)
    (project / "t.py").write_text(theorem(in_function='    rate = open("rate.txt").read()'))
    never_stale(project, lambda: monkeypatch.chdir(second))


def test_a_folder_listing(project: Path) -> None:
    rates = project.parent / "rates"
    rates.mkdir()
    (rates / "3_4").write_text("")
    listing = 'rate = sorted(os.listdir(HERE.parent / "rates"))[0].replace("_", "/")'
    (project / "t.py").write_text(theorem(at_import=listing))
    never_stale(project, lambda: (rates / "2_3").write_text(""))  # 2/3: epsilon log 2


def test_a_data_file_changed_while_the_theorem_is_decided(project: Path) -> None:
    """The theorem reads 3/4 and then overwrites the file with 4/5 (as an editor saving during
    the run would): the proved verdict is not cached, since what it read is gone."""
    (project / "rate.txt").write_text("3/4")
    rewrite = (
        '    rate = (HERE / "rate.txt").read_text()\n    (HERE / "rate.txt").write_text("4/5")'
    )
    (project / "t.py").write_text(theorem(in_function=rewrite))
    assert verify(project) == ("proved", False)
    assert verify(project) == ("refuted", False)  # it reads 4/5 now
    assert verify(project) == ("refuted", True)  # and wrote what it read: a stable record


def test_a_change_to_what_was_not_read_keeps_the_cached_verdict(project: Path) -> None:
    """A new file beside the theorem (not a module name it looked up, not a folder it listed)
    changes nothing the decision read."""
    (project / "rate.txt").write_text("3/4")
    (project / "t.py").write_text(theorem(at_import='rate = (HERE / "rate.txt").read_text()'))
    assert verify(project) == ("proved", False)
    (project / "unrelated.txt").write_text("a new file beside the theorem")
    assert verify(project) == ("proved", True)


def test_a_file_whose_existence_is_asked_about(project: Path) -> None:
    """os.stat opens nothing: ``Path.exists`` on a flag file is recorded by the stat wrapper."""
    flag = 'rate = "4/5" if (HERE / "use-four-fifths").exists() else "3/4"'
    (project / "t.py").write_text(theorem(at_import=flag))
    never_stale(project, lambda: (project / "use-four-fifths").write_text(""))


def test_a_file_read_by_a_subprocess_is_never_cached(project: Path) -> None:
    """What a subprocess reads cannot be followed (an audit event outside the whitelist): the
    verdict is decided afresh every time."""
    (project / "rate.txt").write_text("3/4")
    cat = (
        "    import subprocess\n"
        '    command = ["cat", str(HERE / "rate.txt")]\n'
        "    rate = subprocess.run(command, capture_output=True, text=True).stdout"
    )
    (project / "t.py").write_text(theorem(in_function=cat))
    assert verify(project) == ("proved", False)
    assert verify(project) == ("proved", False)
    (project / "rate.txt").write_text("4/5")
    assert verify(project) == ("refuted", False)
