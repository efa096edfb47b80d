package report

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/lint-lua/lint-lua/internal/diag"
)

// sarifFormatter writes SARIF 2.1.0, the format GitHub code scanning and
// most security dashboards ingest.
type sarifFormatter struct{}

const (
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	sarifVersion = "2.1.0"
	toolName     = "lint-lua"
	toolURI      = "https://github.com/lint-lua/lint-lua"
	srcRoot      = "%SRCROOT%"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                `json:"tool"`
	OriginalURIBaseIDs map[string]sarifArtifact `json:"originalUriBaseIds,omitempty"`
	// Invocations says the run failed, and why, when files could not be
	// linted (Result.Errors); absent otherwise.
	Invocations []sarifInvocation `json:"invocations,omitempty"`
	ColumnKind  string            `json:"columnKind"`
	Results     []sarifResult     `json:"results"`
}

type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications"`
}

// sarifNotification is one error of the run, at the file it names.
type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Version        string      `json:"version,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text string `json:"text"`
}

// sarifMessage is a result's message: the headline as text (what GitHub
// code scanning shows as the alert's title), and when the finding has a
// help, the headline and the help as markdown, for viewers that render
// it (the SARIF viewer of VS Code, for one).
type sarifMessage struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifHelp struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown"`
}

type sarifRule struct {
	ID                   string             `json:"id"`
	Name                 string             `json:"name"`
	ShortDescription     sarifText          `json:"shortDescription"`
	FullDescription      *sarifText         `json:"fullDescription,omitempty"`
	Help                 sarifHelp          `json:"help"`
	HelpURI              string             `json:"helpUri"`
	DefaultConfiguration sarifConfiguration `json:"defaultConfiguration"`
	Properties           sarifRuleProps     `json:"properties"`
}

type sarifConfiguration struct {
	Level string `json:"level"`
}

type sarifRuleProps struct {
	Tags []string `json:"tags"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           *int              `json:"ruleIndex,omitempty"`
	Level               string            `json:"level"`
	Message             sarifMessage      `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	Fixes               []sarifFix        `json:"fixes,omitempty"`
}

