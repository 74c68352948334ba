"""Synthetic table videos: a game played under a camera, with its truth known.

Not part of reading a table: the demo, the benchmarks and the tests use these to make
frames of the project's own printed cards being put down, covered by hands and taken
away, so the reader (:mod:`companion.table`) can be measured against what was played.

Modules: ``sprites`` (cards and table cloth as pixels), ``scene_steps`` (what happens:
place, remove, a hand, the light), ``scene`` (steps to frames), ``scripts`` (a game
record to steps), ``video`` (frames to a folder or a video file).
It sits beside ``companion.table`` above ``companion.games`` and imports neither
flows nor anything above them.
"""
