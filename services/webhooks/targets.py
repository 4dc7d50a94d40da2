"""Where a webhook may go. A target's host is resolved and every address it gives checked: one
that is private, loopback, link-local or otherwise not global refuses the target (unless the
settings allow it), so a player cannot aim our server at its own network. The request then goes
to the address checked (the name kept for Host and TLS), so a second lookup cannot differ."""

import asyncio
import ipaddress
import socket

import httpx
import msgspec

SCHEMES = ("https", "http")


class Target(msgspec.Struct, frozen=True):
    url: str  # the address checked in place of the host name
    host: str  # the name, for TLS
    netloc: str  # the name and port, for the Host header


class Refused(Exception):
    """A target we do not send to; the message says why."""


async def resolve(url: str, allow_private: bool) -> Target:
    parsed = httpx.URL(url)
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
        unwrapped = getattr(address, "ipv4_mapped", None) or address
        if not allow_private and (not unwrapped.is_global or unwrapped.is_multicast):
            raise Refused(f"{parsed.host} resolves to {address}, a private or local address")
    pinned = str(parsed.copy_with(host=str(addresses[0])))
    return Target(pinned, parsed.host, parsed.netloc.decode("ascii"))
