"""A package registered with its __init__ deferred: submodules import without running it, the first attribute
asked of the package runs it once, and a failing __init__ raises as an import would (the next import starts
afresh); a store opens, writes and reads without ever running the REST client's __init__."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from archivist.storage.deferred import REST_CLIENT, defer_package_init


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A package `slowpkg` whose __init__ counts its runs in a file and imports its own submodule."""
    root = tmp_path / "slowpkg"
    (root / "models").mkdir(parents=True)
    runs = tmp_path / "runs.txt"
    (root / "__init__.py").write_text(
        "from pathlib import Path\n"
        f"_runs = Path({str(runs)!r})\n"
        "_runs.write_text(_runs.read_text() + 'x' if _runs.exists() else 'x')\n"
        "from slowpkg.client import Client\n"
        "VERSION = '1.0'\n"
    )
    (root / "client.py").write_text("class Client:\n    pass\n")
    (root / "models" / "__init__.py").write_text("from slowpkg.models.request import Request\n")
    (root / "models" / "request.py").write_text("class Request:\n    pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield runs
    for name in [m for m in sys.modules if m == "slowpkg" or m.startswith("slowpkg.")]:
        del sys.modules[name]


def run_count(runs: Path) -> int:
    return len(runs.read_text()) if runs.exists() else 0


def test_submodules_import_without_running_the_init(package):
    assert defer_package_init("slowpkg") is True
    from slowpkg.models import Request

    assert Request.__name__ == "Request"
    assert run_count(package) == 0


def test_the_first_attribute_runs_the_init_once(package):
    defer_package_init("slowpkg")
    import slowpkg

    assert slowpkg.VERSION == "1.0"
    assert slowpkg.Client.__name__ == "Client"  # what the __init__ itself imported
    from slowpkg import Client

    assert Client is slowpkg.Client
    assert run_count(package) == 1
    with pytest.raises(AttributeError, match="no attribute 'missing'"):
        slowpkg.missing  # noqa: B018
    assert run_count(package) == 1


def test_a_failing_init_raises_and_runs_again(package, tmp_path):
    init = tmp_path / "slowpkg" / "__init__.py"
    good = init.read_text()
    init.write_text(good + "raise RuntimeError('broken install')\n")
    defer_package_init("slowpkg")
    import slowpkg

    with pytest.raises(RuntimeError, match="broken install"):
        slowpkg.VERSION  # noqa: B018
    assert "slowpkg" not in sys.modules  # as after a failed import: the next one starts afresh
    init.write_text(good)
    again = importlib.import_module("slowpkg")
    assert again is not slowpkg and again.VERSION == "1.0"
    assert run_count(package) == 2


def test_an_imported_or_missing_package_is_left_alone(package):
    import slowpkg  # imported for real

    assert defer_package_init("slowpkg") is False
    assert slowpkg.VERSION == "1.0"
    assert defer_package_init("no_such_package_here") is False


def test_opening_and_reading_a_store_never_runs_the_rest_client_init(tmp_path):
    probe = (
        "import sys, pyarrow as pa\n"
        "from archivist.storage.store import Store\n"
        "store = Store(sys.argv[1])\n"
        "store.ensure_table('meta', pa.schema([('key', pa.string()), ('value', pa.string())]))\n"
        "store.set_meta('k', {'v': 1})\n"
        "assert store.get_meta('k') == {'v': 1}\n"
        f"print(sorted(m for m in sys.modules if m.startswith('{REST_CLIENT}.api')))\n"
        f"import {REST_CLIENT} as client\n"
        "print(client.ApiClient.__name__)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe, str(tmp_path / "store")], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["[]", "ApiClient"]
