#!/usr/bin/env python3
"""Finds the Redis Lua scripts kept in host-language string literals.

Usage:
  extract-host-lua.py [--out DIR] [--holes SPEC] ROOT [PATH ...]
  extract-host-lua.py --where EXTRACTED_DIR/FILE.lua:LINE[:COL]

ROOT is a project copy (testdata/broad/<project>); PATHs, relative to ROOT,
are the files or folders to search (default: all of ROOT). Scripts are
written to DIR (default ROOT/extracted) as one .lua file each, named after the
host file and line, with manifest.tsv (lua file, host file, host line, host
column of the first Lua byte, how it was found) and anchors.tsv (where each
run of Lua text sits in the host file, for --where) and holes.yaml; the
manifest's sixth column is the script's line count. Go files are only
counted (manifest rows with lua file "-"): lint-lua go reads Go itself.

A literal, or a concatenation of literals and same-file constants, is a
script when it calls redis.call/redis.pcall/server.call/server.pcall, or reads
KEYS[ or ARGV[ in a statement (return/local/if/for/end).

The Lua text is the string the host program builds: escapes resolved,
concatenated literals joined, the indentation that Java text blocks, Ruby <<~
heredocs, PHP heredocs and C# raw strings drop removed; calls on the literal
(trimIndent, gsub, strip) are not applied, so no line is added or removed and
a finding at Lua line L is on host line (host line + L - 1) whenever the
literal's lines are the host file's lines (multi-line literals, and
concatenations of one literal per line ending in \\n). For the rest,
--where maps a Lua line and column to the host file.

Interpolation holes (${x}, #{x}, {$x}, $x, {x}, %s, + var +) become a Lua
identifier HOST_<name> (HOST_<name>() when the hole stands alone on a line,
where the host splices a statement), so the text still parses; the names are
listed in holes.yaml, a lint-lua configuration declaring them as globals.
With --holes keys-args (C# DistributedLock's RedisScript), a hole whose
expression names a key (matches /key/i) becomes KEYS[n] and any other ARGV[n],
numbered by first appearance, as that library does. StackExchange.Redis
LuaScript.Prepare parameters (@name) become ARGV[n], as that library does.

Only the Python 3 standard library is used.
"""

import argparse
import bisect
import os
import re
import sys

EXT_LANG = {
    '.py': 'py', '.js': 'js', '.mjs': 'js', '.cjs': 'js', '.ts': 'js', '.mts': 'js', '.cts': 'js',
    '.java': 'java', '.kt': 'kt', '.kts': 'kt', '.php': 'php', '.rb': 'rb', '.cs': 'cs', '.go': 'go',
}

SCRIPT_CALL = re.compile(r'\b(?:redis|server)\s*\.\s*p?call\s*\(')
SCRIPT_KEYS = re.compile(r'\b(?:KEYS|ARGV)\s*\[')
QUICK = re.compile(r'\b(?:call|KEYS|ARGV)\b')
SCRIPT_STMT = re.compile(r'\b(?:return|local|if|for|end)\b')


def is_script(text):
    if SCRIPT_CALL.search(text):
        return True
    return bool(SCRIPT_KEYS.search(text) and SCRIPT_STMT.search(text))


class Str:
    """A string value: characters with the host offset each came from.

    pos[i] is the host offset of text[i] (the start of its escape for an
    escaped character, the start of the hole for placeholder text)."""

    def __init__(self):
        self.chars = []
        self.pos = []
        self.holes = []   # (name, host offset)
        self.kinds = []   # how it was found: literal kinds, const, hole...

    def add(self, ch, off):
        self.chars.append(ch)
        self.pos.append(off)

    def extend(self, other):
        self.chars += other.chars
        self.pos += other.pos
        self.holes += other.holes
        for k in other.kinds:
            if k not in self.kinds:
                self.kinds.append(k)

    def kind(self, k):
        if k not in self.kinds:
            self.kinds.append(k)

    def text(self):
        return ''.join(self.chars)


class Tok:
    __slots__ = ('kind', 'val', 'off', 'end', 'str')

    def __init__(self, kind, val, off, end, s=None):
        self.kind, self.val, self.off, self.end, self.str = kind, val, off, end, s

    def __repr__(self):
        return 'Tok(%s,%r,%d)' % (self.kind, self.val, self.off)


def hole_name(expr):
    words = re.findall(r'[A-Za-z_][A-Za-z0-9_]*', expr)
    skip = {'this', 'self', 'static', 'await', 'String', 'str', 'int', 'tostring', 'to_s', 'toString', 'new'}
    words = [w for w in words if w not in skip] or ['expr']
    return 'HOST_' + words[-1] if len(words) == 1 or '(' not in expr else 'HOST_' + words[0]


