// Strings that are not Redis scripts stay alone.
const lua = `local x = 1 return x`; // Lua, but not Redis's
eval("1 + 1"); // JavaScript's own eval
page.eval("document.title"); // not a Redis client, and no key count
const help = 'use redis.call to run a command';
const html = `<p>KEYS are listed in ${section}</p>`;
// "redis.call('get', KEYS[1])" in a comment is no literal
/* KEYS[1] */
const division = a / b / c; const after = 'ok';
