"""Query and Scan read from the ordered keys of indexes.py: O(log n + page) per request.

A Query bisects to its partition's run (the table's rows, or a GSI's keys), narrows it by the key
condition on the sort key, starts after its ExclusiveStartKey, and walks as many items as its
page holds. A Scan page walks the table's rows from its ExclusiveStartKey, and a parallel scan's
segment walks only its own buckets. What a page holds and when it carries a LastEvaluatedKey are
moto's rules (pinned by LocalEngineDeparturesTest where they depart from DynamoDB's); the filter
and projection apply after the page is read, as before. Requests outside this fast path take
moto's own code (over the partition's candidates for a Query, as the engine did before).
"""

import threading

from .indexes import (BUCKETS, CANDIDATES_HOOK, LAGGING_HOOK, RESULT_SIZE_LIMIT, TOP, bucket, ensure, item_at,
                      sort_key)

RANGE_OPS = {"=", "<", "<=", ">", ">=", "BETWEEN", "BEGINS_WITH"}
CANDIDATES = threading.local()


def successor(prefix):
    """The least key above every key that starts with prefix (None: no such key)."""
    if isinstance(prefix, bytes):
        for i in range(len(prefix) - 1, -1, -1):
            if prefix[i] < 0xFF:
                return prefix[:i] + bytes([prefix[i] + 1])
        return None
    for i in range(len(prefix) - 1, -1, -1):
        if ord(prefix[i]) < 0x10FFFF:
            return prefix[:i] + chr(ord(prefix[i]) + 1)
    return None


def range_bounds(keys, prefix, comparison, values):
    """Positions [lo, hi) of the keys under prefix whose next component meets the key condition."""
    lo = keys.bisect_left(prefix)
    hi = keys.bisect_left(prefix + (TOP,))
    if comparison is None:
        return lo, hi, lo, hi
    v = values[0]
    start, end = lo, hi
    if comparison in ("=", ">=", "BETWEEN", "BEGINS_WITH"):
        start = keys.bisect_left(prefix + (v,))
    elif comparison == ">":
        start = keys.bisect_left(prefix + (v, TOP))
    if comparison in ("=", "<="):
        end = keys.bisect_left(prefix + (v, TOP))
    elif comparison == "<":
        end = keys.bisect_left(prefix + (v,))
    elif comparison == "BETWEEN":
        end = keys.bisect_left(prefix + (values[1], TOP))
    elif comparison == "BEGINS_WITH":
        after = successor(v)
        end = hi if after is None else keys.bisect_left(prefix + (after,))
    return lo, hi, start, max(start, end)


def query_plan(table, ix, hash_key, comparison, values, esk, index_name, hash_conditions):
    """(keys, prefix, full ExclusiveStartKey or None, range values) of a Query the fast path serves, else None."""
    if comparison is not None and (comparison not in RANGE_OPS or not values):
        return None
    if index_name is None:
        if hash_key is None or hash_key.type != ix.hash_type or (comparison and not table.range_key_attr):
            return None
        range_type, keys = ix.range_type, ix.rows
        prefix = (bucket(hash_key), sort_key(hash_key))
        names = table_key_names(table)
    else:
        spec = ix.gsis.get(index_name)
        if spec is None or not hash_conditions or len(hash_conditions) != 1:
            return None
        hash_attr, range_attr, types, keys = spec
        value = hash_conditions[0][1]
        if hash_conditions[0][0] != hash_attr or value.type != types[0] or (comparison and not range_attr):
            return None
        range_type, prefix = types[1], (sort_key(value),)
        names = [hash_attr, range_attr or table.range_key_attr or table.hash_key_attr,
                 table.hash_key_attr, table.range_key_attr]
    if any(v.type != range_type for v in values):
        return None
    start = None
    if esk is not None:
        start = esk_key(esk, names, index_name is None)
        if start is None or start[:len(prefix)] != prefix:
            return None
    return keys, prefix, start, [sort_key(v) for v in values]


def esk_key(esk, names, with_bucket):
    """The index key an ExclusiveStartKey names (None: it lacks one of the key attributes)."""
    from moto.dynamodb.models.dynamo_type import DynamoType

    if not isinstance(esk, dict) or any(name is not None and name not in esk for name in names):
        return None
    key = [bucket(DynamoType(esk[names[0]]))] if with_bucket else []
    for name in names:
        key.append(sort_key(DynamoType(esk[name])) if name is not None else "")
    return tuple(key)


def table_key_names(table):
    return [table.hash_key_attr, table.range_key_attr]


def walked_item(table, ix, key, index_name):
    """The item of a walked key: a row is (bucket, hash, sort), a GSI key ends with the table's keys."""
    if index_name is None:
        return item_at(table, ix, key[1], key[2])
    return item_at(table, ix, key[2], key[3])


def fast_query(table, ix, plan, comparison, limit, forward, index_name):
    """The page of a Query: (items read, LastEvaluatedKey or None), moto's paging rules."""
    keys, prefix, start, values = plan
    lo, hi, first, last = range_bounds(keys, prefix, comparison, values)
    if start is not None:
        if forward:
            first = max(first, keys.bisect_right(start))
        else:
            last = min(last, keys.bisect_left(start))
    first = min(first, last)
    walk = keys.islice(first, last, reverse=not forward)
    more_outside = (last < hi) if forward else (first > lo)
    return read_page(table, ix, walk, limit, index_name, more_outside)


