"""The club's pages for its member registry and ticking members for an evening."""
