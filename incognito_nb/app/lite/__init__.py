"""The static site: the table dashboard built with Voici into pages whose kernel is
Pyodide, running in the browser, with no server (``incognito-nb lite build OUT_DIR``).

- :mod:`.build`: the ``incognito-nb lite`` command, which builds the site;
- :mod:`.kernel`: what the in-browser kernel runs on, every version pinned, and its lock;
- ``compile.mjs``: compiles the kernel's wheels to bytecode with Pyodide in Node.js;
- ``index.html``: the site's front page, which opens the dashboard;
- :mod:`.exports`: the game-over files as the in-browser kernel makes them (no Pillow),
  imported by the dashboard inside the site.
"""
