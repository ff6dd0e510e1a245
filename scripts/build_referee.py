"""Copy Pyodide's runtime from node_modules and pack the ``rules`` package (scripts/build-referee).

Pyodide's files go to ``static/referee/pyodide-<version>/`` (a new version, a new address: the
service worker keeps them by address), the engine to ``static/referee/rules.zip``, made the
same way from the same source every time (sorted names, a fixed date), so that its hashed name
in production changes only with the engine.  Standard library only.
"""

from __future__ import annotations

import gzip
import json
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "node_modules" / "pyodide"
OUT = ROOT / "static" / "referee"
# what loadPyodide reads from its indexURL to start Python with its standard library
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
           "pyodide-lock.json")
# compressed here, once, beside the file (whitenoise serves ``<name>.gz`` to a browser that takes
# gzip): whitenoise's own compression of them (settings.WHITENOISE_SKIP_COMPRESS_EXTENSIONS
# leaves them out) would take collectstatic minutes on a small server
PRECOMPRESSED = ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs")
# the engine's modules the phone never runs (its command line and its benchmark)
LEFT_OUT = {"__main__.py", "cli.py", "bench.py"}


def pyodide_version() -> str:
    version = json.loads((PACKAGE / "package.json").read_text(encoding="utf-8"))["version"]
    return str(version)


def copy_runtime() -> Path:
    target = OUT / f"pyodide-{pyodide_version()}"
    for old in OUT.glob("pyodide-*"):
        if old != target:
            shutil.rmtree(old)
    target.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME:
        source, copy = PACKAGE / name, target / name
        if not copy.exists() or copy.stat().st_size != source.stat().st_size \
                or copy.stat().st_mtime < source.stat().st_mtime:
            shutil.copy2(source, copy)
    for name in PRECOMPRESSED:
        copy, packed = target / name, target / f"{name}.gz"
        if not packed.exists() or packed.stat().st_mtime < copy.stat().st_mtime:
            partial = packed.with_suffix(".gz.part")
            with gzip.GzipFile(partial, "wb", compresslevel=9, mtime=0) as out:
                out.write(copy.read_bytes())
            partial.replace(packed)
    return target


def pack_rules() -> Path:
    target = OUT / "rules.zip"
    sources = sorted(p for p in (ROOT / "rules").iterdir()
                     if p.suffix in (".py", ".typed") and p.name not in LEFT_OUT)
    partial = target.with_suffix(".zip.part")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sources:
            info = zipfile.ZipInfo(f"rules/{path.name}", date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    if target.exists() and target.read_bytes() == partial.read_bytes():
        partial.unlink()
    else:
        partial.replace(target)
    return target


def main() -> int:
    if not (PACKAGE / "pyodide.mjs").exists():
        print("node_modules/pyodide is missing: run `npm ci` first", file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    copy_runtime()
    pack_rules()
    return 0


if __name__ == "__main__":
    sys.exit(main())
