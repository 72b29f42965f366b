import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_DOCS_PATHS, SERVICES, type ServiceName } from '@marketplace/contracts';
import { API_VERSION } from '@marketplace/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Upstreams } from './proxy';

/** The parts of an OpenAPI 3.1 document the merge reads; everything else is carried as it is. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: Array<{ name: string; description?: string }>;
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> } & Record<string, unknown>;
  [key: string]: unknown;
}

/** One service's own document (API_DOCS_PATHS.service), however it is reached. */
export type DocumentSource = (service: ServiceName) => Promise<OpenApiDocument>;

/** A service's document, or why it could not be had. */
export type ServicePart = { service: ServiceName } & ({ document: OpenApiDocument } | { error: string });

export const MERGED_TITLE = 'Naija Marketplace API';

const DESCRIPTION = [
  'Every route of the four services (accounts, jobs, chat, payments) in one document, merged by the',
  'edge from the document each service serves at /api/docs/{service}/openapi.json. Errors answer the',
  'error envelope. Browsers sign in with the session cookies (and send the mp_csrf cookie back in the',
  'x-csrf-token header on every write); other clients send `Authorization: Bearer <accessToken>` from',
  'POST /api/user/login. Live chat uses the WebSocket at /ws, which is described in the chat README.',
].join(' ');

/** The services' documents as one: their paths, tags and component schemas side by side. */
export function mergeDocuments(parts: ServicePart[]): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {};
  const tags: Array<{ name: string; description?: string }> = [];
  const missing: string[] = [];

  for (const part of parts) {
    if ('error' in part) {
      missing.push(`${part.service} (${part.error})`);
      continue;
    }
    const document = renameCollidingSchemas(part.service, part.document, schemas);
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) schemas[name] = schema;
    for (const tag of document.tags ?? []) {
      if (!tags.some((known) => known.name === tag.name)) tags.push(tag);
    }
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      // Each path has one owner (the route table); should two documents name it, the first keeps it.
      paths[path] = { ...item, ...paths[path] };
    }
  }

  const note =
    missing.length > 0
      ? `\n\nNot in this copy: the paths of ${missing.join(', ')}, which did not answer just now. ` +
        'They come back as soon as the service does.'
      : '';
  return {
    openapi: '3.1.0',
    info: { title: MERGED_TITLE, version: API_VERSION, description: DESCRIPTION + note },
    tags,
    paths,
    components: { schemas },
  };
}

/**
 * @fastify/swagger names the schemas it lifts out of the routes `def-0`, `def-1`, ... in each service,
 * so two services may use one name for different shapes: such a name gets the service as a prefix in
 * the merged document, and the service's references follow it.
 */
function renameCollidingSchemas(
  service: ServiceName,
  document: OpenApiDocument,
  taken: Record<string, unknown>,
): OpenApiDocument {
  const renames = new Map<string, string>();
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    if (name in taken && JSON.stringify(taken[name]) !== JSON.stringify(schema)) {
      renames.set(`#/components/schemas/${name}`, `#/components/schemas/${service}-${name}`);
    }
  }
  if (renames.size === 0) return document;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        key === '$ref' && typeof item === 'string' ? (renames.get(item) ?? item) : rewrite(item),
      ]),
    );
  };
  const rewritten = rewrite(document) as OpenApiDocument;
  const schemas = Object.fromEntries(
    Object.entries(rewritten.components?.schemas ?? {}).map(([name, schema]) => {
      const renamed = renames.get(`#/components/schemas/${name}`);
      return [renamed ? renamed.slice('#/components/schemas/'.length) : name, schema];
    }),
  );
  return { ...rewritten, components: { ...rewritten.components, schemas } };
}

function asDocument(body: unknown, from: string): OpenApiDocument {
  const document = body as Partial<OpenApiDocument> | null;
  if (!document || typeof document.openapi !== 'string' || typeof document.paths !== 'object') {
    throw new Error(`${from} is not an OpenAPI document`);
  }
  return document as OpenApiDocument;
}

/** Embedded topology: the four services are in this server; their documents are asked of it. */
export function embeddedDocuments(app: FastifyInstance): DocumentSource {
  return async (service) => {
    const url = API_DOCS_PATHS.service(service);
    const response = await app.inject({ method: 'GET', url });
    if (response.statusCode !== 200) throw new Error(`answered ${response.statusCode}`);
    return asDocument(response.json(), url);
  };
}

