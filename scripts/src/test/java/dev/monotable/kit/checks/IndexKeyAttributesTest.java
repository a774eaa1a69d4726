package dev.monotable.kit.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.testing.DomainChecks;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.kit.schema.TableSchema.Index;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;

/**
 * Checklist, for every registered domain: separate attributes per index. The table's SK is never
 * a GSI key (an index on SK would tie index order to the table's), and no key attribute is shared
 * between indexes, so each index can be written and evolved on its own.
 */
class IndexKeyAttributesTest {

  static List<String> problems(CreateTableRequest table) {
    return DomainChecks.indexKeyProblems(table);
  }

  @ParameterizedTest
  @MethodSource("dev.monotable.kit.checks.RegisteredDomains#domains")
  void tableSchema_shouldGiveEveryIndexItsOwnKeyAttributes(Domain domain) {
    CreateTableRequest table = domain.schema().createTableRequest("check");
    assertEquals(domain.schema().gsis().size(), table.globalSecondaryIndexes().size());
    assertEquals(List.of(), problems(table));
  }

  @Test
  void problems_shouldReportReuse_whenIndexKeysOnSkOrAnotherIndexAttribute() {
    CreateTableRequest base = TableSchema.of(new Index(Gsi.GSI1, "one index")).createTableRequest("check");
    GlobalSecondaryIndex inverted = GlobalSecondaryIndex.builder().indexName("INVERTED")
        .keySchema(key("SK", KeyType.HASH), key("PK", KeyType.RANGE)).build();
    GlobalSecondaryIndex sharing = GlobalSecondaryIndex.builder().indexName("SHARING")
        .keySchema(key("GSI1PK", KeyType.HASH), key("GSI5SK", KeyType.RANGE)).build();
    List<GlobalSecondaryIndex> indexes = new ArrayList<>(base.globalSecondaryIndexes());
    indexes.add(inverted);
    indexes.add(sharing);
    assertEquals(List.of("INVERTED reuses SK of table", "INVERTED reuses PK of table", "SHARING reuses GSI1PK of GSI1"),
        problems(base.toBuilder().globalSecondaryIndexes(indexes).build()));
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }
}
