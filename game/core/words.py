"""Plain English for every message the games build: counts, verbs and names that agree.

"1 point", "2 points", "13 dice"; "Ana claims", "You claim", "Ana and Zax get";
"Ana's turn", "Your turn"; "Ana, Zax and Kree". A seat may be called "You"
(a one-player challenge, or a player who typed it): the verb then takes its
plain form, the possessive is "Your", and mid-sentence it reads "you".
Pure Python, so the rules' own texts (an outcome's reason) use it too.
"""

from __future__ import annotations

from collections.abc import Sequence

PLURALS = {"die": "dice", "VP": "VP"}  # the words whose plural is not the regular one
THIRD_PERSON = {"be": "is", "have": "has", "do": "does", "go": "goes"}
PLAIN = {"be": "are"}  # the plural form where it is not the verb itself


def plural(word: str) -> str:
    """The plural of a noun or a noun phrase whose last word is the noun ("death ray" -> "death rays")."""
    if word in PLURALS:
        return PLURALS[word]
    head, _, last = word.rpartition(" ")
    if last in PLURALS:
        many = PLURALS[last]
    elif last.endswith(("s", "x", "z", "ch", "sh")):
        many = last + "es"
    elif len(last) > 1 and last.endswith("y") and last[-2] not in "aeiou":
        many = last[:-1] + "ies"
    else:
        many = last + "s"
    return f"{head} {many}" if head else many


def counted(n: float, word: str, many: str | None = None) -> str:
    """"1 tank", "2 tanks", "0 points", "3 VP" (`many` names a plural the rules above do not know)."""
    return f"{n:g} {word if n == 1 else many or plural(word)}"


def times(what: str, n: int) -> str:
    """How often something happened: "never nuked", "nuked once", "nuked 3 times"."""
    if not n:
        return f"never {what}"
    return f"{what} once" if n == 1 else f"{what} {n} times"


def is_you(name: str) -> bool:
    return name.strip().casefold() == "you"


def joined(items: Sequence[str], last: str = "and") -> str:
    """"Ana", "Ana and Zax", "Ana, Zax and Kree"."""
    items = list(items)
    if len(items) <= 2:
        return f" {last} ".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def _many(subject: str | Sequence[str] | int) -> bool:
    """Whether a subject takes the plural verb: "You", several names, a count other than one."""
    if isinstance(subject, str):
        return is_you(subject)
    if isinstance(subject, int):
        return subject != 1
    return len(subject) != 1 or is_you(subject[0])


def agree(verb: str, subject: str | Sequence[str] | int) -> str:
    """`verb` (its plain form, maybe with more words: "set aside") agreeing with `subject`: a name, a list of
    names, or a count. "claim" -> "claims" for "Ana", "claim" for "You" or for "Ana and Zax"."""
    first, space, rest = verb.partition(" ")
    if _many(subject):
        return PLAIN.get(first, first) + space + rest
    if first in THIRD_PERSON:
        form = THIRD_PERSON[first]
    elif first.endswith(("s", "x", "z", "ch", "sh", "o")):
        form = first + "es"
    elif len(first) > 1 and first.endswith("y") and first[-2] not in "aeiou":
        form = first[:-1] + "ies"
    else:
        form = first + "s"
    return form + space + rest


def does(subject: str | Sequence[str], verb: str) -> str:
    """The subject (a name or several) and its verb: "Ana sets aside", "You set aside", "Ana and Zax get"."""
    who = subject if isinstance(subject, str) else joined(subject)
    return f"{who} {agree(verb, subject)}"


def whose(name: str, start: bool = True) -> str:
    """The possessive: "Ana's", "Your" (or "your" when not at the start of a sentence)."""
    if is_you(name):
        return "Your" if start else "your"
    return f"{name}'s"


def whom(name: str) -> str:
    """A name as the object of a sentence: "against Ana", "against you"."""
    return "you" if is_you(name) else name
