"""Queries that read their partition (or index partition), not the whole table; reads answered fast.

moto's Query walks and sorts every item of the table, so a query's cost grew with the table.
The engine keeps, per table, a map from each GSI's partition value to its items, maintained
by every write path, and hands moto's query only the candidates of the queried partition;
moto's own code still does the key conditions, ordering, paging and filters.
"""

import json
import os

FAST_SERIALIZED = {"GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems"}


def strong_candidates(table, candidates, index_attr, hash_value):
    return candidates


# consistency.py replaces this: the candidates as a lagging read sees them (eventual mode).
CANDIDATES_HOOK = [strong_candidates]
VERIFY_FAST_ENV = "MONOTABLE_ENGINE_VERIFY_FAST_PATH"


def gsi_specs(table):
    specs = {}
    for index in table.global_indexes or []:
        hashes = [k["AttributeName"] for k in index.schema if k["KeyType"] == "HASH"]
        if len(hashes) == 1:
            specs[index.name] = hashes[0]
    return specs


def gsi_state(table):
    specs = gsi_specs(table)
    state = getattr(table, "_monotable_gsi", None)
    if state is None or state[0] != specs:
        buckets = {name: {} for name in specs}
        state = (specs, buckets)
        table._monotable_gsi = state
        for partition in table.items.values():
            for item in (partition.values() if table.range_key_attr else [partition]):
                index_add(table, item)
    return state


def index_values(table, item):
    specs, _ = gsi_state(table)
    return {name: item.attrs.get(attr) for name, attr in specs.items()}


def index_add(table, item, values=None):
    specs, buckets = table._monotable_gsi
    key = (item.hash_key, item.range_key)
    for name, attr in specs.items():
        value = item.attrs.get(attr) if values is None else values.get(name)
        if value is not None:
            buckets[name].setdefault(value, {})[key] = item


def index_remove(table, key, values):
    _, buckets = table._monotable_gsi
    for name, value in values.items():
        if value is None:
            continue
        bucket = buckets[name].get(value)
        if bucket is not None:
            bucket.pop(key, None)
            if not bucket:
                del buckets[name][value]


def reindex(table, key, old_values, item):
    gsi_state(table)
    if old_values:
        index_remove(table, key, old_values)
    if item is not None:
        index_add(table, item)


def indexed_put(original):
    from moto.dynamodb.models.dynamo_type import DynamoType

    def put(self, item_attrs, *args, **kwargs):
        gsi_state(self)
        hash_value = DynamoType(item_attrs[self.hash_key_attr]) if self.hash_key_attr in item_attrs else None
        range_value = (DynamoType(item_attrs[self.range_key_attr])
                       if self.range_key_attr and self.range_key_attr in item_attrs else None)
        current = self.get_item(hash_value, range_value) if hash_value is not None and (
            range_value is not None or not self.range_key_attr) else None
        old_values = index_values(self, current) if current is not None else None
        item = original(self, item_attrs, *args, **kwargs)
        reindex(self, (item.hash_key, item.range_key), old_values, item)
        return item
    return put


def indexed_delete(original):
    def delete(self, hash_key, range_key):
        item = original(self, hash_key, range_key)
        if item is not None and getattr(self, "_monotable_gsi", None) is not None:
            reindex(self, (item.hash_key, item.range_key), index_values(self, item), None)
        return item
    return delete


def indexed_update(original_backend_update):
    def update(self, table_name, key, *args, **kwargs):
        # UpdateItem changes the item in place: note its index values before, re-index after.
        table = self.get_table(table_name)
        gsi_state(table)
        hash_value, range_value = self.get_keys_value(table, key)
        current = table.get_item(hash_value, range_value)
        old_values = index_values(table, current) if current is not None else None
        item = original_backend_update(self, table_name, key, *args, **kwargs)
        reindex(table, (item.hash_key, item.range_key), old_values, item)
        return item
    return update


def partition_query(original_query):
    def table_query(self, hash_key, range_comparison, range_objs, limit, exclusive_start_key,
                    scan_index_forward, projection_expressions, index_name=None, consistent_read=False,
                    filter_expression=None, hash_key_conditions=None, range_key_conditions=None, **filter_kwargs):
        candidates = None
        if index_name is None:
            if hash_key is not None and self.range_key_attr:
                candidates = list(self.items.get(hash_key, {}).values())
                candidates = CANDIDATES_HOOK[0](self, candidates, None, hash_key)
        else:
            specs, buckets = gsi_state(self)
            attr = specs.get(index_name)
            if attr and hash_key_conditions and len(hash_key_conditions) == 1 and hash_key_conditions[0][0] == attr:
                candidates = list(buckets[index_name].get(hash_key_conditions[0][1], {}).values())
                candidates = CANDIDATES_HOOK[0](self, candidates, attr, hash_key_conditions[0][1])
        args = (hash_key, range_comparison, range_objs, limit, exclusive_start_key, scan_index_forward,
                projection_expressions, index_name, consistent_read, filter_expression)
        kwargs = dict(hash_key_conditions=hash_key_conditions, range_key_conditions=range_key_conditions, **filter_kwargs)
        if candidates is None:
            return original_query(self, *args, **kwargs)
        candidates.sort(key=lambda x: (x.hash_key, x.range_key) if x.range_key else x.hash_key)
        self.all_items = lambda: candidates  # moto's query reads its candidates from all_items()
        try:
            return original_query(self, *args, **kwargs)
        finally:
            del self.all_items
    return table_query


def fast_read_serializer(handler_class):
    """Answers reads with json.dumps of moto's result instead of its model-driven serializer.

    moto serializes every attribute of every item through botocore's model (about 5 ms per item
    here), which made a Query's cost grow with the items it returns far beyond DynamoDB's. The
    results of these reads are already the JSON DynamoDB sends (AttributeValue maps); anything
    json cannot dump (bytes) takes moto's path. With MONOTABLE_ENGINE_VERIFY_FAST_PATH=1 every
    answer is produced both ways and compared (the engine tests run so).
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
    Table.query = partition_query(Table.query)
    fast_read_serializer(DynamoHandler)
