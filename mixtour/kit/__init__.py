"""The shared kit: what every game of the collection plugs into.

``arena``     the arena's figures: one game's result for player A, a run's
              summary (score, Elo with its interval, by seat)
``arguments`` argument types of the command lines (bounded whole numbers)
``cli``       the commands every game has (offline): perft, legal, apply
``correspondence`` games by link: the checked link of a whole game, its
              reading, and the receiver's check against the game kept;
              each game plugs in its colours, start and compact actions
``core``      what a game's core shares that is no rule: ``Reason``, an
              outcome's words, a position's identity (a leaf module)
``errors``    the errors of every game (``GameError`` and its three kinds)
              and ``shown``, for quoting refused text
``game``      ``Game``: a start, the actions played, undo and redo, the
              result; each game's ``Game`` subclasses it
``perft``     leaf counts of any game's tree (offline: the command line's)
``protocol``  the game protocol (:class:`~mixtour.kit.protocol.GamePosition`
              and the outcome and reason it hands out)
``search``    the generic search (:class:`~mixtour.kit.search.Searcher`): a
              game's position, its hooks (:class:`~mixtour.kit.search.GameRules`)
              and an evaluator in, a score and a move out; ``deepen`` runs
              its iterations within the budgets
``puzzles``   puzzles for any game: an exact solver, the win puzzle's rule, the
              checker, the set's JSON and a seeded generator, over a
              game's plug-in (:class:`~mixtour.kit.puzzles.PuzzleRules`)
``games``     the games by name, for game-neutral code such as the AI worker

Nothing here imports a game when it is imported: each game's package imports
the kit (a game's core only its leaf modules, ``errors`` and ``core``), and ``games``
imports a game's entry only when it is asked for.
"""
