package gateway

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/micro"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/advisor"
)

// Advisor answers topic entries; *advisor.Service is one.
type Advisor interface {
	Enter(ctx context.Context, req advisor.Request) (*advisor.Advice, error)
}

// The NATS micro service of the mid-task advisor.
const (
	AdvisorServiceName = "memhive-advisor"
	AdvisorQueueGroup  = "memhive-advisor"
)

// ServeAdvisorNATS registers the micro service "memhive-advisor" with the
// endpoint <prefix>.*.topic in queue group "memhive-advisor". The member
// is the subject's; the payload is advisor.Request JSON, decoded strictly
// (a payload member that differs is member_mismatch). The reply is the
// advisor.Advice JSON, or {"error": {"code", "message"}} with micro's error
// headers, as the recall service answers.
func ServeAdvisorNATS(nc *nats.Conn, prefix string, a Advisor, logger *slog.Logger, opts ...NATSOption) (micro.Service, error) {
	if a == nil {
		return nil, fmt.Errorf("serve %s: no advisor", AdvisorServiceName)
	}
	prefix, logger, o := natsDefaults(prefix, logger, opts)
	log := logger.With("cell", "advisor", "lane", "topic")
	svc, err := micro.AddService(nc, micro.Config{
		Name:        AdvisorServiceName,
		Version:     memhive.ServiceVersion(),
		Description: "memhive mid-task advisor: at most one stored memory for the topic an assistant enters, behind the audience gate",
		QueueGroup:  AdvisorQueueGroup,
		Metadata:    map[string]string{"subject": prefix + ".<member>.topic"},
	})
	if err != nil {
		return nil, fmt.Errorf("add micro service %s: %w", AdvisorServiceName, err)
	}
	handle := func(req micro.Request) {
		member := memberOf(prefix, req.Subject())
		res, err := enterTopic(a, member, req.Data(), o)
		respondMicro(req, log, member, "topic entry", res, err)
	}
	for i := 1; i <= o.workers; i++ {
		name := "topic"
		if i > 1 {
			name += "-" + strconv.Itoa(i)
		}
		if err := svc.AddEndpoint(name, micro.HandlerFunc(handle),
			micro.WithEndpointSubject(prefix+".*.topic"),
			micro.WithEndpointQueueGroup(AdvisorQueueGroup),
			micro.WithEndpointMetadata(map[string]string{"tool": TopicTool})); err != nil {
			_ = svc.Stop()
			return nil, fmt.Errorf("add endpoint %s: %w", name, err)
		}
	}
	log.Info("advisor on NATS", "subject", prefix+".*.topic", "workers", o.workers)
	return svc, nil
}

func enterTopic(a Advisor, member string, data []byte, o natsOptions) (*advisor.Advice, error) {
	if !memhive.ValidMember(member) {
		return nil, memhive.Errorf(memhive.CodeInvalidMember, "member %q in the subject is not a valid member id (want [a-z0-9][a-z0-9_-]{0,63})", clip(member))
	}
	var req advisor.Request
	if err := decodeStrict(data, &req); err != nil {
		return nil, memhive.Errorf(memhive.CodeMalformedRequest, "payload is not a JSON topic entry {topic, session, audience, channel, asker?, assistant?}: %s", clipErr(err))
	}
	if req.Member != "" && req.Member != member {
		return nil, memhive.Errorf(memhive.CodeMemberMismatch, "the entry names member %q but was sent to the topic subject of %q", clip(req.Member), member)
	}
	req.Member = member
	ctx, cancel := context.WithTimeout(context.Background(), o.timeout)
	defer cancel()
	return a.Enter(ctx, req)
}
