"""Views of verdicts: the terminal, JSON and JUnit reports, Markdown and HTML pages, pictures
(SVG) of counterexamples.

May import the core, the deciders and the run layer; never the command line.
"""
