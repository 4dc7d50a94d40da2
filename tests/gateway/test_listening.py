"""The gateway hears revocations on a connection of its own. When PostgreSQL drops it, the
gateway listens again, backing off while the database turns it away, and then reads from the
tokens table what was revoked meanwhile: a token revoked while nobody listened is refused."""

from pathlib import Path

import asyncpg
import httpx

from services.gateway import hub, tokens
from services.settings import Settings
from tests.support import wait_for


async def test_a_token_revoked_while_the_gateway_did_not_listen_is_refused_once_it_listens_again(
    gateway: str, settings: Settings, database_server: str, tmp_path: Path
) -> None:
    logged = tmp_path / "gateway.log"
    async with httpx.AsyncClient(base_url=gateway, timeout=10) as http:
        made = (await http.post("/players", json={"name": "gus"})).json()
        me = {"authorization": f"Bearer {made['token']}"}
        assert (await http.get("/players/me", headers=me)).status_code == 200  # remembered
        own = await asyncpg.connect(settings.database_url)  # open before the door shuts
        admin = await asyncpg.connect(database_server)
        database = await own.fetchval("SELECT current_database()")
        try:
            # no new connection to the database, and the gateway's listening one cut
            await admin.execute(f'ALTER DATABASE "{database}" ALLOW_CONNECTIONS false')
            cut = await admin.fetchval(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE application_name = $1 AND datname = $2",
                hub.LISTENER,
                database,
            )
            assert cut == 1
            await wait_for(lambda: logged.read_text().count("gateway_listen_retry") >= 2)
            # another gateway revokes the token: its notification reaches nobody
            assert await tokens.revoke(own, [tokens.digest(made["token"])], "stolen")
            assert (await http.get("/players/me", headers=me)).status_code == 200
        finally:
            await admin.execute(f'ALTER DATABASE "{database}" ALLOW_CONNECTIONS true')
            await admin.close()
            await own.close()
        await wait_for(lambda: "gateway_listen_restored" in logged.read_text(), timeout=60)
        assert (await http.get("/players/me", headers=me)).status_code == 401
    told = logged.read_text()
    assert '"in_s": 0.5' in told and '"in_s": 1.0' in told  # backing off
    assert '"revoked_meanwhile": 1' in told
