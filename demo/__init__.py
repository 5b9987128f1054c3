"""Demo tournaments played through the real services (``load_demo``, ``generate_demo``)."""
