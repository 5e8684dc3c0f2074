"""The installed dpproofs version (from the package metadata; cheap to import)."""

from __future__ import annotations


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as package_version

    try:
        return package_version("dpproofs")
    except PackageNotFoundError:
        return "0+unknown"
