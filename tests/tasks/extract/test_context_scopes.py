from datetime import datetime, timezone

from archivist.tasks.extract import turn_contexts


def test_two_scopes_with_the_same_conversation_id_never_share_context():
    at = datetime(2026, 10, 1, tzinfo=timezone.utc)
    rows = [
        {"turn_id": f"{scope}-{i}", "tenant": "acme", "scope": scope, "conversation_id": "conv-0",
         "turn_index": i, "speaker": "customer", "role": "customer", "text": f"{scope} says {i}", "said_at": at}
        for scope in ("cust-a", "cust-b") for i in range(3)
    ]
    contexts = {c.turn_id: c for c in turn_contexts(rows)}
    assert [m.text for m in contexts["cust-b-2"].previous] == ["cust-b says 0", "cust-b says 1"]
    assert all("cust-a" not in m.text for m in contexts["cust-b-1"].previous)
