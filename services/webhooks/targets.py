"""Where a webhook may go. A target's host is resolved and every address it gives checked: one
that is private, loopback, link-local or otherwise not global refuses the target (unless the
settings allow it), so a player cannot aim our server at its own network. An IPv6 address that
carries an IPv4 one (mapped, translated, compatible, NAT64, 6to4) is checked for the address
inside too, since a gateway on the way may deliver it there; Teredo and local-use NAT64 are
refused outright (no webhook receiver lives there, and what they reach is not ours to judge).
The request then goes to the address checked (the name kept for Host and TLS), so a second
lookup cannot differ. A URL httpx cannot read (`0177.0.0.1`, a newline, full-width digits) is
refused, saying why."""

import asyncio
import ipaddress
import socket

import httpx
import msgspec

SCHEMES = ("https", "http")
Address = ipaddress.IPv4Address | ipaddress.IPv6Address

# IPv6 prefixes whose last 32 bits are an IPv4 address: IPv4-mapped and -translated (RFC 2765),
# -compatible (deprecated, RFC 4291), and the well-known NAT64 prefix (RFC 6052).
CARRYING_LAST_32 = [
    ipaddress.IPv6Network(prefix)
    for prefix in ("::ffff:0:0/96", "::ffff:0:0:0/96", "::/96", "64:ff9b::/96")
]
REFUSED = [
    ipaddress.IPv6Network("2001::/32"),  # Teredo: a tunnel to whatever its client sits behind
    ipaddress.IPv6Network("64:ff9b:1::/48"),  # NAT64 for local use (RFC 8215)
]


class Target(msgspec.Struct, frozen=True):
    url: str  # the address checked in place of the host name
    host: str  # the name, for TLS
    netloc: str  # the name and port, for the Host header


class Refused(Exception):
    """A target we do not send to; the message says why."""


def carried(address: Address) -> list[Address]:
    """The address, and the IPv4 address it carries, if any."""
    if isinstance(address, ipaddress.IPv4Address):
        return [address]
    if address.sixtofour is not None:
        return [address, address.sixtofour]
    if any(address in prefix for prefix in CARRYING_LAST_32):
        return [address, ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)]
    return [address]


def is_public(address: Address) -> bool:
    if any(address in prefix for prefix in REFUSED if address.version == 6):
        return False
    return all(a.is_global and not a.is_multicast for a in carried(address))


async def resolve(url: str, allow_private: bool) -> Target:
    try:
        parsed = httpx.URL(url)
    except httpx.InvalidURL as error:
        raise Refused(f"not a URL we can send to: {error}") from error
    if parsed.scheme not in SCHEMES or not parsed.host:
        raise Refused("a webhook needs an http or https URL with a host")
    if parsed.userinfo:
        raise Refused("a webhook URL holds no user or password")
    port = parsed.port or (443 if parsed.scheme == "https" else 80)
    try:
        found = await asyncio.get_running_loop().getaddrinfo(
            parsed.host, port, type=socket.SOCK_STREAM
        )
    except OSError as error:
        raise Refused(f"{parsed.host} does not resolve: {error}") from error
    addresses = [ipaddress.ip_address(info[4][0].split("%")[0]) for info in found]
    for address in addresses:
        if not allow_private and not is_public(address):
            raise Refused(f"{parsed.host} resolves to {address}, a private or local address")
    pinned = str(parsed.copy_with(host=str(addresses[0])))
    return Target(pinned, parsed.host, parsed.netloc.decode("ascii"))
