"""The table page for every variant the engine offers (`scoring.VARIANTS`), at its player count.

For each variant: an event of it is seated with as many players as its own table seats, so the
game has the sides the seating gives (N and S at two, N, E and S at three, A and B at five and
six, NS and EW at four). The page renders in the three entry modes, the live preview scores a
hand, the hand saves, and a correction replaces it; then a second hand is saved counted card by
card (the page's *Count the cards*). A new variant gets this test by being added to the engine,
so it cannot break the table page unnoticed.

The hands are worked from the rule sources: the first hand of a case in tests/scoring/cases
(its expected scores are the case's), or, for the two variants without a case, the worked hands
of tests/scoring (Brazilian Br1/Br2, rules.md §3.5; three-player Th1-Th3, rules.md §3). Chilean
plays its case's first hand (the partner's cards added) with four packs, the event's house rule,
and five players theirs (the partner's card added too);
Uruguayan, Classic under its own name (rules.md §1.12), plays Classic's. A worked hand's sides
are put on the table's sides in order. Counted card by card, a hand's melded and hand points
are cards of the same points at rules.md §1.0's values, so it scores the same.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import scoring
from tests.support import variants
from tests.support.variants import CHILEAN_OPTIONS, _as_seated, _form_data, _options

pytestmark = pytest.mark.django_db
variant_game = variants.variant_game  # a seated game of a variant

CASES = Path(__file__).resolve().parents[2] / "scoring" / "cases"

# Worked in tests/scoring/test_brazilian.py (Br1: 640 − 5 + 500 + 300 + 1000 + 200 = 2635;
# Br2: 95 − 230 − 100 − 1000 = −1235).
BRAZILIAN_HAND = (
    {
        "NS": {
            "natural_canastas": 1,
            "mixed_canastas": 1,
            "red_threes": 5,
            "went_out": True,
            "melded_points": 640,
            "hand_points": 5,
        },
        "EW": {"red_threes": 1, "short_sequences": 1, "melded_points": 95, "hand_points": 230},
    },
    {"NS": 2635, "EW": -1235},
)
# Worked in tests/scoring/test_sheet.py (Th1: 240 + 500 + 100 = 840; Th2: 95 − 60 + 200 = 235;
# Th3: never melded, −110 − 100 = −210).
THREE_PLAYER_HAND = (
    {
        "P1": {"natural_canastas": 1, "went_out": True, "melded_points": 240},
        "P2": {"red_threes": 2, "melded_points": 95, "hand_points": 60},
        "P3": {"red_threes": 1, "hand_points": 110},
    },
    {"P1": 840, "P2": 235, "P3": -210},
)

# Chilean with four packs (rules.md §1.11, §6): the first hand of the shared case
# chilean-four-packs-seven-red-threes, with the cards NS's partner still holds (rules.md §3's
# note): the case has one 5-point card; here the partner holds a king, 10 points.
# NS: 420 − 10 + escalera 1500 + natural 500 + 7 red threes at 100 (700; four packs hold eight)
# + going out 200 = 3310. EW: 480 − 65 + bolivia 2500 + mixed 300 + red three 100 = 3315.
CHILEAN_HAND = (
    {
        "NS": {
            "sequence_canastas": 1,
            "natural_canastas": 1,
            "red_threes": 7,
            "went_out": True,
            "melded_points": 420,
            "hand_points": 10,
        },
        "EW": {
            "wild_canastas": 1,
            "mixed_canastas": 1,
            "red_threes": 1,
            "melded_points": 480,
            "hand_points": 65,
        },
    },
    {"NS": 3310, "EW": 3315},
)


# Five players (rules.md §1.1d): the first hand of the shared case classic-5p-side-of-three, with
# the card the partner of NS's player who went out still holds (5 points, §3's note):
# NS 310 − 5 + natural 500 + red three 100 + out 100 = 1005; EW 260 − 45 + 300 + 200 = 715.
FIVE_PLAYER_HAND = (
    {
        "NS": {
            "natural_canastas": 1,
            "red_threes": 1,
            "went_out": True,
            "melded_points": 310,
            "hand_points": 5,
        },
        "EW": {"mixed_canastas": 1, "red_threes": 2, "melded_points": 260, "hand_points": 45},
    },
    {"NS": 1005, "EW": 715},
)


def _first_hand(variant: str) -> tuple[dict[str, dict[str, Any]], dict[str, int]]:
    """A valid first hand of `variant` (under `_options(variant)`) and its worked scores per side."""
    if variant == "brazilian":
        return BRAZILIAN_HAND
    if variant == "classic-3p":
        return THREE_PLAYER_HAND
    if variant == "chilean":
        return CHILEAN_HAND
    if variant == "classic-5p":
        return FIVE_PLAYER_HAND
    if variant == "uruguayan":
        return _first_hand("classic")
    for path in sorted(CASES.glob("*.json")):
        case = json.loads(path.read_text())
        sheet = case["sheet"]
        # A hand's score does not depend on the totals before it (only the opening minimum
        # does, which is lowest from 0): a case that starts later still gives a valid first hand.
        if sheet["variant"] == variant and "hand_scores" in case["expect"] and not sheet.get("options"):
            return sheet["hands"][0], case["expect"]["hand_scores"][0]
    raise AssertionError(f"no worked hand for {variant}: add a case or a worked hand here")


# The sides a table of each shape seats (docs/formats-and-stages.md, "Players at a table"):
# partnerships NS and EW at four; players alone N and S at two, N, E and S at three; at five
# the side of three A and the side of two B; at six (two teams of three) A and B.
SEATED_SIDES = {
    "classic-2p": ["N", "S"],
    "classic-3p": ["N", "E", "S"],
    "classic-5p": ["A", "B"],
    "classic-6p": ["A", "B"],
}


def _seated_sides(variant: str) -> list[str]:
    return SEATED_SIDES.get(variant, ["NS", "EW"])


# Card values, rules.md §1.0 (melded +, left in hand −): joker 50, 2 20, ace 20, 8 to K 10,
# 4 to 7 5. A black three is counted only left in hand, where Bolivia and the Greek-seed
# Spanish count it 100 (§1.0's overrides; Bolivia's case has 100 a black three in hand).
CARD_POINTS = {"jokers": 50, "aces": 20, "twos": 20, "high": 10, "low": 5}
BLACK_THREE_IN_HAND = {"bolivia": 100, "spanish": 100}
# A deck with its two jokers (§1.0 "Pack totals"), and the decks of each variant's pack: two,
# but three for Samba, Bolivia, Brazilian, Italian and six players, four for the Greek-seed
# Spanish and Chilean with its four packs (§6), five for Hand and Foot.
DECK = {"jokers": 2, "aces": 4, "twos": 4, "high": 24, "low": 16, "black_threes": 2}
DECKS = {
    "samba": 3,
    "bolivia": 3,
    "brazilian": 3,
    "italian": 3,
    "classic-6p": 3,
    "spanish": 4,
    "chilean": 4,
    "hand-and-foot": 5,
}
# (natural cards, wild cards) a canasta of each kind holds at least (§1.1). A mixed canasta is
# counted with 5 naturals, which every variant's wild-card limit allows (§4 #11: at most 3 wild
# cards in Classic, 2 in Modern American, the Samba family and a Hand and Foot dirty book).
CANASTA_CARDS = {
    "natural_canastas": (7, 0),
    "sequence_canastas": (7, 0),
    "concealed_natural_canastas": (7, 0),
    "mixed_canastas": (5, 1),
    "concealed_mixed_canastas": (5, 1),
    "wild_canastas": (0, 7),
}


def _counting_hand(variant: str) -> tuple[dict[str, dict[str, Any]], dict[str, int]]:
    """The worked hand to count card by card: the variant's own, but for British, whose worked
    hand is an Acaba (no card counted): its base, Classic's (rules.md §1.9, "Base: Classic
    rules"; no Acaba called, a British hand scores as Classic's)."""
    return _first_hand("classic" if variant == "british" else variant)


