"""What "it" is, where the speaker names it: "my phone won't pick up 5G ... It's a Samsung Galaxy S21 if that matters",
"the car's fine, it's a 2019 Honda Jazz". A device or a vehicle named by a maker and model after "it is" is the
speaker's own (nobody names a model of a thing they do not have in a support chat); any other "it is X" says
nothing of theirs ("it's a bit slow", "it's a long story")."""

from __future__ import annotations

from archivist.tasks.extract.attributes import OPEN_PREFIX
from archivist.tasks.extract.grammar import Grammar
from archivist.tasks.extract.parse import Clause
from archivist.tasks.extract.phrases import CLASS_RELATION, classify, object_text, phrase_tokens
from archivist.tasks.extract.phrasing import article
from archivist.tasks.extract.relate import Reading, Who, template_text


def named_it_reading(clause: Clause, who: Who, g: Grammar, dates: set[int]) -> Reading | None:
    if who.thing is None or who.thing.lower_ != "it" or clause.verb.lemma_.lower() != "be" or clause.negated \
            or clause.status != "current":
        return None
    value = next((c for c in clause.verb.children if c.dep_ == "attr"), None)
    if value is None:
        return None
    numbered = any(t.like_num for t in value.subtree)
    if not any(t.pos_ == "PROPN" or (numbered and t.text[:1].isupper()) for t in value.subtree):
        return None  # a model is named: "a Samsung Galaxy S21", "a Hub 3"
    klass = classify(value, g)
    obj = object_text(phrase_tokens(value, dates))
    if klass in ("device", "vehicle"):
        relation = CLASS_RELATION[klass]
        text = template_text(relation, klass, who.name, obj) if obj else None
        return Reading(relation, value, obj, text, klass) if text else None
    # "my home charger isn't showing up ... It's a Wallbox Pulsar Plus": a model of the equipment named before
    thing = (who.thing_text or "").lower()
    if thing not in g.word("equipment") or not obj:
        return None
    return Reading(f"{OPEN_PREFIX}{thing}", value, obj, f"{who.name}'s {thing} is {article(obj)} {obj}")
