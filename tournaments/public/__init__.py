"""What the public sees of an event, read once for the pages and the JSON API alike.

* :mod:`tournaments.public.queries`: public events, published rounds, their boards and byes, final results only,
  a player's games, the standings snapshot (and its crosstable), in the shapes the API returns;
* :mod:`tournaments.public.variant`: the variant in force, with the facts its engine gives;
* :mod:`tournaments.public.display`: the rows the page templates show (formatted points, result labels, the
  standings and crosstable tables, cached per snapshot version).

The pages (:mod:`tournaments.views_public`) and the API (:mod:`tournaments.api_public`) call these and nothing
else to read, so the two never disagree.
"""
