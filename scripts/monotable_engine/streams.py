"""Stream records as DynamoDB writes them; sequence numbers that survive trimming; iterators expire.

One INSERT for an UpdateItem that creates its item, none for a write that changes nothing; TTL
deletions carry DynamoDB's userIdentity (ttl.py marks the table). Records age out after the
retention and are capped in number; shard iterators expire after 15 minutes.
"""

import json
import time

from .state import all_tables, dynamo_error

ITERATOR_LIFETIME_SECONDS = 900


def stamped_record(original_record_init, state):
    def record_init(self, table, stream_type, event_name, old, new, seq):
        original_record_init(self, table, stream_type, event_name, old, new, seq)
        self.recorded_at = state.clock.now()
        identity = getattr(table, "_monotable_identity", None)
        if identity is not None:
            self.record["userIdentity"] = dict(identity)
        pack_record(self)
    return record_init


# A record's images as nested dicts cost about 18 KB each in Python; kept as one JSON string
# they cost a tenth of that, so the capped stream stays small. Records holding raw bytes
# (binary attributes moto keeps as bytes) stay as they are.
def pack_record(rec):
    record = rec.__dict__.pop("record")
    created = record["dynamodb"].pop("ApproximateCreationDateTime")
    try:
        rec._packed = json.dumps(record, separators=(",", ":"))
        rec._created = created
    except (TypeError, ValueError):
        record["dynamodb"]["ApproximateCreationDateTime"] = created
        rec.__dict__["record"] = record


def unpack_record(rec):
    if "record" in rec.__dict__:
        return rec.__dict__["record"]
    record = json.loads(rec._packed)
    record["dynamodb"]["ApproximateCreationDateTime"] = rec._created
    return record


def set_sequence_number(rec, sequence_number):
    record = unpack_record(rec)
    record["dynamodb"]["SequenceNumber"] = sequence_number
    if "record" in rec.__dict__:
        return
    del record["dynamodb"]["ApproximateCreationDateTime"]
    rec._packed = json.dumps(record, separators=(",", ":"))


def shard_trimmed(shard):
    return getattr(shard, "trimmed", 0)


def shard_add(self, old, new):
    from moto.dynamodb.models.table import StreamRecord

    if old is not None and new is not None and old.to_json() == new.to_json():
        return  # DynamoDB writes no stream record for a write that changes nothing
    event_name = "INSERT" if old is None else ("REMOVE" if new is None else "MODIFY")
    seq = self.starting_sequence_number + shard_trimmed(self) + len(self.items)
    self.items.append(StreamRecord(self.table, self.table.stream_specification["StreamViewType"],
                                   event_name, old, new, seq))


def shard_get(self, start, quantity):
    offset = start - self.starting_sequence_number - shard_trimmed(self)
    if offset < 0:
        raise dynamo_error("TrimmedDataAccessException",
                           "The operation attempted to read past the oldest stream record in a shard.")
    return [r.to_json() for r in self.items[offset:offset + quantity]]


def single_insert(original_update_item):
    # moto creates an UpdateItem's new item with an internal PutItem of its keys, which adds a
    # key-only INSERT record before the real one; DynamoDB writes one INSERT.
    def update_item(self, table_name, key, *args, **kwargs):
        shard = self.get_table(table_name).stream_shard
        mark = len(shard.items) if shard is not None else 0
        result = original_update_item(self, table_name, key, *args, **kwargs)
        if shard is not None and len(shard.items) - mark == 2:
            first, second = shard.items[mark], shard.items[mark + 1]
            if first.record["eventName"] == "INSERT" and second.record["eventName"] == "INSERT":
                set_sequence_number(second, first.record["dynamodb"]["SequenceNumber"])
                del shard.items[mark]
        return result
    return update_item


def horizon_iterator(original_iterator_init):
    def iterator_init(self, streams_backend, stream_shard, shard_iterator_type, sequence_number=None):
        original_iterator_init(self, streams_backend, stream_shard, shard_iterator_type, sequence_number)
        horizon = stream_shard.starting_sequence_number + shard_trimmed(stream_shard)
        if shard_iterator_type == "TRIM_HORIZON":
            self.sequence_number = horizon
        elif shard_iterator_type == "LATEST":
            self.sequence_number = horizon + len(stream_shard.items)
        self.created_at = time.monotonic()
    return iterator_init


def expiring_get_records(original_get_records):
    def get_records(self, iterator_arn, limit):
        iterator = self.shard_iterators.get(iterator_arn)
        if iterator is None or time.monotonic() - iterator.created_at > ITERATOR_LIFETIME_SECONDS:
            self.shard_iterators.pop(iterator_arn, None)
            raise dynamo_error("ExpiredIteratorException", "Iterator expired. The iterator was created over 15 minutes ago.")
        result = original_get_records(self, iterator_arn, limit)
        prune_iterators(self)
        return result
    return get_records


def prune_iterators(backend):
    if len(backend.shard_iterators) < 1000:
        return
    cutoff = time.monotonic() - ITERATOR_LIFETIME_SECONDS
    for arn in [a for a, it in backend.shard_iterators.items() if getattr(it, "created_at", 0) < cutoff]:
        del backend.shard_iterators[arn]


def trim_streams(state, now):
    """Drops records older than the retention, and the oldest beyond the cap; returns how many."""
    trimmed = 0
    for table in all_tables():
        shard = table.stream_shard
        if shard is None or not shard.items:
            continue
        cutoff = now - state.stream_retention_seconds
        drop = 0
        for record in shard.items:
            if getattr(record, "recorded_at", now) >= cutoff:
                break
            drop += 1
        drop = max(drop, len(shard.items) - state.stream_max_records)
        if drop > 0:
            del shard.items[:drop]
            shard.trimmed = getattr(shard, "trimmed", 0) + drop
            trimmed += drop
    return trimmed


def install(state):
    """Needs indexes.install first: the single-INSERT update wraps the indexed one."""
    from moto.dynamodb.models import DynamoDBBackend
    from moto.dynamodb.models.table import StreamRecord, StreamShard
    from moto.dynamodbstreams.models import DynamoDBStreamsBackend, ShardIterator

    StreamRecord.record = property(unpack_record, lambda rec, value: rec.__dict__.__setitem__("record", value))
    StreamRecord.to_json = lambda self: unpack_record(self)
    DynamoDBBackend.update_item = single_insert(DynamoDBBackend.update_item)
    StreamRecord.__init__ = stamped_record(StreamRecord.__init__, state)
    StreamShard.add = shard_add
    StreamShard.get = shard_get
    ShardIterator.__init__ = horizon_iterator(ShardIterator.__init__)
    DynamoDBStreamsBackend.get_records = expiring_get_records(DynamoDBStreamsBackend.get_records)
