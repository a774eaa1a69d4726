"""The command-line convention of every scripts/* entry point, for the Python ones.

Usage on stdout and exit 0 on --help; a bad command line is one line on stderr,
"error: ... (scripts/NAME --help for usage)", and exit 2 (the Java ones do the same through
OpsMain).
"""

import argparse
import sys


class Parser(argparse.ArgumentParser):
    def __init__(self, name, description, exit_status, **kwargs):
        super().__init__(prog=f"scripts/{name}", description=description,
                         epilog=f"Exit status: {exit_status}",
                         formatter_class=argparse.RawDescriptionHelpFormatter, **kwargs)

    def error(self, message):
        print(f"error: {message} ({self.prog} --help for usage)", file=sys.stderr)
        sys.exit(2)
