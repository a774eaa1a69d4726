package dev.monotable.devices.bench;

import dev.monotable.devices.EntityFirstTables;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.migrate.tool.DesignPatterns;
import dev.monotable.kit.ops.ParallelScan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Seed 002's read patterns on both Devices designs, each answer in {@link Views}' form: the patterns
 * {@code scripts/migrate verify} compares key by key, and {@link CompareDesigns} measures. Profile (1), a
 * user's devices (2), a device (3), its events (4), a user's events (5) and the newest 100 events of a type
 * (9) read the items the migration copies. The dashboard's recent copies, the counts by status (10) and the
 * active users (11) are what the single table's stream functions derive from those items: they are
 * compared once the stream has caught up, by {@code scripts/compare-designs}, not here.
 */
public final class DevicesPatterns implements DesignPatterns {

  /** The patterns compared, by seed number. */
  public static final List<String> PATTERNS = List.of("1 profile", "2 devices", "3 device", "4 device events",
      "5 user events", "9 events of type");

  private final DynamoDbClient client;
  private final EntityFirstDevices peer;
  private final SingleTableSide single;
  private final String from;
  private final String to;
  private final String since;

  /**
   * Every event the single table keeps: from 89 days before the gateway clock's present (events live
   * 90 days, by TTL) to a day after it.
   */
  public DevicesPatterns(DynamoDbClient client, EntityFirstTables old, TableGateway table) {
    this(client, old, table, Timestamps.format(table.clock().instant().minus(Duration.ofDays(89))),
        Timestamps.format(table.clock().instant().plus(Duration.ofDays(1))),
        Timestamps.format(table.clock().instant().minus(Duration.ofDays(89))));
  }

  /**
   * @param from the first time of the event ranges (patterns 4, 5)
   * @param to their last time
   * @param since the first time of the events of a type (pattern 9)
   */
  public DevicesPatterns(DynamoDbClient client, EntityFirstTables old, TableGateway table, String from,
      String to, String since) {
    this.client = client;
    this.peer = new EntityFirstDevices(client, old);
    this.single = new SingleTableSide(table);
    this.from = from;
    this.to = to;
    this.since = since;
  }

  @Override
  public List<Case> cases(int sample, long seed) {
    Map<String, String> owners = Collections.synchronizedMap(new TreeMap<>());
    new ParallelScan(client, peer.tables().devices()).forEach(4, ParallelScan.allSegments(4),
        d -> owners.put(d.get("deviceId").s(), d.get("userId").s()));
    List<String> users = Collections.synchronizedList(new ArrayList<>());
    new ParallelScan(client, peer.tables().users()).forEach(4, ParallelScan.allSegments(4),
        u -> users.add(u.get("userId").s()));
    Collections.sort(users);
    List<String> devices = new ArrayList<>(owners.keySet());
    Random random = new Random(seed);
    if (sample > 0) {
      Collections.shuffle(users, random);
      Collections.shuffle(devices, random);
    }
    List<String> someUsers = sample > 0 ? users.subList(0, Math.min(sample, users.size())) : users;
    List<String> someDevices = sample > 0 ? devices.subList(0, Math.min(sample, devices.size())) : devices;
    List<Case> cases = new ArrayList<>();
    for (String u : someUsers) {
      cases.add(new Case(PATTERNS.get(0), Map.of("user", u)));
      cases.add(new Case(PATTERNS.get(1), Map.of("user", u)));
      cases.add(new Case(PATTERNS.get(4), Map.of("user", u)));
    }
    for (String d : someDevices) {
      cases.add(new Case(PATTERNS.get(2), Map.of("user", owners.get(d), "device", d)));
      cases.add(new Case(PATTERNS.get(3), Map.of("user", owners.get(d), "device", d)));
    }
    for (String type : DesignsDataset.EVENT_TYPES) {
      cases.add(new Case(PATTERNS.get(5), Map.of("type", type)));
    }
    return cases;
  }

  @Override
  public Object oldAnswer(Case c) {
    String user = c.args().get("user");
    String device = c.args().get("device");
    return switch (c.pattern().split(" ")[0]) {
      case "1" -> peerOrAbsent(peer.profile(user), Views::peerProfile);
      case "2" -> peer.devices(user).stream().map(Views::peerDevice).toList();
      case "3" -> peerOrAbsent(peer.device(device), Views::peerDevice);
      case "4" -> peer.deviceEvents(device, from, to).stream().map(Views::peerEvent).toList();
      case "5" -> peer.userEvents(user, from, to).stream().map(Views::peerEvent).toList();
      case "9" -> peer.eventsOfType(c.args().get("type"), since, 100).stream().map(Views::peerEvent).toList();
      default -> throw new IllegalArgumentException("unknown pattern " + c.pattern());
    };
  }

  @Override
  public Object newAnswer(Case c) {
    String user = c.args().get("user");
    String device = c.args().get("device");
    return switch (c.pattern().split(" ")[0]) {
      case "1" -> orAbsent(() -> single.profile(user).orElseThrow());
      case "2" -> single.devices(user).orElseThrow();
      case "3" -> orAbsent(() -> single.device(user, device).orElseThrow());
      case "4" -> single.deviceEvents(user, device, from, to).orElseThrow();
      case "5" -> single.userEvents(user, from, to).orElseThrow();
      case "9" -> single.eventsOfType(c.args().get("type"), since, 100).orElseThrow();
      default -> throw new IllegalArgumentException("unknown pattern " + c.pattern());
    };
  }

  private static Object peerOrAbsent(Map<String, AttributeValue> item, Function<Map<String, AttributeValue>, String> view) {
    return item == null ? "absent" : view.apply(item);
  }

  private static Object orAbsent(Supplier<Object> read) {
    try {
      return read.get();
    } catch (NotFoundException e) {
      return "absent";
    }
  }
}
