package report

import (
	"bufio"
	"encoding/xml"
	"io"
	"sort"
	"strconv"
	"strings"
)

// checkstyleFormatter writes the Checkstyle XML report that Jenkins, GitLab
// code quality converters and reviewdog understand.
type checkstyleFormatter struct{}

func (checkstyleFormatter) Format(w io.Writer, r *Result) error {
	byFile := map[string][]int{}
	var files []string
	for i, d := range r.Diagnostics {
		if _, ok := byFile[d.File]; !ok {
			files = append(files, d.File)
		}
		byFile[d.File] = append(byFile[d.File], i)
	}
	sort.Strings(files)

	bw := bufio.NewWriter(w)
	bw.WriteString(xml.Header)
	bw.WriteString(`<checkstyle version="8.0">` + "\n")
	for _, f := range files {
		bw.WriteString(`  <file name="` + xmlAttr(f) + `">` + "\n")
		for _, i := range byFile[f] {
			d := r.Diagnostics[i]
			bw.WriteString(`    <error line="` + strconv.Itoa(d.Range.Start.Line) + `"`)
			if d.Range.Start.Column > 0 {
				bw.WriteString(` column="` + strconv.Itoa(d.Range.Start.Column) + `"`)
			}
			bw.WriteString(` severity="` + severityName(d.Severity) + `"`)
			bw.WriteString(` message="` + xmlAttr(withHelp(d, " — ")) + `"`)
			bw.WriteString(` source="lint-lua.` + xmlAttr(d.Rule) + `"/>` + "\n")
		}
		bw.WriteString("  </file>\n")
	}
	bw.WriteString("</checkstyle>\n")
	return bw.Flush()
}

// xmlAttr escapes s for a double-quoted attribute. Characters XML 1.0 cannot
// carry at all (most C0 controls) are dropped; xml.EscapeText turns invalid
// UTF-8 into U+FFFD and keeps tabs and newlines as character references so
// they survive attribute normalisation.
func xmlAttr(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' {
			return -1
		}
		if r == 0xFFFE || r == 0xFFFF {
			return -1
		}
		return r
	}, s)
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s)) // a strings.Builder never fails
	return b.String()
}
