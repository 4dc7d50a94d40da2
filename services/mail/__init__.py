"""Play by mail: notices and answers out (`outbox`), orders in (`inbound`), one worker."""
