"""Where a command's Old Town data comes from: the built-in files, or a user's files in their place
(cards as a JSON catalogue or as a filled transcription sheet, read by `transcribe` only then)."""

from __future__ import annotations

from .catalogue import Catalogue, builtin_catalogue, is_sheet, load_catalogue


def any_catalogue(board=None, cards=None, scenarios=None) -> Catalogue:
    """The catalogue with a user's files in place of the built-in ones; --cards is JSON or a .csv
    transcription sheet (read by `transcribe`, imported only then); without files, the built-in one,
    loaded once per process."""
    if board is None and cards is None and scenarios is None:
        return builtin_catalogue()
    if cards and is_sheet(cards):
        from .transcribe import sheet_catalogue

        return sheet_catalogue(cards, board=board, scenarios=scenarios)
    return load_catalogue(board=board, cards=cards, scenarios=scenarios)
