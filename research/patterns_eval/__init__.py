"""Measurements behind Wild Wild Pattern's mcts bot (docs/bots.md); never imported by the product."""


def numbered_arguments(parser, **defaults: int):
    """Add an integer option `--name` for each default given (games, seed, workers, ...); parse them."""
    for name, default in defaults.items():
        parser.add_argument(f"--{name}", type=int, default=default)
    return parser.parse_args()
