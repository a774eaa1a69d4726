"""Monotable's local DynamoDB engine: moto's server, made faithful where the project depends on it.

Every test, `scripts/dev`, `.ci/run` and `scripts/bench` run this launcher (through the Java class
`MotoServer`). It imports moto, checks that moto is a version whose internals it was written
against, patches the few places where moto departs from DynamoDB in ways Monotable depends on,
and serves moto's DynamoDB and DynamoDB Streams APIs on one loopback port:

  1. Writes one at a time. moto is not thread-safe (a conditional transaction could have two
     winners, an ADD could lose an increment); DynamoDB's per-item atomicity and serializable
     transactions hold when the engine applies writes one by one. Item reads change nothing and
     share the lock (state.EngineLock), so a long read does not hold the others back (--serial:
     reads one at a time too).
  2. TransactWriteItems evaluates every condition against the state before the transaction and
     journals what it writes (items and stream records), so a cancelled or failed transaction
     restores exactly those: cost in proportion to the transaction, not the table (moto deep-copies
     the whole table per action and restores the copy, losing writes acknowledged meanwhile).
  3. Bounded memory: moto's registry of every model instance ever made is off for DynamoDB's
     models (it kept every item ever written); stream records are trimmed after 24 hours
     (DynamoDB's retention) and capped in number; shard iterators expire after 15 minutes; lookups of absent partitions no longer
     leave empty partitions behind.
  4. TTL: items whose TTL attribute is a past epoch second are deleted by the engine itself
     (within about a second), and their REMOVE stream records carry DynamoDB's userIdentity
     (type Service, principal dynamodb.amazonaws.com).
  5. Stream records as DynamoDB writes them: one INSERT for an UpdateItem that creates its item
     (moto wrote a key-only INSERT first), none for a write that changes nothing.
  6. ClientRequestToken idempotency for TransactWriteItems (10 minutes), DynamoDB's batch and
     transaction size limits, and HTTP 400 (not 500) for requests moto cannot parse.
  7. Reads answered with json.dumps of moto's result (moto's model-driven serializer cost about
     5 ms per returned item, so a Query's cost grew with its page far beyond DynamoDB's), and
     ordered keys kept by every write (indexes.py) that a Query, GSI Query, Scan page and
     parallel-scan segment read in O(log n + page) (scans.py), where moto sorted the whole table;
     TTL passes read only the items due.
  8. ConsumedCapacity by DynamoDB's rules (item sizes, 4 KB reads and 1 KB writes, eventually
     consistent halved, transactions doubled, index writes per index, Query by the items read
     before the filter): the project's one implementation of them; scripts/bench reads it.
  9. Faults on request (faults.py): the next N calls of an operation on chosen keys fail with
     TransactionConflictException, ProvisionedThroughputExceededException, ThrottlingException or
     500, writing nothing.
 10. Durable mode (durable.py, --data-dir): a write-ahead journal and snapshot keep the data across
     restarts and kill -9.
 11. Eventual consistency per table (consistency.py): GSIs and reads without ConsistentRead see a
     write after a random delay, for the tables a test asks it for.
 12. Requests DynamoDB refuses refused with its type (com.amazon.coral.validate#ValidationException)
     and message (validation.py, shapes.py, values.py, legacy.py): member constraints, numbers, sets,
     sizes, keys, expressions; legacy parameters refused or rewritten into expressions, never
     ignored; a refused BatchWriteItem writes nothing.
 13. A control API for tests on the same port, under /_engine/:
       GET  /_engine/status                   engine and moto version, RSS, items, stream records
       POST /_engine/clock  {"advanceSeconds": N}   moves the engine's clock (TTL, stream age,
                                                    token window) forward
       POST /_engine/clock  {"advanceSeconds": N, "table": "T"}   moves only table T's TTL clock,
                                                    so one test's time travel leaves others alone
       POST /_engine/ttl/sweep                 runs one TTL pass now: {"expired": n}
       POST|GET|DELETE /_engine/faults         faults on request (faults.py)
       POST /_engine/consistency               eventual consistency for one table (consistency.py)
       POST /_engine/load?table=T              bulk load of JSON lines of items (bulk.py)

What still differs from DynamoDB is listed in docs/local-engine.md, each with the test that shows it.

Usage: scripts/engine [--port N] [--host 127.0.0.1] [--ttl-interval SECONDS]
                      [--stream-max-records N] [--stream-retention-hours H] [--serial]

The package, by concern (scripts/engine is only its launcher; the moto pin is scripts/requirements.txt):
  guard.py         refuses a moto other than the pinned one, or one whose patched internals moved
  state.py         the engine's clock and state, and helpers the concerns share
  memory.py        fix 3: moto's model registry off, no empty partitions left by lookups
  transactions.py  fixes 2 and 6: TransactWriteItems evaluated then journaled, tokens, limits
  indexes.py       fix 7: ordered keys (rows, GSIs, TTL) kept by every write; fast reads
  scans.py         fix 7: Query and Scan pages read from the ordered keys, O(log n + page)
  bulk.py          fix 13: the bulk load, JSON lines checked as PutItem and loaded all or nothing
  streams.py       fixes 3 and 5: stream records as DynamoDB writes them, trimming, iterators
  ttl.py           fix 4: TTL expiry and the housekeeping loop
  capacity.py      fix 8: ConsumedCapacity by DynamoDB's rules
  faults.py        fix 9: faults on request
  durable.py       fix 10: durable mode, the journal and its snapshot
  consistency.py   fix 11: eventual consistency per table
  validation.py    fix 12: requests DynamoDB refuses, refused in its words, in its order
  shapes.py        fix 12: the API reference's member constraints and the rules between members
  values.py        fix 12: attribute values, numbers, item and key sizes
  legacy.py        fix 12: legacy parameters refused or rewritten into expressions
  control.py       fix 13: the /_engine/ control API and status
  server.py        fixes 1 and 6: writes one at a time, reads shared; 400 for what moto cannot parse; CLI, main
"""