/** Distributed topology: each service's document from its instances, the first one that answers. */
export function distributedDocuments(upstreams: Upstreams, timeoutMs = 2000): DocumentSource {
  return async (service) => {
    let failure: unknown = new Error('no instance');
    for (const base of upstreams[service]) {
      try {
        const response = await fetch(`${base}${API_DOCS_PATHS.service(service)}`, {
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new Error(`answered ${response.status}`);
        return asDocument(await response.json(), base);
      } catch (err) {
        failure = err;
      }
    }
    throw failure;
  };
}

export interface MergedDocumentOptions {
  /** How long a document with every service in it is kept (default 60 s). */
  ttlMs?: number;
  /** How long one missing a service is kept before the services are asked again (default 5 s). */
  partialTtlMs?: number;
  now?: () => number;
}

/** The merged document, built on demand and kept briefly; concurrent callers share one build. */
export class MergedDocument {
  #cached: { document: OpenApiDocument; until: number } | undefined;
  #building: Promise<OpenApiDocument> | undefined;
  readonly #ttlMs: number;
  readonly #partialTtlMs: number;
  readonly #now: () => number;

  constructor(
    private readonly source: DocumentSource,
    options: MergedDocumentOptions = {},
  ) {
    this.#ttlMs = options.ttlMs ?? 60_000;
    this.#partialTtlMs = options.partialTtlMs ?? 5_000;
    this.#now = options.now ?? Date.now;
  }

  /** The last document built, if any (for synchronous readers). */
  get current(): OpenApiDocument | undefined {
    return this.#cached?.document;
  }

  async get(): Promise<OpenApiDocument> {
    if (this.#cached && this.#cached.until > this.#now()) return this.#cached.document;
    this.#building ??= this.#build().finally(() => {
      this.#building = undefined;
    });
    return this.#building;
  }

  async #build(): Promise<OpenApiDocument> {
    const parts = await Promise.all(
      SERVICES.map(async (service): Promise<ServicePart> => {
        try {
          return { service, document: await this.source(service) };
        } catch (err) {
          return { service, error: err instanceof Error ? err.message : String(err) };
        }
      }),
    );
    const complete = parts.every((part) => 'document' in part);
    const document = mergeDocuments(parts);
    this.#cached = { document, until: this.#now() + (complete ? this.#ttlMs : this.#partialTtlMs) };
    return document;
  }
}

/**
 * The page's own policy (the edge's would also do, but the page's needs are its own): swagger-ui's
 * scripts and styles from here only, no inline script and no eval; inline styles (React sets style
 * attributes), its logo as a data: image, and requests to this origin only (the document, "Try it out").
 */
export const DOCS_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * GET API_DOCS_PATHS.document: the merged OpenAPI document of the four services; API_DOCS_PATHS.page:
 * swagger-ui to browse it (its `json` and `yaml` routes serve the same document).
 */
export async function registerApiDocs(
  app: FastifyInstance,
  source: DocumentSource,
  options: MergedDocumentOptions = {},
): Promise<MergedDocument> {
  const merged = new MergedDocument(source, options);
  await app.register(async (docs) => {
    // swagger-ui reads the document from @fastify/swagger; in static mode it is handed the merged one.
    await docs.register(swagger, {
      mode: 'static',
      specification: { document: mergeDocuments([]) as never },
    });
    const documentRoute = (request: FastifyRequest) => /\/(json|yaml)$/.test(request.routeOptions.url ?? '');
    await docs.register(swaggerUi, {
      routePrefix: API_DOCS_PATHS.page,
      staticCSP: DOCS_PAGE_CSP,
      theme: { title: MERGED_TITLE },
      uiConfig: {
        deepLinking: true,
        docExpansion: 'list',
        // The merged document first; each service's own one can be picked in the top bar.
        urls: [
          { url: API_DOCS_PATHS.document, name: 'All services' },
          ...SERVICES.map((service) => ({ url: API_DOCS_PATHS.service(service), name: service })),
        ],
      },
      uiHooks: {
        onRequest: async (request: FastifyRequest) => {
          if (documentRoute(request)) await merged.get();
        },
      },
      transformSpecificationClone: false,
      transformSpecification: (fallback) => merged.current ?? fallback,
    });
    docs.get(API_DOCS_PATHS.document, async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return merged.get();
    });
  });
  return merged;
}
