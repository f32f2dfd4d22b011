"""Mixtour, by Dieter Stein: rules engine, notation, records and links.

The rules as this project plays them are in ``mixtour/RULES.md`` (ids R1 to
R10); ``core.py`` implements them and imports of the project only the kit's
errors. The AI is in ``ai/``.
"""

from .core import *  # noqa: F403  (the core's public names are the package's)
from .core import __all__ as __all__
