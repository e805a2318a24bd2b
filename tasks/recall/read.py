"""Recall: the k best memory lines for a question, under a token budget, with dates and source quotes.

The read path of the seed study (when-does-selection-replace-extraction, sections 3 and 5):

1. a shortlist of 30 stored items (`recall_shortlist`: BM25 with neighbourhood plus cosine by default);
   over facts, facts of a relation the question names ("where does she live" -> address) join it;
2. one decision request scoring every candidate's relevance (`recall_rerank`); items above 0.5 are kept,
   plus the first ten of the shortlist as a floor, ordered by relevance x belief (belief 1.0 for turns);
3. each kept fact brings the facts it superseded, marked and placed right after it, so "where did she live
   before?" has its answer; a closed fact never appears as current (with `as_of`, facts valid at that moment
   are searched, closed ones included, and a closed one still renders as superseded);
4. lines rendered with date, text and quote, cut at k lines or at the token budget, whichever comes first.

Thresholds (relevance 0.5, shortlist 30, floor 10) come from configs/thresholds.toml.
"""

from __future__ import annotations

import logging
import time
import weakref
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any, Literal

from archivist.clock import to_utc
from archivist.configs.settings import Settings
from archivist.storage import search, sql
from archivist.storage.store import Store
from archivist.tasks.decisions.types import Decider
from archivist.tasks.recall.asof import FactView, fact_view
from archivist.tasks.recall.relations import relations_named
from archivist.tasks.recall.render import as_datetime, cut_lines, dated, render_fact, render_turn
from archivist.tasks.recall.rerank import relevance_request, relevance_scores, select
from archivist.tasks.recall.search import FACT_COLUMNS, Shortlist, shortlist_facts, shortlist_turns
from archivist.tasks.recall.shortlist import ShortlistConfig

log = logging.getLogger(__name__)

Over = Literal["turns", "facts"]
CURRENT_STATUSES = ("active", "tentative")
RELATION_PULL_LIMIT = 10
"""Facts of a named relation added to the candidates, at most."""
SUPERSEDED_DEPTH = 3
"""How far back a chain of supersessions is followed (a fact, the one it replaced, and so on)."""


@dataclass
class RecallLine:
    item_id: str
    kind: Literal["turn", "fact"]
    text: str
    said_at: datetime | None
    rendered: str
    quote: str | None = None
    speaker: str | None = None
    relevance: float | None = None
    """P(relevant) from the rerank; None when no rerank ran."""
    belief: float = 1.0
    superseded: bool = False
    source: str = "shortlist"
    """shortlist, floor (kept below the threshold), relation (pulled in by a named relation), superseded."""
    superseded_by: str | None = None
    source_turn_id: str | None = None
    """For a fact: the turn it was extracted from (for a turn, its own id is item_id)."""

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["said_at"] = self.said_at.isoformat() if self.said_at else None
        return data


@dataclass
class RecallResult:
    question: str
    over: str
    lines: list[RecallLine] = field(default_factory=list)
    shortlist_ids: list[str] = field(default_factory=list)
    tokens: int = 0
    cut: str | None = None
    """Why lines stopped: "k", "budget", or None when every selected line fit."""
    relations: list[str] = field(default_factory=list)
    named_speakers: list[str] = field(default_factory=list)
    method: str = "hybrid"
    reranked: bool = False
    decision_model: str | None = None
    error: str | None = None
    """Why the rerank did not run (the lines are then in shortlist order)."""
    timings_ms: dict[str, float] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return "\n".join(line.rendered for line in self.lines)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["lines"] = [line.to_dict() for line in self.lines]
        data["text"] = self.text
        return data


@dataclass(frozen=True)
class ReadPathLimits:
    relevance: float = 0.5
    shortlist: int = 30
    floor: int = 10

    @classmethod
    def from_config(cls) -> ReadPathLimits:
        # A broken thresholds file is an error, never a silent fallback to the seed's numbers.
        from archivist.configs.thresholds import load_thresholds

        thresholds = load_thresholds()
        return cls(thresholds.relevance, thresholds.shortlist, thresholds.cosine_floor)


