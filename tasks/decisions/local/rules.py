"""Transparent scores for the questions the local model has no labeled data for.

kind, relation_type, durability, sensitivity and plan_fulfilled are answered by summing cue weights into
one score per option and taking a softmax. The weights are hand-set, not fitted: these answers are
reasonable defaults, not calibrated probabilities (the README says so), and a hosted decision model should
be preferred where they matter.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

from archivist.tasks.decisions.local import text as t

# -- relation_type: one keyword lexicon per slot --------------------------------------------------
# The slots are the canonical relations of configs/relations.toml.

PARTNER_WORDS = frozenset({"wife", "husband", "partner", "boyfriend", "girlfriend", "fiance", "fiancee"})

SLOT_CUES: dict[str, re.Pattern[str]] = {
    "address": t.phrase_pattern(
        "lives in|live in|living in|lived in|lives at|moved to|moved up to|moved from|relocated|resides|address|street|"
        "road|avenue|apartment|flat|delivery address|send it to|send everything to|postcode|zip|live|lives|"
        "been in|the house".split("|")),
    "plan": t.phrase_pattern(
        "pro plan|basic plan|premium plan|family plan|plan|subscription|subscriber|subscribes|tier|pro|basic|"
        "premium|upgraded to|downgraded to|add-on|package|bundle|contract|auto-renew|lines|adsl|fibre|"
        "fiber".split("|")),
    "device": t.phrase_pattern(
        "iphone|android|pixel|samsung|laptop|router|modem|tablet|ipad|macbook|dell|printer|tv|device|phone is|"
        "netgear|tp-link|eero|huawei|firmware|headphones|console|app".split("|")),
    "payment_method": t.phrase_pattern(
        "card|visa|mastercard|amex|paypal|bank transfer|direct debit|pays|pay|payment|billing|billed|invoice|"
        "refund|default card|on file".split("|")),
    "service_status": t.phrase_pattern(
        "internet|outage|down|not working|broken|slow|offline|connection|wi-fi|wifi|drops|crashes|ticket|"
        "fixed|back up|working again|parcel|delivered|depot|mbps|broadband|stopped working|works again|"
        "works fine|voicemail|signal".split("|")),
    "account": t.phrase_pattern(
        "username|user name|login|log in|sign in|two-factor|2fa|account is locked|account|account number|"
        "customer number".split("|")),
    "credential": t.phrase_pattern(
        "password|passcode|pin|pin code|security question|security answer|passphrase|one-time code|"
        "verification code|recovery code".split("|")),
    "work_location": t.phrase_pattern(
        "work from home|works from home|working from home|wfh|remote|remotely|hybrid|in the office|"
        "from the office|on site|commute|commutes".split("|")),
    "contact": t.phrase_pattern(
        "email|e-mail|phone number|number is|call me|reach me|contacted|text me|new number|called after".split("|")),
    "employer": t.phrase_pattern(
        "works at|works as|work at|job|employer|company|engineer|developer|teacher|nurse|manager|hired|career|"
        "office|colleague|boss|promoted|shifts|retire|bank|interview|counselor|architect|business".split("|")),
    "education": t.phrase_pattern(
        "studies|studying|studied|school|university|uni|degree|college|course|graduated|exam|classes|"
        "learning|lessons|semester".split("|")),
    "name": t.phrase_pattern("name is|named|called|my name|nickname|goes by".split("|")),
    "age": t.phrase_pattern("years old|year old|turned|turns|age|aged".split("|")),
    "birthday": t.phrase_pattern("birthday|born on|date of birth|birth date".split("|")),
    "partner": t.phrase_pattern(sorted(PARTNER_WORDS) + ["married", "engaged", "divorced", "dating", "proposed",
                                                         "broke up", "split up", "relationship", "moved in together"]),
    "family": t.phrase_pattern(sorted(t.KIN - PARTNER_WORDS) + ["family", "mom of", "mother of"]),
    "pet": t.phrase_pattern("dog|cat|puppy|kitten|pet|hamster|parrot|golden retriever|tabby".split("|")),
    "preference": t.phrase_pattern(
        "likes|like|loves|love|enjoys|enjoy|prefers|prefer|favourite|favorite|hates|dislikes|can't stand|"
        "fan|hobby|hiking|painting|music|guitar|piano|reading|rather|vegetarian|vegan|always a".split("|")),
    "travel": t.phrase_pattern(
        "trip|travel|vacation|holiday|flight|fly|visited|visit|went to|abroad|camping|japan|lisbon|paris in"
        .split("|")),
    "health": t.phrase_pattern(
        "allergic|allergy|intolerant|diagnosed|medication|meds|doctor|therapy|sick|injury|surgery|migraine|"
        "asthma|diabetes|depression|anxiety|pregnant|broke my leg|broke her leg|smoking|smokes".split("|")),
}
# The slots holding one value at a time, as configs/relations.toml had them when the heads were fitted. The
# trained relation heads read this through a feature, so it is frozen here with them rather than read from the
# file: a change to the policy's table must not silently move the model's inputs (a test compares the two).
# membership, pharmacy and doctor were added to the table after the fit; SLOT_CUES names none of them, so no
# text is ever read as their slot and listing them moves no input (the fitted heads stay valid without a refit).
SLOT_CARDINALITY_ONE = frozenset({"address", "plan", "payment_method", "service_status", "account", "contact",
                                  "employer", "name", "age", "birthday", "partner", "credential", "work_location",
                                  "diet", "delivery_address", "membership", "pharmacy", "doctor"})


def slot_scores(text: str) -> dict[str, float]:
    return dict(_slot_scores(text))  # a fresh dict: callers add the message's scores to the fact's


@lru_cache(maxsize=65536)
def _slot_scores(text: str) -> tuple[tuple[str, float], ...]:
    scores = {slot: float(t.count(pattern, text)) for slot, pattern in SLOT_CUES.items()}
    scores["other"] = 0.5  # wins only when no slot's cue fires
    return tuple(scores.items())


def slot(text: str) -> str:
    scores = slot_scores(text)
    return max(scores, key=lambda name: scores[name])


# -- kind -----------------------------------------------------------------------------------------

_PREFERENCE = t.phrase_pattern(
    "likes|like|loves|love|enjoys|enjoy|prefers|prefer|favourite|favorite|hates|dislikes|can't stand|fan of|"
    "rather|always a|would rather|passion".split("|"))
_EVENT_TIME = t.phrase_pattern(
    "yesterday|last week|last month|last year|last weekend|last night|ago|on monday|on friday|in 2019|in 2020|"
    "in 2021|in 2022|in 2023|in july|in may|in april|this morning|today".split("|"))


def kind_scores(fact: str, message: str) -> dict[str, float]:
    # Only the clauses the fact came from: a plan in another sentence does not make a past event a plan.
    message = t.focus(message, fact)
    both = f"{fact} {message}"
    planned = t.planned(both) + t.hypothetical(both) * 0.5
    return {
        "preference": 1.5 * t.count(_PREFERENCE, fact) + 0.5 * t.count(_PREFERENCE, message),
        "fact": 1.0,
        "event": 1.0 * t.count(_EVENT_TIME, both) + 0.6 * min(t.past_verbs(fact), 2),
        "plan": 1.2 * planned,
    }


# -- durability (score: 0 hours-days, 1 weeks-months, 2 years) ------------------------------------------

_MEDIUM = t.phrase_pattern(
    "this week|this month|this semester|next month|next week|trip|temporarily|for now|project|visiting|"
    "training for|learning|parcel|ticket|appointment|interview|exam|on sick leave".split("|"))
_LASTING = t.phrase_pattern(
    "lives|born|name|named|called|allergic|intolerant|works as|works at|prefers|favourite|favorite|always|"
    "degree|married|children|kids|daughter|son|sister|brother|wife|husband|vegetarian|vegan|grew up|"
    "birthday|address|afraid of".split("|"))


def durability_scores(fact: str, message: str) -> dict[str, float]:
    both = f"{fact} {message}"
    return {
        "0": 1.5 * t.count(t.TRANSIENT, both) + 0.8 * t.count(t.META, fact),
        "1": 0.6 + 1.0 * t.count(_MEDIUM, both),
        "2": 0.3 + 1.0 * t.count(_LASTING, fact) + 0.3 * t.count(_LASTING, message),
    }


# -- sensitivity -------------------------------------------------------------------------------------

_CARD_NUMBER = re.compile(r"(?<!\d)(?:\d[ -]?){12,18}\d(?!\d)")
_CARD_ENDING = re.compile(r"(?:ending|ends in|ending in)\s*\d{4}", re.I)
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}[A-Z0-9]{11,30}\b")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.]+")
_PHONE = re.compile(r"(?:\+?\d[\d ()-]{7,}\d)")
_STREET = re.compile(r"\b\d+\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s+"
                     r"(?:Street|St|Road|Rd|Avenue|Ave|Lane|Way|Rue)\b|\bRue\s")
_CREDENTIAL = t.phrase_pattern(
    "password|passcode|passphrase|pin|one-time code|otp|verification code|security question|security answer|"
    "api key|secret key|access token|recovery code|2fa code|login code".split("|"))
_FINANCIAL = t.phrase_pattern(
    "card|visa|mastercard|amex|iban|sort code|account number|routing number|salary|earn|earns|debt|loan|"
    "mortgage|bank|invoice|paypal|billing|billed|cvv|credit|refund".split("|"))
_PERSONAL = t.phrase_pattern(
    "address|lives|live in|born|birthday|phone|email|married|divorced|wife|husband|son|daughter|kids|"
    "children|mother|father|mum|dad|sister|brother|age|years old".split("|"))


def _luhn_ok(digits: str) -> bool:
    total, double = 0, False
    for char in reversed(digits):
        value = int(char) * (2 if double else 1)
        total += value - 9 if value > 9 else value
        double = not double
    return total % 10 == 0


def sensitivity_scores(fact: str, message: str) -> dict[str, float]:
    both = f"{fact} {message}"
    scores = {"none": 1.0, "personal": 0.0, "financial": 0.0, "credential": 0.0, "health": 0.0}
    for match in _CARD_NUMBER.finditer(both):
        digits = re.sub(r"\D", "", match.group())
        # A full card number is financial data and, with its expiry, enough to pay: treat it as both.
        scores["financial"] += 4.0 if _luhn_ok(digits) else 2.5
        scores["credential"] += 2.5
    scores["financial"] += 1.5 * bool(_CARD_ENDING.search(both)) + 3.0 * bool(_IBAN.search(both))
    scores["financial"] += 1.2 * t.count(_FINANCIAL, both)
    scores["credential"] += 3.0 * t.count(_CREDENTIAL, both)
    scores["personal"] += 2.0 * bool(_EMAIL.search(both)) + 2.0 * bool(_STREET.search(both))
    scores["personal"] += 1.5 * bool(_PHONE.search(both) and not _CARD_NUMBER.search(both))
    scores["personal"] += 0.8 * t.count(_PERSONAL, both)
    scores["health"] += 2.5 * t.count(SLOT_CUES["health"], both)
    return scores


# -- plan_fulfilled ------------------------------------------------------------------------------------


def plan_fulfilled_logit(similarity: float, evidence: str) -> float:
    """log-odds that `evidence` reports the stored plan as done; `similarity` in [0, 1] says it is the same plan."""
    done = min(t.count(t.COMPLETION, evidence), 2)
    still_planned = min(t.planned(evidence), 2)
    # Keeping what the plan would have changed ("decided to keep my landline") calls the plan off too.
    called_off = min(t.count(t.CALLED_OFF, evidence) + t.count(t.KEEP, evidence), 2)
    return -3.0 + 5.0 * similarity + 1.2 * done - 1.2 * still_planned - 2.0 * called_off


# -- shared -----------------------------------------------------------------------------------------------


def softmax(scores: dict[str, float], sharpness: float = 1.0) -> dict[str, float]:
    top = max(scores.values())
    exps = {k: math.exp(sharpness * (v - top)) for k, v in scores.items()}
    total = sum(exps.values())
    return {k: v / total for k, v in exps.items()}
