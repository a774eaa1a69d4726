"""Durable mode (--data-dir DIR): tables, items and stream records survive a restart, and a kill -9.

Files in DIR:
  snapshot   the state at the last compaction (tables, items, stream records)
  journal    every change since, one record per request, appended before the request is answered

Each file starts with the line `monotable-engine-journal <FORMAT>`; a file of another format is
refused at start with a message naming it, before anything is read into the engine (never half-
read). Each record is one line: the CRC-32 of its JSON (8 hex digits), a space, the JSON. A record
holds everything one request changed: the item images it wrote (or the keys it deleted), the stream
records it added, or the table request it applied; so a transaction is in the journal whole or not
at all. A torn last record (the process died while writing it, so its request was never answered)
is detected by its missing newline or CRC, dropped with a message, and cut off the file; a bad
record anywhere else is refused as corruption.

fsync policy (--fsync): `interval` (the default) writes each record to the operating system
before the request is answered, so a killed engine (kill -9, a crash, Ctrl-C) loses nothing, and
fsyncs the journal every 200 ms, so a power cut or kernel crash loses at most the last 200 ms of
writes; `always` fsyncs before answering each write (nothing lost even then, at the cost of one
fsync per write).

Compaction: at start, once the snapshot and journal are loaded, and whenever the journal passes
--compact-bytes (64 MB by default), the whole state is written to snapshot.tmp, fsynced and
renamed over the snapshot, then the journal is emptied. A crash between the two leaves a snapshot
and a journal that repeats it: replaying is idempotent (item images, table requests skipped when
they are already applied, stream records skipped when their sequence number is already held).
"""

import datetime
import fcntl
import gc
import json
import os
import sys
import threading
import time
import zlib

FORMAT = 1
MAGIC = "monotable-engine-journal"
HEADER = f"{MAGIC} {FORMAT}\n"
TABLE_ACTIONS = {"CreateTable", "DeleteTable", "UpdateTable", "UpdateTimeToLive"}
ITEM_ACTIONS = {"PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems"}
SNAPSHOT_CHUNK = 500


class JournalRefused(Exception):
    """The data directory holds what this engine will not read; the message says why and what to do."""


def encode(record):
    payload = json.dumps(record, separators=(",", ":"))
    return f"{zlib.crc32(payload.encode('utf-8')):08x} {payload}\n".encode("utf-8")


def read_records(path, allow_torn_tail):
    """The records of a file, after its header; a torn last record is dropped (and reported)."""
    if not os.path.exists(path):
        return [], None
    with open(path, "rb") as f:
        data = f.read()
    if not data:
        return [], 0
    first = data.find(b"\n")
    header = data[:first + 1] if first >= 0 else data
    if header != HEADER.encode():
        shown = header[:80].decode("utf-8", "replace").strip()
        raise JournalRefused(
            f"{path} is not a journal of format {FORMAT} (its first line is {shown!r}): it was written by another "
            f"version of the engine. Nothing was read. Start the engine version that wrote it, or move "
            f"{os.path.dirname(path)} away to start empty.")
    records = []
    offset = first + 1
    good_end = offset
    while offset < len(data):
        end = data.find(b"\n", offset)
        line = data[offset:] if end < 0 else data[offset:end]
        ok = end >= 0 and len(line) > 9 and line[8:9] == b" "
        if ok:
            payload = line[9:]
            try:
                ok = int(line[:8], 16) == zlib.crc32(payload)
            except ValueError:
                ok = False
        if not ok:
            last = end < 0 or end == len(data) - 1
            if last and allow_torn_tail:
                print(f"monotable-engine: dropped a torn last record of {len(data) - offset} bytes at the end of "
                      f"{path} (the engine stopped while writing it, before answering its request)",
                      file=sys.stderr, flush=True)
                return records, good_end
            raise JournalRefused(f"{path} has a corrupt record at byte {offset} (not its last): refusing to read "
                                 f"it half. Move {os.path.dirname(path)} away to start empty.")
        records.append(json.loads(payload))
        offset = end + 1
        good_end = offset
    return records, good_end


