"""Score sheets: entry (organiser's desk and captains' links), versions, confirmation."""
