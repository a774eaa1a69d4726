package dev.monotable.kit.docs;

import java.util.List;

/** The little Markdown the generated docs need: tables and inline code, escaped. */
public final class Markdown {

  private Markdown() {}

  /** A GitHub table; cells are escaped so a {@code |} in a value cannot split a column. */
  public static String table(List<String> header, List<List<String>> rows) {
    StringBuilder sb = new StringBuilder();
    row(sb, header);
    sb.append('|');
    header.forEach(h -> sb.append("---|"));
    sb.append('\n');
    for (List<String> r : rows) {
      if (r.size() != header.size()) {
        throw new IllegalArgumentException("row " + r + " has " + r.size() + " cells, header " + header.size());
      }
      row(sb, r);
    }
    return sb.toString();
  }

  private static void row(StringBuilder sb, List<String> cells) {
    sb.append('|');
    for (String c : cells) {
      sb.append(' ').append(c.replace("|", "\\|").replace("\n", " ")).append(" |");
    }
    sb.append('\n');
  }

  /** Inline code; empty text stays empty so blank cells stay blank. */
  public static String code(String text) {
    return text == null || text.isEmpty() ? "" : "`" + text + "`";
  }
}
