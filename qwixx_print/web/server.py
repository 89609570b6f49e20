"""``qwixx-print serve``: the web page behind waitress, a production WSGI server (not
Flask's development server), on loopback unless asked otherwise."""

from __future__ import annotations

import logging
import socket
import time
from collections.abc import Callable, Collection
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import TcpWSGIServer

if TYPE_CHECKING:
    from qwixx_print.web.storage import GameLimits

LOOPBACK = "127.0.0.1"

WARNING = "warning: anyone on this network can open this page and change its games"


def lan_address() -> str:
    """This machine's address on its local network (the one a phone on the same Wi-Fi
    opens), found from the route to a private address without sending anything;
    ``127.0.0.1`` when there is no network."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # UDP connect sends no packet
        return str(probe.getsockname()[0])
    except OSError:
        return LOOPBACK
    finally:
        probe.close()


ALL = ("0.0.0.0", "::", "")
"""Hosts that mean every address of this machine."""

LOOPBACKS = (LOOPBACK, "localhost", "::1")


def base_url(host: str, port: int) -> str:
    """``http://HOST:PORT``, an IPv6 address in brackets as URLs need it
    (``http://[::1]:8000``)."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def addresses(host: str, port: int) -> list[str]:
    """The lines ``serve`` prints before it starts: where to open the page, and for a host
    that is not loopback the address on the network and :data:`WARNING`."""
    if host in ALL:
        return [
            f"open {base_url(lan_address(), port)}/ on any device of this network "
            f"(here: {base_url(LOOPBACK, port)}/)",
            WARNING,
        ]
    lines = [f"open {base_url(host, port)}/ in a browser (Ctrl-C stops the server)"]
    if host not in LOOPBACKS:
        lines.append(WARNING)
    return lines


def quiet_queue() -> None:
    """Keep the terminal free of waitress's ``Task queue depth is N`` warnings (logger
    ``waitress.queue``): a table's taps coming at once queue for a moment, which is no
    fault. Its errors (logger ``waitress``) still print."""
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)


@dataclass(frozen=True)
class Limits:
    """How waitress holds a club's phones (docs/web.md, issue 23): 300 phones polling every
    2 s on kept-alive connections, a few hosts uploading layouts.

    ``threads``: requests served at once (the heavy ones, uploads and PDFs, take at most
    :data:`~qwixx_print.web.guard.HEAVY_SLOTS` of them); ``connection_limit``: open
    connections (far above 300 phones; waitress's default of 100 let 100 idle sockets
    block every tap); ``channel_timeout``: seconds an idle connection is kept;
    ``request_timeout``: seconds a request may take to arrive, headers and body (a client
    sending one byte every few seconds is cut off then, :class:`TimedServer`; waitress
    alone only counts idle time); ``cleanup_interval``: how often (s) idle and slow
    connections are looked for;
    ``max_request_body_size``: bytes, refused with a 413 before the body is read (the
    app's own limit, :data:`~qwixx_print.web.guard.MAX_REQUEST`);
    ``max_request_header_size``: bytes of the request line and headers."""

    threads: int = 16
    connection_limit: int = 1000
    channel_timeout: int = 60
    request_timeout: float = 20.0
    cleanup_interval: int = 5
    max_request_body_size: int = 0  # 0: guard.MAX_REQUEST
    max_request_header_size: int = 32_768

    def waitress(self) -> dict[str, Any]:
        """The settings for waitress's ``create_server`` (``request_timeout`` is
        :class:`TimedServer`'s own)."""
        from qwixx_print.web.guard import MAX_REQUEST

        settings = asdict(self)
        del settings["request_timeout"]
        settings["max_request_body_size"] = self.max_request_body_size or MAX_REQUEST
        settings["asyncore_use_poll"] = True  # select() cannot watch more than 1024 sockets
        return settings


class TimedParser(HTTPRequestParser):
    """waitress's request parser, which remembers when the request's first bytes came."""

    def __init__(self, adj: Any) -> None:
        super().__init__(adj)
        self.began = time.time()


