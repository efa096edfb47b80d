// keys-count-mismatch for ARGV at Spring Data Redis call sites from Kotlin:
// RedisTemplate.execute(script, keys, vararg args) takes each value as one
// ARGV element (an array only when spread with *), and
// ReactiveRedisTemplate.execute(script, keys, args: List) takes a list.
class Argv(private val template: StringRedisTemplate, private val reactive: ReactiveStringRedisTemplate) {
    private val script = DefaultRedisScript("return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])", String::class.java)

    fun run(key: String, value: String, ttl: Long, args: List<String>, more: Array<String>) {
        template.execute(script, listOf(key), value, ttl.toString())
        template.execute(script, listOf(key), value.toString()) // want "execute passes 1 argument"
        // Not spread: the array is one value.
        template.execute(script, listOf(key), arrayOf(value, ttl.toString())) // want "execute passes 1 argument"
        template.execute(script, listOf(key), *arrayOf(value, ttl.toString()))
        template.execute(script, listOf(key), *more)
        // A list is the reactive template's values (the blocking one could
        // not serialize it with its String serializer).
        reactive.execute(script, listOf(key), listOf(value, ttl.toString()))
        reactive.execute(script, listOf(key), listOf(value)) // want "execute passes 1 argument"
        // A name may be an array or a list.
        reactive.execute(script, listOf(key), args)
        template.execute(script, listOf(key), value)
        // The overload with serializers is the blocking template's.
        template.execute(script, StringRedisSerializer(), StringRedisSerializer(), listOf(key), value, ttl.toString())
        template.execute(script, StringRedisSerializer(), StringRedisSerializer(), listOf(key), value) // want "execute passes 1 argument"
    }
}
