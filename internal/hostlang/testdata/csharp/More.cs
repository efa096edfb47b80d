public class More
{
    // Verbatim interpolated: {x} a hole, "" a quote.
    public static string A(string f) => $@"return redis.call(""hget"", KEYS[1], '{f}')";

    // An interpolated raw string with one dollar: {x} a hole.
    public static string B(int n) => $"""
        return redis.call('incrby', KEYS[1], {n})
        """;
    // lint-lua: ignore undeclared-key -- own-line comment before a field
    private const string C = "return redis.call('get', 'fixed')";
}