def recall(
    question: str,
    *,
    store: Store,
    settings: Settings,
    tenant: str,
    scope: str,
    over: Over = "turns",
    k: int | None = 10,
    budget_tokens: int | None = None,
    as_of: datetime | None = None,
    decider: Decider | None = None,
    rerank: bool = True,
    method: str | None = None,
    shortlist_config: ShortlistConfig | None = None,
    limits: ReadPathLimits | None = None,
) -> RecallResult:
    """The best memory lines of one tenant's scope for `question` (see the module docstring)."""
    started = time.perf_counter()
    config = shortlist_config or ShortlistConfig()
    if method is not None:
        config = ShortlistConfig(**{**asdict(config), "method": method})
    limits = limits or ReadPathLimits.from_config()
    as_of = _naive_utc(as_of)
    result = RecallResult(question=question, over=over, method=config.method)
    table = "turns" if over == "turns" else "facts"
    if over not in ("turns", "facts"):
        raise ValueError(f"over must be 'turns' or 'facts', not {over!r}")
    if search.open_table(store, table) is None:
        result.timings_ms["total"] = (time.perf_counter() - started) * 1000
        return result

    step = time.perf_counter()
    vector = _embed_question(store, settings, question)
    result.timings_ms["embed"] = (time.perf_counter() - step) * 1000

    view: FactView | None = None
    if over == "turns":
        where = sql.scope_filter([(tenant, scope)], said_by=as_of)
        speakers = search.scope_speakers(store, tenant, scope) if config.method == "hybrid" else ()
        shortlist = shortlist_turns(store, question, vector, where, limits.shortlist, config, speakers=speakers)
        candidates = {item: _turn_line(row) for item, row in shortlist.rows.items()}
        extra: list[str] = []
    else:
        # As of a past moment (or while a commit to the scope is open): the facts current in the replay of the
        # events, with the beliefs, statuses and links they had then (tasks/recall/asof.py).
        view = fact_view(store, tenant, scope, as_of)
        if view is not None:
            where = view.where(sql.scope_filter([(tenant, scope)]))
        else:
            # Facts without events (written straight into the table): the table's values, and as of a past
            # moment every fact valid then, a closed one included, since it may have been current then.
            statuses = CURRENT_STATUSES if as_of is None else None
            where = sql.scope_filter([(tenant, scope)], statuses=statuses, said_by=as_of, valid_at=as_of)
        shortlist = shortlist_facts(store, question, vector, where, limits.shortlist, config)
        candidates = {item: _fact_line(view.overlay(row) if view else row) for item, row in shortlist.rows.items()}
        result.relations = relations_named(question)
        extra = _pull_relation_facts(store, where, result.relations, exclude=set(candidates), into=candidates,
                                     view=view)
    result.shortlist_ids = list(shortlist.ids)
    result.named_speakers = shortlist.named
    result.timings_ms.update({f"shortlist_{name}": value for name, value in shortlist.timings_ms.items()})

    order = [*shortlist.ids, *extra]
    if rerank and order:
        order = _rerank(question, shortlist, candidates, extra, store, settings, decider, limits, result)

    lines = [candidates[item] for item in order]
    if over == "facts" and lines:
        step = time.perf_counter()
        lines = _with_superseded(store, tenant, scope, as_of, lines, view)
        result.timings_ms["superseded"] = (time.perf_counter() - step) * 1000

    step = time.perf_counter()
    cut = cut_lines([line.rendered for line in lines], k=k, budget_tokens=budget_tokens)
    result.lines, result.tokens, result.cut = lines[: cut.kept], cut.tokens, cut.reason
    result.timings_ms["cut"] = (time.perf_counter() - step) * 1000
    result.timings_ms["total"] = (time.perf_counter() - started) * 1000
    result.timings_ms["total_without_rerank"] = result.timings_ms["total"] - result.timings_ms.get("rerank", 0.0)
    return result


# -- steps ------------------------------------------------------------------------------------------------


def _naive_utc(moment: datetime | None) -> datetime | None:
    """UTC without a zone: the form the read path's tables are compared in (a naive moment is UTC already)."""
    return None if moment is None else to_utc(moment).replace(tzinfo=None)


_checked_embedders: weakref.WeakKeyDictionary[Store, str] = weakref.WeakKeyDictionary()
"""Stores whose recorded embedder was found to match (reading meta costs more than the rest of a recall step)."""


def _embed_question(store: Store, settings: Settings, question: str):
    from archivist.storage.meta import recorded_embedder
    from archivist.tasks.ingest.embed import check_store_embedder, get_embedder

    embedder = get_embedder(settings)
    if _checked_embedders.get(store) != embedder.name:
        # Searching one vector space with another's query vector returns confident nonsense: refuse instead.
        check_store_embedder(recorded_embedder(store), embedder)
        _checked_embedders[store] = embedder.name
    return embedder.embed([question])[0]


def _turn_line(row: dict[str, Any]) -> RecallLine:
    said_at = as_datetime(row.get("said_at"))
    return RecallLine(
        item_id=row["turn_id"], kind="turn", text=row["text"], said_at=said_at, speaker=row.get("speaker"),
        rendered=render_turn(said_at, row.get("speaker"), row["text"]),
    )


def _fact_line(row: dict[str, Any], *, superseded: bool = False, source: str = "shortlist") -> RecallLine:
    said_at = as_datetime(row.get("said_at"))
    # A closed fact is never current: whatever path brought it here, it renders as superseded.
    superseded = superseded or row.get("status") == "closed"
    belief = row.get("belief")
    return RecallLine(
        item_id=row["fact_id"], kind="fact", text=row["text"], said_at=said_at, quote=row.get("quote"),
        belief=1.0 if belief is None else float(belief), superseded=superseded, source=source,
        superseded_by=row.get("superseded_by"), source_turn_id=row.get("source_turn_id"),
        rendered=render_fact(said_at, row["text"], row.get("quote"), superseded=superseded,
                             valid_until=as_datetime(row.get("valid_until")), sources=row.get("sources"),
                             conflicts=row.get("conflicts"),
                             date=dated(as_datetime(row.get("valid_from")), row.get("date_precision"), said_at)),
    )