class Lexer:
    OPS3 = ('...', '===', '!==', '<=>', '**=', '<<=', '>>=', '?->', '??=')
    OPS2 = ('->', '::', '==', '!=', '<=', '>=', '&&', '||', '+=', '-=', '*=', '/=', '.=', '=>', '?.',
            '??', '++', '--', '<<', '>>', '!!', '%=', '|=', '&=')

    def __init__(self, src, lang):
        self.s = src
        self.lang = lang
        self.i = 0
        self.toks = []
        self.pending_heredocs = []  # ruby: (tok, ident, squiggly, dash, interp)
        self.line_starts = [0] + [m.end() for m in re.finditer('\n', src)]

    def linecol(self, off):
        ln = bisect.bisect_right(self.line_starts, off)
        return ln, off - self.line_starts[ln - 1] + 1

    def peek(self, k=0):
        j = self.i + k
        return self.s[j] if j < len(self.s) else ''

    def prev_sig(self):
        return self.toks[-1] if self.toks else None

    def regex_allowed(self):
        t = self.prev_sig()
        if t is None:
            return True
        if t.kind in ('num', 'str'):
            return False
        if t.kind == 'ident':
            return t.val in ('return', 'typeof', 'case', 'in', 'of', 'and', 'or', 'not', 'when', 'if',
                             'unless', 'while', 'until', 'elsif', 'then', 'do', 'yield', 'void', 'delete')
        return t.val not in (')', ']', '}')

    # ---- the main loop
    def run(self):
        s, n = self.s, len(self.s)
        lang = self.lang
        while self.i < n:
            c = s[self.i]
            if c == '\n':
                self.i += 1
                if self.pending_heredocs:
                    self.read_ruby_heredocs()
                continue
            if c in ' \t\r\f\v\ufeff':
                self.i += 1
                continue
            if self.comment():
                continue
            if self.string():
                continue
            if c.isalpha() or c == '_' or (c == '$' and lang in ('php', 'js')) or (c == '@' and lang in ('rb',)) \
                    or ord(c) > 127:
                j = self.i + 1
                while j < n and (s[j].isalnum() or s[j] == '_' or (s[j] == '$' and lang == 'js') or ord(s[j]) > 127):
                    j += 1
                if lang == 'rb' and j < n and s[j] in '?!' and not (j + 1 < n and s[j + 1] == '='):
                    j += 1
                self.toks.append(Tok('ident', s[self.i:j], self.i, j))
                self.i = j
                if lang == 'rb' and s[self.i - 1:self.i] and self.toks[-1].val in ('__END__',) and \
                        self.linecol(self.toks[-1].off)[1] == 1:
                    return self.toks
                continue
            if c.isdigit() or (c == '.' and self.peek(1).isdigit() and lang != 'php'):
                m = re.compile(r'0[xX][0-9a-fA-F_]+[lLuU]*|[0-9_]*\.?[0-9_]+(?:[eE][+-]?[0-9]+)?[fFdDlLmMuU]*').match(s, self.i)
                j = m.end() if m and m.end() > self.i else self.i + 1
                self.toks.append(Tok('num', s[self.i:j], self.i, j))
                self.i = j
                continue
            if c == '/' and lang in ('js', 'rb') and self.regex_allowed():
                self.skip_regex()
                continue
            for op in self.OPS3 + self.OPS2:
                if s.startswith(op, self.i):
                    break
            else:
                op = c
            self.toks.append(Tok('op', op, self.i, self.i + len(op)))
            self.i += len(op)
        return self.toks

    def skip_regex(self):
        s, n = self.s, len(self.s)
        j = self.i + 1
        in_class = False
        while j < n and s[j] != '\n':
            if s[j] == '\\':
                j += 2
                continue
            if s[j] == '[':
                in_class = True
            elif s[j] == ']':
                in_class = False
            elif s[j] == '/' and not in_class:
                j += 1
                break
            elif self.lang == 'rb' and s[j] == '#' and j + 1 < n and s[j + 1] == '{':
                j = self.skip_braces(j + 1)
                continue
            j += 1
        while j < n and s[j].isalpha():
            j += 1
        self.toks.append(Tok('regex', s[self.i:j], self.i, j))
        self.i = j

    def comment(self):
        s, i, lang = self.s, self.i, self.lang
        if lang in ('py', 'rb') or (lang == 'php' and s.startswith('#', i) and not s.startswith('#[', i)):
            if s.startswith('#', i):
                j = s.find('\n', i)
                self.i = len(s) if j < 0 else j
                return True
            if lang == 'rb' and s.startswith('=begin', i) and (i == 0 or s[i - 1] == '\n'):
                j = s.find('\n=end', i)
                self.i = len(s) if j < 0 else j + 5
                return True
            if lang != 'php':
                return False
        if s.startswith('//', i):
            j = s.find('\n', i)
            self.i = len(s) if j < 0 else j
            return True
        if s.startswith('/*', i):
            j = s.find('*/', i + 2)
            self.i = len(s) if j < 0 else j + 2
            return True
        return False

    # ---- strings
    def string(self):
        return getattr(self, 'str_' + self.lang)()

    def emit(self, st, start, kind):
        st.kind(kind)
        self.toks.append(Tok('str', kind, start, self.i, st))

    def skip_braces(self, j):
        """j at '{': returns the index after the matching '}', skipping nested strings."""
        s, n = self.s, len(self.s)
        depth = 0
        while j < n:
            c = s[j]
            if c == '{':
                depth += 1
            elif c == '}':
                depth -= 1
                if depth == 0:
                    return j + 1
            elif c in '"\'`':
                j = self.skip_simple_string(j, c)
                continue
            j += 1
        return n

    def skip_simple_string(self, j, q):
        s, n = self.s, len(self.s)
        if s.startswith(q * 3, j) and q == '"':
            k = s.find(q * 3, j + 3)
            return n if k < 0 else k + 3
        k = j + 1
        while k < n:
            if s[k] == '\\':
                k += 2
                continue
            if s[k] == q:
                return k + 1
            if q == '`' and s.startswith('${', k):
                k = self.skip_braces(k + 1)
                continue
            k += 1
        return n

    def escape(self, st, j, style):
        """Decodes the escape at s[j] == '\\'; returns the index after it."""
        s = self.s
        c = s[j + 1] if j + 1 < len(s) else ''
        simple = {'n': '\n', 't': '\t', 'r': '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0', 'b': '\b',
                  'f': '\f', 'v': '\v', 'a': '\a', '`': '`', '$': '$', 'e': '\x1b', 's': ' '}
        if c == '\n':
            if style in ('py', 'js', 'rb', 'java'):   # line continuation
                return j + 2
            st.add('\\', j)
            return j + 1
        if c == '\r' and s[j + 2:j + 3] == '\n' and style in ('py', 'js', 'rb'):
            return j + 3
        if c == 'x':
            m = re.compile(r'[0-9a-fA-F]{1,2}').match(s, j + 2)
            if m:
                st.add(chr(int(m.group(), 16)), j)
                return m.end()
        if c == 'u':
            if s[j + 2:j + 3] == '{':
                k = s.find('}', j)
                st.add(chr(int(s[j + 3:k], 16)), j)
                return k + 1
            m = re.compile(r'u*([0-9a-fA-F]{4})').match(s, j + 1)
            if m:
                st.add(chr(int(m.group(1), 16)), j)
                return m.end()
        if c == 'U' and style in ('py', 'cs'):
            st.add(chr(int(s[j + 2:j + 10], 16)), j)
            return j + 10
        if c.isdigit() and c not in '89' and style in ('py', 'php', 'rb', 'js', 'java'):
            m = re.compile(r'[0-7]{1,3}').match(s, j + 1)
            st.add(chr(int(m.group(), 8)), j)
            return m.end()
        if c in simple:
            if style == 'php' and c in "'`ab":
                st.add('\\', j)
                return j + 1
            if style == 'py' and c in '`$es':
                st.add('\\', j)
                return j + 1
            st.add(simple[c], j)
            return j + 2
        if style in ('py', 'php'):   # unknown escapes keep the backslash
            st.add('\\', j)
            return j + 1
        st.add(c, j)
        return j + 2

    def add_hole(self, st, expr, off):
        name = hole_name(expr)
        st.holes.append((name, off, expr))
        for ch in name:
            st.add(ch, off)
        st.kind('hole')

    # Python: 'x' "x" '''x''' """x""" with r b u f prefixes
    def str_py(self):
        s, i = self.s, self.i
        m = re.compile(r'([rRbBuUfF]{0,2})(\'\'\'|"""|\'|")').match(s, i)
        if not m or (m.group(1) and i > 0 and (s[i - 1].isalnum() or s[i - 1] == '_')):
            return False
        prefix = m.group(1).lower()
        q = m.group(2)
        raw, fmt = 'r' in prefix, 'f' in prefix
        st = Str()
        j = m.end()
        n = len(s)
        while j < n:
            if s.startswith(q, j):
                j += len(q)
                break
            c = s[j]
            if c == '\\' and not raw:
                j = self.escape(st, j, 'py')
                continue
            if c == '\\' and raw:
                st.add(c, j)
                st.add(s[j + 1], j + 1)
                j += 2
                continue
            if fmt and c in '{}':
                if s[j + 1:j + 2] == c:
                    st.add(c, j)
                    j += 2
                    continue
                if c == '{':
                    k = self.skip_braces(j)
                    self.add_hole(st, s[j + 1:k - 1], j)
                    j = k
                    continue
            st.add(c, j)
            j += 1
        self.i = j
        self.emit(st, i, 'py:' + ('triple' if len(q) == 3 else 'quoted') + (':f' if fmt else ''))
        return True

    # JavaScript / TypeScript: 'x' "x" `x ${y}`
    def str_js(self):
        s, i = self.s, self.i
        q = s[i]
        if q not in '\'"`':
            return False
        st = Str()
        j, n = i + 1, len(s)
        while j < n:
            c = s[j]
            if c == q:
                j += 1
                break
            if c == '\\':
                j = self.escape(st, j, 'js')
                continue
            if q == '`' and s.startswith('${', j):
                k = self.skip_braces(j + 1)
                self.add_hole(st, s[j + 2:k - 1], j)
                j = k
                continue
            if c == '\r' and q == '`':
                j += 1
                continue
            st.add(c, j)
            j += 1
        self.i = j
        self.emit(st, i, 'js:' + ('template' if q == '`' else 'quoted'))
        return True

    # Java: "x" and text blocks """\n...""" ; 'c' chars
    def str_java(self):
        s, i = self.s, self.i
        if s.startswith('"""', i):
            return self.text_block(i, 'java:textblock', escapes='java')
        if s[i] == "'":
            j = i + 1
            while j < len(s) and s[j] != "'":
                j += 2 if s[j] == '\\' else 1
            self.toks.append(Tok('char', s[i:j + 1], i, j + 1))
            self.i = j + 1
            return True
        if s[i] != '"':
            return False
        st = Str()
        j, n = i + 1, len(s)
        while j < n and s[j] != '"':
            if s[j] == '\\':
                j = self.escape(st, j, 'java')
                continue
            st.add(s[j], j)
            j += 1
        self.i = j + 1
        self.emit(st, i, 'java:quoted')
        return True

    def text_block(self, i, kind, escapes):
        """Java text block: content from the line after the opening \"\"\", the
        common indentation (closing delimiter's line included) removed."""
        s = self.s
        end = s.find('"""', i + 3)
        while end > 0 and s[end - 1] == '\\' and escapes == 'java':
            end = s.find('"""', end + 1)
        start = s.find('\n', i + 3) + 1
        body_end = end
        lines = []  # (offset, text)
        k = start
        while k <= body_end:
            nl = s.find('\n', k, body_end)
            if nl < 0:
                lines.append((k, s[k:body_end]))
                break
            lines.append((k, s[k:nl]))
            k = nl + 1
        indents = [len(t) - len(t.lstrip(' \t')) for _, t in lines if t.strip()]
        last_blank = lines and not lines[-1][1].strip()
        if lines and lines[-1][1].strip() == '':
            indents.append(len(lines[-1][1]))
        ind = min(indents) if indents else 0
        st = Str()
        for li, (off, t) in enumerate(lines):
            is_last = li == len(lines) - 1
            if is_last and last_blank:
                break
            body = t[ind:] if t.strip() else ''
            body = body.rstrip(' \t') if not is_last else body
            base = off + (ind if t.strip() else len(t))
            j = 0
            joined = False
            while j < len(body):
                if body[j] == '\\':
                    if j + 1 == len(body):   # \<newline>: the line goes on
                        joined = True
                        break
                    j = self.escape(st, base + j, 'java') - base
                    continue
                st.add(body[j], base + j)
                j += 1
            if not is_last and not joined:
                st.add('\n', off + len(t))
        self.i = end + 3
        self.emit(st, i, kind)
        return True

    # Kotlin: "x $y ${z}" and raw """x $y"""
    def str_kt(self):
        s, i = self.s, self.i
        if s[i] == "'":
            j = i + 1
            while j < len(s) and s[j] != "'":
                j += 2 if s[j] == '\\' else 1
            self.toks.append(Tok('char', s[i:j + 1], i, j + 1))
            self.i = j + 1
            return True
        if s[i] != '"':
            return False
        raw = s.startswith('"""', i)
        q = '"""' if raw else '"'
        st = Str()
        j, n = i + len(q), len(s)
        while j < n:
            if s.startswith(q, j):
                while raw and s.startswith('""""', j):  # extra quotes belong to the content
                    st.add('"', j)
                    j += 1
                j += len(q)
                break
            c = s[j]
            if c == '\\' and not raw:
                j = self.escape(st, j, 'java')
                continue
            if c == '$' and s.startswith('${', j):
                k = self.skip_braces(j + 1)
                expr = s[j + 2:k - 1]
                if expr.strip() in ("'$'", '"$"'):
                    st.add('$', j)
                else:
                    self.add_hole(st, expr, j)
                j = k
                continue
            if c == '$' and j + 1 < n and (s[j + 1].isalpha() or s[j + 1] == '_'):
                m = re.compile(r'[A-Za-z_][A-Za-z0-9_]*').match(s, j + 1)
                self.add_hole(st, m.group(), j)
                j = m.end()
                continue
            st.add(c, j)
            j += 1
        self.i = j
        self.emit(st, i, 'kt:' + ('raw' if raw else 'quoted'))
        return True

    # C#: "x" @"x" $"x{y}" $@"x" raw """x"""
    def str_cs(self):
        s, i = self.s, self.i
        if s[i] == "'":
            j = i + 1
            while j < len(s) and s[j] != "'":
                j += 2 if s[j] == '\\' else 1
            self.toks.append(Tok('char', s[i:j + 1], i, j + 1))
            self.i = j + 1
            return True
        m = re.compile(r'(\$*)(@?)(\$*)("""+|")').match(s, i)
        if not m:
            return False
        dollars = len(m.group(1)) + len(m.group(3))
        verbatim = m.group(2) == '@'
        q = m.group(4)
        st = Str()
        j, n = m.end(), len(s)
        if len(q) >= 3:
            return self.cs_raw(i, m.end(), q, dollars)
        while j < n:
            c = s[j]
            if c == '"':
                if verbatim and s[j + 1:j + 2] == '"':
                    st.add('"', j)
                    j += 2
                    continue
                j += 1
                break
            if c == '\\' and not verbatim:
                j = self.escape(st, j, 'cs')
                continue
            if dollars and c in '{}':
                if s[j + 1:j + 2] == c:
                    st.add(c, j)
                    j += 2
                    continue
                if c == '{':
                    k = self.skip_braces(j)
                    expr = s[j + 1:k - 1]
                    self.add_hole(st, re.split(r'[:,]', expr)[0] if '(' not in expr else expr, j)
                    j = k
                    continue
            st.add(c, j)
            j += 1
        self.i = j
        self.emit(st, i, 'cs:' + ('verbatim' if verbatim else 'quoted') + (':interpolated' if dollars else ''))
        return True

    def cs_raw(self, i, j, q, dollars):
        s = self.s
        end = s.find(q, j)
        content = s[j:end]
        st = Str()
        if '\n' not in content:
            for k, ch in enumerate(content):
                st.add(ch, j + k)
        else:
            first_nl = s.find('\n', j)
            last_nl = s.rfind('\n', j, end)
            ind = end - last_nl - 1
            k = first_nl + 1
            while k <= last_nl:
                nl = s.find('\n', k)
                line = s[k:nl]
                body_off = k + min(ind, len(line) - len(line.lstrip(' \t')))
                for p in range(body_off, nl):
                    if s[p] != '\r':
                        st.add(s[p], p)
                if nl < last_nl:
                    st.add('\n', nl)
                k = nl + 1
        if dollars:   # holes are {x} with as many braces as dollars
            text, pos = st.chars, st.pos
            out = Str()
            open_, close = '{' * dollars, '}' * dollars
            t = ''.join(text)
            p = 0
            while p < len(t):
                if t.startswith(open_, p):
                    k = t.find(close, p)
                    self.add_hole(out, t[p + dollars:k], pos[p])
                    p = k + dollars
                    continue
                out.add(t[p], pos[p])
                p += 1
            st = out
        self.i = end + len(q)
        self.emit(st, i, 'cs:raw')
        return True

    # PHP: 'x' "x $y {$z}" <<<ID heredoc <<<'ID' nowdoc
    def str_php(self):
        s, i = self.s, self.i
        if s.startswith('<<<', i):
            m = re.compile(r'<<<[ \t]*(["\']?)([A-Za-z_][A-Za-z0-9_]*)\1\r?\n').match(s, i)
            if not m:
                return False
            ident, nowdoc = m.group(2), m.group(1) == "'"
            body_start = m.end()
            end_re = re.compile(r'^([ \t]*)' + ident + r'\b', re.M)
            em = end_re.search(s, body_start)
            ind = len(em.group(1))
            body_end = max(body_start, em.start() - 1)   # the newline before the closing line is not content
            st = Str()
            k = body_start
            while k < body_end:
                nl = s.find('\n', k, body_end)
                nl = body_end if nl < 0 else nl
                line_start = k + min(ind, len(s[k:nl]) - len(s[k:nl].lstrip(' \t')))
                self.php_content(st, line_start, nl, interp=not nowdoc, quote=None)
                if nl < body_end:
                    st.add('\n', nl)
                k = nl + 1
            self.i = em.end()
            self.emit(st, i, 'php:' + ('nowdoc' if nowdoc else 'heredoc'))
            return True
        q = s[i]
        if q not in '\'"':
            return False
        st = Str()
        j, n = i + 1, len(s)
        if q == "'":
            while j < n and s[j] != "'":
                if s[j] == '\\' and s[j + 1:j + 2] in ("'", '\\'):
                    st.add(s[j + 1], j)
                    j += 2
                    continue
                st.add(s[j], j)
                j += 1
            self.i = j + 1
            self.emit(st, i, 'php:single')
            return True
        k = j
        while k < n and s[k] != '"':
            k += 2 if s[k] == '\\' else 1
        self.php_content(st, j, k, interp=True, quote='"')
        self.i = k + 1
        self.emit(st, i, 'php:double')
        return True

    def php_content(self, st, j, end, interp, quote):
        s = self.s
        while j < end:
            c = s[j]
            if c == '\\' and interp:
                if quote is None and s[j + 1:j + 2] == '"':   # heredoc keeps \"
                    st.add('\\', j)
                    j += 1
                    continue
                j = self.escape(st, j, 'php')
                continue
            if interp and c == '{' and s[j + 1:j + 2] == '$':
                k = self.skip_braces(j)
                self.add_hole(st, s[j + 1:k - 1], j)
                j = k
                continue
            if interp and c == '$' and s[j + 1:j + 2] == '{':
                k = self.skip_braces(j + 1)
                self.add_hole(st, s[j + 2:k - 1], j)
                j = k
                continue
            if interp and c == '$' and j + 1 < end and (s[j + 1].isalpha() or s[j + 1] == '_'):
                m = re.compile(r'\$[A-Za-z_][A-Za-z0-9_]*(?:->[A-Za-z_][A-Za-z0-9_]*|\[[^\]]*\])?').match(s, j)
                self.add_hole(st, m.group(), j)
                j = m.end()
                continue
            st.add(c, j)
            j += 1

    # Ruby: 'x' "x #{y}" %q() %Q() %() heredocs <<~ID <<-ID <<ID
    def str_rb(self):
        s, i = self.s, self.i
        n = len(s)
        if s.startswith('<<', i):
            m = re.compile(r'<<([~-]?)(["\'`]?)([A-Za-z_][A-Za-z0-9_]*)\2').match(s, i)
            if not m or (not m.group(1) and not m.group(2) and not m.group(3).isupper()):
                return False
            t = self.prev_sig()
            if not m.group(1) and t is not None and (t.kind in ('ident', 'num', 'str') or t.val in (')', ']')):
                return False
            tok = Tok('str', 'rb:heredoc', i, m.end(), Str())
            self.toks.append(tok)
            self.pending_heredocs.append((tok, m.group(3), m.group(1) == '~', m.group(1) in '~-' and m.group(1) != '',
                                          m.group(2) != "'"))
            self.i = m.end()
            return True
        if s[i] == '%' and i + 1 < n:
            m = re.compile(r'%([qQwWiIr]?)([^\sA-Za-z0-9])').match(s, i)
            t = self.prev_sig()
            if not m or (t is not None and (t.kind in ('ident', 'num', 'str') and t.val not in
                                           ('return', 'puts', 'when', 'then', 'do', 'and', 'or', 'not')
                                           or t.val in (')', ']', '}'))):
                return False
            kind, open_ = m.group(1), m.group(2)
            close = {'(': ')', '[': ']', '{': '}', '<': '>'}.get(open_, open_)
            st = Str()
            j, depth = m.end(), 0
            interp = kind in ('', 'Q', 'W', 'I', 'r')
            while j < n:
                c = s[j]
                if c == '\\':
                    if interp:
                        j = self.escape(st, j, 'rb')
                    else:
                        if s[j + 1:j + 2] in ('\\', close, open_):
                            st.add(s[j + 1], j)
                        else:
                            st.add('\\', j)
                            st.add(s[j + 1], j + 1)
                        j += 2
                    continue
                if c == open_ and open_ != close:
                    depth += 1
                elif c == close:
                    if depth == 0:
                        j += 1
                        break
                    depth -= 1
                if interp and s.startswith('#{', j):
                    k = self.skip_braces(j + 1)
                    self.add_hole(st, s[j + 2:k - 1], j)
                    j = k
                    continue
                st.add(c, j)
                j += 1
            self.i = j
            if kind in ('w', 'W', 'i', 'I', 'r'):
                self.toks.append(Tok('other', s[i:j], i, j))
            else:
                self.emit(st, i, 'rb:percent')
            return True
        q = s[i]
        if q not in '\'"':
            return False
        st = Str()
        j = i + 1
        while j < n and s[j] != q:
            c = s[j]
            if c == '\\':
                if q == "'":
                    if s[j + 1:j + 2] in ("'", '\\'):
                        st.add(s[j + 1], j)
                    else:
                        st.add('\\', j)
                        st.add(s[j + 1], j + 1)
                    j += 2
                else:
                    j = self.escape(st, j, 'rb')
                continue
            if q == '"' and s.startswith('#{', j):
                k = self.skip_braces(j + 1)
                self.add_hole(st, s[j + 2:k - 1], j)
                j = k
                continue
            st.add(c, j)
            j += 1
        self.i = j + 1
        self.emit(st, i, 'rb:' + ('single' if q == "'" else 'double'))
        return True

    def read_ruby_heredocs(self):
        s, n = self.s, len(self.s)
        for tok, ident, squiggly, dash, interp in self.pending_heredocs:
            lines = []
            k = self.i
            end = n
            while k < n:
                nl = s.find('\n', k)
                nl = n if nl < 0 else nl
                line = s[k:nl].rstrip('\r')
                if (line.strip() if (squiggly or dash) else line) == ident:
                    end = nl + 1
                    break
                lines.append((k, nl))
                k = nl + 1
            ind = 0
            if squiggly:
                inds = [len(s[a:b]) - len(s[a:b].lstrip(' \t')) for a, b in lines if s[a:b].strip()]
                ind = min(inds) if inds else 0
            st = tok.str
            for a, b in lines:
                line_ind = len(s[a:b]) - len(s[a:b].lstrip(' \t'))
                j = a + min(ind, line_ind)
                while j < b:
                    c = s[j]
                    if c == '\r':
                        j += 1
                        continue
                    if interp and c == '\\':
                        j = self.escape(st, j, 'rb')
                        continue
                    if interp and s.startswith('#{', j):
                        kk = self.skip_braces(j + 1)
                        self.add_hole(st, s[j + 2:kk - 1], j)
                        j = kk
                        continue
                    st.add(c, j)
                    j += 1
                st.add('\n', b)
            st.kind('rb:heredoc' + ('~' if squiggly else '-' if dash else ''))
            tok.end = end
            self.i = end
        self.pending_heredocs = []

    # Go: "x" `x` 'r' (only counted)
    def str_go(self):
        s, i = self.s, self.i
        q = s[i]
        if q == "'":
            j = i + 1
            while j < len(s) and s[j] != "'":
                j += 2 if s[j] == '\\' else 1
            self.toks.append(Tok('char', s[i:j + 1], i, j + 1))
            self.i = j + 1
            return True
        if q not in '"`':
            return False
        st = Str()
        j, n = i + 1, len(s)
        while j < n and s[j] != q:
            if s[j] == '\\' and q == '"':
                j = self.escape(st, j, 'java')
                continue
            st.add(s[j], j)
            j += 1
        self.i = j + 1
        self.emit(st, i, 'go:' + ('raw' if q == '`' else 'quoted'))
        return True


