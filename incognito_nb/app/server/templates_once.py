"""Voilà's page template compiled once per classroom server, not once per page.

Voilà 0.5 renders every page with a new ``VoilaExporter`` (``voila.notebook_renderer``: one
per page a student opens, and one per kernel the server warms ahead), and nbconvert gives
each exporter a new Jinja environment (``TemplateExporter._create_environment``), which
compiles the page's whole template chain again: the project's ``index.html.j2``, Voilà's
lab template, nbconvert's base templates and macros, tens of milliseconds of the server's
one thread a page (docs/platform-notes.md). A class opens thirty pages at once.

Jinja's own remedy is a bytecode cache: an environment that has one looks each template up
by name and by its source's checksum before compiling it, and keeps what it compiles.
:data:`TEMPLATE_CODE` is one in memory, shared by every environment of the server, so an
edited template file is compiled again (its checksum changed) and nothing else is.

The patch is one subclass, :class:`OnceCompiledExporter`, put in the place of
``VoilaExporter`` in ``voila.notebook_renderer`` (the one module that builds exporters in
Voilà 0.5, pinned ``<0.6`` in pyproject.toml) by :func:`compile_pages_once`; the
classroom server calls it as it starts.  ``tests/test_templates_once.py`` checks that a
second page compiles nothing and keeps its own filters; every browser test renders its
pages through it.
"""

from __future__ import annotations

import jinja2
import voila.notebook_renderer
from voila.exporter import VoilaExporter


class CompiledTemplates(jinja2.BytecodeCache):
    """Compiled templates kept in memory for every environment of this process, one entry per
    template file (a new checksum replaces the old code): a few dozen entries at most."""

    def __init__(self) -> None:
        self._code: dict[str, tuple[str, object]] = {}
        self.compiled = 0  #: how many templates were compiled (stored), for tests and curious engineers

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        kept = self._code.get(bucket.key)
        if kept is not None and kept[0] == bucket.checksum:
            bucket.code = kept[1]

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._code[bucket.key] = (bucket.checksum, bucket.code)
        self.compiled += 1


#: The classroom server's compiled templates.
TEMPLATE_CODE = CompiledTemplates()


class OnceCompiledExporter(VoilaExporter):
    """Voilà's exporter whose Jinja environment takes compiled templates from
    :data:`TEMPLATE_CODE` (filters and globals stay the exporter's own: only code is shared)."""

    def _create_environment(self) -> jinja2.Environment:
        environment = super()._create_environment()
        environment.bytecode_cache = TEMPLATE_CODE
        return environment


def compile_pages_once() -> None:
    """Makes Voilà build its pages with :class:`OnceCompiledExporter` in this process."""
    voila.notebook_renderer.VoilaExporter = OnceCompiledExporter
