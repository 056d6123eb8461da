"""Forms for an event's stages (shape only; the rules are `services.stages`')."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.text import NameFormField
from clubs.viewer import shown_player_name
from tournaments.models import Event, Stage
from tournaments.selectors import Candidate, StageProposal
from tournaments.web.forms.fields import choice_field


class StageForm(forms.Form):
    """A stage added after the event's last; fields its kind does not use are ignored, and a knockout
    is offered in a pair event only."""

    name = NameFormField(
        label=_("Name of the stage"),
        max_length=120,
        help_text=_("For example “Qualifying”, “Final table” or “Cup”."),
    )
    kind = forms.ChoiceField(
        label=_("Kind of stage"),
        choices=Stage.Kind.choices,
        help_text=_(
            "Rounds for everyone: the event's rounds, in a movement of their own (Mitchell, then "
            "Swiss). Final table: the best of the stage before, seated at one table (or more), for "
            "the rounds given. Knockout: pairs, single elimination, byes to the top seeds."
        ),
    )
    format = forms.ChoiceField(label=_("Movement (rounds for everyone)"), choices=(), required=False)
    planned_rounds = forms.IntegerField(
        label=_("Rounds (not for a knockout)"), min_value=1, max_value=99, required=False
    )
    qualify = forms.ChoiceField(
        label=_("Who plays (a final table or a knockout)"),
        choices=Stage.Qualify.choices,
        initial=Stage.Qualify.BEST,
        required=False,
    )
    qualifiers = forms.IntegerField(
        label=_("How many (of the standings, or of each table)"),
        min_value=1,
        max_value=999,
        required=False,
        help_text=_("The best 4 of the standings, or the best 2 of each table of the stage's last round."),
    )
    seeding = forms.ChoiceField(
        label=_("Seeding (a knockout)"), choices=Stage.Seeding.choices, required=False
    )

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        paired = event.format in Event.PARTNERSHIP_FORMATS
        formats = Event.PARTNERSHIP_FORMATS if paired else (Event.Format.INDIVIDUAL,)
        choice_field(self, "format").choices = [
            (value, label) for value, label in Event.Format.choices if value in formats
        ]
        self.fields["format"].initial = event.format
        if not paired:
            choice_field(self, "kind").choices = [
                (value, label) for value, label in Stage.Kind.choices if value != Stage.Kind.KNOCKOUT
            ]
            del self.fields["seeding"]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        for name, default in (("qualify", Stage.Qualify.EVERYONE), ("seeding", Stage.Seeding.STANDINGS)):
            if not data.get(name):
                data[name] = default
        return data


class StageEntrantsForm(forms.Form):
    """Who plays a final table or a knockout, one choice a seed (`seed_1` the best)."""

    def __init__(self, *args: Any, proposal: StageProposal, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.proposal = proposal
        choices = [("", "—"), *((str(c.key), _candidate_label(c)) for c in proposal.candidates)]
        chosen = proposal.confirmed or proposal.proposed
        for seed in range(1, proposal.size + 1):
            self.fields[f"seed_{seed}"] = forms.TypedChoiceField(
                label=_("Seed %(seed)s") % {"seed": seed},
                choices=choices,
                coerce=int,
                initial=chosen[seed - 1] if seed <= len(chosen) else None,
            )

    def entrants(self) -> list[int]:
        """The entrants chosen, best seed first (pair numbers, or player ids)."""
        return [self.cleaned_data[f"seed_{seed}"] for seed in range(1, self.proposal.size + 1)]


def _candidate_label(candidate: Candidate) -> str:
    names = " & ".join(shown_player_name(player) for player in candidate.entrant.players)
    if candidate.entrant.pair is not None:
        names = _("Pair %(number)s: %(names)s") % {"number": candidate.entrant.pair, "names": names}
    if candidate.place is not None:
        names = f"{candidate.place}. {names}"
    if not candidate.in_play:
        names = _("%(name)s (not in play)") % {"name": names}
    return str(names)
