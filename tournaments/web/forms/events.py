"""The forms of a new event and of its entrants and partnerships."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.db import models
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext_lazy as _

import scoring
from clubs.models import Club, Partnership, Player
from clubs.selectors import club_federation_now
from clubs.services import PairRequest, pair_requests_from_text
from clubs.text import NameFormField
from clubs.variants import variant_notes
from clubs.viewer import shown_player_name
from tournaments import selectors
from tournaments.display.labels import (
    house_rule_label,
)
from tournaments.display.messages import describe_rules
from tournaments.models import Event
from tournaments.services import EventInput
from tournaments.web.forms.fields import model_choice_field
from tournaments.web.forms.house_rules import PREFIX as HOUSE_RULE_PREFIX
from tournaments.web.forms.house_rules import (
    HouseRuleGroup,
    first_field,
    house_rule_fields,
    house_rule_groups,
    house_rules,
)


class EventForm(forms.ModelForm):
    """A new event. `cleaned_data["pair_requests"]`: the typed `pairs` and picked partners (`partner_<player
    id>`) as clubs.services.PairRequest, checked by `services.event_create`; `["options"]`: the variant's
    house rules; `new_player` a name added to the roster without leaving the form (`redisplayed`)."""

    players = forms.ModelMultipleChoiceField(
        queryset=Player.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        label=_("Players"),
        required=False,
        help_text=_(
            "For fixed partnerships, pick each player's partner beside their name, or type the pairs "
            "below; a player ticked must be in a pair."
        ),
    )
    pairs = forms.CharField(
        label=_("Pairs (fixed-partnership formats)"),
        required=False,
        max_length=10000,
        widget=forms.Textarea(attrs={"rows": 6, "dir": "auto", "autocomplete": "off", "spellcheck": "false"}),
        help_text=_(
            "One pair a line, the two names as on the roster joined by &, +, / or a dash (–), for "
            "example “Amira & Bob”; capitals and accents do not matter. Pairs are numbered in the "
            "order given: these lines, then the partners picked above, then the partnerships ticked "
            "below."
        ),
    )
    partnerships = forms.ModelMultipleChoiceField(
        queryset=Partnership.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        label=_("The club's partnerships (fixed-partnership formats)"),
        required=False,
    )

    # Three ways, so that "as the kind says" reaches the service (on for tournaments): a
    # checkbox cannot tell "left as it was" from "turned off".
    confirmation_required = forms.TypedChoiceField(
        label=_("The other side confirms each hand"),
        choices=(
            ("", _("As the kind of event says: on for tournaments, off for league nights")),
            ("yes", _("Yes")),
            ("no", _("No")),
        ),
        coerce=lambda value: value == "yes",
        empty_value=None,
        required=False,
        help_text=_("Standings then count only confirmed hands."),
    )

    class Meta:
        model = Event
        fields = (
            "name",
            "date",
            "kind",
            "format",
            "variant",
            "table_shape",
            "hands_per_round",
            "minutes_per_round",
            "warning_minutes",
            "confirmation_required",
            "three_player_tables",
            "five_player_tables",
            "play_to_target_across_tables",
            "missed_round_policy",
            "sit_out_victory_points",
            "season",
            "avoid_season_partners",
            "keep_clubs_apart",
            "ranked",
        )
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    # Drawn by the template in their own places: the roster with its partner picks, the pairs.
    PAIR_FIELDS = ("players", "pairs", "partnerships")

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        roster = club.players.filter(active=True)
        model_choice_field(self, "players").queryset = roster
        self.roster = list(roster)
        choices = [("", "—"), *((str(p.pk), p.name) for p in self.roster)]
        for player in self.roster:
            self.fields[f"partner_{player.pk}"] = forms.TypedChoiceField(
                label=_("Partner of %(name)s") % {"name": player.name},
                choices=[c for c in choices if c[0] != str(player.pk)],
                coerce=int,
                empty_value=None,
                required=False,
            )
        partnerships = club.partnerships.select_related("first", "second")
        model_choice_field(self, "partnerships").queryset = partnerships
        if not partnerships.exists():
            del self.fields["partnerships"]
        self.fields["variant"].initial = club.default_variant
        self.fields["variant"].help_text = variant_notes()
        seasons = club.seasons.all()
        model_choice_field(self, "season").queryset = seasons
        if not seasons.exists():
            del self.fields["season"]
            del self.fields["avoid_season_partners"]
        if club_federation_now(club=club) is None:
            # Only a federation's clubs host championships, whose entrants come from several
            # clubs; for one club's players the option changes nothing (docs/federation.md).
            del self.fields["keep_clubs_apart"]
        for name in self._DEFAULTED:
            self.fields[name].required = False
        self.fields.update(house_rule_fields())
        self.fields["new_player"] = NameFormField(
            label=_("Add a player to the club's roster"),
            required=False,
            max_length=Player._meta.get_field("name").max_length,
            help_text=_("Type a name and press Add: the player joins the roster, ticked present."),
        )

    @classmethod
    def redisplayed(
        cls, data: Mapping[str, Any], *, club: Club, tick: Sequence[int] = (), everyone: bool = False
    ) -> EventForm:
        """The form as the director left it (`data`), unbound so nothing is marked wrong yet, with `tick`
        (or everyone, with `everyone`) ticked and the new player's name emptied."""
        blank = cls(club=club)
        initial: dict[str, Any] = {}
        for name, field in blank.fields.items():
            value = field.widget.value_from_datadict(data, MultiValueDict(), blank.add_prefix(name))
            if value not in (None, "") and name != "new_player":
                initial[name] = value
        ticked = [str(pk) for pk in initial.get("players") or []]
        if everyone:
            ticked = [str(player.pk) for player in blank.roster]
        initial["players"] = [*ticked, *(str(pk) for pk in tick if str(pk) not in ticked)]
        return cls(club=club, initial=initial)

    def current(self, name: str) -> Any:
        """The value field `name` shows now: as typed for a bound form, else its initial."""
        return self[name].value()

    def pair_formats(self) -> str:
        """The fixed-partnership formats, space-separated, for the page's script."""
        return " ".join(Event.PARTNERSHIP_FORMATS)

    def pairs_shown(self) -> bool:
        """Whether the format shown is a fixed-partnership one (partner column, pairs, partnerships)."""
        return self.current("format") in Event.PARTNERSHIP_FORMATS

    def house_rule_groups(self) -> list[HouseRuleGroup]:
        """The house-rule controls by option, those of the variant shown now drawn visible."""
        return house_rule_groups(self, str(self.current("variant") or ""))

    # Optional in the form: an empty value takes the model's default.
    _DEFAULTED = ("format", "missed_round_policy", "sit_out_victory_points", "warning_minutes")

    def roster_rows(self) -> list[tuple[Any, forms.BoundField]]:
        """Each active player's checkbox with the field picking their partner, by name."""
        return list(zip(self["players"], (self[f"partner_{p.pk}"] for p in self.roster), strict=True))

    def other_fields(self) -> list[forms.BoundField]:
        """The fields in the page's order, less those drawn in a place of their own."""
        return [
            field
            for field in self
            if field.name not in self.PAIR_FIELDS
            and field.name != "new_player"
            and not field.name.startswith(("partner_", HOUSE_RULE_PREFIX))
        ]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        for name in self._DEFAULTED:
            if data.get(name) in (None, ""):
                field = Event._meta.get_field(name)
                assert isinstance(field, models.Field), name
                data[name] = field.default
        by_id = {player.pk: player for player in self.roster}
        picked: list[PairRequest] = []
        seen: set[frozenset[int]] = set()
        for player in self.roster:
            partner = by_id.get(data.get(f"partner_{player.pk}") or 0)
            if partner is None or frozenset((player.pk, partner.pk)) in seen:
                continue  # no pick, or the partner's own pick named this pair already
            seen.add(frozenset((player.pk, partner.pk)))
            where = _("Partner of %(name)s") % {"name": player.name}
            picked.append(PairRequest(where=str(where), players=(player, partner)))
        data["pair_requests"] = [*pair_requests_from_text(data.get("pairs") or ""), *picked]
        self._house_rules_check(data)
        if data.get("new_player"):
            # A name typed but not added: the director meant the player to play.
            message = _("Press Add to put %(name)s on the roster, or empty this box.")
            self.add_error("new_player", message % {"name": data["new_player"]})
        chosen = data["pair_requests"] or data.get("partnerships")
        if not data.get("players") and not chosen:
            self.add_error("players", _("Choose the players (or the pairs)."))
        elif data.get("format") in Event.PARTNERSHIP_FORMATS and not chosen:
            # The page lists the players by name: pairing them in that order would pair them
            # alphabetically, which nobody means.
            self.add_error("pairs", _("Type the pairs, or pick each player's partner."))
        return data

    def _house_rules_check(self, data: dict[str, Any]) -> None:
        """`data["options"]` checked by the engine as the service checks them; a refusal goes to its field."""
        variant = data.get("variant") or ""
        data["options"] = house_rules(variant, data)
        if variant not in scoring.VARIANTS:
            return  # the variant's own field says so
        try:
            scoring.rules_for(variant, data["options"])
        except scoring.InvalidRules as exc:
            # The engine's refusal, naming the rule as its control is labelled (the API names
            # its key).
            params = dict(exc.params)
            if exc.option:
                params["option"] = house_rule_label(exc.option)
                parts = params.get("parts")
                if isinstance(parts, list):  # a record's parts, as their controls say
                    params["parts"] = [house_rule_label(exc.option, part) for part in parts]
            named = scoring.InvalidRules(str(exc), code=exc.code, params=params, option=exc.option)
            self.add_error(first_field(exc.option), describe_rules(named))

    def event_input(self) -> EventInput:
        """The event asked for, for `services.event_create` (after `is_valid()`)."""
        data = self.cleaned_data
        return EventInput.from_fields(
            data,
            players=list(data["players"]),
            options=data["options"],
            partnerships=list(data.get("partnerships") or ()),
            pairs=data["pair_requests"],
        )


