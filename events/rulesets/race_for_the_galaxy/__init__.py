"""Race for the Galaxy: the base game behind the platform's interface (rules: RG-* rule IDs)."""
