"""`archivist ingest --dry-run`: what a run would do and cost, with no model call and nothing written.

It reads and validates the archive as a real run does (same readers, same masking, same partitions), finds the
turns the store already holds and those already extracted, screens the rest with the extraction gate, and
builds the request bodies a real run would send, counting their tokens exactly. Priced at configs/prices.toml,
batch mode at its discount. Only the turns an LLM extractor sends are counted (tasks/extract/prompt.py
`should_extract`: system and tool turns are context only), each with the JSON schema of strict structured output.
Estimated where only a provider's reply could tell (configs/estimate.toml): output tokens; the facts a hosted
extraction will find, for which the embedded extractor's count stands in; the candidates each fact is compared
with (`_candidates`: the scope's earlier facts, same subject and relation first, as many as the write path takes,
without its vector search), which give the relation questions and the second reading's `relation_alt` request;
and a hosted gate's verdicts, which are not asked, so every turn it would screen counts as extracted (an upper
bound).

No Prefect: a plan is answered in seconds, and nothing here is worth orchestrating or recording as a run.
The embedded models (the local gate, the parse-based extractor) run; the store is only read, and a store
folder that does not exist is not created.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import polars as pl

from archivist.configs.files import CONFIG_DIR, read_toml
from archivist.configs.settings import Settings
from archivist.ids import canonical_json
from archivist.tasks.decisions.questions import load_questions
from archivist.tasks.decisions.types import DecisionRequest
from archivist.tasks.extract.types import TurnContext
from archivist.tasks.ingest.partition import with_partition
from archivist.tasks.providers.limits import split_questions
from archivist.tasks.providers.prices import PriceTable, default_prices
from archivist.tasks.providers.tokens import count_tokens

TURN_COLUMNS = ["turn_id", "tenant", "scope", "conversation_id", "turn_index", "speaker", "role", "text", "said_at"]
BATCH_DISCOUNT = 0.5
"""tasks/extract/batch.py's discount (both providers bill batch requests at half price); kept equal by a test."""


@lru_cache(maxsize=1)
def assumptions() -> dict[str, Any]:
    return read_toml(CONFIG_DIR / "estimate.toml")


@dataclass
class CallEstimate:
    purpose: str
    """embed | gate | extract | decide"""
    provider: str
    model: str
    requests: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0
    batch: bool = False
    estimated: list[str] = field(default_factory=list)
    """What in this line is assumed rather than counted."""


@dataclass
class IngestEstimate:
    files_read: int = 0
    records_read: int = 0
    valid: int = 0
    quarantined: int = 0
    partitions: int = 0
    turns_to_embed: int = 0
    turns_already_stored: int = 0
    turns_to_extract: int = 0
    turns_gated_out: int = 0
    extractor: str = ""
    gate: dict[str, Any] = field(default_factory=dict)
    calls: list[CallEstimate] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def total_cost_usd(self) -> float:
        return sum(call.cost_usd for call in self.calls)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self) | {"dry_run": True, "total_cost_usd": round(self.total_cost_usd, 6)}


def estimate_ingest(paths: list[str], settings: Settings, fmt: str = "auto", stage: str = "all",
                    extract: str = "auto", prices: PriceTable | None = None) -> IngestEstimate:
    prices = prices or default_prices()
    estimate = IngestEstimate()
    records = _read(paths, fmt, settings, estimate)
    store = _existing_store(settings)
    new = _new_turns(store, records, estimate)
    estimate.calls.append(_embedding(new, settings, prices))
    if stage != "all" or records.is_empty():
        return estimate
    turns = _turns_to_extract(store, records, new)
    extractor, vendor, batch = _extractor(settings, extract)
    estimate.extractor = extractor
    kept = _gate(turns, settings, extractor, store, estimate, prices)
    estimate.turns_to_extract = len(kept)
    if vendor:
        from archivist.tasks.extract.prompt import should_extract

        sent = [turn for turn in kept if should_extract(turn)]  # the LLM extractor never sends the others
        if len(sent) < len(kept):
            estimate.notes.append(f"{len(kept) - len(sent)} system or tool turns are context only: not sent to "
                                  "the LLM extractor, so neither extracted nor decided")
        kept = sent
        estimate.calls.append(_extraction(kept, settings, vendor, batch, store, prices))
    estimate.calls.append(_decisions(kept, settings, prices, estimate, store))
    return estimate


