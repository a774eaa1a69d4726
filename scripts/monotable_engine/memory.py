"""Bounded memory: moto's registry of model instances off, and no partitions left behind by lookups.

moto's BaseModel keeps every instance it ever made (for its model-data endpoint), so each Item
written, stream record and shard iterator lived forever (about 7 KB per write). The DynamoDB models
stop being tracked; nothing in the engine reads that list. Stream trimming and iterator expiry,
the other bounds, are in streams.py.
"""


def untracked_new(cls, *args, **kwargs):
    return object.__new__(cls)


def dynamodb_models(cls):
    for sub in cls.__subclasses__():
        if sub.__module__.startswith(("moto.dynamodb.", "moto.dynamodbstreams.")):
            yield sub
        yield from dynamodb_models(sub)


def table_get_item(self, hash_key, range_key=None, projection_expression=None):
    """Table.get_item without moto's side effect: a lookup must not create a partition."""
    if self.has_range_key and not range_key:
        from moto.dynamodb.exceptions import MockValidationException

        raise MockValidationException("Table has a range key, but no range key was passed into get_item")
    if range_key:
        result = self.items.get(hash_key, {}).get(range_key)
    else:
        result = self.items.get(hash_key)
    if projection_expression and result:
        result = result.project(projection_expression)
    return result


def partition_dropping_delete(original):
    """Table.delete_item that removes the partition it empties."""
    def table_delete_item(self, hash_key, range_key):
        item = original(self, hash_key, range_key)
        if range_key and hash_key in self.items and not self.items[hash_key]:
            del self.items[hash_key]
        return item
    return table_delete_item


def install(state):
    from moto.core.common_models import BaseModel
    from moto.dynamodb.models.table import Table

    for model in set(dynamodb_models(BaseModel)):
        model.__new__ = untracked_new
        model.instances_tracked = []
        state.tracked_models.append(model)

    Table.get_item = table_get_item
    Table.delete_item = partition_dropping_delete(Table.delete_item)
