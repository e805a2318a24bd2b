"""The layers' import rules, read from the source with `ast` (nothing is imported to check them).

    bottom layer  archivist/*.py (errors, ids, vocab, clock, ...)  imports nothing of the project above it
    configs/      imports only the bottom layer
    storage/      imports only configs/ and the bottom layer
    tasks/        imports anything but flows/
    flows/        imports anything

Imports inside functions and under `if TYPE_CHECKING:` count too: a lazy import is still a dependency.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PROJECT = "archivist"
# Folder -> the package it installs as (pyproject's package-dir).
LAYERS = {"archivist": "archivist", "configs": "archivist.configs", "storage": "archivist.storage",
          "tasks": "archivist.tasks", "flows": "archivist.flows"}


def bottom_modules() -> set[str]:
    return {f"{PROJECT}.{path.stem}" for path in (REPO / "archivist").glob("*.py")
            if path.stem not in ("__init__", "__main__")}


def allowed(layer: str, imported: str) -> bool:
    """Whether a module of `layer` may import the project module `imported`."""
    bottom = bottom_modules()
    in_bottom = imported in bottom or any(imported.startswith(m + ".") for m in bottom)

    def within(package: str) -> bool:
        return imported == package or imported.startswith(package + ".")

    if layer == "archivist":
        return in_bottom
    if layer == "configs":
        return in_bottom or within("archivist.configs")
    if layer == "storage":
        return in_bottom or within("archivist.configs") or within("archivist.storage")
    if layer == "tasks":
        return not within("archivist.flows") and imported != PROJECT
    return True


def project_imports(source: str, module: str) -> list[tuple[int, str]]:
    """(line, module) of every import of the project in `source`, the module named `module`; relative
    imports are resolved against it."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")[: -node.level]
                names = [".".join(base + ([node.module] if node.module else []))]
            else:
                names = [node.module or ""]
            # `from archivist import errors` imports the module archivist.errors.
            if names[0] == PROJECT:
                names = [f"{PROJECT}.{alias.name}" for alias in node.names]
        else:
            continue
        found += [(node.lineno, name) for name in names if name == PROJECT or name.startswith(PROJECT + ".")]
    return found


def violations(layer: str, source: str, module: str) -> list[str]:
    return [f"line {line}: {name}" for line, name in project_imports(source, module) if not allowed(layer, name)]


def modules_of(folder: str):
    root = REPO / folder
    paths = root.glob("*.py") if folder == "archivist" else root.rglob("*.py")
    for path in sorted(paths):
        if path.name == "__main__.py" and folder == "archivist":
            continue  # `python -m archivist` runs the CLI: the entry point, not part of the bottom layer
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        yield path, ".".join((LAYERS[folder], *parts))


@pytest.mark.parametrize("folder", list(LAYERS))
def test_each_layer_imports_only_what_its_rule_allows(folder):
    broken = {}
    for path, module in modules_of(folder):
        found = violations(folder, path.read_text(encoding="utf-8"), module)
        if found:
            broken[str(path.relative_to(REPO))] = found
    assert not broken, f"imports that break the {folder}/ rule (see this test's docstring): {broken}"


def test_the_check_itself_catches_each_kind_of_forbidden_import():
    # A storage module that reaches into tasks, in each spelling an import can take.
    storage = "archivist.storage.facts"
    assert violations("storage", "from archivist.tasks.policy.types import ACTIVE\n", storage)
    assert violations("storage", "import archivist.tasks.recall.read\n", storage)
    assert violations("storage", "def f():\n    from archivist.flows.cli import app\n", storage)
    assert violations("storage", "from ..tasks import policy\n", storage)
    assert violations("storage", "from archivist import tasks\n", storage)
    assert violations("storage", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                 "    from archivist.tasks.decisions.types import Answer\n", storage)
    assert not violations("storage", "from archivist.configs.settings import Settings\nfrom archivist.errors import "
                                     "ArchivistError\nfrom archivist.storage.store import Store\nimport polars\n",
                          storage)
    assert not violations("storage", "from archivist import errors, ids\nfrom .store import Store\n", storage)
    # Tasks never import flows; configs only the bottom layer; the bottom layer nothing of the project.
    assert violations("tasks", "from archivist.flows.ingest import run_ingest\n", "archivist.tasks.ingest.steps")
    assert not violations("tasks", "from archivist.storage.store import Store\n", "archivist.tasks.ingest.steps")
    assert violations("configs", "from archivist.storage.store import Store\n", "archivist.configs.settings")
    assert not violations("configs", "from archivist.errors import TerminalError\n", "archivist.configs.files")
    assert violations("archivist", "from archivist.configs.settings import Settings\n", "archivist.clock")
    assert violations("archivist", "import archivist.tasks\n", "archivist.errors")
    assert not violations("archivist", "import hashlib\nfrom archivist.errors import TerminalError\n",
                          "archivist.clock")


def test_the_bottom_layer_holds_the_shared_words_and_errors():
    assert {"archivist.errors", "archivist.ids", "archivist.vocab", "archivist.clock"} <= bottom_modules()


def test_every_source_package_is_listed_in_pyproject():
    """A folder with an __init__.py that pyproject does not list would be missing from a non-editable install."""
    import tomllib

    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(project["tool"]["setuptools"]["packages"])
    mapping = {"archivist": "archivist", "flows": "archivist.flows", "tasks": "archivist.tasks",
               "storage": "archivist.storage", "configs": "archivist.configs"}
    found = set()
    for top, package in mapping.items():
        for init in (REPO / top).rglob("__init__.py"):
            relative = init.parent.relative_to(REPO / top).parts
            found.add(".".join((package, *relative)))
    assert found == listed