CONCAT = {'py': '+', 'js': '+', 'java': '+', 'kt': '+', 'cs': '+', 'go': '+', 'rb': '+', 'php': '.'}
MEMBER = {'py': ('.',), 'js': ('.', '?.'), 'java': ('.',), 'kt': ('.', '?.'), 'cs': ('.', '?.'),
          'go': ('.',), 'rb': ('.', '::', '&.'), 'php': ('->', '::', '?->')}


class File:
    def __init__(self, path, rel, lang):
        self.rel = rel
        self.lang = lang
        with open(path, encoding='utf-8', errors='replace') as f:
            self.src = f.read()
        self.lex = Lexer(self.src, lang)
        self.toks = [t for t in self.lex.run() if t.kind != 'regex']
        self.match = self.pair_brackets()
        self.consts = {}      # name -> list of (token index of value start)
        self.used = {}        # name -> times substituted
        self.def_at = {}      # token index of a constant's value -> name
        self.assigned = {}    # name -> assignments of any value (a constant is assigned once)
        self.fragments = set()  # literals returned by functions spliced into scripts: not scripts of their own

    def pair_brackets(self):
        match, stack = {}, []
        for k, t in enumerate(self.toks):
            if t.kind != 'op':
                continue
            if t.val in '([{':
                stack.append(k)
            elif t.val in ')]}' and stack:
                o = stack.pop()
                match[o], match[k] = k, o
        return match

    def primary(self, j):
        """End (exclusive) of the primary expression starting at token j, or None."""
        toks, lang = self.toks, self.lang
        if j >= len(toks):
            return None
        t = toks[j]
        if t.kind in ('ident', 'num', 'str', 'char'):
            k = j + 1
            if lang == 'php' and t.kind == 'ident' and t.val.startswith('$') is False and k < len(toks) \
                    and toks[k].val == '::':
                pass
        elif t.kind == 'op' and t.val == '(' and j in self.match:
            k = self.match[j] + 1
        elif t.kind == 'op' and t.val in ('-', '!') and j + 1 < len(toks):
            return self.primary(j + 1)
        else:
            return None
        while k < len(toks):
            tk = toks[k]
            if tk.kind == 'op' and tk.val in MEMBER[lang] and k + 1 < len(toks) and toks[k + 1].kind == 'ident':
                k += 2
            elif tk.kind == 'op' and tk.val in ('(', '[') and k in self.match and \
                    toks[k - 1].kind != 'str':
                k = self.match[k] + 1
            elif tk.kind == 'op' and tk.val in ('!!',) and lang in ('kt',):
                k += 1
            else:
                break
        return k

    def splice(self, lit, seen):
        """An interpolation hole naming a same-file constant becomes the constant's text."""
        if not lit.holes or not self.consts:
            return lit
        text = lit.text()
        out = Str()
        out.kinds = list(lit.kinds)
        by_off = {off: (name, expr) for name, off, expr in lit.holes}
        p = 0
        while p < len(text):
            h = by_off.get(lit.pos[p])
            if h and text.startswith(h[0], p):
                name, expr = h
                e = expr.strip()
                if re.fullmatch(r'[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+', e):
                    e = e.split('.')[-1]   # Class.CONSTANT
                if self.is_const(e) and e not in seen:
                    sub, _ = self.chain_from(self.consts[e][0], seen + (e,))
                    out.extend(sub)
                    out.kind('const')
                    self.used[e] = self.used.get(e, 0) + 1
                else:
                    out.holes.append((name, lit.pos[p], expr))
                    for q in range(p, p + len(name)):
                        out.add(text[q], lit.pos[q])
                p += len(name)
                continue
            out.add(text[p], lit.pos[p])
            p += 1
        return out

    def chain_from(self, j, seen=()):
        """Concatenation starting at string token j: (Str, end token index)."""
        toks, lang = self.toks, self.lang
        st = Str()
        if toks[j].kind == 'str':
            st.extend(self.splice(toks[j].str, seen))
            k = j + 1
        else:   # a constant's value that starts with another constant: A = B + "..."
            k = self.primary(j)
            self.operand(st, j, k, seen)
        cat = CONCAT[lang]
        while k < len(toks):
            t = toks[k]
            if t.kind == 'str' and lang in ('py', 'rb'):   # adjacent literals
                st.extend(self.splice(t.str, seen))
                k += 1
                continue
            if t.kind == 'op' and t.val == cat and k + 1 < len(toks):
                nxt = toks[k + 1]
                if nxt.kind == 'str':
                    end = k + 2
                    # "a" + "b".method() is not a plain concatenation of "b"
                    if end < len(toks) and toks[end].kind == 'op' and toks[end].val in MEMBER[lang] and lang != 'php':
                        pe = self.primary(k + 1)
                        self.operand(st, k + 1, pe, seen)
                        k = pe
                        continue
                    st.extend(self.splice(nxt.str, seen))
                    k = end
                    continue
                pe = self.primary(k + 1)
                if pe is None:
                    break
                self.operand(st, k + 1, pe, seen)
                k = pe
                continue
            break
        return st, k

    def operand(self, st, a, b, seen):
        """Appends the value of tokens a..b: a same-file constant, else a hole."""
        toks = self.toks
        names = [t.val for t in toks[a:b] if t.kind == 'ident']
        plain = all(t.kind == 'ident' or (t.kind == 'op' and t.val in MEMBER[self.lang]) for t in toks[a:b])
        if plain and names:
            name = names[-1]
            if self.is_const(name) and name not in seen:
                vj = self.consts[name][0]
                sub, _ = self.chain_from(vj, seen + (name,))
                st.extend(sub)
                st.kind('const')
                self.used[name] = self.used.get(name, 0) + 1
                return
        if b - a >= 3 and toks[b - 1].val == ')' and toks[b - 2].val == '(' and toks[b - 3].kind == 'ident':
            fn = toks[b - 3].val
            ret = self.function_return(fn)
            if ret is not None and fn not in seen:
                sub, _ = self.chain_from(ret, seen + (fn,))
                st.extend(sub)
                st.kind('method-return')
                return
        if b - a == 1 and toks[a].kind == 'num':
            for k, ch in enumerate(toks[a].val):
                st.add(ch, toks[a].off + k)
            return
        expr = self.src[toks[a].off:toks[b - 1].end]
        self.add_hole(st, expr, toks[a].off)

    def add_hole(self, st, expr, off):
        self.lex.add_hole(st, expr, off)
        st.kind('concat-hole')

    def function_return(self, name):
        """PHP/JS `function name()` of this file that returns literals: the token of its first returned literal
        (symfony's getNowCode returns the Redis >= 5 variant first)."""
        if self.lang not in ('php', 'js'):
            return None
        toks = self.toks
        for k in range(len(toks) - 3):
            if toks[k].val == 'function' and toks[k + 1].val == name and toks[k + 2].val == '(' and k + 2 in self.match:
                j = self.match[k + 2] + 1
                while j < len(toks) and toks[j].val != '{':
                    j += 1
                if j not in self.match:
                    return None
                rets = [r + 1 for r in range(j, self.match[j]) if toks[r].val == 'return' and toks[r + 1].kind == 'str']
                self.fragments.update(rets)
                return rets[0] if rets else None
        return None

    def is_const(self, name):
        return len(self.consts.get(name, ())) == 1 and self.assigned.get(name) == 1

    def find_consts(self):
        """NAME = "..." (or NAME = Wrapper("...") / Wrapper<T>.Fragment($"...")): same-file constants."""
        toks = self.toks
        for k in range(1, len(toks) - 1):
            t = toks[k]
            if not (t.kind == 'op' and t.val in ('=', ':=') and toks[k - 1].kind == 'ident'):
                continue
            if self.lang == 'php' and k >= 2 and toks[k - 2].val in ('->', '::'):
                continue
            name = toks[k - 1].val
            self.assigned[name] = self.assigned.get(name, 0) + 1
            j = k + 1
            if toks[j].kind == 'ident' and j + 1 < len(toks) and toks[j + 1].val == CONCAT[self.lang]:
                pass   # NAME = OTHER + ...: resolved through chain_from's operands
            elif toks[j].kind != 'str':
                # a wrapper call whose only argument is the literal
                while j < len(toks) and (toks[j].kind == 'ident' or toks[j].val in ('.', '<', '>', ',', '::')):
                    j += 1
                if j == k + 1 or j + 1 >= len(toks) or toks[j].val != '(' or toks[j + 1].kind != 'str':
                    continue
                _, end = self.chain_from(j + 1)
                while end + 2 < len(toks) and toks[end].val == '.' and toks[end + 1].kind == 'ident' and \
                        toks[end + 2].val == '(' and self.match.get(end + 2) == end + 3:
                    end += 4
                if end >= len(toks) or self.match.get(j) != end:
                    continue
                j += 1
            self.consts.setdefault(name, []).append(j)
            self.def_at[j] = name

    def scripts(self):
        """Yields (Str, token index) for each script, the longest concatenation first."""
        self.find_consts()
        self.used = {}
        toks = self.toks
        out = []
        k = 0
        cat = CONCAT[self.lang]
        while k < len(toks):
            t = toks[k]
            if t.kind == 'ident' and self.is_const(t.val) and k + 1 < len(toks) and toks[k + 1].val == cat and \
                    (k == 0 or toks[k - 1].val not in (cat,) + MEMBER[self.lang]):
                # a concatenation of constants only: A = B + C + D
                parts, j = [], k
                while True:
                    pe = self.primary(j)
                    if pe is None:
                        break
                    parts.append((j, pe))
                    if pe < len(toks) and toks[pe].val == cat:
                        j = pe + 1
                        continue
                    break
                if len(parts) > 1 and not any(x.kind == 'str' for a_, b_ in parts for x in toks[a_:b_]):
                    st = Str()
                    for a_, b_ in parts:
                        self.operand(st, a_, b_, ())
                    out.append((st, k, k))
                    k = parts[-1][1]
                    continue
            if t.kind != 'str':
                k += 1
                continue
            st, end = self.chain_from(k)
            # a chain may start with constants or holes: NAME + "..."
            a = k
            lead = []
            while a >= 2 and toks[a - 1].kind == 'op' and toks[a - 1].val == CONCAT[self.lang]:
                b = a - 1
                c = b - 1
                while c > 0 and (toks[c].kind == 'ident' or toks[c].val in MEMBER[self.lang]) and \
                        toks[c - 1].val in MEMBER[self.lang]:
                    c -= 2 if toks[c].val not in MEMBER[self.lang] else 1
                if toks[c].kind != 'ident' or (c > 0 and toks[c - 1].val in MEMBER[self.lang]):
                    break
                lead.insert(0, (c, b))
                a = c
            if lead:
                full = Str()
                for c, b in lead:
                    self.operand(full, c, b, ())
                full.extend(st)
                st = full
            st = self.format_holes(st, end, a)
            out.append((st, k, a))
            k = max(end, k + 1)
        return out

    def format_holes(self, st, end, first):
        """A literal used as a format string: %s (Python %, sprintf, String.format) or {0}/{name}."""
        toks, lang = self.toks, self.lang
        nxt = toks[end] if end < len(toks) else None
        nxt2 = toks[end + 1] if end + 1 < len(toks) else None
        style = None
        if nxt is not None and nxt.kind == 'op' and nxt.val == '%' and lang in ('py', 'rb'):
            style = 'percent'
        elif nxt is not None and nxt.val == '.' and nxt2 is not None and nxt2.val in ('format', 'formatted') \
                and lang in ('py', 'java', 'kt'):
            style = 'braces' if lang == 'py' else 'percent'
        else:
            # sprintf("...", ...), String.format("...", ...), string.Format("...")
            if first >= 2 and toks[first - 1].val == '(':
                fn = toks[first - 2].val
                if fn in ('sprintf', 'format', 'vsprintf', 'printf'):
                    style = 'percent'
                if fn == 'Format' and lang == 'cs':
                    style = 'braces'
        if style is None:
            return st
        text = st.text()
        out = Str()
        out.kinds = list(st.kinds) + ['format']
        out.holes = list(st.holes)
        p = 0
        n_arg = 0
        while p < len(text):
            if style == 'percent' and text[p] == '%':
                m = re.compile(r'%(?:\(([A-Za-z_]\w*)\))?[-+ #0]*\d*(?:\.\d+)?[sdifxXr%]').match(text, p)
                if m and m.group().endswith('%') and m.end() - p == 2:
                    out.add('%', st.pos[p])
                    p += 2
                    continue
                if m:
                    n_arg += 1
                    self.lex.add_hole(out, m.group(1) or 'arg%d' % n_arg, st.pos[p])
                    p = m.end()
                    continue
            if style == 'braces' and text[p] in '{}':
                if text[p + 1:p + 2] == text[p]:
                    out.add(text[p], st.pos[p])
                    p += 2
                    continue
                m = re.compile(r'\{([A-Za-z_0-9]*)(?:[:!][^}]*)?\}').match(text, p)
                if m:
                    n_arg += 1
                    name = m.group(1) if m.group(1) and not m.group(1).isdigit() else 'arg%s' % (m.group(1) or n_arg)
                    self.lex.add_hole(out, name, st.pos[p])
                    p = m.end()
                    continue
            out.add(text[p], st.pos[p])
            p += 1
        return out


