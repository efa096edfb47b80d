package hostlang

// LineComment is what starts a comment that runs to the end of the line in
// l: where lint-lua --add-ignore writes an ignore, in the one grammar
// (lint.ParseIgnore).
func (l Lang) LineComment() string {
	switch l {
	case Python, Ruby:
		return "#"
	}
	return "//"
}
