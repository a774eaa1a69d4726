"""Eventual consistency on request, per table: GSIs lag their table, and so do reads that allow it.

DynamoDB propagates a write to a table's GSIs asynchronously, and a read without ConsistentRead
may be served by a replica that has not seen the last write. The engine serves every read
strongly consistent unless a test turns this mode on for its table (POST /_engine/consistency
{"table": "T", "eventual": true, "minDelayMs": 50, "maxDelayMs": 400}). Then each write to the
table becomes visible to the lagging reads only after a random delay in that range (per item,
in write order: a later write is never visible before an earlier one):

  - Query on a GSI (always eventually consistent on DynamoDB);
  - GetItem, BatchGetItem and Query of the table without ConsistentRead.

Until then those reads see the item as it was (or not at all, if the write created it; still, if
it deleted it). Consistent reads, transactions, conditions and Scan see every write at once.
"""

import random
import time

READS = {"GetItem", "BatchGetItem", "Query"}
WRITES = {"PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems"}


def configure(state, body):
    table = body.get("table")
    eventual = body.get("eventual", True)
    low, high = body.get("minDelayMs", 50), body.get("maxDelayMs", 400)
    if not isinstance(table, str) or not isinstance(eventual, bool) or not all(
            isinstance(v, (int, float)) and v >= 0 for v in (low, high)) or low > high:
        return 400, {"error": 'expected {"table": name, "eventual": true|false, "minDelayMs": n, "maxDelayMs": n >= min}'}
    with state.lock:
        if eventual:
            state.eventual[table] = (low / 1000.0, high / 1000.0)
        else:
            state.eventual.pop(table, None)
            for t in tables_named(table):
                t.__dict__.pop("_monotable_pending", None)
        return 200, {"table": table, "eventual": eventual, "minDelayMs": low, "maxDelayMs": high}


def tables_named(name):
    from .state import all_tables
    return [t for t in all_tables() if t.name == name]


def image(item):
    return None if item is None else item.to_json()["Attributes"]


def item_key(table, attrs):
    from moto.dynamodb.models.dynamo_type import DynamoType

    hash_value = DynamoType(attrs[table.hash_key_attr])
    range_value = DynamoType(attrs[table.range_key_attr]) if table.range_key_attr else None
    return hash_value, range_value


def visible(table, key, now):
    """The image lagging reads see of a key with pending writes (None: absent); prunes what is visible."""
    pending = table._monotable_pending.get(key)
    base, versions = pending
    while versions and versions[0][0] <= now:
        base = versions.pop(0)[1]
    if not versions:
        del table._monotable_pending[key]
    else:
        pending[0] = base
    return base


def as_item(table, attrs):
    from .durable import stored_item

    if attrs is None:
        return None
    hash_value, range_value = item_key(table, attrs)
    return stored_item(hash_value, range_value, attrs)


def lagging_get_item(state, original):
    def get_item(self, hash_key, range_key=None, projection_expression=None):
        pending = getattr(self, "_monotable_pending", None) if state.lagging else None
        if pending and (hash_key, range_key) in pending:
            attrs = visible(self, (hash_key, range_key), time.monotonic())
            item = as_item(self, attrs)
            if item is not None and projection_expression:
                item = item.project(projection_expression)
            return item
        return original(self, hash_key, range_key, projection_expression)
    return get_item


def lagging_candidates(state, table, candidates, index_attr, hash_value):
    """The partition's items as lagging reads see them: pending keys replaced by their visible images."""
    pending = getattr(table, "_monotable_pending", None)
    if not state.lagging or not pending:
        return candidates
    now = time.monotonic()
    out = [c for c in candidates if (c.hash_key, c.range_key) not in pending]
    for key in list(pending):
        attrs = visible(table, key, now)
        item = as_item(table, attrs)
        if item is None:
            continue
        value = item.hash_key if index_attr is None else item.attrs.get(index_attr)
        if value is not None and value == hash_value:
            out.append(item)
    return out


def lagging_handler(state, action, original):
    def method(self):
        body = self.body
        if action == "Query":
            lag = bool(body.get("IndexName")) or not body.get("ConsistentRead")
        elif action == "BatchGetItem":
            lag = any(not spec.get("ConsistentRead") for spec in (body.get("RequestItems") or {}).values())
        else:
            lag = not body.get("ConsistentRead")
        state.lagging = lag and bool(state.eventual)
        try:
            return original(self)
        finally:
            state.lagging = False
    return method


def lagged_call_action(state, original):
    """Notes each write to an eventual table, with the image lagging reads see until its delay passes."""
    def call_action(self):
        if not state.eventual:
            return original(self)
        action = self._get_action()
        if action not in WRITES:
            return original(self)
        from .capacity import lookup, write_targets

        try:
            backend = self.dynamodb_backend
            targets = [(t, k) for t, k, _, check in write_targets(backend, action, getattr(self, "params", None) or {})
                       if not check and t.name in state.eventual]
            before = [image(lookup(backend, t, k)) for t, k in targets]
        except Exception:  # noqa: BLE001 - a malformed request: moto answers it
            targets, before = [], []
        result = original(self)
        status = result[0] if isinstance(result, tuple) else 200
        if status != 200 or not targets:
            return result
        now = time.monotonic()
        for (table, key), old in zip(targets, before):
            low, high = state.eventual[table.name]
            after = image(lookup(backend, table, key))
            if after == old:
                continue
            item_id = item_key(table, old if old is not None else after)
            pending = table.__dict__.setdefault("_monotable_pending", {})
            entry = pending.setdefault(item_id, [old, []])
            last = entry[1][-1][0] if entry[1] else now
            entry[1].append((max(last, now + random.uniform(low, high)), after))
        return result
    return call_action


def install(state):
    from moto.dynamodb.models.table import Table
    from moto.dynamodb.responses import DynamoHandler

    from . import indexes

    state.eventual = {}  # table name -> (min, max) delay in seconds
    state.lagging = False  # the request being served allows a lagging read
    Table.get_item = lagging_get_item(state, Table.get_item)
    for action, name in (("GetItem", "get_item"), ("BatchGetItem", "batch_get_item"), ("Query", "query")):
        setattr(DynamoHandler, name, lagging_handler(state, action, getattr(DynamoHandler, name)))
    DynamoHandler.call_action = lagged_call_action(state, DynamoHandler.call_action)
    indexes.LAGGING_HOOK[0] = lambda table: state.lagging and bool(table.__dict__.get("_monotable_pending"))
    indexes.CANDIDATES_HOOK[0] = lambda table, candidates, attr, value: lagging_candidates(
        state, table, candidates, attr, value)
