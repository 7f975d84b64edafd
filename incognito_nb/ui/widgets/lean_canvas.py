"""ipycanvas without numpy and Pillow until something really needs them.

ipycanvas 0.14 imports numpy (``canvas.py``) and Pillow (``utils.py``) when it is
imported, and packs every draw command through numpy (``commands_to_buffer``) and every
list argument too (``populate_args``).  The boards of this project only draw strokes,
dots, rectangles and text, which need none of numpy's maths, yet numpy alone adds
~10 MB to every kernel (measured: 57.9 MB for ipykernel + ipywidgets, 68.3 MB with
numpy, 71.1 MB with ipycanvas).  A class of thirty pages pays that thirty times; and in
the browser (Pyodide) there is no numpy or Pillow to load at all.

So every board imports ipycanvas from here, which:

- hands ipycanvas stand-ins for ``numpy`` and ``PIL.Image`` while it is imported:
  each loads the real module on its first attribute access, so whatever does need it
  (``put_image_data``, an export) still gets the real numpy, and where it is not
  installed at all the stand-in says so on first use;
- replaces ``populate_args`` and ``commands_to_buffer`` in ``ipycanvas.canvas`` with
  versions that pack lists of numbers with the standard library's :mod:`array`, byte for
  byte what numpy sends (``tests/test_lean_canvas.py`` compares them), and hand anything
  else (an ndarray, a ragged list) to the originals.

The patch is written for ipycanvas 0.14 (:data:`WRITTEN_FOR`); with any other version
the originals stay in place and ipycanvas works as it always does, numpy and all.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import types
from array import array
from typing import Any

#: The ipycanvas release line this patch was written for and is tested with.
WRITTEN_FOR = "0.14."

_INT32 = (-(2**31), 2**31 - 1)


class _Deferred(types.ModuleType):
    """Stands in for a module (numpy, Pillow) while ipycanvas is imported, and loads the
    real one the first time one of its attributes is asked for.

    It sits in ``sys.modules`` only during that import: every later ``import numpy``
    elsewhere gets the real module.  (The standard library's ``LazyLoader`` cannot do
    this: any later ``import`` statement reads the lazy module's ``__spec__`` and so
    loads it.)
    """

    def __getattr__(self, attribute: str) -> Any:
        if attribute.startswith("__"):
            raise AttributeError(attribute)
        try:
            module = importlib.import_module(self.__name__)
        except ImportError:
            raise ImportError(
                f"{self.__name__} is not installed here; the drawing boards do not need it, "
                f"but {self.__name__}.{attribute} was asked for"
            ) from None
        return getattr(module, attribute)


def _stand_ins() -> dict[str, types.ModuleType]:
    """Returns the modules to put in ``sys.modules`` while ipycanvas is imported."""
    stand_ins: dict[str, types.ModuleType] = {}
    if "numpy" not in sys.modules:
        stand_ins["numpy"] = _Deferred("numpy")
    if "PIL.Image" not in sys.modules:
        stand_ins["PIL.Image"] = image = _Deferred("PIL.Image")
        if "PIL" not in sys.modules:  # ``from PIL import Image`` looks in the package first
            stand_ins["PIL"] = package = _Deferred("PIL")
            package.Image = image
    return stand_ins


def _is_number(value: Any) -> bool:
    return type(value) in (int, float)


def _pack(values: list) -> tuple[dict[str, Any], memoryview] | None:
    """Returns ipycanvas's (metadata, buffer) for a list of numbers or of equal-length
    lists of numbers, as ``array_to_binary(np.asarray(values))`` would; None for
    anything else."""
    if values and isinstance(values[0], (list, tuple)):
        width = len(values[0])
        flat = [v for row in values if isinstance(row, (list, tuple)) and len(row) == width for v in row]
        if len(flat) != width * len(values):
            return None
        shape: tuple[int, ...] = (len(values), width)
    else:
        flat, shape = values, (len(values),)
    if not flat or not all(_is_number(v) for v in flat):
        return None
    if all(type(v) is int for v in flat):
        if not all(_INT32[0] <= v <= _INT32[1] for v in flat):
            return None
        packed, dtype = array("i", flat), "int32"  # numpy sends int64 as int32 too
    else:
        packed, dtype = array("d", flat), "float64"
    if sys.byteorder != "little":  # the front end reads little-endian typed arrays
        packed.byteswap()
    return {"shape": shape, "dtype": dtype}, memoryview(packed)


def _patch(canvas_module: types.ModuleType) -> None:
    original_populate = canvas_module.populate_args
    original_commands = canvas_module.commands_to_buffer

    def populate_args(arg: Any, args: list, buffers: list) -> None:
        packed = _pack(arg) if isinstance(arg, list) else None
        if packed is None:
            if isinstance(arg, list) or type(arg).__name__ == "ndarray":
                return original_populate(arg, args, buffers)
            args.append(arg)
            return None
        metadata, buffer = packed
        metadata["idx"] = len(buffers)
        args.append(metadata)
        buffers.append(buffer)
        return None

    def commands_to_buffer(commands: Any) -> tuple[dict[str, Any], memoryview]:
        try:
            text = json.dumps(commands, separators=(",", ":"), allow_nan=True).encode("utf-8")
        except TypeError:  # an ndarray among the arguments: numpy knows how
            return original_commands(commands)
        return {"shape": (len(text),), "dtype": "uint8"}, memoryview(text)

    canvas_module.populate_args = populate_args
    canvas_module.commands_to_buffer = commands_to_buffer


def _import_ipycanvas() -> types.ModuleType:
    from importlib.metadata import PackageNotFoundError, version

    try:
        fits = version("ipycanvas").startswith(WRITTEN_FOR)
    except PackageNotFoundError:
        fits = False
    if "ipycanvas" not in sys.modules:
        stand_ins = _stand_ins() if fits else {}
        sys.modules.update(stand_ins)
        try:
            import ipycanvas.canvas
        finally:
            for name, module in stand_ins.items():
                if sys.modules.get(name) is module:
                    del sys.modules[name]
    import ipycanvas.canvas

    # Patched even when something imported ipycanvas first (numpy is loaded then anyway),
    # so that every kernel packs its commands the same way.
    if fits and not getattr(ipycanvas.canvas, "_incognito_lean", False):
        _patch(ipycanvas.canvas)
        ipycanvas.canvas._incognito_lean = True
    return ipycanvas


_ipycanvas = _import_ipycanvas()
Canvas = _ipycanvas.Canvas
MultiCanvas = _ipycanvas.MultiCanvas
hold_canvas = _ipycanvas.hold_canvas

__all__ = ["Canvas", "MultiCanvas", "hold_canvas", "WRITTEN_FOR"]
