"""ConsumedCapacity by DynamoDB's rules: the project's one implementation of them.

moto answers a flat figure (1.0, 0.5 for GetItem, nothing for index writes). The engine prices
every request that asks (ReturnConsumedCapacity TOTAL or INDEXES) from the items themselves, under
the rules of the Developer Guide ("Item sizes and formats", "Capacity unit consumption for read
operations" / "for write operations", "Global secondary indexes: provisioned throughput"):

  Item size: UTF-8 bytes of every attribute name plus its value. Strings UTF-8 bytes; binaries
    their bytes; numbers 1 byte per two significant digits (leading and trailing zeros trimmed)
    plus 1; booleans and nulls 1; lists and maps 3 bytes plus 1 byte per element plus their
    contents (a map's contents count the element names); sets the sum of their elements.
  Reads: 1 read unit per 4 KB. GetItem, each key of a BatchGetItem and of a TransactGetItems is
    rounded up on its own (an absent item still costs one unit); a Query or Scan rounds the summed
    size of the items it read, before its filter and whatever its projection, once (one unit at
    least). Eventually consistent reads cost half (every GSI read is); transactional reads twice.
  Writes: 1 write unit per 1 KB of the larger of the item before and after the write, rounded up per
    item (a delete of an absent item still costs one unit); transactional writes twice, a
    ConditionCheck counting as a transactional write of the item it checks.
  Index writes, per GSI, of the index entry (the index's and the table's keys plus the projected
    attributes): one when the item enters or leaves the index, or stays with a projected attribute
    changed; two (delete the old entry, put the new) when the write changes the index key; none when
    the entry is the same before and after or the item is in the index neither before nor after.
    Index writes are not doubled inside a transaction. A TransactWriteItems repeated with its
    ClientRequestToken writes nothing and answers the read units of its items, read transactionally
    (the API reference: "subsequent calls with the same client token return the number of read
    capacity units consumed in reading the item").

The answer has DynamoDB's shape: TableName, CapacityUnits and ReadCapacityUnits or
WriteCapacityUnits; with INDEXES also Table and GlobalSecondaryIndexes (only the indexes the
request touched; a GSI Query touches its index alone). BatchGetItem, BatchWriteItem and the
transactions answer a list, one entry per table. A request that fails answers no capacity.

Metering costs a lookup per written item, so it runs only for requests that ask for capacity.
"""

import base64
import math
from decimal import Decimal, InvalidOperation

READ_UNIT = 4096
WRITE_UNIT = 1024

READS = {"GetItem", "BatchGetItem", "TransactGetItems", "Query", "Scan"}
WRITES = {"PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems"}
LISTS = {"BatchGetItem", "BatchWriteItem", "TransactGetItems", "TransactWriteItems"}


# ---------------------------------------------------------------- sizes

def number_size(text):
    try:
        digits = Decimal(str(text)).as_tuple().digits
    except InvalidOperation:
        return len(str(text))
    significant = "".join(map(str, digits)).strip("0") or "0"
    return (len(significant) + 1) // 2 + 1


def value_size(v):
    """Size of one moto DynamoType as DynamoDB counts it."""
    t, value = v.type, v.value
    if t == "S":
        return len(value.encode("utf-8"))
    if t == "N":
        return number_size(value)
    if t == "B":
        return binary_size(value)
    if t in ("BOOL", "NULL"):
        return 1
    if t == "SS":
        return sum(len(s.encode("utf-8")) for s in value)
    if t == "NS":
        return sum(number_size(n) for n in value)
    if t == "BS":
        return sum(binary_size(b) for b in value)
    if t == "L":
        return 3 + sum(1 + value_size(e) for e in value)
    if t == "M":
        return 3 + sum(1 + len(k.encode("utf-8")) + value_size(e) for k, e in value.items())
    return 0


def binary_size(value):
    if isinstance(value, (bytes, bytearray)):
        return len(value)
    try:
        return len(base64.b64decode(value))
    except (ValueError, TypeError):
        return len(str(value))


def attrs_size(attrs):
    return sum(len(name.encode("utf-8")) + value_size(v) for name, v in attrs.items())


def item_size(item):
    return 0 if item is None else attrs_size(item.attrs)


def units(size, unit):
    """Rounded up to the unit, one unit at least."""
    return max(1, math.ceil(size / unit))


# ---------------------------------------------------------------- index entries

def index_entry(table, index, item):
    """(index key values, entry size) of item in a GSI, or None when the item is not in it."""
    if item is None:
        return None
    key_attrs = [k["AttributeName"] for k in index.schema]
    values = []
    for name in key_attrs:
        v = item.attrs.get(name)
        if v is None:
            return None
        values.append(v)
    projection = (index.projection or {}).get("ProjectionType", "ALL")
    if projection == "ALL":
        size = item_size(item)
    else:
        keep = set(key_attrs) | {table.hash_key_attr}
        if table.range_key_attr:
            keep.add(table.range_key_attr)
        if projection == "INCLUDE":
            keep |= set((index.projection or {}).get("NonKeyAttributes", []))
        size = attrs_size({n: v for n, v in item.attrs.items() if n in keep})
    return tuple(values), size, projected(item, index, table, projection)


