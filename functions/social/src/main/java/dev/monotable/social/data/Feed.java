package dev.monotable.social.data;

import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.TableGateway.QuerySpec;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.social.SocialPattern;
import dev.monotable.social.keys.SocialKeys;
import dev.monotable.social.model.FeedEntry;
import dev.monotable.social.model.Follow;
import dev.monotable.social.model.Post;
import dev.monotable.social.model.User;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A user's home feed (SO18): the entries fan-out on write put into the reader's feed partition,
 * merged at read time with the posts of the accounts above the fan-out threshold the reader
 * follows, newest first. Pages continue before a post id (a ULID orders posts by time across
 * authors), so every source is read from the same point; the cursor seals that id to the reader
 * (the kit's cursor codec), so a changed or another reader's cursor is refused.
 */
public final class Feed {

  /** One page: posts newest first, and the cursor of the next page (the page's last post id) or null. */
  public record FeedPage(List<Map<String, Object>> items, String nextCursor) {}

  private record Candidate(String post, String author, Map<String, Object> values) {}

  private final TableGateway table;

  public Feed(TableGateway table) {
    this.table = table;
  }

  /**
   * SO20 then SO18: one Query of GSI2 ({@code ABOVE#{username}}: the accounts above the threshold the reader
   * follows, at most {@link SocialPattern#MERGED_MAX}), one Query of {@code FEED#{username}}, one
   * Query of each such account's posts, all newest first before the cursor; then one BatchGetItem of
   * the page's posts that came from the feed partition: a deleted post is not on the page (hidden
   * on read before ST1 takes its entries out).
   *
   * @throws ValidationException {@code cursor}: not one this reader's feed issued
   */
  public FeedPage page(String username, PageRequest page) {
    User.ENTITY.key(Map.of("username", username)); // held to the key's rule first: a 400 naming username
    String scope = "SO18|" + username;
    String before = page.cursor() == null ? null : postOf(table.cursors().decode(scope, page.cursor()));
    int limit = page.limit();
    Page<Map<String, AttributeValue>> above = table.query(SocialPattern.SO20.queryFor(Map.of("username", username)),
        PageRequest.first(SocialPattern.MERGED_MAX), "SO20");
    boolean more = false;
    List<Candidate> candidates = new ArrayList<>();
    Page<Map<String, AttributeValue>> feed = table.query(range(SocialKeys.FEED.fill(username), before),
        PageRequest.first(limit), "SO18");
    more |= feed.nextCursor() != null;
    for (Map<String, AttributeValue> item : feed.items()) {
      Map<String, Object> v = FeedEntry.ENTITY.values(item);
      candidates.add(new Candidate((String) v.get("post"), (String) v.get("author"), null));
    }
    for (Map<String, AttributeValue> edge : above.items()) {
      String account = (String) Follow.ENTITY.values(edge).get("followee");
      Page<Map<String, AttributeValue>> posts = table.query(range(SocialKeys.USER.fill(account), before),
          PageRequest.first(limit), "SO18");
      more |= posts.nextCursor() != null;
      for (Map<String, AttributeValue> item : posts.items()) {
        Map<String, Object> v = Post.ENTITY.values(item);
        candidates.add(new Candidate((String) v.get("post"), account, v));
      }
    }
    // Newest first; a post both in the feed partition and merged (fanned out before its author
    // crossed the threshold) once, as merged.
    candidates.sort(Comparator.comparing(Candidate::post).reversed()
        .thenComparing(c -> c.values() == null ? 1 : 0));
    Map<String, Candidate> unique = new LinkedHashMap<>();
    candidates.forEach(c -> unique.putIfAbsent(c.post(), c));
    List<Candidate> chosen = new ArrayList<>(unique.values());
    more |= chosen.size() > limit;
    chosen = chosen.subList(0, Math.min(limit, chosen.size()));
    List<Key> missing = chosen.stream().filter(c -> c.values() == null)
        .map(c -> Post.ENTITY.key(Map.of("username", c.author(), "post", c.post()))).toList();
    Map<Key, Map<String, AttributeValue>> found = missing.isEmpty() ? Map.of() : table.batchGet(missing);
    List<Map<String, Object>> items = new ArrayList<>();
    for (Candidate c : chosen) {
      if (c.values() != null) {
        items.add(c.values());
      } else {
        Map<String, AttributeValue> post = found.get(Post.ENTITY.key(Map.of("username", c.author(), "post", c.post())));
        if (post != null) {
          items.add(Post.ENTITY.values(post));
        }
      }
    }
    return new FeedPage(items, more && !chosen.isEmpty()
        ? table.cursors().encode(scope, Map.of("post", AttributeValue.fromS(chosen.get(chosen.size() - 1).post())))
        : null);
  }

  /** The post id a cursor of this reader's feed carries (sealed by the cursor codec: a changed one is a 400). */
  private static String postOf(Map<String, AttributeValue> cursor) {
    AttributeValue post = cursor.get("post");
    if (post == null || post.s() == null || !SocialKeys.ULID.matcher(post.s()).matches()) {
      throw new ValidationException("invalid_cursor", "cursor", "cursor is not one this feed issued");
    }
    return post.s();
  }

  /**
   * The posts of a partition newest first, before {@code before} when given: the range ends at the
   * greatest key below {@code POST#{before}} (its last character one lower, then {@code ~}, above
   * every ULID character), so the post the page before ended with is not read again.
   */
  private static QuerySpec range(String partition, String before) {
    if (before == null) {
      return QuerySpec.table(partition, SocialKeys.POST.prefix()).newestFirst();
    }
    String below = before.substring(0, before.length() - 1) + (char) (before.charAt(before.length() - 1) - 1) + "~";
    return QuerySpec.between(null, partition, SocialKeys.POST.prefix(), SocialKeys.POST.fill(below)).newestFirst();
  }
}
