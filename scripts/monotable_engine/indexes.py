"""Ordered keys kept by every write, so a read costs O(log n + page), not O(table); reads answered fast.

moto's Query sorts every item of the table (or of the partition, with the engine's old maps) and
walks it from the start to the ExclusiveStartKey; its Scan sorts the whole table per page, so a
parallel scan cost O(table^2). The engine keeps, per table, sorted lists of keys only (the items
stay in moto's own dict, reached by key), maintained by every write path (put, update, delete,
BatchWriteItem, TransactWriteItems and its undo, TTL deletion, the durable journal's replay):

  rows   (segment bucket, hash, sort) of every item: a table Query reads its partition's run, a Scan
         page resumes at its ExclusiveStartKey by bisection, and each of a parallel scan's segments
         is a handful of runs (moto's segment of an item is md5(hash)[0] % TotalSegments: the bucket
         md5(hash)[0] leads the order, so a segment's buckets are contiguous runs);
  gsis   per GSI, (index hash, index sort, table hash, table sort) of the items the index holds (a
         sparse GSI holds only the items with its key attributes), in moto's order for ties;
  ttl    (TTL epoch seconds, bucket, hash, sort) of the items whose TTL attribute is a number, when
         the table's TTL is enabled: an expiry pass reads only what is due.

Keys sort as DynamoDB sorts them: N numerically (Decimal, all 38 digits), S and B by their bytes
(UTF-8 for S, which orders as the code points Python compares; B decoded from base64). Paging
keeps moto's rules (Limit counts items before the filter, 1 MB pages, LastEvaluatedKey when the
limit or size is reached before the walk's end). Anything else (an LSI, multi-attribute keys,
legacy QueryFilter arguments, lagging reads in eventual mode, an index Scan) takes moto's path over
the partition's candidates, as before.
"""

import base64
import hashlib
import json
import os
from decimal import Decimal

from sortedcontainers import SortedList

FAST_SERIALIZED = {"GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems"}
RESULT_SIZE_LIMIT = 1000000  # moto's (and DynamoDB's) 1 MB page
BUCKETS = 256
VERIFY_FAST_ENV = "MONOTABLE_ENGINE_VERIFY_FAST_PATH"


def strong_candidates(table, candidates, index_attr, hash_value):
    return candidates


def never_lagging(table):
    return False


# consistency.py replaces these: the candidates as a lagging read sees them, and whether this read lags.
CANDIDATES_HOOK = [strong_candidates]
LAGGING_HOOK = [never_lagging]


class Top:
    """Sorts after every key component: the end of a run of equal prefixes."""

    def __lt__(self, other):
        return False

    def __gt__(self, other):
        return True


TOP = Top()


def sort_key(value):
    """A key attribute's DynamoType as DynamoDB orders it: N numerically, S and B bytewise."""
    if value.type == "N":
        return Decimal(value.value)
    if value.type == "B":
        raw = value.value
        return base64.b64decode(raw) if isinstance(raw, str) else bytes(raw)
    return value.value


def key_value(kind, key):
    """The DynamoType of a sort key (sort_key's inverse), to reach the item in moto's dict."""
    from moto.dynamodb.models.dynamo_type import DynamoType

    value = DynamoType.__new__(DynamoType)
    value.type = kind
    value.value = str(key) if kind == "N" else key  # moto keeps a B value as its bytes
    return value


def bucket(hash_value):
    """moto's segment hash of an item (Item.is_within_segment): its segment is bucket % TotalSegments."""
    return hashlib.md5(hash_value.value.encode("utf8")).digest()[0]


class TableIndex:
    __slots__ = ("specs", "hash_type", "range_type", "rows", "gsis", "ttl_attr", "ttl")

    def __init__(self, specs, table):
        self.specs = specs
        self.hash_type, self.range_type = table.hash_key_type, table.range_key_type
        self.rows = SortedList()
        self.gsis = {name: (hash_attr, range_attr, types, SortedList())
                     for name, hash_attr, range_attr, types in specs[0]}
        self.ttl_attr = specs[1]
        self.ttl = SortedList()


