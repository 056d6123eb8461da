"""The federation's ranking, worked by hand: a federation of three clubs, a person who played at
two of them, a club that left, a game with a player linked to no person, and a club outside.

Every night is one game of Classic between two fixed pairs, one hand typed as totals, and the
event's hands per round is 1, so the game ends on that hand: the higher total wins.

    club       member of North           night           pairs (total)
    Avon       from Nov 1                Nov 2           Pia & Al 300  v  Ada & Abe 120
    Avon                                 Nov 3           Al & Gus 400  v  Ada & Abe 100   (Gus: no person)
    Brook      from Nov 1                Nov 9           Bo & Bud 500  v  Pia & Bea 200
    Cove       from Nov 1 to Nov 20      Nov 10          Cy & Cal 250  v  Cid & Cat 150
    Cove                                 Nov 25          Cid & Cat 900  v  Cy & Cal 100   (after it left)
    Lonely     never                     Nov 12          Lu & Lee 800  v  Lo & Liv 100

Pia is one person (member number N-PIA) with a player at Avon and one at Brook. Every other
player but Gus is linked to a person of their own.

The rule (docs/rankings.md, "Ratings"; the `openskill` package's `PlackettLuce`): OpenSkill's
Plackett-Luce update, Weng and Lin (2011), Algorithm 4, for two teams. Every player starts at
mu 25, sigma 25/3; beta = 25/6, tau = 25/300. Before a game each sigma is widened:
sigma'^2 = sigma^2 + tau^2. A team's mu and variance V are its players' sums;
c = sqrt(V_win + V_lose + 2 beta^2); p = e^(mu_win/c) / (e^(mu_win/c) + e^(mu_lose/c)), q = 1 - p.
Winner: Omega = (1 - p) V/c, Delta = p(1 - p) (V/c^2)(sqrt(V)/c); loser: Omega = -q V/c,
Delta = q(1 - q) (V/c^2)(sqrt(V)/c). Each player: mu += (sigma'^2/V) Omega,
sigma = sigma' sqrt(max(1 - (sigma'^2/V) Delta, 0.0001)). The rating is mu - 3 sigma.

Pia in the federation (`_two_teams` below does this arithmetic):
- Nov 2, everyone new: sigma'^2 = 69.4444 + 0.0069 = 69.4514; V = 138.9028 a side;
  c = sqrt(4 x 69.4514 + 2 x 17.3611) = 17.6785; p = 1/2. Pia's mu = 25 + 69.4514 x 0.5 / 17.6785
  = 26.9643; Delta = 0.25 x 0.44445 x 0.66667 = 0.074076; sigma = 8.3337 x sqrt(1 - 0.5 x 0.074076)
  = 8.1780. Rating 26.9643 - 24.5339 = 2.430.
- Nov 9 at Brook, Pia (26.9643, 8.1780) and Bea (new) lose to Bo and Bud (new): the same steps
  give Pia mu 24.9589, sigma 8.0312: rating 0.865.
So Pia's one federation rating is 0.865 from both clubs' games, while at Avon her player's rating
is 2.430 (the Nov 2 game alone) and at Brook -1.498 (a loss as a new player: mu 23.0357, sigma
8.1780), each club's ranking from its own games only.

Cove left on Nov 20: its Nov 10 game counts (Cy and Cal won: 2.430 each), its Nov 25 game does
not (Cid and Cat lost on Nov 10 and stay at -1.498). Avon's Nov 3 game is left out (Gus), so
Ada and Abe have one federation game; Lonely's game changes nothing.
"""

from __future__ import annotations

import datetime
import io

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from clubs import services as club_services
from clubs.models import (
    Club,
    Federation,
    FederationLeftOut,
    FederationOfficer,
    Person,
    Player,
)
from clubs.names import name_words_key
from clubs.viewer import viewer
from tests.support import cast, federation
from tests.support.factories import PlayerFactory, UserFactory
from tests.support.federation import NEW, _night, _two_teams
from tournaments import selectors, services
from tournaments.models import PersonRating, PersonRatingHistory, Rating, RatingHistory
from tournaments.selectors import RankingPeriod

