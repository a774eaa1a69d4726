package dev.monotable.testing;

import dev.monotable.kit.domain.Domain;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The domain whose table {@link DynamoDbExtension} creates for a test class: its schema (the class
 * holds its instance in {@code public static final DOMAIN}, as every domain does). Without it, the
 * table is the kit's test domain's ({@link TestDomain}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Inherited
public @interface TableOf {
  Class<? extends Domain> value();
}
