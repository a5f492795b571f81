"""What a page waits for after an edit goes first. The first phase runs with the garbage
collector paused (and as it was after, whatever happens). The second phase (rules checks and
PDF) lets the page's requests for the first go first: it waits for each listening page to
fetch the content, for the answers in flight and a quiet moment, never past its deadline,
and not at all when no page is listening. Checked
with real threads, and through the server's own HTTP handling."""

import gc
import http.client
import threading
import time
from pathlib import Path

from generator import cache
from generator.project import OutputSettings, Project
from generator.serve import server
from generator.serve.preview import draw_preview
from generator.serve.server import Previews, Traffic, start, stop_serving
from tests.package.test_cache import entry


def test_a_rebuild_draws_the_first_phase_and_lets_the_pages_fetch_it_with_the_collector_paused(tmp_path, monkeypatch):
    game = one_card_game(tmp_path)
    collecting = []

    def drawing(*args, **kwargs):
        collecting.append(gc.isenabled())
        return draw_preview(*args, **kwargs)

    monkeypatch.setattr(server, "draw_preview", drawing)
    previews = Previews(Project.find([game], output=OutputSettings(tmp_path / "out")))
    monkeypatch.setattr(previews.traffic, "settle", lambda quiet, most: collecting.append(gc.isenabled()))
    previews.rebuild()
    assert collecting == [False, False] and gc.isenabled()  # drawn, and fetched by the pages
    assert previews.games[game].checked and previews.games[game].pdf is not None


def test_a_rebuild_prunes_what_earlier_runs_left_in_the_build_cache(tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "KEPT_BYTES", 0)
    out = tmp_path / "out"
    stale = entry(out / ".cache", "7", 1000, time.time() - 3600)
    previews = Previews(Project.find([one_card_game(tmp_path)], output=OutputSettings(out)))
    previews.rebuild()
    assert not stale.exists() and any(path.is_file() for path in (out / ".cache").rglob("*"))


def one_card_game(tmp_path: Path) -> Path:
    game = tmp_path / "g"
    game.mkdir()
    (game / "game.yaml").write_text("name: G\nengine: none\ncomponents: [cards.yaml]\n")
    (game / "cards.yaml").write_text("kind: card\nitems:\n  - {title: One, text: The first}\n")
    return game


def settling(traffic: Traffic, quiet: float, most: float) -> threading.Thread:
    thread = threading.Thread(target=traffic.settle, args=(quiet, most), daemon=True)
    thread.start()
    return thread


def test_with_no_page_listening_nothing_waits():
    start_time = time.monotonic()
    Traffic().settle(quiet=30, most=30)
    assert time.monotonic() - start_time < 5


def test_while_a_page_listens_it_fetches_the_content_first():
    traffic = Traffic()
    with traffic.listening():
        traffic.published(1)
        waiting = settling(traffic, quiet=0.05, most=60)
        waiting.join(0.5)
        assert waiting.is_alive()  # the page has not fetched the new content yet
        with traffic.answering():
            traffic.fetched_content(1)
            waiting.join(0.5)
            assert waiting.is_alive()  # the content is still being answered
        waiting.join(10)
        assert not waiting.is_alive()  # answered, and quiet since


def test_a_fetch_of_an_older_version_counts_for_nothing_and_a_page_leaving_is_not_waited_for():
    traffic = Traffic()
    with traffic.listening():
        traffic.published(2)
        waiting = settling(traffic, quiet=0.05, most=60)
        with traffic.answering():
            traffic.fetched_content(1)  # begun before version 2 was published
        waiting.join(0.5)
        assert waiting.is_alive()
    waiting.join(10)  # the page closed its event stream
    assert not waiting.is_alive()


def test_every_listening_page_fetches_the_content_first():
    traffic = Traffic()
    with traffic.listening(), traffic.listening():
        traffic.published(1)
        waiting = settling(traffic, quiet=0.05, most=60)
        with traffic.answering():
            traffic.fetched_content(1)
        waiting.join(0.5)
        assert waiting.is_alive()  # one page of two has fetched it
        with traffic.answering():
            traffic.fetched_content(1)
        waiting.join(10)
        assert not waiting.is_alive()


def test_once_the_server_has_stopped_nothing_waits_for_the_pages():
    """A page still listening when the server stops can fetch nothing: a rebuild under way
    (which the stop waits for) waits for no page, then or after."""
    traffic = Traffic()
    with traffic.listening():
        traffic.published(1)
        waiting = settling(traffic, quiet=0.05, most=60)
        waiting.join(0.5)
        assert waiting.is_alive()
        traffic.close()
        waiting.join(10)
        assert not waiting.is_alive()
        start_time = time.monotonic()
        traffic.settle(quiet=30, most=30)
        assert time.monotonic() - start_time < 5


def test_an_answer_that_never_ends_holds_it_back_only_until_the_deadline():
    traffic = Traffic()
    with traffic.listening(), traffic.answering():
        waiting = settling(traffic, quiet=0.05, most=0.3)
        waiting.join(10)
        assert not waiting.is_alive()


def test_each_new_answer_restarts_the_quiet_moment():
    traffic = Traffic()
    with traffic.listening():
        traffic.published(1)
        traffic.fetched_content(1)
        start_time = time.monotonic()
        waiting = settling(traffic, quiet=1, most=60)
        while time.monotonic() - start_time < 2:  # a request every 0.1 s: never 1 s quiet
            time.sleep(0.1)
            with traffic.answering():
                pass
            assert waiting.is_alive()
        waiting.join(10)
        assert not waiting.is_alive()


def test_the_server_counts_an_open_event_stream_and_the_requests_it_answers(tmp_path):
    game = one_card_game(tmp_path)
    previews = Previews(Project.find([game], output=OutputSettings(tmp_path / "out")))
    server, stop = start(previews, 0)
    try:
        events = http.client.HTTPConnection(*server.server_address, timeout=10)
        events.request("GET", "/events")
        reply = events.getresponse()
        assert reply.readline().startswith(b"data: ")
        assert previews.traffic.listeners == 1 and previews.traffic.fetched == 0
        before = previews.traffic.last
        content = http.client.HTTPConnection(*server.server_address, timeout=10)
        content.request("GET", "/content")
        assert b"One" in content.getresponse().read()
        content.close()
        deadline = time.monotonic() + 10
        while previews.traffic.last == before and time.monotonic() < deadline:
            time.sleep(0.01)
        assert previews.traffic.last > before and previews.traffic.busy == 0 and previews.traffic.fetched == 1
        events.close()
    finally:
        stop_serving(server, stop)
    assert Path(previews.games[game].pdf or "").is_file()
