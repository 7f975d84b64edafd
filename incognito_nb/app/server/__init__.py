"""The classroom server: standalone Voilà with the classroom's doors, kernel budget and
preheated kernels, serving the teacher and student pages to a whole class.

``python -m incognito_nb.app.server <classroom folder>`` (what ``incognito-nb classroom``
runs) starts :class:`~incognito_nb.app.server.application.ClassroomServer`.  Beside it:

- :mod:`.doors`: the pages that need no kernel (home, join and new-table forms, refusals,
  status), rendered from ``templates/``;
- :mod:`.desk`: the front desk between the doors, the budget and Voilà's kernels;
- :mod:`.budget`: how many kernels the class may hold, and who gets one;
- :mod:`.sockets`: the kernels' websockets, with checked frames;
- :mod:`.devices`: what one device may ask (pages, posts, code look-ups, sockets, messages);
- :mod:`.owners`: a kernel's routes for its own page only;
- :mod:`.seated`: one seat per phone at a table (a browser already seated gets its own seat back);
- :mod:`.passphrase`: what a teacher on another device types to create tables;
- :mod:`.bounded_log`: repeated log lines counted, not written; a rotating log file;
- :mod:`.forwarded`: the scheme and host the browser used, read from a trusted proxy;
- :mod:`.templates_once`: Voilà's page template compiled once per server, not once per page;
- :mod:`.preheat`: the kernel's side of a preheated page (the only module here that runs
  inside the page kernels, so this package imports nothing when imported).
"""
