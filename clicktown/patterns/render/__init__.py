"""Wild Wild Pattern for people: text reports and tables, the wheel as an SVG picture."""
