"""Requests DynamoDB refuses, refused as DynamoDB refuses them (ValidationException, its message).

moto lets some through or refuses them in words of its own. Checked here, before moto sees the
request, for every operation the kit uses (written from the API reference's rules and DynamoDB's
answers):

  - expression attribute names and values: one that no expression of the request uses ("Value
    provided in ExpressionAttributeNames|Values unused in expressions: keys: {...}"), one an
    expression uses but the request does not define ("Invalid <Kind>Expression: An expression
    attribute name used in the document path is not defined; attribute name: #x" / "... value
    used in expression is not defined; attribute value: :x"), and either map without any
    expression ("ExpressionAttributeNames|Values can only be specified when using expressions");
  - keys: a Key that is not exactly the table's key attributes with their types ("The provided
    key element does not match the schema"); an item without a key attribute, or with one of
    another type ("One or more parameter values were invalid: Missing the key PK in the item" /
    "... Type mismatch for key PK expected: S actual: N");
  - Query and Scan Limit below 1.
"""

import json
import re

PREFIX = "com.amazonaws.dynamodb.v20120810#"
NAME = re.compile(r"#[A-Za-z0-9_]+")
VALUE = re.compile(r":[A-Za-z0-9_]+")
# The expressions each request (or transaction action) may carry, in the order DynamoDB reports them.
EXPRESSIONS = [("KeyConditionExpression", "KeyConditionExpression"), ("UpdateExpression", "UpdateExpression"),
               ("ConditionExpression", "ConditionExpression"), ("FilterExpression", "FilterExpression"),
               ("ProjectionExpression", "ProjectionExpression")]


class Refused(Exception):
    pass


def check_expressions(spec):
    """One request's (or one transaction action's) expressions against its names and values."""
    names = spec.get("ExpressionAttributeNames")
    values = spec.get("ExpressionAttributeValues")
    used_names, used_values = set(), set()
    expressions = [(kind, spec[field]) for field, kind in EXPRESSIONS if isinstance(spec.get(field), str)]
    if not expressions:
        if names is not None:
            raise Refused("ExpressionAttributeNames can only be specified when using expressions")
        if values is not None:
            raise Refused("ExpressionAttributeValues can only be specified when using expressions")
        return
    for kind, text in expressions:
        for name in NAME.findall(text):
            if name not in (names or {}):
                raise Refused(f"Invalid {kind}: An expression attribute name used in the document path is not "
                              f"defined; attribute name: {name}")
            used_names.add(name)
        for value in VALUE.findall(strip_names(text)):
            if value not in (values or {}):
                raise Refused(f"Invalid {kind}: An expression attribute value used in expression is not defined; "
                              f"attribute value: {value}")
            used_values.add(value)
    unused = sorted(set(names or {}) - used_names)
    if unused:
        raise Refused("Value provided in ExpressionAttributeNames unused in expressions: keys: {"
                      + ", ".join(unused) + "}")
    unused = sorted(set(values or {}) - used_values)
    if unused:
        raise Refused("Value provided in ExpressionAttributeValues unused in expressions: keys: {"
                      + ", ".join(unused) + "}")


def strip_names(text):
    return NAME.sub("", text)


def key_types(table):
    types = {d["AttributeName"]: d["AttributeType"] for d in table.attr}
    keys = [table.hash_key_attr] + ([table.range_key_attr] if table.range_key_attr else [])
    return {k: types.get(k) for k in keys}


def check_key(table, key):
    expected = key_types(table)
    if not isinstance(key, dict) or set(key) != set(expected) or any(
            not isinstance(key[k], dict) or list(key[k]) != [t] for k, t in expected.items() if t):
        raise Refused("The provided key element does not match the schema")


def check_item(table, item):
    for k, t in key_types(table).items():
        if not isinstance(item, dict) or k not in item:
            raise Refused(f"One or more parameter values were invalid: Missing the key {k} in the item")
        actual = next(iter(item[k]), None) if isinstance(item[k], dict) else None
        if t and actual != t:
            raise Refused(f"One or more parameter values were invalid: Type mismatch for key {k} expected: {t} "
                          f"actual: {actual}")


def check(backend, action, body):
    """Raises Refused with DynamoDB's message when DynamoDB refuses the request."""
    tables = backend.tables
    if action in ("GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "Scan"):
        check_expressions(body)
        table = tables.get(body.get("TableName"))
        if action in ("Query", "Scan") and body.get("Limit") is not None and body["Limit"] < 1:
            raise Refused(f"1 validation error detected: Value '{body['Limit']}' at 'limit' failed to satisfy "
                          "constraint: Member must have value greater than or equal to 1")
        if table is None:
            return
        if action == "PutItem":
            check_item(table, body.get("Item"))
        elif action in ("GetItem", "UpdateItem", "DeleteItem"):
            check_key(table, body.get("Key"))
    elif action == "BatchGetItem":
        for name, spec in (body.get("RequestItems") or {}).items():
            check_expressions(spec)
            if name in tables:
                for key in spec.get("Keys") or []:
                    check_key(tables[name], key)
    elif action == "BatchWriteItem":
        for name, requests in (body.get("RequestItems") or {}).items():
            for r in requests if name in tables else []:
                if "PutRequest" in r:
                    check_item(tables[name], r["PutRequest"].get("Item"))
                elif "DeleteRequest" in r:
                    check_key(tables[name], r["DeleteRequest"].get("Key"))
    elif action in ("TransactWriteItems", "TransactGetItems"):
        for entry in body.get("TransactItems") or []:
            for op_type, op in entry.items():
                check_expressions(op)
                table = tables.get(op.get("TableName"))
                if table is None:
                    continue
                if op_type == "Put":
                    check_item(table, op.get("Item"))
                else:
                    check_key(table, op.get("Key"))


def validating_call_action(original):
    def call_action(self):
        params = getattr(self, "params", None)
        if isinstance(params, dict):
            try:
                check(self.dynamodb_backend, self._get_action(), params)
            except Refused as e:
                body = json.dumps({"__type": PREFIX + "ValidationException", "message": str(e)})
                return 400, {"Content-Type": "application/x-amz-json-1.0"}, body
            except Exception:  # noqa: BLE001 - a malformed request: moto answers it
                pass
        return original(self)
    return call_action


def install(state):
    from moto.dynamodb.responses import DynamoHandler

    DynamoHandler.call_action = validating_call_action(DynamoHandler.call_action)
