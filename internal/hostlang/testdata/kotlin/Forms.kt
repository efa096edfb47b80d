package example

import org.springframework.data.redis.core.script.DefaultRedisScript
import org.springframework.data.redis.core.script.RedisScript

object Scripts {
    // A raw string with trimIndent(): the common indentation and the blank
    // first and last lines go.
    val ACQUIRE = RedisScript("""
        if redis.call("exists", KEYS[1]) == 0 then
            return redis.call("psetex", KEYS[1], unpack(ARGV))
        end
    """.trimIndent())

    // trimMargin with the default margin.
    const val PREFIX = "local key = KEYS[1]"
    val RELEASE = """
        |$PREFIX
        |if redis.call("get", key) == ARGV[1] then
        |    return redis.call("del", key)
        |end
    """.trimMargin()

    // A raw string without trim: indentation stays; ${'$'} is a dollar.
    val PATTERN = """return redis.call('keys', '${'$'}{KEYS[1]}*')"""

    // Templates in a regular string: $name and ${expr} are holes.
    fun ttl(key: String, seconds: Int) =
        "return redis.call('expire', '$key', ${seconds * 2})"
}

class Limiter(private val template: StringRedisTemplate) {
    // Spring's constructor without `new`, generics and a class literal.
    private val script = DefaultRedisScript<Long>("return redis.call('incr', KEYS[1])", Long::class.java)

    private val viaOf = RedisScript.of<Long>(
        "local n = redis.call('incr', KEYS[1]) " +
            "if n == 1 then redis.call('expire', KEYS[1], ARGV[1]) end " +
            "return n",
        Long::class.java,
    )

    // Escapes in a regular string.
    fun escaped(jedis: Jedis) = jedis.eval("return redis.call('echo', '\t\u00e9\$')", 0)

    // A string concatenated with + at a line end continues; with + at the
    // start of the next line it does not (Kotlin ends the statement).
    val joined = "return " +
        "redis.call('ping')"
}
