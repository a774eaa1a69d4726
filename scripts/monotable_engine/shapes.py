"""Parameter constraints of DynamoDB's API reference, refused in DynamoDB's words.

DynamoDB checks a request's members before anything else (required members, table-name pattern and
length, enums, numeric minimums) and answers all the failures at once: "N validation error(s)
detected: Value 'x' at 'member' failed to satisfy constraint: ...; ...". moto answered most of
these with a KeyError (500, then 400 from server.py) or let them through. Then come the rules
between members (ReturnValues per operation, Select against projections, Segment against
TotalSegments, empty expressions and maps), also in DynamoDB's words.
"""

import re

from .values import Refused

TABLE_NAME = re.compile(r"^[a-zA-Z0-9_.-]+$")
EXPRESSION_KEY = {"ExpressionAttributeNames": re.compile(r"^#[0-9a-zA-Z_]+$"),
                  "ExpressionAttributeValues": re.compile(r"^:[0-9a-zA-Z_]+$")}
ENUMS = [
    ("ReturnValues", "returnValues", ["ALL_NEW", "UPDATED_OLD", "ALL_OLD", "NONE", "UPDATED_NEW"]),
    ("ReturnConsumedCapacity", "returnConsumedCapacity", ["INDEXES", "TOTAL", "NONE"]),
    ("ReturnItemCollectionMetrics", "returnItemCollectionMetrics", ["SIZE", "NONE"]),
    ("Select", "select", ["SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"]),
    ("ConditionalOperator", "conditionalOperator", ["OR", "AND"]),
    ("ReturnValuesOnConditionCheckFailure", "returnValuesOnConditionCheckFailure", ["ALL_OLD", "NONE"]),
]
TABLE_OPERATIONS = {"GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "Scan", "DescribeTable",
                    "CreateTable", "DeleteTable", "UpdateTable", "UpdateTimeToLive", "DescribeTimeToLive"}
REQUIRED = {"GetItem": [("Key", "key")], "UpdateItem": [("Key", "key")], "DeleteItem": [("Key", "key")],
            "PutItem": [("Item", "item")]}
# The expressions whose absence makes ExpressionAttributeValues refused, as DynamoDB names them.
VALUE_EXPRESSIONS = {"PutItem": ["ConditionExpression"], "DeleteItem": ["ConditionExpression"],
                     "UpdateItem": ["UpdateExpression", "ConditionExpression"],
                     "Query": ["FilterExpression", "KeyConditionExpression"], "Scan": ["FilterExpression"]}


def value_text(value):
    return "null" if value is None else f"'{value}'"


def constraint(value, path, rule):
    return f"Value {value_text(value)} at '{path}' failed to satisfy constraint: {rule}"


def raise_all(errors):
    if errors:
        errors = errors[:10]
        raise Refused(f"{len(errors)} validation error{'s' if len(errors) > 1 else ''} detected: " + "; ".join(errors))


def table_name_errors(name, path, create):
    if name is None:
        return [constraint(None, path, "Member must not be null")]
    if not isinstance(name, str) or name.startswith("arn:"):
        return []  # a table ARN is checked by the lookup
    errors = []
    if create:
        # CreateTable keeps the original rule: 3 to 255 of [a-zA-Z0-9_.-].
        if not TABLE_NAME.match(name):
            errors.append(constraint(name, path, "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"))
        if len(name) < 3:
            errors.append(constraint(name, path, "Member must have length greater than or equal to 3"))
    elif name == "":
        errors.append(constraint(name, path, "Member must have length greater than or equal to 1"))
        return errors
    elif not TABLE_NAME.match(name):
        errors.append(constraint(name, path, "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"))
    if len(name) > 255:
        errors.append(constraint(name, path, "Member must have length less than or equal to 255"))
    return errors


def enum_errors(body, prefix=""):
    errors = []
    for field, path, allowed in ENUMS:
        value = body.get(field)
        if value is not None and value not in allowed:
            errors.append(constraint(value, prefix + path,
                                     "Member must satisfy enum value set: [" + ", ".join(allowed) + "]"))
    return errors


def minimum_errors(body):
    errors = []
    for field, path, low in (("Limit", "limit", 1), ("TotalSegments", "totalSegments", 1), ("Segment", "segment", 0)):
        value = body.get(field)
        if isinstance(value, int) and value < low:
            errors.append(constraint(value, path, f"Member must have value greater than or equal to {low}"))
    return errors


def transact_errors(items, action):
    """Members of each transaction action DynamoDB requires, with its paths (1-based)."""
    errors = []
    required = {"ConditionCheck": ["TableName", "Key", "ConditionExpression"], "Put": ["TableName", "Item"],
                "Delete": ["TableName", "Key"], "Update": ["TableName", "Key", "UpdateExpression"],
                "Get": ["TableName", "Key"]}
    for i, entry in enumerate(items, 1):
        for op_type, op in entry.items() if isinstance(entry, dict) else []:
            if not isinstance(op, dict):
                continue
            path = f"transactItems.{i}.member.{op_type[0].lower() + op_type[1:]}."
            for field in required.get(op_type, []):
                if op.get(field) is None:
                    errors.append(constraint(None, path + field[0].lower() + field[1:], "Member must not be null"))
            errors.extend(enum_errors(op, path))
    return errors


