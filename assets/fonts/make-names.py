#!/usr/bin/env python3
"""Writes names.txt: the characters kept in the font for players' names, beyond charset.txt.

Latin-1 and Latin Extended-A letters (most European names), Greek, Cyrillic, Japanese kana,
the 3,755 characters of GB 2312 level 1 (the common simplified characters) and the 5,401 of
Big5 level 1 (the common traditional ones), taken from Python's own codecs, so the list is the
same on every machine, less those the source font lacks (some Latin Extended-A letters). Then
run ./make-subset.sh, which subsets charset.txt and names.txt. Needs fonttools, like the subset.
"""
import pathlib

from fontTools.ttLib import TTCollection

SOURCE = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"  # Debian's fonts-noto-cjk

chars = []
chars += [chr(c) for c in range(0xC0, 0x180) if chr(c).isalpha()]  # Latin-1, Extended-A
chars += [chr(c) for c in range(0x391, 0x3CA) if chr(c).isalpha()]  # Greek
chars += [chr(c) for c in range(0x410, 0x450)] + ["Ё", "ё"]  # Cyrillic
chars += [chr(c) for c in range(0x3041, 0x3097)] + [chr(c) for c in range(0x30A1, 0x30FB)]
chars += ["ー", "½", "・"]
for hi in range(0xB0, 0xD8):  # GB 2312 level 1
    for lo in range(0xA1, 0xFF):
        try:
            chars.append(bytes([hi, lo]).decode("gb2312"))
        except UnicodeDecodeError:
            pass
for hi in range(0xA4, 0xC7):  # Big5 level 1 (frequently used characters)
    for lo in list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)):
        try:
            chars.append(bytes([hi, lo]).decode("big5"))
        except UnicodeDecodeError:
            pass
here = pathlib.Path(__file__).resolve().parent
known = set((here / "charset.txt").read_text(encoding="utf-8"))
cmap = TTCollection(SOURCE).fonts[2].getBestCmap()  # font 2 is Sans CJK SC, as in the subset
chars = [c for c in chars if ord(c) in cmap]
out, seen = [], set(known)
for c in chars:
    if c not in seen:
        seen.add(c)
        out.append(c)
lines = ["".join(out[i : i + 100]) for i in range(0, len(out), 100)]
(here / "names.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
print(len(out), "characters")