def projected(item, index, table, projection):
    """What the entry holds, to tell whether a write changed it."""
    if projection == "ALL":
        return item.to_json()["Attributes"]
    keep = {k["AttributeName"] for k in index.schema} | {table.hash_key_attr, table.range_key_attr}
    if projection == "INCLUDE":
        keep |= set((index.projection or {}).get("NonKeyAttributes", []))
    return {n: v.to_json() for n, v in item.attrs.items() if n in keep}


def index_write_units(before, after):
    """Write units of one GSI for one item write, from its entries before and after (or None)."""
    if before is None and after is None:
        return 0
    if after is None:
        return units(before[1], WRITE_UNIT)
    if before is None:
        return units(after[1], WRITE_UNIT)
    if before[0] != after[0]:
        return units(before[1], WRITE_UNIT) + units(after[1], WRITE_UNIT)
    if before[2] == after[2]:
        return 0
    return units(max(before[1], after[1]), WRITE_UNIT)


# ---------------------------------------------------------------- the meter of one request

class TableUnits:
    def __init__(self):
        self.read = 0.0
        self.write = 0.0
        self.gsi_read = {}
        self.gsi_write = {}

    def answer(self, table_name, mode, kind):
        field = "ReadCapacityUnits" if kind == "read" else "WriteCapacityUnits"
        table_units = self.read if kind == "read" else self.write
        gsis = self.gsi_read if kind == "read" else self.gsi_write
        total = table_units + sum(gsis.values())
        out = {"TableName": table_name, "CapacityUnits": total, field: total}
        if mode == "INDEXES":
            if table_units or not gsis:
                out["Table"] = {"CapacityUnits": table_units, field: table_units}
            touched = {name: u for name, u in gsis.items() if u}
            if touched:
                out["GlobalSecondaryIndexes"] = {name: {"CapacityUnits": u, field: u} for name, u in touched.items()}
        return out


class Meter:
    """Capacity of the request being served (one at a time, under the engine's lock)."""

    def __init__(self):
        self.tables = {}  # table name -> TableUnits, in the order touched
        self.scanned = []  # (table, index name or None, consistent, [entry sizes]) of Query/Scan calls
        self.replay = False  # a TransactWriteItems answered from its ClientRequestToken, nothing written

    def of(self, table_name):
        return self.tables.setdefault(table_name, TableUnits())

    def read_item(self, table_name, item, consistent=True, transactional=False):
        u = units(item_size(item), READ_UNIT) * (2 if transactional else 1) * (1 if consistent else 0.5)
        self.of(table_name).read += u

    def read_scanned(self):
        for table, index_name, consistent, sizes in self.scanned:
            u = units(sum(sizes), READ_UNIT) * (1 if consistent and index_name is None else 0.5)
            t = self.of(table.name)
            if index_name is None:
                t.read += u
            else:
                t.gsi_read[index_name] = t.gsi_read.get(index_name, 0) + u

    def write_item(self, table, before_size, after, before_entries, transactional=False, check=False):
        factor = 2 if transactional else 1
        t = self.of(table.name)
        if check:
            t.write += units(before_size, WRITE_UNIT) * factor
            return
        t.write += units(max(before_size, item_size(after)), WRITE_UNIT) * factor
        for index in table.global_indexes or []:
            u = index_write_units(before_entries.get(index.name), index_entry(table, index, after))
            if u:
                t.gsi_write[index.name] = t.gsi_write.get(index.name, 0) + u

    def answer(self, action, mode):
        kind = "read" if action in READS or self.replay else "write"
        entries = [t.answer(name, mode, kind) for name, t in self.tables.items()]
        if action in LISTS:
            return entries
        return entries[0] if entries else None


# ---------------------------------------------------------------- the request's items

def key_of(table, attrs):
    key = {table.hash_key_attr: attrs[table.hash_key_attr]}
    if table.range_key_attr is not None:
        key[table.range_key_attr] = attrs[table.range_key_attr]
    return key


def lookup(backend, table, key):
    hash_value, range_value = backend.get_keys_value(table, key)
    return table.get_item(hash_value, range_value)


def write_targets(backend, action, body):
    """(table, key, transactional, condition check) of every item a write request names."""
    targets = []
    if action == "PutItem":
        table = backend.get_table(body["TableName"])
        targets.append((table, key_of(table, body["Item"]), False, False))
    elif action in ("UpdateItem", "DeleteItem"):
        targets.append((backend.get_table(body["TableName"]), body["Key"], False, False))
    elif action == "BatchWriteItem":
        for table_name, requests in (body.get("RequestItems") or {}).items():
            table = backend.get_table(table_name)
            for r in requests:
                if "PutRequest" in r:
                    targets.append((table, key_of(table, r["PutRequest"]["Item"]), False, False))
                else:
                    targets.append((table, r["DeleteRequest"]["Key"], False, False))
    elif action == "TransactWriteItems":
        for entry in body.get("TransactItems") or []:
            op_type, op = next(iter(entry.items()))
            table = backend.get_table(op["TableName"])
            key = key_of(table, op["Item"]) if op_type == "Put" else op["Key"]
            targets.append((table, key, True, op_type == "ConditionCheck"))
    return targets


