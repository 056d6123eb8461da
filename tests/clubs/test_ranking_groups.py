"""Variants ranked together (clubs/variants.py) and a player shown by initials (clubs/names.py)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from clubs.names import initials
from clubs.services import club_update
from clubs.variants import ranking_group_of, ranking_group_variants, ranking_groups_problems


def test_a_variant_is_ranked_alone_unless_the_club_ranks_it_with_another():
    together = {"classic-2p": "classic", "uruguayan": "classic"}
    assert ranking_group_of("classic-2p", together) == "classic"
    assert ranking_group_of("classic", together) == "classic"
    assert ranking_group_of("samba", together) == "samba"
    assert ranking_group_of("samba", {"samba": "no-such-variant"}) == "samba"
    assert ranking_group_variants("classic", together) == ["classic", "classic-2p", "uruguayan"]
    assert ranking_group_variants("samba", together) == ["samba"]


def test_a_group_is_named_by_one_variant_and_unknown_variants_are_refused():
    assert ranking_groups_problems({"classic-2p": "classic"}) == []
    chained = ranking_groups_problems({"classic-2p": "classic", "classic": "samba"})
    assert len(chained) == 1 and "itself ranked with another" in chained[0]
    assert "“bridge” is not a variant." in ranking_groups_problems({"bridge": "classic"})


@pytest.mark.django_db
def test_the_club_settings_refuse_a_chain_and_save_nothing(club):
    with pytest.raises(ValidationError) as caught:
        club_update(club=club, ranking_groups={"classic-2p": "classic", "classic": "samba"})
    assert "ranking_groups" in caught.value.message_dict
    club.refresh_from_db()
    assert club.ranking_groups == {}


def test_initials():
    assert initials("Amira Haddad") == "A. H."
    assert initials("Jean-Luc Picard") == "J.-L. P."
    assert initials("  josé  ") == "J."
    assert initials("علی رضایی") == "ع. ر."
