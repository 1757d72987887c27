"""``python -m voice_host`` runs the command line."""

import sys

from voice_host.cli import main

sys.exit(main())
