-- LÖVE game: main.lua
local KEYS = { left = "a", right = "d", jump = "space" }
local player = { x = 100, y = 100, speed = 200 }

function love.load()
  love.window.setTitle("Demo")
end

function love.update(dt)
  if love.keyboard.isDown(KEYS.left) then
    player.x = player.x - player.speed * dt
  end
  if love.keyboard.isDown(KEYS.right) then
    player.x = player.x + player.speed * dt
  end
end

function love.draw()
  love.graphics.rectangle("fill", player.x, player.y, 32, 32)
end
