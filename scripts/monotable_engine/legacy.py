"""Legacy parameters (Expected, ConditionalOperator, ScanFilter, QueryFilter, KeyConditions,
AttributesToGet, AttributeUpdates): refused where DynamoDB refuses them, otherwise rewritten into
the equivalent expressions before moto sees the request.

What moto 5.2.1 did with them (measured through the engine): Expected honoured by PutItem and
UpdateItem but ignored by DeleteItem (the item was deleted); ConditionalOperator OR ignored (treated
as AND) by PutItem's Expected and by ScanFilter, and a 400 from an internal error with QueryFilter;
AttributesToGet ignored by GetItem, Query and Scan (every attribute returned); QueryFilter ignored
next to a KeyConditionExpression; no mix of legacy and expression parameters refused but GetItem's.
An ignored condition is a write DynamoDB would refuse, so instead of patching each of moto's paths
the engine turns each legacy parameter into the expression DynamoDB documents as its equivalent
("Legacy conditional parameters" in the Developer Guide), which moto evaluates on its one tested
path. Placeholders are #legacyN / :legacyN: a request that carries legacy parameters carries no
expression of its own (DynamoDB refuses the mix) except a FilterExpression or ProjectionExpression
beside KeyConditions, whose placeholders cannot collide with these.
"""

from .values import INVALID, Refused, value_problem

# Per operation: DynamoDB's expression parameters and their legacy counterparts, in its order.
PARAMETERS = {
    "GetItem": (["ProjectionExpression"], ["AttributesToGet"]),
    "PutItem": (["ConditionExpression"], ["Expected"]),
    "DeleteItem": (["ConditionExpression"], ["Expected"]),
    "UpdateItem": (["UpdateExpression", "ConditionExpression"], ["AttributeUpdates", "Expected"]),
    "Query": (["ProjectionExpression", "FilterExpression", "KeyConditionExpression"],
              ["AttributesToGet", "QueryFilter", "ConditionalOperator", "KeyConditions"]),
    "Scan": (["ProjectionExpression", "FilterExpression"], ["AttributesToGet", "ScanFilter", "ConditionalOperator"]),
    "BatchGetItem": (["ProjectionExpression"], ["AttributesToGet"]),
}
ARGUMENTS = {"EQ": 1, "NE": 1, "LE": 1, "LT": 1, "GE": 1, "GT": 1, "CONTAINS": 1, "NOT_CONTAINS": 1,
             "BEGINS_WITH": 1, "NULL": 0, "NOT_NULL": 0, "BETWEEN": 2}
# The AttributeValue types each operator takes in a ScanFilter, QueryFilter or KeyConditions.
OPERAND_TYPES = {"EQ": "S N B SS NS BS", "NE": "S N B SS NS BS", "LE": "S N B", "LT": "S N B", "GE": "S N B",
                 "GT": "S N B", "CONTAINS": "S N B", "NOT_CONTAINS": "S N B", "BEGINS_WITH": "S B", "IN": "S N B",
                 "BETWEEN": "S N B"}
COMPARISONS = {"EQ": "=", "NE": "<>", "LE": "<=", "LT": "<", "GE": ">=", "GT": ">"}


def check_mix(action, spec):
    """DynamoDB refuses legacy and expression parameters in one request, naming both."""
    expressions, legacy = PARAMETERS.get(action, ([], []))
    used = [e for e in expressions if spec.get(e) is not None]
    if not used:
        return
    # KeyConditions may stand beside a FilterExpression or ProjectionExpression, not a KeyConditionExpression.
    mixed = [p for p in legacy if spec.get(p) is not None
             and not (p == "KeyConditions" and spec.get("KeyConditionExpression") is None)]
    if mixed:
        raise Refused("Can not use both expression and non-expression parameters in the same request: "
                      "Non-expression parameters: {" + ", ".join(mixed) + "} Expression parameters: {"
                      + ", ".join(used) + "}")


def argument_count(operator, values):
    if operator == "IN":
        return len(values) >= 1
    return ARGUMENTS.get(operator) == len(values)