pytestmark = pytest.mark.django_db
north = federation.north  # three member clubs, one person at two


def _rating(mu_sigma):
    return mu_sigma[0] - 3 * mu_sigma[1]


D = datetime.date


def _federation_ratings(federation):
    return {
        (r.person.name, r.person.member_number): (r.mu, r.sigma, r.ordinal, r.games)
        for r in PersonRating.objects.filter(person__federation=federation).select_related("person")
    }


def _person(name):
    return Person.objects.get(name=name) if name != "Pia" else Person.objects.get(member_number="N-PIA")


def test_a_person_of_two_clubs_has_one_federation_rating_from_both_clubs_games(north):
    after_avon = _two_teams([NEW, NEW], [NEW, NEW])
    pia_after_avon = after_avon[0][0]
    pia_after_brook = _two_teams([NEW, NEW], [pia_after_avon, NEW])[1][0]
    assert _rating(pia_after_avon) == pytest.approx(2.430, abs=0.001)  # the working's figures
    assert _rating(pia_after_brook) == pytest.approx(0.865, abs=0.001)

    pia = PersonRating.objects.get(person=_person("Pia"), group="classic")
    assert (pia.mu, pia.sigma) == pytest.approx(pia_after_brook, abs=1e-9)
    assert pia.ordinal == pytest.approx(0.865, abs=0.001)
    assert pia.games == 2 and pia.provisional
    # One history: the Avon game then the Brook game, numbered 1 and 2.
    history = PersonRatingHistory.objects.filter(person=_person("Pia")).order_by("sequence")
    assert [(row.sequence, row.date, row.won) for row in history] == [
        (1, D(2026, 11, 2), 1),
        (2, D(2026, 11, 9), 0),
    ]


def test_each_clubs_own_ranking_stays_its_own(north):
    loss_as_new = _two_teams([NEW, NEW], [NEW, NEW])[1][0]
    assert _rating(loss_as_new) == pytest.approx(-1.498, abs=0.001)
    at_avon = Rating.objects.get(player__club__slug="avon", player__name="Pia")
    at_brook = Rating.objects.get(player__club__slug="brook", player__name="Pia")
    assert at_avon.ordinal == pytest.approx(2.430, abs=0.001) and at_avon.games == 1
    assert at_brook.ordinal == pytest.approx(-1.498, abs=0.001) and at_brook.games == 1
    # Avon's ranking still counts the game with Gus, which the federation leaves out.
    assert Rating.objects.get(player__club__slug="avon", player__name="Ada").games == 2
    assert RatingHistory.objects.filter(player__club__slug="avon", player__name="Gus").count() == 1
    avon_ranking = selectors.club_ranking(
        club=Player.objects.get(club__slug="avon", name="Pia").club, group="classic", period=RankingPeriod()
    )
    assert {line.line.name for line in avon_ranking} == {"Pia", "Al", "Ada", "Abe", "Gus"}