def check_members(action, body):
    """The member constraints of one request: raises Refused listing every failure, as DynamoDB."""
    errors = []
    if action in TABLE_OPERATIONS:
        errors += table_name_errors(body.get("TableName"), "tableName", action == "CreateTable")
    for field, path in REQUIRED.get(action, []):
        if body.get(field) is None:
            errors.append(constraint(None, path, "Member must not be null"))
    errors += enum_errors(body) + minimum_errors(body)
    if action == "UpdateTimeToLive":
        spec = body.get("TimeToLiveSpecification") or {}
        if spec.get("AttributeName") == "":
            errors.append(constraint("", "timeToLiveSpecification.attributeName",
                                     "Member must have length greater than or equal to 1"))
    elif action in ("TransactWriteItems", "TransactGetItems"):
        items = body.get("TransactItems")
        if not items:
            errors.append(constraint("[]" if items is not None else None, "transactItems",
                                     "Member must have length greater than or equal to 1"
                                     if items is not None else "Member must not be null"))
        elif len(items) > 100:
            errors.append(f"Value '[{len(items)} items]' at 'transactItems' failed to satisfy constraint: "
                          "Member must have length less than or equal to 100")
        else:
            errors += transact_errors(items, action)
        token = body.get("ClientRequestToken")
        if action == "TransactWriteItems" and isinstance(token, str) and not 1 <= len(token) <= 36:
            errors.append(constraint(token, "clientRequestToken", "Member must have length "
                                     + ("greater than or equal to 1" if not token else "less than or equal to 36")))
    elif action in ("BatchWriteItem", "BatchGetItem"):
        requests = body.get("RequestItems")
        if requests is None:
            errors.append(constraint(None, "requestItems", "Member must not be null"))
        elif not requests:
            errors.append(constraint("{}", "requestItems", "Member must have length greater than or equal to 1"))
        elif action == "BatchGetItem":
            for name, spec in requests.items():
                if isinstance(spec, dict) and spec.get("Keys") == []:
                    errors.append(constraint("[]", f"requestItems.{name}.member.keys",
                                             "Member must have length greater than or equal to 1"))
    raise_all(errors)


def check_rules(action, body):
    """Rules between members (after the member constraints), in DynamoDB's words."""
    if action in ("PutItem", "DeleteItem") and body.get("ReturnValues") not in (None, "ALL_OLD", "NONE"):
        raise Refused("ReturnValues can only be ALL_OLD or NONE")
    if action == "Scan":
        segment, total = body.get("Segment"), body.get("TotalSegments")
        if segment is not None and total is None:
            raise Refused("The TotalSegments parameter is required but was not present in the request when Segment "
                          "parameter is present")
        if total is not None and segment is None:
            raise Refused("The Segment parameter is required but was not present in the request when parameter "
                          "TotalSegments is present")
        if segment is not None and segment >= total:
            raise Refused("The Segment parameter is zero-based and must be less than parameter TotalSegments: "
                          f"Segment: {segment} is not less than TotalSegments: {total}")
    if action in ("Query", "Scan"):
        check_select(body)
    if action == "Query" and body.get("KeyConditions") is None and body.get("KeyConditionExpression") is None:
        raise Refused("Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.")


def check_select(body):
    select, projection, to_get = body.get("Select"), body.get("ProjectionExpression"), body.get("AttributesToGet")
    if projection is not None and select not in (None, "SPECIFIC_ATTRIBUTES"):
        raise Refused("Cannot specify the ProjectionExpression when choosing to get "
                      + ("only the Count" if select == "COUNT" else select))
    if to_get is not None and select not in (None, "SPECIFIC_ATTRIBUTES"):
        raise Refused("Cannot specify the AttributesToGet when choosing to get "
                      + ("only the Count" if select == "COUNT" else select))
    if select == "ALL_PROJECTED_ATTRIBUTES" and body.get("IndexName") is None:
        raise Refused("ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName")
    if select == "SPECIFIC_ATTRIBUTES" and projection is None and to_get is None:
        raise Refused("Must specify the AttributesToGet or ProjectionExpression when choosing to get "
                      "SPECIFIC_ATTRIBUTES")


def check_expression_maps(action, spec):
    """Empty expressions and expression maps, their keys, and values without an expression to use them."""
    for field in ("KeyConditionExpression", "UpdateExpression", "ConditionExpression", "FilterExpression",
                  "ProjectionExpression"):
        if spec.get(field) == "":
            raise Refused(f"Invalid {field}: The expression can not be empty;")
    for field, pattern in EXPRESSION_KEY.items():
        mapping = spec.get(field)
        if mapping is None:
            continue
        if isinstance(mapping, dict) and not mapping:
            raise Refused(f"{field} must not be empty")
        for key in mapping if isinstance(mapping, dict) else []:
            if not pattern.match(key):
                raise Refused(f'{field} contains invalid key: Syntax error; key: "{key}"')
    expressions = VALUE_EXPRESSIONS.get(action)
    if expressions and spec.get("ExpressionAttributeValues") is not None and all(
            spec.get(e) is None for e in expressions):
        raise Refused("ExpressionAttributeValues can only be specified when using expressions: "
                      + " and ".join(expressions) + (" are null" if len(expressions) > 1 else " is null"))
