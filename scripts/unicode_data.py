"""The Unicode Character Database that shop's Unicode tables are generated from and tested against.

One version for everything: Unicode 17.0.0, the version the Swift 6.3 standard library implements
(its `Unicode.Scalar.Properties`, which the code uses for case mapping, combining classes, White_Space,
general categories, numeric types and Emoji_Presentation). The generated tables and those properties
therefore never disagree; the tests hold the standard library to this data too, so that a toolchain
with another Unicode version is noticed.

Where the data comes from (PyPI packages, pinned in scripts/unicode-requirements.txt):
- unicodedata2 17.0.1: UnicodeData.txt, EastAsianWidth.txt and the normalization data of Unicode
  17.0.0, behind the interface of Python's own unicodedata (which is Unicode 14.0.0 in Python 3.11);
- regex, a release built on Unicode 17.0.0: full case folding (CaseFolding.txt, statuses C and F)
  and binary properties such as Emoji_Presentation (emoji-data.txt), which unicodedata2 lacks.
Debian 12's unicode-data package carries the files of Unicode 15.0.0 only, so it is not used.

Import it from a script in this folder, or put this folder on sys.path first. Importing it fails with
an explanation when the packages are missing or of another Unicode version.
"""
import sys

VERSION = "17.0.0"
REQUIREMENTS = "scripts/unicode-requirements.txt"


def _fail(problem):
    raise ImportError("%s; install the Unicode %s data with: python3 -m pip install -r %s"
                      % (problem, VERSION, REQUIREMENTS))


try:
    import unicodedata2
    import regex
    from regex import _regex
except ImportError as error:
    _fail("missing module %s" % error.name)

if unicodedata2.unidata_version != VERSION:
    _fail("unicodedata2 holds Unicode %s" % unicodedata2.unidata_version)

FIRST_SURROGATE = 0xD800
LAST_SURROGATE = 0xDFFF


def code_points():
    """Every code point but the surrogates, in order."""
    return [code for code in range(0x110000) if not FIRST_SURROGATE <= code <= LAST_SURROGATE]


category = unicodedata2.category
east_asian_width = unicodedata2.east_asian_width
combining = unicodedata2.combining
normalize = unicodedata2.normalize
decimal = unicodedata2.decimal
digit = unicodedata2.digit
numeric = unicodedata2.numeric


def is_assigned(char):
    """Whether the code point is assigned (general category other than Cn): to a character, to
    private use or as a surrogate. Noncharacters such as U+FFFE are unassigned."""
    return category(char) != "Cn"


def _check_regex_version():
    # regex says nothing of its Unicode version; the set of unassigned code points tells it.
    text = "".join(chr(code) for code in code_points())
    by_regex = regex.sub(r"\P{Cn}", "", text)
    by_unicodedata2 = "".join(char for char in text if not is_assigned(char))
    if by_regex != by_unicodedata2:
        _fail("regex %s is not built on Unicode %s" % (regex.__version__, VERSION))


_check_regex_version()

_FOLDING = regex.FULLCASE | regex.IGNORECASE | regex.UNICODE
# regex keeps I and İ as they are, since it matches them with Turkish rules of its own;
# CaseFolding.txt maps them to i (status C) and i + combining dot above (status F).
_DOTTED_I = str.maketrans({"I": "i", "\u0130": "i\u0307"})


def casefold(text):
    """Full Unicode case folding, as str.casefold does with the data of Unicode 17.0.0."""
    return _regex.fold_case(_FOLDING, text.translate(_DOTTED_I))


_properties = {}


def has_property(name, char):
    """Whether the code point has the binary property `name` (Emoji_Presentation, White_Space, ...)."""
    pattern = _properties.get(name)
    if pattern is None:
        pattern = _properties[name] = regex.compile(r"\p{%s}" % name)
    return pattern.match(char) is not None



def package(name):
    """`name` and its installed version, for the generated files' headers."""
    from importlib.metadata import version
    return "%s %s" % (name, version(name))


if __name__ == "__main__":
    sys.stdout.write("Unicode %s from %s and %s\n" % (VERSION, package("unicodedata2"), package("regex")))
