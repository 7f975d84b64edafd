"""Performance claims, measured: ``python -m benchmarks [--quick|--full]``.

One run starts Voilà and Chromium itself and measures, in the same run, the pads' ink
latency and websocket traffic against a bare HTML canvas (the physical limit) and the
ipycanvas pad as its docs teach it, on localhost and through an emulated 80 ms
round-trip link; the play dashboard's time to interactive and kernel memory against a
one-button notebook; and how soon the find-phase gallery shows six large drawings.
Ratios to the references of the same run are the headline numbers: absolute times on a
shared machine are noisy, ratios taken side by side much less so.
"""
