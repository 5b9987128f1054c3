"""What public pages show of a person, and a person's rights: the public name (``names``),
anonymising and the guests' retention (``services``)."""
