import { PlaceholderPage } from '@marketplace/ui';

export default function FacebookCallbackPage() {
  return <PlaceholderPage eyebrow="Account" title="Signing you in" lead="Logging you in via Facebook..." />;
}
