"""The results of a run as JSON, a Markdown table and a PNG chart (drawn with Pillow)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

from PIL import Image, ImageDraw, ImageFont

PADS = (("bare", "bare HTML canvas, ink drawn in the browser (the physical limit)"),
        ("docs", "ipycanvas pad as its docs teach it (one `stroke_line` per move)"),
        ("pad", "this project's pad (`DrawingPad`: local ink over ipycanvas)"))
LINKS = (("localhost", "localhost"), ("rtt80", "80 ms round trip"))


def ratio(a: Optional[float], b: Optional[float]) -> Optional[float]:
    return None if a is None or not b else round(a / b, 2)


def targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    """Returns the issue's targets with this run's figures, each with ``holds``."""
    lat, rows = results["latency"], []

    def add(name: str, value: Optional[float], limit: float, unit: str = "×") -> None:
        rows.append({"target": name, "value": value, "limit": limit, "unit": unit,
                     "holds": value is not None and value <= limit})

    for key, label in LINKS:
        add(f"pad ink latency / bare canvas, {label}",
            ratio(lat[key]["pad"]["median_ms"], lat[key]["bare"]["median_ms"]), 1.5)
    add("pad websocket bytes per move / docs pad (localhost)",
        ratio(lat["localhost"]["pad"]["ws_bytes_per_move"], lat["localhost"]["docs"]["ws_bytes_per_move"]), 0.10)
    tti, rss = results["time_to_interactive"], results["kernel_rss"]
    add("dashboard time to interactive / one-button notebook",
        ratio(tti["dashboard"]["median_ms"], tti["one_button"]["median_ms"]), 1.3)
    add("dashboard kernel RSS / one-button notebook",
        ratio(rss["dashboard"]["median_mb"], rss["one_button"]["median_mb"]), 1.5)
    add("six-drawing gallery fully inked after the phase change", results["gallery"]["median_ms"], 1000, "ms")
    if "lite" in results:
        site = results["lite"]
        cold = {key: site["time_to_interactive"][key]["cold"]["median_ms"] for key in ("dashboard", "one_button")}
        add("static site size", site["site_mb"], 40, "MB")
        add("static site: dashboard cold time to interactive / one-button page of the same site",
            ratio(cold["dashboard"], cold["one_button"]), 1.3)
        add("static site: dashboard cold time to interactive", cold["dashboard"], 15000, "ms")
        add("static site: dashboard warm (cached) time to interactive",
            site["time_to_interactive"]["dashboard"]["warm"]["median_ms"], 6000, "ms")
        add("static site: pad ink latency / bare canvas",
            ratio(site["latency"]["pad"]["median_ms"], site["latency"]["bare"]["median_ms"]), 1.5)
    return rows


def _ms(value: Optional[float]) -> str:
    return "—" if value is None else f"{value:.1f} ms"


def markdown(results: dict[str, Any]) -> str:
    """Returns the run as Markdown: the machine, the tables, the targets."""
    lat, machine = results["latency"], results["machine"]
    lines = [
        f"Benchmark run of {results['date']} ({results['mode']} mode, {results['moves']} pointer moves per pad) "
        f"on {machine['platform']}, {machine['cpu_count']} CPUs, Python {machine['python']}, "
        f"Chromium {machine['chromium']}.",
        "",
        "Ink latency per pointer move, median (p90); the ratio is to the bare canvas in this run:",
        "",
        "| pad | localhost | through an 80 ms round-trip link | websocket per move (localhost) |",
        "|---|---|---|---|",
    ]
    for key, label in PADS:
        cells = []
        for link, _ in LINKS:
            row = lat[link][key]
            times = f"{_ms(row['median_ms'])} ({_ms(row['p90_ms'])})"
            r = ratio(row["median_ms"], lat[link]["bare"]["median_ms"])
            cells.append(times if key == "bare" or r is None else f"{times}, {r:.1f}×")
        local = lat["localhost"][key]
        traffic = ("none (no kernel)" if key == "bare"
                   else f"{local['ws_bytes_per_move']:.0f} B, {local['ws_frames_per_move']:.2f} frames")
        lines.append(f"| {label} | {cells[0]} | {cells[1]} | {traffic} |")
    tti, rss, gal = results["time_to_interactive"], results["kernel_rss"], results["gallery"]
    lines += [
        "",
        "| page | time to interactive, median | kernel RSS, median |",
        "|---|---|---|",
        f"| one-button Voilà notebook | {_ms(tti['one_button']['median_ms'])} | {rss['one_button']['median_mb']} MB |",
        f"| play dashboard (`.inc-start` usable) | {_ms(tti['dashboard']['median_ms'])} | "
        f"{rss['dashboard']['median_mb']} MB |",
        "",
        f"Find phase with six drawings of 200 strokes: all six gallery boards inked "
        f"{_ms(gal['median_ms'])} after the click (median of {len(gal['runs'])}).",
        "",
    ]
    if "lite" in results:
        site = results["lite"]
        tti_lite = site["time_to_interactive"]
        lines += [
            f"Static site (`incognito-nb lite build`, {site['site_mb']} MB, built in {site['build_seconds']} s), "
            "served on 127.0.0.1 with every other host aborted"
            + (f" (asked for: {', '.join(site['outside_requests'])})" if site["outside_requests"] else "") + ":",
            "",
            "| page of the static site | cold load, median | warm (cached) load, median |",
            "|---|---|---|",
            f"| one-button notebook | {_ms(tti_lite['one_button']['cold']['median_ms'])} | "
            f"{_ms(tti_lite['one_button']['warm']['median_ms'])} |",
            f"| play dashboard (`.inc-start` usable) | {_ms(tti_lite['dashboard']['cold']['median_ms'])} | "
            f"{_ms(tti_lite['dashboard']['warm']['median_ms'])} |",
            "",
            f"Ink on the static site: the pad {_ms(site['latency']['pad']['median_ms'])} "
            f"(p90 {_ms(site['latency']['pad']['p90_ms'])}), the bare canvas {_ms(site['latency']['bare']['median_ms'])}.",
            "",
        ]
    lines += [
        "| target | this run | limit | holds |",
        "|---|---|---|---|",
    ]
    units = {"ms": " ms", "MB": " MB"}
    for row in results["targets"]:
        unit = units.get(row["unit"], "×")
        value = "—" if row["value"] is None else f"{row['value']}{unit}"
        limit = f"{row['limit']}{unit}"
        lines.append(f"| {row['target']} | {value} | ≤ {limit} | {'yes' if row['holds'] else '**no**'} |")
    return "\n".join(lines) + "\n"


def _font(size: int):
    for name in ("DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"):
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default()


def chart(results: dict[str, Any], path: Path) -> None:
    """Draws the median ink latency of each pad on each link as grouped bars, in a PNG."""
    width, height, left, top, bottom = 900, 460, 90, 70, 90
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    title, small = _font(20), _font(14)
    draw.text((left, 18), "Ink latency per pointer move (median, ms)", fill="black", font=title)
    colors = {"bare": "#999999", "docs": "#d55e00", "pad": "#0072b2"}
    lat = results["latency"]
    values = [lat[link][key]["median_ms"] or 0 for link, _ in LINKS for key, _ in PADS]
    top_value = max(values + [16.7]) * 1.15
    plot_h = height - top - bottom
    y_of = lambda v: top + plot_h - plot_h * v / top_value  # noqa: E731
    for tick in range(0, int(top_value) + 1, 20 if top_value < 200 else 50):
        y = y_of(tick)
        draw.line((left, y, width - 30, y), fill="#eeeeee")
        draw.text((left - 40, y - 8), f"{tick}", fill="#555555", font=small)
    group_w = (width - left - 60) / len(LINKS)
    bar_w = group_w / (len(PADS) + 1.5)
    for g, (link, label) in enumerate(LINKS):
        x0 = left + 20 + g * group_w
        for b, (key, _) in enumerate(PADS):
            value = lat[link][key]["median_ms"]
            x = x0 + b * bar_w
            if value is not None:
                draw.rectangle((x, y_of(value), x + bar_w - 8, y_of(0)), fill=colors[key])
                draw.text((x, y_of(value) - 18), f"{value:.1f}", fill="black", font=small)
        draw.text((x0, y_of(0) + 8), label, fill="black", font=small)
    legend_x = left
    for key, name in (("bare", "bare canvas"), ("docs", "ipycanvas docs pad"), ("pad", "this project's pad")):
        draw.rectangle((legend_x, height - 40, legend_x + 14, height - 26), fill=colors[key])
        draw.text((legend_x + 20, height - 42), name, fill="black", font=small)
        legend_x += 220
    machine = results["machine"]
    draw.text((left, height - 20), f"{results['date']} · {machine['platform']} · {machine['cpu_count']} CPUs",
              fill="#555555", font=_font(11))
    image.save(path)


def write(results: dict[str, Any], folder: Path, stem: str = "latest") -> list[Path]:
    """Writes ``<stem>.json``, ``<stem>.md`` and ``<stem>.png`` in ``folder``; returns them."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / f"{stem}.json", folder / f"{stem}.md", folder / f"{stem}.png"]
    paths[0].write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    paths[1].write_text(markdown(results), encoding="utf-8")
    chart(results, paths[2])
    return paths