def fix_statement_holes(st):
    """A hole alone on its line is a statement the host splices in: make it a call. A hole that is a
    whole quoted command name (redis.call('$cmd', ...)) loses its quotes, which become spaces: the
    command is chosen by the host, not the literal HOST_cmd."""
    text = st.text()
    for m in re.finditer(r'(?:redis|server)\s*\.\s*p?call\s*\(\s*([\'"])HOST_\w+\1', text):
        st.chars[m.start(1)] = ' '
        st.chars[m.end() - 1] = ' '
    text = st.text()
    out = Str()
    out.kinds, out.holes = st.kinds, st.holes
    p = 0
    n = len(text)
    while p < n:
        m = re.compile(r'HOST_[A-Za-z0-9_]+').match(text, p)
        if m and (p == 0 or not (text[p - 1].isalnum() or text[p - 1] == '_')):
            line_start = text.rfind('\n', 0, p) + 1
            line_end = text.find('\n', m.end())
            line_end = n if line_end < 0 else line_end
            before, after = text[line_start:p], text[m.end():line_end]
            for q in range(p, m.end()):
                out.add(text[q], st.pos[q])
            if not before.strip() and not after.strip() and (not before or '--' not in before):
                out.add('(', st.pos[m.end() - 1])
                out.add(')', st.pos[m.end() - 1])
            p = m.end()
            continue
        out.add(text[p], st.pos[p])
        p += 1
    return out


