"""English date and time formats: unambiguous for a reader anywhere ("3 Dec 2027", never
"03/12/2027", which is 3 December in Europe and 12 March in the US), 24-hour clock, weeks
from Monday. What is not set here comes from Django's English formats."""

DATE_FORMAT = "j F Y"  # 3 December 2027
SHORT_DATE_FORMAT = "j M Y"  # 3 Dec 2027
DATETIME_FORMAT = "j F Y, H:i"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
TIME_FORMAT = "H:i"
YEAR_MONTH_FORMAT = "F Y"
MONTH_DAY_FORMAT = "j F"
FIRST_DAY_OF_WEEK = 1  # Monday
# Typed dates: ISO first (the date inputs send it), then the spelled-out forms above.
DATE_INPUT_FORMATS = ["%Y-%m-%d", "%d %b %Y", "%d %B %Y"]
DATETIME_INPUT_FORMATS = ["%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d"]