def test_a_club_that_left_counts_until_it_left_and_a_club_outside_counts_nothing(north):
    won = _rating(_two_teams([NEW, NEW], [NEW, NEW])[0][0])
    lost = _rating(_two_teams([NEW, NEW], [NEW, NEW])[1][0])
    ratings = _federation_ratings(north)
    assert ratings[("Cy", "N-cove-Cy")][2] == pytest.approx(won)
    assert ratings[("Cid", "N-cove-Cid")][2] == pytest.approx(lost)
    assert ratings[("Cid", "N-cove-Cid")][3] == 1  # the Nov 25 game, after Cove left, not counted
    # Ada and Abe: the game with Gus is left out, so one federation game each.
    assert ratings[("Ada", "N-avon-Ada")][3] == 1
    # Nobody of Lonely is in the federation's ranking.
    ranking = selectors.federation_ranking(federation=north, group="classic", period=RankingPeriod())
    names = [line.line.name for line in ranking]
    assert sorted(names) == sorted(["Pia", "Al", "Ada", "Abe", "Bo", "Bud", "Bea", "Cy", "Cal", "Cid", "Cat"])
    pia_line = next(line for line in ranking if line.line.name == "Pia")
    assert pia_line.line.clubs == ("Avon", "Brook") and pia_line.line.games == 2
    assert pia_line.provisional  # 2 games of 10
    # What the officers read of each club: Avon's game with Gus left out.
    published = {
        row.club.slug: (row.counted, row.left_out)
        for row in FederationLeftOut.objects.filter(federation=north).select_related("club")
    }
    assert published == {"avon": (1, 1), "brook": (1, 0), "cove": (1, 0)}


def test_a_game_at_a_club_outside_changes_nothing_and_a_rebuild_gives_what_the_saves_gave(
    north, django_capture_on_commit_callbacks
):
    before = _federation_ratings(north)
    history_before = sorted(
        PersonRatingHistory.objects.values_list("person_id", "game_id", "sequence", "ordinal")
    )
    lonely = Player.objects.get(name="Lu").club
    _night(
        lonely, D(2026, 11, 13), ("Lo", "Liv"), ("Lu", "Lee"), (700, 100), django_capture_on_commit_callbacks
    )
    assert _federation_ratings(north) == before
    # Rebuilt from nothing, the federation's ratings are those the saves left (per game).
    PersonRating.objects.all().delete()
    PersonRatingHistory.objects.all().delete()
    assert services.federation_ratings_rebuild(federation_id=north.pk) == len(before)
    assert _federation_ratings(north) == before
    assert (
        sorted(PersonRatingHistory.objects.values_list("person_id", "game_id", "sequence", "ordinal"))
        == history_before
    )


def test_linking_the_left_out_player_counts_the_game(north, django_capture_on_commit_callbacks):
    gus = Player.objects.get(name="Gus")
    director = cast.member(gus.club, "dora", "director")
    with django_capture_on_commit_callbacks(execute=True):
        outcome = services_link(gus, "N-GUS", director)
    assert outcome == "created"
    assert PersonRating.objects.get(person__member_number="N-GUS").games == 1
    assert FederationLeftOut.objects.get(federation=north, club=gus.club).left_out == 0
    assert PersonRating.objects.get(person__member_number="N-avon-Ada").games == 2


def services_link(player, number, by):
    return club_services.person_link(
        player=player, asked=club_services.PersonLinkInput(member_number=number), by=by
    ).result


