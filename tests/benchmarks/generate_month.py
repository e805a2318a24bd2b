"""A month of support-chat logs for the month benchmark: deterministic by seed, written night by night.

    .venv/bin/python tests/benchmarks/generate_month.py OUT [--nights 30] [--customers 5000] [--seed 7]

Writes `OUT/date=YYYY-MM-DD/chats.jsonl`, one folder per night, in the JSON Lines format `archivist ingest`
reads. Each customer has a profile (address, plan, phone, payment method); a night holds about a
sixth of the customers, each in one multi-turn conversation with a support agent, built from:
- greetings, thanks and small talk (filler the extractor must keep nothing from),
- the problem the customer calls about, and the agent's questions and answers,
- a *change* to the profile (a move, a plan switch, a new phone, a new card), about once in four conversations,
  which the write path must decide against the stored fact,
- a *repeat* of something already said on an earlier night, which must be recognised as the same fact,
- hypotheticals and questions that mention a value without asserting it ("If I switched to PayPal, ...").
At the defaults (30 nights, 5,000 customers) it writes about 210,000 turns. Counts are printed as JSON.
"""

from __future__ import annotations

import argparse
import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

STREETS = ["Harbour Street", "Mill Lane", "Park Avenue", "Station Road", "Church Street", "Victoria Road",
           "Green Lane", "Manor Road", "Kings Road", "Queens Drive", "High Street", "Albert Terrace"]
CITIES = ["Leeds", "York", "Bristol", "Glasgow", "Cardiff", "Norwich", "Leicester", "Bath", "Derby", "Exeter"]
PLANS = ["Basic plan", "Pro plan", "Family plan", "Business plan", "Unlimited plan"]
PHONES = ["Pixel 7", "Pixel 8", "iPhone 14", "iPhone 15", "iPhone 16", "Galaxy S23", "Galaxy S24", "Moto G54"]
PAYMENTS = ["Visa card", "Mastercard", "PayPal", "direct debit"]
PROBLEMS = ["My router stopped working this morning.", "The wifi keeps dropping in the evenings.",
            "Can you check why my bill went up?", "My parcel has not arrived yet.",
            "I cannot log in to the app.", "The broadband speed is really slow today.",
            "I was charged twice this month.", "My phone has no signal at home."]
GREETINGS = ["Hi there.", "Hello!", "Good morning.", "Hi, hope you are well.", "Hey."]
THANKS = ["Thanks, that fixed it.", "Great, thank you.", "Perfect, cheers.", "OK, thanks for your help.",
          "That is all, bye."]
AGENT_OPEN = ["Hello, thanks for contacting support. How can I help?", "Hi, I can help with that.",
              "Good morning, what can I do for you today?"]
AGENT_ASK = ["Could you confirm the account holder's name?", "Can you restart the router and try again?",
             "Let me check that for you.", "I have opened a ticket for this.", "Is there anything else?"]
AGENT_CLOSE = ["You're welcome, have a nice day.", "Glad I could help.", "Thanks for your patience."]
FILLER = ["OK.", "One moment please.", "Sure.", "Let me check.", "Yes.", "Hmm, give me a second."]


def _address(rng: random.Random) -> str:
    return f"{rng.randint(1, 99)} {rng.choice(STREETS)}, {rng.choice(CITIES)}"


def _profile(rng: random.Random) -> dict[str, str]:
    return {"address": _address(rng), "plan": rng.choice(PLANS), "phone": rng.choice(PHONES),
            "payment": rng.choice(PAYMENTS)}


def _statement(slot: str, value: str, rng: random.Random, changed: bool) -> str:
    if slot == "address":
        return rng.choice([f"I moved to {value} last week.", f"I moved to {value}, please update my address."]
                          if changed else [f"I live at {value}.", f"My address is {value}."])
    if slot == "plan":
        return (f"I switched to the {value} yesterday." if changed else f"I am on the {value}.")
    if slot == "phone":
        return (f"My new phone is a {value}." if changed else f"I use a {value}.")
    return (f"I switched to paying by {value}." if changed else f"I pay with my {value}.")


def _new_value(slot: str, old: str, rng: random.Random) -> str:
    choices = {"address": None, "plan": PLANS, "phone": PHONES, "payment": PAYMENTS}[slot]
    while True:
        value = _address(rng) if choices is None else rng.choice(choices)
        if value != old:
            return value


def _hypothetical(rng: random.Random) -> str:
    return rng.choice([f"If I switched to {rng.choice(PAYMENTS)}, would the invoice change?",
                       f"Would the {rng.choice(PLANS)} be cheaper for me?",
                       f"If I moved to {rng.choice(CITIES)} next year, could I keep my contract?"])


def conversation(rng: random.Random, profile: dict[str, str], said: set[str]) -> list[tuple[str, str]]:
    """(role, text) turns of one conversation; updates `profile` and `said` (slots stated before)."""
    turns = [("customer", rng.choice(GREETINGS) + " " + rng.choice(PROBLEMS)), ("agent", rng.choice(AGENT_OPEN))]
    for _ in range(rng.randint(1, 4)):
        turns.append(("agent", rng.choice(AGENT_ASK)))
        turns.append(("customer", rng.choice(FILLER)))
    roll = rng.random()
    slot = rng.choice(sorted(profile))
    if roll < 0.25:  # a change
        profile[slot] = _new_value(slot, profile[slot], rng)
        turns.append(("customer", _statement(slot, profile[slot], rng, changed=True)))
        turns.append(("agent", "Thanks, I have updated that on your account."))
        said.add(slot)
    elif roll < 0.55:  # a repeat (or a first mention) of what is on file
        turns.append(("customer", _statement(slot, profile[slot], rng, changed=False)))
        said.add(slot)
    elif roll < 0.70:
        turns.append(("customer", _hypothetical(rng)))
        turns.append(("agent", "I can send you the details by email."))
    turns.append(("customer", rng.choice(THANKS)))
    turns.append(("agent", rng.choice(AGENT_CLOSE)))
    return turns


def generate(out: Path, nights: int = 30, customers: int = 5000, seed: int = 7, tenant: str = "month",
             start: datetime = datetime(2026, 10, 1, tzinfo=timezone.utc)) -> dict[str, int]:
    rng = random.Random(seed)
    profiles = [_profile(rng) for _ in range(customers)]
    said: list[set[str]] = [set() for _ in range(customers)]
    counts = {"nights": nights, "customers": customers, "conversations": 0, "turns": 0}
    for night in range(nights):
        day = start + timedelta(days=night)
        folder = out / f"date={day.date().isoformat()}"
        folder.mkdir(parents=True, exist_ok=True)
        callers = rng.sample(range(customers), k=max(1, customers // 6))
        with (folder / "chats.jsonl").open("w", encoding="utf-8") as handle:
            for n, customer in enumerate(sorted(callers)):
                moment = day + timedelta(seconds=rng.randint(0, 20 * 3600))
                for index, (role, text) in enumerate(conversation(rng, profiles[customer], said[customer])):
                    handle.write(json.dumps({
                        "tenant": tenant, "scope": f"cust-{customer:05d}", "conversation_id": f"n{night:02d}-{n:05d}",
                        "turn_index": index, "speaker": role, "role": role, "text": text,
                        "said_at": (moment + timedelta(seconds=40 * index)).isoformat(),
                    }) + "\n")
                    counts["turns"] += 1
                counts["conversations"] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--nights", type=int, default=30)
    parser.add_argument("--customers", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(json.dumps(generate(args.out, args.nights, args.customers, args.seed)))


if __name__ == "__main__":
    main()
