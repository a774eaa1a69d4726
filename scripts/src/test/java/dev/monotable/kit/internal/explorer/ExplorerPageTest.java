package dev.monotable.kit.internal.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.json.Json;
import dev.monotable.kit.local.LocalKeys;
import dev.monotable.kit.local.LocalService;
import dev.monotable.kit.tools.DevDomains;
import dev.monotable.kit.tools.ExplorerSetup;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.LocalDynamoDb;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The explorer page in a real browser (headless Chromium through Selenium), served by the kit's
 * local service for one domain on its table, with a second domain's demo data on a table of its own
 * on the same engine. Both domains come from the registry by id: the page and this test name no
 * domain's code. What the page shows is checked against the table read directly or the API.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ExplorerPageTest {
  /** Every digit of this number must reach the page (38 significant digits, DynamoDB's most). */
  static final String LARGE = "12345678901234567890123456789.123456789";

  @TempDir
  static Path keysDir;

  static DynamoDbClient client;
  static LocalService forge;
  static LocalService devices;
  static String forgeTable;
  static String devicesTable;
  static Explorer explorer;
  static ChromeDriver driver;
  static WebDriverWait wait;
  static String base;
  static String largeEventSk;
  static final HttpClient http = HttpClient.newHttpClient();

  @BeforeAll
  static void start() throws Exception {
    URI endpoint = LocalDynamoDb.endpoint();
    client = DynamoDbExtension.newClient();
    String run = UUID.randomUUID().toString().substring(0, 8);
    forgeTable = "monotable-explorer-forge-" + run;
    devicesTable = "monotable-explorer-devices-" + run;
    LocalKeys keys = new LocalKeys(keysDir);
    forge = new LocalService(DevDomains.select("forge").local()).withPages(ExplorerSetup.pages("forge"))
        .start(new LocalService.Options(0, endpoint, false, forgeTable, true, keys, client).withStreams(true));
    devices = new LocalService(DevDomains.select("devices").local())
        .start(new LocalService.Options(0, endpoint, false, devicesTable, true, keys, client));
    explorer = ((ExplorerPages) forge.api().pages().get(0)).explorer();
    base = forge.api().baseUrl();
    // An event of the demo device with a number no double holds.
    var first = client.query(QueryRequest.builder().tableName(devicesTable)
        .keyConditionExpression("PK = :pk AND begins_with(SK, :p)")
        .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("USER#ann"),
            ":p", AttributeValue.fromS("DEVICE#thermo-1#EVENT#")))
        .limit(1).build()).items().get(0);
    largeEventSk = first.get("SK").s();
    client.updateItem(UpdateItemRequest.builder().tableName(devicesTable).key(Map.of("PK", first.get("PK"),
            "SK", first.get("SK"))).updateExpression("SET #v = :v").expressionAttributeNames(Map.of("#v", "Value"))
        .expressionAttributeValues(Map.of(":v", AttributeValue.fromN(LARGE))).build());
    driver = Browser.start();
    wait = new WebDriverWait(driver, Duration.ofSeconds(30));
  }

  @AfterAll
  static void stop() {
    if (driver != null) {
      driver.quit();
    }
    if (forge != null) {
      forge.close();
    }
    if (devices != null) {
      devices.close();
    }
    if (client != null) {
      for (String t : new String[] {forgeTable, devicesTable}) {
        try {
          client.deleteTable(DeleteTableRequest.builder().tableName(t).build());
        } catch (RuntimeException ignored) {
          // the table was never made
        }
      }
      client.close();
    }
  }

  // ---------------------------------------------------------------------------------------------

  @Test
  @Order(1)
  void page_shouldListEveryRegisteredDomain_andCountTheEntitiesOfTheServedOne() throws Exception {
    driver.get(base + "/explorer");
    wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("[data-entity='Issue (open)'] .count")));
    List<String> domains = new Select(driver.findElement(By.id("domain"))).getOptions().stream()
        .map(o -> o.getAttribute("value")).toList();
    assertEquals(DevDomains.all().stream().map(d -> d.id()).toList(), domains);
    assertEquals("forge", new Select(driver.findElement(By.id("domain"))).getFirstSelectedOption().getAttribute("value"));
    // The counts are the table's, entity by entity (the charts' labels), read here by a Scan of our own.
    Map<String, Integer> expected = new java.util.TreeMap<>();
    DynamoDbLimitGuard.allowScan(true);
    try {
      var model = DevDomains.select("forge").entities();
      client.scanPaginator(ScanRequest.builder().tableName(forgeTable).build()).items().forEach(i ->
          expected.merge(model.forItem(i).orElseThrow().label(), 1, Integer::sum));
    } finally {
      DynamoDbLimitGuard.allowScan(false);
    }
    Map<String, Integer> shown = new java.util.TreeMap<>();
    for (WebElement card : driver.findElements(By.cssSelector("[data-entity]"))) {
      int n = Integer.parseInt(card.findElement(By.cssSelector(".count")).getText().split(" ")[0]);
      if (n > 0) {
        shown.put(card.getAttribute("data-entity"), n);
      }
    }
    assertTrue(expected.containsKey("Issue (open)") && expected.size() > 5, expected.toString());
    assertEquals(expected, shown);
    assertTrue(driver.findElement(By.id("entities")).getText().contains("Scan"), "the view says it scanned");
    Browser.screenshot(driver, "entities");
  }

  @Test
  @Order(2)
  void openIssues_shouldRunThroughTheDataAccessLayer_andFollowTheCursorToTheLastPage() throws Exception {
    tab("tab-patterns");
    new Select(driver.findElement(By.id("ap"))).selectByValue("AP25");
    assertEquals("alice", driver.findElement(By.id("param-owner")).getAttribute("value"), "the demo sample");
    setText("ap-limit", "1");
    List<String> seen = new ArrayList<>();
    driver.findElement(By.id("run")).click();
    while (true) {
      WebElement table = wait.until(ExpectedConditions.presenceOfElementLocated(By.id("result-items")));
      WebElement request = driver.findElement(By.cssSelector("#result .request"));
      assertTrue(request.getText().contains("GSI4"), request.getText());
      assertTrue(request.getText().contains("GSI4SK BETWEEN \"#REPO#alice#hello-forge\" AND \"ISSUE#OPEN$\""),
          request.getText());
      assertTrue(driver.findElement(By.cssSelector("[data-stat=Count]")).getText().matches("Count \\d+"));
      assertTrue(driver.findElement(By.cssSelector("[data-stat=ScannedCount]")).getText().matches("ScannedCount \\d+"));
      assertTrue(driver.findElement(By.cssSelector("[data-stat=requests]")).getText().startsWith("requests 1 of"));
      for (WebElement row : table.findElements(By.cssSelector("tr[data-pk]"))) {
        seen.add(row.getAttribute("data-pk"));
      }
      if (seen.size() == 1) {
        Browser.screenshot(driver, "access-pattern");
      }
      List<WebElement> next = driver.findElements(By.id("next-page"));
      if (next.isEmpty()) {
        break;
      }
      assertTrue(seen.size() < 50, "the cursor must end");
      next.get(0).click();
      wait.until(ExpectedConditions.stalenessOf(table));
      wait.until(ExpectedConditions.presenceOfElementLocated(By.id("result-items")));
      assertTrue(driver.findElement(By.cssSelector("#result .request")).getText().contains("ExclusiveStartKey"),
          "a followed cursor starts where the last page stopped");
    }
    List<String> expected = openIssueNumbers().stream()
        .map(n -> String.format("ISSUE#alice#hello-forge#%08d", n)).toList();
    assertEquals(expected, seen);
    assertTrue(driver.findElements(By.id("last-page")).size() == 1);
  }

  @Test
  @Order(3)
  void collection_shouldLayOutThePartition_andSwitchToGsi4() {
    tab("tab-collections");
    setText("coll-pk", "REPO#alice#hello-forge");
    driver.findElement(By.id("coll-show")).click();
    wait.until(d -> d.findElements(By.cssSelector("#lanes .lane")).size() > 0
        && d.findElement(By.cssSelector("#collection .request")).getText().contains("(table)"));
    String summary = driver.findElement(By.cssSelector(".index-summary")).getText();
    assertTrue(summary.contains("GSI4 holds"), summary);
    driver.findElement(By.cssSelector("#facets [data-facet=GSI4]")).click();
    wait.until(d -> d.findElement(By.cssSelector("#collection .request")).getText().contains("GSI4"));
    List<String> shown = driver.findElements(By.cssSelector("#lanes [data-sk]")).stream()
        .map(e -> e.getAttribute("data-sk")).sorted().toList();
    List<String> expected = client.query(QueryRequest.builder().tableName(forgeTable).indexName("GSI4")
            .keyConditionExpression("GSI4PK = :pk")
            .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("REPO#alice#hello-forge"))).build())
        .items().stream().map(i -> i.get("GSI4SK").s()).sorted().toList();
    assertFalse(expected.isEmpty());
    assertEquals(expected, shown);
    List<String> lanes = driver.findElements(By.cssSelector("#lanes .lane")).stream()
        .map(e -> e.getAttribute("data-lane")).toList();
    assertTrue(lanes.contains("ISSUE#OPEN#{rev8}"), lanes.toString());
    assertEquals("true", driver.findElement(By.cssSelector("#facets [data-facet=GSI4]")).getAttribute("aria-pressed"));
    Browser.screenshot(driver, "collection-gsi4");
  }

  @Test
  @Order(4)
  void devicesTimeRange_shouldRunWithBetween_onTheOtherDomainsTable() {
    new Select(driver.findElement(By.id("domain"))).selectByValue("devices");
    new Select(driver.findElement(By.id("table"))).selectByValue(devicesTable);
    tab("tab-patterns");
    wait.until(d -> new Select(d.findElement(By.id("ap"))).getOptions().stream()
        .anyMatch(o -> o.getAttribute("value").equals("AP04") && o.getText().contains("time range")));
    new Select(driver.findElement(By.id("ap"))).selectByValue("AP04");
    // The demo sample's range (the demo's readings are recent: the domain keeps 90 days).
    String from = driver.findElement(By.id("param-from")).getAttribute("value");
    String to = driver.findElement(By.id("param-to")).getAttribute("value");
    assertTrue(from.compareTo(to) < 0, from + " " + to);
    String low = "DEVICE#thermo-1#EVENT#" + from;
    String high = "DEVICE#thermo-1#EVENT#" + to + "#~";
    setText("ap-limit", "30");
    driver.findElement(By.id("run")).click();
    WebElement table = wait.until(ExpectedConditions.presenceOfElementLocated(By.id("result-items")));
    String request = driver.findElement(By.cssSelector("#result .request")).getText();
    assertTrue(request.contains("SK BETWEEN \"" + low + "\" AND \"" + high + "\""), request);
    assertTrue(request.contains("descending"), request);
    List<String> shown = table.findElements(By.cssSelector("tr[data-sk]")).stream()
        .map(e -> e.getAttribute("data-sk")).toList();
    List<String> expected = client.query(QueryRequest.builder().tableName(devicesTable)
            .keyConditionExpression("PK = :pk AND SK BETWEEN :a AND :b").scanIndexForward(false)
            .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("USER#ann"),
                ":a", AttributeValue.fromS(low), ":b", AttributeValue.fromS(high))).build())
        .items().stream().map(i -> i.get("SK").s()).toList();
    assertFalse(expected.isEmpty());
    assertEquals(expected, shown);
    Browser.screenshot(driver, "devices-between");

    // The same range as any Query with the BETWEEN operator.
    driver.findElement(By.cssSelector("#custom summary")).click();
    new Select(driver.findElement(By.id("q-index"))).selectByValue("table");
    setText("q-pk", "USER#ann");
    new Select(driver.findElement(By.id("q-op"))).selectByValue("between");
    setText("q-v1", low);
    setText("q-v2", high);
    driver.findElement(By.id("q-desc")).click();
    driver.findElement(By.id("q-run")).click();
    wait.until(d -> d.findElement(By.cssSelector("#result h3")).getText().equals("Query of table"));
    assertEquals(expected, driver.findElements(By.cssSelector("#result-items tr[data-sk]")).stream()
        .map(e -> e.getAttribute("data-sk")).toList());
  }

  @Test
  @Order(5)
  void rawJson_shouldShowALargeNumberWithEveryDigit_besideTheChartAndVerdict() {
    tab("tab-items");
    setText("item-pk", "USER#ann");
    setText("item-sk", largeEventSk);
    driver.findElement(By.id("item-get")).click();
    WebElement value = wait.until(ExpectedConditions.presenceOfElementLocated(
        By.cssSelector("#attributes [data-attribute=Value] td.mono")));
    assertEquals(LARGE, value.getText());
    assertTrue(driver.findElement(By.id("chart-row")).getText().contains("DEVICE#{device}#EVENT#{ts}#{seq}"),
        driver.findElement(By.id("chart-row")).getText());
    assertTrue(driver.findElement(By.id("verdict")).getText().startsWith("Valid"),
        driver.findElement(By.id("verdict")).getText());
    driver.findElement(By.id("raw-toggle")).click();
    WebElement raw = driver.findElement(By.id("raw-json"));
    assertTrue(raw.isDisplayed());
    assertTrue(raw.getText().contains("\"Value\": {\n    \"N\": \"" + LARGE + "\"\n  }"), raw.getText());
    assertEquals("true", driver.findElement(By.id("raw-toggle")).getAttribute("aria-pressed"));
    assertFalse(driver.findElement(By.id("attributes")).isDisplayed());
    Browser.screenshot(driver, "item-raw");
    driver.findElement(By.id("raw-toggle")).click();
    assertTrue(driver.findElement(By.id("attributes")).isDisplayed());
  }

  @Test
  @Order(6)
  void badInput_shouldAnswerAClearMessage_andSendNoRequestToTheTable() {
    tab("tab-patterns");
    new Select(driver.findElement(By.id("ap"))).selectByValue("AP04");
    long before = explorer.requests();

    setText("param-from", "yesterday");
    driver.findElement(By.id("run")).click();
    assertEquals("400: from must be an ISO-8601 UTC timestamp with milliseconds, for example "
        + "2026-01-01T00:00:00.000Z (from) Requests made: 0.", errorText("ap-error"));

    driver.findElement(By.id("ap-sample")).click();
    setText("param-device", "thermo-1#EVENT");
    driver.findElement(By.id("run")).click();
    assertTrue(errorText("ap-error").startsWith("400: device holds '#', which separates key segments"),
        errorText("ap-error"));

    driver.findElement(By.id("ap-sample")).click();
    setText("ap-limit", "1000");
    driver.findElement(By.id("run")).click();
    assertEquals("400: limit must be a whole number from 1 to 100 (limit)", errorText("ap-error"));
    setText("ap-limit", "30");

    // A Query with no partition key would be a Scan: the page warns as you type, the server refuses.
    if (!driver.findElement(By.id("q-pk")).isDisplayed()) {
      driver.findElement(By.cssSelector("#custom summary")).click();
    }
    setText("q-pk", "");
    assertTrue(driver.findElement(By.id("q-warning")).getText().contains("would be a Scan"));
    driver.findElement(By.id("q-run")).click();
    assertTrue(errorText("ap-error").contains("without one this read would be a Scan of the whole table"),
        errorText("ap-error"));

    setText("q-pk", "USER#ann");
    new Select(driver.findElement(By.id("q-op"))).selectByValue("between");
    setText("q-v1", "z");
    setText("q-v2", "a");
    driver.findElement(By.id("q-run")).click();
    assertTrue(errorText("ap-error").contains("lower bound z sorts after its upper bound a"), errorText("ap-error"));
    Browser.screenshot(driver, "refused");

    assertEquals(before, explorer.requests(), "refused input made no DynamoDB request");
  }

  @Test
  @Order(7)
  void keyboard_shouldMoveBetweenViews_andEveryTextShouldMeetContrastAA() {
    new Select(driver.findElement(By.id("domain"))).selectByValue("forge");
    new Select(driver.findElement(By.id("table"))).selectByValue(forgeTable);
    WebElement entities = driver.findElement(By.id("tab-entities"));
    entities.click();
    wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("[data-entity] .count")));
    entities.sendKeys(Keys.ARROW_RIGHT);
    assertEquals("tab-collections", driver.switchTo().activeElement().getAttribute("id"));
    assertEquals("true", driver.findElement(By.id("tab-collections")).getAttribute("aria-selected"));
    assertTrue(driver.findElement(By.id("panel-collections")).isDisplayed());
    assertFalse(driver.findElement(By.id("panel-entities")).isDisplayed());
    driver.switchTo().activeElement().sendKeys(Keys.END);
    assertEquals("tab-live", driver.switchTo().activeElement().getAttribute("id"));
    driver.switchTo().activeElement().sendKeys(Keys.HOME);
    assertEquals("tab-entities", driver.switchTo().activeElement().getAttribute("id"));
    driver.switchTo().activeElement().sendKeys(Keys.ARROW_LEFT);
    assertEquals("tab-live", driver.switchTo().activeElement().getAttribute("id"));
    // Only the selected tab is in the Tab order; Tab goes on into its panel.
    assertEquals(List.of("0"), driver.findElements(By.cssSelector("[role=tab]")).stream()
        .map(t -> t.getAttribute("tabindex")).filter("0"::equals).toList());

    // Keyboard only: a pattern's result row opens its item with Enter.
    tab("tab-patterns");
    new Select(driver.findElement(By.id("ap"))).selectByValue("AP25");
    driver.findElement(By.id("ap-sample")).click();
    driver.findElement(By.id("ap-limit")).sendKeys(Keys.ENTER);
    WebElement row = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#result-items tr[data-pk]")));
    String pk = row.getAttribute("data-pk");
    row.sendKeys(Keys.ENTER);
    wait.until(d -> d.findElement(By.id("item-pk")).getAttribute("value").equals(pk)
        && !d.findElements(By.id("attributes")).isEmpty());
    assertEquals("tab-items", driver.switchTo().activeElement().getAttribute("id"));

    for (String view : List.of("tab-entities", "tab-collections", "tab-patterns", "tab-items")) {
      tab(view);
      @SuppressWarnings("unchecked")
      Map<String, Object> r = (Map<String, Object>) driver.executeScript(CONTRAST);
      assertTrue(((Number) r.get("checked")).intValue() > 10, view + ": the check must read some text: " + r);
      assertEquals(List.of(), r.get("failing"), view);
    }
  }

  @Test
  @Order(8)
  void live_shouldShowAWrite_andTheStreamConsumersEffects() throws Exception {
    tab("tab-live");
    wait.until(d -> !d.findElement(By.id("live-note")).getText().isEmpty());
    String token = new LocalKeys(keysDir).signer().sign(LocalKeys.ISSUER, LocalKeys.AUDIENCE, "alice",
        System.currentTimeMillis() / 1000, System.currentTimeMillis() / 1000 + 600);
    HttpResponse<String> created = http.send(HttpRequest.newBuilder(URI.create(base + "/repos/alice/hello-forge/issues"))
        .header("authorization", "Bearer " + token).header("content-type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString("{\"title\":\"Seen live\",\"body\":\"from the test\"}")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertEquals(201, created.statusCode(), created.body());
    Number number = (Number) Json.readObject(created.body()).get("number");
    String issuePk = String.format("ISSUE#alice#hello-forge#%08d", number.intValue());
    // The write itself, then ST2's feed entry for it (written by the stream consumer, not the API).
    WebElement insert = wait.until(d -> d.findElements(By.cssSelector("#live li[data-event=INSERT][data-type=Issue]"))
        .stream().filter(li -> li.getText().contains(issuePk)).findFirst().orElse(null));
    long written = Long.parseLong(insert.getAttribute("data-id"));
    wait.until(d -> d.findElements(By.cssSelector("#live li[data-event=INSERT][data-type=Activity]")).stream()
        .anyMatch(li -> Long.parseLong(li.getAttribute("data-id")) > written));
    // Newest first: the consumers' writes sit above the write that caused them.
    List<WebElement> all = driver.findElements(By.cssSelector("#live li"));
    assertTrue(Long.parseLong(all.get(0).getAttribute("data-id")) > written);
    Browser.screenshot(driver, "live");
  }

  // ---------------------------------------------------------------------------------------------

  /** Open issues of alice/hello-forge as the API lists them (newest first). */
  static List<Integer> openIssueNumbers() throws Exception {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + "/repos/alice/hello-forge/issues?limit=100"))
        .build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(200, r.statusCode(), r.body());
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> items = (List<Map<String, Object>>) Json.readObject(r.body()).get("items");
    return items.stream().map(i -> ((Number) i.get("number")).intValue()).toList();
  }

  static void tab(String id) {
    driver.findElement(By.id(id)).click();
    wait.until(d -> "true".equals(d.findElement(By.id(id)).getAttribute("aria-selected")));
  }

  static void setText(String id, String text) {
    WebElement e = driver.findElement(By.id(id));
    e.clear();
    if (!text.isEmpty()) {
      e.sendKeys(text);
    } else {
      // clear() fires no input event; the Scan warning listens for one.
      e.sendKeys("x", Keys.BACK_SPACE);
    }
  }

  static String errorText(String id) {
    wait.until(d -> d.findElement(By.id(id)).isDisplayed() && !d.findElement(By.id(id)).getText().isEmpty());
    String first = driver.findElement(By.id(id)).getText();
    return first;
  }

  /**
   * WCAG 2.1 contrast of every visible element with text of its own against the first opaque
   * background behind it: 4.5:1, 3:1 for large text.
   */
  static final String CONTRAST = """
      function parse(s) { const m = s.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
        const p = m[1].split(',').map(x => parseFloat(x)); return { rgb: p.slice(0, 3), a: p.length > 3 ? p[3] : 1 }; }
      function lum(c) { const v = c.map(x => { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
        return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; }
      function bg(e) { for (; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor);
        if (c && c.a > 0.5) return c.rgb; } return [255, 255, 255]; }
      const failing = []; let checked = 0;
      for (const e of document.querySelectorAll('body *')) {
        if (!e.getClientRects().length) continue;
        if (![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
        const st = getComputedStyle(e); if (st.visibility === 'hidden') continue;
        const fg = parse(st.color).rgb, b = bg(e); const l1 = lum(fg), l2 = lum(b);
        const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
        const size = parseFloat(st.fontSize), bold = parseInt(st.fontWeight) >= 700;
        const large = size >= 24 || (bold && size >= 18.66);
        checked++;
        if (ratio < (large ? 3 : 4.5)) failing.push(e.tagName + '.' + e.className + ' "' + e.textContent.trim().slice(0, 30) + '" ' + ratio.toFixed(2));
      }
      return { checked: checked, failing: failing };
      """;

  static {
    // Screenshots land in target/ even when the first test fails early.
    try {
      Files.createDirectories(Browser.SHOTS);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
