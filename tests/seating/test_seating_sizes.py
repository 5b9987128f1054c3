"""Table sizes for every participant count from 0 to 60."""

import pytest

from tournament.seating.core import SeatingError, is_seatable, table_sizes

# n -> (code, remove, add) for every count that cannot be seated
REFUSED = {
    0: ("too_few", None, 4),
    1: ("too_few", None, 3),
    2: ("too_few", None, 2),
    3: ("too_few", None, 1),
    6: ("unseatable", 1, 2),
    7: ("unseatable", 2, 1),
    11: ("unseatable", 1, 1),
}

EXAMPLES = {
    4: (4,),
    5: (5,),
    8: (4, 4),
    9: (4, 5),
    10: (5, 5),
    12: (4, 4, 4),
    13: (4, 4, 5),
    14: (4, 5, 5),
    15: (5, 5, 5),
    19: (4, 5, 5, 5),
    23: (4, 4, 5, 5, 5),
}


@pytest.mark.parametrize("n", [n for n in range(1, 61) if n not in REFUSED])
def test_seatable_counts(n):
    sizes = table_sizes(n)
    assert is_seatable(n)
    assert sum(sizes) == n
    assert set(sizes) <= {4, 5}
    assert sizes.count(5) == n % 4
    assert list(sizes) == sorted(sizes), "5-tables must be the last tables"


@pytest.mark.parametrize(("n", "expected"), EXAMPLES.items())
def test_examples(n, expected):
    assert table_sizes(n) == expected


@pytest.mark.parametrize(("n", "expected"), REFUSED.items())
def test_refused_counts(n, expected):
    code, remove, add = expected
    assert not is_seatable(n)
    with pytest.raises(SeatingError) as info:
        table_sizes(n)
    assert info.value.code == code
    assert info.value.params == {"n": n, "remove": remove, "add": add}
    assert str(n) in str(info.value)
    if remove is not None:
        table_sizes(n - remove)
    table_sizes(n + add)


def test_refused_exactly_below_four_and_6_7_11():
    refused = {n for n in range(1, 61) if not is_seatable(n)}
    assert refused == {1, 2, 3, 6, 7, 11}


@pytest.mark.parametrize("n", sorted(REFUSED))
def test_suggestions_are_the_nearest_seatable_counts(n):
    params = table_sizes_error(n).params
    above = n + params["add"]
    assert all(not is_seatable(m) for m in range(n + 1, above))
    if params["remove"] is None:
        assert all(not is_seatable(m) for m in range(0, n))
    else:
        below = n - params["remove"]
        assert is_seatable(below)
        assert all(not is_seatable(m) for m in range(below + 1, n))


def table_sizes_error(n):
    with pytest.raises(SeatingError) as info:
        table_sizes(n)
    return info.value


def test_negative_count_is_a_programming_error():
    with pytest.raises(ValueError):
        table_sizes(-1)
