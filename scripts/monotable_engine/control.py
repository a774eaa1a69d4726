"""The control API for tests, on the engine's own port under /_engine/: status, clock, TTL pass, bulk load."""

import json
import os
import resource

from . import bulk, consistency, faults
from .indexes import item_count
from .state import all_tables
from .ttl import housekeeping


def rss_bytes():
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def status(state, moto_version):
    with state.lock:
        tables = list(all_tables())
        return {
            "engine": "monotable-engine",
            "moto": moto_version,
            "rssBytes": rss_bytes(),
            "requests": state.requests,
            "clockOffsetSeconds": state.clock.offset,
            "tableClockOffsetSeconds": dict(state.table_offsets),
            "tables": len(tables),
            "items": sum(item_count(t) for t in tables),
            "streamRecords": sum(len(t.stream_shard.items) for t in tables if t.stream_shard is not None),
            "streamRecordsTrimmed": state.trimmed_total,
            "expiredByTtl": state.expired_total,
            "idempotencyTokens": len(state.tokens),
            "faultsPending": [dict(f) for f in state.faults],
            "faultsInjected": state.faults_injected,
            "eventuallyConsistentTables": {t: {"minDelayMs": lo * 1000, "maxDelayMs": hi * 1000}
                                           for t, (lo, hi) in state.eventual.items()},
            "modelInstancesRetained": sum(len(m.instances_tracked) for m in state.tracked_models),
        }


def control(state, environ, moto_version):
    """The answer to one /_engine/ request: (HTTP status, JSON-able payload)."""
    method = environ.get("REQUEST_METHOD")
    path = environ.get("PATH_INFO", "")
    if path == "/_engine/status" and method == "GET":
        return 200, status(state, moto_version)
    if path == "/_engine/clock" and method == "POST":
        return move_clock(state, environ)
    if path == "/_engine/load" and method == "POST":
        return bulk.load(state, environ)
    if path == "/_engine/ttl/sweep" and method == "POST":
        return 200, {"expired": housekeeping(state)}
    if path == "/_engine/consistency" and method == "POST":
        body = read_json(environ)
        if not isinstance(body, dict):
            return 400, {"error": "expected a JSON object"}
        return consistency.configure(state, body)
    if path == "/_engine/faults" and method == "POST":
        body = read_json(environ)
        if not isinstance(body, dict):
            return 400, {"error": "expected a JSON object"}
        return faults.register(state, body)
    if path == "/_engine/faults" and method == "GET":
        with state.lock:
            return 200, {"faults": [dict(f) for f in state.faults], "injected": state.faults_injected}
    if path == "/_engine/faults" and method == "DELETE":
        with state.lock:
            cleared = len(state.faults)
            state.faults.clear()
        return 200, {"cleared": cleared}
    return 404, {"error": f"no engine route {method} {path}"}


def read_json(environ):
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
        return json.loads(environ["wsgi.input"].read(length) or b"{}")
    except (ValueError, KeyError):
        return None


def move_clock(state, environ):
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = json.loads(environ["wsgi.input"].read(length) or b"{}")
        advance = float(body["advanceSeconds"])
        table = body.get("table")
        if table is not None and not isinstance(table, str):
            raise TypeError("table")
    except (ValueError, KeyError, TypeError, AttributeError):
        return 400, {"error": 'expected {"advanceSeconds": <non-negative number>, "table": <optional name>}'}
    if advance < 0:
        return 400, {"error": "the engine's clock only moves forward"}
    with state.lock:
        if table is None:
            state.clock.offset += advance
            return 200, {"offsetSeconds": state.clock.offset}
        state.table_offsets[table] = state.table_offsets.get(table, 0.0) + advance
        return 200, {"offsetSeconds": state.clock.offset + state.table_offsets[table]}
