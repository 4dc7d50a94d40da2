"""Card-set data files (TOML) for Core Worlds; see `../CARDS.md` for the format."""
