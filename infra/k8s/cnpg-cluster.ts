/**
 * The part of CloudNativePG's `Cluster` resource (postgresql.cnpg.io/v1) these manifests use, as a
 * TypeBox schema written from the operator's API reference (no model package of the CRD exists on npm).
 * Unknown fields are refused, so a misspelt field fails the test instead of being dropped by the API
 * server's pruning. It checks shape only: the operator's own validation (webhooks) runs at apply time.
 */
import { Type, type Static } from 'typebox';

const Quantity = Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?(m|Ki|Mi|Gi|Ti|k|M|G|T)?$' });
const Name = Type.String({ pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$', maxLength: 63 });
const strict = { additionalProperties: false } as const;

export const CnpgClusterSchema = Type.Object(
  {
    apiVersion: Type.Literal('postgresql.cnpg.io/v1'),
    kind: Type.Literal('Cluster'),
    metadata: Type.Object(
      {
        name: Name,
        namespace: Name,
        labels: Type.Optional(Type.Record(Type.String(), Type.String())),
      },
      strict,
    ),
    spec: Type.Object(
      {
        /** One primary and instances-1 streaming replicas. */
        instances: Type.Integer({ minimum: 1 }),
        imageName: Type.Optional(Type.String()),
        primaryUpdateStrategy: Type.Optional(
          Type.Union([Type.Literal('unsupervised'), Type.Literal('supervised')]),
        ),
        /** Creates the `<cluster>-superuser` Secret (the provisioning Job's administrator). */
        enableSuperuserAccess: Type.Optional(Type.Boolean()),
        storage: Type.Object({ size: Quantity, storageClass: Type.Optional(Type.String()) }, strict),
        walStorage: Type.Optional(
          Type.Object({ size: Quantity, storageClass: Type.Optional(Type.String()) }, strict),
        ),
        bootstrap: Type.Object(
          {
            initdb: Type.Object(
              {
                database: Type.String(),
                owner: Type.String(),
                dataChecksums: Type.Optional(Type.Boolean()),
                encoding: Type.Optional(Type.String()),
              },
              strict,
            ),
          },
          strict,
        ),
        postgresql: Type.Optional(
          Type.Object({ parameters: Type.Record(Type.String(), Type.String()) }, strict),
        ),
        resources: Type.Optional(
          Type.Object(
            {
              requests: Type.Optional(
                Type.Object({ cpu: Type.Optional(Quantity), memory: Type.Optional(Quantity) }, strict),
              ),
              limits: Type.Optional(
                Type.Object({ cpu: Type.Optional(Quantity), memory: Type.Optional(Quantity) }, strict),
              ),
            },
            strict,
          ),
        ),
        affinity: Type.Optional(
          Type.Object(
            {
              enablePodAntiAffinity: Type.Optional(Type.Boolean()),
              topologyKey: Type.Optional(Type.String()),
              podAntiAffinityType: Type.Optional(
                Type.Union([Type.Literal('preferred'), Type.Literal('required')]),
              ),
            },
            strict,
          ),
        ),
        monitoring: Type.Optional(Type.Object({ enablePodMonitor: Type.Boolean() }, strict)),
      },
      strict,
    ),
  },
  strict,
);

export type CnpgCluster = Static<typeof CnpgClusterSchema>;
