"""TransactWriteItems made DynamoDB's, and the request limits and tokens around it.

A transaction's conditions are evaluated against the state before the transaction; then it writes
with a journal of the items and stream records it touches, and a failure restores exactly those
(moto deep-copied the whole table per action and restored the copy, losing writes acknowledged
meanwhile). ClientRequestToken makes a TransactWriteItems idempotent for ten minutes, and
DynamoDB's batch and transaction size limits hold.
"""

import copy
import hashlib
import json

from .indexes import restore
from .state import dynamo_error

TOKEN_WINDOW_SECONDS = 600
BATCH_WRITE_MAX = 25
BATCH_GET_MAX = 100
TRANSACT_MAX = 100


def transact_write_items(self, transact_items):
    apply_transaction(self, evaluate_transaction(self, transact_items))


def evaluate_transaction(backend, transact_items):
    """Checks every action against the state before the transaction: the plan, or an exception."""
    from moto.dynamodb.comparisons import get_filter_expression
    from moto.dynamodb.exceptions import (
        ConditionalCheckFailed, MockValidationException, MultipleTransactionsException,
        TooManyTransactionsException, TransactionCanceledException, TransactWriteSingleOpException)
    from moto.dynamodb.models.utilities import dynamo_json_dump

    if len(transact_items) > TRANSACT_MAX:
        raise TooManyTransactionsException()
    targets = set()
    errors = []
    plan = []
    for entry in transact_items:
        if len(entry) > 1:
            raise TransactWriteSingleOpException
        op_type, op = next(iter(entry.items()))
        old_image = None
        try:
            if op_type not in {"ConditionCheck", "Put", "Delete", "Update"}:
                raise ValueError("Unsupported transaction operation")
            table_name = op["TableName"]
            table = backend.get_table(table_name)
            if op_type == "Put":
                attrs = op["Item"]
                key = {table.hash_key_attr: attrs[table.hash_key_attr]}
                if table.range_key_attr is not None:
                    key[table.range_key_attr] = attrs[table.range_key_attr]
            else:
                key = op["Key"]
            target = (table.name, dynamo_json_dump(dict(sorted(key.items()))))
            if target in targets:
                raise MultipleTransactionsException()
            targets.add(target)
            current = backend.get_item(table_name, key)
            condition = op.get("ConditionExpression")
            if condition is not None:
                check = get_filter_expression(
                    condition, op.get("ExpressionAttributeNames"), op.get("ExpressionAttributeValues"))
                if not check.expr(current):
                    if op.get("ReturnValuesOnConditionCheckFailure") == "ALL_OLD" and current:
                        old_image = current.to_json()["Attributes"]
                    raise ConditionalCheckFailed(item=old_image)
            plan.append((op_type, op, table, key))
            errors.append((None, None, None))
        except (MultipleTransactionsException, MockValidationException):
            raise  # nothing written yet
        except ConditionalCheckFailed as e:
            errors.append(("ConditionalCheckFailed", str(e.message), old_image))
        except Exception as e:  # noqa: BLE001 - reported per action, as moto does
            errors.append((type(e).__name__, str(e), old_image))
    if any(code is not None for code, _, _ in errors):
        raise TransactionCanceledException(errors)
    return plan


def apply_transaction(backend, plan):
    """Writes the plan with a journal; on a failure, restores exactly what it wrote."""
    from moto.dynamodb.exceptions import MockValidationException, TransactionCanceledException

    journal = []  # (table, hash, range, item before or None)
    stream_marks = {}
    index = 0
    try:
        for index, (op_type, op, table, key) in enumerate(plan):
            if table.stream_shard is not None and table.name not in stream_marks:
                stream_marks[table.name] = (table, len(table.stream_shard.items))
            hash_value, range_value = backend.get_keys_value(table, key)
            before = table.get_item(hash_value, range_value)
            journal.append((table, hash_value, range_value,
                            copy.deepcopy(before) if before is not None else None))
            if op_type == "Put":
                backend.put_item(table.name, op["Item"])
            elif op_type == "Delete":
                backend.delete_item(table.name, key)
            elif op_type == "Update":
                backend.update_item(
                    table.name, key, update_expression=op["UpdateExpression"],
                    expression_attribute_names=op.get("ExpressionAttributeNames"),
                    expression_attribute_values=op.get("ExpressionAttributeValues"))
    except Exception as e:
        for table, hash_value, range_value, before in reversed(journal):
            restore_item(table, hash_value, range_value, before)
        for table, length in stream_marks.values():
            del table.stream_shard.items[length:]
        if isinstance(e, MockValidationException):
            raise
        failed = [(None, None, None)] * len(plan)
        failed[index] = (type(e).__name__, str(e), None)
        raise TransactionCanceledException(failed)


