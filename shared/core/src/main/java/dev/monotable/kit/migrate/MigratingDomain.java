package dev.monotable.kit.migrate;

/**
 * A domain that migrates from an older design: its old tables, and the old call of each read pattern its routes
 * can switch to them ({@link ReadSwitch}). Infra declares those tables and grants those calls while a stage
 * migrates (shared/cdk {@code MigrationStage}). A separate interface rather than a method of {@code Domain}, so a
 * domain that does not migrate carries none of this package in its Lambda jar.
 */
public interface MigratingDomain {

  /** The design the domain migrates from. */
  OldDesign oldDesign();
}