# -- reading, as stage_archive reads ------------------------------------------------------------------


def _read(paths: list[str], fmt: str, settings: Settings, estimate: IngestEstimate) -> pl.DataFrame:
    from archivist.tasks.ingest.read import read_archive

    ingest = settings.ingest
    batches = read_archive(paths, fmt, column_map=ingest.column_map, max_text_chars=ingest.max_text_chars,
                           batch_rows=ingest.batch_rows, default_tenant=ingest.default_tenant,
                           privacy=settings.privacy.mode)
    frames = []
    for batch in batches:
        estimate.records_read += batch.records_read
        estimate.quarantined += batch.quarantine.height
        if not batch.records.is_empty():
            frames.append(batch.records.select(TURN_COLUMNS))
    estimate.files_read = batches.files_read
    if not frames:
        return pl.DataFrame()
    records = pl.concat(frames).unique("turn_id", keep="first", maintain_order=True)
    estimate.valid = sum(frame.height for frame in frames)
    estimate.partitions = with_partition(records, ingest.partitions)["partition"].n_unique()
    return records


def _existing_store(settings: Settings):
    """The store to read, or None when there is none yet (a local folder that does not exist is not created)."""
    from archivist.storage.store import Store

    uri = settings.store.uri
    if "://" not in uri and not Path(uri).is_dir():
        return None
    return Store(uri, settings.store.storage_options)


def _new_turns(store, records: pl.DataFrame, estimate: IngestEstimate) -> pl.DataFrame:
    from archivist.storage.turns import existing_turn_ids

    if records.is_empty():
        return records
    stored = existing_turn_ids(store, records["turn_id"].to_list()) if store and store.has_table("turns") else set()
    new = records.filter(~pl.col("turn_id").is_in(list(stored))) if stored else records
    estimate.turns_to_embed, estimate.turns_already_stored = new.height, len(stored)
    return new


def _turns_to_extract(store, records: pl.DataFrame, new: pl.DataFrame) -> list[TurnContext]:
    """The new turns and the stored, not yet extracted turns of the archive's scopes (what the write path reads),
    each with the earlier turns of its conversation for context."""
    from archivist.storage.turns import extracted_turn_ids, read_scope_turns
    from archivist.tasks.extract import turn_contexts

    scopes = sorted(set(records.select("tenant", "scope").unique().iter_rows()))
    stored = pl.DataFrame()
    if store is not None and store.has_table("turns"):
        stored = read_scope_turns(store, scopes)
        stored = stored.select(TURN_COLUMNS) if not stored.is_empty() else stored
    rows = pl.concat([stored, new.cast(stored.schema) if not stored.is_empty() else new], how="vertical_relaxed") \
        if not stored.is_empty() else new
    done = extracted_turn_ids(store, rows["turn_id"].to_list()) if store is not None and store.has_table(
        "extracted") else set()
    wanted = set(rows["turn_id"].to_list()) - done
    return [c for c in turn_contexts(rows.unique("turn_id", keep="first")) if c.turn_id in wanted]


# -- the extractor, the gate and the calls ------------------------------------------------------------


def _extractor(settings: Settings, mode: str) -> tuple[str, str, bool]:
    """(extractor name as the real run records it, chat vendor or "" for the embedded one, batch mode)."""
    from archivist.tasks.extract.factory import EXTRACT_MODES, llm_configured
    from archivist.tasks.providers.vendors import vendor_of

    if mode not in EXTRACT_MODES:
        raise ValueError(f"unknown extraction mode {mode!r}; use one of {', '.join(EXTRACT_MODES)}")
    if mode == "local" or (mode == "auto" and not llm_configured(settings)):
        return "local", "", False
    if not llm_configured(settings):
        raise ValueError(f"--extract {mode} needs an LLM: set llm.provider to openai or anthropic, or use --extract "
                         "local")
    vendor = vendor_of(settings.llm)
    name = f"llm:{vendor}:{settings.llm.model}"
    return (f"batch:{name}", vendor, True) if mode == "batch" else (name, vendor, False)


