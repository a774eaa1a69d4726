package dev.monotable.saas.charts;

import dev.monotable.saas.Saas;
import dev.monotable.saas.model.Organization;
import dev.monotable.saas.model.User;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.kit.schema.TableSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** Saas's entity charts: the docs print them, the validator holds every item to them. */
public final class SaasCharts implements EntityModel {

  public static final SaasCharts MODEL = new SaasCharts();
  public static final ModelValidator VALIDATOR = new ModelValidator(MODEL);

  private static final List<Chart> CHARTS = List.of(
      Chart.of(User.ENTITY, User.class, List.of("one item per user, in the user's partition")),
      Chart.of(User.EMAIL_CLAIM, User.class, List.of("keeps an e-mail address to one user; written with the user")),
      Chart.of(Organization.ENTITY, Organization.class, List.of("heads its partition; Members counted by SA13")),
      Chart.of(Organization.MEMBERSHIP, Organization.class, List.of("under its organization; its user's on GSI1")),
      Chart.of(Organization.SUBSCRIPTION, Organization.class, List.of("one per organization, in its partition")),
      Chart.of(Organization.INVITATION, Organization.class, List.of("under its organization; its address's on GSI1",
          "TTL: deleted by DynamoDB after ExpiresAt; refused by SA13 from then on")));

  private SaasCharts() {}

  @Override
  public TableSchema schema() {
    return Saas.SCHEMA;
  }

  @Override
  public List<Chart> charts() {
    return CHARTS;
  }

  @Override
  public Map<String, Predicate<String>> segmentRules() {
    Map<String, Predicate<String>> rules = new LinkedHashMap<>(ModelValidator.standardSegmentRules());
    rules.putAll(User.ENTITY.segmentRules());
    rules.putAll(Organization.INVITATION.segmentRules());
    return rules;
  }
}
