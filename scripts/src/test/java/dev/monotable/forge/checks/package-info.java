/**
 * The single-table anti-pattern checklist (no Scan in application code, no timestamps in unique
 * keys, a Type on every item, index keys only where the charts put them...) as tests over
 * the registries and source trees. They live in the scripts module because they span modules
 * (shared and functions sources, the catalog, the charts) and scripts sits on top of the
 * dependency graph. Each check is a static function tested twice: on the real design, and on a
 * deliberately broken input so the check is known to be able to fail.
 */
package dev.monotable.forge.checks;
