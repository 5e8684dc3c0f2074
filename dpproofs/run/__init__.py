"""Running theorems: finding them, isolating each decision in a child process with hard limits,
scheduling the children (a process pool or Dask), splitting a search over sizes, and caching
verdicts with a record of what each decision read.

May import the core and the deciders; never the views, the command line or the checkers.
"""