class Journal:
    def __init__(self, state, directory, fsync_policy="interval", compact_bytes=64 * 1024 * 1024):
        self.state = state
        self.directory = directory
        self.fsync_policy = fsync_policy
        self.compact_bytes = compact_bytes
        self.journal_path = os.path.join(directory, "journal")
        self.snapshot_path = os.path.join(directory, "snapshot")
        self.file = None
        self.dirty = False
        self.table_requests = {}  # (account, region, table) -> [[action, body], ...] that built the table
        self.records_written = 0
        self.compact_due = False
        self.checked = None  # what check() read, so load() does not read (and report) it twice
        self.lock = None  # held while this engine runs: two engines never write one directory

    # ------------------------------------------------------------ start

    def check(self):
        """Reads both files' headers and records: refuses before anything reaches the engine."""
        os.makedirs(self.directory, exist_ok=True)
        # A second engine on the same directory (another scripts/dev of this checkout, its engine on
        # a free port because the first holds 8000) would interleave two journals: refused.
        self.lock = open(os.path.join(self.directory, "lock"), "a")
        try:
            fcntl.flock(self.lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self.lock.close()
            self.lock = None
            raise JournalRefused(f"another engine is using {self.directory}: stop it, or give this one another "
                                 "data directory (MONOTABLE_ENGINE_DATA) or none (--in-memory)")
        gc.disable()  # the parsed records are no garbage (see load)
        try:
            snapshot, _ = read_records(self.snapshot_path, allow_torn_tail=False)
            journal, good_end = read_records(self.journal_path, allow_torn_tail=True)
        finally:
            gc.enable()
        self.checked = (snapshot, journal, good_end)
        return self.checked

    def load(self, dispatch):
        started = time.monotonic()
        cpu = time.process_time()
        snapshot, journal, good_end = self.checked or self.check()
        self.checked = None
        if good_end is not None and os.path.exists(self.journal_path) and good_end < os.path.getsize(self.journal_path):
            with open(self.journal_path, "r+b") as f:
                f.truncate(good_end)
        # Loading makes millions of objects, none of them garbage: the cyclic collector would walk
        # them again and again (it tripled the load time). Off while loading; then the loaded
        # objects are moved out of its sight (gc.freeze), so later collections do not walk them.
        gc.disable()
        try:
            for record in snapshot + journal:
                self.apply(record, dispatch)
        finally:
            gc.enable()
        snapshot_records, journal_records = len(snapshot), len(journal)
        del snapshot
        gc.freeze()
        items = sum(len(t) for t in self.all_tables())
        if not os.path.exists(self.snapshot_path) and not journal_records:
            self.compact()  # a new directory: write its (empty) snapshot and journal
        else:
            # The journal is folded into the snapshot by the background loop, once the engine serves.
            self.compact_due = journal_records > 0
            self.file = open(self.journal_path, "ab")
        print(f"monotable-engine: loaded {items} items from {self.directory} ({snapshot_records} snapshot and "
              f"{journal_records} journal records) in {time.monotonic() - started:.2f} s ({time.process_time() - cpu:.2f} s "
              f"of CPU)", file=sys.stderr, flush=True)
        threading.Thread(target=self.sync_loop, name="journal-fsync", daemon=True).start()

    def all_tables(self):
        from .state import all_tables
        return list(all_tables())

    def backend(self, account, region):
        from moto.dynamodb.models import dynamodb_backends
        return dynamodb_backends[account][region]

    def apply(self, record, dispatch):
        account, region = record["a"], record["r"]
        tables = self.backend(account, region).tables
        for op in record["ops"]:
            kind = op[0]
            if kind == "req":
                action, body = op[1], op[2]
                self.remember_table_request(account, region, action, body)
                dispatch(account, region, action, body)
            elif kind == "put" or kind == "del":
                apply_item(tables.get(op[1]), op)
            elif kind == "stream":
                self.apply_stream(account, region, op[1], op[2])

    def apply_stream(self, account, region, table_name, records):
        from moto.dynamodb.models.table import StreamRecord

        table = self.backend(account, region).tables.get(table_name)
        if table is None or table.stream_shard is None:
            return
        shard = table.stream_shard
        for packed, created, recorded_at in records:
            seq = int(json.loads(packed)["dynamodb"]["SequenceNumber"])
            end = shard.starting_sequence_number + getattr(shard, "trimmed", 0) + len(shard.items)
            if seq < end:
                continue  # already held (a journal replayed over the snapshot it was compacted into)
            if not shard.items:
                shard.trimmed = seq - shard.starting_sequence_number
            rec = StreamRecord.__new__(StreamRecord)
            rec._packed = packed
            rec._created = datetime.datetime.fromisoformat(created)
            rec.recorded_at = recorded_at
            shard.items.append(rec)

    def remember_table_request(self, account, region, action, body):
        name = body.get("TableName")
        key = (account, region, name)
        if action == "CreateTable":
            self.table_requests[key] = [[action, body]]
        elif action == "DeleteTable":
            self.table_requests.pop(key, None)
        elif key in self.table_requests:
            self.table_requests[key].append([action, body])

    # ------------------------------------------------------------ while serving

    def stream_marks(self):
        marks = {}
        for table in self.all_tables():
            shard = table.stream_shard
            if shard is not None:
                marks[id(table)] = (table, getattr(shard, "trimmed", 0) + len(shard.items))
        return marks

    def new_stream_records(self, marks):
        ops = []
        for table in self.all_tables():
            shard = table.stream_shard
            if shard is None:
                continue
            seen = marks.get(id(table), (table, 0))[1]
            now = getattr(shard, "trimmed", 0) + len(shard.items)
            if now > seen:
                fresh = shard.items[max(0, len(shard.items) - (now - seen)):]
                ops.append(["stream", table.name, [stream_entry(r) for r in fresh]])
        return ops

    def record_request(self, handler, action, marks):
        """Journals what one answered request changed (under the engine lock, before the answer)."""
        from .capacity import lookup, write_targets

        body = handler.body
        account, region = handler.current_account, handler.region
        ops = []
        if action in TABLE_ACTIONS:
            self.remember_table_request(account, region, action, body)
            ops.append(["req", action, body])
        elif action in ITEM_ACTIONS:
            backend = handler.dynamodb_backend
            for table, key, _, check in write_targets(backend, action, body):
                if check:
                    continue
                item = lookup(backend, table, key)
                if item is None:
                    ops.append(["del", table.name, key])
                else:
                    ops.append(["put", table.name, item.to_json()["Attributes"]])
        ops.extend(self.new_stream_records(marks))
        if ops:
            self.append({"a": account, "r": region, "ops": ops})

    def record_expired(self, expired, marks):
        """Journals the items the TTL pass deleted and their REMOVE records."""
        by_backend = {}
        for table, item in expired:
            key = {table.hash_key_attr: item.hash_key.to_json()}
            if table.range_key_attr:
                key[table.range_key_attr] = item.range_key.to_json()
            by_backend.setdefault((table.account_id, table.region_name), []).append(["del", table.name, key])
        streams = self.new_stream_records(marks)
        for (account, region), ops in by_backend.items():
            names = {op[1] for op in ops}
            ops.extend(s for s in streams if s[1] in names)
            self.append({"a": account, "r": region, "ops": ops})

    def append(self, record):
        self.file.write(encode(record))
        self.file.flush()  # in the operating system before the answer: a killed engine loses nothing
        if self.fsync_policy == "always":
            os.fsync(self.file.fileno())
        else:
            self.dirty = True
        self.records_written += 1

    def sync_loop(self):
        while True:
            time.sleep(0.2)
            with self.state.lock:
                if self.dirty and self.file is not None:
                    os.fsync(self.file.fileno())
                    self.dirty = False
                if self.file is not None and (self.compact_due or self.file.tell() > self.compact_bytes):
                    self.compact()

    # ------------------------------------------------------------ compaction

    def compact(self):
        """Writes the whole state as the snapshot, then starts an empty journal (under the lock)."""
        tmp = self.snapshot_path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(HEADER.encode())
            for (account, region, name), requests in self.table_requests.items():
                table = self.backend(account, region).tables.get(name)
                if table is None:
                    continue
                f.write(encode({"a": account, "r": region, "ops": [["req", a, b] for a, b in requests]}))
                chunk = []
                for partition in list(table.items.values()):
                    for item in (partition.values() if table.range_key_attr else [partition]):
                        chunk.append(["put", name, item.to_json()["Attributes"]])
                        if len(chunk) == SNAPSHOT_CHUNK:
                            f.write(encode({"a": account, "r": region, "ops": chunk}))
                            chunk = []
                if chunk:
                    f.write(encode({"a": account, "r": region, "ops": chunk}))
                if table.stream_shard is not None and table.stream_shard.items:
                    records = [stream_entry(r) for r in table.stream_shard.items]
                    for i in range(0, len(records), SNAPSHOT_CHUNK):
                        f.write(encode({"a": account, "r": region,
                                        "ops": [["stream", name, records[i:i + SNAPSHOT_CHUNK]]]}))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.snapshot_path)
        sync_directory(self.directory)
        if self.file is not None:
            self.file.close()
        with open(self.journal_path, "wb") as f:
            f.write(HEADER.encode())
            f.flush()
            os.fsync(f.fileno())
        sync_directory(self.directory)
        self.file = open(self.journal_path, "ab")
        self.dirty = False
        self.compact_due = False


