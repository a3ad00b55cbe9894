"""``python -m pipeline`` runs the command line."""

from pipeline.console import main

main()
