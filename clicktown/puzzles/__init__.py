"""Generation machinery any puzzle can share (see `generate.py`)."""