def restore_item(table, hash_value, range_value, before):
    restore(table, hash_value, range_value, before)


def limited_batch_write(original_batch_write):
    from moto.dynamodb.exceptions import MockValidationException

    def batch_write_item(self):
        requests = self.body.get("RequestItems") or {}
        total = sum(len(r) for r in requests.values())
        if total > BATCH_WRITE_MAX or total == 0:
            raise MockValidationException(
                "1 validation error detected: Value at 'requestItems' failed to satisfy constraint: "
                f"Map value must satisfy constraint: [Member must have length less than or equal to "
                f"{BATCH_WRITE_MAX}, Member must have length greater than or equal to 1]")
        return all_or_nothing(self.dynamodb_backend, requests, lambda: original_batch_write(self))
    return batch_write_item


def all_or_nothing(backend, requests, write):
    """Runs moto's batch write; if it fails part-way, restores every item it touched and its stream.

    validation.py checks the whole request first, as DynamoDB does; this is the guarantee behind
    it: whatever moto still refuses mid-batch, a refused BatchWriteItem writes nothing.
    """
    journal, stream_marks = [], {}
    for name, table_requests in requests.items():
        table = backend.tables.get(name)
        if table is None:
            continue
        if table.stream_shard is not None:
            stream_marks[name] = (table, len(table.stream_shard.items))
        for r in table_requests:
            attrs = (r.get("PutRequest") or {}).get("Item") or (r.get("DeleteRequest") or {}).get("Key")
            try:
                key = {k: attrs[k] for k in [table.hash_key_attr, table.range_key_attr] if k is not None}
                hash_value, range_value = backend.get_keys_value(table, key)
            except Exception:  # noqa: BLE001 - an invalid key: moto refuses it before writing
                continue
            before = table.get_item(hash_value, range_value)
            journal.append((table, hash_value, range_value, copy.deepcopy(before) if before is not None else None))
    try:
        return write()
    except Exception:
        for table, hash_value, range_value, before in reversed(journal):
            restore_item(table, hash_value, range_value, before)
        for table, length in stream_marks.values():
            del table.stream_shard.items[length:]
        raise


def idempotent_transact_write(state, original_transact_write):
    from moto.dynamodb.exceptions import MockValidationException

    def transact_write(self):
        items = self.body.get("TransactItems") or []
        if not items or len(items) > TRANSACT_MAX:
            raise MockValidationException(
                "1 validation error detected: Value at 'transactItems' failed to satisfy constraint: "
                + (f"Member must have length less than or equal to {TRANSACT_MAX}" if items
                   else "Member must have length greater than or equal to 1"))
        token = self.body.get("ClientRequestToken")
        if token is None:
            return original_transact_write(self)
        now = state.clock.now()
        for k in [k for k, (_, at, _) in state.tokens.items() if now - at > TOKEN_WINDOW_SECONDS]:
            del state.tokens[k]
        request = {k: v for k, v in self.body.items() if k != "ClientRequestToken"}
        fingerprint = hashlib.sha256(json.dumps(request, sort_keys=True, default=str).encode()).hexdigest()
        key = (self.current_account, self.region, token)
        seen = state.tokens.get(key)
        if seen is not None:
            if seen[0] != fingerprint:
                raise dynamo_error("IdempotentParameterMismatchException",
                                   "The request uses the same client token as a previous, but non-identical request.")
            if state.meter is not None:
                # DynamoDB prices a repeat as the reads of its items, not as the writes it did not make.
                state.meter.replay = True
            return seen[2]
        result = original_transact_write(self)
        state.tokens[key] = (fingerprint, now, result)
        return result
    return transact_write


def install(state):
    from moto.dynamodb import responses
    from moto.dynamodb.models import DynamoDBBackend

    DynamoDBBackend.transact_write_items = transact_write_items
    responses.TRANSACTION_MAX_ITEMS = TRANSACT_MAX  # TransactGetItems: DynamoDB allows 100
    responses.DynamoHandler.batch_write_item = limited_batch_write(responses.DynamoHandler.batch_write_item)
    responses.DynamoHandler.transact_write_items = idempotent_transact_write(
        state, responses.DynamoHandler.transact_write_items)