// sarifFix is a finding's fix: its edits as replacements of regions of
// the result's file.
type sarifFix struct {
	Description     sarifText             `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifact      `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion `json:"deletedRegion"`
	InsertedContent *sarifText  `json:"insertedContent,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

func (sarifFormatter) Format(w io.Writer, r *Result) error {
	log, results := sarifLogFor(r)
	run := &log.Runs[0]
	run.Results = make([]sarifResult, 0, len(r.Diagnostics))
	for _, d := range r.Diagnostics {
		run.Results = append(run.Results, results.of(d))
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	if err := encodeSARIF(bw, log); err != nil {
		return err
	}
	return bw.Flush()
}

// sarifLogFor is r's log with its results empty, and what makes them.
func sarifLogFor(r *Result) (sarifLog, *sarifResults) {
	driver := sarifDriver{
		Name:           toolName,
		InformationURI: toolURI,
		Version:        sarifToolVersion(r.ToolVersion),
		Rules:          make([]sarifRule, 0, len(r.Rules)),
	}
	results := &sarifResults{r: r, index: map[string]int{}, seen: map[string]int{}}
	for _, rule := range r.Rules {
		if rule == nil {
			continue
		}
		results.index[rule.ID] = len(driver.Rules)
		driver.Rules = append(driver.Rules, sarifRuleFor(rule))
	}
	run := sarifRun{
		Tool:       sarifTool{Driver: driver},
		ColumnKind: "unicodeCodePoints",
		Results:    []sarifResult{},
	}
	if len(r.Errors) > 0 {
		inv := sarifInvocation{ExecutionSuccessful: false}
		for _, e := range r.Errors {
			n := sarifNotification{Level: "error", Message: sarifText{Text: e.Message}}
			if e.File != "" {
				_, art := results.art.of(r, e.File)
				n.Locations = []sarifLocation{{PhysicalLocation: sarifPhysical{ArtifactLocation: art}}}
			}
			inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
		}
		run.Invocations = []sarifInvocation{inv}
	}
	if r.SourceRoot != "" && r.WorkDir != "" {
		// Lets a viewer on this machine resolve %SRCROOT%; GitHub resolves
		// it to the checkout.
		root := artifactFor(r.SourceRoot).URI
		if !strings.HasSuffix(root, "/") {
			root += "/"
		}
		run.OriginalURIBaseIDs = map[string]sarifArtifact{srcRoot: {URI: root}}
	}
	return sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}}, results
}

// sarifResults makes the results of a run's findings, in their order.
type sarifResults struct {
	r     *Result
	index map[string]int // rule ID to its index in the driver's rules
	seen  map[string]int // occurrences of each fingerprint key so far
	art   artifactMemo
}

func (s *sarifResults) of(d diag.Diagnostic) sarifResult {
	repo, art := s.art.of(s.r, d.File)
	res := sarifResult{
		RuleID:    d.Rule,
		Level:     sarifLevel(d.Severity),
		Message:   sarifMessageFor(d),
		Locations: []sarifLocation{{PhysicalLocation: sarifPhysicalFor(s.r, d, art)}},
	}
	if i, ok := s.index[d.Rule]; ok {
		res.RuleIndex = &i
	}
	line, _ := s.r.source(d.File, d.Range.Start.Line)
	key := d.Rule + "\x00" + repo + "\x00" + strings.TrimSpace(line)
	s.seen[key]++
	res.PartialFingerprints = map[string]string{
		"primaryLocationLineHash": lineHash(key, s.seen[key]),
	}
	if f := sarifFixFor(s.r, d, art); f != nil {
		res.Fixes = []sarifFix{*f}
	}
	return res
}

// sarifFixFor is d's fix, or nil when it has none or an edit without a
// position. Its description says when --fix would not apply it.
func sarifFixFor(r *Result, d diag.Diagnostic, art sarifArtifact) *sarifFix {
	if d.Fix == nil || len(d.Fix.Edits) == 0 {
		return nil
	}
	change := sarifArtifactChange{ArtifactLocation: art}
	for _, e := range d.Fix.Edits {
		if e.Range.Start.Line < 1 {
			return nil
		}
		rep := sarifReplacement{DeletedRegion: sarifRegion{
			StartLine:   e.Range.Start.Line,
			StartColumn: codePointColumn(r, d.File, e.Range.Start),
			EndLine:     e.Range.End.Line,
			EndColumn:   codePointColumn(r, d.File, e.Range.End),
		}}
		if e.New != "" {
			rep.InsertedContent = &sarifText{Text: strings.ToValidUTF8(e.New, "\uFFFD")}
		}
		change.Replacements = append(change.Replacements, rep)
	}
	return &sarifFix{Description: sarifText{Text: strings.ToValidUTF8(fixDescription(d.Fix), "\uFFFD")}, ArtifactChanges: []sarifArtifactChange{change}}
}

// sarifMessageFor is d's headline, and with its help, both as markdown:
// two paragraphs.
func sarifMessageFor(d diag.Diagnostic) sarifMessage {
	m := sarifMessage{Text: strings.ToValidUTF8(d.Message, "\uFFFD")}
	if d.Help != "" {
		m.Markdown = m.Text + "\n\n" + strings.ToValidUTF8(d.Help, "\uFFFD")
	}
	return m
}

// encodeSARIF is encoding/json's SARIF log: two-space indentation, HTML
// characters as they are.
func encodeSARIF(w io.Writer, log sarifLog) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

// artifactMemo remembers the repository path and artifact of the last
// file: results come sorted by file, so most share their predecessor's.
type artifactMemo struct {
	set        bool
	file, repo string
	art        sarifArtifact
}

// of returns file's path in the repository (r.repoPath) and its artifact.
func (m *artifactMemo) of(r *Result, file string) (repo string, art sarifArtifact) {
	if !m.set || m.file != file {
		m.set, m.file, m.repo = true, file, r.repoPath(file)
		m.art = artifactFor(m.repo)
	}
	return m.repo, m.art
}

// sarifToolVersion makes the version start with a digit, as SARIF
// consumers compare versions numerically (the multitool's SARIF2005): the
// Go tag's "v" goes, and a build without a version (plain go build,
// "dev") is a pre-release of 0.0.0 rather than a made-up release.
func sarifToolVersion(v string) string {
	if v == "" {
		return ""
	}
	if t := strings.TrimPrefix(v, "v"); t != "" && t[0] >= '0' && t[0] <= '9' {
		return t
	}
	return "0.0.0-" + v
}

// lineHash identifies a finding by what it is about rather than where it is,
// so code scanning can follow it when lines above it are added or removed:
// the rule, the file and the trimmed text of the line, plus the occurrence
// count to tell apart identical lines. The ":N" suffix follows the form
// GitHub's own fingerprints use.
func lineHash(key string, occurrence int) string {
	sum := sha256.Sum256([]byte(key))
	b := make([]byte, 0, 16+1+4)
	b = strconv.AppendInt(append(hex.AppendEncode(b, sum[:8]), ':'), int64(occurrence), 10)
	return string(b)
}

func sarifLevel(s diag.Severity) string {
	switch s {
	case diag.SeverityInfo:
		return "note"
	case diag.SeverityWarning:
		return "warning"
	}
	return "error"
}

func sarifRuleFor(rule *diag.RuleInfo) sarifRule {
	short := rule.Doc.Title
	if short == "" {
		short = rule.ID
	}
	sr := sarifRule{
		ID:                   rule.ID,
		Name:                 pascalCase(rule.ID),
		ShortDescription:     sarifText{Text: short},
		Help:                 ruleHelp(rule),
		HelpURI:              rule.HelpURI(),
		DefaultConfiguration: sarifConfiguration{Level: sarifLevel(rule.Severity)},
		Properties:           sarifRuleProps{Tags: []string{}},
	}
	if rule.Doc.Why != "" {
		sr.FullDescription = &sarifText{Text: rule.Doc.Why}
	}
	if rule.Category != "" {
		sr.Properties.Tags = append(sr.Properties.Tags, string(rule.Category))
	}
	return sr
}

// ruleHelp is the why plus the examples, as plain text and as markdown.
func ruleHelp(rule *diag.RuleInfo) sarifHelp {
	why := strings.TrimSpace(rule.Doc.Why)
	if why == "" {
		why = rule.Doc.Title
	}
	text, md := []string{why}, []string{why}
	for _, ex := range []struct{ label, code string }{
		{"Bad", rule.Doc.Bad},
		{"Good", rule.Doc.Good},
	} {
		code := strings.Trim(ex.code, "\n")
		if strings.TrimSpace(code) == "" {
			continue
		}
		text = append(text, ex.label+":\n\n"+indent(code, "    "))
		fence := codeFence(code)
		lang := rule.Doc.Lang
		if lang == "" {
			lang = "lua"
		}
		md = append(md, "**"+ex.label+"**\n\n"+fence+lang+"\n"+code+"\n"+fence)
	}
	return sarifHelp{Text: strings.Join(text, "\n\n"), Markdown: strings.Join(md, "\n\n")}
}

// codeFence returns a backtick fence longer than any backtick run in code,
// so an example can never close its own block.
func codeFence(code string) string {
	longest, run := 0, 0
	for _, c := range code {
		if c == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return strings.Repeat("`", max(3, longest+1))
}

