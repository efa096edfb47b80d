package x;

// `s = s + "..."` appends as `s += "..."` does: the pieces, one only under
// a flag, join into one script found by its content; a local of the first
// piece is no global in the others, and a real bug is still reported.
class SelfAppend {
    String build(boolean expire) {
        String s = "local n = redis.call('incr', KEYS[1]) ";
        if (expire) {
            s = s + "if n == 1 then redis.call('expire', KEYS[1], ARGV[1]) end ";
        }
        s = s + "return n";
        return s;
    }

    String buggy(boolean expire) {
        String s = "local n = redis.call('incr', KEYS[1]) ";
        if (expire) {
            s = s + "if n == 1 then redis.call('expire', KEYS[1], ARGV[1]) end ";
        }
        s = s + "return totl"; // want:error "undefined-global: global totl"
        return s;
    }
}
