"""storage/ owns every Lance filter string: tasks/ and flows/ call storage functions, they never spell SQL."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SQL = re.compile(r"\b\w+ (=|!=|>=|<=|<|>) '|\b\w+ IN \(|\bIS (NOT )?NULL\b|\bstarts_with\(|\bLIKE '|\bAND \(|\) AND\b")
"""Pieces of a hand-built filter: a quoted comparison, an IN list, a NULL test, a conjunction of filters."""
OLD_NAMES = {"sql_quote", "sql_in"}


def hand_built_filters(source: str) -> list[int]:
    """Line numbers of string literals (f-string parts included, docstrings not) that spell a filter."""
    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    lines = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
                and SQL.search(node.value)):
            lines.append(node.lineno)
        elif isinstance(node, ast.Name) and node.id in OLD_NAMES:
            lines.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and any(alias.name in OLD_NAMES for alias in node.names):
            lines.append(node.lineno)
    return sorted(lines)


def test_the_check_finds_the_spellings_that_used_to_be_there():
    assert hand_built_filters('n = store.count("turns", f"tenant = \'{TENANT}\'")\n') == [1]
    assert hand_built_filters('w = f"({where}) AND {sql.in_list(\'fact_id\', ids)}"\n') == [1]
    assert hand_built_filters('w = f"(run_id IS NULL OR NOT starts_with(run_id, {q(p)}))"\n') == [1]
    assert hand_built_filters("from archivist.storage.store import Store, sql_quote\n") == [1]
    assert hand_built_filters('def f():\n    """Rows where tenant = \'x\' (a docstring may say so)."""\n') == []
    assert hand_built_filters('w = sql.all_of(sql.scope_filter([(t, s)]), sql.in_list("fact_id", ids))\n') == []


def test_no_module_of_tasks_or_flows_builds_a_filter_string():
    found = {str(path.relative_to(ROOT)): lines
             for layer in ("tasks", "flows") for path in sorted((ROOT / layer).rglob("*.py"))
             if (lines := hand_built_filters(path.read_text()))}
    assert found == {}, "move these filters into a storage/ function (storage/sql.py builds the pieces)"