class TimedChannel(HTTPChannel):
    """waitress's connection, its requests read by :class:`TimedParser`."""

    parser_class = TimedParser


class TimedServer(TcpWSGIServer):
    """waitress's server, which also closes a connection whose request takes more than
    ``request_timeout`` seconds to arrive (checked with the idle connections, every
    ``cleanup_interval`` seconds): a client trickling bytes keeps a socket busy for good
    otherwise, since waitress closes only connections with no activity at all."""

    channel_class = TimedChannel
    request_timeout = Limits.request_timeout

    def maintenance(self, now: float) -> None:
        super().maintenance(now)  # type: ignore[arg-type]  # the stubs say int: it is time.time()
        channels = cast(dict[int, HTTPChannel], self.active_channels)  # the stubs are wrong
        for channel in list(channels.values()):
            began = getattr(channel.request, "began", None)  # a TimedParser's
            if began is not None and now - began > self.request_timeout:
                channel.will_close = True  # the loop closes it (``handle_write``)


def make_server(application: Any, host: str, port: int, limits: Limits = Limits()) -> Any:
    """A waitress server of ``application`` on ``host``:``port`` with ``limits``, not yet
    running; every socket it listens on is a :class:`TimedServer`. Raises OSError when the
    address cannot be bound, ValueError when it is no address."""
    from waitress.server import create_server

    sockets: dict[int, Any] = {}
    server = create_server(application, map=sockets, host=host, port=port, **limits.waitress())
    for listening in list(sockets.values()):
        if type(listening) is TcpWSGIServer:  # made by create_server; timed from now on
            listening.__class__ = TimedServer
            cast(TimedServer, listening).request_timeout = limits.request_timeout
    return server


def serve(
    host: str,
    port: int,
    db: str | Path | None,
    echo: Callable[[str], None],
    allowed_hosts: Collection[str] = (),
    limits: Limits = Limits(),
    games: GameLimits | None = None,
) -> None:
    """Serve the web page on ``host``:``port`` with the database ``db`` (a file or a
    ``postgresql://`` URL; see :func:`qwixx_print.web.create_app`) and the ``games``'
    bounds until Ctrl-C (which ends it quietly), answering requests that name this computer
    (``localhost``, ``127.0.0.1``, ``::1``), ``host``, the network address (for
    ``0.0.0.0``) or one of ``allowed_hosts`` (others: 400), with waitress set to
    ``limits``. Raises OutputError when the database cannot be opened or the address cannot
    be bound or is no address (``256.1.1.1``, a name that does not resolve)."""
    from qwixx_print.errors import OutputError
    from qwixx_print.web import create_app

    made: list[Any] = []  # the app, made once the address is bound: a refused address
    # leaves no database file behind

    def application(environ: Any, start_response: Any) -> Any:
        return made[0](environ, start_response)

    try:
        server = make_server(application, host, port, limits)
    except OSError as exc:
        raise OutputError(f"{host}:{port}: cannot serve there ({exc.strerror})") from None
    except ValueError:  # waitress: the host is no address and no name that resolves
        raise OutputError(
            f"{host}: no address of this computer (give an IP address such as 127.0.0.1, "
            "0.0.0.0 or ::1, or a host name that resolves)"
        ) from None
    try:
        names = [*allowed_hosts, lan_address() if host in ALL else host]
        app = create_app(db, loopback_only=host in LOOPBACKS, allowed_hosts=names, limits=games)
    except BaseException:
        server.close()
        raise
    made.append(app)
    quiet_queue()
    bound = int(getattr(server, "effective_port", port))
    if host in ALL:
        app.config["QWIXX_PUBLIC_URL"] = base_url(lan_address(), bound)
    try:  # Ctrl-C may come as soon as the address is printed
        for line in addresses(host, bound):
            echo(line)
        server.run()  # returns on Ctrl-C: waitress stops its threads itself
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    echo("stopped")
