"""Run settings, layered: built-in defaults, then ``[tool.dpproofs]`` in pyproject.toml (searched
from the current folder upwards), then the theorem's own ``timeout=``, then command-line flags."""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from dpproofs.deadline import within_limits
from dpproofs.errors import UsageError


@dataclass(frozen=True, slots=True)
class Settings:
    timeout: float = 60.0
    jobs: int = 1
    memory_gib: float = 6.0


def _pyproject(start: Path) -> Path | None:
    for folder in (start, *start.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            return candidate
    return None


def load_settings(start: Path | None = None) -> Settings:
    """Defaults overlaid with ``[tool.dpproofs]`` from the nearest pyproject.toml."""
    settings = Settings()
    file = _pyproject((start or Path.cwd()).resolve())
    if file is None:
        return settings
    try:
        table: dict[str, Any] = tomllib.loads(file.read_text()).get("tool", {}).get("dpproofs", {})
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{file}: {exc}") from exc
    known = {f.name for f in fields(Settings)}
    for key, value in table.items():
        if key not in known:
            raise UsageError(f"{file}: unknown setting [tool.dpproofs] {key}")
        if (
            not isinstance(value, int | float)
            or isinstance(value, bool)
            or not math.isfinite(value)
            or value <= 0
        ):
            raise UsageError(f"{file}: [tool.dpproofs] {key} must be a finite positive number")
        too_large = within_limits(value, "GiB" if key == "memory_gib" else "seconds")
        if key != "jobs" and too_large:
            raise UsageError(f"{file}: [tool.dpproofs] {key} must be {too_large}, got {value}")
        if key == "jobs":
            if not isinstance(value, int):
                raise UsageError(f"{file}: [tool.dpproofs] jobs must be a whole number")
            settings = replace(settings, jobs=value)
        elif key == "timeout":
            settings = replace(settings, timeout=float(value))
        else:
            settings = replace(settings, memory_gib=float(value))
    return settings
