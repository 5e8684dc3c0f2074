"""The cache and the next class of reads (issue 27, after tests/adversary/test_cache_reads.py).

As in tests/cli/test_cache_staleness.py: randomized response with rate 3/4 is log(3)-DP exactly
(proved), with 4/5 it is not (refuted). Each probe reads r through a door the first recorder did
not name: z3's other file-taking functions and SMT-LIB ``include``, ``_ctypes``, ``linecache``,
``sys.stdin`` and ``open(0)``, a socket, ``glob``, ``os.path.realpath`` and ``Path.resolve`` of
a re-pointed link, ``os.fwalk``, resources read from a zip archive. Each is either recorded
(decided again after the change) or never cached with the reason in the report.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from tests.cli import test_cache_staleness as staleness
from tests.cli.test_cache_staleness import never_stale, theorem, verify
from tests.cli.test_cache_unfollowed import _report, uncached

project = staleness.project

pytestmark = pytest.mark.slow


def _smt(folder: Path, name: str, value: str) -> None:
    (folder / name).write_text(f"(declare-const r Real)(assert (= r {value}))")


def test_a_file_read_by_a_z3_solver(project: Path) -> None:
    _smt(project, "rate.smt2", "0.75")
    read = (
        "import z3\ns = z3.Solver()\ns.from_file(str(HERE / 'rate.smt2'))\n"
        "rate = str(s.assertions()[0].arg(1).as_fraction())"
    )
    (project / "t.py").write_text(theorem(at_import=read))
    never_stale(project, lambda: _smt(project, "rate.smt2", "0.8"))


def test_an_smt_include_in_a_string(project: Path) -> None:
    _smt(project, "rate.smt2", "0.75")
    read = (
        "import z3\nf = z3.parse_smt2_string('(include \"' + str(HERE / 'rate.smt2') + '\")')[0]\n"
        "rate = str(f.arg(1).as_fraction())"
    )
    (project / "t.py").write_text(theorem(at_import=read))
    uncached(project, lambda: _smt(project, "rate.smt2", "0.8"), "include")


def test_an_smt_include_inside_a_file(project: Path) -> None:
    _smt(project, "inner.smt2", "0.75")
    (project / "outer.smt2").write_text(f'(include "{project / "inner.smt2"}")')
    read = (
        "import z3\nf = z3.parse_smt2_file(str(HERE / 'outer.smt2'))[0]\n"
        "rate = str(f.arg(1).as_fraction())"
    )
    (project / "t.py").write_text(theorem(at_import=read))
    uncached(project, lambda: _smt(project, "inner.smt2", "0.8"), "include")


def test_the_c_module_under_ctypes(project: Path) -> None:
    read = (
        "import _ctypes, ctypes.util\n"
        "rate = '3/4' if _ctypes.dlopen(ctypes.util.find_library('c')) else '4/5'"
    )
    (project / "t.py").write_text(theorem(at_import=read))
    only = _report(project)
    assert only["status"] == "proved" and "_ctypes" in (only["not_cached"] or "")


def test_a_line_read_through_linecache(project: Path) -> None:
    (project / "rate.txt").write_text("3/4\n")
    read = "import linecache\nrate = linecache.getline(str(HERE / 'rate.txt'), 1).strip()"
    (project / "t.py").write_text(theorem(at_import=read))
    never_stale(project, lambda: (project / "rate.txt").write_text("4/5\n"))


def test_standard_input_by_number(project: Path) -> None:
    read = "rate = open(0).read() or '3/4'"
    (project / "t.py").write_text(theorem(at_import=read))
    only = _report(project)
    assert only["status"] == "proved" and "descriptor" in (only["not_cached"] or "")


def test_a_socket(project: Path) -> None:
    read = "import socket\nsocket.socket().close()\nrate = '3/4'"
    (project / "t.py").write_text(theorem(at_import=read))
    only = _report(project)
    assert only["status"] == "proved" and "socket" in (only["not_cached"] or "")


def test_a_glob(project: Path) -> None:
    read = "import glob\nrate = '4/5' if glob.glob(str(HERE / 'flag*')) else '3/4'"
    (project / "t.py").write_text(theorem(at_import=read))
    never_stale(project, lambda: (project / "flag1").write_text(""))


@pytest.mark.parametrize("how", ["os.path.realpath(HERE / 'rate')", "(HERE / 'rate').resolve()"])
def test_a_link_resolved(project: Path, how: str) -> None:
    (project / "3_4").mkdir()
    (project / "4_5").mkdir()
    (project / "rate").symlink_to("3_4")
    read = f"rate = os.path.basename({how}).replace('_', '/')"
    (project / "t.py").write_text(theorem(at_import=read))

    assert verify(project)[0] == "proved"
    assert verify(project)[0] == "proved"  # cached or not: realpath asks every ancestor folder
    (project / "rate").unlink()
    (project / "rate").symlink_to("4_5")
    assert verify(project) == ("refuted", False)


def test_a_folder_walked_by_descriptor(project: Path) -> None:
    read = "rate = '4/5' if any('flag' in f for _, _, f, _ in os.fwalk(HERE)) else '3/4'"
    (project / "t.py").write_text(theorem(at_import=read))
    uncached(project, lambda: (project / "flag").write_text(""), "descriptor")


def test_a_resource_in_a_zip_archive(project: Path) -> None:
    def archive(rate: str) -> None:
        with zipfile.ZipFile(project / "res.zip", "w") as z:
            z.writestr("rt27zres/__init__.py", "")
            z.writestr("rt27zres/rate.txt", rate)

    archive("3/4")
    read = (
        "import importlib.resources\nsys.path.insert(0, str(HERE / 'res.zip'))\n"
        "rate = importlib.resources.files('rt27zres').joinpath('rate.txt').read_text()"
    )
    (project / "t.py").write_text(theorem(at_import=read))
    never_stale(project, lambda: archive("4/5"))
