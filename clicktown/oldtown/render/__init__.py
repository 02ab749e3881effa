"""Old Town for people: text plans and tables, SVG pictures, printable sheets."""
