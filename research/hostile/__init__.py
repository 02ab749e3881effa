"""A batch of hostile command lines, run against the installed `clicktown` and judged (research only).

`python -m research.hostile.batch` builds several hundred invocations nobody tuned the code to
(saved states, prompts on standard input, traces, decks, Bank files, card sheets, streams,
signals, numbers in every option), runs each in its own temporary directory under a time limit
and prints one row per run and the totals. The product never imports this package.
"""
