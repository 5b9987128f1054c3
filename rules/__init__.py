"""The rulesets, as pure Python without Django (see ``rules.base`` for the vocabulary)."""
