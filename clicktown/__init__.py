"""clicktown: constraint solving and puzzle making for Old Town, Wild Wild Pattern and Sequence."""

__version__ = "0.1.0"
