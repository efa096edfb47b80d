//go:build darwin || freebsd || netbsd

package diskfile

import (
	"syscall"
	"time"
)

func modTime(st *syscall.Stat_t) time.Time { return time.Unix(st.Mtimespec.Unix()) }
