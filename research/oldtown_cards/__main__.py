"""`python -m research.oldtown_cards`: search a card catalogue that fits the rulebook's evidence.

This is how the built-in `clicktown/oldtown/data/cards.json` was made (see
docs/oldtown-reconstruction.md). It is research code: the product never imports it.
"""

from __future__ import annotations

import click

from clicktown.cli import ClicktownGroup
from clicktown.oldtown.commands import oldtown_data
from clicktown.output import message, progress

from . import reconstruct


@click.group(cls=ClicktownGroup)
def research():
    """The Old Town card catalogue reconstruction (research code)."""


@research.command("reconstruct")
@click.option("--out", type=click.Path(dir_okay=False), help="Write the catalogue here (default: print it).")
@click.option("--seed", type=int, default=0, show_default=True, help="The seed of the search.")
@click.option("--steps", type=click.IntRange(1, 10_000_000), default=300_000, show_default=True,
              help="Give up after this many moves (at most 10,000,000).")
@click.option("--leave-out", "leave_out", multiple=True, metavar="ID",
              help="Do not fit this scenario (repeatable); its cards still fit the others.")
@click.option("--start", "start_file", type=click.Path(dir_okay=False),
              help="A cards file to start the search from (e.g. the last one written); the search also keeps "
                   "the town of 7 and the my-buildings of 7 and 8 it records, when its cards agree with them.")
@oldtown_data
def oldtown_reconstruct(out, seed, steps, leave_out, start_file, board_file, cards_file, scenarios_file):
    """Search a card catalogue that fits the rulebook's evidence (reproducible).

    A local search against a pool of rival towns; this is how the built-in cards.json was made,
    see docs/oldtown-reconstruction.md.
    """
    with progress(range(steps), length=steps, label="fitting the cards") as bar:
        done = [0]

        def on_step(step):
            bar.update(step - done[0])
            done[0] = step

        document = reconstruct.fit_catalogue(board_file, scenarios_file, seed=seed, steps=steps, log=message,
                                             start_file=start_file, on_step=on_step, leave_out=leave_out)
    text = reconstruct.dump_catalogue(document)
    if out:
        with open(out, "w", encoding="utf-8") as fh:
            fh.write(text)
        message(f"wrote {out} after {document['search']['steps']} of at most {steps} steps")
    else:
        click.echo(text, nl=False)


if __name__ == "__main__":
    research.main(prog_name="python -m research.oldtown_cards")
