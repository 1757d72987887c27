"""The command line: the dispatcher (:mod:`~voice_host.cli.main`), argparse in Italian
(:mod:`~voice_host.cli.parser`), one module per command (``play`` and ``analizza`` in
:mod:`~voice_host.cli.play`, the voice tools), and the one place that wires the host
(:mod:`~voice_host.cli.bootstrap`).
"""
