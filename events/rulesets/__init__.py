"""The games this server ships. Importing this package registers them."""
