// Package slot computes the Redis Cluster hash slot of a key exactly as
// Redis does (src/cluster.c keyHashSlot): CRC16/XMODEM of the key, or of its
// hash tag, modulo 16384.
package slot

// Count is the number of hash slots in Redis Cluster.
const Count = 16384

// crcTable is CRC16/XMODEM (polynomial 0x1021, initial value 0, no
// reflection), the variant Redis uses, built once from the polynomial.
var crcTable = func() (t [256]uint16) {
	for i := range t {
		c := uint16(i) << 8
		for b := 0; b < 8; b++ {
			if c&0x8000 != 0 {
				c = c<<1 ^ 0x1021
			} else {
				c <<= 1
			}
		}
		t[i] = c
	}
	return t
}()

// CRC16 is CRC16/XMODEM of s.
func CRC16(s string) uint16 {
	var crc uint16
	for i := 0; i < len(s); i++ {
		crc = crc<<8 ^ crcTable[byte(crc>>8)^s[i]]
	}
	return crc
}

// Tag returns the part of key that is hashed: the text between the first
// `{` and the first `}` after it when that text is not empty, else the
// whole key. `{}x` and `x{` hash whole; `{a}{b}` hashes "a".
func Tag(key string) string {
	for i := 0; i < len(key); i++ {
		if key[i] != '{' {
			continue
		}
		for j := i + 1; j < len(key); j++ {
			if key[j] == '}' {
				if j == i+1 {
					return key
				}
				return key[i+1 : j]
			}
		}
		return key
	}
	return key
}

// Of returns the hash slot of key, 0..16383.
func Of(key string) int {
	return int(CRC16(Tag(key))) % Count
}
