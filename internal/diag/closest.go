package diag

// Closest returns the candidate nearest to name, for a "did you mean":
// the one the fewest single-byte edits away (Levenshtein distance), if it
// is at most a third of name's length away (at least one edit), else "".
// Ties go to the earlier candidate.
func Closest(name string, candidates []string) string {
	best, bestD := "", len(name)/3
	if bestD < 1 {
		bestD = 1
	}
	bestD++ // the first candidate within the bound wins below
	for _, c := range candidates {
		if d := distance(name, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// distance is the Levenshtein distance between a and b, in bytes.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
