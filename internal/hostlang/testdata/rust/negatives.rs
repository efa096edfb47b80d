// No scripts: strings that only mention Redis, lifetimes, attributes.
#![doc = include_str!("../README.md")]

/// Runs `redis.call` through a script: see README.
fn helper<'a, 'b: 'a>(x: &'a str, y: &'b str) -> &'a str {
    let _ = "KEYS are listed in the docs";
    let r#type = "plain";
    let _ = format!("{} {}", x, r#type);
    /* a /* nested */ comment with "redis.call(" inside */
    let _ = b"bytes";
    let _ = 'a';
    x
}

fn eval(expr: &str) -> i64 {
    expr.len() as i64
}
