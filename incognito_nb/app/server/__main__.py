"""``python -m incognito_nb.app.server <classroom folder>``: runs the classroom server
(what ``incognito-nb classroom`` starts; see :mod:`.application`)."""

from .application import main

main()
