"""`Described`: how any family's variant shows its name, description and rules in the
language in force (the English texts stay the variant's own, for ids and logs)."""

from __future__ import annotations

from dicepoker_tui.i18n import _, rules_text


class Described:
    """Mixed into a variant that has `id`, `name`, `description` and `rules_text`."""

    id: str
    name: str
    description: str
    rules_text: str

    @property
    def display_name(self) -> str:
        """`name` in the current language (`name` itself stays English)."""
        return _(self.name)

    @property
    def display_description(self) -> str:
        return _(self.description)

    @property
    def display_rules(self) -> str:
        """The rules text in the current language (a file under `locale/`), else English."""
        return rules_text(self.id, self.rules_text)
