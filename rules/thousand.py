"""The Thousand family: RULES.md section 1."""
