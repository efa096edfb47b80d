-- A script that converts its arguments in place: ARGV[1] holds a number
-- after the assignment, which the model does not follow, so comparisons
-- of ARGV elements are left alone here (no finding).
ARGV[1] = tonumber(ARGV[1])
if ARGV[1] == 1 then
  return 1
end
if ARGV[1] > 10 then
  return 2
end
return 0
