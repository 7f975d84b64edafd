"""The classroom server compresses each front-end file once (incognito_nb.app.server.gzip).

Served in process by tornado's own ``StaticFileHandler`` (as Voilà's files are), with the
server's transform: the first browser's gzipped answer is kept and the next browser gets
the same bytes; a changed file is compressed anew; a range, a HEAD, a 304 and a page outside
the front end are never kept; and what is kept stays within its limit.
"""

from __future__ import annotations

import asyncio
import gzip
import os

import pytest
from tornado import httpclient, web
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets

from incognito_nb.app.server import gzip as front_end_gzip


@pytest.fixture
def files(tmp_path, monkeypatch):
    monkeypatch.setattr(front_end_gzip, "_kept", {})
    folder = tmp_path / "static"
    folder.mkdir()
    # A script larger than tornado's 64 KB chunks, and a small one.
    (folder / "big.js").write_bytes(b"".join(b"const line%06d = %d;\n" % (n, n * n) for n in range(12_000)))
    (folder / "small.js").write_bytes(b"export const answer = 42;\n" * 100)
    return folder


def serve_and_ask(folder, asks):
    """Serves ``folder`` at ``/voila/static/`` (and at ``/other/``) with the server's gzip;
    makes each ask (path, headers, method) in turn; returns the answers (code, headers, body)."""
    async def run():
        app = web.Application([(r"/voila/static/(.*)", web.StaticFileHandler, {"path": str(folder)}),
                               (r"/other/(.*)", web.StaticFileHandler, {"path": str(folder)})])
        app.add_transform(front_end_gzip.FrontEndGzip)
        sockets = bind_sockets(0, "127.0.0.1")
        server = HTTPServer(app)
        server.add_sockets(sockets)
        port = sockets[0].getsockname()[1]
        client = httpclient.AsyncHTTPClient(force_instance=True)
        answers = []
        try:
            for path, headers, method in asks:
                answer = await client.fetch(f"http://127.0.0.1:{port}{path}", headers=headers, method=method,
                                            decompress_response=False, raise_error=False)
                answers.append((answer.code, answer.headers, answer.body))
        finally:
            client.close()
            server.stop()
        return answers
    return asyncio.run(run())


GZ = {"Accept-Encoding": "gzip"}


def test_each_file_is_gzipped_once_and_the_next_browser_gets_the_same_bytes(files):
    big, small = (files / "big.js").read_bytes(), (files / "small.js").read_bytes()
    asks = [("/voila/static/big.js", GZ, "GET"), ("/voila/static/big.js", GZ, "GET"),
            ("/voila/static/small.js", GZ, "GET"), ("/voila/static/small.js", GZ, "GET")]
    (code1, first_headers, first), (code2, headers, again), (_, _, small1), (_, _, small2) = serve_and_ask(files, asks)
    assert code1 == code2 == 200 and gzip.decompress(first) == big and len(first) < len(big) / 2
    assert again == first and headers["Content-Length"] == str(len(first)) and headers["Content-Encoding"] == "gzip"
    assert headers["Vary"] == "Accept-Encoding" and headers["Etag"] == first_headers["Etag"]
    assert gzip.decompress(small1) == small and small2 == small1
    assert front_end_gzip.kept_files() == 2


def test_a_changed_file_is_gzipped_anew(files):
    first = serve_and_ask(files, [("/voila/static/small.js", GZ, "GET")])[0][2]
    changed = b"export const answer = 43;\n" * 120
    (files / "small.js").write_bytes(changed)
    os.utime(files / "small.js", (1_900_000_000, 1_900_000_000))
    code, _, body = serve_and_ask(files, [("/voila/static/small.js", GZ, "GET")])[0]
    assert code == 200 and body != first and gzip.decompress(body) == changed


def test_ranges_heads_reloads_plain_clients_and_other_paths_are_never_kept(files):
    big = (files / "big.js").read_bytes()
    answers = serve_and_ask(files, [
        ("/voila/static/big.js", {**GZ, "Range": "bytes=100-199"}, "GET"),
        ("/voila/static/big.js", GZ, "HEAD"),
        ("/voila/static/big.js", {}, "GET"),
        ("/other/big.js", GZ, "GET"),
    ])
    (part_code, part_headers, part), (head_code, _, head), (plain_code, plain_headers, plain), (other_code, other_headers, other) = answers
    assert part_code == 206 and (gzip.decompress(part) if part_headers.get("Content-Encoding") else part) == big[100:200]
    assert head_code == 200 and head == b""
    assert plain_code == 200 and plain == big and "Content-Encoding" not in plain_headers
    assert other_code == 200 and other == big and "Content-Encoding" not in other_headers
    assert front_end_gzip.kept_files() == 0
    # A browser's reload with the file's tag: a 304, nothing kept, nothing sent.
    tag = serve_and_ask(files, [("/voila/static/big.js", GZ, "GET")])[0][1]["Etag"]
    front_end_gzip._kept.clear()
    code, _, body = serve_and_ask(files, [("/voila/static/big.js", {**GZ, "If-None-Match": tag}, "GET")])[0]
    assert code == 304 and body == b"" and front_end_gzip.kept_files() == 0


def test_what_is_kept_stays_within_its_limit(files, monkeypatch):
    monkeypatch.setattr(front_end_gzip, "KEPT_LIMIT", 2000)
    answers = serve_and_ask(files, [("/voila/static/big.js", GZ, "GET"), ("/voila/static/big.js", GZ, "GET"),
                                    ("/voila/static/small.js", GZ, "GET")])
    assert [code for code, _, _ in answers] == [200, 200, 200]
    assert gzip.decompress(answers[1][2]) == (files / "big.js").read_bytes()
    assert [path for path, *_ in front_end_gzip._kept] == ["/voila/static/small.js"]  # the big one did not fit
