"""Sequence for people: plain-text views of positions and solutions, the board as an SVG picture."""
