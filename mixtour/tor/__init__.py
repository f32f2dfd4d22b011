"""Tor, by Alain Couchot and Bernard Klein: rules engine and notation.

The rules as this project plays them are in ``mixtour/tor/RULES.md`` (ids T1
to T7); ``core.py`` implements them and imports of the project only the
kit's errors.
"""

from .core import *  # noqa: F403  (the core's public names are the package's)
from .core import __all__ as __all__
