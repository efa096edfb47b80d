package model

// maxValueSize bounds how many values one Value may hold through Parts and
// Of. Values nest by reference, so a few lines such as `a = a .. a` or
// `n = n + n` repeated double what a value holds at each step; without a
// bound, building, comparing (Join) or walking such a value (as rules do)
// takes time and memory exponential in the number of lines. No key or
// number a script builds comes near this many operands; and since every
// expression keeps its value, a chain of `s = s .. x` costs this many parts
// per line (256 made 1 MiB of it take a minute and 1.7 GB).
const maxValueSize = 32

// bounded returns v, or only its types when it holds more than maxValueSize
// values: past that the model claims nothing about where it comes from.
func bounded(v Value) Value {
	if valueSize(&v, maxValueSize) > maxValueSize {
		return Value{Types: v.Types}
	}
	return v
}

// valueSize counts the values v holds (itself included, shared parts once
// per use), stopping as soon as the count passes limit so the count itself
// stays cheap. v is a pointer so that the walk copies no Value.
func valueSize(v *Value, limit int) int {
	n := 1
	for i := range v.Parts {
		if n > limit {
			return n
		}
		n += valueSize(&v.Parts[i], limit-n)
	}
	if v.Of != nil && n <= limit {
		n += valueSize(v.Of, limit-n)
	}
	return n
}
