// Scripts redis-rs and fred receive, in every string form Rust has.
use redis::Script;

const RELEASE: &str = r#"
if redis.call("GET", KEYS[1]) == ARGV[1] then
    return redis.call("DEL", KEYS[1])
end
return 0
"#;

fn lifetimes<'a>(x: &'a str) -> char {
    let _c = '"';
    let _d = '\'';
    'x'
}

pub async fn publish(conn: &mut redis::aio::ConnectionManager) -> redis::RedisResult<u64> {
    // A raw string with two hashes holds "# freely.
    let script = redis::Script::new(r##"
        local channel = KEYS[1] -- "#"
        return redis.call('PUBLISH', channel, ARGV[1])
    "##);
    let release = Script::new(RELEASE);
    let escaped = redis::Script::new("return redis.call('GET', KEYS[1]) .. \"\u{e9}\"\n");
    let continued = redis::Script::new("local v = redis.call('INCR', KEYS[1]) \
        return v");
    let bytes = Script::new(br"return redis.call('TTL', KEYS[1])");
    let fred: i64 = client.eval("return redis.call('EXISTS', KEYS[1])", vec!["k"], vec![0]).await?;
    script.key("k").arg(1).invoke_async(conn).await
}

// concat! joins its literals at compile time.
const RENEW: &str = concat![
    "local n = 0 ",
    "for i = 1, #KEYS do ",
    "n = n + redis.call('pexpire', KEYS[i], ARGV[1]) ",
    "end return n",
];
