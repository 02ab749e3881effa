"""German verb forms the games' views share."""


def past(verb: str, you: bool) -> str:
    """A verb in the simple past as another seat did it ('spielte', 'nahm') or as you did it (du
    'spieltest', 'nahmst')."""
    return verb + "st" if you else verb
