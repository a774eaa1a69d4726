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

Since issue 24 also, in that order: the member constraints of the API reference (shapes.py), the
rules between members, legacy parameters (legacy.py: mixes refused, invalid ones refused, valid
ones rewritten into expressions so none is ignored), attribute values, item and key sizes
(values.py), index and key-condition rules that need the table. Every ValidationException the
engine answers, moto's own included, carries DynamoDB's type, com.amazon.coral.validate#.
"""

import json
import re

from . import legacy, shapes, values
from .values import Refused

PREFIX = "com.amazon.coral.validate#"
SERVICE_PREFIX = "com.amazonaws.dynamodb.v20120810#"
NAME = re.compile(r"#[A-Za-z0-9_]+")
VALUE = re.compile(r":[A-Za-z0-9_]+")
# The expressions each request (or transaction action) may carry, in the order DynamoDB reports them.
EXPRESSIONS = [("KeyConditionExpression", "KeyConditionExpression"), ("UpdateExpression", "UpdateExpression"),
               ("ConditionExpression", "ConditionExpression"), ("FilterExpression", "FilterExpression"),
               ("ProjectionExpression", "ProjectionExpression")]


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


def key_schema(table, index_name=None):
    """[(attribute, type, is_hash)] of the table, or of one of its indexes."""
    types = {d["AttributeName"]: d["AttributeType"] for d in table.attr}
    if index_name is None:
        keys = [table.hash_key_attr] + ([table.range_key_attr] if table.range_key_attr else [])
    else:
        index = find_index(table, index_name)
        keys = [k["AttributeName"] for k in index.schema] if index is not None else []
    return [(k, types.get(k), i == 0) for i, k in enumerate(keys)]


def find_index(table, name):
    for index in list(table.global_indexes or []) + list(table.indexes or []):
        if index.name == name:
            return index
    return None


def check_key_sizes(table, attributes, in_item):
    for attr, _, is_hash in key_schema(table):
        problem = values.key_size_problem(attr, (attributes or {}).get(attr), is_hash, in_item)
        if problem:
            raise Refused(problem)


def check_index_keys(table, item):
    """An index key attribute of the wrong type in an item (DynamoDB's words, index named)."""
    types = {d["AttributeName"]: d["AttributeType"] for d in table.attr}
    for index in table.global_indexes or []:
        for k in index.schema:
            name = k["AttributeName"]
            value = item.get(name)
            if isinstance(value, dict) and value and types.get(name) not in (None, next(iter(value))):
                raise Refused(f"One or more parameter values were invalid: Type mismatch for Index Key {name} "
                              f"Expected: {types[name]} Actual: {next(iter(value))} IndexName: {index.name}")


def check_put(table, item):
    problem = values.values_problem(item) or values.item_size_problem(item)
    if problem:
        raise Refused(problem)
    check_item(table, item)
    check_key_sizes(table, item, True)
    check_index_keys(table, item)


def check_key_of(table, key):
    problem = values.values_problem(key)
    if problem:
        raise Refused(problem)
    check_key(table, key)
    check_key_sizes(table, key, False)


KEYWORDS = {"AND", "OR", "NOT", "BETWEEN", "IN", "attribute_exists", "attribute_not_exists", "attribute_type",
            "begins_with", "contains", "size"}
PATH_HEAD = re.compile(r"(?<![:#\w.\[])(#?[A-Za-z_][A-Za-z0-9_]*)")


def path_heads(text, names):
    """The top-level attributes an expression names (placeholders resolved), for the key rules."""
    heads = set()
    for token in PATH_HEAD.findall(re.sub(r":[A-Za-z0-9_]+", " ", text)):
        if token in KEYWORDS or token.upper() in KEYWORDS:
            continue
        heads.add((names or {}).get(token, token) if token.startswith("#") else token)
    return heads


def check_query(table, body):
    index_name = body.get("IndexName")
    if index_name is not None:
        index = find_index(table, index_name)
        if index is None:
            raise Refused(f"The table does not have the specified index: {index_name}")
        is_global = index in (table.global_indexes or [])
        if is_global and body.get("ConsistentRead"):
            raise Refused("Consistent reads are not supported on global secondary indexes")
        projection = (index.projection or {}).get("ProjectionType", "ALL")
        if is_global and body.get("Select") == "ALL_ATTRIBUTES" and projection != "ALL":
            raise Refused("One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported "
                          f"for global secondary index {index_name} because its projection type is not ALL")
    schema = key_schema(table, index_name)
    key_names = [k for k, _, _ in schema]
    text = body.get("KeyConditionExpression")
    if isinstance(text, str):
        for operator in ("OR", "NOT", "IN"):
            if re.search(rf"\b{operator}\b", text, re.IGNORECASE):
                raise Refused(f"Invalid operator used in KeyConditionExpression: {operator}")
        names, vals = body.get("ExpressionAttributeNames") or {}, body.get("ExpressionAttributeValues") or {}
        types = {k: t for k, t, _ in schema}
        for path, placeholder in re.findall(r"(#?[A-Za-z_][A-Za-z0-9_]*)\s*(?:=|<=|>=|<|>)\s*(:[A-Za-z0-9_]+)", text) + \
                re.findall(r"begins_with\s*\(\s*(#?[A-Za-z_][A-Za-z0-9_]*)\s*,\s*(:[A-Za-z0-9_]+)", text):
            attribute = names.get(path, path)
            value = vals.get(placeholder)
            if attribute in types and isinstance(value, dict) and value and next(iter(value)) != types[attribute]:
                raise Refused("One or more parameter values were invalid: Condition parameter type does not match "
                              "schema type")
    if isinstance(body.get("FilterExpression"), str):
        heads = path_heads(body["FilterExpression"], body.get("ExpressionAttributeNames"))
        for k in key_names:
            if k in heads:
                raise Refused(f"Filter Expression can only contain non-primary key attributes: Primary key attribute: {k}")
    for k in key_names:
        if k in (body.get("QueryFilter") or {}):
            raise Refused(f"QueryFilter can only contain non-primary key attributes: Primary key attribute: {k}")


def check_single(backend, action, body):
    legacy.check(action, body)
    for field in ("Key", "ExclusiveStartKey"):
        problem = values.values_problem(body.get(field))
        if problem:
            raise Refused(problem)
    shapes.check_expression_maps(action, body)
    problem = values.expression_values_problem(body.get("ExpressionAttributeValues"))
    if problem:
        raise Refused(problem)
    check_expressions(body)
    table = backend.tables.get(body.get("TableName"))
    if table is None:
        return
    if action == "PutItem":
        check_put(table, body.get("Item"))
    elif action in ("GetItem", "UpdateItem", "DeleteItem"):
        check_key_of(table, body.get("Key"))
    if action == "UpdateItem":
        for k, _, _ in key_schema(table):
            if k in (body.get("AttributeUpdates") or {}):
                raise Refused(f"One or more parameter values were invalid: Cannot update attribute {k}. "
                              "This attribute is part of the key")
    if action == "Query":
        check_query(table, body)


def check(backend, action, body):
    """Raises Refused with DynamoDB's message when DynamoDB refuses the request."""
    tables = backend.tables
    shapes.check_members(action, body)
    shapes.check_rules(action, body)
    if action in ("GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "Scan"):
        check_single(backend, action, body)
    elif action == "BatchGetItem":
        total = 0
        for name, spec in (body.get("RequestItems") or {}).items():
            legacy.check(action, spec)
            shapes.check_expression_maps(action, spec)
            check_expressions(spec)
            for key in spec.get("Keys") or []:
                total += 1
                problem = values.values_problem(key)
                if problem:
                    raise Refused(problem)
                if name in tables:
                    check_key(tables[name], key)
        if total > 100:
            raise Refused("Too many items requested for the BatchGetItem call")
    elif action == "BatchWriteItem":
        # The whole request is checked before anything is written, as DynamoDB does.
        for name, requests in (body.get("RequestItems") or {}).items():
            for r in requests:
                table = tables.get(name)
                if "PutRequest" in r:
                    item = r["PutRequest"].get("Item")
                    if table is None:
                        problem = values.values_problem(item) or values.item_size_problem(item)
                        if problem:
                            raise Refused(problem)
                    else:
                        check_put(table, item)
                elif "DeleteRequest" in r:
                    key = r["DeleteRequest"].get("Key")
                    if table is None:
                        problem = values.values_problem(key)
                        if problem:
                            raise Refused(problem)
                    else:
                        check_key_of(table, key)
    elif action in ("TransactWriteItems", "TransactGetItems"):
        for entry in body.get("TransactItems") or []:
            for op_type, op in entry.items():
                shapes.check_expression_maps("PutItem" if op_type == "Put" else "UpdateItem" if op_type == "Update"
                                             else "DeleteItem" if op_type in ("Delete", "ConditionCheck") else op_type,
                                             op)
                problem = values.expression_values_problem(op.get("ExpressionAttributeValues"))
                if problem:
                    raise Refused(problem)
                check_expressions(op)
                table = tables.get(op.get("TableName"))
                if op_type == "Put":
                    if table is None:
                        problem = values.values_problem(op.get("Item")) or values.item_size_problem(op.get("Item"))
                        if problem:
                            raise Refused(problem)
                    else:
                        check_put(table, op.get("Item"))
                elif table is not None:
                    check_key_of(table, op.get("Key"))
    if action in legacy.PARAMETERS:
        if action == "BatchGetItem":
            for spec in (body.get("RequestItems") or {}).values():
                legacy.rewrite(action, spec)
        else:
            legacy.rewrite(action, body)


def faithful_error(result):
    """moto's own refusals in DynamoDB's types: ValidationException is com.amazon.coral.validate#'s."""
    if not isinstance(result, tuple) or len(result) < 3 or result[0] != 400:
        return result
    try:
        payload = json.loads(result[2])
    except (TypeError, ValueError):
        return result
    kind = payload.get("__type", "") if isinstance(payload, dict) else ""
    name = kind.rpartition("#")[2]
    if name == "ValidationException" and kind != PREFIX + name:
        payload["__type"] = PREFIX + name
    elif name == "ResourceNotFound":  # moto's UpdateTimeToLive and DescribeTimeToLive
        payload = {"__type": SERVICE_PREFIX + "ResourceNotFoundException", "message": "Requested resource not found"}
    elif "#" not in kind and name:
        payload["__type"] = SERVICE_PREFIX + name
    else:
        return result
    body = json.dumps(payload)
    headers = dict(result[1])
    # moto signed the body it wrote (x-amz-crc32, which the SDKs check): sign the new one.
    from moto.utilities.aws_headers import gen_amz_crc32

    gen_amz_crc32(body, headers)
    return (result[0], headers, body) + tuple(result[3:])


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
        return faithful_error(original(self))
    return call_action


def install(state):
    from moto.dynamodb.responses import DynamoHandler

    DynamoHandler.call_action = validating_call_action(DynamoHandler.call_action)
