"""The registry is the one place that knows the games.

A module outside a game's own modules (``voice_host/games/``, where each game's
package ``voice_host/games/<game>/`` holds its host side, and
``voice_host/<game>_*.py``) that names a game, in its code rather than its
prose, is a second list of games that a new game would have to edit.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from voice_host.games import GAMES

ROOT = Path(__file__).resolve().parents[3] / "voice_host"


def _is_game_module(path: Path) -> bool:
    relative = path.relative_to(ROOT)
    return relative.parts[:2] in {("games", game) for game in GAMES} or relative.parts == ("games", "registry.py")


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (of modules, classes, functions, attributes)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for statement in body:
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                found.add(id(statement.value))
    return found


def game_names_in(source: str, games: list[str]) -> list[str]:
    """Every identifier, imported module and string (docstrings aside) of ``source`` that names one of ``games``."""
    pattern = re.compile("|".join(re.escape(game) for game in games), re.IGNORECASE)
    tree = ast.parse(source)
    prose = _docstrings(tree)
    words: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            words.append(node.name)
        elif isinstance(node, ast.arg):
            words.append(node.arg)
        elif isinstance(node, ast.alias):
            words.append(node.name)
        elif isinstance(node, ast.ImportFrom) and node.module:
            words.append(node.module)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose:
            words.append(node.value)
    return [word for word in words if pattern.search(word)]


def test_the_scan_sees_names_in_code_and_not_in_prose() -> None:
    source = '''
"""Tokio is named here, in prose: allowed."""
from voice_host.games.tokio.dialog import TokioDialog
def run(game: str) -> bool:
    """A docstring may say yatzi."""
    return game == "yatzi"
'''
    found = game_names_in(source, ["tokio", "yatzi"])
    assert sorted(found) == ["TokioDialog", "voice_host.games.tokio.dialog", "yatzi"]


def test_the_scan_covers_the_modules_that_used_to_list_the_games() -> None:
    scanned = {path.relative_to(ROOT).as_posix() for path in ROOT.rglob("*.py") if not _is_game_module(path)}
    assert {"cli/main.py", "cli/bootstrap.py", "cli/play.py", "cli/voice_tools.py"} <= scanned
    assert "hearing/confusability.py" in scanned
    assert "games/registry.py" not in scanned and "games/tokio/dialog.py" not in scanned


@pytest.mark.parametrize(
    "path",
    sorted(path for path in ROOT.rglob("*.py") if not _is_game_module(path)),
    ids=lambda path: path.relative_to(ROOT).as_posix(),
)
def test_no_module_outside_a_game_and_the_registry_names_a_game(path: Path) -> None:
    assert game_names_in(path.read_text(encoding="utf-8"), list(GAMES)) == []
