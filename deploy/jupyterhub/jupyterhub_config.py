"""JupyterHub for a school's Incognito classes: the classroom server as a Hub-managed service.

    jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

or, with the school's own settings (authenticator, accounts, address) in a file of its own
that loads this one first, as the tests do (tests/hub.py):

    c = get_config()
    load_subconfig("/path/to/incognito_nb/deploy/jupyterhub/jupyterhub_config.py")
    c.JupyterHub.authenticator_class = "…"

What it sets up (README, "A school"):

- the service ``classroom`` at ``/services/classroom/``: ``incognito-nb``'s classroom
  server, started and stopped by the hub, reached through the hub's proxy
  (configurable-http-proxy), pages and kernel sockets alike; its kernels run beside it;
- every hub user may open it (the role ``user`` gets ``access:services!service=classroom``),
  logging in with the hub's accounts; a student's seat is named by their hub name;
- the teacher is a member of the hub group ``teachers`` (role ``incognito-teacher``, scope
  ``custom:incognito-nb:teach``): add teachers in the hub's admin page, or list them in
  ``$INCOGNITO_NB_TEACHERS`` (comma-separated) for the hub to put in the group at start;
- the tables live in Redis (``$INCOGNITO_NB_STORE``, default ``redis://127.0.0.1:6379/0``):
  run it with ``deploy/redis/classroom.conf`` (append-only).

Environment read here: ``INCOGNITO_NB_STORE``, ``INCOGNITO_NB_TEACHERS``,
``INCOGNITO_NB_SERVICE_PORT`` (the service's own port on 127.0.0.1, default 10101),
``INCOGNITO_NB_PAGES_PER_DEVICE`` (the most pages one device opens, default 4; 0: no limit).
"""

import os
import sys

c = get_config()  # noqa: F821 (JupyterHub's config loader provides it)

SERVICE = "classroom"
PREFIX = f"/services/{SERVICE}/"
port = int(os.environ.get("INCOGNITO_NB_SERVICE_PORT", "10101"))
store = os.environ.get("INCOGNITO_NB_STORE", "redis://127.0.0.1:6379/0")
teachers = sorted({name.strip() for name in os.environ.get("INCOGNITO_NB_TEACHERS", "").split(",") if name.strip()})

from incognito_nb.app.classroom import classroom_folder  # noqa: E402 (the package's own notebooks)

c.JupyterHub.services = [
    {
        "name": SERVICE,
        "display": True,
        "url": f"http://127.0.0.1:{port}",
        "command": [
            sys.executable, "-m", "incognito_nb.app.server", str(classroom_folder()),
            "--ClassroomServer.hub=True", f"--Voila.base_url={PREFIX}", "--Voila.ip=127.0.0.1",
            f"--port={port}", "--no-browser",
            f"--ClassroomServer.max_pages_per_device={int(os.environ.get('INCOGNITO_NB_PAGES_PER_DEVICE', '4'))}",
        ],
        "environment": {"INCOGNITO_NB_STORE": store},
        # The hub's own users reach it by OAuth, without a page asking them to allow it.
        "oauth_no_confirm": True,
        # A teacher's token carries the teaching scope (nobody else holds it).
        "oauth_client_allowed_scopes": ["custom:incognito-nb:teach"],
    },
]

c.JupyterHub.custom_scopes = {
    "custom:incognito-nb:teach": {"description": "Create Incognito tables and run them for a class."},
}
c.JupyterHub.load_groups = {"teachers": {"users": teachers}}
c.JupyterHub.load_roles = [
    # Every user keeps their own (self) and may open the classroom.
    {"name": "user", "scopes": ["self", f"access:services!service={SERVICE}"]},
    {"name": "incognito-teacher", "description": "Teaches Incognito classes.",
     "scopes": ["custom:incognito-nb:teach"], "groups": ["teachers"]},
]
# After logging in, a user lands on the classroom (a join link comes back to itself).
c.JupyterHub.default_url = PREFIX
