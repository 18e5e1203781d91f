"""referee: checks the rules of tabletop games and the games people play with them."""
__version__ = "0.1.0"
