"""Hostile values of `cutsheet check` and `cutsheet sweep` options: a usage error (exit 2)
that names the option and what it takes, never a traceback and never a silent default.

--scheduler: any text is either an address Dask reads as the same place or refused before
Dask sees it; a server that is not a Dask scheduler (silent, or answering gibberish) is
bad input too. --players and --vary players: any number the game cannot seat, 0 and
negatives included, is refused with the game's range."""

import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.check import cluster
from generator.check.players import scheduler_address
from generator.check.run import CheckOptions
from generator.cli import main
from generator.sources.errors import SourceError

ROOT = Path(__file__).resolve().parents[2]
COMPONENTS = ROOT / "components"
EXPECTED = "expected tcp://HOST:PORT"


def invoke(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def refused(result: Result) -> str:
    """The output of a run that ended in a usage error, as a person sees it."""
    assert result.exit_code == 2, (result.output, result.exception)
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result.output


MALFORMED = [
    "http://[::1",
    "tcp://[::1",
    "http://127.0.0.1:8786",
    "127.0.0.1:8786",
    "tcp://127.0.0.1",
    "tcp://127.0.0.1:",
    "tcp://127.0.0.1:0",
    "tcp://127.0.0.1:65536",
    "tcp://127.0.0.1:99999999999999999999",
    "tcp://127.0.0.1:-1",
    "tcp://127.0.0.1:８７８６",
    "tcp://[::1]x:8786",
    "tcp://[zz]:8786",
    "tcp://a..b:8786",
    "tcp://" + "a" * 64 + ":8786",
    "tcp://-a:8786",
    "tcp://a b:8786",
    "tcp://user@127.0.0.1:8786",
    "tcp://127.0.0.1:8786/path",
    "tcp://127.0.0.1:8786?x=1",
    "tcp://127.0.0.1:87\t86",
    " tcp://127.0.0.1:8786",
    "inproc://127.0.0.1/1/2",
    "",
]


@pytest.mark.parametrize("address", MALFORMED)
def test_a_malformed_scheduler_address_is_a_usage_error_naming_the_option(address):
    source = str(COMPONENTS / "chip-flip")
    for args in (
        ["check", source, "--simulate", "2", "--scheduler", address],
        ["check", source, "--simulate", "2", "--json", "--scheduler", address],
        ["sweep", source, "--vary", "policy=random", "--games", "1", "--out", "unused", "--scheduler", address],
    ):
        output = refused(invoke(*args))
        assert "--scheduler" in output and EXPECTED in output


def test_the_scheduler_address_is_refused_before_any_game_is_checked(tmp_path):
    with pytest.raises(SourceError, match="--scheduler 'http://"):
        CheckOptions(simulate=2, scheduler="http://[::1").validate()


@settings(deadline=None)  # the first example imports Dask
@given(st.text(max_size=60) | st.from_regex(r"\A(tcp|tls|TCP|http)://[\[\]a-z0-9:._-]{0,30}(:[0-9]{0,6})?\Z"))
def test_any_text_is_an_address_dask_reads_as_the_same_place_or_refused(text):
    distributed = pytest.importorskip("distributed")
    try:
        address = scheduler_address(text)
    except SourceError as exc:
        assert "--scheduler" in exc.message and EXPECTED in exc.message
        return
    scheme, location = distributed.comm.parse_address(address)
    host, port = distributed.comm.parse_host_port(location)
    given_scheme, _, rest = text.partition("://")
    given_host, _, given_port = rest.rpartition(":")
    assert (scheme, host, port) == (given_scheme.lower(), given_host.strip("[]").lower(), int(given_port))
    assert 0 < port < 2**16
    host.encode("idna")  # a name lookup takes the host (an IPv6 address is looked up as it is)


def test_well_formed_addresses_are_kept():
    assert scheduler_address("tcp://127.0.0.1:8786") == "tcp://127.0.0.1:8786"
    assert scheduler_address("TLS://Scheduler.Example.org:443") == "tls://scheduler.example.org:443"
    assert scheduler_address("tcp://[::1]:08786") == "tcp://[::1]:8786"


def serve(reply: bytes) -> Iterator[str]:
    """The address of a server on 127.0.0.1 that accepts connections, sends `reply` and then
    keeps them open without a word."""
    listener = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                connection, _ = listener.accept()
            except OSError:  # closed: the test is over
                return
            connection.sendall(reply)
            held.append(connection)

    threading.Thread(target=accept, daemon=True).start()
    try:
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        listener.close()
        for connection in held:
            connection.close()


@pytest.fixture
def silent_server() -> Iterator[str]:
    yield from serve(b"")


@pytest.fixture
def gibberish_server() -> Iterator[str]:
    yield from serve(b"\xff" * 64)


@pytest.mark.parametrize("server", ["silent_server", "gibberish_server"])
def test_a_server_that_is_not_a_dask_scheduler_is_bad_input(server, request, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 2)
    address = request.getfixturevalue(server)
    output = refused(invoke("check", str(COMPONENTS / "chip-flip"), "--simulate", "2", "--scheduler", address))
    assert f"cannot reach the Dask scheduler at {address}" in output


@pytest.mark.parametrize("players", ["0", "-1", "1", "7", "-99999999999999999999"])
def test_players_the_game_cannot_seat_are_refused_with_its_range(players):
    args = ["check", str(COMPONENTS / "slipmax"), "--simulate", "2", "--players", players]
    output = refused(invoke(*args))
    assert f"slipmax is for 2 to 6 players, not {int(players)}" in output


def test_players_0_is_refused_even_by_a_game_for_any_number():
    """0 is a number given, not "the game's default": checked against the game's range."""
    output = refused(invoke("check", str(COMPONENTS / "chip-flip"), "--simulate", "2", "--players", "0", "--json"))
    assert "chip_flip is for 2 to 2 players, not 0" in output


@pytest.mark.parametrize("players", ["0", "-1", "7", "2.0", "²", "two", "99999999999999999999"])
def test_a_sweep_over_players_the_game_cannot_seat_is_refused_with_its_range(players, tmp_path):
    args = ["sweep", str(COMPONENTS / "slipmax"), "--vary", f"players=2,{players}", "--games", "1"]
    output = refused(invoke(*args, "--out", str(tmp_path / "out")))
    assert f"--vary players={players}: slipmax is for 2 to 6 players" in output
    assert not (tmp_path / "out").exists()
