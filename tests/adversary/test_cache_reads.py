"""Adversary (helper R, issues 26-27): reads the cache does not see.

Same scenario as tests/cli/test_cache_staleness.py: randomized response with rate 3/4 is
log(3)-DP exactly (proved), with 4/5 it is not (refuted). Each test reads r through a path the
recorder does not follow; the cache must then either re-decide after the change (refuted, not
cached) or never cache the verdict (``not_cached`` set). Each was an xfail(strict) break;
fixed in dpproofs/run/indirect.py: a read that names no path the cache can read again (C code
through ctypes, a folder descriptor) is never cached and the report says why; a link's target
and z3's file reads are recorded.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli import test_cache_staleness as staleness
from tests.cli.test_cache_staleness import never_stale, theorem, verify
from tests.cli.test_cache_unfollowed import _report, uncached

project = staleness.project


pytestmark = pytest.mark.slow


def test_a_variable_read_through_ctypes_getenv(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RT27_RATE", "3/4")
    read = (
        "import ctypes\ngetenv = ctypes.pythonapi.getenv\ngetenv.restype = ctypes.c_char_p\n"
        'rate = getenv(b"RT27_RATE").decode()'
    )
    (project / "t.py").write_text(theorem(at_import=read))
    uncached(project, lambda: monkeypatch.setenv("RT27_RATE", "4/5"), "ctypes")


def test_a_file_read_by_z3_parse_smt2_file(project: Path) -> None:
    (project / "rate.smt2").write_text("(declare-const r Real)(assert (= r 0.75))")
    read = (
        "import z3\nf = z3.parse_smt2_file(str(HERE / 'rate.smt2'))[0]\n"
        "rate = str(f.arg(1).as_fraction())"
    )
    (project / "t.py").write_text(theorem(at_import=read))
    never_stale(
        project,
        lambda: (project / "rate.smt2").write_text("(declare-const r Real)(assert (= r 0.8))"),
    )


def test_a_symlink_target_read_with_readlink(project: Path) -> None:
    (project / "rate").symlink_to("3_4")
    read = "rate = os.readlink(HERE / 'rate').replace('_', '/')"
    (project / "t.py").write_text(theorem(at_import=read))

    def repoint() -> None:
        (project / "rate").unlink()
        (project / "rate").symlink_to("4_5")

    never_stale(project, repoint)


def test_the_clock_read_through_the_c_datetime(project: Path) -> None:
    read = "import _datetime\nrate = '3/4' if _datetime.datetime.now().year > 2000 else '4/5'"
    (project / "t.py").write_text(theorem(at_import=read))
    only = _report(project)
    assert only["not_cached"] is not None and "cannot follow" in only["not_cached"]


def test_the_clock_read_through_ctypes(project: Path) -> None:
    read = "import ctypes\nrate = '3/4' if ctypes.pythonapi.time(None) > 0 else '4/5'"
    (project / "t.py").write_text(theorem(at_import=read))
    only = _report(project)
    assert only["not_cached"] is not None and "cannot follow" in only["not_cached"]


# --- probes that hold (recorded, or never cached) --------------------


def test_environ_copy(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RT27_RATE", "3/4")
    (project / "t.py").write_text(theorem(at_import='rate = os.environ.copy()["RT27_RATE"]'))
    never_stale(project, lambda: monkeypatch.setenv("RT27_RATE", "4/5"))


def test_mmap_read(project: Path) -> None:
    (project / "rate.txt").write_text("3/4")
    read = (
        "import mmap\nwith open(HERE / 'rate.txt', 'rb') as f:\n"
        "    rate = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)[:].decode()"
    )
    (project / "t.py").write_text(theorem(at_import=read))
    assert _report(project)["not_cached"] is not None  # mmap is never cached


def test_importlib_resources(project: Path) -> None:
    (project / "rt27res").mkdir()
    (project / "rt27res" / "__init__.py").write_text("")
    (project / "rt27res" / "rate.txt").write_text("3/4")
    read = (
        "import importlib.resources\n"
        "rate = importlib.resources.files('rt27res').joinpath('rate.txt').read_text()"
    )
    (project / "t.py").write_text(theorem(at_import=read))
    never_stale(project, lambda: (project / "rt27res" / "rate.txt").write_text("4/5"))


def test_subprocess_output(project: Path) -> None:
    (project / "rate.txt").write_text("3/4")
    read = (
        "import subprocess\nrate = subprocess.run(['cat', str(HERE / 'rate.txt')], "
        "capture_output=True, text=True).stdout"
    )
    (project / "t.py").write_text(theorem(at_import=read))
    assert _report(project)["not_cached"] is not None  # a subprocess is never cached


def test_stat_through_pathlib_size(project: Path) -> None:
    (project / "flag").write_text("xxx")
    read = "rate = '3/4' if (HERE / 'flag').stat().st_size == 3 else '4/5'"
    (project / "t.py").write_text(theorem(at_import=read))
    never_stale(project, lambda: (project / "flag").write_text("xxxx"))


def test_from_time_import_time(project: Path) -> None:
    read = "from time import time\nrate = '3/4' if time() > 0 else '4/5'"
    (project / "t.py").write_text(theorem(at_import=read))
    only = _report(project)
    assert only["not_cached"] is not None


def test_a_helper_imported_from_a_zip_archive(project: Path) -> None:
    import zipfile

    def archive(rate: str) -> None:
        with zipfile.ZipFile(project / "rates.zip", "w") as z:
            z.writestr("rt27_zip.py", f'RATE = "{rate}"\n')

    archive("3/4")
    read = "sys.path.insert(0, str(HERE / 'rates.zip'))\nfrom rt27_zip import RATE as rate"
    (project / "t.py").write_text(theorem(at_import=read))
    never_stale(project, lambda: archive("4/5"))


def test_a_folder_entry_that_became_a_folder(project: Path) -> None:
    (project / "flag").write_text("")
    read = (
        "rate = '3/4' if next(e for e in os.scandir(HERE) if e.name == 'flag').is_file() else '4/5'"
    )
    (project / "t.py").write_text(theorem(at_import=read))

    def replace() -> None:
        (project / "flag").unlink()
        (project / "flag").mkdir()

    never_stale(project, replace)


def test_a_file_read_through_os_read_of_a_dup(project: Path) -> None:
    (project / "rate.txt").write_text("3/4")
    read = (
        "fd = os.open(HERE / 'rate.txt', os.O_RDONLY)\nfd2 = os.dup(fd)\nos.close(fd)\n"
        "rate = os.read(fd2, 10).decode()"
    )
    (project / "t.py").write_text(theorem(at_import=read))
    never_stale(project, lambda: (project / "rate.txt").write_text("4/5"))


def test_a_file_copied_then_read_is_not_served_stale(project: Path) -> None:
    (project / "rate.txt").write_text("3/4")
    read = (
        "import shutil, tempfile\nd = tempfile.mkdtemp()\n"
        "shutil.copyfile(HERE / 'rate.txt', d + '/r')\nrate = open(d + '/r').read()"
    )
    (project / "t.py").write_text(theorem(at_import=read))
    assert verify(project)[0] == "proved"
    (project / "rate.txt").write_text("4/5")
    assert verify(project) == ("refuted", False)


def test_a_file_opened_relative_to_a_folder_descriptor(project: Path) -> None:
    (project / "rate.txt").write_text("3/4")
    read = (
        "d = os.open(HERE, os.O_RDONLY)\nfd = os.open('rate.txt', os.O_RDONLY, dir_fd=d)\n"
        "rate = os.read(fd, 10).decode()"
    )
    (project / "t.py").write_text(theorem(at_import=read))
    uncached(project, lambda: (project / "rate.txt").write_text("4/5"), "dir_fd")


def test_a_size_asked_relative_to_a_folder_descriptor(project: Path) -> None:
    (project / "flag").write_text("xxx")
    read = (
        "d = os.open(HERE, os.O_RDONLY)\n"
        "rate = '3/4' if os.stat('flag', dir_fd=d).st_size == 3 else '4/5'"
    )
    (project / "t.py").write_text(theorem(at_import=read))
    uncached(project, lambda: (project / "flag").write_text("xxxx"), "dir_fd")


def test_a_folder_listed_through_its_descriptor(project: Path) -> None:
    read = "d = os.open(HERE, os.O_RDONLY)\nrate = '4/5' if 'flag' in os.listdir(d) else '3/4'"
    (project / "t.py").write_text(theorem(at_import=read))
    uncached(project, lambda: (project / "flag").write_text(""), "descriptor")
