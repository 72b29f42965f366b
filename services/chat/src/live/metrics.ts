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

/**
 * The steps of greeting a socket, timed on the replica that takes it: `upgrade` from the upgrade
 * request's arrival to the socket's handler (the Origin check, the token and session check, the 101),
 * `subscribe` the member's live subscription on the bus, `unread` the unread count read for the
 * welcome, and `total` from the arrival to the welcome frame written. What a reconnecting client waits
 * beyond `total` is the path (its own wait, the ingress, the network).
 */
export type GreetingStep = 'upgrade' | 'subscribe' | 'unread' | 'total';

export function chatGreetingObserver(metrics: ServiceMetrics): (step: GreetingStep, seconds: number) => void {
  const histogram = metrics.histogram({
    name: METRIC_NAMES.chatSocketGreeting,
    help: 'Seconds a chat replica takes to greet a new socket, by step (upgrade, subscribe, unread; total: arrival to welcome).',
    labelNames: ['step'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  return (step, seconds) => histogram.observe({ step }, seconds);
}

export function watchOpenSockets(metrics: ServiceMetrics, hub: LiveHub): void {
  metrics.gaugeOnScrape({
    name: METRIC_NAMES.chatOpenSockets,
    help: 'WebSocket connections open on this chat instance (signed-in members with a live socket).',
    read: (gauge) => gauge.set(hub.stats().sockets),
  });
}
