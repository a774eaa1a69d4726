package dev.monotable.forge;

import dev.monotable.kit.catalog.StreamHandlerDeclaration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Forge's stream consumers as docs/forge/api-contract.md#stream-effects states them, and the filter both consumers apply. */
class ForgeStreamsTest {
  private static final Map<String, AttributeValue> ISSUE = Map.of("Type", AttributeValue.fromS("Issue"));
  private static final Map<String, AttributeValue> INVITATION = Map.of("Type", AttributeValue.fromS("Invitation"));

  @Test
  void declarations_shouldMatchTheStreamEffectsOfTheContract() {
    List<StreamHandlerDeclaration> d = Forge.DOMAIN.streams();
    assertEquals(List.of("ST1", "ST2", "ST3", "ST4"), d.stream().map(StreamHandlerDeclaration::stream).toList());
    assertEquals(Set.of("Issue", "PullRequest", "IssueComment", "PRComment"), d.get(0).itemTypes());
    assertEquals(Set.of("INSERT"), d.get(0).eventNames());
    assertEquals(Set.of("Issue", "PullRequest", "IssueComment", "PRComment", "Star", "Repository"), d.get(1).itemTypes());
    assertEquals(Set.of("IssueComment", "PRComment"), d.get(2).itemTypes());
    assertEquals(Set.of("INSERT", "REMOVE"), d.get(2).eventNames());
    assertEquals(Set.of("Invitation"), d.get(3).itemTypes());
    assertEquals(Set.of("REMOVE"), d.get(3).eventNames());
    assertTrue(d.get(3).ttlDeletionsOnly());
    d.forEach(x -> assertEquals(List.of(), x.problems(), x.stream()));
    d.forEach(x -> assertTrue(x.reportBatchItemFailures() && x.bisectBatchOnError() && x.retryAttempts() == 3, x.stream()));
  }

  @Test
  void accepts_shouldFilterByEventNameAndTheTypeOfTheImageThatEventCarries() {
    StreamHandlerDeclaration st1 = Forge.DOMAIN.streams().get(0);
    assertTrue(st1.accepts("INSERT", ISSUE, null, null, null));
    assertFalse(st1.accepts("MODIFY", ISSUE, ISSUE, null, null));
    assertFalse(st1.accepts("INSERT", INVITATION, null, null, null));
    assertFalse(st1.accepts("INSERT", Map.of(), null, null, null), "an item without Type");
  }

  @Test
  void accepts_shouldLetOnlyTtlDeletionsReachSt4() {
    StreamHandlerDeclaration st4 = Forge.DOMAIN.stream("dev.monotable.forge.functions.streams.InvitationExpiredHandler");
    assertTrue(st4.accepts("REMOVE", null, INVITATION, "Service", "dynamodb.amazonaws.com"));
    assertFalse(st4.accepts("REMOVE", null, INVITATION, null, null), "a user's delete");
    assertFalse(st4.accepts("REMOVE", null, INVITATION, "Service", "someone.else"));
    assertFalse(st4.accepts("REMOVE", INVITATION, null, "Service", "dynamodb.amazonaws.com"), "REMOVE reads OldImage");
  }

  @Test
  void problems_shouldRejectTtlOnlyConsumerOfInserts_andUnboundedRecordAge() {
    List<String> problems = StreamHandlerDeclaration.builder("dev.example.H").itemTypes("Invitation")
        .eventNames("INSERT").ttlDeletionsOnly(true).maximumRecordAgeSeconds(-1).build().problems();
    assertEquals(2, problems.size(), problems.toString());
    assertTrue(problems.get(0).contains("ttlDeletionsOnly"));
    assertTrue(problems.get(1).contains("maximumRecordAgeSeconds"));
  }
}