def _gate(turns: list[TurnContext], settings: Settings, extractor: str, store, estimate: IngestEstimate,
          prices: PriceTable) -> list[TurnContext]:
    from archivist.tasks.writepath.extract_gate import gate_applies, gate_question, gate_requests, screen

    provider = _provider(settings)
    estimate.gate = {"applies": gate_applies(settings, extractor), "provider": provider.name,
                     "model": provider.model, "threshold": settings.gate.threshold, "asked": False}
    if not turns or not estimate.gate["applies"]:
        return turns
    if not provider.remote:
        from archivist.tasks.decisions.client import DecisionClient

        # No call log: the embedded gate's answers are neither cached nor costed, so nothing is written.
        with DecisionClient(provider, settings.decisions, limiter=None) as decider:
            outcome = screen(turns, decider, settings, extractor=extractor, run_id="dry-run", store=store)
        estimate.gate["asked"] = True
        estimate.turns_gated_out = outcome.skipped
        estimate.calls.append(CallEstimate("gate", provider.name, provider.model, requests=outcome.requests))
        return outcome.kept
    from archivist.storage.extract_skips import recorded_verdicts

    question = gate_question()
    recorded = recorded_verdicts(store, [t.turn_id for t in turns], provider.name, provider.model, question.id,
                                 question.version) if store is not None else {}
    below = {tid for tid, p in recorded.items() if p < settings.gate.threshold}
    ask = [t for t in turns if t.turn_id not in recorded]
    line = _decision_line("gate", gate_requests(ask, question, settings.gate.turns_per_request), provider, prices)
    line.estimated.append("verdicts not asked: every screened turn counts as extracted (an upper bound)")
    estimate.calls.append(line)
    estimate.turns_gated_out = len(below)
    estimate.notes.append(f"the gate ({provider.name}) is hosted and was not asked: its {line.requests} requests "
                          "are estimated, and the extraction below counts every turn it would screen")
    return [t for t in turns if t.turn_id not in below]


def _provider(settings: Settings):
    from archivist.tasks.providers.registry import make_provider

    return make_provider(settings)  # builds clients, sends nothing (keys are read when a call is sent)


def _decision_line(purpose: str, requests: list[DecisionRequest], provider, prices: PriceTable) -> CallEstimate:
    """Requests as the decision client would send them: split where the provider's token limits require."""
    line = CallEstimate(purpose, provider.name, provider.model)
    per_question = int(assumptions()["decision_output_tokens_per_question"])
    for request in requests:
        plan = split_questions(request.state, request.questions, provider.token_limits, count_tokens)
        for chunk in plan.chunks:
            line.requests += 1
            line.input_tokens += count_tokens(canonical_json(provider.request_body(request.state, chunk))) + \
                provider.overhead_tokens
            line.output_tokens += per_question * len(chunk)
    line.cost_usd = prices.cost(provider.name, provider.model, line.input_tokens, line.output_tokens)
    line.estimated.append("output tokens (configs/estimate.toml)")
    return line


def _embedding(new: pl.DataFrame, settings: Settings, prices: PriceTable) -> CallEstimate:
    config = settings.embedder
    model = config.model if config.provider != "minilm" else "all-MiniLM-L6-v2"
    line = CallEstimate("embed", config.provider, model)
    if config.provider != "openai" or new.is_empty():
        return line
    line.requests = math.ceil(new.height / max(config.batch_size, 1))
    line.input_tokens = sum(count_tokens(text) for text in new["text"].to_list())
    line.cost_usd = prices.cost("openai", model, line.input_tokens)
    return line


def _extraction(kept: list[TurnContext], settings: Settings, vendor: str, batch: bool, store,
                prices: PriceTable) -> CallEstimate:
    from archivist.configs.relations import load_relations
    from archivist.tasks.extract.prompt import request_body

    model, relations = settings.llm.model, load_relations()
    overhead = int(assumptions()["chat_overhead_tokens"])
    line = CallEstimate("extract", vendor, model, requests=len(kept), batch=batch)
    for turn in kept:
        body = request_body(turn, model, relations, structured=settings.llm.structured_output)
        line.input_tokens += count_tokens(body["system"]) + count_tokens(body["user"]) + overhead
        if "json_schema" in body:  # strict output: the vendor reads the schema as part of the prompt
            line.input_tokens += count_tokens(canonical_json(body["json_schema"]))
    per_reply, source = _extraction_output_tokens(store, vendor, model)
    line.output_tokens = per_reply * len(kept)
    line.estimated.append(f"output tokens ({source}); prompts without the similar stored facts of each turn")
    if settings.llm.structured_output:
        line.estimated.append("the JSON schema counted as its JSON text (vendors convert it in their own way)")
    line.cost_usd = prices.cost(vendor, model, line.input_tokens, line.output_tokens) * (
        BATCH_DISCOUNT if batch else 1.0)
    return line