def read_page(table, ix, walk, limit, index_name, more_outside):
    results, size = [], 0
    for key in walk:
        item = walked_item(table, ix, key, index_name)
        if item is None:
            continue
        item_size = item.size()
        if len(results) == limit or size + item_size > RESULT_SIZE_LIMIT:
            return results, table._get_last_evaluated_key(results[-1], index_name)
        results.append(item)
        size += item_size
    if results and len(results) == limit and more_outside:
        return results, table._get_last_evaluated_key(results[-1], index_name)
    return results, None


def finish(table, results, index_name, filter_expression, projection):
    if index_name:
        index = table.get_index(index_name)
        results = [index.project(r) for r in results]
    if filter_expression is not None:
        results = [item for item in results if filter_expression.expr(item)]
    if projection:
        results = [r.project(projection) for r in results]
    return results


def partition_candidates(table, ix, index_name, hash_key, hash_conditions):
    """Every item of the queried partition (moto's path: eventual mode, unusual requests)."""
    if index_name is None:
        if hash_key is None or not table.range_key_attr:
            return None
        candidates = list(table.items.get(hash_key, {}).values())
        return CANDIDATES_HOOK[0](table, candidates, None, hash_key)
    spec = ix.gsis.get(index_name)
    if spec is None or not hash_conditions or len(hash_conditions) != 1 or hash_conditions[0][0] != spec[0]:
        return None
    value = hash_conditions[0][1]
    keys = spec[3]
    prefix = (sort_key(value),) if value.type == spec[2][0] else None
    run = keys.irange(prefix, prefix + (TOP,)) if prefix is not None else []
    candidates = [i for i in (walked_item(table, ix, k, index_name) for k in run) if i is not None]
    return CANDIDATES_HOOK[0](table, candidates, spec[0], value)


def indexed_query(original_query):
    def table_query(self, hash_key, range_comparison, range_objs, limit, exclusive_start_key,
                    scan_index_forward, projection_expressions, index_name=None, consistent_read=False,
                    filter_expression=None, hash_key_conditions=None, range_key_conditions=None, **filter_kwargs):
        ix = ensure(self)
        args = (hash_key, range_comparison, range_objs, limit, exclusive_start_key, scan_index_forward,
                projection_expressions, index_name, consistent_read, filter_expression)
        kwargs = dict(hash_key_conditions=hash_key_conditions, range_key_conditions=range_key_conditions, **filter_kwargs)
        plan = None
        if not filter_kwargs and len(range_key_conditions or []) <= 1 and not LAGGING_HOOK[0](self) and (
                index_name is None or index_name in ix.gsis) and not (index_name and consistent_read):
            plan = query_plan(self, ix, hash_key, range_comparison, range_objs, exclusive_start_key, index_name,
                              hash_key_conditions)
        if plan is not None:
            results, last = fast_query(self, ix, plan, range_comparison, limit, scan_index_forward, index_name)
            return finish(self, results, index_name, filter_expression, projection_expressions), len(results), last
        candidates = partition_candidates(self, ix, index_name, hash_key, hash_key_conditions)
        if candidates is None:
            return original_query(self, *args, **kwargs)
        candidates.sort(key=lambda x: (x.hash_key, x.range_key) if x.range_key else x.hash_key)
        CANDIDATES.items = candidates  # moto's query reads its candidates from all_items()
        try:
            return original_query(self, *args, **kwargs)
        finally:
            CANDIDATES.items = None
    return table_query


def candidates_first(original_all_items):
    """Table.all_items answering the candidates of the query this thread serves, if any (reads run at once)."""
    def all_items(self):
        items = getattr(CANDIDATES, "items", None)
        return items if items is not None else original_all_items(self)
    return all_items


def segment_walk(keys, segment, total, start):
    """The row keys of one segment (every row when total is 1) after start, in order."""
    first_bucket = start[0] if start is not None else 0
    if total == 1:
        begin = keys.bisect_right(start) if start is not None else 0
        yield from keys.islice(begin, len(keys))
        return
    for b in range(segment, BUCKETS, total):
        if b < first_bucket:
            continue
        begin = keys.bisect_left((b,))
        if start is not None and b == first_bucket:
            begin = keys.bisect_right(start)
        yield from keys.islice(begin, keys.bisect_left((b + 1,)))


def scan_page(table, ix, limit, esk, segments):
    """A Scan page: (items read, LastEvaluatedKey or None), or None when the fast path does not serve it."""
    segment, total = segments if segments != (None, None) else (0, 1)
    start = None
    if esk is not None:
        start = esk_key(esk, table_key_names(table), True)
        if start is None:
            return None
    walk = segment_walk(ix.rows, segment, total, start)
    results, size = [], 0
    for key in walk:
        item = item_at(table, ix, key[1], key[2])
        if item is None:
            continue
        item_size = item.size()
        if len(results) == limit or size + item_size > RESULT_SIZE_LIMIT:
            return results, table._get_last_evaluated_key(results[-1], None)
        results.append(item)
        size += item_size
    return results, None


def indexed_scan(original_scan):
    def table_scan(self, filters, limit, exclusive_start_key, filter_expression=None, index_name=None,
                   consistent_read=False, projection_expression=None, segments=(None, None)):
        page = None
        if not filters and not index_name:
            page = scan_page(self, ensure(self), limit, exclusive_start_key, segments)
        if page is None:
            return original_scan(self, filters, limit, exclusive_start_key, filter_expression, index_name,
                                 consistent_read, projection_expression, segments=segments)
        results, last = page
        return finish(self, results, None, filter_expression, projection_expression), len(results), last
    return table_scan


def install_reads(table_class):
    table_class.all_items = candidates_first(table_class.all_items)
    table_class.query = indexed_query(table_class.query)
    table_class.scan = indexed_scan(table_class.scan)
