"""The shared kit: what every game of the collection plugs into.

``protocol``  the game protocol (:class:`~mixtour.kit.protocol.GamePosition`
              and the outcome and reason it hands out)
``search``    the generic search (:class:`~mixtour.kit.search.Searcher`): a
              game's position, its hooks (:class:`~mixtour.kit.search.GameRules`)
              and an evaluator in, a score and a move out

Nothing here imports a game: each game's own package imports the kit.
"""