func indent(s, prefix string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "\n")
}

// pascalCase turns "undeclared-key" into "UndeclaredKey".
func pascalCase(id string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(id, func(r rune) bool { return r == '-' || r == '_' || r == '.' }) {
		r, size := utf8.DecodeRuneInString(part)
		b.WriteString(strings.ToUpper(string(r)))
		b.WriteString(part[size:])
	}
	return b.String()
}

func sarifPhysicalFor(r *Result, d diag.Diagnostic, art sarifArtifact) sarifPhysical {
	p := sarifPhysical{ArtifactLocation: art}
	start, end := d.Range.Start, d.Range.End
	if start.Line < 1 {
		return p
	}
	reg := &sarifRegion{StartLine: start.Line}
	if start.Column > 0 {
		reg.StartColumn = codePointColumn(r, d.File, start)
	}
	if end.Line >= start.Line {
		reg.EndLine = end.Line
		if end.Column > 0 && reg.StartColumn > 0 {
			reg.EndColumn = codePointColumn(r, d.File, end)
		}
	}
	p.Region = reg
	return p
}

// codePointColumn converts a 1-based byte column into the 1-based code point
// column SARIF can express (it has no byte columns). Without the source the
// byte column is kept, which is exact for ASCII lines.
func codePointColumn(r *Result, file string, p diag.Pos) int {
	line, ok := r.source(file, p.Line)
	if !ok {
		return p.Column
	}
	off := p.Column - 1
	if off <= len(line) {
		return utf8.RuneCountInString(line[:off]) + 1
	}
	// Past the end (e.g. an exclusive end after the last byte plus the line
	// terminator): keep the distance beyond the line.
	return utf8.RuneCountInString(line) + 1 + (off - len(line))
}

// artifactFor makes the file a URI reference: relative paths stay relative
// to %SRCROOT% (the checkout), absolute ones become file URIs.
func artifactFor(file string) sarifArtifact {
	p := filepath.ToSlash(file)
	if vol := filepath.VolumeName(file); vol != "" || filepath.IsAbs(file) {
		// Keep a Windows drive letter's colon literal: file:///C:/x.lua.
		vol = filepath.ToSlash(vol)
		rest := p[len(vol):]
		if vol != "" && !strings.HasPrefix(vol, "/") {
			vol = "/" + vol
		}
		return sarifArtifact{URI: "file://" + vol + escapeURIPath(rest)}
	}
	p = strings.TrimPrefix(p, "./")
	return sarifArtifact{URI: escapeURIPath(p), URIBaseID: srcRoot}
}

// escapeURIPath percent-encodes every byte except unreserved characters and
// the '/' separator. Encoding ':' as well keeps a first segment like "a:b.lua"
// from being read as a URI scheme.
func escapeURIPath(p string) string {
	const hexDigits = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '/' || c == '-' || c == '.' || c == '_' || c == '~' ||
			'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hexDigits[c>>4])
		b.WriteByte(hexDigits[c&15])
	}
	return b.String()
}
