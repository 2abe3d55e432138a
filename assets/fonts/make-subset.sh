#!/usr/bin/env bash
# Regenerates NotoSansCJKsc-subset.otf: the glyphs of charset.txt (what boards draw) and names.txt
# (what players' names need, written by ./make-names.py) from Noto Sans CJK SC Regular.
# Needs Debian's fonts-noto-cjk (1:20220127+repack1-1 made the committed file) and fonttools
# (pip install fonttools; 4.68.0 made it). Add characters to charset.txt, then run this from
# anywhere; the renderer's tests check that every character it may draw is in the font.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
pyftsubset /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc \
  --font-number=2 \
  --text-file=<(cat "$here/charset.txt" "$here/names.txt") \
  --layout-features='' \
  --no-hinting \
  --desubroutinize \
  --name-IDs='*' \
  --output-file="$here/NotoSansCJKsc-subset.otf"
