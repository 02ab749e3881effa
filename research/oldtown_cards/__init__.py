"""The Old Town card catalogue reconstruction: fitting 60 cards to the rulebook's evidence."""
