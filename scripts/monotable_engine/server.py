"""The server: moto's DynamoDB and DynamoDB Streams apps behind one lock, the control API beside.

Writes one at a time (moto's models are not thread-safe) and item reads beside each other (they
share the lock, state.EngineLock), 400 ValidationException for what moto
cannot parse, 400 MissingAuthenticationTokenException for an unsigned request, the command line,
and main.
"""

import json
import os
import signal
import sys
import threading
import traceback

from . import __doc__ as ENGINE_DOC
import io

from . import capacity, consistency, control, durable, faults, indexes, memory, streams, transactions, ttl, validation
from .guard import EngineRefused, check_moto
from .state import EngineState, all_tables

SHARED_READS = {"GetItem", "BatchGetItem", "Query", "Scan", "TransactGetItems"}


def install_patches(state):
    # Order matters where two concerns wrap one moto function: memory's Table.delete_item is
    # wrapped by indexes', indexes' DynamoDBBackend.update_item by streams', and the request
    # handlers of transactions by capacity's (which prices around the token check).
    for concern in (memory, indexes, streams, transactions, capacity, durable, consistency, validation):
        concern.install(state)
    from moto.dynamodb.responses import DynamoHandler
    from moto.dynamodbstreams.responses import DynamoDBStreamsHandler

    wrap_call_action(DynamoHandler)
    wrap_call_action(DynamoDBStreamsHandler)


def wrap_call_action(handler_class):
    """A request moto cannot parse answers 400 ValidationException, as DynamoDB does, not 500."""
    original = handler_class.call_action

    def call_action(self):
        try:
            return original(self)
        except Exception as e:  # noqa: BLE001 - moto's own errors are answered inside original
            traceback.print_exc()  # to the engine's log: a request moto could not process is worth a look
            message = f"The request could not be processed: {type(e).__name__}: {e}"[:500]
            body = json.dumps({"__type": "com.amazon.coral.validate#ValidationException",
                               "message": message})
            return 400, {"Content-Type": "application/x-amz-json-1.0"}, body

    handler_class.call_action = call_action


