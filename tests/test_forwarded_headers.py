"""The scheme and host a page's links are made from, behind each proxy (app/server/forwarded.py):
what a trusted proxy says is used, what a browser says itself never is."""

from __future__ import annotations

from incognito_nb.app.classroom import page_url
from incognito_nb.app.server.forwarded import HUB, NGINX, NO_PROXY, SCHEME_ENV, browser_origin

FORGED = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example"}


def test_a_server_reached_directly_ignores_the_forwarded_headers_a_browser_sends():
    assert browser_origin(FORGED, "http", "192.168.1.20:8866", NO_PROXY) == ("http", "192.168.1.20:8866")


def test_behind_nginx_the_links_use_the_scheme_and_host_the_proxy_sets():
    # The shipped deploy/nginx sets both headers itself, replacing any the browser sent.
    headers = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "classroom.school.example"}
    assert browser_origin(headers, "http", "127.0.0.1:8871", NGINX) == ("https", "classroom.school.example")
    # Nothing said: plain http, the Host the proxy passed on.
    assert browser_origin({}, "https", "classroom.school.example:8870", NGINX) == ("http", "classroom.school.example:8870")


def test_behind_nginx_a_forwarded_value_of_another_shape_is_not_used():
    headers = {"X-Forwarded-Proto": "javascript", "X-Forwarded-Host": "evil.example/path?x=<b>"}
    assert browser_origin(headers, "http", "127.0.0.1:8870", NGINX) == ("http", "127.0.0.1:8870")


def test_under_the_hub_only_the_scheme_its_proxy_appends_counts():
    # configurable-http-proxy appends its own scheme and passes a browser's X-Forwarded-Host on.
    forged_through_chp = {"X-Forwarded-Proto": "https,http", "X-Forwarded-Host": "evil.example"}
    assert browser_origin(forged_through_chp, "http", "127.0.0.1:8000", HUB) == ("http", "127.0.0.1:8000")
    over_tls = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "hub.school.example"}
    assert browser_origin(over_tls, "http", "hub.school.example", HUB) == ("https", "hub.school.example")


def test_a_page_makes_https_links_only_when_the_server_says_so():
    environ = {"SCRIPT_NAME": "/voila/render/teacher.ipynb", "SERVER_NAME": "classroom.school.example",
               "SERVER_PORT": "443"}
    assert page_url("student.ipynb", environ) == "http://classroom.school.example:443/voila/render/student.ipynb"
    environ[SCHEME_ENV] = "https"
    assert page_url("student.ipynb", environ) == "https://classroom.school.example:443/voila/render/student.ipynb"
