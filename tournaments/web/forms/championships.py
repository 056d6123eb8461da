"""The forms of a federation's championship: the championship, qualifying, entries."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player, variant_choices
from clubs.services import pair_requests_from_text
from tournaments.models import Event
from tournaments.services import EventInput
from tournaments.web.forms.fields import choice_field, model_choice_field


class ChampionshipForm(forms.ModelForm):
    """A championship (services.championship_create): the event's fields, host member club, no house rules."""

    host = forms.ModelChoiceField(
        queryset=Club.objects.none(),
        label=_("Held at"),
        help_text=_("A member club: its directors help run the room, as the federation's officers do."),
    )

    class Meta:
        model = Event
        fields = [
            "name",
            "date",
            "variant",
            "format",
            "hands_per_round",
            "minutes_per_round",
            "confirmation_required",
            "keep_clubs_apart",
            "ranked",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}
        labels = {"ranked": _("Counts in the federation's ranking")}
        help_texts = {
            "date": _("The host club's local date."),
            "ranked": _("Its games count in the federation's ranking; no club's own ranking counts them."),
        }

    def __init__(self, *args: Any, members: models.QuerySet[Club], **kwargs: Any) -> None:
        kwargs.setdefault("initial", {}).update(
            {"confirmation_required": True, "keep_clubs_apart": True, "ranked": True}
        )
        kwargs["initial"].setdefault("variant", "classic")
        super().__init__(*args, **kwargs)
        model_choice_field(self, "host").queryset = members
        choice_field(self, "variant").choices = variant_choices()  # no "---------": Classic first
        self.order_fields(["name", "date", "host"])

    def event_input(self) -> EventInput:
        return EventInput.from_fields(self.cleaned_data, kind=Event.Kind.TOURNAMENT)


class QualifyForm(forms.Form):
    """Qualify a championship's entrants by a ranking (`services.championship_qualify`)."""

    source = forms.ChoiceField(
        label=_("Qualify from"),
        widget=forms.RadioSelect,
        choices=[
            ("clubs", _("each member club's own ranking: its top players")),
            ("federation", _("the federation's ranking: its top people")),
        ],
        initial="clubs",
    )
    top = forms.IntegerField(label=_("How many (from each club, or in all)"), min_value=1, max_value=500)
    start = forms.DateField(
        label=_("Nights from"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    end = forms.DateField(label=_("to"), required=False, widget=forms.DateInput(attrs={"type": "date"}))


class _RankedPlayers(forms.ModelMultipleChoiceField):
    """Players to tick, each shown with their place in the club's ranking (`ranks`)."""

    ranks: Mapping[int, tuple[int, bool]] = {}

    def label_from_instance(self, obj: Any) -> str:
        if obj.pk not in self.ranks:
            return str(obj.name)
        place, provisional = self.ranks[obj.pk]
        if provisional:
            label = _("%(name)s · no. %(place)s in the club's ranking, provisional")
        else:
            label = _("%(name)s · no. %(place)s in the club's ranking")
        return str(label) % {"name": obj.name, "place": place}


class EntriesForm(forms.Form):
    """A club director's entrants in a championship: players with a federation member number (with
    their club ranking: `ranks`), or pairs typed one a line."""

    players = _RankedPlayers(
        queryset=Player.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        label=_("Players to enter"),
        required=False,
    )
    pairs = forms.CharField(
        label=_("Pairs to enter"),
        required=False,
        max_length=5000,
        widget=forms.Textarea(attrs={"rows": 4, "dir": "auto", "autocomplete": "off", "spellcheck": "false"}),
        help_text=_(
            "One pair a line, the two names as on the roster joined by &, for example “Amira & Bob”."
        ),
    )

    def __init__(
        self,
        *args: Any,
        candidates: models.QuerySet[Player],
        paired: bool,
        ranks: Mapping[int, tuple[int, bool]],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        players = self.fields["players"]
        assert isinstance(players, _RankedPlayers)
        players.queryset, players.ranks = candidates, ranks
        self.candidates = candidates
        if paired:
            del self.fields["players"]
        else:
            del self.fields["pairs"]

    def clean_pairs(self) -> list[tuple[Player, Player]]:
        """The typed pairs as two candidates each; a name that is not one says so, by line."""
        exact = {player.name: player for player in self.candidates}
        folded: dict[str, list[Player]] = {}
        for player in self.candidates:
            folded.setdefault(player.name.casefold(), []).append(player)

        def find(name: str) -> Player | None:
            # The name as typed first; else the one player whose name differs only by capitals
            # (two such players, "Bix" and "bix", and neither typed exactly: none).
            alike = folded.get(name.casefold(), [])
            return exact.get(name) or (alike[0] if len(alike) == 1 else None)

        pairs: list[tuple[Player, Player]] = []
        errors: list[str] = []
        for request in pair_requests_from_text(self.cleaned_data.get("pairs", "")):
            names = [str(name) for name in request.players]
            found = [find(name) for name in names]
            if len(names) != 2 or None in found:
                errors.append(
                    str(_("%(where)s: two players of the club with a member number, joined by &."))
                    % {"where": request.where}
                )
                continue
            first, second = found
            assert first is not None and second is not None
            pairs.append((first, second))
        if errors:
            raise forms.ValidationError(errors)
        return pairs
