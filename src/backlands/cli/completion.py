"""``backlands completion bash|zsh``: a shell completion script, written by shtab from the
parser itself (the extra ``completion``), so that it always knows every command and option.
"""

from __future__ import annotations

import argparse

from ..errors import MissingExtraError
from .common import add_command

#: The shells ``completion`` writes a script for.
SHELLS = ("bash", "zsh")


def _register_completion(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> None:
    parser = add_command(
        subparsers,
        "completion",
        "print a shell completion script for bash or zsh (needs the extra 'completion')",
        "backlands completion bash > ~/.local/share/bash-completion/completions/backlands\n"
        "backlands completion zsh > ~/.zfunc/_backlands   # with fpath+=~/.zfunc in .zshrc",
        _completion,
    )
    parser.add_argument("shell", choices=SHELLS, help="the shell: bash or zsh")


def _completion(args: argparse.Namespace) -> int:
    try:
        import shtab
    except ImportError as error:
        raise MissingExtraError("completion", "shtab", "completion") from error
    root: argparse.ArgumentParser = args.root_parser  # the whole parser (build_parser sets it)
    print(shtab.complete(root, shell=args.shell), end="")
    return 0
