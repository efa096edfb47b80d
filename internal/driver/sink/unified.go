package sink

import (
	"fmt"
	"strings"
)

// unifiedDiff returns the unified diff (3 lines of context, a/ and b/
// headers, as gofmt -d and git print) that turns a into b, or "" when they
// are equal. Lines are compared whole, with their line ends; a last line
// without one is marked as diff marks it.
func unifiedDiff(name string, a, b []byte) string {
	if string(a) == string(b) {
		return ""
	}
	x, y := splitLines(string(a)), splitLines(string(b))
	ops := diffLines(x, y)
	const context = 3
	var sb strings.Builder
	// As git diff names an absolute path: a/tmp/x.lua, not a//tmp/x.lua.
	p := strings.TrimLeft(name, "/")
	fmt.Fprintf(&sb, "--- %s\n+++ %s\n", diffName("a/"+p), diffName("b/"+p))
	// Group the edit script into hunks: runs of changes with up to
	// 2*context equal lines between them.
	i := 0
	for i < len(ops) {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := i
		for start > 0 && i-start < context && ops[start-1].kind == ' ' {
			start--
		}
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*context {
				end = min(end+context, run)
				break
			}
			end = run
		}
		writeHunk(&sb, ops[start:end])
		i = end
	}
	return sb.String()
}

// diffName is a header's file name as git writes it: in double quotes with
// C escapes (\n, \t, \", \\, octal for other control characters and for
// every byte past ASCII) when it holds one of those, so that a name cannot
// end the header line and start a hunk of its own; followed by a tab when
// it holds a space, which tells patch where the name ends.
func diffName(name string) string {
	quote := false
	for i := 0; i < len(name); i++ {
		if c := name[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x7f {
			quote = true
			break
		}
	}
	out := name
	if quote {
		var b strings.Builder
		b.WriteByte('"')
		for i := 0; i < len(name); i++ {
			switch c := name[i]; c {
			case '\a':
				b.WriteString(`\a`)
			case '\b':
				b.WriteString(`\b`)
			case '\t':
				b.WriteString(`\t`)
			case '\n':
				b.WriteString(`\n`)
			case '\v':
				b.WriteString(`\v`)
			case '\f':
				b.WriteString(`\f`)
			case '\r':
				b.WriteString(`\r`)
			case '"':
				b.WriteString(`\"`)
			case '\\':
				b.WriteString(`\\`)
			default:
				if c < 0x20 || c >= 0x7f {
					fmt.Fprintf(&b, "\\%03o", c)
				} else {
					b.WriteByte(c)
				}
			}
		}
		b.WriteByte('"')
		out = b.String()
	}
	if strings.Contains(name, " ") {
		out += "\t"
	}
	return out
}

type diffOp struct {
	kind       byte // ' ', '-', '+'
	line       string
	aLine, bLn int // 1-based line numbers in a and b where the op stands
}

func writeHunk(sb *strings.Builder, ops []diffOp) {
	var na, nb int
	for _, op := range ops {
		if op.kind != '+' {
			na++
		}
		if op.kind != '-' {
			nb++
		}
	}
	aStart, bStart := ops[0].aLine, ops[0].bLn
	if na == 0 {
		aStart--
	}
	if nb == 0 {
		bStart--
	}
	fmt.Fprintf(sb, "@@ -%s +%s @@\n", hunkRange(aStart, na), hunkRange(bStart, nb))
	for _, op := range ops {
		sb.WriteByte(op.kind)
		sb.WriteString(op.line)
		if !strings.HasSuffix(op.line, "\n") {
			sb.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

func hunkRange(start, n int) string {
	if n == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, n)
}

func splitLines(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// diffLines is Myers' O(ND) difference algorithm over lines: the shortest
// edit script from x to y, as equal, deleted and inserted lines in order.
func diffLines(x, y []string) []diffOp {
	n, m := len(x), len(y)
	max := n + m
	off := max + 1
	v := make([]int, 2*max+3)
	var trace [][]int
	found := false
	for d := 0; d <= max && !found; d++ {
		trace = append(trace, append([]int(nil), v...))
		for k := -d; k <= d; k += 2 {
			var i int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				i = v[off+k+1]
			} else {
				i = v[off+k-1] + 1
			}
			j := i - k
			for i < n && j < m && x[i] == y[j] {
				i++
				j++
			}
			v[off+k] = i
			if i >= n && j >= m {
				found = true
				break
			}
		}
	}
	// Walk back through the saved frontiers.
	var rev []diffOp
	i, j := n, m
	for d := len(trace) - 1; d >= 0; d-- {
		vd := trace[d]
		k := i - j
		var prevK int
		if k == -d || (k != d && vd[off+k-1] < vd[off+k+1]) {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevI := vd[off+prevK]
		prevJ := prevI - prevK
		for i > prevI && j > prevJ {
			i--
			j--
			rev = append(rev, diffOp{kind: ' ', line: x[i], aLine: i + 1, bLn: j + 1})
		}
		if d == 0 {
			break
		}
		if i == prevI {
			j--
			rev = append(rev, diffOp{kind: '+', line: y[j], aLine: i + 1, bLn: j + 1})
		} else {
			i--
			rev = append(rev, diffOp{kind: '-', line: x[i], aLine: i + 1, bLn: j + 1})
		}
	}
	out := make([]diffOp, len(rev))
	for k := range rev {
		out[k] = rev[len(rev)-1-k]
	}
	return out
}