def snapshot(table, item):
    """What a write's price needs of the item before it: its size and its index entries."""
    if item is None:
        return 0, {}
    entries = {}
    for index in table.global_indexes or []:
        entry = index_entry(table, index, item)
        if entry is not None:
            entries[index.name] = entry
    return item_size(item), entries


def price_reads(meter, backend, action, body):
    if action == "GetItem":
        table = backend.get_table(body["TableName"])
        meter.read_item(table.name, lookup(backend, table, body["Key"]), bool(body.get("ConsistentRead")))
    elif action == "BatchGetItem":
        for table_name, spec in (body.get("RequestItems") or {}).items():
            table = backend.get_table(table_name)
            for key in spec.get("Keys") or []:
                meter.read_item(table.name, lookup(backend, table, key), bool(spec.get("ConsistentRead")))
    elif action == "TransactGetItems":
        for entry in body.get("TransactItems") or []:
            get = entry["Get"]
            table = backend.get_table(get["TableName"])
            meter.read_item(table.name, lookup(backend, table, get["Key"]), transactional=True)
    else:
        meter.read_scanned()


# ---------------------------------------------------------------- patches

def metered_handler(state, action, original):
    def method(self):
        mode = self.body.get("ReturnConsumedCapacity") or "NONE"
        if mode not in ("TOTAL", "INDEXES"):
            result = original(self)
            # DynamoDB answers capacity only when asked; moto answers it for some calls regardless.
            if isinstance(getattr(result, "result", None), dict):
                result.result.pop("ConsumedCapacity", None)
            return result
        backend = self.dynamodb_backend
        meter = Meter()
        writes = []
        if action in WRITES:
            try:
                for table, key, transactional, check in write_targets(backend, action, self.body):
                    before, entries = snapshot(table, lookup(backend, table, key))
                    writes.append((table, key, transactional, check, before, entries))
            except Exception:  # noqa: BLE001 - a malformed request: moto's own call below answers it
                writes = []
        state.meter = meter
        try:
            result = original(self)
        finally:
            state.meter = None
        if action in READS:
            price_reads(meter, backend, action, self.body)
        if meter.replay:
            # A repeat of a token's transaction reads its items (transactionally) and writes nothing.
            for table, key, _, _, _, _ in writes:
                meter.read_item(table.name, lookup(backend, table, key), transactional=True)
            writes = []
        for table, key, transactional, check, before, entries in writes:
            meter.write_item(table, before, None if check else lookup(backend, table, key), entries,
                             transactional, check)
        answer = meter.answer(action, mode)
        if answer is not None:
            result.result["ConsumedCapacity"] = answer
        return result
    return method


def metered_query(state, original):
    """Records the items a Query reads before its filter and projection (what DynamoDB charges)."""
    def query(self, *args, **kwargs):
        meter = state.meter
        if meter is None or len(args) != 10:
            return original(self, *args, **kwargs)
        args = list(args)
        projection, filter_expression = args[6], args[9]
        args[6] = args[9] = None
        results, scanned, last = original(self, *args, **kwargs)
        meter.scanned.append((self, args[7], bool(args[8]), [item_size(r) for r in results]))
        if filter_expression is not None:
            results = [r for r in results if filter_expression.expr(r)]
        if projection:
            results = [r.project(projection) for r in results]
        return results, scanned, last
    return query


def metered_scan(state, original):
    def scan(self, *args, **kwargs):
        meter = state.meter
        if meter is None or len(args) != 7:
            return original(self, *args, **kwargs)
        args = list(args)
        filter_expression, projection = args[3], args[6]
        args[3] = args[6] = None
        results, scanned, last = original(self, *args, **kwargs)
        meter.scanned.append((self, args[4], bool(args[5]), [item_size(r) for r in results]))
        if filter_expression is not None:
            results = [r for r in results if filter_expression.expr(r)]
        if projection:
            results = [r.project(projection) for r in results]
        return results, scanned, last
    return scan


HANDLERS = {"PutItem": "put_item", "UpdateItem": "update_item", "DeleteItem": "delete_item",
            "GetItem": "get_item", "BatchGetItem": "batch_get_item", "BatchWriteItem": "batch_write_item",
            "Query": "query", "Scan": "scan", "TransactGetItems": "transact_get_items",
            "TransactWriteItems": "transact_write_items"}


def install(state):
    """After transactions.install: prices around its token check and limits."""
    from moto.dynamodb.models.table import Table
    from moto.dynamodb.responses import DynamoHandler

    state.meter = None
    for action, name in HANDLERS.items():
        setattr(DynamoHandler, name, metered_handler(state, action, getattr(DynamoHandler, name)))
    Table.query = metered_query(state, Table.query)
    Table.scan = metered_scan(state, Table.scan)
