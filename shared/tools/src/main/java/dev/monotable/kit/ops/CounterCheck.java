package dev.monotable.kit.ops;

import dev.monotable.kit.schema.TableSchema.Gsi;

/**
 * A denormalised counter {@code scripts/validate} holds to its index: on each item of
 * {@code ownerType} (whose PK equals its SK), {@code attribute} must equal the number of index
 * entries filed under that PK on {@code index} with sort keys starting {@code sortKeyPrefix}.
 * For example a count of likes kept on a post: the post's like entries on an index under a like prefix.
 *
 * @param ownerType the {@code Type} of the items holding the counter
 * @param owner the owner in words, singular ({@code repository}), for reports
 * @param owners the owner in words, plural ({@code repositories})
 * @param attribute the counter attribute ({@code StarCount})
 * @param index the index the counted items are filed on
 * @param sortKeyPrefix the counted entries' sort-key prefix on that index
 * @param counted a counted entry in words, singular ({@code Star item}); reports add "s" or "(s)"
 */
public record CounterCheck(String ownerType, String owner, String owners, String attribute, Gsi index,
    String sortKeyPrefix, String counted) {}