def apply_item(table, op):
    from moto.dynamodb.models.dynamo_type import DynamoType

    from .transactions import restore_item

    if table is None:
        return
    if op[0] == "put":
        attrs = op[2]
        hash_value = stored_value(attrs[table.hash_key_attr], DynamoType)
        range_value = stored_value(attrs[table.range_key_attr], DynamoType) if table.range_key_attr else None
        item = stored_item(hash_value, range_value, attrs)
        if table.__dict__.get("_monotable_index") is None and table.range_key_attr:
            # No index yet (indexes.py builds it from the items when first needed): just store it.
            partition = table.items.get(hash_value)
            if partition is None:
                partition = table.items[hash_value] = {}
            partition[range_value] = item
        else:
            restore_item(table, hash_value, range_value, item)
    else:
        key = op[2]
        hash_value = stored_value(key[table.hash_key_attr], DynamoType)
        range_value = stored_value(key[table.range_key_attr], DynamoType) if table.range_key_attr else None
        restore_item(table, hash_value, range_value, None)


def stored_item(hash_value, range_value, attrs):
    """moto's Item, built without its per-attribute size check (the item passed it when written).

    Item() re-adds the sizes of every attribute so far for each attribute it sets, which made
    loading 100,000 items take a minute; a journaled item was already checked when it was written.
    """
    from moto.dynamodb.models.dynamo_type import DynamoType, Item, LimitedSizeDict

    item = Item.__new__(Item)
    item.hash_key = hash_value
    item.range_key = range_value
    item.attrs = LimitedSizeDict()
    dict.update(item.attrs, {name: stored_value(value, DynamoType) for name, value in attrs.items()})
    return item


