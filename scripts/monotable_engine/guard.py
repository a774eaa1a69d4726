"""Version and shape checks: refuse to run on a moto whose internals differ from what is patched.

The moto version the engine was written and tested against is pinned in one place,
scripts/requirements.txt; this module reads it from there.
"""

import inspect
import os
import re

ALLOW_UNTESTED_ENV = "MONOTABLE_ENGINE_ALLOW_UNTESTED_MOTO"
REQUIREMENTS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "requirements.txt")
MOTO_PIN = re.compile(r"^\s*moto(\[[^\]]*\])?\s*==\s*([^\s;#]+)")


class EngineRefused(Exception):
    """The installed moto is not one this launcher can make faithful; the message says why."""


def pinned_moto_version(path=REQUIREMENTS):
    """The version of the line `moto[server]==X` in scripts/requirements.txt."""
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise EngineRefused(f"cannot read {path} ({e.strerror}), which pins the moto version this engine "
                            f"was written for") from e
    for line in lines:
        match = MOTO_PIN.match(line)
        if match:
            return match.group(2)
    raise EngineRefused(f"{path} pins no moto version (expected a line moto[server]==X.Y.Z)")


def check_moto():
    import moto

    try:
        import sortedcontainers  # noqa: F401 - indexes.py keeps the ordered keys in its SortedList
    except ImportError as e:
        raise EngineRefused(f"sortedcontainers is not installed; {REQUIREMENTS} pins it beside moto. Install them "
                            f"(python3 -m pip install -r {REQUIREMENTS}).") from e

    version = moto.__version__
    pinned = pinned_moto_version()
    if version != pinned and not os.environ.get(ALLOW_UNTESTED_ENV):
        raise EngineRefused(
            f"moto {version} is installed; {REQUIREMENTS} pins moto {pinned}, the version this engine "
            f"was written and tested against. Install it (python3 -m pip install -r {REQUIREMENTS}), "
            f"or set {ALLOW_UNTESTED_ENV}=1 to try anyway (the shape checks still run), then run the "
            f"engine tests.")
    problems = signature_problems() + source_problems() + missing_names()
    if problems:
        raise EngineRefused(
            f"moto {version} changed where this engine patches it:\n  - " + "\n  - ".join(problems)
            + "\nUpdate scripts/monotable_engine for this moto (and run the engine tests), or install moto "
            + pinned + f" (python3 -m pip install -r {REQUIREMENTS}).")
    return version


def signature_problems():
    from moto.dynamodb import responses
    from moto.dynamodb.models import DynamoDBBackend
    from moto.dynamodb.models.table import StreamShard, StreamRecord, Table
    from moto.dynamodbstreams.models import DynamoDBStreamsBackend, ShardIterator

    expected = [
        (DynamoDBBackend.transact_write_items, ["self", "transact_items"]),
        (DynamoDBBackend.get_item, ["self", "table_name", "keys", "projection_expressions"]),
        (DynamoDBBackend.put_item, None),
        (DynamoDBBackend.delete_item, None),
        (DynamoDBBackend.update_item, None),
        (DynamoDBBackend.get_keys_value, ["self", "table", "keys"]),
        (StreamShard.__init__, ["self", "account_id", "table"]),
        (StreamShard.add, ["self", "old", "new"]),
        (StreamShard.get, ["self", "start", "quantity"]),
        (StreamRecord.__init__, ["self", "table", "stream_type", "event_name", "old", "new", "seq"]),
        (Table.get_item, ["self", "hash_key", "range_key", "projection_expression"]),
        (Table.delete_item, ["self", "hash_key", "range_key"]),
        (Table.query, ["self", "hash_key", "range_comparison", "range_objs", "limit", "exclusive_start_key",
                       "scan_index_forward", "projection_expressions", "index_name", "consistent_read",
                       "filter_expression", "hash_key_conditions", "range_key_conditions", "filter_kwargs"]),
        (Table.scan, ["self", "filters", "limit", "exclusive_start_key", "filter_expression", "index_name",
                      "consistent_read", "projection_expression", "segments"]),
        (ShardIterator.__init__,
         ["self", "streams_backend", "stream_shard", "shard_iterator_type", "sequence_number"]),
        (DynamoDBStreamsBackend.get_shard_iterator,
         ["self", "arn", "shard_id", "shard_iterator_type", "sequence_number"]),
        (DynamoDBStreamsBackend.get_records, ["self", "iterator_arn", "limit"]),
        (responses.DynamoHandler.transact_write_items, ["self"]),
        (responses.DynamoHandler.transact_get_items, ["self"]),
        (responses.DynamoHandler.batch_write_item, ["self"]),
        (responses.DynamoHandler.call_action, ["self"]),
        (responses.DynamoHandler.serialized, ["self", "action_result"]),
    ]
    problems = []
    for fn, params in expected:
        if params is not None:
            actual = list(inspect.signature(fn).parameters)
            if actual != params:
                problems.append(f"{fn.__qualname__}{tuple(actual)} (expected {tuple(params)})")
    return problems


def source_problems():
    from moto.core.common_models import BaseModel
    from moto.dynamodb import responses
    from moto.dynamodb.models import DynamoDBBackend
    from moto.dynamodb.models.table import StreamShard, Table
    from moto.dynamodbstreams.models import ShardIterator

    source_markers = [
        (DynamoDBBackend.transact_write_items, "copy.deepcopy"),
        (StreamShard.add, "seq = len(self.items) + self.starting_sequence_number"),
        (StreamShard.get, "start -= self.starting_sequence_number"),
        (ShardIterator.__init__, "stream_shard.starting_sequence_number + len("),
        (Table.get_item, "self.items[hash_key][range_key]"),
        (DynamoDBBackend.update_item, "table.put_item(data)"),
        # capacity.py prices what a Query or Scan read before its filter and projection, which it
        # applies itself after passing None for both: moto must still apply them last.
        (Table.query, "results = [item for item in results if filter_expression.expr(item)]"),
        (Table.scan, "results = [item for item in results if filter_expression.expr(item)]"),
        (responses.DynamoHandler.transact_get_items, "TRANSACTION_MAX_ITEMS"),
        (BaseModel.__new__, "cls.instances_tracked.append(instance)"),
    ]
    return [f"{fn.__qualname__} no longer contains {marker!r}"
            for fn, marker in source_markers if marker not in inspect.getsource(fn)]


def missing_names():
    from moto.dynamodb import exceptions, responses
    from moto.utilities import aws_headers

    return [f"{module.__name__}.{name} is gone"
            for module, name in [(responses, "TRANSACTION_MAX_ITEMS"), (exceptions, "TransactionCanceledException"),
                                 (exceptions, "MultipleTransactionsException"), (exceptions, "ConditionalCheckFailed"),
                                 (exceptions, "MockValidationException"), (exceptions, "TooManyTransactionsException"),
                                 (exceptions, "TransactWriteSingleOpException"), (exceptions, "DynamodbException"),
                                 (aws_headers, "gen_amz_crc32")]
            if not hasattr(module, name)]
