"""oldtown package."""
