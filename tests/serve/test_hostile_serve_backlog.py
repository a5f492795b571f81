"""The preview server answers a burst of simultaneous connections: every one of 200 requests
opened at once on loopback gets its reply within a few seconds, none left to a retry or
unanswered by a short listen queue."""

import http.client
import threading
import time

from generator.project import OutputSettings, Project
from generator.serve.server import HOST, Previews, start, stop_serving

CONNECTIONS = 200
#: Seconds the slowest reply may take: a burst is answered in well under one on an idle
#: machine; a dropped connection waits a second for its first retry, and more for the next.
SLOWEST = 15.0


def reply(port: int, go: threading.Barrier) -> tuple[int | str, float]:
    """One GET of the cheap page, opened once every other connection is ready to open too:
    its status (or what went wrong) and the seconds it took."""
    connection = http.client.HTTPConnection(HOST, port, timeout=SLOWEST)
    go.wait()
    began = time.monotonic()
    try:
        connection.request("GET", "/content")
        response = connection.getresponse()
        response.read()
        return response.status, time.monotonic() - began
    except (OSError, http.client.HTTPException) as exc:
        return type(exc).__name__, time.monotonic() - began
    finally:
        connection.close()


def test_answers_every_one_of_a_burst_of_connections(tmp_path):
    game = tmp_path / "deck"
    game.mkdir()
    (game / "game.yaml").write_text("name: Deck\nengine: none\ncomponents: [cards.yaml]\n")
    (game / "cards.yaml").write_text("kind: card\nitems:\n  - {title: One, text: Words}\n")
    server, stop = start(Previews(Project.find([game], output=OutputSettings(tmp_path / "out"))), 0)
    go = threading.Barrier(CONNECTIONS)
    replies: list[tuple[int | str, float]] = [("no reply", 0.0)] * CONNECTIONS

    def client(n: int) -> None:
        replies[n] = reply(server.server_address[1], go)

    clients = [threading.Thread(target=client, args=(n,)) for n in range(CONNECTIONS)]
    try:
        for thread in clients:
            thread.start()
        for thread in clients:
            thread.join(2 * SLOWEST)
    finally:
        stop_serving(server, stop)
    assert [status for status, _ in replies] == [200] * CONNECTIONS
    assert max(seconds for _, seconds in replies) < SLOWEST
