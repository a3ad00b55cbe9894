"""Our site readers against pokerkit's own parsers, on the corpus files both read.

Run from the repository root: ``.venv/bin/python -m bench.pokerkit_sites``.

pokerkit (``pokerkit.notation``) has parsers for Full Tilt, Ongame, Absolute (which reads
UltimateBet's hands too: one grammar) and ACPC logs.  For each hand both read, every player's
net (ours ``won - put_in``; pokerkit's finishing stack less its starting stack, its state
replayed to the end) is compared; a hand agrees when every player's does, to the cent, and
agrees but the rake when only the winners differ, by the rake the site took (pokerkit awards
the whole pot).
pokerkit's text parsers find a hand only where two blank lines follow it, and read a subset of
the games (no-limit Hold'em for Ongame and Absolute): each hand we read is handed to pokerkit
alone, two blank lines added, and a hand pokerkit declines is counted as such.  Its ACPC parser
is given the 3-player limit game (blinds 5/10, bets 10/20) and stacks it cannot run out of.
"""

from __future__ import annotations

import contextlib
import io
import sys
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from bench.sites import corpus_folder
from pipeline.records import HandLog
from pipeline.sources.base import decode_text
from pipeline.sources.hand_histories.sites import SITES
from pipeline.sources.hand_histories.text_engine import split_hands
from pipeline.sources.hand_histories.text_site import TextSite

__all__ = ["CrossCheck", "cross_check", "main"]


@dataclass
class CrossCheck:
    """One site's figures: hands we read, hands pokerkit read of those, agreements, and the
    first disagreements (hand id, player, ours, theirs)."""

    site: str
    ours: int = 0
    theirs: int = 0
    agree: int = 0
    agree_but_rake: int = 0
    disagree: list[tuple[str, str, float, float]] = field(default_factory=list)


def _nets(log: HandLog) -> dict[str, dict[str, float]]:
    nets: dict[str, dict[str, float]] = {}
    for hand_id, player, put_in, won in log.rows.select(
        "round", "player", "put_in", "won"
    ).iter_rows():
        nets.setdefault(str(hand_id), {})[player] = round(won - put_in, 2)
    return nets


def _their_net(history: Any) -> dict[str, float]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns of folds it finds needless
        states = list(history)
    finishing = history.finishing_stacks or states[-1].stacks
    return {
        str(player): float(Decimal(end) - Decimal(start))
        for player, start, end in zip(
            history.players, history.starting_stacks, finishing, strict=True
        )
    }


def _compare(
    check: CrossCheck, ours: dict[str, dict[str, float]], theirs: Iterable[tuple[str, Any]]
) -> None:
    for hand_id, history in theirs:
        if hand_id not in ours:
            continue
        check.theirs += 1
        net = _their_net(history)
        wrong = [
            (hand_id, player, ours[hand_id].get(player, 0.0), value)
            for player, value in net.items()
            if abs(ours[hand_id].get(player, 0.0) - value) > 0.005
        ]
        rake = -sum(ours[hand_id].values())
        differ = sum(theirs - mine for _, _, mine, theirs in wrong)
        if not wrong:
            check.agree += 1
        elif rake > 0.005 and abs(differ - rake) < 0.005 and all(mine > 0 for *_, mine, _ in wrong):
            check.agree_but_rake += 1  # pokerkit awards the pot whole: no rake in its model
        else:
            check.disagree += wrong


def _parsed(parser: Callable[[str], Iterable[Any]], text: str) -> list[Any]:
    """What a pokerkit parser makes of ``text``; it prints a traceback for each hand it cannot
    parse: kept off the report."""
    with (
        contextlib.redirect_stderr(io.StringIO()),
        contextlib.redirect_stdout(io.StringIO()),
        warnings.catch_warnings(),
    ):
        warnings.simplefilter("ignore")  # and a warning naming each hand it cannot parse
        return list(parser(text))


def cross_check(root: Path) -> list[CrossCheck]:
    """The cross-check of every site pokerkit also parses, over ``root`` (the corpus)."""
    from pokerkit import FixedLimitTexasHoldem
    from pokerkit.notation import (
        AbsolutePokerParser,
        ACPCProtocolParser,
        FullTiltPokerParser,
        OngameNetworkParser,
    )

    site_of = {site.name: site for site in SITES}
    from pipeline.sources.hand_histories.sites import TEXT_SITES

    declared: dict[str, TextSite] = {site.name: site for site in TEXT_SITES}
    checks = []
    text_parsers = (
        ("Full Tilt", "FullTilt", FullTiltPokerParser()),
        ("Ongame", "Ongame", OngameNetworkParser()),
        ("Absolute", "Absolute", AbsolutePokerParser()),
        ("UltimateBet", "UltimateBet", AbsolutePokerParser()),
    )
    for name, folder, parser in text_parsers:
        check = CrossCheck(name)
        for path in sorted(p for p in (root / folder).rglob("*") if p.is_file()):
            data = path.read_bytes()
            if not site_of[name].looks_like(decode_text(data[:8192])):
                continue
            ours = _nets(site_of[name].read(data, path.name))
            check.ours += len(ours)
            text = decode_text(data).removeprefix("\ufeff")
            hands = [
                (start.group("hand_id"), hand_text)
                for _, hand_text in split_hands(declared[name], text)
                if (start := declared[name].hand_start.match(hand_text)) is not None
            ]
            theirs = []
            for hand_id, hand_text in hands:
                if hand_id not in ours:
                    continue
                parsed = _parsed(parser, hand_text + "\n\n\n")
                theirs += [(hand_id, history) for history in parsed[:1]]
            _compare(check, ours, theirs)
        checks.append(check)
    game = FixedLimitTexasHoldem((), True, 0, (5, 10), 10, 20)
    acpc = ACPCProtocolParser(game, 10**9)
    check = CrossCheck("ACPC")
    for path in sorted(p for p in (root / "ACPC").rglob("*.log")):
        data = path.read_bytes()
        ours = _nets(site_of["ACPC"].read(data, path.name))
        check.ours += len(ours)
        parsed = _parsed(acpc, decode_text(data))
        _compare(check, ours, [(str(history.hand), history) for history in parsed])
    checks.append(check)
    return checks


def main() -> int:
    root = corpus_folder()
    if root is None:
        print("no ../shared/corpora/sites: nothing to compare")
        return 0
    print(
        "| site | hands we read | pokerkit read of those | agree | agree but the rake | disagree |"
    )
    print("|---|--:|--:|--:|--:|--:|")
    for check in cross_check(root):
        hands = len({hand for hand, *_ in check.disagree})
        print(
            f"| {check.site} | {check.ours} | {check.theirs} | {check.agree} | "
            f"{check.agree_but_rake} | {hands} |"
        )
        for hand, player, ours, theirs in check.disagree[:10]:
            print(f"  {check.site} hand {hand}: {player} ours {ours:+} pokerkit {theirs:+}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
