"""Every record layout of core/common/layout.py is consistent: each row's column constants are
unique and cover 0..N-1, and where a row has a tuple of column names the constants match it."""

import pytest

from euchre_sim.core.common import layout as L


def constants(prefix: str) -> dict[str, int]:
    """The constants ``PREFIX_*`` of the layout module (``N_*`` sizes are not among them)."""
    return {k: v for k, v in vars(L).items() if k.startswith(prefix) and isinstance(v, int)}


# (prefix, column names, width): one constant per column
NAMED = [
    ("F_", L.RECORD_FIELDS, L.N_FIELDS),
    ("GR_", L.GAME_FIELDS, L.N_GAME_FIELDS),
    ("TR_", L.TRACE_FIELDS, L.N_TRACE_FIELDS),
    ("SU_", L.SUM_FIELDS, L.N_SUMS),
    ("CO_", L.COUNT_FIELDS, L.N_COUNTS),
    ("BP_", L.BY_POSITION_FIELDS, L.N_BY_POSITION),
    ("BT_", L.BY_TEAM_FIELDS, L.N_BY_TEAM),
    ("BH_", L.BY_HOW_FIELDS, L.N_BY_HOW),
    ("HOW_", L.HOW_NAMES, L.N_HOW),
]
# a constant's name is its column's name, but for these
RENAMED = {"F_UP": "up_card"}


@pytest.mark.parametrize("prefix, names, width", NAMED, ids=[n[0] for n in NAMED])
def test_named_columns_are_unique_and_cover_the_row(prefix, names, width):
    cols = constants(prefix)
    assert len(names) == width == len(set(names))
    assert sorted(cols.values()) == list(range(width))
    for k, v in cols.items():
        assert RENAMED.get(k, k[len(prefix):].lower()) == names[v], k


def tiles(blocks: dict[str, tuple[int, int]], size: int) -> None:
    """The blocks (start, width) cover 0..size-1 exactly once."""
    slots = sorted(s for start, w in blocks.values() for s in range(start, start + w))
    assert slots == list(range(size)), blocks


def test_the_deal_state_slots_tile_it():
    blocks = {"G_NAT": 4, "G_HAND": 4, "G_TRICK_CARD": 4, "G_MEM": 4}
    tiles({k: (v, blocks.get(k, 1)) for k, v in constants("G_").items() if k != "G_SIZE"},
          L.G_SIZE)


def test_the_preset_row_and_its_script_tile_them():
    tiles({k: (v, {"PR_HAND": 4, "PR_SCRIPT": L.N_SCRIPT}.get(k, 1))
           for k, v in constants("PR_").items()}, L.N_PRESET)
    per_seat = {"SC_REDEAL", "SC_ROUND1", "SC_ROUND2", "SC_ALONE", "SC_DEFEND"}
    tiles({k: (v, 4 if k in per_seat else L.MAX_PLAYS if k == "SC_PLAY" else 1)
           for k, v in constants("SC_").items()}, L.N_SCRIPT)


def test_snapshot_and_game_deal_rows_tile_them():
    tiles({k: (v, L.G_SIZE if k == "SN_STATE" else 1) for k, v in constants("SN_").items()
           if k != "SN_SIZE"}, L.SN_SIZE)
    tiles({k: (v, L.N_FIELDS if k == "GD_RECORD" else 1) for k, v in constants("GD_").items()},
          L.N_GAME_DEAL_FIELDS)


def test_positions_and_event_kinds():
    assert L.POSITION_NAMES[L.POSITION_DEALER] == "dealer"
    assert len(L.POSITION_NAMES) == L.N_POSITIONS == 4
    kinds = constants("EV_")
    assert sorted(kinds.values()) == list(range(1, len(L.EVENT_NAMES)))
    for k, v in kinds.items():
        assert L.EVENT_NAMES[v] == k[3:]
