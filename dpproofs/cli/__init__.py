"""The command line: one module per subcommand (``add_parser`` and ``run``), the argument checks
(:mod:`dpproofs.cli.arguments`), and the dispatcher (:mod:`dpproofs.cli.main`, the console
script's entry point).

The top of the stack: may import every other layer; nothing but ``python -m dpproofs`` imports it.
"""
