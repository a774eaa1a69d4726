package dev.monotable.forge.model;

/** Display-form reference to a repository, {@code owner/name}. */
public record RepoRef(String owner, String name) {

  @Override
  public String toString() {
    return owner + "/" + name;
  }
}
