-- {{name}} placeholders (Mustache, Handlebars) whose names the file uses
-- nowhere else in its code: a template, each an opaque value.
if redis.call('EXISTS', {{stock_key}}) then -- want:error "the EXISTS reply is an integer"
  return redis.call('DECRBY', {{stock_key}}, {{ quantity }})
end
return 0
