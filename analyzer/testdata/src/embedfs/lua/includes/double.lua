local function double(x)
  return x * 2
end
