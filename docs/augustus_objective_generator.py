"""Generate the illustrative bundled Augustus objective set (run once; output committed).

The real 88-card list is not public. This script invents a plausible one with a
fixed seed: 20 senators and 68 provinces (23 green, 23 pink, 22 orange), 2 to 6
slots (most cards 3 to 5), slot symbols drawn in proportion to the bag, points
growing with the rarity of the slots, 12 cards producing gold and 12 wheat, and
every power kind of the vocabulary on several provinces. A designer replaces the
file with their own (``docs/augustus-format.md``).

Usage: ``.venv/bin/python docs/augustus_objective_generator.py > data/augustus/objectives.toml``
"""

import numpy as np

BAG = {"double_sword": 6, "shield": 5, "chariot": 4, "catapult": 3, "standard": 2, "dagger": 1}
WEIGHT = {"double_sword": 0.8, "shield": 1.0, "chariot": 1.2, "catapult": 1.5, "standard": 2.2,
          "dagger": 3.5}
SENATORS = [
    "Marcus Agrippa", "Gaius Maecenas", "Titus Statilius", "Lucius Munatius", "Gnaeus Domitius",
    "Publius Sulpicius", "Quintus Fabius", "Marcus Valerius", "Lucius Calpurnius", "Gaius Asinius",
    "Appius Claudius", "Servius Sulpicius", "Marcus Lepidus", "Lucius Cornelius", "Gaius Sentius",
    "Paullus Aemilius", "Marcus Lollius", "Publius Quinctilius", "Gaius Furnius", "Lucius Tarius",
]
PROVINCES = [
    "Gallia Narbonensis", "Gallia Lugdunensis", "Aquitania", "Belgica", "Germania Inferior",
    "Germania Superior", "Raetia", "Noricum", "Pannonia", "Dalmatia", "Moesia", "Thracia",
    "Macedonia", "Achaea", "Epirus", "Creta", "Cyprus", "Asia", "Bithynia", "Galatia",
    "Lycia", "Pamphylia", "Cilicia", "Cappadocia", "Pontus", "Armenia", "Syria", "Iudaea",
    "Arabia", "Aegyptus", "Cyrenaica", "Africa", "Numidia", "Mauretania", "Baetica",
    "Lusitania", "Tarraconensis", "Sardinia", "Corsica", "Sicilia", "Alpes Maritimae",
    "Alpes Cottiae", "Britannia", "Dacia", "Mesopotamia", "Assyria", "Osroene", "Commagene",
    "Colchis", "Bosporus", "Carthago", "Alexandria", "Antiochia", "Ephesus", "Pergamum",
    "Corinthus", "Athenae", "Massilia", "Lugdunum", "Tarraco", "Gades", "Emerita",
    "Caesarea", "Leptis Magna", "Thessalonica", "Byzantium", "Aquileia", "Sirmium",
]


def slots_for(rng, size):
    symbols = list(BAG)
    p = np.array([BAG[s] for s in symbols], float)
    p /= p.sum()
    while True:
        drawn = rng.choice(len(symbols), size=size, p=p)
        counts = {}
        for i in drawn:
            counts[symbols[i]] = counts.get(symbols[i], 0) + 1
        # at most 2 daggers (one token: the rest must come from jokers), 3 standards
        if counts.get("dagger", 0) <= 2 and counts.get("standard", 0) <= 3:
            return dict(sorted(counts.items(), key=lambda kv: list(BAG).index(kv[0])))


def main(seed=2013):
    rng = np.random.default_rng(seed)
    kinds = ["senator"] * 20 + ["green"] * 23 + ["pink"] * 23 + ["orange"] * 22
    rng.shuffle(kinds)
    sizes = [2] * 6 + [3] * 22 + [4] * 30 + [5] * 20 + [6] * 10
    rng.shuffle(sizes)
    senators, provinces = list(SENATORS), list(PROVINCES)
    rng.shuffle(provinces)
    province_cards = [i for i, k in enumerate(kinds) if k != "senator"]
    powered = rng.permutation(province_cards)
    powers = {}
    plan = ([{"kind": "extra_legion", "legions": 1}] * 6 + [{"kind": "remove_legion"}] * 6
            + [{"kind": "place_legion", "symbol": s} for s in ("shield", "chariot", "catapult", "any",
                                                               "double_sword", "any")]
            + [{"kind": "symbol_as", "symbol": a, "counts_as": b} for a, b in (
                ("double_sword", "shield"), ("shield", "chariot"), ("chariot", "catapult"),
                ("catapult", "standard"), ("standard", "dagger"), ("double_sword", "chariot"),
                ("shield", "catapult"), ("chariot", "standard"))]
            + [{"kind": "points_per_colour", "colour": c, "points": p} for c, p in (
                ("senator", 2), ("green", 2), ("pink", 2), ("orange", 2), ("senator", 1),
                ("green", 1), ("pink", 1), ("orange", 1), ("senator", 3), ("green", 3))])
    for i, power in zip(powered, plan, strict=False):
        powers[int(i)] = power
    rest = [i for i in province_cards if i not in powers]
    rng.shuffle(rest)
    produces = {int(i): "gold" for i in rest[:12]} | {int(i): "wheat" for i in rest[12:24]}
    print("# Augustus objective cards: an ILLUSTRATIVE set of 88.")
    print("#")
    print("# The real card list is not public (seeds/README.md, Augustus). This set is invented")
    print("# by docs/augustus_objective_generator.py (seed 2013) with plausible distributions;")
    print("# replace it with your own file of the same format (docs/augustus-format.md).")
    print()
    print('[meta]\ngame = "augustus"\ntitle = "Augustus objectives (illustrative)"\nschema = 1\n')
    print("[objectives]")
    print('name = "Illustrative set (88 cards)"')
    print('description = "Invented: 20 senators, 23 green, 23 pink, 22 orange; 2 to 6 slots; '
          '12 gold and 12 wheat producers; every power kind on several provinces."')
    print('provenance = "illustrative"')
    print('source = "docs/augustus_objective_generator.py (the real list is not public)"')
    # two cards that cannot complete without a joker (one dagger in the bag)
    forced = {sizes.index(2): {"dagger": 2}, sizes.index(4): {"chariot": 1, "catapult": 1, "dagger": 2}}
    for number, (kind, size) in enumerate(zip(kinds, sizes, strict=True), start=1):
        i = number - 1
        slots = slots_for(rng, size)
        slots = forced.get(i, slots)
        rarity = sum(WEIGHT[s] * n for s, n in slots.items())
        power = powers.get(i, {"kind": "none"})
        points = int(np.clip(round(rarity - 1 - (power["kind"] != "none") - (kind == "senator")), 1, 12))
        name = f"Senator {senators.pop()}" if kind == "senator" else provinces.pop()
        slot_text = ", ".join(f"{s} = {n}" for s, n in slots.items())
        power_text = ", ".join(f"{k} = {v!r}".replace("'", '"') for k, v in power.items())
        print(f"\n[[objective]]\nnumber = {number}\nname = \"{name}\"\nkind = \"{kind}\"")
        print(f"slots = {{ {slot_text} }}\npoints = {points}\nproduces = \"{produces.get(i, 'none')}\"")
        print(f"power = {{ {power_text} }}")


if __name__ == "__main__":
    main()
