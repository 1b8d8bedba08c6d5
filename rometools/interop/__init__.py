"""Bridges from rometools games to other libraries, each an optional extra.

* :mod:`rometools.interop.openspiel` -- every registered game as an OpenSpiel
  game (``pip install 'rometools[openspiel]'``). Import it explicitly;
  nothing else in rometools imports it.
"""
