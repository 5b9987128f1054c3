"""The options a ruleset offers (what an organiser may set), declared once.

A ruleset declares its options as one frozen pydantic model (:class:`RulesetOptions`); each
field carries its German label (``title``), a one-line German help (``description``), the
German labels of its values and the group the settings form shows it in (:func:`option`). From
that one declaration come the validation (unknown names and wrong values are refused naming
the option), the JSON a tournament stores (:meth:`RulesetOptions.to_dict`) and the settings
form's and the command line's descriptions (:class:`OptionSpec`,
:meth:`RulesetOptions.option_specs`). Pure: no Django.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator

#: The kinds of :class:`OptionSpec`: a yes/no, one value of a list, a whole number, several
#: values of a list (``list``) and a whole number per named key (``map``).
OPTION_KINDS = ("bool", "choice", "int", "list", "map")


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a ruleset: its JSON name, German label, kind and default.

    ``kind`` is one of :data:`OPTION_KINDS`. A choice or list names its ``choices`` as (value,
    German label) pairs; a map names its keys the same way and holds a whole number per key.
    An int (and every number of a map) has its bounds ``minimum`` and ``maximum`` (inclusive;
    the ruleset's own check may narrow them by the other options, as 20 ab's drop-out floor
    stays below the starting points). ``help`` is a German sentence the settings form shows
    below the field ("" for none); ``group`` the German heading of the form's section it
    belongs to ("" for none). The command line's ``--option NAME=VALUE`` and the settings form
    read these; labels, choices, help and groups are translated by
    :meth:`rules.base.Ruleset.text`.
    """

    name: str
    label: str
    kind: str
    default: Any
    choices: tuple[tuple[Any, str], ...] = ()
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None
    group: str = ""

    def parse(self, text: str) -> Any:
        """The option's value from a command-line string; ``ValueError`` names what is allowed.
        A list is written ``a,b`` (empty for none), a map ``key:3,other:0``."""
        if self.kind == "bool":
            folded = text.strip().lower()
            if folded in {"1", "true", "yes", "ja", "on"}:
                return True
            if folded in {"0", "false", "no", "nein", "off"}:
                return False
            raise ValueError(f"{self.name}: {text!r} is not a yes/no value (true or false)")
        if self.kind == "int":
            return self._number(text, self.name)
        if self.kind == "list":
            parts = [part for part in text.split(",") if part.strip()]
            return [self._choice(part) for part in parts]
        if self.kind == "map":
            values: dict[str, int] = {}
            for part in (part for part in text.split(",") if part.strip()):
                key, colon, number = part.partition(":")
                key = str(self._choice(key)) if colon else ""
                if not colon:
                    raise ValueError(f"{self.name}: write {part!r} as KEY:NUMBER")
                values[key] = self._number(number, f"{self.name}.{key}")
            return values
        return self._choice(text)

    def _choice(self, text: str) -> Any:
        for value, _label in self.choices:
            if str(value) == text.strip():
                return value
        allowed = ", ".join(str(value) for value, _label in self.choices)
        raise ValueError(f"{self.name}: {text!r} is not one of {allowed}")

    def _number(self, text: str, name: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            value = None
        if value is None or not self.within(value):
            raise ValueError(
                f"{name}: {text!r} is not a whole number from {self.minimum} to {self.maximum}"
            ) from None
        return value

    def within(self, value: int) -> bool:
        """Whether ``value`` lies in the bounds of an ``int`` option (or a map's number)."""
        low = self.minimum if self.minimum is not None else value
        high = self.maximum if self.maximum is not None else value
        return low <= value <= high


class OptionsRefused(ValueError):
    """Options a ruleset refuses: ``field`` is the option's name (the top-level key), the
    message names the option (and the key inside it) and what is allowed."""

    def __init__(self, field: str | None, message: str) -> None:
        super().__init__(message)
        self.field = field


def option(
    default: Any,
    label: str,
    help: str = "",
    *,
    group: str = "",
    choices: Mapping[Any, str] | None = None,
    ge: int | None = None,
    le: int | None = None,
) -> Any:
    """A field of a :class:`RulesetOptions` model: its default, German label and help, the
    group the settings form shows it in and the German labels of its values (for a choice, a
    list, or the keys of a map). ``ge``/``le`` bound a whole number."""
    extra: dict[str, Any] = {"group": group}
    if choices is not None:
        extra["choices"] = dict(choices)
    return Field(default, title=label, description=help, ge=ge, le=le, json_schema_extra=extra)


class RulesetOptions(BaseModel):
    """A ruleset's options: frozen (one object is shared by every table of a tournament and
    used as a cache key), unknown names refused, JSON types exact (``true`` is no number,
    ``40.0`` no whole number, ``"48"`` no deck). Lists are tuples and maps nested models, so
    the value stays hashable; each list holds a value at most once.

    Subclasses declare their fields with :func:`option`; a map is a nested :class:`OptionMap`
    whose fields are the keys.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    @field_validator("*", mode="before")
    @classmethod
    def _exact_json_types(cls, value: Any, info: ValidationInfo) -> Any:
        annotation = cls.model_fields[info.field_name].annotation
        ints = _literal_values(annotation)
        if ints and all(type(v) is int for v in ints) and type(value) is not int:
            raise ValueError(f"not one of {_listed(ints)}")
        if _is_tuple(annotation):
            if type(value) not in (list, tuple):
                raise ValueError("not a list")
            if not all(type(item) is str for item in value):
                raise ValueError("every value must be a name")
            if len(set(value)) != len(value):
                raise ValueError("every value at most once")
            return tuple(value)
        return value

    # ---------------------------------------------------------------- JSON
    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """The options from stored JSON: missing names take their default; unknown names and
        wrong values raise :class:`OptionsRefused` naming the option."""
        if not isinstance(data, Mapping):
            raise OptionsRefused(None, f"options must be a JSON object, not {data!r}")
        try:
            return cls.model_validate(dict(data))
        except ValidationError as error:
            raise refused(error) from None

    def to_dict(self) -> dict[str, Any]:
        """The options as JSON-ready data (for storing them with a tournament): every option,
        lists as lists, maps as objects."""
        return self.model_dump(mode="json")

    # ---------------------------------------------------------------- the form's descriptions
    groups: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def option_specs(cls) -> tuple[OptionSpec, ...]:
        """One :class:`OptionSpec` per field, in the order of :attr:`groups` (then declared)."""
        specs = [_spec(name, field) for name, field in cls.model_fields.items()]
        order = {group: index for index, group in enumerate(cls.groups)}
        return tuple(sorted(specs, key=lambda spec: order.get(spec.group, len(order))))


class OptionMap(BaseModel):
    """A map option (a whole number per named key, e.g. each Sonderpunkt's value): its fields
    are the keys, declared with :func:`option` (label, bounds); keys not given keep their
    default, unknown keys are refused."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    def get(self, key: str, default: int = 0) -> int:
        return getattr(self, key, default)


def refused(error: ValidationError) -> OptionsRefused:
    """The first problem of a pydantic ``ValidationError`` as :class:`OptionsRefused`."""
    problem = error.errors(include_url=False)[0]
    path = [str(part) for part in problem["loc"]]
    name = path[0] if path else None
    where = ".".join(path) or "options"
    message = problem["msg"].removeprefix("Value error, ")
    if problem["type"] == "extra_forbidden":
        message = "is no option of these rules"
    return OptionsRefused(name, f"{where}: {message} (got {problem.get('input')!r})")


def _listed(values: tuple[Any, ...]) -> str:
    return ", ".join(str(v) for v in values)


def _literal_values(annotation: Any) -> tuple[Any, ...]:
    if typing.get_origin(annotation) is Literal:
        return typing.get_args(annotation)
    return ()


def _is_tuple(annotation: Any) -> bool:
    return typing.get_origin(annotation) is tuple


def _spec(name: str, field: Any) -> OptionSpec:
    annotation = field.annotation
    extra = field.json_schema_extra or {}
    labels: dict[Any, str] = extra.get("choices", {})
    label, help_text, group = field.title or name, field.description or "", extra.get("group", "")
    low = high = None
    for meta in field.metadata:
        low = getattr(meta, "ge", low)
        high = getattr(meta, "le", high)
    default = field.default
    if annotation is bool:
        return OptionSpec(name, label, "bool", default, help=help_text, group=group)
    if annotation is int:
        return OptionSpec(
            name, label, "int", default, help=help_text, minimum=low, maximum=high, group=group
        )
    values = _literal_values(annotation)
    if values:
        choices = tuple((value, labels.get(value, str(value))) for value in values)
        return OptionSpec(name, label, "choice", default, choices, help_text, group=group)
    if _is_tuple(annotation):
        (item, _ellipsis) = typing.get_args(annotation)
        choices = tuple((value, labels.get(value, value)) for value in _literal_values(item))
        return OptionSpec(name, label, "list", list(default), choices, help_text, group=group)
    if isinstance(annotation, type) and issubclass(annotation, OptionMap):
        keys = annotation.model_fields
        choices = tuple((key, keys[key].title or key) for key in keys)
        for meta in (meta for key in keys.values() for meta in key.metadata):
            low = getattr(meta, "ge", low)
            high = getattr(meta, "le", high)
        return OptionSpec(
            name,
            label,
            "map",
            default.model_dump(),
            choices,
            help_text,
            minimum=low,
            maximum=high,
            group=group,
        )
    raise TypeError(f"option {name}: no form for {annotation!r}")