def table_specs(table):
    """What the index is built for: each GSI's key attributes and types, and the enabled TTL attribute."""
    types = {a["AttributeName"]: a["AttributeType"] for a in table.attr or []}
    gsis = []
    for index in table.global_indexes or []:
        hashes = [k["AttributeName"] for k in index.schema if k["KeyType"] == "HASH"]
        ranges = [k["AttributeName"] for k in index.schema if k["KeyType"] == "RANGE"]
        if len(hashes) == 1 and len(ranges) <= 1:
            range_attr = ranges[0] if ranges else None
            gsis.append((index.name, hashes[0], range_attr, (types.get(hashes[0]), types.get(range_attr))))
    ttl = table.ttl or {}
    ttl_attr = ttl.get("AttributeName") if ttl.get("TimeToLiveStatus") == "ENABLED" else None
    return tuple(gsis), ttl_attr


def ensure(table):
    """The table's index, built from its items when absent or when its GSIs or TTL changed."""
    ttl = table.ttl or {}
    fingerprint = (tuple(id(i) for i in table.global_indexes or []), ttl.get("TimeToLiveStatus"), ttl.get("AttributeName"))
    ix = table.__dict__.get("_monotable_index")
    if ix is not None and table.__dict__.get("_monotable_fingerprint") == fingerprint:
        return ix
    specs = table_specs(table)
    table._monotable_fingerprint = fingerprint
    if ix is None or ix.specs != specs:
        ix = TableIndex(specs, table)
        entries = [item_entries(table, ix, item) for item in stored_items(table)]
        ix.rows = SortedList(e[0] for e in entries)
        for name, (_, _, _, keys) in ix.gsis.items():
            keys.update(e[1][name] for e in entries if e[1].get(name) is not None)
        ix.ttl = SortedList(e[2] for e in entries if e[2] is not None)
        table._monotable_index = ix
    return ix


def stored_items(table):
    for partition in table.items.values():
        if table.range_key_attr:
            yield from partition.values()
        else:
            yield partition


def item_entries(table, ix, item):
    """(row key, {gsi: key or None}, ttl key or None) of an item as it is now."""
    hk = sort_key(item.hash_key)
    rk = sort_key(item.range_key) if item.range_key is not None else ""
    row = (bucket(item.hash_key), hk, rk)
    gsis = {}
    attrs = item.attrs
    for name, (hash_attr, range_attr, types, _) in ix.gsis.items():
        h = attrs.get(hash_attr)
        r = attrs.get(range_attr) if range_attr else None
        if h is None or h.type != types[0] or (range_attr and (r is None or r.type != types[1])):
            gsis[name] = None  # not in the index (sparse), or a type the index key cannot hold
            continue
        order = sort_key(r) if range_attr else (rk if table.range_key_attr else hk)
        gsis[name] = (sort_key(h), order, hk, rk)
    ttl = None
    if ix.ttl_attr:
        value = attrs.get(ix.ttl_attr)
        if value is not None and value.type == "N":
            try:
                ttl = (float(value.value),) + row
            except ValueError:
                ttl = None
    return row, gsis, ttl


def entries_of(table, item):
    """The entries of an item before a write changes it (None: no item), for reindex after it."""
    if item is None:
        return None
    return item_entries(table, ensure(table), item)


def reindex(table, before, item):
    """Moves the index from an item's entries before a write to the item after it (None: gone)."""
    ix = ensure(table)
    after = item_entries(table, ix, item) if item is not None else None
    if before == after:
        return
    old_row, old_gsis, old_ttl = before if before is not None else (None, {}, None)
    new_row, new_gsis, new_ttl = after if after is not None else (None, {}, None)
    change(ix.rows, old_row, new_row)
    for name, (_, _, _, keys) in ix.gsis.items():
        change(keys, old_gsis.get(name), new_gsis.get(name))
    change(ix.ttl, old_ttl, new_ttl)


def change(keys, old, new):
    if old == new:
        return
    if old is not None:
        keys.discard(old)
    if new is not None and new not in keys:  # an UpdateItem that creates its item was indexed by its put
        keys.add(new)


def item_at(table, ix, hk, rk):
    """The item of a hash and sort key, from moto's dict (the index holds keys only)."""
    partition = table.items.get(key_value(ix.hash_type, hk))
    if partition is None or not table.range_key_attr:
        return partition
    return partition.get(key_value(ix.range_type, rk))


