#!/usr/bin/env python3
"""Regenerates tests/data/locale-sweep.txt: every transcript of the referee tests, one block per
test function (its string literals and transcript constants in order), for the language sweep
in tests/locales.rs. Run from the repository root; CI only reads the committed output."""
import glob
import hashlib
import re

LIT = re.compile(r'r#"(.*?)"#|"((?:[^"\\]|\\.)*)"', re.S)
LINE = re.compile(r'^([a-z0-9_]+@((telegram/|discord/)?(#[\w-]+|dm)): .+|!(clock|admin|dm-closed) .+)$')
CONST = re.compile(r'const ([A-Z_0-9]+): &str =\s*(?:concat!\()?', re.S)


def unescape(text):
    try:
        return bytes(text, 'utf8').decode('unicode_escape').encode('latin1').decode('utf8')
    except UnicodeError:
        return text.replace('\\n', '\n')


def lines_of(literal):
    return [line.strip() for line in literal.split('\n') if LINE.match(line.strip())]


out = []
for path in sorted(glob.glob('tests/referee/*.rs')):
    src = open(path, encoding='utf8').read()
    consts = {}
    for m in CONST.finditer(src):
        end = src.index(';\n', m.end())
        body = src[m.end():end]
        consts[m.group(1)] = [l for lit in LIT.finditer(body)
                              for l in lines_of(lit.group(1) if lit.group(1) is not None
                                                else unescape(lit.group(2)))]
    names = '|'.join(sorted(consts, key=len, reverse=True)) or 'NO_CONST'
    token = re.compile(r'r#"(.*?)"#|"((?:[^"\\]|\\.)*)"|\b(' + names + r')\b', re.S)
    for fn in re.split(r'\n(?:#\[tokio::test\]|#\[test\])\n', src)[1:]:
        name = re.search(r'fn (\w+)', fn)
        block = []
        for t in token.finditer(fn):
            if t.group(3):
                block += consts[t.group(3)]
            else:
                block += lines_of(t.group(1) if t.group(1) is not None else unescape(t.group(2)))
        if block:
            out.append(f'// === {path} {name.group(1) if name else "?"}')
            out += block