class TestWhoSeesIt:
    def test_officers_see_the_ranking_others_do_not_until_it_is_public(self, north):
        olga = UserFactory(username="olga")
        FederationOfficer.objects.create(federation=north, user=olga)
        lonely_director = cast.member(Player.objects.get(name="Lu").club, "lena", "director")
        avon_director = cast.member(Player.objects.get(name="Al").club, "avery", "director")
        url = reverse("tournaments:federation_rankings", kwargs={"slug": "north"})
        api = reverse("federation-ranking", kwargs={"slug": "north"})
        officer = Client()
        officer.force_login(olga)
        page = officer.get(url)
        assert page.status_code == 200
        listed = {ranked.line.name for ranked in page.context["table"].data}
        assert "Pia" in listed and not listed & {"Lu", "Lee", "Lo", "Liv"}
        for outsider in (lonely_director, avon_director):
            client = Client()
            client.force_login(outsider)
            assert client.get(url).status_code == 404
            api_client = APIClient()
            api_client.force_authenticate(outsider)
            assert api_client.get(api).status_code == 404
        assert Client().get(url).status_code == 302  # a visitor: to the login page
        Federation.objects.filter(pk=north.pk).update(ranking_public=True)
        assert Client().get(url).status_code == 200
        body = APIClient().get(api, {"variant": "classic"}).json()
        pia = next(line for line in body["results"] if line["person"]["name"] == "Pia")
        assert pia["rank"] is None and pia["provisional"] is True
        assert pia["rating"] == pytest.approx(0.865, abs=0.001)
        # Neither of Pia's clubs publishes its results: a visitor reads none; once Avon
        # publishes, Avon; the officers read both.
        assert pia["person"]["clubs"] == []
        Club.objects.filter(slug="avon").update(results_public=True)

        def clubs_of_pia(client) -> list[str]:
            lines = client.get(api, {"variant": "classic"}).json()["results"]
            return next(line for line in lines if line["person"]["name"] == "Pia")["person"]["clubs"]

        assert clubs_of_pia(APIClient()) == ["Avon"]
        officer_api = APIClient()
        officer_api.force_authenticate(olga)
        assert clubs_of_pia(officer_api) == ["Avon", "Brook"]

    def test_the_strictest_club_names_a_person_by_initials_on_public_pages(self, north):
        Federation.objects.filter(pk=north.pk).update(ranking_public=True)
        Player.objects.filter(club__slug="brook", name="Pia").update(public_initials=True)
        Player.objects.filter(pk=Player.objects.get(club__slug="avon", name="Pia").pk).update(
            name="Pia Rossi"
        )
        Person.objects.filter(member_number="N-PIA").update(name="Pia Rossi")
        visitor = Client()
        page = visitor.get(reverse("tournaments:federation_rankings", kwargs={"slug": "north"}))
        text = page.content.decode()
        assert "Pia Rossi" not in text and "P. R." in text
        person = visitor.get(
            reverse("tournaments:federation_person", kwargs={"slug": "north", "person_id": _person("Pia").pk})
        )
        assert person.status_code == 200 and "Pia Rossi" not in person.content.decode()
        csv = visitor.get(
            reverse("tournaments:federation_rankings", kwargs={"slug": "north"}), {"_export": "csv"}
        )
        assert "P. R." in csv.content.decode("utf-8-sig") and "Pia Rossi" not in csv.content.decode(
            "utf-8-sig"
        )

    def test_an_officer_makes_the_ranking_public_on_the_federation_page(self, north):
        olga = UserFactory(username="olga")
        FederationOfficer.objects.create(federation=north, user=olga)
        client = Client()
        client.force_login(olga)
        page = client.get(reverse("clubs:federation_detail", kwargs={"slug": "north"}))
        assert "Make the ranking public" in page.content.decode()
        # Each club's games counted and left out (Avon's game with Gus), for its directors to link.
        published = [(row.club.name, row.counted, row.left_out) for row in page.context["overview"].published]
        assert published == [("Avon", 1, 1), ("Brook", 1, 0), ("Cove", 1, 0)]
        client.post(reverse("clubs:federation_ranking_settings", kwargs={"slug": "north"}), {"public": "1"})
        assert Federation.objects.get(pk=north.pk).ranking_public
        assert (
            Client().get(reverse("tournaments:federation_rankings", kwargs={"slug": "north"})).status_code
            == 200
        )


def test_the_command_rebuilds_a_federation_from_nothing(north):
    before = _federation_ratings(north)
    PersonRating.objects.all().delete()
    out = io.StringIO()
    call_command("ratings_rebuild", "--federation", "north", stdout=out)
    # 11 people of Classic: Pia, Al, Ada, Abe, Bo, Bud, Bea, Cy, Cal, Cid, Cat.
    assert out.getvalue().startswith("north: 11 ratings")
    assert _federation_ratings(north) == before


