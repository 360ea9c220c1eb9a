"""The presentation layer: the words, names and orders that every front end shows.

The terminal game, the web app and the protocol describe a deal the same way
because they take their words from here; none of them imports another.
"""
