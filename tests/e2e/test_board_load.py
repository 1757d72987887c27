"""The live board of a real game under 200 hostile loopback clients: a viewer still gets in, memory stays bounded."""

from __future__ import annotations

import pytest
from board_game import BoardGame
from board_load import run

pytestmark = pytest.mark.slow


def test_200_slow_greedy_and_mute_clients_leave_a_viewer_served_within_a_second_and_memory_bounded(tmp_path):
    game = BoardGame(["--game", "tokio", "--players", "Anna,Bruno,Carla", "--rules", "milella"], tmp_path)
    try:
        port = int(game.url.rstrip("/").rsplit(":", 1)[1])
        load = run(port, game.proc.pid, hostile=200, views=12, warmup=3.0, give_up=5.0)
        assert game.proc.poll() is None, game.errors  # the game is still there
    finally:
        game.close()
    assert load.hostile_connects >= 200
    assert load.failures == 0, load.viewer_ms
    assert load.p95() < 1000, load.viewer_ms
    assert load.peak_rss_kb < 150 * 1024, load.peak_rss_kb
