local opt = vim.opt
opt.expandtab = true
opt.shiftwidth = 2
opt.clipboard = "unnamedplus"
