package redistest

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Kind is the RESP2 type of a reply.
type Kind int

// The zero Kind is deliberately invalid, so that a zero Reply is never
// mistaken for a real status reply.
const (
	Status  Kind = iota + 1 // +OK
	Error                   // -ERR ...
	Integer                 // :1
	Bulk                    // $3 abc
	Array                   // *2 ...
	Nil                     // $-1 or *-1
)

func (k Kind) String() string {
	switch k {
	case Status:
		return "status"
	case Error:
		return "error"
	case Integer:
		return "integer"
	case Bulk:
		return "bulk"
	case Array:
		return "array"
	case Nil:
		return "nil"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Reply is one decoded RESP2 reply. Str holds the text of Status, Error and
// Bulk replies, Int the value of Integer replies, Array the elements of
// Array replies (empty, not nil, for an empty array). Nil is true exactly
// when Kind is Nil (a nil bulk string or a nil array).
type Reply struct {
	Kind  Kind
	Str   string
	Int   int64
	Array []Reply
	Nil   bool
}

// String renders the reply as `redis-cli --no-raw` prints it, so a failing
// test shows what a person would have seen at the prompt.
func (r Reply) String() string {
	var b strings.Builder
	r.format(&b, "")
	return b.String()
}

// format writes r; indent is written before every line but the first, so
// nested arrays line up under their parent's index as in redis-cli.
func (r Reply) format(b *strings.Builder, indent string) {
	switch r.Kind {
	case Status:
		b.WriteString(r.Str)
	case Error:
		b.WriteString("(error) ")
		b.WriteString(r.Str)
	case Integer:
		b.WriteString("(integer) ")
		b.WriteString(strconv.FormatInt(r.Int, 10))
	case Bulk:
		b.WriteString(quote(r.Str))
	case Nil:
		b.WriteString("(nil)")
	case Array:
		if len(r.Array) == 0 {
			b.WriteString("(empty array)")
			return
		}
		width := len(strconv.Itoa(len(r.Array)))
		pad := indent + strings.Repeat(" ", width+2)
		for i, e := range r.Array {
			if i > 0 {
				b.WriteString("\n")
				b.WriteString(indent)
			}
			fmt.Fprintf(b, "%*d) ", width, i+1)
			e.format(b, pad)
		}
	default:
		fmt.Fprintf(b, "(%v)", r.Kind)
	}
}

// quote follows redis-cli's sdscatrepr rather than strconv.Quote: only
// printable ASCII is kept, everything else is \n, \r, \t, \a, \b or \xHH.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\', '"':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\a':
			b.WriteString(`\a`)
		case '\b':
			b.WriteString(`\b`)
		default:
			if c >= 0x20 && c < 0x7f {
				b.WriteByte(c)
			} else {
				fmt.Fprintf(&b, `\x%02x`, c)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

// maxBulk is Redis's own proto-max-bulk-len default (512 MB); a larger length
// can only be a corrupt stream.
const maxBulk = 512 << 20

// errProtocol marks a reply stream that is not valid RESP2.
var errProtocol = errors.New("redis protocol error")

// readReply decodes one RESP2 reply. RESP3 types are rejected: the client
// never sends HELLO 3, so seeing one means the stream is not what we think.
func readReply(r *bufio.Reader) (Reply, error) {
	line, err := readLine(r)
	if err != nil {
		return Reply{}, err
	}
	if line == "" {
		return Reply{}, fmt.Errorf("%w: empty line", errProtocol)
	}
	body := line[1:]
	switch line[0] {
	case '+':
		return Reply{Kind: Status, Str: body}, nil
	case '-':
		return Reply{Kind: Error, Str: body}, nil
	case ':':
		n, err := strconv.ParseInt(body, 10, 64)
		if err != nil {
			return Reply{}, fmt.Errorf("%w: bad integer %q", errProtocol, body)
		}
		return Reply{Kind: Integer, Int: n}, nil
	case '$':
		n, err := readLength(body, maxBulk)
		if err != nil {
			return Reply{}, err
		}
		if n < 0 {
			return Reply{Kind: Nil, Nil: true}, nil
		}
		buf := make([]byte, n+2)
		if _, err := io.ReadFull(r, buf); err != nil {
			return Reply{}, fmt.Errorf("read bulk of %d bytes: %w", n, unexpectedEOF(err))
		}
		if buf[n] != '\r' || buf[n+1] != '\n' {
			return Reply{}, fmt.Errorf("%w: bulk of %d bytes not followed by CRLF", errProtocol, n)
		}
		return Reply{Kind: Bulk, Str: string(buf[:n])}, nil
	case '*':
		n, err := readLength(body, 1<<31)
		if err != nil {
			return Reply{}, err
		}
		if n < 0 {
			return Reply{Kind: Nil, Nil: true}, nil
		}
		// Cap the preallocation: the count comes off the wire.
		elems := make([]Reply, 0, min(n, 1024))
		for i := 0; i < n; i++ {
			e, err := readReply(r)
			if err != nil {
				return Reply{}, fmt.Errorf("array element %d of %d: %w", i+1, n, err)
			}
			elems = append(elems, e)
		}
		return Reply{Kind: Array, Array: elems}, nil
	}
	return Reply{}, fmt.Errorf("%w: unexpected type byte %q in %q (RESP2 only)", errProtocol, line[0], line)
}

// readLength parses the length of a bulk string or array: -1 means nil.
func readLength(s string, limit int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < -1 || n > limit {
		return 0, fmt.Errorf("%w: bad length %q", errProtocol, s)
	}
	return n, nil
}

// readLine reads one CRLF-terminated line and returns it without the CRLF.
func readLine(r *bufio.Reader) (string, error) {
	line, err := r.ReadString('\n')
	if err != nil {
		if line != "" {
			err = unexpectedEOF(err)
		}
		return "", fmt.Errorf("read reply: %w", err)
	}
	if len(line) < 2 || line[len(line)-2] != '\r' {
		return "", fmt.Errorf("%w: line %q not terminated by CRLF", errProtocol, line)
	}
	return line[:len(line)-2], nil
}

func unexpectedEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// writeCommand encodes args as a RESP2 array of bulk strings, the only form
// Redis accepts from clients besides inline commands.
func writeCommand(w *bufio.Writer, args []string) error {
	fmt.Fprintf(w, "*%d\r\n", len(args))
	for _, a := range args {
		fmt.Fprintf(w, "$%d\r\n", len(a))
		w.WriteString(a)
		w.WriteString("\r\n")
	}
	return w.Flush()
}
