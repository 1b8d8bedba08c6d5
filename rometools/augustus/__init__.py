"""Augustus (placeholder during development)."""
