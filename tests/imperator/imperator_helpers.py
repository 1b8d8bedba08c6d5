"""Small IMPERATOR tile sets and boards for the rules and odds tests (plain helpers; fixtures in conftest)."""

from __future__ import annotations

from rometools.imperator import Arrow, Region, RegionBoard

#: Six tiles: (id, marker, kind, resource, amount, points).
SMALL_TILES = [
    ("t1", 1, "instant_points", "wood", None, 1),
    ("t2", 5, "instant_points", "stone", None, 1),
    ("t3", 1, "political_influence", None, 1, None),
    ("t4", 5, "usable_once", "wood", 3, None),
    ("t5", 1, "any_worker_value", None, None, None),
    ("t6", 5, "propraetor", None, 1, None),
]


def tiles_toml(tiles=SMALL_TILES, totals=None) -> str:
    """A component file of ``tiles`` whose [totals] match them unless ``totals`` says otherwise."""
    kinds = ("usable_once", "instant_points", "political_influence", "propraetor", "any_worker_value")
    t = {"tiles": len(tiles), "marker_1": sum(1 for x in tiles if x[1] == 1),
         "marker_5": sum(1 for x in tiles if x[1] == 5),
         **{k: sum(1 for x in tiles if x[2] == k) for k in kinds}}
    t.update(totals or {})
    out = ['[meta]\ngame = "imperator"\n', '[totals]\nprovenance = "illustrative"',
           f'tiles = {t["tiles"]}\nmarker_1 = {t["marker_1"]}\nmarker_5 = {t["marker_5"]}\n']
    for k in kinds:
        out.append(f'[[totals.kind]]\nid = "{k}"\ncount = {t[k]}\n')
    for r in ("wood", "stone"):
        out.append(f'[[resource]]\nid = "{r}"\nname = "{r.title()}"\nprovenance = "illustrative"\n')
    for tid, marker, kind, resource, amount, points in tiles:
        lines = [f'[[tile]]\nid = "{tid}"\nmarker = {marker}\nkind = "{kind}"']
        if resource is not None:
            lines.append(f'resource = "{resource}"')
        if amount is not None:
            lines.append(f"amount = {amount}")
        if points is not None:
            lines.append(f"points = {points}")
        lines.append('provenance = "illustrative"\n')
        out.append("\n".join(lines))
    return "\n".join(out)


def board(regions, arrows, track=(0, 1, 3), players=(2, 3)) -> RegionBoard:
    """An inline board whose regions are all used with ``players`` players."""
    return RegionBoard("test board", [Region(r, r.title(), tuple(players), (0.5, 0.5)) for r in regions],
                       [Arrow(a, b) for a, b in arrows], tuple(track))
