// Strings that are not Redis scripts stay alone.
class Negatives {
    String lua = "local x = 1 return x";             // Lua, not Redis's
    Object js(ScriptEngine engine) throws Exception {
        return engine.eval("1 + 2");                 // javax.script
    }
    String prose = "use redis.call to run commands";  // no call follows
    String builder = "KEYS[";                        // a piece, no index
    // "redis.call('get', KEYS[1])" in a comment
    /* return redis.call('get', KEYS[1]) */
    public Object eval(String script, int keyCount) { return null; } // a declaration
}