def indexed_put(original):
    from moto.dynamodb.models.dynamo_type import DynamoType

    def put(self, item_attrs, *args, **kwargs):
        hash_value = DynamoType(item_attrs[self.hash_key_attr]) if self.hash_key_attr in item_attrs else None
        range_value = (DynamoType(item_attrs[self.range_key_attr])
                       if self.range_key_attr and self.range_key_attr in item_attrs else None)
        current = self.get_item(hash_value, range_value) if hash_value is not None and (
            range_value is not None or not self.range_key_attr) else None
        before = entries_of(self, current)
        item = original(self, item_attrs, *args, **kwargs)
        reindex(self, before, item)
        return item
    return put


def indexed_delete(original):
    def delete(self, hash_key, range_key):
        item = original(self, hash_key, range_key)
        if item is not None:
            reindex(self, entries_of(self, item), None)
        return item
    return delete


def indexed_update(original_backend_update):
    def update(self, table_name, key, *args, **kwargs):
        # UpdateItem changes the item in place: note its entries before, re-index after.
        table = self.get_table(table_name)
        hash_value, range_value = self.get_keys_value(table, key)
        before = entries_of(table, table.get_item(hash_value, range_value))
        item = original_backend_update(self, table_name, key, *args, **kwargs)
        reindex(table, before, item)
        return item
    return update


def restore(table, hash_value, range_value, before):
    """Puts an item back as it was (None: absent) in moto's dict and the index: undo and replay."""
    ensure(table)
    current = table.items.get(hash_value)
    if current is not None and table.range_key_attr:
        current = current.get(range_value)
    old = entries_of(table, current)
    if table.range_key_attr is None:
        if before is None:
            table.items.pop(hash_value, None)
        else:
            table.items[hash_value] = before
    else:
        partition = table.items.get(hash_value)
        if before is None:
            if partition is not None:
                partition.pop(range_value, None)
                if not partition:
                    table.items.pop(hash_value, None)
        else:
            table.items.setdefault(hash_value, {})[range_value] = before
    reindex(table, old, before)


def ttl_due(table, now, oldest):
    """The items whose TTL lies in [oldest, now): what an expiry pass deletes."""
    ix = ensure(table)
    if not ix.ttl_attr:
        return []
    due = []
    for seconds, b, hk, rk in ix.ttl.irange((oldest,), (now,), inclusive=(True, False)):
        item = item_at(table, ix, hk, rk)
        if item is not None:
            due.append(item)
    return due


def item_count(table):
    return len(ensure(table).rows)


from .scans import install_reads  # noqa: E402 - the read side needs the helpers above


def fast_read_serializer(handler_class):
    """Answers reads with json.dumps of moto's result instead of its model-driven serializer.

    moto serializes every attribute of every item through botocore's model (about 5 ms per item
    here), which made a Query's cost grow with the items it returns far beyond DynamoDB's. The
    results of these reads are already the JSON DynamoDB sends (AttributeValue maps); anything
    json cannot dump (bytes) takes moto's path. With MONOTABLE_ENGINE_VERIFY_FAST_PATH=1 every
    answer is produced both ways and compared (scripts/engine-difftest runs so).
    """
    original = handler_class.serialized
    verify = bool(os.environ.get(VERIFY_FAST_ENV))

    def serialized(self, action_result):
        result = getattr(action_result, "result", None)
        if isinstance(result, dict) and not isinstance(result, Exception) and self._get_action() in FAST_SERIALIZED:
            try:
                body = json.dumps(result, separators=(",", ":"))
            except (TypeError, ValueError):
                return original(self, action_result)
            headers = {"Content-Type": "application/x-amz-json-1.0"}
            headers.update(self.response_headers)
            if verify:
                status, _, slow = original(self, action_result)
                if status != 200 or json.loads(slow) != json.loads(body):
                    raise AssertionError(f"fast path differs for {self._get_action()}: {body[:300]} vs {slow[:300]}")
            return 200, headers, body
        return original(self, action_result)

    handler_class.serialized = serialized


def install(state):
    """Needs memory.install first: the indexed delete wraps the one that drops emptied partitions."""
    from moto.dynamodb.models import DynamoDBBackend
    from moto.dynamodb.models.table import Table
    from moto.dynamodb.responses import DynamoHandler

    Table.put_item = indexed_put(Table.put_item)
    Table.delete_item = indexed_delete(Table.delete_item)
    DynamoDBBackend.update_item = indexed_update(DynamoDBBackend.update_item)
    install_reads(Table)
    fast_read_serializer(DynamoHandler)
