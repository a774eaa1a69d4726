package dev.monotable.saas.model;

import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.saas.keys.SaasKeys;

/** A user, unique by username and by e-mail address (its claim item). */
public final class User {

  public static final Attr EMAIL = Attr.segment("Email", "email", SaasKeys.EMAIL_ADDRESS, "the e-mail address, unique");

  public static final Entity EMAIL_CLAIM = Entity.of("UserEmail", SaasKeys.EMAIL, SaasKeys.EMAIL)
      .attributes(Attr.segment("Email", "email", SaasKeys.EMAIL_ADDRESS, "the address claimed"),
          Attr.segment("Username", "username", SaasKeys.NAME, "the user who has it"))
      .build();

  public static final Entity ENTITY = Entity.of("User", SaasKeys.USER, SaasKeys.USER)
      .index(Gsi.GSI1, SaasKeys.EMAIL, SaasKeys.EMAIL)
      .attributes(Attr.segment("Username", "username", SaasKeys.NAME, "the username, unique"), EMAIL,
          Attr.string("Name", "name", "the name shown"))
      .unique("email", EMAIL_CLAIM)
      .build();

  private User() {}
}
