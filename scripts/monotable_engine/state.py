"""The engine's clock and state, which every concern reads, and helpers they share."""

import threading
import time
from contextlib import contextmanager


class EngineClock:
    """Wall-clock time plus an offset that tests move forward (TTL, stream retention, tokens)."""

    def __init__(self):
        self.offset = 0.0

    def now(self):
        return time.time() + self.offset


class EngineLock:
    """The engine's lock: exclusive and re-entrant (`with state.lock`, every write and control), or shared.

    Reads of items (GetItem, BatchGetItem, Query, Scan, TransactGetItems) take it shared (`with
    state.lock.shared()`): they change nothing, so they run beside each other and a long one (a 1 MB
    page) does not hold the others back. A write waits for the reads in progress and holds new ones
    back until it is done (writers first, so a stream of reads cannot starve a write); writes and
    transactions stay one at a time, which keeps DynamoDB's per-item atomicity and serializable
    transactions. A thread holding the lock exclusively may take it again either way.
    """

    def __init__(self):
        self._cond = threading.Condition(threading.Lock())
        self._readers = 0
        self._owner = None
        self._depth = 0
        self._writers_waiting = 0

    def acquire(self):
        me = threading.get_ident()
        with self._cond:
            if self._owner == me:
                self._depth += 1
                return True
            self._writers_waiting += 1
            while self._owner is not None or self._readers:
                self._cond.wait()
            self._writers_waiting -= 1
            self._owner, self._depth = me, 1
            return True

    def release(self):
        with self._cond:
            self._depth -= 1
            if self._depth == 0:
                self._owner = None
                self._cond.notify_all()

    def __enter__(self):
        return self.acquire()

    def __exit__(self, *exc):
        self.release()

    @contextmanager
    def shared(self):
        me = threading.get_ident()
        with self._cond:
            if self._owner == me:
                self._depth += 1
            else:
                while self._owner is not None or self._writers_waiting:
                    self._cond.wait()
                self._readers += 1
        try:
            yield
        finally:
            if self._owner == me:
                self.release()
            else:
                with self._cond:
                    self._readers -= 1
                    if not self._readers:
                        self._cond.notify_all()


class EngineState:
    # Per request, so requests served at once (shared reads) do not see each other's.
    _request = threading.local()

    meter = property(lambda self: getattr(self._request, "meter", None),
                     lambda self, value: setattr(self._request, "meter", value),
                     doc="capacity.Meter of the request being served, when it asked for capacity")
    lagging = property(lambda self: getattr(self._request, "lagging", False),
                       lambda self, value: setattr(self._request, "lagging", value),
                       doc="consistency.py: the request being served allows a lagging read")

    def __init__(self, args):
        self.lock = EngineLock()
        self.counter_lock = threading.Lock()
        self.serial = getattr(args, "serial", False)  # --serial: reads take the lock exclusively too
        self.clock = EngineClock()
        self.stream_max_records = args.stream_max_records
        self.stream_retention_seconds = args.stream_retention_hours * 3600
        self.ttl_interval = args.ttl_interval
        self.table_offsets = {}  # table name -> seconds its TTL clock runs ahead of the engine's
        self.tokens = {}  # (account, region, token) -> (fingerprint, recorded_at, result)
        self.requests = 0
        self.expired_total = 0
        self.trimmed_total = 0
        self.faults = []  # faults.py: the faults tests asked for, each with its remaining count
        self.faults_injected = 0
        self.journal = None  # durable.Journal with --data-dir, else None (in memory)
        self.tracked_models = []  # moto's DynamoDB model classes whose instance registry the engine turned off


def dynamo_error(name, message):
    from moto.dynamodb.exceptions import DynamodbException, ERROR_TYPE_PREFIX

    return DynamodbException(ERROR_TYPE_PREFIX + name, message)


def all_tables():
    from moto.dynamodb.models import dynamodb_backends

    for account_id, regions in list(dynamodb_backends.items()):
        for region, backend in list(regions.items()):
            for table in list(backend.tables.values()):
                yield table
