package dev.monotable.forge.e2e;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The class's service runs its handlers with a Lambda function's DynamoDB deadlines
 * ({@code DynamoDbClients.Deadlines.HANDLER}: 2 s an attempt, 3 s a call) instead of the test
 * fixtures' generous ones, for tests of what a handler answers when its deadline passes.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@interface HandlerDeadlines {}
