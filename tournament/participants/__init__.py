"""Participants: registry, import (CSV/XLSX), check-in."""
