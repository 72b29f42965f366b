import { parseCacNumber, VERIFICATION_MESSAGES, type RegistryAnswer } from '@marketplace/contracts';

/**
 * The companies registry (the Corporate Affairs Commission's) behind one port: admins read its answer
 * beside each verification request. It advises; the admin decides.
 */
export interface CompanyRegistry {
  lookup(cacNumber: string): Promise<RegistryAnswer>;
}

/** Where the real registry is and the key it wants (CAC_REGISTRY_URL, CAC_REGISTRY_API_KEY). */
export interface CompanyRegistrySettings {
  url: string;
  apiKey: string;
  /** How long an admin's page waits for the registry per number (ms). Default 5000. */
  timeoutMs?: number;
}

/** No registry can be reached from this installation: it says so plainly and never pretends to check. */
export class SandboxCompanyRegistry implements CompanyRegistry {
  async lookup(_cacNumber: string): Promise<RegistryAnswer> {
    return { outcome: 'not-connected', message: VERIFICATION_MESSAGES.registryNotConnected };
  }
}

/**
 * A registry over HTTP: `GET <url>/companies/<canonical CAC number>` with `Authorization: Bearer <key>`,
 * answering 200 `{ "name": "...", "status": "..." }` for a registered number and 404 for an unknown one.
 * Anything else (a timeout, a 5xx, a body of another shape) is "could not be reached": never a verdict.
 */
export class HttpCompanyRegistry implements CompanyRegistry {
  readonly #settings: CompanyRegistrySettings;

  constructor(settings: CompanyRegistrySettings) {
    this.#settings = { ...settings, url: settings.url.replace(/\/+$/, '') };
  }

  async lookup(cacNumber: string): Promise<RegistryAnswer> {
    const parsed = parseCacNumber(cacNumber);
    if (!parsed) return { outcome: 'not-found', message: 'Not found: this is not a CAC number.' };
    const unavailable: RegistryAnswer = {
      outcome: 'unavailable',
      message: VERIFICATION_MESSAGES.registryUnavailable,
    };
    let response: Response;
    try {
      response = await fetch(`${this.#settings.url}/companies/${encodeURIComponent(parsed.number)}`, {
        headers: { authorization: `Bearer ${this.#settings.apiKey}`, accept: 'application/json' },
        signal: AbortSignal.timeout(this.#settings.timeoutMs ?? 5000),
      });
    } catch {
      return unavailable;
    }
    if (response.status === 404) {
      return { outcome: 'not-found', message: `Not found: the registry has no company ${parsed.number}.` };
    }
    if (!response.ok) return unavailable;
    const body = (await response.json().catch(() => undefined)) as
      { name?: unknown; status?: unknown } | undefined;
    if (typeof body?.name !== 'string' || body.name.trim() === '') return unavailable;
    const status = typeof body.status === 'string' && body.status.trim() ? ` (${body.status.trim()})` : '';
    return {
      outcome: 'found',
      message: `Found in the registry: ${body.name.trim()}${status}.`,
      registeredName: body.name.trim(),
    };
  }
}

/** The real registry when its key is set, the sandbox otherwise. */
export function companyRegistryFor(settings: CompanyRegistrySettings | undefined): CompanyRegistry {
  return settings?.apiKey ? new HttpCompanyRegistry(settings) : new SandboxCompanyRegistry();
}
