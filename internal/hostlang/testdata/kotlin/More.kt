// Concatenated raw strings, a format call and a nested comment.
/* outer /* inner */ still a comment: redis.call('x') */
val a = """return redis.call('get', KEYS[1])""" + """ .. ARGV[1]"""
val b = "return redis.call('expire', KEYS[1], %d)".format(60)
val c = "return redis.call('hget', KEYS[1], \"$field\")"
