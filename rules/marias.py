"""Mariáš (volený mariáš): RULES.md section 2."""
