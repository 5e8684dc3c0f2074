"""CLI tests keep their result cache in a temporary folder, never in the repository."""

import pytest


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("DPPROOFS_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
