"""Game flows: table events and button commands to rules-engine actions, per game."""
