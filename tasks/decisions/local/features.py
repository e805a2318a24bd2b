"""Feature vectors of the trained heads: one function per head, each returning {feature name: value}.

The names are stored with the fitted weights, so a head refuses a feature set it was not trained on.
Counts are capped: one "cancelled" is evidence, a third one says little more.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Protocol

from archivist.tasks.decisions.local import rules
from archivist.tasks.decisions.local import text as t
from archivist.tasks.decisions.local.embedding import SentenceVectors


class Cosines(Protocol):
    """What the relation features read from sentence vectors: SentenceVectors or MiniLMVectors."""

    def cosine(self, a: str, b: str) -> float: ...


def _cap(value: float, limit: float = 2.0) -> float:
    return float(min(value, limit))


def _slot_match(a: str, b: str) -> tuple[float, float]:
    """(same slot, same slot that holds one value at a time), slot "other" never matching."""
    slot_a, slot_b = rules.slot(a), rules.slot(b)
    same = slot_a == slot_b and slot_a != "other"
    return float(same), float(same and slot_a in rules.SLOT_CARDINALITY_ONE)


def _value_swap(old_stems: frozenset[str], new_stems: frozenset[str], same_slot: float, one_value: float,
                not_yet: float) -> dict[str, float]:
    """Conjunctions a linear head cannot form: the same slot with a different value on each side.

    "likes hiking" -> "likes painting" is another value of a many-valued slot (new); "lives in Paris" ->
    "lives in Berlin" replaces a one-valued slot (update or contradiction), unless the new side is only a
    plan or a wish.
    """
    swapped = bool(old_stems - new_stems) and bool(new_stems - old_stems)
    return {
        "sibling_other_value": float(swapped and same_slot > 0 and one_value == 0),
        "one_value_swapped": float(swapped and one_value > 0) * (1.0 - not_yet),
        "not_yet_same_slot": same_slot * not_yet,
    }


def _changed(a: frozenset[str], b: frozenset[str]) -> tuple[float, float]:
    """(a value of each side is missing from the other: one was swapped for another, the newer side adds a
    value the older lacks). Naming fewer of the stored fact's values ("Pixel 8" after "iPhone 12 -> Pixel 8")
    is not a change."""
    return float(bool(a - b) and bool(b - a)), float(bool(b - a))


def _topic_and_status(old: str, new: str, said: str, same_slot: float, not_yet: float) -> dict[str, float]:
    """Whether the two facts are about the same thing, and what a change cue means given that.

    A change or ending cue ("new", "arrived", "cancelled") only bears on the stored fact when both name the
    same thing or fill the same slot: "the new SIM works fine" says nothing about an address. A fault and a
    fix of the same thing ("router stopped working" -> "router works again") is a change of its status;
    the same words about another thing ("voicemail stopped working") are news.
    """
    old_topic, new_topic = t.topic_stems(old), t.topic_stems(new)
    shared = bool(old_topic & new_topic)
    related = float(shared or same_slot > 0)
    fault_old, fixed_old = t.count(t.FAULT, old) > 0, t.count(t.FIXED, old) > 0
    fault_new, fixed_new = t.count(t.FAULT, said) > 0, t.count(t.FIXED, said) > 0
    flip = (fault_old and fixed_new and not fault_new) or (fixed_old and fault_new and not fixed_new)
    old_not_yet = float(t.planned(old) + t.hypothetical(old) > 0)
    # Something that happened ("went to a workshop") stays true when a later event happens: nothing updates it.
    old_event = float(t.past_verbs(old) > 0 and t.count(t.PAST, old) > 0)
    keep = float(t.count(t.KEEP, said) > 0)
    return {
        "topic_overlap": t.jaccard(old_topic, new_topic) if old_topic and new_topic else 0.0,
        # A refinement keeps the stored thing and adds to it ("likes painting" -> "likes painting landscapes").
        "topic_kept": t.containment(old_topic, new_topic) if old_topic and new_topic else 0.0,
        "unrelated": float(bool(old_topic) and bool(new_topic) and not shared and same_slot == 0),
        "change_related": _cap(t.changes(said)) * related * (1.0 - not_yet),
        "ending_related": _cap(t.endings(said)) * related * (1.0 - not_yet),
        "status_flip": float(flip and shared),
        # A status of one thing (broken, fixed) says nothing about the status of another.
        "status_elsewhere": float((fault_old or fixed_old) and (fault_new or fixed_new) and not shared
                                  and bool(old_topic) and bool(new_topic)),
        "fault_both_shared": float(fault_old and fault_new and shared),
        # A fault reported about a thing the stored fact only says they have is news about it, not a change.
        "fault_reported": float(fault_new and not (fault_old or fixed_old)),
        "old_not_yet": old_not_yet,
        "old_event_related": old_event * related,
        # The statement names the stored value as the one replaced: the clearest sign of an update.
        "replaces_old": float(bool(old_topic & t.replaced_values(said))) * (1.0 - not_yet),
        "keep_related": keep * related * (1.0 - old_not_yet),
        "plan_called_off": keep * related * old_not_yet,
    }


def _holder_and_cardinality(old: str, new: str, not_yet: float) -> dict[str, float]:
    """Whose attribute each fact is, and whether a value swap is between values of a one-valued attribute.

    "User lives in Portland" -> "User's sister moved to Seattle" is about someone else: news, not a move.
    "Nate's favourite game is X" -> "... is Y" swaps the value of an attribute that holds one value (a
    favourite, a name, an age, what someone drives), which the slot lexicon may not know.
    """
    holder_old, holder_new = t.subject(old), t.subject(new)
    other_holder = float(bool(holder_old) and bool(holder_new) and holder_old != holder_new)
    old_stems, new_stems = t.content_stems(old), t.content_stems(new)
    swapped = bool(old_stems - new_stems) and bool(new_stems - old_stems)
    one = float(t.one_valued(old) and t.one_valued(new))
    return {
        "other_holder": other_holder,
        "one_valued_swap": one * float(swapped) * (1.0 - other_holder) * (1.0 - not_yet),
    }


_ARTICLES = frozenset({"a", "an", "the"})


def _frame(old: str, new: str) -> tuple[float, bool, bool]:
    """(share of the longer fact that both keep word for word at their start and end, the stored fact has words
    of its own between them, the new one has).

    "User's car is red" -> "User's car is blue", "Tim's brother is a dentist" -> "... a pharmacist": one frame,
    the value swapped, whatever slot the lexicon knows. Read from the word order, which the stem sets lose.
    """
    a = [w for w in t.tokens(old) if w not in _ARTICLES]
    b = [w for w in t.tokens(new) if w not in _ARTICLES]
    if not a or not b:
        return 0.0, False, False
    start = 0
    while start < min(len(a), len(b)) and a[start] == b[start]:
        start += 1
    end = 0
    while end < min(len(a), len(b)) - start and a[-1 - end] == b[-1 - end]:
        end += 1
    return (start + end) / max(len(a), len(b)), len(a) > start + end, len(b) > start + end


def _frame_features(old: str, new: str, said: str, not_yet: float) -> dict[str, float]:
    """The same frame with another value: a swap (update or contradiction; which one the cues say), a value
    added at its end or middle (a refinement), or the same words (a repeat)."""
    kept, old_own, new_own = _frame(old, new)
    swap = kept * float(old_own and new_own) * float(kept >= 0.5)
    corrected = float(t.count(t.CORRECTION, said) > 0)
    changed = float(t.changes(said) > 0 or t.endings(said) > 0)
    return {
        "frame_kept": kept,
        "frame_swap": swap * (1.0 - not_yet),
        "frame_swap_corrected": swap * corrected,
        "frame_swap_changed": swap * changed * (1.0 - not_yet),
        "frame_swap_plain": swap * (1.0 - corrected) * (1.0 - changed) * (1.0 - not_yet),
        "frame_added": kept * float(new_own and not old_own),
    }


def relation_features(old: str, new: str, message: str, vectors: Cosines,
                      tense: dict[str, float]) -> dict[str, float]:
    """How a new fact (said in `message`, possibly empty) relates to a stored one.

    `tense` is the temporal head's distribution for the new fact: a plan or a wish never replaces a stored
    value, and a past mention rarely does, so the relation heads read it rather than relearn it from the
    fewer relation labels.
    """
    old_stems, new_stems = t.content_stems(old), t.content_stems(new)
    # Cues are read where the fact was said: its own clauses of the turn, not the rest of the turn.
    heard = t.focus(message, new)
    said = f"{new} {heard}"
    same_slot, same_slot_one = _slot_match(old, new)
    numbers_changed, numbers_added = _changed(t.quantities(old), t.quantities(new))
    names_changed, names_added = _changed(t.names(old), t.names(new))
    new_negated = t.count(t.NEGATION, new) > 0
    old_negated = t.count(t.NEGATION, old) > 0
    polarity_old, polarity_new = t.polarity(old), t.polarity(new)
    not_yet = tense["planned"] + tense["hypothetical"]
    values = {
        **_value_swap(old_stems, new_stems, same_slot, same_slot_one, not_yet),
        "cos_old_new": vectors.cosine(old, new),
        "cos_old_message": vectors.cosine(old, message) if message.strip() else vectors.cosine(old, new),
        "jaccard": t.jaccard(old_stems, new_stems),
        "old_in_new": t.containment(old_stems, new_stems),
        "new_in_old": t.containment(new_stems, old_stems),
        "new_only": _cap(len(new_stems - old_stems), 4),
        "old_only": _cap(len(old_stems - new_stems), 4),
        "same_text": float(t.normalised(old) == t.normalised(new)),
        "length_ratio": math.log((len(t.tokens(new)) + 1) / (len(t.tokens(old)) + 1)),
        "same_slot": same_slot,
        "same_slot_one_value": same_slot_one,
        "numbers_changed": numbers_changed,
        "numbers_added": numbers_added,
        "names_changed": names_changed,
        "names_added": names_added,
        "kin_differs": float(t.kin(old) != t.kin(new)),
        "polarity_flip": float(polarity_old * polarity_new < 0),
        # A change or an ending that is only planned or wished for has not happened: discount it by tense.
        "ending_cue": _cap(t.endings(said)) * (1.0 - not_yet),
        "negation_added": float(new_negated and not old_negated),
        "change_cue": _cap(t.changes(said)) * (1.0 - not_yet),
        "correction_cue": _cap(t.count(t.CORRECTION, said)),
        "past_cue": _cap(t.count(t.PAST, new) + t.count(t.PAST, heard) * 0.5),
        "tense_not_yet": not_yet,
        "tense_past": tense["past"],
        "no_message": float(not message.strip()),
        **_topic_and_status(old, new, said, same_slot, not_yet),
        **_holder_and_cardinality(old, new, not_yet),
        **_frame_features(old, new, said, not_yet),
    }
    # Longer is a refinement only when the stored thing is kept: "likes hiking" -> "likes watching football on
    # their phone" is longer and about something else.
    values["longer_keeping_topic"] = max(values["length_ratio"], 0.0) * values["topic_kept"]
    # Another value of a many-valued slot said plainly ("I also like painting"), with nothing that marks a change,
    # an ending, a correction or a turn from liking to disliking: one more value, not a replacement.
    marked = values["change_cue"] + values["ending_cue"] + values["correction_cue"] + values["polarity_flip"]
    values["plain_other_value"] = values["sibling_other_value"] * float(marked == 0)
    # A near copy that ends, negates or changes a value of the stored fact is the opposite of a duplicate,
    # however close the embeddings: give the head those conjunctions directly.
    overlap = values["jaccard"]
    for name in ("ending_cue", "negation_added", "numbers_changed", "names_changed", "polarity_flip"):
        values[f"{name}_x_overlap"] = values[name] * overlap
    return values


def relation_alt_features(old: str, new: str, message: str, tense: dict[str, float]) -> dict[str, float]:
    """The second phrasing's own view: the stored fact against the speaker's words, no embeddings.

    It reads the speaker's words where there are some (the clauses of `message` the fact came from) rather
    than the extracted fact, so an extraction error and a misleading embedding cannot sway both answers the
    write path needs before it closes a stored fact.
    """
    heard = t.focus(message, new) if message.strip() else new
    old_stems, heard_stems = t.content_stems(old), t.content_stems(heard)
    new_stems = t.content_stems(new)
    same_slot, same_slot_one = _slot_match(old, heard)
    numbers_changed, _ = _changed(t.quantities(old), t.quantities(heard) | t.quantities(new))
    names_changed, names_added = _changed(t.names(old), t.names(heard) | t.names(new))
    not_yet = tense["planned"] + tense["hypothetical"]
    return {
        **_value_swap(old_stems, heard_stems | new_stems, same_slot, same_slot_one, not_yet),
        "old_heard": t.containment(old_stems, heard_stems),
        "old_new": t.containment(old_stems, new_stems),
        "jaccard_new": t.jaccard(old_stems, new_stems),
        "heard_extra": _cap(len(heard_stems - old_stems), 4),
        "same_text": float(t.normalised(old) == t.normalised(new)),
        "same_slot": same_slot,
        "same_slot_one_value": same_slot_one,
        "numbers_changed": numbers_changed,
        "names_changed": names_changed,
        "names_added": names_added,
        "kin_differs": float(t.kin(old) != t.kin(new)),
        "polarity_flip": float(t.polarity(old) * t.polarity(heard) < 0),
        "ending_cue": _cap(t.endings(heard)) * (1.0 - not_yet),
        "negation_added": float(t.count(t.NEGATION, heard) > 0 and t.count(t.NEGATION, old) == 0),
        "change_cue": _cap(t.changes(heard)) * (1.0 - not_yet),
        "correction_cue": _cap(t.count(t.CORRECTION, heard)),
        "past_cue": _cap(t.count(t.PAST, heard)),
        "tense_not_yet": not_yet,
        "tense_past": tense["past"],
        # The topic is read from the extracted fact and the heard words together: either may name the thing.
        **_topic_and_status(old, f"{new} {heard}", heard, same_slot, not_yet),
        **_holder_and_cardinality(old, new, not_yet),
    }


def temporal_features(fact: str, message: str) -> dict[str, float]:
    """Tense and hedge cues, counted in the message (what was said) and the fact (how it was extracted).

    Only the message's clauses the fact came from count: "I work from home, and it dropped yesterday" does
    not make working from home a thing of the past."""
    return dict(_temporal_features(fact, message))  # a fresh dict: callers may add to it


@lru_cache(maxsize=65536)
def _temporal_features(fact: str, message: str) -> tuple[tuple[str, float], ...]:
    # Asked once per question and candidate of the same (fact, message): computed once.
    message = t.focus(message, fact)
    features: dict[str, float] = {}
    for source, value in (("message", message), ("fact", fact)):
        unhedged = t.without(t.HEDGED_PAST, value)
        features[f"{source}_past"] = _cap(t.count(t.PAST, unhedged))
        features[f"{source}_past_verbs"] = _cap(t.past_verbs(unhedged))
        features[f"{source}_planned"] = _cap(t.planned(value))
        features[f"{source}_hypothetical"] = _cap(t.hypothetical(value))
        features[f"{source}_current"] = _cap(t.count(t.CURRENT, value))
    features["message_question"] = float("?" in message)
    return tuple(features.items())


def worth_features(fact: str, message: str, vectors: SentenceVectors) -> dict[str, float]:
    """Is there anything lasting here, or only filler and talk about the conversation itself?"""
    message_tokens = t.tokens(message)
    filler = t.count(t.FILLER, message)
    slot_scores = rules.slot_scores(fact)
    return {
        "filler_share": min(filler / max(len(message_tokens), 1), 1.0),
        "message_length": math.log1p(len(message_tokens)),
        "fact_content": _cap(len(t.content_stems(fact)), 6),
        "message_content": _cap(len(t.content_stems(message)), 6),
        "names": _cap(len(t.names(fact) | t.names(message))),
        "numbers": _cap(len(t.numbers(fact) | t.numbers(message))),
        "question": float("?" in message),
        "about_the_conversation": _cap(t.count(t.META, fact)),
        "transient": _cap(t.count(t.TRANSIENT, f"{fact} {message}")),
        "first_person": _cap(sum(1 for w in message_tokens if w in {"i", "i'm", "my", "we", "we're", "our", "i've"})),
        "slot_cues": _cap(max(v for k, v in slot_scores.items() if k != "other"), 3),
        "cos_fact_message": vectors.cosine(fact, message),
    }


# Slots whose facts can answer a "where" question.
_PLACE_SLOTS = frozenset({"address", "travel", "employer", "service_status"})


def relevance_features(memory: str, query: str, vectors: SentenceVectors) -> dict[str, float]:
    """Does a memory line bear on a question: the same topic, the same people, the kind of answer asked?"""
    memory_stems, query_stems = t.content_stems(memory), t.content_stems(query)
    query_names, memory_names = t.names(query), t.names(memory)
    query_slot, memory_slot = rules.slot(query), rules.slot(memory)
    words = set(t.tokens(query))
    wants_time = bool(words & {"when", "long", "old", "year", "date"})
    has_time = bool(t.numbers(memory)) or bool(
        set(t.tokens(memory)) & {"january", "february", "march", "april", "may", "june", "july", "august",
                                 "september", "october", "november", "december", "yesterday", "ago", "last"})
    wants_place = "where" in words
    return {
        "cos": vectors.cosine(memory, query),
        "jaccard": t.jaccard(memory_stems, query_stems),
        "query_covered": t.containment(query_stems, memory_stems),
        "shared_stems": _cap(len(memory_stems & query_stems), 3),
        "same_slot": float(query_slot == memory_slot and query_slot != "other"),
        "names_shared": _cap(len(query_names & memory_names)),
        "names_missing": _cap(len(query_names - memory_names)),
        "kin_mismatch": float(t.kin(query) != t.kin(memory)),
        "time_asked_and_given": float(wants_time and has_time),
        "place_asked_slot_fits": float(wants_place and memory_slot in _PLACE_SLOTS),
        "memory_length": math.log1p(len(t.tokens(memory))),
    }