def application(state, moto_app, moto_version):
    def app(environ, start_response):
        if environ.get("PATH_INFO", "").startswith("/_engine/"):
            code, payload = control.control(state, environ, moto_version)
            body = json.dumps(payload).encode()
            start_response(f"{code} {'OK' if code == 200 else 'Error'}",
                           [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
            return [body]
        if not environ.get("HTTP_AUTHORIZATION") and "X-Amz-Signature=" not in environ.get("QUERY_STRING", ""):
            # DynamoDB refuses an unsigned request at the door; moto routes by that header and would
            # answer it as S3 (200 and a ListBuckets XML).
            body = json.dumps({"__type": "com.amazon.coral.service#MissingAuthenticationTokenException",
                               "message": "Request is missing Authentication Token"}).encode()
            start_response("400 Bad Request", [("Content-Type", "application/x-amz-json-1.0"),
                                               ("Content-Length", str(len(body)))])
            return [body]
        action = (environ.get("HTTP_X_AMZ_TARGET") or "").rpartition(".")[2]
        with state.counter_lock:
            state.requests += 1
        read = action in SHARED_READS and environ.get("HTTP_X_AMZ_TARGET", "").startswith("DynamoDB_")
        with state.lock.shared() if read and shares_lock(state, environ) else state.lock:
            return serve_request(state, moto_app, environ, start_response, action)
    return app


def shares_lock(state, environ):
    """Whether an item read may share the lock (state.py): it changes nothing, unless a test's faults are on
    or it reads a table in eventual-consistency mode (consistency.py notes what each such read sees)."""
    if state.serial or state.faults:
        return False
    if not state.eventual:
        return True
    length = int(environ.get("CONTENT_LENGTH") or 0)
    raw = environ["wsgi.input"].read(length) if length else b""
    environ["wsgi.input"] = io.BytesIO(raw)
    try:
        body = json.loads(raw)
        names = ([body.get("TableName")] + list((body.get("RequestItems") or {}).keys())
                 + [((t or {}).get("Get") or {}).get("TableName") for t in body.get("TransactItems") or []])
    except (ValueError, AttributeError, TypeError):
        return False  # moto answers it, under the exclusive lock
    return not any(name in state.eventual for name in names if name)


def serve_request(state, moto_app, environ, start_response, action):
    if state.faults:
        # A fault a test asked for answers before moto sees the request: nothing is written.
        length = int(environ.get("CONTENT_LENGTH") or 0)
        raw = environ["wsgi.input"].read(length) if length else b""
        environ["wsgi.input"] = io.BytesIO(raw)
        fault = faults.injected(state, action, raw)
        if fault is not None:
            status, body = fault
            start_response(f"{status} {'Bad Request' if status == 400 else 'Internal Server Error'}",
                           [("Content-Type", "application/x-amz-json-1.0"), ("Content-Length", str(len(body)))])
            return [body]
    try:
        # The whole answer is produced inside the lock: moto's models are not thread-safe.
        return list(moto_app(environ, start_response))
    except Exception as e:  # noqa: BLE001 - e.g. a request without X-Amz-Target
        body = json.dumps({"__type": "com.amazon.coral.validate#ValidationException",
                           "message": f"The request could not be processed: {type(e).__name__}"}).encode()
        start_response("400 Bad Request", [("Content-Type", "application/x-amz-json-1.0"),
                                           ("Content-Length", str(len(body)))])
        return [body]


def parse_args(argv):
    from monotable_cli import Parser

    p = Parser("engine", ENGINE_DOC.split("\n\n")[0] + " See docs/local-engine.md for what it fixes and "
               "what still differs.", "0 stopped (or --check passed), 1 could not listen, 2 bad usage, "
               "3 refused: moto's version or shape is not the one it was written for.")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port; 0 picks a free one (default 8000)")
    p.add_argument("--ttl-interval", type=float, default=1.0, help="seconds between TTL passes (default 1)")
    p.add_argument("--stream-max-records", type=int, default=10000,
                   help="stream records kept per table (default 10000)")
    p.add_argument("--stream-retention-hours", type=float, default=24.0,
                   help="stream record retention (default 24, as DynamoDB)")
    p.add_argument("--data-dir", default=None,
                   help="keep tables, items and stream records in this directory across restarts (a journal and "
                        "a snapshot); without it everything is in memory")
    p.add_argument("--fsync", choices=["interval", "always"], default="interval",
                   help="with --data-dir: 'interval' (default) writes each change to the OS before answering "
                        "(a killed engine loses nothing) and fsyncs every 200 ms; 'always' fsyncs before answering")
    p.add_argument("--compact-bytes", type=int, default=64 * 1024 * 1024,
                   help="with --data-dir: compact the journal into the snapshot past this size (default 64 MB)")
    p.add_argument("--serial", action="store_true",
                   help="serve one request at a time, reads included (by default item reads run beside each other)")
    p.add_argument("--check", action="store_true", help="check moto's version and shape, then exit")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")
    try:
        moto_version = check_moto()
    except EngineRefused as e:
        print(f"monotable-engine: refusing to start: {e}", file=sys.stderr, flush=True)
        return 3
    if args.check:
        print(f"monotable-engine: moto {moto_version} has the expected shape")
        return 0
    state = EngineState(args)
    journal = None
    if args.data_dir:
        journal = durable.Journal(state, os.path.abspath(args.data_dir), args.fsync, args.compact_bytes)
        try:
            journal.check()  # refuses another format or a corrupt file before anything is read in
        except durable.JournalRefused as e:
            print(f"monotable-engine: refusing to start: {e}", file=sys.stderr, flush=True)
            return 3
    install_patches(state)
    return serve(args, state, moto_version, journal)


def serve(args, state, moto_version, journal=None):
    from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app
    from werkzeug.serving import WSGIRequestHandler, make_server

    class QuietHandler(WSGIRequestHandler):
        def log_request(self, *args, **kwargs):
            pass  # one line per request costs time and floods the console; errors still print

    moto_app = DomainDispatcherApplication(create_backend_app)
    app = application(state, moto_app, moto_version)
    try:
        server = make_server(args.host, args.port, app, threaded=True, request_handler=QuietHandler)
    except OSError as e:
        print(f"monotable-engine: cannot listen on {args.host}:{args.port}: {e.strerror}. "
              f"Stop what runs there, or pass another --port (0 picks a free one).", file=sys.stderr, flush=True)
        return 1
    warm_up(state, app)
    if journal is not None:
        with state.lock:
            journal.load(lambda account, region, action, body: dispatch(app, region, action, body))
            state.journal = journal
            for table in all_tables():
                indexes.ensure(table)  # the ordered keys built once now, not by the first request
        state.requests = 0
    threading.Thread(target=ttl.housekeeping_loop, args=(state,), name="housekeeping", daemon=True).start()
    port = server.server_address[1]
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    print(f"monotable-engine listening on http://{args.host}:{port} (moto {moto_version})", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


def dispatch(app, region, action, body):
    """Applies one journaled table request (CreateTable, UpdateTimeToLive...) through moto's own handler."""
    from werkzeug.test import Client

    Client(app).post("/", data=json.dumps(body), headers={
        "X-Amz-Target": f"DynamoDB_20120810.{action}", "Content-Type": "application/x-amz-json-1.0",
        "Authorization": f"AWS4-HMAC-SHA256 Credential=journal/20260101/{region}/dynamodb/aws4_request, "
                         "SignedHeaders=host, Signature=0"})


def warm_up(state, app):
    """Builds moto's DynamoDB app before the port is announced, so the first request is not slow."""
    from werkzeug.test import Client

    client = Client(app)
    for target in ("DynamoDB_20120810.ListTables", "DynamoDBStreams_20120810.ListStreams"):
        client.post("/", data="{}", headers={
            "X-Amz-Target": target, "Content-Type": "application/x-amz-json-1.0",
            "Authorization": "AWS4-HMAC-SHA256 Credential=warmup/20260101/us-east-1/dynamodb/aws4_request, "
                             "SignedHeaders=host, Signature=0"})
    state.requests = 0
