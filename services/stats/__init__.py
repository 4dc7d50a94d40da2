"""Ratings, reliability and statistics: read from the ratings and analytics read models,
answered as JSON (`report`), drawn as SVG charts (`charts`)."""
