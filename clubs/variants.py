"""The variants' names in the user's language (the rules engine names them in English)."""

from django.utils.translation import gettext_lazy as _

VARIANT_LABELS = {
    "classic": _("Classic Canasta (4 players, 2 partnerships)"),
    "classic-2p": _("Classic Canasta for 2 players"),
    "classic-3p": _("Classic Canasta for 3 players"),
    "classic-6p": _("Classic Canasta for 6 players"),
    "british": _("British Canasta (Acaba)"),
    "modern-american": _("Modern American Canasta"),
    "hand-and-foot": _("Hand and Foot"),
    "samba": _("Samba"),
    "bolivia": _("Bolivia"),
    "brazilian": _("Brazilian Canasta"),
    "cuban": _("Cuban Canasta"),
    "italian": _("Italian Canasta"),
    "spanish": _("Spanish Canasta"),
}


def variant_label(key: str, default: str = "") -> str:
    return str(VARIANT_LABELS.get(key, default or key))
