package diskfile

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"golang.org/x/sys/unix"
)

// The extended-attribute calls, replaced by tests to inject a refusal.
var (
	listxattr    = unix.Listxattr
	getxattr     = unix.Getxattr
	fsetxattr    = defaultFsetxattr
	fremovexattr = unix.Fremovexattr
)

// keepAttrs gives the temporary file f every extended attribute of the file
// at src: its POSIX ACLs (system.posix_acl_access, and a directory's
// default, which a file does not have), user.*, security.* and, for root,
// trusted.*. A new file has none of them, so a rename would drop an ACL
// entry (the ACL's mask then lands in the group bits) and a user's tags.
// An attribute the new file inherited and the old one lacks (a default ACL
// of the directory) is removed. Where any one cannot be set, removed, or
// read back the same, the file is refused (ErrAttrs), naming the attribute
// and the system's reason.
//
// The attributes this process cannot list (trusted.* for a user without
// CAP_SYS_ADMIN) are invisible to it and cannot be kept; the system
// does not say they exist.
func keepAttrs(f *os.File, src string) error {
	want, err := readAttrs(func(b []byte) (int, error) { return listxattr(src, b) },
		func(name string, b []byte) (int, error) { return getxattr(src, name, b) })
	if errors.Is(err, unix.ENOTSUP) {
		// The file system keeps no extended attributes: there are none
		// to lose.
		return nil
	}
	if err != nil {
		return fmt.Errorf("%w (reading them: %v)", ErrAttrs, unwrap(err))
	}
	fd := int(f.Fd())
	fdAttrs := func() (map[string][]byte, error) {
		return readAttrs(func(b []byte) (int, error) { return unix.Flistxattr(fd, b) },
			func(name string, b []byte) (int, error) { return unix.Fgetxattr(fd, name, b) })
	}
	have, err := fdAttrs()
	if errors.Is(err, unix.ENOTSUP) {
		have, err = nil, nil
	}
	if err != nil {
		return fmt.Errorf("%w (reading the new file's: %v)", ErrAttrs, err)
	}
	if len(want) == 0 && len(have) == 0 {
		return nil
	}
	for _, name := range sortedNames(have) {
		if _, ok := want[name]; !ok {
			if err := fremovexattr(fd, name); err != nil {
				return fmt.Errorf("%w (the new file has %s, which could not be removed: %v)", ErrAttrs, name, err)
			}
		}
	}
	for _, name := range sortedNames(want) {
		if v, ok := have[name]; ok && bytes.Equal(v, want[name]) {
			continue
		}
		if err := fsetxattr(fd, name, want[name], 0); err != nil {
			return fmt.Errorf("%w (%s: %v)", ErrAttrs, name, err)
		}
	}
	// Read them back: a file system may take an attribute and keep
	// another value, or none.
	got, err := fdAttrs()
	if err != nil && !errors.Is(err, unix.ENOTSUP) {
		return fmt.Errorf("%w (reading them back: %v)", ErrAttrs, err)
	}
	for _, name := range sortedNames(want) {
		if v, ok := got[name]; !ok || !bytes.Equal(v, want[name]) {
			return fmt.Errorf("%w (%s did not keep its value)", ErrAttrs, name)
		}
	}
	for _, name := range sortedNames(got) {
		if _, ok := want[name]; !ok {
			return fmt.Errorf("%w (the new file has %s, which the old one has not)", ErrAttrs, name)
		}
	}
	return nil
}

// readAttrs reads every attribute that list names, growing the buffers
// when an attribute changes size between the calls (ERANGE).
func readAttrs(list func([]byte) (int, error), get func(string, []byte) (int, error)) (map[string][]byte, error) {
	names, err := sized(list)
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, name := range strings.Split(string(names), "\x00") {
		if name == "" {
			continue
		}
		v, err := sized(func(b []byte) (int, error) { return get(name, b) })
		if errors.Is(err, unix.ENODATA) {
			continue // removed since the list
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out[name] = v
	}
	return out, nil
}

// sized calls an xattr call first for its size, then with a buffer of it,
// again when the value grew in between.
func sized(call func([]byte) (int, error)) ([]byte, error) {
	for range 8 {
		n, err := call(nil)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, nil
		}
		b := make([]byte, n)
		n, err = call(b)
		if errors.Is(err, unix.ERANGE) {
			continue
		}
		if err != nil {
			return nil, err
		}
		return b[:n], nil
	}
	return nil, unix.ERANGE
}

func sortedNames(m map[string][]byte) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

var defaultFsetxattr = unix.Fsetxattr
