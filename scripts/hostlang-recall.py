#!/usr/bin/env python3
"""Measures how many of the scripts a reviewer found in host-language string
literals lint-lua finds, per language.

Usage: scripts/hostlang-recall.py [--bin PATH] [--broad DIR] [--findings]

For each project of the broad corpus (testdata/broad/<project>), the
reviewer's scripts are the rows of extracted/manifest.tsv (made by
scripts/extract-host-lua.py): host file, line and column of the script's
first Lua byte. Go rows are left out (lint-lua go reads Go). lint-lua
--list-scripts lists where it finds each script under <project>/src; a row
is found when a script starts at its file, line and column, or on its line
or a script of lint-lua's holds its lines (a literal trimmed by trimIndent,
a fragment spliced into a template): counted found, and listed. The table gives, per
language, the scripts present, found and the recall; every miss is listed
with the reason the listing shows: the file was not read, or no script
starts on that line (with the nearest script found in the file).

The projects of UNSEEN were added after the extractor was written, and
their scripts were counted by reading the files: for them the rows are the
hand count below (the manifest, made the same way, must agree, or the
script says so), and their recall is also given on its own, as the recall
of forms lint-lua was not written against.

With --findings, it also lints the same trees and counts the error and
warning findings in host files per language and rule, for the precision
review in docs/hostlang.md (files below hidden folders, such as a
.claude/worktrees copy of the project, are not counted).

Only the Python 3 standard library is used.
"""

import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

LANG = {
    '.py': 'python', '.js': 'javascript', '.mjs': 'javascript', '.cjs': 'javascript', '.jsx': 'javascript',
    '.ts': 'typescript', '.tsx': 'typescript', '.mts': 'typescript', '.cts': 'typescript',
    '.java': 'java', '.kt': 'kotlin', '.kts': 'kotlin', '.php': 'php', '.rb': 'ruby', '.rake': 'ruby',
    '.cs': 'csharp',
}


# Projects read by hand after the extractor was written (2026-12-02), with
# their pins (as in scripts/broad-corpus.sh) and the first Lua byte of every
# script found by reading each host file under the paths of interest.
UNSEEN = {
    'cachemanager': ('MichaCo/CacheManager@5aedc81b3caa0811433544277168964f4203e319', [
        # $@"..." interpolated verbatim strings with const holes, run by
        # LuaScript.Prepare and ScriptEvaluate.
        ('src/CacheManager.StackExchange.Redis/RedisCacheHandle.cs', 31, 56),
        ('src/CacheManager.StackExchange.Redis/RedisCacheHandle.cs', 51, 56),
        ('src/CacheManager.StackExchange.Redis/RedisCacheHandle.cs', 69, 59),
        ('src/CacheManager.StackExchange.Redis/RedisCacheHandle.cs', 81, 56),
    ]),
    'pottery': ('brainix/pottery@e2f40424c9dfc3f8de6efcfc4ff4e6d22155749c', [
        # register_script of triple-quoted strings, on a client taken from
        # self.masters; the objects are called in other files.
        ('pottery/nextid.py', 88, 71),
        ('pottery/redlock.py', 113, 73),
        ('pottery/redlock.py', 128, 71),
        ('pottery/redlock.py', 142, 72),
    ]),
}


# A line of lint-lua --list-scripts: FILE:LINE:COL: what.
LISTED = re.compile(r'^(.*):(\d+):(\d+): (.*)$')
HOST_LINES = re.compile(r'host lines ([0-9,-]+)$')


def lang_of(path):
    return LANG.get(os.path.splitext(path)[1].lower())


