"""``python -m voice_host`` runs the command line (Ctrl-C during its imports ends quietly)."""

from voice_host.launch import main

raise SystemExit(main())
