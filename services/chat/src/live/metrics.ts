import { METRIC_NAMES, type ServiceMetrics } from '@marketplace/service-kit';
import type { LiveHub } from './hub';

/**
 * Chat's own metrics on the process's registry: the open sockets (what the autoscaler scales chat
 * replicas on; the alert rules compare it with a replica's capacity) and the delivery latency of
 * new messages (measured by the hub, see LiveHub#sendTo for exactly what).
 */
export function chatDeliveryObserver(metrics: ServiceMetrics): (seconds: number) => void {
  const histogram = metrics.histogram({
    name: METRIC_NAMES.chatMessageDelivery,
    help: "Seconds from a chat message being stored to its frame being written to a recipient's socket.",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  return (seconds) => histogram.observe(seconds);
}

export function watchOpenSockets(metrics: ServiceMetrics, hub: LiveHub): void {
  metrics.gaugeOnScrape({
    name: METRIC_NAMES.chatOpenSockets,
    help: 'WebSocket connections open on this chat instance (signed-in members with a live socket).',
    read: (gauge) => gauge.set(hub.stats().sockets),
  });
}
