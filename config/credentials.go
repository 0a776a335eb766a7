package config

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"
)

// The credentials a `memhive up` keeps in its data directory, in
// <data>/credentials (0700; every file 0600, readable by its owner only):
//
//	operator.key     the operator API key (/metrics, /readyz), made on first start
//	nats.json        memhive's own NATS user and password (embedded NATS)
//	nats-users.json  the assistants' NATS users: name, bcrypt hash, members
//
// Client commands on the same machine read them from there.

// CredentialsDir is <dataDir>/credentials.
func CredentialsDir(dataDir string) string { return filepath.Join(dataDir, "credentials") }

// OperatorKeyFile is where the operator key is kept.
func OperatorKeyFile(dataDir string) string {
	return filepath.Join(CredentialsDir(dataDir), "operator.key")
}

// NATSUser is a NATS user name and password.
type NATSUser struct {
	User     string `json:"user"`
	Password string `json:"password"`
}

// NATSUserFile is memhive's own NATS credentials file.
func NATSUserFile(dataDir string) string { return filepath.Join(CredentialsDir(dataDir), "nats.json") }

// AssistantUsersFile is the assistants' NATS users file.
func AssistantUsersFile(dataDir string) string {
	return filepath.Join(CredentialsDir(dataDir), "nats-users.json")
}

// AssistantUser is an assistant's NATS user: it may publish only to its
// members' lanes and receive only on its inbox prefix (_INBOX_<user>).
type AssistantUser struct {
	User      string    `json:"user"`
	Hash      string    `json:"bcrypt"` // bcrypt of the password; the password is shown once
	Members   []string  `json:"members"`
	Assistant string    `json:"assistant"`
	CreatedAt time.Time `json:"created_at"`
	Revoked   bool      `json:"revoked,omitempty"`
}

// InboxPrefix is the inbox prefix an assistant's NATS user must use
// (nats.CustomInboxPrefix): the only subjects it may subscribe to are
// under it.
func (u AssistantUser) InboxPrefix() string { return "_INBOX_" + u.User }

// EnsureCredentialsDir creates <dataDir>/credentials, 0700.
func EnsureCredentialsDir(dataDir string) error {
	d := CredentialsDir(dataDir)
	if err := os.MkdirAll(d, 0o700); err != nil {
		return err
	}
	return os.Chmod(d, 0o700)
}

// WriteSecret writes data to path atomically with mode 0600.
func WriteSecret(path string, data []byte) error {
	tmp := path + ".tmp"
	_ = os.Remove(tmp)
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// RandomSecret is n random bytes in hex.
func RandomSecret(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// ReadNATSUser reads memhive's NATS credentials from dataDir.
func ReadNATSUser(dataDir string) (*NATSUser, error) {
	data, err := os.ReadFile(NATSUserFile(dataDir))
	if err != nil {
		return nil, err
	}
	var u NATSUser
	if err := json.Unmarshal(data, &u); err != nil || u.User == "" || u.Password == "" {
		return nil, fmt.Errorf("%s: not a NATS user file", NATSUserFile(dataDir))
	}
	return &u, nil
}

// EnsureNATSUser returns memhive's NATS credentials, making them on first use.
func EnsureNATSUser(dataDir string) (*NATSUser, error) {
	u, err := ReadNATSUser(dataDir)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return u, err
	}
	if err := EnsureCredentialsDir(dataDir); err != nil {
		return nil, err
	}
	u = &NATSUser{User: "memhive", Password: RandomSecret(24)}
	data, _ := json.MarshalIndent(u, "", "  ")
	return u, WriteSecret(NATSUserFile(dataDir), data)
}

// ReadAssistantUsers reads the assistants' NATS users (none when the file
// does not exist).
func ReadAssistantUsers(dataDir string) ([]AssistantUser, error) {
	data, err := os.ReadFile(AssistantUsersFile(dataDir))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var us []AssistantUser
	if err := json.Unmarshal(data, &us); err != nil {
		return nil, fmt.Errorf("%s: %w", AssistantUsersFile(dataDir), err)
	}
	return us, nil
}

// WriteAssistantUsers replaces the assistants' NATS users.
func WriteAssistantUsers(dataDir string, us []AssistantUser) error {
	if err := EnsureCredentialsDir(dataDir); err != nil {
		return err
	}
	slices.SortFunc(us, func(a, b AssistantUser) int { return a.CreatedAt.Compare(b.CreatedAt) })
	data, _ := json.MarshalIndent(us, "", "  ")
	return WriteSecret(AssistantUsersFile(dataDir), data)
}
