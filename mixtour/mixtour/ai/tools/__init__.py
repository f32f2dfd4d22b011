"""The AI's offline tools: the command line, the line protocol, the arena and
its stand-ins, the frozen players, benchmarks, the tactics scan and the
fitting of the evaluation. None of it is shipped to the browser (``build.py``
leaves every ``tools`` folder out of ``app.zip``): the pages play with the
runtime in :mod:`mixtour.mixtour.ai` alone."""
