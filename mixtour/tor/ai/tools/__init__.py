"""Tor's AI offline tools (the arena and its benchmark lines), left out of the
browser's ``app.zip`` as every ``tools`` folder is (see :mod:`mixtour.mixtour.ai.tools`)."""