def se_redis_params(st):
    """StackExchange.Redis LuaScript.Prepare: @name becomes ARGV[i], i by first appearance."""
    text = st.text()
    names = []
    for m in re.finditer(r'@([A-Za-z_][A-Za-z0-9_]*)', text):
        prev = text[m.start() - 1] if m.start() > 0 else ''
        if prev.isalnum() or prev in '_@':
            continue
        if m.group(1) not in names:
            names.append(m.group(1))
    if not names:
        return st
    out = Str()
    out.kinds, out.holes = st.kinds + ['se-redis-params'], st.holes
    p = 0
    while p < len(text):
        m = re.compile(r'@([A-Za-z_][A-Za-z0-9_]*)').match(text, p)
        if m and m.group(1) in names and not (p > 0 and (text[p - 1].isalnum() or text[p - 1] in '_@')):
            for ch in 'ARGV[%d]' % (names.index(m.group(1)) + 1):
                out.add(ch, st.pos[p])
            p = m.end()
            continue
        out.add(text[p], st.pos[p])
        p += 1
    return out


def keys_args_holes(st):
    """DistributedLock's RedisScript: a key getter hole becomes KEYS[n], any other ARGV[n]."""
    text = st.text()
    keys, args = [], []
    out = Str()
    out.kinds, out.holes = st.kinds + ['keys-args-holes'], []
    hole_at = {}
    for name, off, expr in st.holes:
        hole_at.setdefault(off, (name, expr))
    p = 0
    while p < len(text):
        off = st.pos[p]
        if off in hole_at and text.startswith(hole_at[off][0], p):
            name, expr = hole_at[off]
            if re.search(r'key', expr, re.I):
                if expr not in keys:
                    keys.append(expr)
                rep = 'KEYS[%d]' % (keys.index(expr) + 1)
            else:
                if expr not in args:
                    args.append(expr)
                rep = 'ARGV[%d]' % (args.index(expr) + 1)
            for ch in rep:
                out.add(ch, off)
            p += len(name)
            continue
        out.add(text[p], off)
        p += 1
    return out


