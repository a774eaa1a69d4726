"""Bulk load: JSON lines of items in DynamoDB's item format put straight into a table.

DynamoDB's way to load a table in bulk is ImportTable from S3 (DYNAMODB_JSON lines, each
{"Item": {...}}); the engine's local equivalent is POST /_engine/load?table=T[&region=R] with such
lines (or bare item maps) as the body. Every line is checked as PutItem checks its item (values,
400 KB, key types and sizes, index key types) before any is written: a request with a bad line
loads nothing and answers 400 naming the line. Then the items are put as the durable journal's
replay puts them (no per-attribute size walk, no stream record: ImportTable writes none either),
in chunks under the engine lock, so other requests are served between chunks; in durable mode
each chunk is one journal record. Loading over an existing key replaces the item, as PutItem.
"""

import base64
import gc
import json
import time
from urllib.parse import parse_qs

from .capacity import attrs_size
from .indexes import ensure, restore
from .state import all_tables
from .validation import check_index_keys, check_item, check_key_sizes
from .values import MAX_ITEM_BYTES, Refused, values_problem

CHUNK = 2000


def find_table(name, region):
    for table in all_tables():
        if table.name == name and (region is None or table.region_name == region):
            return table
    return None


def as_received(value):
    """A value as moto holds one it received: binaries decoded from base64 (its request parser does so)."""
    (kind, v), = value.items()
    if kind == "B":
        return {"B": base64.b64decode(v)}
    if kind == "BS":
        return {"BS": [base64.b64decode(b) for b in v]}
    if kind == "L":
        return {"L": [as_received(e) for e in v]}
    if kind == "M":
        return {"M": {k: as_received(e) for k, e in v.items()}}
    return value


def checked_item(table, attrs):
    """moto's Item of one line, checked as PutItem checks its item (validation.check_put), else Refused."""
    from moto.dynamodb.models.dynamo_type import DynamoType

    from .durable import stored_item, stored_value

    problem = values_problem(attrs)
    if problem:
        raise Refused(problem)
    check_item(table, attrs)
    hash_value = stored_value(attrs[table.hash_key_attr], DynamoType)
    range_value = stored_value(attrs[table.range_key_attr], DynamoType) if table.range_key_attr else None
    if any(kind in ("B", "BS", "L", "M") for value in attrs.values() for kind in value):
        received = {name: as_received(value) for name, value in attrs.items()}
        hash_value = stored_value(received[table.hash_key_attr], DynamoType)
        range_value = stored_value(received[table.range_key_attr], DynamoType) if table.range_key_attr else None
        item = stored_item(hash_value, range_value, received)
    else:
        item = stored_item(hash_value, range_value, attrs)
    if attrs_size(item.attrs) > MAX_ITEM_BYTES:  # the typed values built once serve the size and the item
        raise Refused("Item size has exceeded the maximum allowed size")
    check_key_sizes(table, attrs, True)
    check_index_keys(table, attrs)
    return item


def parse_lines(table, raw):
    """(attributes, Item) of the body's lines, each checked as PutItem checks it; ValueError names a bad line."""
    items = []
    for number, line in enumerate(raw.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except ValueError as e:
            raise ValueError(f"line {number}: not JSON ({e})") from e
        if isinstance(item, dict) and set(item) == {"Item"} and isinstance(item["Item"], dict):
            item = item["Item"]
        try:
            if not isinstance(item, dict):
                raise Refused("expected an item: a map of attribute names to values")
            items.append((item, checked_item(table, item)))
        except Refused as e:
            raise ValueError(f"line {number}: {e}") from e
    return items


def load(state, environ):
    """The answer to POST /_engine/load: (HTTP status, payload)."""
    query = parse_qs(environ.get("QUERY_STRING", ""))
    name = (query.get("table") or [None])[0]
    region = (query.get("region") or [None])[0]
    if not name:
        return 400, {"error": "expected /_engine/load?table=NAME[&region=REGION] and JSON lines of items"}
    with state.lock:
        table = find_table(name, region)
    if table is None:
        return 404, {"error": f"no table {name}" + (f" in {region}" if region else "")}
    started = time.monotonic()
    length = int(environ.get("CONTENT_LENGTH") or 0)
    raw = environ["wsgi.input"].read(length) if length else b""
    # The new items are no garbage: Python's cyclic collector would walk them again and again as
    # they pile up (durable.py's load found it three times slower). Off while loading, and the
    # loaded items are frozen out of its sight afterwards, so later collections do not walk them.
    gc.disable()
    try:
        items = parse_lines(table, raw.decode("utf-8"))
        put_items(state, table, items)
    except (ValueError, UnicodeDecodeError) as e:
        return 400, {"error": str(e)}
    finally:
        gc.enable()
    gc.freeze()
    return 200, {"table": table.name, "loaded": len(items), "seconds": round(time.monotonic() - started, 3)}


def put_items(state, table, items):
    for i in range(0, len(items), CHUNK):
        chunk = items[i:i + CHUNK]
        with state.lock:
            ensure(table)
            for _, item in chunk:
                restore(table, item.hash_key, item.range_key, item)
            if state.journal is not None:
                state.journal.append({"a": table.account_id, "r": table.region_name,
                                      "ops": [["put", table.name, attrs] for attrs, _ in chunk]})
