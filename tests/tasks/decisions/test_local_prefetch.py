"""The local decision model's shortcuts change no answer: a MiniLM vector does not depend on its batch, requests
encoded together answer as requests sent alone, the decision client answers an in-process model on the calling
thread, and the cached cue functions return what they compute."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from archivist.configs.settings import ProviderSettings
from archivist.tasks.decisions.client import DecisionClient
from archivist.tasks.decisions.local import LocalDecisionProvider
from archivist.tasks.decisions.local import text as t
from archivist.tasks.decisions.questions import load_questions
from archivist.tasks.decisions.types import DecisionRequest, about, request_key
from archivist.tasks.ingest.minilm import encode

QUESTIONS = load_questions()
STORED = ["User lives at 12 Canal Street, Leeds.", "User is on the Basic 100 plan.", "User has a Pixel 7.",
          "User's router stopped working."]
SAID = [("We have just moved house, the new address is 4 Mill Lane, York.", "User lives at 4 Mill Lane, York."),
        ("I upgraded to the Fibre 500 plan on the app, and the router works again now.",
         "User is on the Fibre 500 plan."),
        ("I might move to Bath next year.", "User might move to Bath next year."),
        ("I no longer use the Pixel 7, I replaced it.", "User no longer uses the Pixel 7.")]


def requests() -> list[DecisionRequest]:
    out = []
    for message, fact in SAID:
        targets = {f"c{i}": {"text": text} for i, text in enumerate(STORED)}
        questions = {request_key(q, key): about(QUESTIONS.latest(q), key)
                     for key in targets for q in ("relation", "relation_alt")}
        questions |= {q: QUESTIONS.latest(q) for q in ("worth_remembering", "temporal_status", "kind", "durability")}
        out.append(DecisionRequest(state={"message": message, "fact": fact, "targets": targets}, questions=questions))
    return out


def test_a_minilm_vector_does_not_depend_on_the_batch_it_is_encoded_in():
    texts = [text for pair in SAID for text in pair] + STORED
    alone = np.stack([encode([text])[0] for text in texts])
    together = encode(texts)
    padded = encode([texts[0] * 6, *texts])[1:]  # a long text pads every other row of its batch
    assert np.array_equal(alone, together)
    assert np.array_equal(alone, padded)


def test_requests_encoded_together_get_the_answers_of_requests_sent_alone():
    alone, together = LocalDecisionProvider(), LocalDecisionProvider()
    expected = [alone.send(r.state, r.questions).answers for r in requests()]
    together.prefetch_requests(requests())
    encoded = len(together.minilm._vectors)
    answered = [together.send(r.state, r.questions).answers for r in requests()]
    assert answered == expected
    assert len(together.minilm._vectors) == encoded  # the batch held every text the relation head read


class _Recording(LocalDecisionProvider):
    def __init__(self) -> None:
        super().__init__()
        self.threads: list[str] = []

    def send(self, state, questions):
        self.threads.append(threading.current_thread().name)
        return super().send(state, questions)


def test_the_client_answers_an_in_process_model_in_order_on_the_calling_thread():
    provider = _Recording()
    client = DecisionClient(provider, ProviderSettings(provider="local", concurrency=16), sleep=lambda s: None)
    many = client.decide_many(requests())
    one_by_one = [client.decide(r) for r in requests()]
    assert [r.answers for r in many] == [r.answers for r in one_by_one]
    assert set(provider.threads) == {threading.current_thread().name}


@pytest.mark.parametrize("function", [t.content_stems, t.numbers, t.quantities, t.names, t.topic_stems,
                                      t.replaced_values, t.planned, t.hypothetical, t.changes, t.endings,
                                      t.past_verbs, t.kin, t.polarity, t.subject, t.one_valued])
def test_a_cached_cue_function_returns_what_it_computes(function):
    for text in [text for pair in SAID for text in pair] + STORED:
        assert function(text) == function.__wrapped__(text)
        assert function(text) == function(text)


def test_cached_feature_tables_are_fresh_dicts_that_callers_may_change():
    from archivist.tasks.decisions.local import features, rules

    first = rules.slot_scores(STORED[0])
    first["address"] += 10.0
    assert rules.slot_scores(STORED[0])["address"] == first["address"] - 10.0
    cues = features.temporal_features(SAID[0][1], SAID[0][0])
    cues["extra"] = 1.0
    assert "extra" not in features.temporal_features(SAID[0][1], SAID[0][0])
