"""``voice-host model download`` and ``voice-host model path``: get the Italian model, and say which
folder the host would use.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grammars.it import catalogue
from voice_host.cli.voice_command import EXIT_MISSING, EXIT_OK, guarded
from voice_host.user_command import user_command


def download_command() -> str:
    """The command that downloads the model, as the user runs it."""
    return user_command("model", "download")


@guarded
def cmd_model_download(args: argparse.Namespace) -> int:
    """Download the Italian model (progress bar) unless it is already here."""

    from voice_host.model.store import MODEL_NAME, default_download_dir, download_model, find_model

    dest = Path(args.dest).expanduser() if args.dest else None
    found = find_model(None) if dest is None else None
    if found is not None:
        print(found)
        return EXIT_OK
    folder = dest or default_download_dir()
    print(catalogue.voice_model_downloading(MODEL_NAME, str(folder)), file=sys.stderr, flush=True)
    print(download_model(folder))
    return EXIT_OK


@guarded
def cmd_model_path(args: argparse.Namespace) -> int:
    """Print the model folder that would be used; exit 1 when there is none."""
    from voice_host.model.store import MODEL_NAME, find_model, search_dirs

    found = find_model(args.model)
    if found is None:
        searched = [str(d) for d in search_dirs()]
        print(catalogue.voice_model_missing(MODEL_NAME, searched, download_command()), file=sys.stderr)
        return EXIT_MISSING
    print(found)
    return EXIT_OK
