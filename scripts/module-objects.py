#!/usr/bin/env python3
"""The object files of the current release build of each module named (`make bench` links its benchmarks with them).

A module's build folder keeps the objects of sources that were renamed or removed since; linking `*.o` would pull
those stale objects in (and their undefined symbols), so the list comes from the sources SwiftPM compiled last and
its output file map."""
import json, os, sys

BUILD = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), ".build", "release")

for module in sys.argv[1:]:
    folder = os.path.join(BUILD, module + ".build")
    files = json.load(open(os.path.join(folder, "output-file-map.json")))
    for source in open(os.path.join(folder, "sources")).read().split():
        print(files[source]["object"])
