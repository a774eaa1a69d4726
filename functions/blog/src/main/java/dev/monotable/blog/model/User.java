package dev.monotable.blog.model;

import dev.monotable.blog.keys.BlogKeys;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.schema.TableSchema.Gsi;

/** A user, and the item that holds each e-mail address to one user. */
public final class User {

  public static final int NAME_MAX = 100;

  /** The claim of an e-mail address: written with its user in one transaction, so no two users share one. */
  public static final Entity EMAIL_CLAIM = Entity.of("UserEmail", BlogKeys.EMAIL, BlogKeys.EMAIL)
      .attributes(
          Attr.segment("Email", "email", BlogKeys.EMAIL_ADDRESS, "the address claimed"),
          Attr.segment("Username", "username", BlogKeys.USERNAME, "the user who has it"))
      .build();

  /** A user: found by username (the table) or by e-mail address (GSI1). */
  public static final Entity ENTITY = Entity.of("User", BlogKeys.USER, BlogKeys.USER)
      .index(Gsi.GSI1, BlogKeys.EMAIL, BlogKeys.EMAIL)
      .attributes(
          Attr.segment("Username", "username", BlogKeys.USERNAME, "the user's name, unique"),
          Attr.segment("Email", "email", BlogKeys.EMAIL_ADDRESS, "the user's e-mail address, unique, lower case"),
          Attr.string("Name", "name", "the name shown"))
      .unique("email", EMAIL_CLAIM)
      .build();

  private User() {}
}
