//go:build !unix

package diskfile

import (
	"os"
	"os/signal"
)

func mayWrite(id ID) bool { return id.Mode&0o200 != 0 }

func keepOwnerAndMode(f *os.File, id ID, _ string) error {
	return f.Chmod(fileModeOf(id.Mode))
}

func statID(path string) (ID, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return ID{}, err
	}
	return idOfInfo(fi), nil
}

func syncDir(string) {}

// holdOpen: a file open elsewhere cannot be renamed over on every system.
const holdOpen = false

func lockTemp(*os.File) error { return nil }

// CleanLeftovers finds nothing outside Unix, where a temporary file holds
// no lock that tells whether its writer still runs.
func CleanLeftovers(string) []Leftover { return nil }

// CleanUpOnSignal makes an interrupt remove the temporary files Replace
// has not renamed yet before the process ends.
func CleanUpOnSignal() (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt)
	done := make(chan struct{})
	go func() {
		select {
		case <-ch:
			removeTemps()
			os.Exit(130)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}