def check_conditions(conditions):
    """ScanFilter, QueryFilter and KeyConditions: arguments per operator, one type, types per operator."""
    for condition in (conditions or {}).values():
        operator = condition.get("ComparisonOperator")
        values = condition.get("AttributeValueList") or []
        for value in values:
            problem = value_problem(value)
            if problem:
                raise Refused(problem)
        if not argument_count(operator, values):
            raise Refused(INVALID + f"Invalid number of argument(s) for the {operator} ComparisonOperator")
        kinds = [next(iter(v)) for v in values]
        if len(set(kinds)) > 1:
            raise Refused(INVALID + "AttributeValues inside AttributeValueList must be of same type")
        for kind in kinds:
            if kind not in OPERAND_TYPES.get(operator, kind).split():
                raise Refused(INVALID + f"ComparisonOperator {operator} is not valid for {kind} AttributeValue type")


def check_expected(expected):
    """Expected, by DynamoDB's rules for Exists, Value, ComparisonOperator and AttributeValueList."""
    for name, condition in (expected or {}).items():
        if "AttributeValueList" in condition and "Value" in condition:
            raise Refused(INVALID + f"Value and AttributeValueList cannot be used together for Attribute: {name}")
        operator = condition.get("ComparisonOperator")
        if operator is not None:
            if "Exists" in condition:
                raise Refused(INVALID + f"Exists and ComparisonOperator cannot be used together for Attribute: {name}")
            values = condition.get("AttributeValueList")
            if values is None:
                values = [condition["Value"]] if condition.get("Value") is not None else []
            if operator not in ("NULL", "NOT_NULL") and not values:
                raise Refused(INVALID + f"Value or AttributeValueList must be used with ComparisonOperator: "
                              f"{operator} for Attribute: {name}")
            if not argument_count(operator, values):
                raise Refused(INVALID + f"Invalid number of argument(s) for the {operator} ComparisonOperator")
            for value in values:
                problem = value_problem(value)
                if problem:
                    raise Refused(problem)
        elif "AttributeValueList" in condition:
            raise Refused(INVALID + f"AttributeValueList can only be used with a ComparisonOperator for Attribute: {name}")
        else:
            exists = condition.get("Exists")
            if exists in (None, True) and condition.get("Value") is None:
                raise Refused(INVALID + "Value must be provided when Exists is "
                              + ("null" if exists is None else "true") + f" for Attribute: {name}")
            if exists is False and condition.get("Value") is not None:
                raise Refused(INVALID + f"Value cannot be used when Exists is false for Attribute: {name}")
            if condition.get("Value") is not None:
                problem = value_problem(condition["Value"])
                if problem:
                    raise Refused(problem)


def check_attribute_updates(updates):
    for name, update in (updates or {}).items():
        value, action = update.get("Value"), update.get("Action", "PUT")
        if value is not None:
            problem = value_problem(value)
            if problem:
                raise Refused(problem)
            kind = next(iter(value))
            if action == "DELETE" and kind not in ("SS", "NS", "BS"):
                raise Refused(INVALID + f"DELETE action with value is not supported for the type {kind}")
            if action == "ADD" and kind not in ("L", "SS", "NS", "BS", "N"):
                raise Refused(INVALID + f"ADD action is not supported for the type {kind}")
        elif action != "DELETE":
            raise Refused(INVALID + "Only DELETE action is allowed when no attribute value is specified")


def check_attributes_to_get(names):
    seen = set()
    for name in names or []:
        if name in seen:
            raise Refused(INVALID + f"Duplicate value in attribute name: {name}")
        seen.add(name)


def check(action, spec):
    """A request's legacy parameters, as DynamoDB validates them."""
    check_mix(action, spec)
    check_attributes_to_get(spec.get("AttributesToGet"))
    if action in ("PutItem", "DeleteItem", "UpdateItem"):
        check_expected(spec.get("Expected"))
    if action == "UpdateItem":
        check_attribute_updates(spec.get("AttributeUpdates"))
    for field in ("ScanFilter", "QueryFilter", "KeyConditions"):
        check_conditions(spec.get(field))


