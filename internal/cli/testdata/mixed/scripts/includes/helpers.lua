local function removeJob(jobKey)
  rcall("DEL", jobKey, jobKey .. ":logs")
end
