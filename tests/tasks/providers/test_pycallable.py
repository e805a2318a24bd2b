"""A user's Python function as the decision provider."""

from __future__ import annotations

import textwrap

import pytest

from archivist.configs.settings import ProviderSettings, Settings
from archivist.storage.calls import CALL_CACHE, LEDGER
from archivist.storage.store import Store
from archivist.tasks.decisions.client import build_decider
from tests.fakes import samples

USER_MODEL = textwrap.dedent('''
    __version__ = "2.1"
    seen = []

    def decide(state, questions):
        seen.append((state, questions))
        answers = {}
        for key, q in questions.items():
            if q["type"] == "noul":
                answers[key] = {"true": 0.9, "false": 0.1}
            elif q["type"] == "choice":
                answers[key] = {"type": "choice", "probabilities": {"preference": 0.5, "plan": 0.5}}  # one missing
            else:
                answers[key] = {"0": 0.2, "1": 0.3, "2": 0.5}
        return answers
''')


@pytest.fixture
def user_module(tmp_path, monkeypatch):
    (tmp_path / "my_decider.py").write_text(USER_MODEL)
    monkeypatch.syspath_prepend(str(tmp_path))
    import my_decider

    yield my_decider


def test_a_users_function_answers_and_is_validated(user_module, tmp_path):
    settings = Settings(decisions=ProviderSettings(provider="python:my_decider:decide"))
    store = Store(str(tmp_path / "store"))
    with build_decider(settings, store, run_id="run-py") as decider:
        result = decider.decide(samples.request())
    state, questions = user_module.seen[0]
    assert state == samples.request().state
    assert questions["durability"] == {"type": "score", "instructions": samples.DURABILITY.instructions,
                                       "criteria": ["hours", "weeks", "years"]}
    assert result.answers["worth_remembering"].p("true") == pytest.approx(0.9)
    assert result.answers["durability"].chosen == "2"
    assert result.answers["kind"].fallback and "missing ['fact']" in result.answers["kind"].error
    assert result.model == "my_decider:decide@2.1"
    # in-process: not cached, but every call is in the ledger at no cost
    assert store.count(CALL_CACHE) == 0
    ledger = store.read(LEDGER)
    assert ledger.height == 1 and ledger["provider"][0] == "python" and ledger["cost_usd"][0] == 0.0


def test_a_bad_spec_says_how_to_write_it():
    settings = Settings(decisions=ProviderSettings(provider="python:no_such_module_xyz:fn"))
    with pytest.raises(ValueError, match="cannot import module 'no_such_module_xyz'"):
        build_decider(settings)
    with pytest.raises(ValueError, match="python:package.module:function"):
        build_decider(Settings(decisions=ProviderSettings(provider="python:just_a_module")))
