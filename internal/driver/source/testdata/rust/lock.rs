// redis-rs scripts: the buggy forms are flagged at their host positions,
// the correct forms stay silent, and ignores are read from Rust comments.
use redis::Script;

const RELEASE: &str = r#"
if redis.call("GET", KEYS[1]) == ARGV[1] then
    return redis.call("DEL", KEYS[1])
end
return 0
"#;

pub fn scripts() {
    let _release = Script::new(RELEASE);
    let _incr = redis::Script::new(r#"
        local v = redis.call('GET', KEYS[1])
        return v + 1 -- want:error "v holds the GET reply"
    "#);
    let _guarded = redis::Script::new(r#"
        local v = tonumber(redis.call('GET', KEYS[1])) or 0
        return v + 1
    "#);
    let _global = redis::Script::new("x = 1 return redis.call('GET', KEYS[1])"); // want "global x"
    // lint-lua: ignore global-assignment -- a fixture of the ignore
    let _ignored = redis::Script::new("y = 1 return redis.call('GET', KEYS[1])");
}
