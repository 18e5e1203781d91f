"""`python -m referee`: the same command as `referee`."""
from .cli.app import main

main()
