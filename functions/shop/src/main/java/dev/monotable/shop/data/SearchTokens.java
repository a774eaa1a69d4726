package dev.monotable.shop.data;

import dev.monotable.kit.errors.ValidationException;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The words of a product as the search index (S16) keys them: NFKD with the combining marks
 * dropped (so "Crème" is "creme"), lower case, split at anything but ASCII letters and digits,
 * without stop words and words under {@value #MIN_LENGTH} characters, cut to {@value #MAX_LENGTH},
 * each once, at most {@value #MAX_PER_PRODUCT} per product (the name's first). A search's words go
 * through the same steps, so they match what was indexed.
 */
public final class SearchTokens {

  public static final int MIN_LENGTH = 2;
  public static final int MAX_LENGTH = 30;
  /** Tokens indexed per product: each one is an item written in the product's transaction. */
  public static final int MAX_PER_PRODUCT = 16;
  /** Words of a search: the first Query reads one, the others are filters on it. */
  public static final int MAX_PER_SEARCH = 5;

  /** Words too common to find anything by: their partitions would hold most of the catalog. */
  static final Set<String> STOP_WORDS = Set.of("a", "an", "and", "are", "as", "at", "be", "by", "de", "for", "from",
      "in", "into", "is", "it", "its", "of", "on", "or", "the", "to", "with", "without", "your", "our", "this", "that");

  private SearchTokens() {}

  /** The tokens of a product's name and description, the name's first. */
  public static List<String> ofProduct(String name, String description) {
    Set<String> tokens = new LinkedHashSet<>(words(name));
    if (description != null) {
      tokens.addAll(words(description));
    }
    List<String> all = new ArrayList<>(tokens);
    return List.copyOf(all.subList(0, Math.min(MAX_PER_PRODUCT, all.size())));
  }

  /**
   * The tokens of a search.
   *
   * @throws ValidationException {@code q}: no searchable word, or more than {@value #MAX_PER_SEARCH}
   */
  public static List<String> ofSearch(String q) {
    if (q == null || q.length() > 200) {
      throw new ValidationException("q", "q must be 1-200 characters");
    }
    List<String> tokens = List.copyOf(new LinkedHashSet<>(words(q)));
    if (tokens.isEmpty()) {
      throw new ValidationException("q", "q holds no searchable word (stop words and single characters are not)");
    }
    if (tokens.size() > MAX_PER_SEARCH) {
      throw new ValidationException("q", "q holds more than " + MAX_PER_SEARCH + " searchable words");
    }
    return tokens;
  }

  /**
   * The token a search reads: the longest (first among equals). Without counts of each token's
   * products the longest word is the best cheap guess at the rarest, whose partition is smallest.
   */
  public static String leading(List<String> tokens) {
    String best = tokens.get(0);
    for (String t : tokens) {
      if (t.length() > best.length()) {
        best = t;
      }
    }
    return best;
  }

  private static List<String> words(String text) {
    String plain = Normalizer.normalize(text, Normalizer.Form.NFKD).replaceAll("\\p{M}+", "")
        .toLowerCase(Locale.ROOT);
    List<String> out = new ArrayList<>();
    for (String w : plain.split("[^a-z0-9]+")) {
      if (w.length() >= MIN_LENGTH && !STOP_WORDS.contains(w)) {
        out.add(w.length() > MAX_LENGTH ? w.substring(0, MAX_LENGTH) : w);
      }
    }
    return out;
  }
}
