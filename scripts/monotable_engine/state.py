"""The engine's clock and state, which every concern reads, and helpers they share."""

import threading
import time


class EngineClock:
    """Wall-clock time plus an offset that tests move forward (TTL, stream retention, tokens)."""

    def __init__(self):
        self.offset = 0.0

    def now(self):
        return time.time() + self.offset


class EngineState:
    def __init__(self, args):
        self.lock = threading.RLock()
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
        self.meter = None  # capacity.Meter of the request being served, when it asked for capacity
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
