local function toId(x)
  return tostring(x)
end
