"""``manage.py table_link``: where the phones at the table reach this machine (``bash scripts/run
--table``).

``--address`` prints the machine's address on the local network (LISTEK_TABLE_HOST when set;
else the first IPv4 address of an interface that is up and not the loopback, as ``ip`` lists
them: nothing is sent anywhere to find it) and fails when there is none.  ``--url URL`` prints the
link, its QR code drawn in the terminal, and what offline use needs.
"""

from __future__ import annotations

import io
import ipaddress
import os
import re
import shutil
import subprocess
from typing import Any

import segno
from django.core.management.base import BaseCommand, CommandError, CommandParser

# what a phone on a plain-http link lacks (the service worker needs a secure origin)
OFFLINE = ("Offline use needs a secure origin: on this plain-http link the phones follow the "
           "sheet while the Wi-Fi works; to keep writing without a connection, serve Lístek "
           "over HTTPS (docs/deployment.md).")
INET = re.compile(r"\binet (\d+\.\d+\.\d+\.\d+)/")


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on interfaces that are up, the loopback left out."""
    found: list[str] = []
    ip, hostname = shutil.which("ip"), shutil.which("hostname")
    if ip:
        listed = subprocess.run(  # noqa: S603  (a fixed command of the system, no input)
            [ip, "-4", "-o", "addr", "show", "up"], capture_output=True, text=True,
            check=False).stdout
        found = INET.findall(listed)
    elif hostname:
        found = subprocess.run(  # noqa: S603  (a fixed command of the system, no input)
            [hostname, "-I"], capture_output=True, text=True, check=False).stdout.split()
    out = []
    for text in found:
        try:
            address = ipaddress.ip_address(text)
        except ValueError:
            continue
        if address.version == 4 and not address.is_loopback and not address.is_link_local:
            out.append(text)
    return out


class Command(BaseCommand):
    help = "The address and the link the phones at the table use, with a QR code."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--address", action="store_true",
                            help="print this machine's address on the local network")
        parser.add_argument("--url", help="print this link, its QR code and what offline needs")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["address"]:
            chosen = os.environ.get("LISTEK_TABLE_HOST", "").strip()
            addresses = [chosen] if chosen else lan_addresses()
            if not addresses:
                raise CommandError(
                    "This machine has no address on a local network (only the loopback): "
                    "connect it to the table's Wi-Fi, or set LISTEK_TABLE_HOST.")
            self.stdout.write(addresses[0])
            return
        url = options["url"]
        if not url:
            raise CommandError("say --address or --url URL")
        self.stdout.write("")
        self.stdout.write(f"Phones on the same Wi-Fi open: {url}")
        self.stdout.write("Start a sheet there, then hand its QR code round from “Share”.")
        drawn = io.StringIO()
        segno.make(url, error="m").terminal(out=drawn, compact=True)
        self.stdout.write(drawn.getvalue(), ending="")
        self.stdout.write(OFFLINE)
        self.stdout.write("")