class Placeholders:
    def __init__(self, spec):
        self.spec = spec
        self.count = 0

    def name(self, attribute):
        self.count += 1
        key = f"#legacy{self.count}"
        self.spec.setdefault("ExpressionAttributeNames", {})[key] = attribute
        return key

    def value(self, value):
        self.count += 1
        key = f":legacy{self.count}"
        self.spec.setdefault("ExpressionAttributeValues", {})[key] = value
        return key


def condition_text(p, attribute, operator, values):
    """One legacy condition as the expression the Developer Guide gives for it."""
    path = p.name(attribute)
    if operator in COMPARISONS:
        return f"{path} {COMPARISONS[operator]} {p.value(values[0])}"
    if operator == "NULL":
        return f"attribute_not_exists({path})"
    if operator == "NOT_NULL":
        return f"attribute_exists({path})"
    if operator == "CONTAINS":
        return f"contains({path}, {p.value(values[0])})"
    if operator == "NOT_CONTAINS":
        return f"NOT contains({path}, {p.value(values[0])})"
    if operator == "BEGINS_WITH":
        return f"begins_with({path}, {p.value(values[0])})"
    if operator == "BETWEEN":
        return f"{path} BETWEEN {p.value(values[0])} AND {p.value(values[1])}"
    return f"{path} IN (" + ", ".join(p.value(v) for v in values) + ")"


def conditions_text(p, conditions, joiner):
    parts = [condition_text(p, a, c["ComparisonOperator"], c.get("AttributeValueList") or [])
             for a, c in conditions.items()]
    return f" {joiner} ".join(f"({part})" for part in parts) if len(parts) > 1 else (parts[0] if parts else None)


def expected_text(p, expected, joiner):
    parts = []
    for attribute, c in expected.items():
        if c.get("ComparisonOperator") is not None:
            values = c.get("AttributeValueList")
            if values is None:
                values = [c["Value"]] if c.get("Value") is not None else []
            parts.append(condition_text(p, attribute, c["ComparisonOperator"], values))
        elif c.get("Exists") is False:
            parts.append(condition_text(p, attribute, "NULL", []))
        else:
            parts.append(condition_text(p, attribute, "EQ", [c["Value"]]))
    return f" {joiner} ".join(f"({part})" for part in parts) if len(parts) > 1 else (parts[0] if parts else None)


def updates_text(p, updates):
    sets, removes, adds, deletes = [], [], [], []
    for attribute, u in updates.items():
        action, value = u.get("Action", "PUT"), u.get("Value")
        path = p.name(attribute)
        if action == "PUT":
            sets.append(f"{path} = {p.value(value)}")
        elif action == "DELETE" and value is None:
            removes.append(path)
        elif action == "DELETE":
            deletes.append(f"{path} {p.value(value)}")
        elif "L" in value:
            # Legacy ADD appends to a list (or makes one); expressions say it with list_append.
            sets.append(f"{path} = list_append(if_not_exists({path}, {p.value({'L': []})}), {p.value(value)})")
        else:
            adds.append(f"{path} {p.value(value)}")
    clauses = [("SET", sets), ("REMOVE", removes), ("ADD", adds), ("DELETE", deletes)]
    return " ".join(f"{verb} " + ", ".join(parts) for verb, parts in clauses if parts) or None


def rewrite(action, spec):
    """Replaces the legacy parameters of a valid request with their expressions, in place."""
    p = Placeholders(spec)
    joiner = spec.pop("ConditionalOperator", None) or "AND"
    expected = spec.pop("Expected", None)
    if expected:
        spec["ConditionExpression"] = expected_text(p, expected, joiner)
    updates = spec.pop("AttributeUpdates", None)
    if updates:
        text = updates_text(p, updates)
        if text:
            spec["UpdateExpression"] = text
    for field in ("ScanFilter", "QueryFilter"):
        conditions = spec.pop(field, None)
        if conditions:
            spec["FilterExpression"] = conditions_text(p, conditions, joiner)
    key_conditions = spec.pop("KeyConditions", None)
    if key_conditions:
        spec["KeyConditionExpression"] = " AND ".join(
            condition_text(p, a, c["ComparisonOperator"], c.get("AttributeValueList") or [])
            for a, c in key_conditions.items())
    names = spec.pop("AttributesToGet", None)
    if names:
        spec["ProjectionExpression"] = ", ".join(p.name(n) for n in names)