def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if p.returncode not in (0, 1, 2):
        sys.exit('%s: exit %d\n%s' % (' '.join(cmd), p.returncode, p.stderr))
    return p


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--bin', default=os.path.join(root, 'lint-lua'), help='the lint-lua binary (default: ./lint-lua)')
    ap.add_argument('--broad', default=os.path.join(root, 'testdata', 'broad'))
    ap.add_argument('--findings', action='store_true', help='also count the error and warning findings in host files')
    args = ap.parse_args()
    binary = os.path.abspath(args.bin)
    if not os.path.exists(binary):
        sys.exit('%s: not found; build it with go build -o lint-lua ./cmd/lint-lua' % binary)

    # An empty configuration: the projects' own, or the repository's, must
    # not change what is read.
    cfg = tempfile.NamedTemporaryFile('w', suffix='.yaml', delete=False)
    cfg.close()
    flags = ['--config', cfg.name, '--max-file-size', '4MiB']

    present = collections.Counter()
    found = collections.Counter()
    unseen_present = collections.Counter()
    unseen_found = collections.Counter()
    misses = []
    moved = []
    findings = collections.Counter()
    for project in sorted(os.listdir(args.broad)):
        manifest = os.path.join(args.broad, project, 'extracted', 'manifest.tsv')
        src = os.path.join(args.broad, project, 'src')
        if not os.path.isdir(src):
            continue
        rows = []
        if os.path.exists(manifest):
            with open(manifest) as f:
                for line in f.read().splitlines()[1:]:
                    cols = line.split('\t')
                    if len(cols) < 4 or cols[0] == '-' or not lang_of(cols[1]):
                        continue
                    nlines = int(cols[5]) if len(cols) > 5 and cols[5].isdigit() else 1
                    rows.append((cols[1], int(cols[2]), int(cols[3]), cols[4] if len(cols) > 4 else '', nlines))
        if project in UNSEEN:
            hand = UNSEEN[project][1]
            if sorted(r[:3] for r in rows) != sorted(hand):
                print('%s: the manifest (%d scripts) differs from the hand count (%d); the hand count is used' %
                      (project, len(rows), len(hand)), file=sys.stderr)
            nl = {r[:3]: r[4] for r in rows}
            rows = [(f, l, c, 'read', nl.get((f, l, c), 1)) for (f, l, c) in hand]
        p = run([binary, '--list-scripts'] + flags + ['.'], src)
        listed = collections.defaultdict(list)  # file -> [(line, col, how, host lines)]
        for line in p.stdout.splitlines():
            m = LISTED.match(line)
            if not m:
                continue
            f, l, c, what = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
            if what.startswith('script not in this file') or what.startswith('script file'):
                continue
            covered = set()
            hm = HOST_LINES.search(what)
            for run_ in (hm.group(1).split(',') if hm else []):
                a, _, b = run_.partition('-')
                covered.update(range(int(a), int(b or a) + 1))
            how = 'content' if 'found by its text' in what else what.split('via ')[-1].split(',')[0]
            listed[f].append((l, c, how, covered))
        read = set()
        for dirpath, dirnames, filenames in os.walk(src):
            dirnames[:] = [d for d in dirnames if d not in ('.git', 'vendor', 'node_modules')]
            for n in filenames:
                if lang_of(n):
                    read.add(os.path.relpath(os.path.join(dirpath, n), src))
        for (f, l, c, how, nlines) in rows:
            lg = lang_of(f)
            present[lg] += 1
            at = listed.get(f, [])
            span = set(range(l, l + max(nlines, 1)))
            if project in UNSEEN:
                unseen_present[lg] += 1
                if any(x[0] == l for x in at) or any(x[3] & span for x in at):
                    unseen_found[lg] += 1
            if any(x[0] == l and x[1] == c for x in at):
                found[lg] += 1
            elif any(x[0] == l for x in at):
                found[lg] += 1
                moved.append((lg, project, f, l, c, [x for x in at if x[0] == l][0]))
            elif any(x[3] & span for x in at):
                # Found with another start (a literal trimmed by
                # trimIndent, a fragment spliced into another script's
                # template): a script of lint-lua's holds its lines.
                found[lg] += 1
                moved.append((lg, project, f, l, c, [x for x in at if x[3] & span][0]))
            else:
                if f not in read:
                    reason = 'file not read (it is below .git, vendor or node_modules, or missing)'
                elif not at:
                    reason = 'no script found in the file'
                else:
                    near = min(at, key=lambda x: abs(x[0] - l))
                    reason = 'no script holds these lines; nearest found at %d:%d (%s)' % near[:3]
                misses.append((lg, project, f, l, c, how, reason))
        if args.findings:
            p = run([binary, '--format', 'json', '--fail-on', 'error'] + flags + ['.'], src)
            out = json.loads(p.stdout)
            for d in out.get('diagnostics', []):
                lg = lang_of(d['file'])
                # Hidden folders (a .claude/worktrees copy of the project)
                # would count the project's findings twice.
                hidden = any(part.startswith('.') and part not in ('.', '..') for part in d['file'].split('/'))
                if lg and not hidden and d['severity'] in ('error', 'warning'):
                    findings[(lg, d['rule'], d['severity'])] += 1
    os.unlink(cfg.name)

    print('| language | present | found | recall |')
    print('|---|---:|---:|---:|')
    for lg in sorted(present):
        print('| %s | %d | %d | %.0f%% |' % (lg, present[lg], found[lg], 100.0 * found[lg] / present[lg]))
    tp, tf = sum(present.values()), sum(found.values())
    print('| all | %d | %d | %.0f%% |' % (tp, tf, 100.0 * tf / tp if tp else 0))
    if unseen_present:
        print('\nof which the projects read by hand after the extractor was written (%s):' % ', '.join(
            '%s %s' % (p, UNSEEN[p][0]) for p in sorted(UNSEEN)))
        print('| language | present | found | recall |')
        print('|---|---:|---:|---:|')
        for lg in sorted(unseen_present):
            print('| %s | %d | %d | %.0f%% |' % (lg, unseen_present[lg], unseen_found[lg],
                                                100.0 * unseen_found[lg] / unseen_present[lg]))
    if misses:
        print('\nmisses:')
        for m in sorted(misses):
            print('  %s %s/src/%s:%d:%d (%s): %s' % m)
    if moved:
        print('\nfound starting elsewhere (the reviewer\'s start; the start of the script of lint-lua\'s that holds it):')
        for lg, project, f, l, c, x in sorted(moved, key=lambda m: m[:5]):
            print('  %s %s/src/%s:%d:%d; %d:%d (%s)' % (lg, project, f, l, c, x[0], x[1], x[2]))
    if args.findings:
        print('\nerror and warning findings in host files:')
        print('| language | rule | severity | findings |')
        print('|---|---|---|---:|')
        for (lg, rule, sev), n in sorted(findings.items()):
            print('| %s | %s | %s | %d |' % (lg, rule, sev, n))


if __name__ == '__main__':
    main()