def anchors(st, f):
    """Runs of Lua text that sit contiguously in the host file: lua offset:host line:host col."""
    res = []
    prev = None
    for idx, (ch, off) in enumerate(zip(st.chars, st.pos)):
        if prev is None or off != prev + 1 or st.chars[idx - 1] != f.src[prev:prev + 1]:
            ln, col = f.lex.linecol(off)
            res.append('%d:%d:%d' % (idx, ln, col))
        prev = off
    return ','.join(res)


def walk(root, paths):
    for p in paths or ['.']:
        full = os.path.normpath(os.path.join(root, p))
        if os.path.isfile(full):
            yield full
            continue
        for d, dirs, files in os.walk(full):
            dirs[:] = sorted(x for x in dirs if x not in ('.git', 'node_modules', 'extracted'))
            for name in sorted(files):
                yield os.path.join(d, name)


def extract(root, paths, out, holes_mode):
    os.makedirs(out, exist_ok=True)
    for old in os.listdir(out):
        if old.endswith('.lua') or old in ('manifest.tsv', 'anchors.tsv', 'holes.yaml'):
            os.remove(os.path.join(out, old))
    manifest = []
    anchor_rows = []
    hole_names = set()
    counts = {}
    for path in walk(root, paths):
        base = os.path.basename(path)
        ext = os.path.splitext(path)[1]
        if ext not in EXT_LANG or base.endswith('.d.ts') or base.endswith('.min.js'):
            continue
        if base.endswith('_test.go'):   # lint-lua go runs without --tests here
            continue
        lang = EXT_LANG[ext]
        rel = os.path.relpath(path, root)
        with open(path, encoding='utf-8', errors='replace') as fh:
            if not QUICK.search(fh.read()):   # no script can be built without these words
                continue
        f = File(path, rel, lang)
        found = f.scripts()
        # a constant that is only ever spliced into longer scripts is a fragment, not a script
        keep = []
        for st, k, a in found:
            if not is_script(st.text()):
                continue
            if k in f.fragments:
                continue
            d = a if a in f.def_at else k
            if d in f.def_at:
                name = f.def_at[d]
                refs = sum(1 for t in f.toks if t.kind == 'ident' and t.val == name) - len(f.consts.get(name, []))
                if f.used.get(name, 0) and refs <= f.used[name]:
                    continue
            keep.append((st, k, a))
        for st, k, a in keep:
            if lang == 'cs' and 'LuaScript' in f.src:
                st = se_redis_params(st)
            if holes_mode == 'keys-args' and lang == 'cs':
                st = keys_args_holes(st)
            st = fix_statement_holes(st)
            first = st.pos[0] if st.pos else f.toks[k].off
            ln, col = f.lex.linecol(first)
            how = '+'.join(st.kinds)
            counts[lang] = counts.get(lang, 0) + 1
            nlines = st.text().count('\n') + 1
            if lang == 'go':
                manifest.append(('-', rel, ln, col, how, nlines))
                continue
            # named after where the script is written (its first literal or constant), which for a
            # script that starts with a constant is not where its first byte comes from
            use_ln, use_col = f.lex.linecol(f.toks[a].off)
            name = rel.replace(os.sep, '__') + '_L%d' % use_ln
            taken = {m[0] for m in manifest}
            if name + '.lua' in taken:
                name += '_C%d' % use_col
            n = 2
            while name + '.lua' in taken:
                name = re.sub(r'(_\d+)?$', '_%d' % n, name, count=1) if n > 2 else name + '_2'
                n += 1
            with open(os.path.join(out, name + '.lua'), 'w', encoding='utf-8') as fh:
                fh.write(st.text())
            manifest.append((name + '.lua', rel, ln, col, how, nlines))
            anchor_rows.append((name + '.lua', anchors(st, f)))
            for h in re.findall(r'\bHOST_[A-Za-z0-9_]+', st.text()):
                hole_names.add(h)
    with open(os.path.join(out, 'manifest.tsv'), 'w', encoding='utf-8') as fh:
        fh.write('lua_file\thost_file\thost_line\thost_col\thow\tlua_lines\n')
        for row in manifest:
            fh.write('\t'.join(str(x) for x in row) + '\n')
    with open(os.path.join(out, 'anchors.tsv'), 'w', encoding='utf-8') as fh:
        for row in anchor_rows:
            fh.write('\t'.join(row) + '\n')
    with open(os.path.join(out, 'holes.yaml'), 'w', encoding='utf-8') as fh:
        fh.write('# Placeholders extract-host-lua.py put where the host program splices a value into the script.\n')
        fh.write('rules:\n  undefined-global:\n    options:\n      globals: [%s]\n' % ', '.join(sorted(hole_names)))
    return counts


