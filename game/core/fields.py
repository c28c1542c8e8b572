"""Typed reads of JSON objects (saves, settings, levels) with messages that name the field."""


class Fields:
    """Reads typed fields out of a JSON dict with precise error messages."""

    def __init__(self, data):
        if not isinstance(data, dict):
            raise ValueError("expected a JSON object")
        self.data = data

    def get(self, name, kind):
        if name not in self.data:
            raise ValueError(f"field '{name}' is missing")
        value = self.data[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ValueError(f"field '{name}' should be {kind.__name__}, got {type(value).__name__}")
        return value

    def int(self, name, lo, hi):
        value = self.get(name, int)
        if not lo <= value <= hi:
            raise ValueError(f"field '{name}' is {value}, expected {lo}..{hi}")
        return value

    def bool(self, name):
        return self.get(name, bool)

    def choice(self, name, options):
        value = self.get(name, str)
        if value not in options:
            raise ValueError(f"field '{name}' is {value!r}, expected one of {', '.join(options)}")
        return value

    def int_list(self, name, length, lo, hi):
        value = self.get(name, list)
        if length is not None and len(value) != length:
            raise ValueError(f"field '{name}' should have {length} entries, has {len(value)}")
        for item in value:
            if not isinstance(item, int) or isinstance(item, bool) or not lo <= item <= hi:
                raise ValueError(f"field '{name}' has a bad entry {item!r} (expected {lo}..{hi})")
        return list(value)