class _Entrant(forms.ModelChoiceField):
    """A player to add; in a championship (`with_club`), shown with their club and member number."""

    with_club = False

    def label_from_instance(self, obj: Any) -> str:
        if not self.with_club:
            return shown_player_name(obj)
        # Two people of one name are told apart by their member numbers.
        return f"{shown_player_name(obj)} ({obj.club.name}, {obj.person.member_number})"


class ParticipantAddForm(forms.Form):
    """A club player not yet in the event (late); in a fixed-partnership event, with their partner."""

    player = _Entrant(queryset=Player.objects.none(), label=_("Add a player"))
    # Not required here: the service says why a pair event needs one (and a pair coming back does not).
    partner = _Entrant(queryset=Player.objects.none(), label=_("Partner"), required=False)

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        newcomers = selectors.entrant_candidates(event=event).exclude(
            pk__in=event.participants.values("player_id")
        )
        model_choice_field(self, "player").queryset = newcomers
        for name in ("player", "partner"):
            field = self.fields[name]
            assert isinstance(field, _Entrant)
            field.with_club = event.federation_id is not None
        if event.format in Event.PARTNERSHIP_FORMATS:
            self.fields["player"].label = _("Player")
            model_choice_field(self, "partner").queryset = newcomers
        else:
            del self.fields["partner"]


class PartnershipForm(forms.Form):
    """Two players of the club who play as a partnership (the club's partnerships page)."""

    first = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("Player"))
    second = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("Partner"))

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        model_choice_field(self, "first").queryset = club.players.filter(active=True)
        model_choice_field(self, "second").queryset = club.players.filter(active=True)
