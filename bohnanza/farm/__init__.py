"""The second game on the table: seed 002's farm-contest draft (farm-rules.md).

Beside the Bohnanza game (``bohnanza.engine``, ``bohnanza.commands``, ``bohnanza.bots``) the
farm game has the same parts: ``bohnanza.farm.engine`` (pure rules), ``bohnanza.farm.params``
(``farm.toml``, validated), ``bohnanza.farm.commands`` (English and Japanese commands),
``bohnanza.farm.bots`` (policies), ``bohnanza.farm.simulate`` (``bohnanza simulate --game
farm``) and ``bohnanza.farm.scenario`` (scenario files with ``"game": "farm"``). The interface
a server hosts is described in docs/farm.md ("Hosting").
"""
