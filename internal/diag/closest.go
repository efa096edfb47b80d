package diag

// Closest returns the candidate nearest to name, for a "did you mean":
// the one the fewest single-byte edits away (Levenshtein distance), if it
// is at most a third of name's length away (at least one edit), else "".
// Ties go to the earlier candidate.
func Closest(name string, candidates []string) string {
	return ClosestWithin(name, candidates, max(len(name)/3, 1))
}

// ClosestWithin returns the candidate the fewest single-byte edits from
// name, if it is at most limit edits away, else "". Ties go to the earlier
// candidate.
func ClosestWithin(name string, candidates []string, limit int) string {
	best, bestD := "", limit+1
	for _, c := range candidates {
		if d := Distance(name, c, bestD); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// Distance is the Levenshtein distance of a and b in bytes, or a value of
// at least bound once it is known to reach bound (their lengths differ by
// that much): the callers only ask whether it is below a bound.
func Distance(a, b string, bound int) int {
	if d := len(a) - len(b); d >= bound || -d >= bound {
		return bound
	}
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