def where(spec):
    m = re.match(r'(.*\.lua):(\d+)(?::(\d+))?$', spec)
    if not m:
        sys.exit('--where takes FILE.lua:LINE[:COL]')
    path, line, col = m.group(1), int(m.group(2)), int(m.group(3) or 1)
    d, name = os.path.split(path)
    with open(path, encoding='utf-8') as fh:
        text = fh.read()
    lines = text.split('\n')
    # lint-lua columns count bytes; turn the column into a character offset
    lb = lines[line - 1].encode('utf-8')[:col - 1].decode('utf-8', errors='ignore')
    off = sum(len(x) + 1 for x in lines[:line - 1]) + len(lb)
    host = None
    with open(os.path.join(d, 'manifest.tsv'), encoding='utf-8') as fh:
        for row in fh:
            cols = row.rstrip('\n').split('\t')
            if cols[0] == name:
                host = cols[1]
    with open(os.path.join(d, 'anchors.tsv'), encoding='utf-8') as fh:
        for row in fh:
            cols = row.rstrip('\n').split('\t')
            if cols[0] != name:
                continue
            best = None
            for a in cols[1].split(','):
                lo, hl, hc = (int(x) for x in a.split(':'))
                if lo <= off:
                    best = (lo, hl, hc)
            lo, hl, hc = best
            # within one anchored run the text is the host's, newlines included
            seg = text[lo:off]
            nl = seg.count('\n')
            if nl:
                print('%s:%d:%d' % (host, hl + nl, len(seg) - seg.rfind('\n')))
            else:
                print('%s:%d:%d' % (host, hl, hc + len(seg)))
            return
    sys.exit('%s: not in anchors.tsv' % name)


