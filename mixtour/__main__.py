"""Command line: ``python -m mixtour perft|legal|apply|svg|bestmove|arena ...``
for Mixtour (``mixtour/mixtour/cli.py``) and ``python -m mixtour tor ...``
for Tor (``mixtour/tor/cli.py``); the commands every game has are the
kit's (``mixtour/kit/cli.py``).

Bad input gives a one-line message on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .kit.errors import GameError


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    from .mixtour.cli import add_mixtour_commands
    from .tor.cli import add_tor_commands

    parser = _Parser(prog="python -m mixtour", description="Mixtour and Tor: rules engines and AI")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    add_mixtour_commands(sub)  # perft, legal, apply, svg, bench-parse, the AI's
    add_tor_commands(sub, _Parser)  # tor perft, tor legal, tor apply, ...
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        result: int = args.func(args)
        return result
    except (_UsageError, GameError) as e:
        # One line, of a readable length, whatever the arguments held.
        message = " ".join(str(e).split())
        if len(message) > 200:
            message = message[:199] + "…"
        print(f"mixtour: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("mixtour: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
