//go:build !unix

package embed

import (
	"io"
	"os"
)

// mapFile reads f into memory where mmap is not available.
func mapFile(f *os.File, size int) ([]byte, func([]byte) error, error) {
	data := make([]byte, size)
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, nil, err
	}
	return data, func([]byte) error { return nil }, nil
}
