"""Faults on request: the next N calls of an operation (on a table, on chosen keys) fail as DynamoDB fails.

Tests register a fault through the control API (POST /_engine/faults); a matching request is
answered with the error before moto sees it, so it writes nothing, and the fault's count goes down
by one. The errors, with DynamoDB's type, status and message:

  TransactionConflictException             400; for TransactWriteItems DynamoDB's form of it, a
                                           TransactionCanceledException whose matching actions have
                                           the reason TransactionConflict (the SDK retries neither)
  ProvisionedThroughputExceededException   400 (the SDK retries it, with backoff)
  ThrottlingException                      400 (the SDK retries it, with backoff)
  InternalServerError                      500 (the SDK retries it)

Keys match when every attribute of a fault's key equals the request's item or key (so a key may
name the partition alone); Query and Scan match on operation and table only.
"""

import itertools
import json

PREFIX = "com.amazonaws.dynamodb.v20120810#"
ERRORS = {
    "TransactionConflictException": (400, "Transaction is ongoing for the item"),
    "ProvisionedThroughputExceededException": (
        400, "The level of configured provisioned throughput for the table was exceeded. Consider increasing your "
             "provisioning level with the UpdateTable API."),
    "ThrottlingException": (
        400, "Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling your "
             "table or index so please try again shortly. If exceptions persist, check if you have a hot key: "
             "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html"),
    "InternalServerError": (500, "Internal server error"),
}
OPERATIONS = {"GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "Scan", "BatchGetItem", "BatchWriteItem",
              "TransactGetItems", "TransactWriteItems"}
_ids = itertools.count(1)


def register(state, body):
    """A fault from its JSON: {"operation", "error", "count", "table"?, "keys"?}; (status, answer)."""
    operation, error, count = body.get("operation"), body.get("error"), body.get("count", 1)
    table, keys = body.get("table"), body.get("keys") or []
    if operation not in OPERATIONS or error not in ERRORS or not isinstance(count, int) or count < 1 \
            or (table is not None and not isinstance(table, str)) or not isinstance(keys, list) \
            or not all(isinstance(k, dict) and k for k in keys):
        return 400, {"error": "expected {\"operation\": one of " + ", ".join(sorted(OPERATIONS)) + ", \"error\": one "
                     "of " + ", ".join(sorted(ERRORS)) + ", \"count\": N >= 1, \"table\": optional name, \"keys\": "
                     "optional [{attribute: {type: value}}]}"}
    fault = {"id": next(_ids), "operation": operation, "error": error, "remaining": count, "table": table,
             "keys": keys}
    with state.lock:
        state.faults.append(fault)
    return 200, fault


def targets(action, body):
    """(table, item or key) of every item a request names; Query and Scan name their table alone."""
    if action == "PutItem":
        return [(body.get("TableName"), body.get("Item") or {})]
    if action in ("GetItem", "UpdateItem", "DeleteItem"):
        return [(body.get("TableName"), body.get("Key") or {})]
    if action in ("Query", "Scan"):
        return [(body.get("TableName"), None)]
    if action == "BatchGetItem":
        return [(t, k) for t, spec in (body.get("RequestItems") or {}).items() for k in spec.get("Keys") or []]
    if action == "BatchWriteItem":
        return [(t, r.get("PutRequest", {}).get("Item") or r.get("DeleteRequest", {}).get("Key") or {})
                for t, requests in (body.get("RequestItems") or {}).items() for r in requests]
    out = []
    for entry in body.get("TransactItems") or []:
        for op in entry.values():
            out.append((op.get("TableName"), op.get("Item") or op.get("Key") or {}))
    return out


def matches(fault, table, item):
    if fault["table"] is not None and fault["table"] != table:
        return False
    if not fault["keys"]:
        return True
    if item is None:
        return False
    return any(all(item.get(a) == v for a, v in key.items()) for key in fault["keys"])


def injected(state, action, raw_body):
    """The (status, headers, body) of a fault this request meets, or None (under the engine lock)."""
    if not state.faults or action not in OPERATIONS:
        return None
    try:
        body = json.loads(raw_body or b"{}")
    except ValueError:
        return None
    named = targets(action, body)
    for fault in state.faults:
        if fault["operation"] != action:
            continue
        hits = [matches(fault, t, i) for t, i in named]
        if not any(hits):
            continue
        fault["remaining"] -= 1
        if fault["remaining"] == 0:
            state.faults.remove(fault)
        state.faults_injected += 1
        return answer(fault["error"], action, hits)
    return None


def answer(error, action, hits):
    status, message = ERRORS[error]
    if error == "TransactionConflictException" and action == "TransactWriteItems":
        reasons = [{"Code": "TransactionConflict", "Message": "Transaction is ongoing for the item"} if hit
                   else {"Code": "None"} for hit in hits]
        codes = ", ".join("TransactionConflict" if hit else "None" for hit in hits)
        payload = {"__type": PREFIX + "TransactionCanceledException",
                   "message": f"Transaction cancelled, please refer cancellation reasons for specific reasons [{codes}]",
                   "CancellationReasons": reasons}
    else:
        payload = {"__type": PREFIX + error, "message": message}
    return status, json.dumps(payload).encode()
