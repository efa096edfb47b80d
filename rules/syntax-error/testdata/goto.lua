for i = 1, 3 do
  if i == 2 then goto continue end -- want "'=' expected near 'continue'"
end
