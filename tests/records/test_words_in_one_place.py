"""No game word is written outside the table of games (``pipeline/records/game_names.py``):
no string in the package's code (Python, C and its headers; docstrings and comments aside,
where examples of log lines belong) is a game's alias or a word a log writes for it.  A
reader or a game that needs one imports it from the table."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pipeline
from pipeline.records.game_names import GAMES

PACKAGE = Path(pipeline.__file__).parent
TABLE = PACKAGE / "records" / "game_names.py"
# Every alias and every log's word; not the canonical names, which are what every game
# column holds (a sheet's title, the default game) and so are data shared by every layer.
WORDS = sorted(
    {
        word
        for game in GAMES
        for word in (*game.aliases, *(w for ws in game.log_words.values() for w in ws))
    }
)
# A word inside a longer string counts where it stands alone (not "Omaha Hi" in
# "Omaha Hi/Lo"); words of three characters or fewer ("NT", "PO") only as a whole string and
# only in the readers and the games, since "PT" is also a time zone (records/, season/).
_INSIDE = re.compile(
    "|".join(
        rf"(?<![\w/+-]){re.escape(word)}(?![\w/+-])"
        for word in sorted(WORDS, key=len, reverse=True)  # the longest first: whole words
        if len(word) > 3
    )
)
_SHORT = {word for word in WORDS if len(word) <= 3}
_CODES_IN = ("sources", "games")


def _words_in(text: str, short: bool = True) -> list[str]:
    found = [text] if short and text in _SHORT else []
    return found + _INSIDE.findall(text)


def _python_strings(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def _c_strings(path: Path) -> list[tuple[int, str]]:
    text = re.sub(
        r"/\*.*?\*/", lambda m: "\n" * m.group().count("\n"), path.read_text(), flags=re.DOTALL
    )
    return [
        (text.count("\n", 0, match.start()) + 1, match.group(1))
        for match in re.finditer(r'"((?:[^"\\\n]|\\.)*)"', text)
    ]


def test_the_words_are_found_where_they_are_written() -> None:
    # The check itself: it must see a word in a string, and leave a longer name alone.
    assert _words_in("6+ Hold'em No Limit") == ["6+ Hold'em No Limit"]
    assert _words_in("NS") == ["NS"] and _words_in("NS.") == []
    assert _words_in("Omaha Hi/Lo") == [] and _words_in("e.g. 'PLO8'") == ["PLO8"]
    assert _c_strings(Path(__file__)) != []


def test_no_game_word_is_written_outside_the_table() -> None:
    written = [
        f"{path.relative_to(PACKAGE.parent)}:{line}: {word!r} in {text[:60]!r}"
        for path in sorted(PACKAGE.rglob("*"))
        if path.suffix in (".py", ".c", ".h") and path != TABLE
        for line, text in (_python_strings(path) if path.suffix == ".py" else _c_strings(path))
        for word in _words_in(text, short=path.relative_to(PACKAGE).parts[0] in _CODES_IN)
    ]
    assert written == []
