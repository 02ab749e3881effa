"""`python -m research.oldtown_cards`: search a card catalogue that fits the rulebook's evidence.

This is how the built-in `clicktown/oldtown/data/cards.json` was made (see
docs/oldtown-reconstruction.md). It is research code: the product never imports it.
"""

from __future__ import annotations

import click

from clicktown.cli import ClicktownGroup, oldtown_data
from clicktown.output import message, progress

from . import reconstruct


@click.group(cls=ClicktownGroup)
def research():
    """The Old Town card catalogue reconstruction (research code)."""


@research.command("reconstruct")
@click.option("--out", type=click.Path(dir_okay=False), help="Write the catalogue here (default: print it).")
@click.option("--method", type=click.Choice(["fit", "cegar"]), default="fit", show_default=True,
              help="fit: local search against a pool of rival towns (how the built-in cards were made); "
                   "cegar: the older CP-SAT counterexample loop.")
@click.option("--seed", type=int, default=0, show_default=True, help="fit: the seed of the search.")
@click.option("--steps", type=click.IntRange(1, 10_000_000), default=300_000, show_default=True,
              help="fit: give up after this many moves.")
@click.option("--leave-out", "leave_out", multiple=True, metavar="ID",
              help="fit: do not fit this scenario (repeatable); its cards still fit the others.")
@click.option("--rounds", type=click.IntRange(1, 500), default=60, show_default=True,
              help="cegar: rounds of the search (each adds the second solutions it finds as constraints).")
@click.option("--start", "start_file", type=click.Path(dir_okay=False),
              help="A cards file to start the search from (e.g. the last checkpoint); fit also keeps the "
                   "town of 7 and the my-buildings of 7 and 8 it records, when its cards agree with them.")
@click.option("--cuts", "cuts_file", type=click.Path(dir_okay=False),
              help="cegar: keep the second solutions found in this file (JSON lines) and start from those already in it.")
@click.option("--quick", is_flag=True, help="cegar: take each round's first catalogue instead of improving it.")
@oldtown_data
def oldtown_reconstruct(out, method, seed, steps, leave_out, rounds, start_file, cuts_file, quick, board_file,
                        cards_file, scenarios_file):
    """Search a card catalogue that fits the rulebook's evidence (reproducible).

    This is how the built-in cards.json was made; see docs/oldtown-reconstruction.md.
    """
    def checkpoint(document):
        if out:
            with open(out, "w", encoding="utf-8") as fh:
                fh.write(reconstruct.dump_catalogue(document))

    if method == "fit":
        with progress(range(steps), length=steps, label="fitting the cards") as bar:
            done = [0]

            def on_step(step):
                bar.update(step - done[0])
                done[0] = step

            document = reconstruct.fit_catalogue(board_file, scenarios_file, seed=seed, steps=steps, log=message,
                                     start_file=start_file, on_step=on_step, leave_out=leave_out)
    else:
        document = reconstruct.rebuild_catalogue(board_file, scenarios_file, rounds, log=message, start_file=start_file,
                                     checkpoint=checkpoint, cuts_file=cuts_file, quick=quick)
    text = reconstruct.dump_catalogue(document)
    if out:
        with open(out, "w", encoding="utf-8") as fh:
            fh.write(text)
        message(f"wrote {out}")
    else:
        click.echo(text, nl=False)


if __name__ == "__main__":
    research.main(prog_name="python -m research.oldtown_cards")
