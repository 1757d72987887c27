"""The game-independent host: the session loop (:mod:`~voice_host.core.session`), the
contract each game's dialog implements (:mod:`~voice_host.core.dialog`) and the two ports
(:mod:`~voice_host.core.ports`).
"""
