package dev.monotable.forge.data;

/**
 * The fields of a profile update (AP03). A null field is left unchanged; an empty {@code name} or
 * {@code bio} clears it (the attribute is removed). {@code email} cannot be cleared: an account
 * always has one address.
 */
public record UserPatch(String name, String bio, String email) {}