# Each case: language, host source, the Lua texts expected (in order).
SELF_TESTS = [
    ('py', 'X = """\nreturn redis.call("GET", KEYS[1])\n"""\n',
     ['\nreturn redis.call("GET", KEYS[1])\n']),
    ('py', "S = ('local a = KEYS[1] '\n     'return redis.call(\"GET\", a)')\n",
     ['local a = KEYS[1] return redis.call("GET", a)']),
    ('py', 'S = f"return redis.call(\'GET\', \'{p}:x\') or {{}}"\n',
     ["return redis.call('GET', 'HOST_p:x') or {}"]),
    ('py', 'S = "return redis.call(\'%s\', KEYS[1], %d)" % (c, n)\n',
     ["return redis.call( HOST_arg1 , KEYS[1], HOST_arg2)"]),
    ('js', "const s = 'local n = redis.call(\"INCR\", \"' + prefix + ':n\")\\n\\\n  return n'\n",
     ['local n = redis.call("INCR", "HOST_prefix:n")\n  return n']),
    ('js', 'const s = `return redis.call("GET", "${a.b}")`; const r = /["`]/g\n',
     ['return redis.call("GET", "HOST_b")']),
    ('java', 'String s = "if redis.call(\'get\', KEYS[1]) == ARGV[1] then " +\n    "return 1; end; return 0";\n',
     ["if redis.call('get', KEYS[1]) == ARGV[1] then return 1; end; return 0"]),
    ('java', 'String s = """\n      local v = redis.call("GET", KEYS[1])  \n      return v\n      """;\n',
     ['local v = redis.call("GET", KEYS[1])\nreturn v\n']),
    ('java', 'static final String A = "local x = 1; ";\nString s = A + "return redis.call(\'GET\', KEYS[1])";\n',
     ["local x = 1; return redis.call('GET', KEYS[1])"]),
    ('java', 'static final String A = "local x = 1; ";\nstatic final String C = A + "local y = 2; ";\n'
             'static final String B = "return redis.call(\'GET\', KEYS[1])";\nString S = C + B;\n',
     ["local x = 1; local y = 2; return redis.call('GET', KEYS[1])"]),
    ('kt', 'val s = """\n    return redis.call("GET", "$key:${id}")\n""".trimIndent()\n',
     ['\n    return redis.call("GET", "HOST_key:HOST_id")\n']),
    ('php', "<?php\n$s = <<<'LUA'\n    return redis.call('GET', KEYS[1])\n    LUA;\n",
     ["return redis.call('GET', KEYS[1])"]),
    ('php', "<?php\n$s = 'local t = '.$this->now().'\nreturn redis.call(\"GET\", KEYS[1])';\n",
     ['local t = HOST_now\nreturn redis.call("GET", KEYS[1])']),
    ('php', '<?php\n$s = "return redis.call(\'$cmd\', KEYS[1], {$o->ttl})";\n',
     ["return redis.call( HOST_cmd , KEYS[1], HOST_ttl)"]),
    ('rb', 'S = <<~LUA.freeze\n  local k = KEYS[1]\n    return redis.call("GET", k, #{ttl})\nLUA\nx = 1\n',
     ['local k = KEYS[1]\n  return redis.call("GET", k, HOST_ttl)\n']),
    ('rb', "S = %q(return redis.call('GET', KEYS[1]))\n", ["return redis.call('GET', KEYS[1])"]),
    ('cs', 'var s = @"if redis.call(""GET"", KEYS[1]) == ARGV[1] then return 1 end";\n',
     ['if redis.call("GET", KEYS[1]) == ARGV[1] then return 1 end']),
    ('cs', 'var p = LuaScript.Prepare("return redis.call(\\"INCR\\", @key) + @key + @n");\n',
     ['return redis.call("INCR", ARGV[1]) + ARGV[1] + ARGV[2]']),
    ('cs', 'var s = """\n        return redis.call("GET", KEYS[1])\n        """;\n',
     ['return redis.call("GET", KEYS[1])']),
    ('cs', 'var s = $@"local v = redis.call(\'get\', {key}) return {{v}}";\n',
     ["local v = redis.call('get', HOST_key) return {v}"]),
]


def self_test():
    import tempfile
    ext = {v: k for k, v in EXT_LANG.items() if k in ('.py', '.js', '.java', '.kt', '.php', '.rb', '.cs', '.go')}
    bad = 0
    for lang, src, want in SELF_TESTS:
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, 'host' + ext[lang]), 'w', encoding='utf-8') as fh:
                fh.write(src)
            f = File(os.path.join(d, 'host' + ext[lang]), 'host', lang)
            got = []
            for st, k, a in f.scripts():
                if not is_script(st.text()) or k in f.fragments:
                    continue
                d = a if a in f.def_at else k
                if d in f.def_at and f.used.get(f.def_at[d]):
                    continue
                if lang == 'cs' and 'LuaScript' in f.src:
                    st = se_redis_params(st)
                got.append(fix_statement_holes(st).text())
            if got != want:
                bad += 1
                print('FAIL %s %r\n  got  %r\n  want %r' % (lang, src, got, want))
    print('%d of %d self-tests passed' % (len(SELF_TESTS) - bad, len(SELF_TESTS)))
    return bad == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--out')
    ap.add_argument('--holes', choices=['placeholder', 'keys-args'], default='placeholder')
    ap.add_argument('--where')
    ap.add_argument('--self-test', action='store_true', help='run the built-in cases and exit')
    ap.add_argument('root', nargs='?')
    ap.add_argument('paths', nargs='*')
    a = ap.parse_args()
    if a.self_test:
        sys.exit(0 if self_test() else 1)
    if a.where:
        where(a.where)
        return
    if not a.root:
        ap.error('ROOT is required')
    counts = extract(a.root, a.paths, a.out or os.path.join(a.root, 'extracted'), a.holes)
    print(' '.join('%s=%d' % kv for kv in sorted(counts.items())) or 'none')


if __name__ == '__main__':
    main()
