"""``python -m incognito_nb``: a demo game told in words (the dashboard is ``incognito-nb``)."""

from .demo import play_demo

if __name__ == "__main__":
    play_demo()
