"""The classroom server compiles its page template once, not once per page
(incognito_nb/app/server/templates_once.py): Voilà builds a new exporter, and so a new Jinja
environment, for every page; the compiled code is shared and nothing else is."""

from __future__ import annotations

import os

import voila.notebook_renderer
from voila.paths import collect_template_paths

from incognito_nb.app.loading import TEMPLATE, voila_environment
from incognito_nb.app.server.templates_once import TEMPLATE_CODE, OnceCompiledExporter, compile_pages_once


def exporter(folder, **kwargs) -> OnceCompiledExporter:
    return OnceCompiledExporter(template_paths=[str(folder)], **kwargs)


def test_a_second_page_compiles_nothing_and_keeps_its_own_filters(tmp_path):
    (tmp_path / "seat.j2").write_text("{{ name | badge }} sits at table {{ table }}", encoding="utf-8")
    first = exporter(tmp_path, filters={"badge": lambda name: f"[{name}]"})
    before = TEMPLATE_CODE.compiled
    assert first.environment.get_template("seat.j2").render(name="Ana", table=2) == "[Ana] sits at table 2"
    assert TEMPLATE_CODE.compiled == before + 1
    # A new exporter (a new page): the code is the first's, the filters its own.
    second = exporter(tmp_path, filters={"badge": lambda name: f"<{name}>"})
    assert second.environment is not first.environment
    assert second.environment.get_template("seat.j2").render(name="Ben", table=3) == "<Ben> sits at table 3"
    assert TEMPLATE_CODE.compiled == before + 1
    # An edited template file is compiled again, and its old code is not used.
    (tmp_path / "seat.j2").write_text("{{ name | badge }} draws at table {{ table }}", encoding="utf-8")
    third = exporter(tmp_path, filters={"badge": str.upper})
    assert third.environment.get_template("seat.j2").render(name="Cleo", table=1) == "CLEO draws at table 1"
    assert TEMPLATE_CODE.compiled == before + 2


def test_the_classroom_page_template_chain_is_compiled_for_the_first_page_only(monkeypatch):
    for name, value in voila_environment(os.environ).items():
        monkeypatch.setenv(name, value)
    paths = collect_template_paths(["voila", "nbconvert"], TEMPLATE)
    # What a page loads: the project's index, Voilà's lab template and nbconvert's under it.
    loaded = ["index.html.j2", "lab/index.html.j2", "nbconvert/templates/lab/index.html.j2",
              "spinner.macro.html.j2", "log.macro.html.j2", "voila_setup.macro.html.j2"]
    before = TEMPLATE_CODE.compiled
    first = OnceCompiledExporter(template_paths=paths, template_name=TEMPLATE).environment
    for name in loaded:
        first.get_template(name)
    compiled = TEMPLATE_CODE.compiled
    assert compiled == before + len(loaded)  # this process had compiled none of them
    second = OnceCompiledExporter(template_paths=paths, template_name=TEMPLATE).environment
    for name in loaded:
        assert second.get_template(name).name == name
    assert TEMPLATE_CODE.compiled == compiled


def test_the_server_makes_voila_build_its_pages_with_it(monkeypatch):
    monkeypatch.setattr(voila.notebook_renderer, "VoilaExporter", voila.notebook_renderer.VoilaExporter)
    compile_pages_once()
    assert voila.notebook_renderer.VoilaExporter is OnceCompiledExporter