def test_an_officer_ranks_variants_together_and_a_chain_is_refused(north):
    olga = UserFactory(username="olga")
    FederationOfficer.objects.create(federation=north, user=olga)
    client = Client()
    client.force_login(olga)
    url = reverse("clubs:federation_ranking_settings", kwargs={"slug": "north"})
    client.post(url, {"groups": "1", "ranked_with_uruguayan": "classic"})
    north.refresh_from_db()
    assert north.ranking_groups == {"uruguayan": "classic"}
    assert selectors.federation_ranking_group(federation=north, variant="uruguayan").key == "classic"
    # Samba ranked with Uruguayan, itself ranked with Classic: refused, nothing saved.
    page = client.post(
        url, {"groups": "1", "ranked_with_uruguayan": "classic", "ranked_with_samba": "uruguayan"}
    )
    assert page.status_code == 200 and "itself ranked with another variant" in page.content.decode()
    north.refresh_from_db()
    assert north.ranking_groups == {"uruguayan": "classic"}
    # The Classic ratings are those of before: the games are all Classic.
    assert PersonRating.objects.get(person__member_number="N-PIA").ordinal == pytest.approx(0.865, abs=0.001)


def test_many_people_read_their_ratings_by_arrays_as_a_few_do_by_terms(north, monkeypatch):
    from tournaments.selectors import rankings as ranking_reads

    period = RankingPeriod(start=D(2026, 11, 5))  # Pia's rating before the period: after Nov 2
    few = selectors.federation_ranking(federation=north, group="classic", period=period)
    monkeypatch.setattr(ranking_reads, "_FEW", 0)
    many = selectors.federation_ranking(federation=north, group="classic", period=period)
    assert many == few
    pia = next(line.line for line in many if line.line.name == "Pia")
    assert pia.rating_before == pytest.approx(2.430, abs=0.001) and pia.rating == pytest.approx(
        0.865, abs=0.001
    )


def test_a_club_that_joins_counts_its_nights_from_the_day_it_joined(
    north, django_capture_on_commit_callbacks
):
    lonely = Player.objects.get(name="Lu").club
    olga, lena = UserFactory(username="olga"), cast.member(lonely, "lena", "director")
    FederationOfficer.objects.create(federation=north, user=olga)
    capture = django_capture_on_commit_callbacks
    with capture(execute=True):
        place = club_services.federation_club_invite(federation=north, club_slug="lonely", by=olga)
        club_services.federation_invitation_answer(place=place, accept=True, by=lena)
    with capture(execute=True):
        for player in lonely.players.all():
            assert services_link(player, f"N-LONELY-{player.name.upper()}", lena) == "created"
    place.refresh_from_db()
    # Its Nov 12 night was before it joined: none of its people has a federation game.
    assert not PersonRating.objects.filter(person__member_number__startswith="N-LONELY-").exists()
    assert FederationLeftOut.objects.filter(federation=north, club=lonely).count() == 0
    _night(lonely, place.joined_on, ("Lu", "Lee"), ("Lo", "Liv"), (600, 100), capture)
    lu = PersonRating.objects.get(person__member_number="N-LONELY-LU")
    assert lu.games == 1 and lu.ordinal == pytest.approx(2.430, abs=0.001)  # a first win, as Pia's


def test_the_ranking_of_every_night_reads_the_ratings_totals_as_the_history_sums_them(
    north, django_assert_num_queries
):
    every_night = RankingPeriod()
    # The players by initials and the ratings' count and newest row (what is kept is keyed
    # on them), the ratings, the names (everyone here has a linked player).
    with django_assert_num_queries(4):
        from_ratings = selectors.federation_ranking(federation=north, group="classic", period=every_night)
    # The same games by dates that leave none out: read by summing the history rows.
    from_history = selectors.federation_ranking(
        federation=north, group="classic", period=RankingPeriod(start=D(2000, 1, 1))
    )
    assert from_ratings == from_history
    pia = next(line.line for line in from_ratings if line.line.name == "Pia")
    # Nov 2 at Avon won 300 to 120, Nov 9 at Brook lost 200 to 500.
    assert (pia.games, pia.wins, pia.draws, pia.points, pia.last_played) == (2, 1, 0, 500, D(2026, 11, 9))
    assert pia.rating_before == 0.0 and pia.rated_games == 2
    services.federation_ratings_rebuild(federation_id=north.pk)  # the rebuild writes the same
    assert selectors.federation_ranking(federation=north, group="classic", period=every_night) == from_history


