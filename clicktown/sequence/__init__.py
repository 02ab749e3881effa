"""sequence package."""
