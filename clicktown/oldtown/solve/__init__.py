"""Solving Old Town solo scenarios: the fast exact counter, CP-SAT, python-constraint2, verification."""