def _extraction_output_tokens(store, vendor: str, model: str) -> tuple[int, str]:
    from archivist.storage.estimates import ledger_output_tokens

    configured = int(assumptions()["extraction_output_tokens"])
    if store is None:
        return configured, "configs/estimate.toml"
    mean, calls = ledger_output_tokens(store, vendor, model)
    if calls >= int(assumptions()["ledger_min_calls"]):
        return round(mean), f"the mean of {calls} paid calls in the store's ledger"
    return configured, "configs/estimate.toml"


def _decisions(kept: list[TurnContext], settings: Settings, prices: PriceTable,
               estimate: IngestEstimate, store=None) -> CallEstimate:
    """Each extracted fact's requests as the write path builds them (its questions and relation questions per
    candidate; with candidates, the second reading's request); the embedded extractor's facts stand in."""
    from archivist.configs.relations import load_relations
    from archivist.configs.thresholds import load_thresholds
    from archivist.tasks.extract import LocalExtractor
    from archivist.tasks.policy.contracts import load_contracts
    from archivist.tasks.policy.requests import slot_of, statement_request

    provider = _provider(settings)
    questions, relations, contracts = load_questions(), load_relations(), load_contracts()
    thresholds = load_thresholds()  # the run warns of an unmeasured model; a plan need not
    thresholds = thresholds.for_model(provider.model) if thresholds.measured_for(provider.model) else thresholds
    earlier: dict[tuple[str, str], list[dict[str, Any]]] = {}
    requests: list[DecisionRequest] = []
    for turn, facts in zip(kept, LocalExtractor().extract(kept), strict=True):
        prior = earlier.setdefault((turn.tenant, turn.scope), _stored_facts(store, turn.tenant, turn.scope))
        for fact in facts:
            row = {"fact_id": f"{turn.turn_id}:{len(prior)}", "text": fact.text, "said_at": turn.said_at,
                   "subject": fact.subject, "relation": relations.canonical(fact.relation or ""),
                   "object": fact.object, "quote": fact.quote, "status": "active", "kind": fact.kind,
                   "temporal_status": fact.temporal_status}
            asked = statement_request(turn.text, fact.text, turn.said_at,
                                      _candidates(prior, row, thresholds, relations), questions, slot_of(row),
                                      contracts.voice(turn.role))
            requests.extend(asked.requests)
            prior.append(row)
    if not provider.remote:
        return CallEstimate("decide", provider.name, provider.model, requests=len(requests))
    line = _decision_line("decide", requests, provider, prices)
    line.estimated.append("facts: the embedded extractor's count; candidates: the scope's earlier facts, same "
                          "subject and relation first, without the vector search")
    if estimate.extractor != "local":
        estimate.notes.append("facts to decide are the embedded extractor's count on the same turns; the LLM "
                              "may find more or fewer")
    return line


def _stored_facts(store, tenant: str, scope: str) -> list[dict[str, Any]]:
    """The scope's stored facts, oldest first: every one is in the write path's candidate index."""
    from archivist.storage.facts import read_facts

    if store is None:
        return []
    frame = read_facts(store, tenant, scope)
    if frame.is_empty():
        return []
    return frame.drop("vector", strict=False).sort("said_at", nulls_last=False).to_dicts()


def _candidates(prior: list[dict[str, Any]], row: dict[str, Any], thresholds, relations) -> list[dict[str, Any]]:
    """Stand-ins for what `select_candidates` picks (tasks/policy/candidates.py): its `cosine_k` nearest, here
    the facts of the same subject and relation first, then the latest; then up to `graph_k` more of the same
    subject and relation. The count is what shapes the requests; which facts, only their token counts."""
    from archivist.tasks.policy.candidates import sibling_key

    wanted = sibling_key(row, relations)
    siblings = [r for r in reversed(prior) if sibling_key(r, relations) == wanted]
    others = [r for r in reversed(prior) if sibling_key(r, relations) != wanted]
    nearest = (siblings + others)[: thresholds.cosine_candidates]
    return nearest + siblings[len(nearest):][: thresholds.graph_candidates]
