"""`python -m projections run|rebuild|status ...`, as `starledger projections ...`."""

import argparse
import sys

from projections.cli import add_parser

parser = argparse.ArgumentParser(prog="python -m projections")
add_parser(parser.add_subparsers(dest="command", required=True))
arguments = parser.parse_args(["projections", *sys.argv[1:]])
raise SystemExit(arguments.func(arguments))
