"""The text side of the host: typed and scripted input, printed speech and captions,
terminal-safe text, the host's own lines on stderr, and a printed result that survives a
closed pipe.
"""
