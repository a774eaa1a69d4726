"""TTL: items whose TTL attribute is a past epoch second are deleted by the engine itself.

A background pass (the housekeeping loop, under the engine lock) expires items and trims stream
records; the REMOVE record of a TTL deletion carries DynamoDB's userIdentity.
"""

import sys
import time

from .indexes import ttl_due
from .state import all_tables
from .streams import trim_streams

TTL_PRINCIPAL = {"Type": "Service", "PrincipalId": "dynamodb.amazonaws.com"}
# DynamoDB does not delete items whose TTL lies more than five years in the past.
TTL_MAX_AGE_SECONDS = 5 * 365 * 24 * 3600


def expire_items(state, engine_now):
    """Deletes every item whose TTL attribute is a past epoch second; returns them as (table, item)."""
    expired = []
    for table in all_tables():
        now = engine_now + state.table_offsets.get(table.name, 0.0)
        ttl = table.ttl or {}
        if ttl.get("TimeToLiveStatus") != "ENABLED" or not ttl.get("AttributeName"):
            continue
        due = ttl_due(table, now, now - TTL_MAX_AGE_SECONDS)
        for item in due:
            # The REMOVE record of a TTL deletion names DynamoDB itself as the deleting principal.
            table._monotable_identity = TTL_PRINCIPAL
            try:
                table.delete_item(item.hash_key, item.range_key)
            finally:
                table._monotable_identity = None
            expired.append((table, item))
    return expired


def housekeeping(state):
    with state.lock:
        now = state.clock.now()
        journal = getattr(state, "journal", None)
        marks = journal.stream_marks() if journal is not None else None
        expired = expire_items(state, now)
        if journal is not None and expired:
            journal.record_expired(expired, marks)
        state.expired_total += len(expired)
        state.trimmed_total += trim_streams(state, now)
        return len(expired)


def housekeeping_loop(state):
    while True:
        started = time.monotonic()
        try:
            housekeeping(state)
        except Exception as e:  # noqa: BLE001 - keep sweeping; say what went wrong
            print(f"monotable-engine: housekeeping failed: {type(e).__name__}: {e}", file=sys.stderr, flush=True)
        took = time.monotonic() - started
        # A pass over a large table takes time under the lock: keep it below ~5% of the engine.
        time.sleep(max(state.ttl_interval, took * 20))