# Every command's help and rules, every command mistake and every option mistake, by hand.
EXTRA = """
alice@#t: /help
alice@dm: /help
alice@#t: /rules
alice@#t: /rules dark-fence
alice@#t: /rules ultima
alice@#t: /rules ultima K
alice@#t: /rules ultima P
alice@#t: /rules ultima W
alice@#t: /rules ultima L
alice@#t: /rules ultima C
alice@#t: /rules ultima I
alice@#t: /rules ultima X
alice@#t: /rules chaos-clock
alice@#t: /rules perfect10
alice@#t: /rules rabble
alice@#t: /rules chess
alice@dm: /settings
alice@dm: /settings notifications=off
alice@dm: /settings language=fr
alice@dm: /settings colour=red
alice@dm: /settings language
alice@#t: /fly
alice@#t: /new
alice@#t: /new chess
alice@#t: /move
alice@#t: /moves
alice@#t: /resign now
alice@#t: /draw maybe
alice@#t: /admin abort
alice@#t: /games
alice@#t: /library
alice@#t: /new dark-fence @bob board=30x30
alice@#t: /new dark-fence @bob board=big
alice@#t: /new dark-fence @bob edge_empty_repeat=true
alice@#t: /new dark-fence @bob juesha=true juesha_count_border=true
alice@#t: /new dark-fence @bob p2_sees_p1_start=false
alice@#t: /new dark-fence @bob mode=challenge start=free p2_sees_p1_start=false
alice@#t: /new dark-fence @bob commitments=true
alice@#t: /new dark-fence @bob report=loud
alice@#t: /new dark-fence @bob max_waypoints=5000
alice@#t: /new dark-fence @bob window_timeout=1s
alice@#t: /new dark-fence @bob mode=challenge ply_cap=1
alice@#t: /new dark-fence @bob colour
alice@#t: /new dark-fence @bob board=4x4 board=5x5
alice@#t: /new dark-fence @bob nosuch=1
alice@#t: /new dark-fence @bob clock=slow
alice@#t: /new dark-fence @bob per_move=5s
alice@#t: /new dark-fence @bob clock=live per_move=2h
alice@#t: /new chaos-clock @bob fair_draw=2
alice@#t: /new chaos-clock @bob hints=maybe
alice@#t: /new chaos-clock @bob start=balanced
alice@#t: /new ultima @bob nocapture_limit=99999
alice@#t: /new ultima @bob freeze=everything
alice@#t: /new perfect10 @bob move_rule=9999
alice@#t: /new rabble @bob red_gives=steps3 blue_gives=steps2
alice@#t: /new rabble @bob red_gives=level9
alice@#t: /new rabble @bob quiet_limit=1
alice@#t: /new rabble @bob from=abc
alice@#t: /new ultima @bob position="8/8/8 w"
alice@#t: /new ultima @bob position="7k/5K2/8/8/8/8/8/7 w"
alice@#t: /new ultima @bob position="7k/5K2/8/8/8/8/8/7Z w"
alice@#t: /new ultima @bob position="7k/5K2/8/8/8/8/8/8"
alice@#t: /new ultima @bob position="7k/5K2/8/8/8/8/8/8 x"
alice@#t: /new ultima @bob position="7k/5K2/8/8/8/8/8/8 w extra"
alice@#t: /new ultima @bob position="8/5K2/8/8/8/8/8/8 w"
alice@#t: /new ultima @bob position="7k/PPPPPPPP/PPPPPPPP/8/8/8/8/K7 w"
alice@#t: /new ultima @bob position="k7/1K6/8/8/8/8/8/8 w"
alice@#t: /new perfect10 @bob position="xx"
alice@#t: /new perfect10 @bob position="rcabqkbacr/snegimgens/pppppppppp/10/10/10/10/PPPPPPPPPP/SNEGIMGENS/RCABQKBAC w"
alice@#t: /new perfect10 @bob position="rcabqkbacr/snegimgens/pppppppppp/10/10/10/10/PPPPPPPPPP/SNEGIMGENS/RCABQKBACZ w"
alice@#t: /new perfect10 @bob position="rcabqkbacr/snegimgens/pppppppppp/10/10/10/10/PPPPPPPPPP/SNEGIMGENS/RCABQKBACR x"
alice@#t: /new perfect10 @bob position="rcabqkbacr/snegimgens/pppppppppp/10/10/10/10/PPPPPPPPPP/SNEGIMGENS/RCABQKBACR w KQkqX - 0 1"
alice@#t: /new perfect10 @bob position="rcabqkbacr/snegimgens/pppppppppp/10/10/10/10/PPPPPPPPPP/SNEGIMGENS/RCABQKBACR w KQkq e9 0 1"
alice@#t: /new perfect10 @bob position="rcabqkbacr/snegimgens/pppppppppp/10/10/10/10/PPPPPPPPPP/SNEGIMGENS/RCABQKBACR w KQkq - x 1"
alice@#t: /new perfect10 @bob position="rcabqkbacr/snegimgens/pppppppppp/10/10/10/10/PPPPPPPPPP/SNEGIMGENS/RCABQQBACR w - - 0 1"
alice@#t: /new perfect10 @bob position="rcabqkbacr/snegimgens/pppppppppp/10/10/10/10/PPPPPPPPPP/SNEGIMGENS/PCABQKBACR w - - 0 1"
alice@#t: /new perfect10 @bob position="5k4/10/10/10/10/5R4/10/10/10/4K5 w - - 0 1"
alice@#t: /new perfect10 @bob position="rcabqkbacr/snegimgens/pppppppppp/10/10/10/10/PPPPPPPPPP/SNEGIMGENS/RCABQKBACR w KQkq - 0 1 extra"
alice@#t: /new chaos-clock @bob position="1,2"
alice@#t: /new chaos-clock @bob position="1,1,2,3,4,5,6,7,8,9,10,11"
alice@#t: /new chaos-clock @bob position="1,2,3,4,5,6,7,8,9,10,11,12;7"
alice@#t: /new dark-fence @bob position="zz"
alice@#t: /new rabble @bob position="zz"
alice@#t: /new chaos-clock @bob
bob@#t: /accept
bob@#t: /board
alice@#t: /hint
bob@#t: /takeback
bob@#t: /draw
alice@#t: /draw decline
alice@#t: /resign
"""
out.append('// === tests/data/make-locale-sweep.py every command and option mistake')
out += [line for line in EXTRA.strip().split('\n')]

# What the sweep was made from, so that tests/locales.rs can tell when it is stale: each source
# file's path and bytes, each followed by a NUL, in sorted order.
digest = hashlib.sha256()
for path in sorted(glob.glob('tests/referee/*.rs')) + ['tests/data/make-locale-sweep.py']:
    digest.update(path.encode() + b'\0' + open(path, 'rb').read() + b'\0')

header = [
    '# source: generated from the transcripts of tests/referee/*.rs by',
    '# tests/data/make-locale-sweep.py; blocks start with `// ===` and each runs on a fresh',
    '# database in tests/locales.rs, once per language.',
    '# sources sha256: ' + digest.hexdigest(),
]
open('tests/data/locale-sweep.txt', 'w', encoding='utf8').write('\n'.join(header + out) + '\n')
print(sum(1 for l in out if l.startswith('// ===')), 'blocks,', len(out), 'lines')
