"""Pure rules engines for the games voice-host runs (Tokio family and Yatzi).

Nothing in this package does I/O, reads a clock or touches global random state.
"""