def test_the_migration_fills_the_ratings_totals_from_the_history(north):
    import importlib

    from django.apps import apps

    migration = importlib.import_module("tournaments.migrations.0009_person_rating_totals")
    totals = ("person_id", "wins", "draws", "points", "victory_points", "last_played")
    stored = sorted(PersonRating.objects.values_list(*totals))
    PersonRating.objects.update(wins=0, draws=0, points=0, victory_points=0, last_played=None)
    migration.totals_from_the_history(apps, None)
    assert sorted(PersonRating.objects.values_list(*totals)) == stored
    assert PersonRating.objects.get(person__member_number="N-PIA").points == 500


class TestTheCachedRankingOfEveryNight:
    """The ranking of every night is kept in the cache until a rating, a name or a club of the
    federation changes (`selectors.rankings._cached_every_night`, `clubs.stamps`)."""

    def _ranking(self, north):
        return selectors.federation_ranking(federation=north, group="classic", period=RankingPeriod())

    def _line(self, lines, member_number):
        person = Person.objects.get(member_number=member_number)
        return next(ranked.line for ranked in lines if ranked.line.player == person.pk)

    def test_a_second_read_is_one_query_and_the_same_lines(self, north, django_assert_num_queries):
        first = self._ranking(north)
        with django_assert_num_queries(2):  # the players by initials, the ratings' count and newest row
            again = self._ranking(north)
        assert again == first
        again.sort(key=lambda ranked: ranked.line.name)  # a table sorting its own copy
        assert self._ranking(north) == first

    def test_a_game_rated_moves_the_next_read(self, north, django_capture_on_commit_callbacks):
        before = self._line(self._ranking(north), "N-PIA")
        assert before.games == 2
        avon = Club.objects.get(slug="avon")
        # Pia & Al beat Ada & Abe again at Avon on Nov 30: her third game.
        _night(
            avon,
            D(2026, 11, 30),
            ("Pia", "Al"),
            ("Ada", "Abe"),
            (300, 100),
            django_capture_on_commit_callbacks,
        )
        after = self._line(self._ranking(north), "N-PIA")
        assert after.games == 3 and after.rating > before.rating and after.last_played == D(2026, 11, 30)

    def test_a_rebuild_over_the_same_games_is_read_again(self, north, django_assert_num_queries):
        self._ranking(north)
        services.federation_ratings_rebuild(federation_id=north.pk)  # every rating row made anew
        with django_assert_num_queries(3):  # the key's two, the ratings: the names are kept
            self._ranking(north)

    def test_initials_a_rename_a_club_leaving_show_at_once(self, north, django_capture_on_commit_callbacks):
        self._ranking(north)
        bo = Player.objects.get(name="Bo")
        director = cast.member(bo.club, "bruna", "director")
        brook_id, avon_id = bo.club_id, Club.objects.get(slug="avon").pk
        with viewer(lambda: frozenset({avon_id})):
            assert self._line(self._ranking(north), "N-brook-Bo").name == "Bo"
        with django_capture_on_commit_callbacks(execute=True):
            club_services.player_public_initials_set(player=bo, by_initials=True, by=director)
        with viewer(lambda: frozenset({avon_id})):  # a member of Avon only
            assert self._line(self._ranking(north), "N-brook-Bo").name == "B."
        with viewer(lambda: frozenset({avon_id, brook_id})):  # a member of Brook too
            assert self._line(self._ranking(north), "N-brook-Bo").name == "Bo"
        with viewer(frozenset):  # a visitor, after the member: their own lines
            assert self._line(self._ranking(north), "N-brook-Bo").name == "B."
        cy = Person.objects.get(member_number="N-cove-Cy")
        cy.name = "Cyrus"
        cy.save(update_fields=["name"])
        assert self._line(self._ranking(north), "N-cove-Cy").name == "Cyrus"
        brook = Club.objects.get(slug="brook")
        brook.name = "Brookside"
        brook.save(update_fields=["name"])
        assert self._line(self._ranking(north), "N-PIA").clubs == ("Avon", "Brookside")

    def test_without_a_cache_the_ranking_is_read_each_time(
        self, north, monkeypatch, django_assert_num_queries
    ):
        from django.core.cache import cache

        def unreachable(*args, **kwargs):
            raise ConnectionError("Redis is down")

        expected = self._ranking(north)
        monkeypatch.setattr(cache, "get", unreachable)
        monkeypatch.setattr(cache, "set", unreachable)
        with django_assert_num_queries(2):  # the ratings, the names: no key made
            assert self._ranking(north) == expected

    def test_initials_asked_for_while_the_stamp_was_not_renewed_show_at_once(self, north):
        """A player's choice of initials is read from the database at each load, never trusted
        to a stamp: written while the cache could not be reached (here by an update that sends
        no signal, as a write whose renewal was lost), it shows at the next load, whoever
        loaded first."""
        bo = Player.objects.get(name="Bo")
        brook_id, avon_id = bo.club_id, Club.objects.get(slug="avon").pk
        with viewer(frozenset):
            assert self._line(self._ranking(north), "N-brook-Bo").name == "Bo"
        Player.objects.filter(pk=bo.pk).update(public_initials=True)  # no signal, no renewal
        with viewer(lambda: frozenset({brook_id})):  # a member of Brook loads first
            assert self._line(self._ranking(north), "N-brook-Bo").name == "Bo"
        with viewer(frozenset):  # then a visitor
            assert self._line(self._ranking(north), "N-brook-Bo").name == "B."
        with viewer(lambda: frozenset({avon_id})):
            assert self._line(self._ranking(north), "N-brook-Bo").name == "B."

    def test_without_a_cache_every_process_shares_nothing_is_kept(self, north, settings):
        """Each process a cache of its own: no stamp, so each read reads anew. A rename that
        renews no stamp (an update sends no signal, as a rename in another process would reach
        no other process's cache) shows at the next read; kept, it would not."""
        settings.CACHE_IS_SHARED = False
        assert self._line(self._ranking(north), "N-cove-Cy").name == "Cy"
        Person.objects.filter(member_number="N-cove-Cy").update(name="Cyrus")
        assert self._line(self._ranking(north), "N-cove-Cy").name == "Cyrus"

    def test_people_new_to_the_ranking_are_named_though_no_name_changed(
        self, north, django_capture_on_commit_callbacks, django_assert_num_queries
    ):
        """The names are kept apart from the ratings: a rated game changes no name. People
        linked before the names were kept, whose first game is rated after, are named all the
        same (the kept names lack them: they are read again)."""
        avon = Club.objects.get(slug="avon")
        for name in ("Zed", "Zoe", "Zia", "Zak"):
            player = PlayerFactory(club=avon, name=name)
            person = Person.objects.create(
                federation=north, member_number=f"N-{name}", name=name, name_words=name_words_key(name)
            )
            Player.objects.filter(pk=player.pk).update(person=person)
        assert all(line.line.name != "Zed" for line in self._ranking(north))  # no game yet
        _night(
            avon,
            D(2026, 11, 28),
            ("Zed", "Zoe"),
            ("Zia", "Zak"),
            (200, 100),
            django_capture_on_commit_callbacks,
        )
        with django_assert_num_queries(4):  # the key's two, the ratings, the names (four new)
            lines = self._ranking(north)
        assert self._line(lines, "N-Zed").name == "Zed" and self._line(lines, "N-Zed").clubs == ("Avon",)
        assert self._line(lines, "N-Zak").games == 1
