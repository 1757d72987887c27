"""``python -m voice_host`` runs the command line."""

import sys

from voice_host.launch import main

sys.exit(main())
