"""The live board: a read-only page (and ``/state`` JSON) that shows the game on any screen at the table.

The voice stays the way to play; the board only shows. The session hands each
spoken turn to a :class:`~voice_host.board.publisher.BoardPublisher`, which
builds the state (:mod:`voice_host.board.state`) and puts it in a
:class:`~voice_host.board.hub.StateHub`; the HTTP server
(:mod:`voice_host.board.server`) reads the hub from its own threads and never
calls into the game loop.
"""
