"""``pipeline run`` over a folder of logs from several sites: each read by content (a Winamax
file without a suffix too), scored, audited; a site not read is one issue, not a CSV's rows."""

from __future__ import annotations

import shutil
from pathlib import Path

import polars as pl

from tests.helpers import run_cli

SITES_DATA = Path(__file__).parents[2] / "data" / "hand_histories" / "sites"


def test_a_folder_of_ggpoker_winamax_and_an_unread_site(tmp_path: Path) -> None:
    night = tmp_path / "in"
    night.mkdir()
    shutil.copy(SITES_DATA / "ggpoker.txt", night / "gg.txt")
    shutil.copy(SITES_DATA / "winamax.txt", night / "20250810_Sit&Go")  # no suffix
    # every corpus site is read now: a log whose first lines are a read site's in a form its
    # reader does not know (Everleaf's preamble without its hand's own line) is one issue
    (night / "unread.txt").write_text(
        "Everleaf Gaming Game #196321235\n" + "Seat 1: Ann (  $ 12.40 USD )\n" * 300,
        encoding="utf-8",
    )
    result = run_cli("run", str(night), "-o", str(tmp_path / "out"), "--no-equity")
    assert result.returncode == 1, result.stdout + result.stderr
    # the hands left out are counted apart from the rows (an unread game; Razz, cut); a board
    # run twice is read (issue 32)
    assert "gg.txt: 13 rows read, 13 scored, 0 rejected, 6 hands read: 5 scored, 1 left out" in (
        result.stderr
    ), result.stderr
    assert "20250810_Sit&Go: 8 rows read, 8 scored, 0 rejected, 5 hands read: 3 scored, 2 left" in (
        result.stderr
    ), result.stderr
    assert "unread.txt: 0 rows read, 0 scored, 0 rejected" in result.stderr, result.stderr

    gg = pl.read_parquet(tmp_path / "out" / "gg.txt.poker.parquet")
    assert gg["round"].unique(maintain_order=True).to_list() == ["RC1001", "OM1002", "SD1003",
                                                                  "OM1004", "TM1005"]  # fmt: skip
    side_pot = gg.filter(pl.col("round") == "OM1002").sort("seat")
    assert side_pot.select("player", "game", "position", "net", "hand").rows() == [
        ("a1b2c3", "Omaha", "SB", 37.0, "Straight"),
        ("Hero", "Omaha", "BB", -100.0, "Pair"),
        ("9f8e7d", "Omaha", "BTN", 60.0, "Straight"),
    ]
    short = gg.filter(pl.col("round") == "SD1003").sort("seat")
    assert short.select("player", "game", "site", "currency", "net").rows() == [
        ("Cleo", "Short Deck", "GGPoker", "USD", 6.5),
        ("5e6f7a", "Short Deck", "GGPoker", "USD", -7.0),
    ]
    winamax = pl.read_parquet(tmp_path / "out" / "20250810_Sit&Go.poker.parquet")
    sit_and_go = winamax.filter(pl.col("format") == "tournament").sort("seat")
    assert sit_and_go.select("player", "site", "currency", "buy_in", "net", "winner").rows() == [
        ("Ann", "Winamax", "chips", 1.0, 1500.0, True),
        ("Cleo", "Winamax", "chips", 1.0, -300.0, False),
        ("Dan", "Winamax", "chips", 1.0, -1200.0, False),
    ]

    out = tmp_path / "out"
    codes = {
        name: pl.read_excel(out / f"{name}.xlsx", sheet_name="Issues")["code"].to_list()
        for name in ("gg.txt", "20250810_Sit&Go", "unread.txt")
    }
    assert codes == {
        "gg.txt": ["cash_drop", "unsupported_variant"],
        "20250810_Sit&Go": ["unsupported_variant", "truncated_hand"],
        "unread.txt": ["unread_site"],
    }
    unread = pl.read_excel(tmp_path / "out" / "unread.txt.xlsx", sheet_name="Issues")
    assert unread["message"].to_list() == [
        "looks like a hand history, but no site we read: first line 'Everleaf Gaming Game "
        "#196321235' (Everleaf's reader does not know these first lines)"
    ]