def _pull_relation_facts(store, where, relations, *, exclude, into, view: FactView | None = None) -> list[str]:
    """Current facts of the named relations, most believed first; adds their lines to `into`."""
    if not relations or "relation" not in search.table_columns(store, "facts"):
        return []
    columns = [c for c in FACT_COLUMNS if c in search.table_columns(store, "facts")]
    frame = search.read_rows(store, "facts", sql.all_of(where, sql.in_list("relation", relations)), columns)
    if frame.is_empty():
        return []
    rows = [view.overlay(row) if view else row for row in frame.iter_rows(named=True)]
    rows.sort(key=lambda r: (r.get("belief") is not None, r.get("belief") or 0.0, _said_at_key(r)), reverse=True)
    pulled = []
    for row in rows:
        if row["fact_id"] in exclude:
            continue
        into[row["fact_id"]] = _fact_line(row, source="relation")
        pulled.append(row["fact_id"])
        if len(pulled) >= RELATION_PULL_LIMIT:
            break
    return pulled


def _rerank(question, shortlist: Shortlist, candidates, extra, store, settings, decider, limits, result) -> list[str]:
    step = time.perf_counter()
    order = [*shortlist.ids, *extra]
    built = None
    try:
        from archivist.tasks.decisions.questions import load_questions

        if decider is None:
            from archivist.tasks.decisions.client import build_decider

            decider = built = build_decider(settings, store, run_id="recall")
        request, local_ids = relevance_request(
            question, {item: candidates[item].rendered for item in order}, load_questions().latest("relevance")
        )
        answer = decider.decide(request)
    except Exception as error:  # a failed rerank still answers, in shortlist order, and says why
        log.warning("relevance rerank failed (%s: %s); lines are in shortlist order", type(error).__name__, error)
        result.error = f"rerank failed: {type(error).__name__}: {error}"
        result.timings_ms["rerank"] = (time.perf_counter() - step) * 1000
        return order
    finally:
        if built is not None:
            built.close()  # writes the call to the ledger and the call cache
    scores = relevance_scores(answer, local_ids)
    belief = {item: candidates[item].belief for item in order}
    selection = select(shortlist.ids, scores, belief, threshold=limits.relevance, floor=limits.floor, extra=extra)
    for item in order:
        candidates[item].relevance = scores[item]
        if item in selection.floor:
            candidates[item].source = "floor"
    result.reranked = True
    result.decision_model = answer.model or None
    if answer.any_fallback:
        result.error = "some relevance answers fell back to 0.5 (see the decision ledger)"
    result.timings_ms["rerank"] = (time.perf_counter() - step) * 1000
    return selection.ids


def _said_at_key(row: dict[str, Any]) -> float:
    said_at = as_datetime(row.get("said_at"))
    return said_at.timestamp() if said_at is not None else float("-inf")


def _with_superseded(store: Store, tenant: str, scope: str, as_of, lines: list[RecallLine],
                     view: FactView | None = None) -> list[RecallLine]:
    """Each current fact followed by the facts it superseded (newest first), following chains back."""
    columns = [c for c in FACT_COLUMNS if c in search.table_columns(store, "facts")]
    if "superseded_by" not in columns:
        return lines
    base = sql.scope_filter([(tenant, scope)], said_by=as_of)
    replaced_by: dict[str, list[dict[str, Any]]] = {}
    frontier = [line.item_id for line in lines if not line.superseded]
    for _ in range(SUPERSEDED_DEPTH):
        if not frontier:
            break
        if view is not None:  # the links as they stood in the view, not today's
            rows = view.superseded_by(frontier)
        else:
            frame = search.read_rows(store, "facts", sql.all_of(base, sql.in_list("superseded_by", frontier)), columns)
            rows = [] if frame.is_empty() else list(frame.iter_rows(named=True))
        for row in rows:
            replaced_by.setdefault(row["superseded_by"], []).append(row)
        frontier = [row["fact_id"] for row in rows]
    shown: set[str] = set()
    out: list[RecallLine] = []

    def add_chain(fact_id: str) -> None:
        older = sorted(replaced_by.get(fact_id, []), key=_said_at_key, reverse=True)
        for row in older:
            if row["fact_id"] not in shown:
                shown.add(row["fact_id"])
                out.append(_fact_line(row, superseded=True, source="superseded"))
                add_chain(row["fact_id"])

    for line in lines:
        if line.item_id in shown:
            continue
        shown.add(line.item_id)
        out.append(line)
        add_chain(line.item_id)
    return out
