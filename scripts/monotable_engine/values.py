"""Attribute values DynamoDB refuses, in its words: numbers, sets, NULL, the union, item and key sizes.

moto lets many through (a number of 39 digits or below 1e-130 is stored, rounded; a set with a
duplicate is kept) or refuses them late, after a batch has written its first items. The messages
are DynamoDB's, as pinned by suites run against it (dynalite's validations, independent error-message
suites); where DynamoDB's wording varies by region the tests pin only the invariant part.
"""

import base64
import re
from decimal import Decimal, InvalidOperation

NUMBER = re.compile(r"^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$")
MAX_ITEM_BYTES = 400 * 1024
TYPES = ("S", "N", "B", "SS", "NS", "BS", "M", "L", "NULL", "BOOL")
INVALID = "One or more parameter values were invalid: "


class Refused(Exception):
    """A request DynamoDB refuses with a ValidationException; the message is DynamoDB's."""


def number_problem(text):
    """DynamoDB's refusal of one number's text, or None: 38 significant digits, 1e-130 to below 1e126."""
    if not isinstance(text, str) or not text.strip():
        return "The parameter cannot be converted to a numeric value"
    if not NUMBER.match(text):
        return f"The parameter cannot be converted to a numeric value: {text}"
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        return f"The parameter cannot be converted to a numeric value: {text}"
    if value.is_zero():
        return None
    if value.adjusted() > 125:
        return "Number overflow. Attempting to store a number with magnitude larger than supported range"
    if value.adjusted() < -130:
        return "Number underflow. Attempting to store a number with magnitude smaller than supported range"
    # Counted on the digits themselves: normalize() would round to the context's 28 digits.
    if len("".join(map(str, value.as_tuple().digits)).strip("0")) > 38:
        return "Attempting to store more than 38 significant digits in a Number"
    return None


def rendered(values):
    return "[" + ", ".join(str(v) for v in values) + "]"


def value_problem(value):
    """DynamoDB's refusal of one AttributeValue (recursively), or None."""
    if not isinstance(value, dict) or not value:
        return "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"
    for kind, content in value.items():
        if kind == "N":
            problem = number_problem(content)
            if problem:
                return problem
        elif kind == "NULL" and content is not True:
            return INVALID + "Null attribute value types must have the value of true"
        elif kind in ("SS", "NS", "BS"):
            problem = set_problem(kind, content)
            if problem:
                return problem
        elif kind == "M" and isinstance(content, dict):
            for member in content.values():
                problem = value_problem(member)
                if problem:
                    return problem
        elif kind == "L" and isinstance(content, list):
            for member in content:
                problem = value_problem(member)
                if problem:
                    return problem
    if len(value) > 1:
        return "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes"
    return None


def set_problem(kind, members):
    if not isinstance(members, list):
        return None  # moto answers a malformed set itself
    if not members:
        return {"SS": INVALID + "An string set  may not be empty", "NS": INVALID + "An number set  may not be empty",
                "BS": INVALID + "Binary sets should not be empty"}[kind]
    if kind == "NS":
        for member in members:
            problem = number_problem(member)
            if problem:
                return problem
        # Duplicates by value: 1 and 1.0 are one number to DynamoDB.
        if len({Decimal(m.strip()) for m in members}) < len(members):
            return "Input collection contains duplicates"
    elif len(set(members)) < len(members):
        # DynamoDB's own wording, the missing space before "of" included.
        return (INVALID + f"Input collection {rendered(members)} contains duplicates." if kind == "SS"
                else INVALID + f"Input collection {rendered(members)}of type BS contains duplicates.")
    return None


def values_problem(attributes):
    """The first refused value of an item or key (a map of name to AttributeValue), or None."""
    if not isinstance(attributes, dict):
        return None
    for value in attributes.values():
        problem = value_problem(value)
        if problem:
            return problem
    return None


def expression_values_problem(values):
    """ExpressionAttributeValues' first refused value, in DynamoDB's wrapping."""
    for name, value in (values or {}).items() if isinstance(values, dict) else []:
        problem = value_problem(value)
        if problem:
            return f"ExpressionAttributeValues contains invalid value: {problem} for key {name}"
    return None


def item_bytes(item):
    """The item's size by DynamoDB's rules (capacity.py holds them, over moto's typed values)."""
    from moto.dynamodb.models.dynamo_type import DynamoType

    from .capacity import attrs_size

    return attrs_size({name: DynamoType(value) for name, value in item.items()})


def item_size_problem(item):
    if isinstance(item, dict) and item_bytes(item) > MAX_ITEM_BYTES:
        return "Item size has exceeded the maximum allowed size"
    return None


def key_value_bytes(kind, content):
    if kind == "B":
        try:
            return len(base64.b64decode(content))
        except (ValueError, TypeError):
            return 0
    return len(content.encode("utf-8")) if isinstance(content, str) else 0


def key_size_problem(attr, value, is_hash, in_item):
    """Empty or oversized key values (2048 bytes for a partition key, 1024 for a sort key)."""
    if not isinstance(value, dict) or len(value) != 1:
        return None
    kind, content = next(iter(value.items()))
    if kind in ("S", "B") and content == "":
        lead = "One or more parameter values are not valid. " if in_item else INVALID
        return (lead + "The AttributeValue for a key attribute cannot contain an empty "
                + ("string" if kind == "S" else "binary") + f" value. Key: {attr}")
    size = key_value_bytes(kind, content) if kind in ("S", "B") else 0
    if is_hash and size > 2048:
        return INVALID + "Size of hashkey has exceeded the maximum size limit of2048 bytes"
    if not is_hash and size > 1024:
        return INVALID + "Aggregated size of all range keys has exceeded the size limit of 1024 bytes"
    return None
