"""Old Town puzzles: deductions a player makes, explaining them, grading and generating scenarios."""
