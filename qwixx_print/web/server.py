"""``qwixx-print serve``: the web page behind waitress, a production WSGI server (not
Flask's development server), on loopback unless asked otherwise."""

from __future__ import annotations

import contextlib
import logging
import socket
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

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


def prepare_simulator() -> None:
    """Compile (or load) the simulator now, in the background, so that the first fresh
    sheet does not wait for it (issue 20; its first compile says so on stderr). Without a
    working numba nothing happens here: ``generate`` then says why itself."""
    from qwixx_print.sim import run

    with contextlib.suppress(Exception):
        run.prepare()


def serve(host: str, port: int, db: Path | None, echo: Callable[[str], None]) -> None:
    """Serve the web page on ``host``:``port`` with the database ``db`` until Ctrl-C
    (which ends it quietly). Raises OutputError when the database cannot be opened or the
    address cannot be bound or is no address (``256.1.1.1``, a name that does not
    resolve)."""
    from waitress.server import create_server

    from qwixx_print.errors import OutputError
    from qwixx_print.web import create_app

    made: list[Any] = []  # the app, made once the address is bound: a refused address
    # leaves no database file behind

    def application(environ: Any, start_response: Any) -> Any:
        return made[0](environ, start_response)

    try:
        server = create_server(application, host=host, port=port, threads=8)
    except OSError as exc:
        raise OutputError(f"{host}:{port}: cannot serve there ({exc.strerror})") from None
    except ValueError:  # waitress: the host is no address and no name that resolves
        raise OutputError(
            f"{host}: no address of this computer (give an IP address such as 127.0.0.1, "
            "0.0.0.0 or ::1, or a host name that resolves)"
        ) from None
    try:
        app = create_app(db, loopback_only=host in LOOPBACKS)
    except BaseException:
        server.close()
        raise
    made.append(app)
    quiet_queue()
    threading.Thread(target=prepare_simulator, name="simulator", daemon=True).start()
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