def _canasta_cards(entry: dict[str, Any]) -> tuple[int, int]:
    """The natural and wild cards `entry`'s canastas hold at least (CANASTA_CARDS)."""
    needs = [CANASTA_CARDS[f] for f, n in entry.items() if f in CANASTA_CARDS for _ in range(n)]
    return sum(natural for natural, _wild in needs), sum(wild for _natural, wild in needs)


def _take(pack: dict[str, int], kind: str, n: int) -> int:
    assert pack[kind] >= n, (kind, n, pack)
    pack[kind] -= n
    return n


def _counts(
    points: int, pack: dict[str, int], natural: int = 0, wild: int = 0, black_three: int = 0
) -> dict[str, int]:
    """Cards worth `points` at CARD_POINTS, taken from what is left of `pack`: first `natural`
    cards from 8 to K and `wild` wild cards (2s, then jokers) for the side's canastas, then
    black threes if they count `black_three` each (in hand in Bolivia and Spanish), then the
    rest from the highest value down."""
    counts = dict.fromkeys(CARD_POINTS, 0)
    if black_three:
        counts["black_threes"] = _take(pack, "black_threes", min(points // black_three, pack["black_threes"]))
        points -= black_three * counts["black_threes"]
    counts["high"] = _take(pack, "high", natural)
    counts["twos"] = _take(pack, "twos", min(wild, pack["twos"]))
    counts["jokers"] = _take(pack, "jokers", wild - counts["twos"])
    rest = points - sum(CARD_POINTS[kind] * counts[kind] for kind in CARD_POINTS)
    assert rest >= 0, (points, natural, wild)
    for kind in ("jokers", "aces", "twos", "high", "low"):
        n = _take(pack, kind, min(rest // CARD_POINTS[kind], pack[kind]))
        counts[kind] += n
        rest -= n * CARD_POINTS[kind]
    assert rest == 0, points
    return {kind: n for kind, n in counts.items() if n}


def _counted(hand: dict[str, dict[str, Any]], variant: str) -> dict[str, dict[str, Any]]:
    """`hand` with each side's melded and hand points given as cards of the same points
    (`_counts`), all drawn from one pack of the variant, as a scorekeeper counts them in the
    page's *Count the cards* mode."""
    pack = {kind: n * DECKS.get(variant, 2) for kind, n in DECK.items()}
    counted = {}
    for side, entry in hand.items():
        counted[side] = {f: v for f, v in entry.items() if f not in ("melded_points", "hand_points")}
        natural, wild = _canasta_cards(entry)
        for place, points, need in (
            ("melded", entry.get("melded_points", 0), (natural, wild, 0)),
            ("in_hand", entry.get("hand_points", 0), (0, 0, BLACK_THREE_IN_HAND.get(variant, 0))),
        ):
            for kind, n in _counts(points, pack, *need).items():
                counted[side][f"cards.{place}.{kind}"] = n
    return counted


def test_a_card_count_holds_the_worked_points():
    # Classic's worked hand, NS: a mixed canasta, 120 melded, 30 in hand. Melded: the canasta's
    # four 8s to K and one 2 (40 + 20), then a joker (50) and a 10 (10): 120. In hand: an ace
    # and a 10 (30). EW: a natural canasta, 225 melded, 15 in hand. Melded: seven 8s to K (70),
    # the pack's three other jokers (150) and a 5: 225. In hand: a 10 and a 5 (15).
    hand, _scores = _first_hand("classic")
    counted = _counted(hand, "classic")
    assert counted["NS"] == {
        "mixed_canastas": 1,
        "red_threes": 4,
        "cards.melded.high": 5,
        "cards.melded.twos": 1,
        "cards.melded.jokers": 1,
        "cards.in_hand.aces": 1,
        "cards.in_hand.high": 1,
    }
    assert counted["EW"] == {
        "natural_canastas": 1,
        "went_out": True,
        "cards.melded.high": 7,
        "cards.melded.jokers": 3,
        "cards.melded.low": 1,
        "cards.in_hand.high": 1,
        "cards.in_hand.low": 1,
    }


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(scoring.VARIANTS))
def test_every_variant_is_scored_at_the_table(client, sam, variant_game, variant):
    game = variant_game(variant)
    assert game.sides == _seated_sides(variant)  # the seating's sides, as the table seats them
    worked, worked_scores = _first_hand(variant)
    hand, scores = _as_seated(worked, game.sides), _as_seated(worked_scores, game.sides)
    rules = scoring.rules_for(variant, _options(variant))
    assert game.options == _options(variant)
    client.force_login(sam)
    url = f"/games/{game.pk}/"

    for mode in ("summary", "cards", "total"):
        page = client.get(f"{url}?mode={mode}")
        assert page.status_code == 200, (variant, mode)
    page = client.get(url).content.decode()
    for side in game.sides:
        for field in scoring.entry_fields(rules):
            assert f'name="{side}-{field.name}"' in page, (variant, side, field.name)

    preview = client.post(f"{url}hands/", _form_data(hand, preview="1"))
    assert preview.status_code == 200
    assert preview.context["preview"]["hand"] == {
        side: {"score": scores[side], "breakdown": preview.context["preview"]["hand"][side]["breakdown"]}
        for side in game.sides
    }
    assert not game.hands.exists(), "a preview saves nothing"

    saved = client.post(f"{url}hands/", _form_data(hand, save="1"))
    assert saved.status_code == 302, saved.content.decode()[:2000]
    game.refresh_from_db()
    assert game.totals == scores

    # The correction page opens hand 1 with what was entered, then a total-only correction
    # (each side's figure as a paper pad has it) replaces it: the totals are the typed figures.
    correcting = client.get(f"{url}?hand=1").content.decode()
    assert 'name="expected_version" value="1"' in correcting
    typed = {side: 100 - 50 * i for i, side in enumerate(game.sides)}
    data = {
        "submission_id": "6f1c2a1e-2b51-4f0a-9d3c-5a0f5d8c7e22",
        "number": "1",
        "expected_version": "1",
        "mode": "total",
        "save": "1",
        **{f"{side}-total": str(points) for side, points in typed.items()},
    }
    corrected = client.post(f"{url}hands/", data)
    assert corrected.status_code == 302, corrected.content.decode()[:2000]
    game.refresh_from_db()
    assert game.totals == typed
    assert game.hands.get(number=1).version == 2

    # Hand 2 counted card by card (the page's "Count the cards"): the worked hand with its
    # melded and hand points as cards of the same points, so it scores the worked scores.
    worked, worked_scores = _counting_hand(variant)
    counting, scores = _as_seated(worked, game.sides), _as_seated(worked_scores, game.sides)
    counting = _counted(counting, variant)
    cards_page = client.get(f"{url}?mode=cards").content.decode()
    data = _form_data(counting, number="2", mode="cards", save="1")
    data["submission_id"] = "6f1c2a1e-2b51-4f0a-9d3c-5a0f5d8c7e23"
    for name in data:
        if ".in_hand." in name or ".melded." in name:
            assert f'name="{name}"' in cards_page, (variant, name)
    counted = client.post(f"{url}hands/", data)
    assert counted.status_code == 302, counted.content.decode()[:2000]
    game.refresh_from_db()
    assert game.totals == {side: typed[side] + scores[side] for side in game.sides}
    entries = {e.side: e for e in game.hands.get(number=2).entries.all()}
    assert {side: entries[side].score for side in game.sides} == scores
    assert all("cards" in entries[side].entry for side in game.sides)


def test_a_modern_american_special_hand_is_offered_by_its_name(client, sam, variant_game):
    game = variant_game("modern-american")
    client.force_login(sam)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert '<option value="garbage">Garbage</option>' in page
    assert '<option value="dream_hand_4">Dream Hand +4</option>' in page


def test_the_chilean_hand_is_its_case_s_first_hand():
    case = json.loads((CASES / "chilean-four-packs-seven-red-threes.json").read_text())
    hand = case["sheet"]["hands"][0]
    assert hand["NS"]["hand_points"] == 5  # the partner's one card in the case (rules.md §3's note)
    hand["NS"]["hand_points"] = 10  # the partner's king here
    assert (hand, case["sheet"]["options"]) == (CHILEAN_HAND[0], CHILEAN_OPTIONS)
    expected = case["expect"]["hand_scores"][0]
    assert CHILEAN_HAND[1] == {"NS": expected["NS"] - 5, "EW": expected["EW"]}
