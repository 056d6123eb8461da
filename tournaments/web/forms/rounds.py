"""The director's form to swap two players of a round."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from tournaments.web.forms.fields import model_choice_field


class SwapForm(forms.Form):
    """Two players of a round whose places the director exchanges."""

    first = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("Swap"))
    second = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("with"))

    def __init__(self, *args: Any, players: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        model_choice_field(self, "first").queryset = players
        model_choice_field(self, "second").queryset = players
