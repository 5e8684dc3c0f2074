"""The mutation sweep (``dpproofs soundness``): mutate every theorem's claim, decide each mutant
with dpproofs in an isolated child, and judge the verdict by an independent route.

* :mod:`.mutate` walks a built claim and lists its mutants (:mod:`.scalar`, :mod:`.search`,
  :mod:`.concrete` mutate each kind);
* :mod:`.judge` checks a mutant's verdict: a refutation's witness is replayed by the rechecker
  (:mod:`dpproofs.recheck`, which does not import the deciders); a proof or a bounded
  verification is attacked by exact / rigorous evaluation at many points (:mod:`.sample`), a
  quantity or an exact fact recomputed (:mod:`.recompute`); :mod:`.judgement` is its findings;
* :mod:`.child` is the child side, :mod:`.sweep` the parent side (the counts and the table).

Layer: a checker. May import the core, the deciders and the run layer (its children are
isolated like ``verify``'s); the views and the command line import it.
"""
