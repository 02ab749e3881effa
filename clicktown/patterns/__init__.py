"""patterns package."""