def stored_value(value, dynamo_type):
    """A DynamoType of a journaled value: scalars and sets set directly, lists and maps through moto."""
    (kind, v), = value.items()
    if kind == "L" or kind == "M":
        return dynamo_type(value)
    t = dynamo_type.__new__(dynamo_type)
    t.type = kind
    t.value = v
    return t


def stream_entry(rec):
    if "record" in rec.__dict__:
        record = dict(rec.__dict__["record"])
        created = record["dynamodb"]["ApproximateCreationDateTime"]
        dynamodb = {k: v for k, v in record["dynamodb"].items() if k != "ApproximateCreationDateTime"}
        packed = json.dumps(dict(record, dynamodb=dynamodb), separators=(",", ":"), default=str)
    else:
        packed, created = rec._packed, rec._created
    created_text = created.isoformat() if hasattr(created, "isoformat") else str(created)
    return [packed, created_text, getattr(rec, "recorded_at", time.time())]


def sync_directory(directory):
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def journaled_call_action(state, original):
    def call_action(self):
        journal = state.journal
        if journal is None:
            return original(self)
        marks = journal.stream_marks()
        result = original(self)
        status = result[0] if isinstance(result, tuple) else 200
        action = self._get_action()
        if status == 200 and (action in ITEM_ACTIONS or action in TABLE_ACTIONS):
            journal.record_request(self, action, marks)
        return result
    return call_action


def install(state):
    from moto.dynamodb.responses import DynamoHandler

    state.journal = None
    DynamoHandler.call_action = journaled_call_action(state, DynamoHandler.call_action)
